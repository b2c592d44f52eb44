#include "app/save_flow.h"

#include <filesystem>

#include "app/project_session.h"
#include "demo/demo_character.h"
#include "import/atomic_write.h"
#include "project/project_paths.h"
#include "ui/unsaved_changes_prompt.h"

namespace app {
namespace fs = std::filesystem;

std::string project_json_in(const std::string& folder, const Document& doc, const ViewerUi& ui,
                            const ViewerScene& scene, const render::OrbitCamera& camera) {
  project::Project project = current_project(doc.project(), ui, scene, camera);
  project::rebase_project_paths(project, doc.project_folder(), folder);
  return project::project_to_json(project);
}

std::string save_project_to(const std::string& path, Document& doc, const ViewerUi& ui,
                            ViewerScene& scene, const render::OrbitCamera& camera) {
  const fs::path folder = fs::path(path).parent_path();
  if (std::string e = importer::write_file_atomically(
          path, project_json_in(folder.string(), doc, ui, scene, camera));
      !e.empty()) {
    return e;
  }
  // The project now lives in folder: its relative paths are relative to it.
  project::rebase_project_paths(doc.project(), doc.project_folder(), folder);
  doc.saved_to(path, authored_json(current_project(doc.project(), ui, scene, camera)));
  return {};
}

std::string suggested_project_path(const Document& doc) {
  if (!doc.project_path().empty()) return doc.project_path();
  const std::string& character = doc.project().character;
  const std::string stem = character.empty() || character == demo::kDemoSourcePath
                               ? std::string("demo")
                               : fs::path(character).stem().string();
  std::error_code ec;
  return (fs::current_path(ec) / (stem + ".animview.json")).string();
}

bool has_unsaved_changes(const Document& doc, const ViewerUi& ui, const ViewerScene& scene,
                         const render::OrbitCamera& camera) {
  return scene.loaded &&
         doc.dirty(authored_json(current_project(doc.project(), ui, scene, camera)));
}

void mark_saved(Document& doc, const ViewerUi& ui, const ViewerScene& scene,
                const render::OrbitCamera& camera) {
  doc.mark_saved(authored_json(current_project(doc.project(), ui, scene, camera)));
}

bool SaveFlow::allow(GuardedAction action, bool unsaved) {
  if (approved_ == action) {
    approved_ = GuardedAction::None;
    return true;
  }
  if (!unsaved) return true;
  if (pending_ == GuardedAction::None) {
    pending_ = action;
    prompt_open_ = true;
  }
  return false;
}

void SaveFlow::save_to(const std::string& path, Document& doc, ViewerUi& ui, ViewerScene& scene,
                       const render::OrbitCamera& camera) {
  if (std::string e = save_project_to(path, doc, ui, scene, camera); !e.empty()) {
    ui.errors.add(path, e);
    pending_ = GuardedAction::None;  // a failed save never lets the work go
    return;
  }
  ui.status = "saved " + path;
  if (pending_ != GuardedAction::None) approved_ = std::exchange(pending_, GuardedAction::None);
}

void SaveFlow::save(Document& doc, ViewerUi& ui, ViewerScene& scene,
                    const render::OrbitCamera& camera, bool ask) {
  if (ask || doc.project_path().empty()) {
    ui::open_save_browser(browser_, suggested_project_path(doc));
    browser_.title = "Save project as";
    ui.file_browser.open = false;  // one file dialog at a time
    return;
  }
  save_to(doc.project_path(), doc, ui, scene, camera);
}

bool SaveFlow::frame(Document& doc, ViewerUi& ui, ViewerScene& scene,
                     const render::OrbitCamera& camera) {
  bool cancelled_open = false;
  if (auto chosen = ui::draw_file_browser(browser_)) {
    std::string path = chosen->string();
    if (fs::path(path).extension() != ".json") path += ".animview.json";
    save_to(path, doc, ui, scene, camera);
  } else if (!browser_.open && !prompt_open_ && pending_ != GuardedAction::None) {
    // The Save As dialog that the prompt's Save opened was closed without saving.
    cancelled_open = pending_ == GuardedAction::Open;
    pending_ = GuardedAction::None;
  }
  const char* action = pending_ == GuardedAction::Quit ? "quitting" : "opening or reloading";
  const std::string name = doc.project_path().empty()
                               ? "The new project"
                               : fs::path(doc.project_path()).filename().string();
  switch (ui::draw_unsaved_changes_prompt(prompt_open_, action, name)) {
    case ui::UnsavedChoice::Save:
      save(doc, ui, scene, camera, false);
      break;
    case ui::UnsavedChoice::Discard:
      approved_ = std::exchange(pending_, GuardedAction::None);
      break;
    case ui::UnsavedChoice::Cancel:
      cancelled_open = pending_ == GuardedAction::Open;
      pending_ = GuardedAction::None;
      break;
    case ui::UnsavedChoice::None:
      break;
  }
  return cancelled_open;
}

}  // namespace app
