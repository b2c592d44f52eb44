#include "app/clip_file_adding.h"

#include <filesystem>
#include <utility>

#include "import/rig_finder.h"

namespace app {
namespace {

// The cause alone, when message starts with "<file>: " (import errors name their file).
std::string cause_of(const std::string& message, const std::string& file) {
  const std::string prefix = file + ": ";
  return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

}  // namespace

AddClipsRequest add_clips_request(const std::string& file, const ViewerScene& scene,
                                  const importer::ImportSettings& settings, bool retarget,
                                  const ViewerUi* ui) {
  AddClipsRequest request;
  request.file = file;
  request.skeleton = scene.character.skeleton;
  for (const anim::Clip& clip : scene.character.clips) request.taken_names.push_back(clip.name);
  request.settings = settings;
  request.retarget = retarget;
  if (retarget) {
    request.rig = ui != nullptr && ui->rig.rig.leg_count() > 0
                      ? ui->rig.rig
                      : importer::find_character_rig(scene.character);
    request.legs = importer::foot_ik_rig(scene.character, request.rig);
  }
  return request;
}

void accept_added_clips(LoadOutcome outcome, const std::string& file, Document& doc,
                        ViewerScene& scene, ViewerUi& ui) {
  for (const std::string& w : outcome.warnings) ui.notices.add(file + ": " + cause_of(w, file));
  for (const LoadError& e : outcome.errors) {
    ui.errors.add(e.file, e.message);
    // Made for another skeleton: the viewer asks whether to retarget it instead.
    if (e.message.find("was made for another skeleton") != std::string::npos)
      ui.clip_files.retarget_offer = file;
  }
  if (outcome.cancelled) ui.errors.add(file, "adding the clips was cancelled");
  if (!outcome.ok) return;
  if (!scene.loaded) {
    ui.errors.add(file, "no character is open to add the clips to");
    return;
  }
  const std::size_t count = outcome.character.clips.size();
  for (const anim::Clip& clip : outcome.character.clips) ui.clips.sources[clip.name] = file;
  if (std::string e = scene.add_clips(std::move(outcome.character.clips), file, doc.project());
      !e.empty()) {
    ui.errors.add(file, e);
    return;
  }
  // Shapes bind by node and target name: a clip made for other shapes plays without those.
  const anim::BoundCharacter& bound = *scene.bound.character;
  for (std::size_t i = bound.clips.size() - count; i < bound.clips.size(); ++i) {
    const std::vector<std::string>& missing = bound.morph_bindings[i].missing_targets;
    if (missing.empty()) continue;
    std::string list;
    for (const std::string& name : missing) list += (list.empty() ? "" : ", ") + name;
    ui.notices.add(file + ": clip '" + bound.clips[i].name +
                   "' animates shapes the character lacks (" + list + "); they are ignored");
  }
  doc.add_file(file);
  // The added clips are in the project that undo returns to at most.
  doc.restart_history();
  // The rows are rebuilt for the new clips; the editors stay on what they showed.
  const int blend_space = ui.graph.blend_space;
  ui::StateMachineViewState machine_view = std::move(ui.graph.machine_view);
  refresh_panels(ui, doc.project(), scene);
  ui.graph.blend_space = blend_space;
  ui.graph.machine_view = std::move(machine_view);
  ui.status = "added " + std::to_string(count) + (count == 1 ? " clip from " : " clips from ") +
              std::filesystem::path(file).filename().string();
}

}  // namespace app
