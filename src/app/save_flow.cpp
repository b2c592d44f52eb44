#include "app/save_flow.h"

#include <filesystem>

#include "app/project_session.h"
#include "demo/demo_character.h"
#include "import/atomic_write.h"
#include "project/project_paths.h"
#include "ui/unsaved_changes_prompt.h"

namespace app {
namespace fs = std::filesystem;

std::string project_json_in(const std::string& folder, const ViewerUi& ui, const ViewerScene& scene,
                            const render::OrbitCamera& camera) {
  project::Project project = current_project(ui, scene, camera);
  project::rebase_project_paths(project, ui.project_folder, folder);
  return project::project_to_json(project);
}

std::string save_project_to(const std::string& path, ViewerUi& ui, ViewerScene& scene,
                            const render::OrbitCamera& camera) {
  const fs::path folder = fs::path(path).parent_path();
  if (std::string e =
          import::write_file_atomically(path, project_json_in(folder.string(), ui, scene, camera));
      !e.empty()) {
    return e;
  }
  // The scene's project now lives in folder: its relative paths are relative to it.
  project::rebase_project_paths(scene.project, ui.project_folder, folder);
  ui.project_path = path;
  ui.project_folder = folder.string();
  ui.saved_project = authored_json(current_project(ui, scene, camera));
  // Reload opens the saved project, and our own write is not a change on disk to reload.
  ui.loaded_files = {path};
  std::error_code ec;
  ui.loaded_times = {fs::last_write_time(path, ec)};
  return {};
}

std::string suggested_project_path(const ViewerUi& ui, const ViewerScene& scene) {
  if (!ui.project_path.empty()) return ui.project_path;
  const std::string& character = scene.project.character;
  const std::string stem = character.empty() || character == demo::kDemoSourcePath
                               ? std::string("demo")
                               : fs::path(character).stem().string();
  std::error_code ec;
  return (fs::current_path(ec) / (stem + ".animview.json")).string();
}

bool has_unsaved_changes(const ViewerUi& ui, const ViewerScene& scene,
                         const render::OrbitCamera& camera) {
  return scene.loaded && authored_json(current_project(ui, scene, camera)) != ui.saved_project;
}

std::string window_title(const ViewerUi& ui, bool unsaved) {
  const std::string name =
      ui.project_path.empty() ? "untitled" : fs::path(ui.project_path).filename().string();
  return name + (unsaved ? "*" : "") + " - animview";
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

void SaveFlow::save_or_ask(ViewerUi& ui, ViewerScene& scene, const render::OrbitCamera& camera,
                           bool ask) {
  if (ask || ui.project_path.empty()) {
    ui::open_save_browser(browser_, suggested_project_path(ui, scene));
    browser_.title = "Save project as";
    ui.file_browser.open = false;  // one file dialog at a time
    return;
  }
  if (std::string e = save_project_to(ui.project_path, ui, scene, camera); !e.empty()) {
    ui.errors.add(ui.project_path, e);
    pending_ = GuardedAction::None;  // a failed save never lets the work go
    return;
  }
  ui.status = "saved " + ui.project_path;
  if (pending_ != GuardedAction::None) approved_ = std::exchange(pending_, GuardedAction::None);
}

bool SaveFlow::frame(ViewerUi& ui, ViewerScene& scene, const render::OrbitCamera& camera) {
  if (scene.loaded && (ui.view.request_save_project || ui.view.request_save_as)) {
    save_or_ask(ui, scene, camera, ui.view.request_save_as);
  }
  ui.view.request_save_project = false;
  ui.view.request_save_as = false;
  bool cancelled_open = false;
  if (auto chosen = ui::draw_file_browser(browser_)) {
    std::string path = chosen->string();
    if (fs::path(path).extension() != ".json") path += ".animview.json";
    if (std::string e = save_project_to(path, ui, scene, camera); !e.empty()) {
      ui.errors.add(path, e);
      pending_ = GuardedAction::None;
    } else {
      ui.status = "saved " + path;
      if (pending_ != GuardedAction::None) approved_ = std::exchange(pending_, GuardedAction::None);
    }
  } else if (!browser_.open && !prompt_open_ && pending_ != GuardedAction::None) {
    // The Save As dialog that the prompt's Save opened was closed without saving.
    cancelled_open = pending_ == GuardedAction::Open;
    pending_ = GuardedAction::None;
  }
  const char* action = pending_ == GuardedAction::Quit ? "quitting" : "opening or reloading";
  const std::string name =
      ui.project_path.empty() ? "The new project" : fs::path(ui.project_path).filename().string();
  switch (ui::draw_unsaved_changes_prompt(prompt_open_, action, name)) {
    case ui::UnsavedChoice::Save:
      save_or_ask(ui, scene, camera, false);
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
  if (approved_ == GuardedAction::Quit) ui.view.request_quit = true;
  return cancelled_open;
}

}  // namespace app
