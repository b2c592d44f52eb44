#include "app/viewer_loading.h"

#include <utility>

#include "app/character_framing.h"
#include "app/character_source.h"
#include "app/clip_file_adding.h"
#include "app/file_session.h"
#include "app/project_session.h"
#include "app/retarget_authoring.h"
#include "app/unit_guessing.h"
#include "demo/demo_character.h"
#include "ui/joint_inspector.h"

namespace app {
namespace {

// Takes a finished load into the scene, or reports why it failed.
void accept_load(LoadOutcome outcome, const std::vector<std::string>& files, Document& doc,
                 ViewerScene& scene, render::SceneRenderer& renderer, ViewerUi& ui,
                 RecentFiles& recent, render::OrbitCamera& camera, const std::string& start_clip,
                 const std::vector<std::string>& start_parameters, bool start_ground,
                 visual::SkinningChoice default_skinning) {
  if (outcome.ok && opens_another_file(doc, ui, files)) start_file_session(ui, scene, camera);
  // Warnings go to the status bar's list; only errors open the error panel.
  for (const std::string& w : outcome.warnings) ui.notices.add(w);
  const std::string outcome_project_path = outcome.project_path;
  // Each under the file it is about; a failed clip file leaves the load ok.
  for (const LoadError& e : outcome.errors) ui.errors.add(e.file, e.message);
  if (!outcome.ok) {
    if (outcome.cancelled) ui.errors.add(files.empty() ? "" : files[0], "loading cancelled");
    return;
  }
  const std::vector<std::string> selected =
      ui::selected_joint_names(ui.joints.inspector.selection, scene.character.skeleton);
  const std::string error = scene.open(std::move(outcome.character), outcome.project);
  if (!error.empty()) {
    ui.errors.add(files.empty() ? "" : files[0], error);
    return;
  }
  ui.joints.inspector.selection = ui::joints_named(selected, scene.character.skeleton);
  for (const std::string& w : renderer.set_character(character_source(scene.character)))
    ui.notices.add(w);
  ui.clips.sources.clear();
  for (std::size_t i = 0; i < outcome.clip_sources.size() && i < scene.character.clips.size(); ++i)
    ui.clips.sources[scene.character.clips[i].name] = outcome.clip_sources[i];
  // Save writes back to the project that was opened; a new project asks where (save_flow.h).
  doc.open(files, outcome_project_path, std::move(outcome.project));
  ++ui.load_count;
  restore_view(doc.project(), default_skinning, ui, scene);
  if (start_ground) ui.view.show_ground = true;
  if (!files.empty() && files[0] != demo::kDemoSourcePath) {
    recent.add(files[0]);
    recent.save();
  }
  refresh_panels(ui, doc.project(), scene);
  if (scene.mode == PlayMode::ClipPreview) preview_clip(ui, scene, scene.preview_clip);
  frame_character(camera, scene, false, ui.framing_aspect);
  // A saved session brings its own camera, which the first posed frame then leaves alone.
  if (restore_session(doc.project(), ui, scene, camera)) ui.camera_restored_load = ui.load_count;
  for (const std::string& assignment : start_parameters) {
    if (std::string e = scene.set_parameter(assignment); !e.empty()) ui.errors.add("--param", e);
  }
  if (!start_clip.empty()) {
    const int clip = scene.find_clip(start_clip);
    if (clip >= 0) {
      preview_clip(ui, scene, clip);
    } else {
      ui.errors.add(files.empty() ? "" : files[0], "no clip '" + start_clip + "'");
    }
  }
  mark_saved(doc, ui, scene, camera);
}

// The skinning the command line asked for: what a file that keeps the default shows.
visual::SkinningChoice asked_skinning(const ViewerOptions& options) {
  return visual::parse_skinning_choice(options.skinning).value_or(visual::SkinningChoice::Lbs);
}

}  // namespace

// The first load: the files given, or the built-in demo. Headless runs load synchronously so
// their first frame already shows the character. Returns whether a headless run's files failed
// to load (it then renders an empty scene, and must say so).
bool load_initial_files(Viewer& v) {
  const ViewerOptions& options = v.options;
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  std::vector<std::string> initial = options.files;
  if (initial.empty() && !options.empty_scene) initial = {demo::kDemoSourcePath};
  bool initial_load_failed = false;
  if (!initial.empty()) {
    if (options.headless) {
      accept_load(load_now({initial, ui.import_tab.settings}), initial, v.document, scene,
                  v.renderer, ui, v.recent, v.camera, options.clip, options.parameters,
                  options.ground, asked_skinning(options));
      if (guess_units_after_load(ui, scene, v.document.files())) {
        accept_load(load_now({initial, ui.import_tab.settings}), initial, v.document, scene,
                    v.renderer, ui, v.recent, v.camera, options.clip, options.parameters,
                    options.ground, asked_skinning(options));
      }
      initial_load_failed = ui.load_count == 0;
      // The character's own import warnings (its panel lists them), then the load's.
      std::vector<std::string> warnings;
      for (const std::string& w : scene.character.report.warnings)
        warnings.push_back(scene.character.source_path + ": " + w);
      for (const ui::NoticeGroup& g : ui.notices.groups())
        warnings.insert(warnings.end(), g.texts.begin(), g.texts.end());
      ui::print_notices(warnings, "animview", stderr);
      ui::print_errors(ui.errors, "animview", stderr);
    } else {
      v.open_requests.push_back(initial);
    }
  }
  return initial_load_failed;
}

// Files to open (dropped, reloaded, asked for) go to the loader one request at a time; a
// finished load is taken into the scene; clip files to add or retarget follow.
void run_load_queue(Viewer& v, const FrameStart& f, std::vector<std::string>& dropped) {
  ViewerScene& scene = v.scene;
  ViewerUi& ui = v.ui;
  Document& doc = v.document;
  AsyncLoader& loader = v.loader;
  std::vector<std::vector<std::string>>& open_requests = v.open_requests;
  // Files dropped together open together, as on the command line: the first is the character
  // (or a project), the others are clip files bound to it by joint name.
  if (!dropped.empty()) open_requests.push_back(std::move(dropped));
  dropped.clear();
  // Reload (asked for, or the files changed on disk), keeping the playhead.
  if (ui.view.reload_on_change && !loader.busy() && f.now_s - v.last_watch_s > 1.0) {
    v.last_watch_s = f.now_s;
    if (doc.changed_on_disk()) v.reload_asked = true;
  }
  if (v.reload_asked && !doc.files().empty() && !loader.busy()) {
    v.reload_asked = false;
    if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0) {
      v.reload_playhead = {scene.clips()[scene.preview_clip].name, scene.clock.time_s(),
                           scene.clock.playing()};
    }
    open_requests.push_back(doc.files());
  }
  if (!open_requests.empty() && !loader.busy() && v.adding_clip_file.empty() &&
      v.save_flow.allow(GuardedAction::Open, f.unsaved)) {
    v.loading_files = open_requests.front();
    open_requests.erase(open_requests.begin());
    forget_unit_guess(ui, v.loading_files);
    loader.start({v.loading_files, ui.import_tab.settings});
  }
  if (auto outcome = loader.poll(); outcome && !v.adding_clip_file.empty()) {
    if (v.adding_retargeted) {
      accept_retargeted_clips(std::move(*outcome), v.adding_clip_file, doc, scene, ui);
    } else {
      accept_added_clips(std::move(*outcome), v.adding_clip_file, doc, scene, ui);
    }
    v.adding_clip_file.clear();
  } else if (outcome) {
    accept_load(std::move(*outcome), v.loading_files, doc, scene, v.renderer, ui, v.recent,
                v.camera, v.reload_playhead.clip.empty() ? v.pending_clip : v.reload_playhead.clip,
                v.pending_parameters, v.pending_ground, asked_skinning(v.options));
    if (!v.reload_playhead.clip.empty() && scene.mode == PlayMode::ClipPreview) {
      scene.clock.seek(v.reload_playhead.time_s);
      scene.clock.set_playing(v.reload_playhead.playing);
    }
    if (guess_units_after_load(ui, scene, doc.files())) {
      open_requests.insert(open_requests.begin(), doc.files());
    } else {
      v.reload_playhead = {};
      // A recovery copy opens as a new project: Save asks where, and the work is unsaved.
      if (!v.recovering.empty() && v.loading_files == std::vector<std::string>{v.recovering}) {
        doc.make_untitled();
      }
      v.recovering.clear();
      // Only the first load starts on the asked clip, parameters and ground.
      v.pending_clip.clear();
      v.pending_parameters.clear();
      v.pending_ground = false;
    }
  }
  // After the poll, so a finished load is taken before the loader starts on the clip file.
  if (!ui.clip_files.to_add.empty() && !loader.busy() && open_requests.empty()) {
    v.adding_clip_file = ui.clip_files.to_add.front();
    ui.clip_files.to_add.erase(ui.clip_files.to_add.begin());
    v.adding_retargeted = false;
    loader.start_adding_clips(add_clips_request(v.adding_clip_file, scene, ui.import_tab.settings));
  }
  if (!ui.clip_files.to_retarget.empty() && !loader.busy() && open_requests.empty()) {
    v.adding_clip_file = ui.clip_files.to_retarget.front();
    ui.clip_files.to_retarget.erase(ui.clip_files.to_retarget.begin());
    v.adding_retargeted = true;
    loader.start_adding_clips(
        add_clips_request(v.adding_clip_file, scene, ui.import_tab.settings, true, &ui));
  }
}

}  // namespace app
