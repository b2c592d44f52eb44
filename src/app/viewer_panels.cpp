#include "app/viewer_panels.h"

#include <utility>

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "anim/blend_space_positions.h"
#include "anim/loop_seam.h"
#include "anim/playback.h"
#include "app/graph_authoring.h"
#include "app/joint_inspection.h"
#include "app/layer_authoring.h"
#include "app/marker_authoring.h"
#include "app/post_process_authoring.h"
#include "import/atomic_write.h"
#include "import/rig_finder.h"
#include "project/pose_json.h"
#include "project/rig_corrections.h"
#include "ui/docked_panels.h"
#include "ui/graph_notices.h"
#include "ui/import_tab.h"
#include "ui/load_progress.h"
#include "ui/panel_tabs.h"
#include "ui/playing_summary.h"
#include "ui/post_process_panel.h"
#include "ui/retarget_offer.h"
#include "ui/shape_panel.h"
#include "ui/slide_plot.h"
#include "ui/stats_overlay.h"

namespace app {
namespace {

void draw_character_tab(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  if (!scene.loaded) {
    ui::draw_nothing_loaded_hint();
    return;
  }
  ui::CharacterPanelActions actions;
  ui.character.health.stretched_joints = 0;
  for (std::uint8_t s : scene.instance.skinning_has_stretch())
    ui.character.health.stretched_joints += s;
  ui::ClipStorage storage{scene.clip_binding.compress, scene.clip_binding.compression.position_m,
                          scene.bound.character->clip_memory_bytes()};
  ui::draw_character_panel(scene.character, ui.character.health, ui.character.materials, ui.view,
                           scene.settings, scene.terrain, scene.instance.has_foot_ik_rig(), storage,
                           actions, scene.instance.root_motion_from_feet());
  ui.character.controls = actions.controls;
  if (actions.settings_changed) {
    if (std::string e = scene.apply_settings(); !e.empty()) {
      ui.errors.add(scene.character.source_path, e);
    }
  }
  if (actions.reset_world) scene.instance.reset_world();
  const ui::ShapePanelChange shape = ui::draw_shape_panel(
      scene.bound.character->morph_channels, scene.instance.morph_weights(), ui.shape_panel);
  if (shape.channel >= 0 && shape.released) scene.instance.unpin_morph_weight(shape.channel);
  if (shape.channel >= 0 && !shape.released) {
    scene.instance.pin_morph_weight(shape.channel, shape.weight);
  }
  if (ui::draw_post_process_panel(doc.project().post_process, &ui.post_process_mute_at)) {
    commit_post_process_edit(doc, ui, scene, ImGui::IsMouseDown(ImGuiMouseButton_Left));
  }
  if (actions.clip_storage_changed) {
    scene.clip_binding.compress = storage.compressed;
    if (std::string e = scene.rebind_character(doc.project()); !e.empty())
      ui.errors.add(scene.character.source_path, e);
  }
}

void draw_clips_tab(ViewerUi& ui, ViewerScene& scene) {
  const ui::ClipFileButtons buttons = ui::draw_clip_file_buttons(scene.loaded);
  if (buttons.add) open_file_browser(ui, scene, FileBrowserPurpose::AddClip);
  if (buttons.retarget) ui.retarget_panel.open = true;
  ui.retarget_panel.add_clip_button_at = buttons.add_at;
  ui.retarget_panel.open_button_at = buttons.retarget_at;
  if (auto chosen = ui::draw_clip_browser(ui.clips.rows, ui.clips.browser)) {
    preview_clip(ui, scene, static_cast<int>(*chosen));
  }
}

void draw_import_tab(const Document& doc, ViewerUi& ui, RecentFiles& recent,
                     std::vector<std::vector<std::string>>& open_requests) {
  const ui::ImportTabRequest request =
      ui::draw_import_tab(ui.import_tab.settings, ui.import_tab.unit_scale_problem,
                          ui.import_tab.unit_guess, !doc.files().empty(), recent.paths());
  if (request.reimport) open_requests.push_back(doc.files());
  if (request.recent) open_requests.push_back({*request.recent});
}

void draw_rig_tab(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  ui.rig.shown = scene.loaded;
  if (scene.loaded &&
      ui::draw_rig_panel(scene.character.skeleton, ui.rig.rig, ui.rig.reason, ui.rig.table,
                         doc.project().rig, ui.rig.state, std::exchange(ui.rig.clicked_joint, -1),
                         doc.project().clips)
          .corrections_changed) {
    if (std::string e = scene.rebind_character(doc.project()); !e.empty())
      ui.errors.add(doc.project().character, e);
    refresh_rig(ui, doc.project(), scene);
  }
}

void draw_joints_tab(ViewerUi& ui, ViewerScene& scene) {
  if (!scene.loaded) return;
  // An index past this skeleton (a smaller character opened) is invalid; the panel trims it.
  const ui::JointInspectorValues values = inspect_selected_joint(scene, ui.joints, ui.errors);
  ImGui::Checkbox("Curves window", &ui.curve_view.open);
  ui::draw_joint_inspector(scene.character.skeleton, ui.joints.inspector, values);
}

void draw_left_panel(Document& doc, ViewerUi& ui, ViewerScene& scene, RecentFiles& recent,
                     const ui::PanelRect& r, std::vector<std::vector<std::string>>& open_requests) {
  ui::begin_docked("animview", r);
  ui::collapse_button(ImGuiDir_Left, ui.view.layout.left_open);
  ui.rig.shown = false;
  ui.joints.inspector.shown = false;
  {
    ui::PanelTabs tabs("left tabs");
    if (tabs.tab("Character")) draw_character_tab(doc, ui, scene);
    if (tabs.tab("Clips", &ui.clips.tab_center)) draw_clips_tab(ui, scene);
    // Before Import and Rig: the bar is narrower than its tabs, and joints are read more often.
    if (tabs.tab("Joints", &ui.joints.tab_center)) draw_joints_tab(ui, scene);
    if (tabs.tab("Import")) draw_import_tab(doc, ui, recent, open_requests);
    if (tabs.tab("Rig")) draw_rig_tab(doc, ui, scene);
  }
  ImGui::End();
}

// The curve of the shape selected in the Shapes panel over the previewed clip, or nullptr when
// none is selected (or this character lacks it) or no clip is previewed.
const ui::ShapeCurve* selected_shape_curve(ViewerUi& ui, const ViewerScene& scene) {
  if (!scene.loaded || !scene.bound.character || scene.mode != PlayMode::ClipPreview) {
    return nullptr;
  }
  const anim::BoundCharacter& bound = *scene.bound.character;
  const int channel = ui::selected_shape_channel(ui.shape_panel, bound.morph_channels);
  const auto clip = static_cast<std::size_t>(scene.preview_clip);
  if (channel < 0 || clip >= bound.morph_bindings.size() || clip >= bound.clips.size()) {
    return nullptr;
  }
  const anim::JobResult sampled =
      ui::sample_shape_curve(bound.clips[clip], bound.morph_bindings[clip], bound.morph_channels,
                             channel, ui::kShapeCurveSamples, ui.shape_curve);
  return sampled ? &ui.shape_curve : nullptr;
}

void draw_bottom_panel(Document& doc, ViewerUi& ui, ViewerScene& scene, const ui::PanelRect& r,
                       const ui::ShapeCurve* shape_curve) {
  ui::begin_docked("Timeline", r);
  ui::draw_notice_button(ui.notices, ui.notice_list);
  ui::draw_status_message(ui.status);
  if (!scene.loaded || scene.clips().empty()) {
    ui::draw_no_clips_summary();
  } else if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0) {
    const bool has_graph = scene.graph().has_machine || !scene.graph().blend_spaces.empty();
    if (ui::draw_clip_preview_summary(scene.clips()[scene.preview_clip].name.c_str(), has_graph)) {
      scene.mode = PlayMode::Graph;
    }
    const ui::TimelineMarkerEdit edit =
        ui::draw_timeline(scene.clock, scene.clips()[scene.preview_clip], ui.timeline.times,
                          ui.timeline.state, shape_curve);
    apply_timeline_marker_edit(doc, ui, scene, edit);
  } else {
    const anim::CharacterInstance& p = scene.instance;
    const char* state = p.has_machine()
                            ? scene.graph().machine.states[p.machine().active_state()].name.c_str()
                            : nullptr;
    const char* heaviest =
        p.dominant_clip() >= 0 ? scene.clips()[p.dominant_clip()].name.c_str() : nullptr;
    if (ui::draw_graph_summary(state, heaviest, p.dominant_clip_time())) {
      preview_clip(ui, scene, p.dominant_clip());
    }
  }
  ImGui::End();
  if (scene.loaded && ui.view.show_foot_slide_plot) {
    // Full scale: a leg's length a second.
    ui::draw_slide_plot_window(ui.slide.meter, ui.slide.feet, std::max(ui.slide.leg_length_m, 0.1f),
                               r.x, r.y, r.width);
  }
}

void draw_transition_timeline(ViewerUi& ui, const project::Project& project,
                              const ViewerScene& scene) {
  const RecordNames names = record_names(project, scene);
  ui::draw_transition_timeline(ui.transition_timeline, ui.history, names.states, names.parameters,
                               ui.view.time_scale);
}

void draw_right_panel(Document& doc, ViewerUi& ui, ViewerScene& scene, const ui::PanelRect& r) {
  ui::begin_docked("Animation graph", r);
  ui::collapse_button(ImGuiDir_Right, ui.view.layout.right_open);
  handle_graph_undo_keys(doc, ui, scene);
  ui::draw_graph_status(ui.graph.graph_error, ui.graph.graph_warnings);
  {
    ui::PanelTabs tabs("graph tabs");
    if (tabs.tab("Blend space")) draw_blend_space_tab(doc, ui, scene);
    if (tabs.tab("State machine", &ui.graph.machine_tab_center)) {
      draw_state_machine_tab(doc, ui, scene);
      draw_transition_timeline(ui, doc.project(), scene);
    }
    if (tabs.tab("Parameters")) draw_parameters_tab(doc, ui, scene);
    if (tabs.tab("Layers")) draw_layers_tab(doc, ui, scene);
  }
  ImGui::End();
}

}  // namespace

void export_pose(ViewerUi& ui, const ViewerScene& scene) {
  const anim::CharacterInstance& p = scene.instance;
  const std::string clip = p.dominant_clip() >= 0 ? scene.clips()[p.dominant_clip()].name : "";
  char name[256];
  std::snprintf(name, sizeof(name), "%s_%.3f.pose.json", clip.empty() ? "bind" : clip.c_str(),
                p.dominant_clip_time());
  const float duration = clip.empty() ? 0.0f : scene.clips()[p.dominant_clip()].duration_s;
  const nlohmann::json json =
      project::pose_to_json(scene.character.source_path, clip, p.dominant_clip_time(), duration,
                            scene.character.skeleton, p.model_pose());
  if (std::string e = importer::write_file_atomically(name, json.dump(2) + '\n'); !e.empty()) {
    ui.errors.add(name, e);
    return;
  }
  ui.status = std::string("wrote ") + name;
}

void open_file_browser(ViewerUi& ui, const ViewerScene& scene, FileBrowserPurpose purpose) {
  const bool adds_clips = purpose == FileBrowserPurpose::AddClip;
  if (adds_clips && !scene.loaded) {
    ui.errors.add("", "Add clip file: open a character first (clips bind to its joints)");
    return;
  }
  ui.clip_files.browser_adds_clips = adds_clips;
  ui.file_browser.title = adds_clips ? "Add clip file" : "Open file";
  ui::open_file_browser(ui.file_browser, ui.file_browser.directory);
}

RecordNames record_names(const project::Project& project, const ViewerScene& scene) {
  RecordNames names;
  for (const anim::State& s : project.state_machine.states) names.states.push_back(s.name);
  for (const anim::Parameter& p : scene.parameters.all()) names.parameters.push_back(p.name);
  return names;
}

void refresh_rig(ViewerUi& ui, const project::Project& project, const ViewerScene& scene) {
  ui.rig.reason.clear();
  ui.rig.rig = project::project_rig(scene.character, project.rig, &ui.rig.reason);
  ui.rig.table = project::project_mirror_table(scene.character, ui.rig.rig, project.rig);
}

void refresh_panels(ViewerUi& ui, const project::Project& project, const ViewerScene& scene) {
  refresh_rig(ui, project, scene);
  ui.clips.rows.clear();
  const std::string character_file = scene.character.source_path;
  for (std::size_t i = 0; i < scene.clips().size(); ++i) {
    const anim::Clip& clip = scene.clips()[i];
    const auto source = ui.clips.sources.find(clip.name);
    const std::string file =
        std::filesystem::path(source != ui.clips.sources.end() ? source->second : character_file)
            .filename()
            .string();
    anim::ClipLoopReport report;
    anim::LoopSeamSettings seam;
    seam.root_motion = scene.settings.root_motion;
    const anim::ClipBinding& binding = scene.bound.character->bindings[i];
    if (!anim::measure_clip_loop(clip, binding, scene.character.skeleton, seam, report)) {
      report = {};
    }
    ui.clips.rows.push_back(ui::make_clip_row(file, 0, clip, static_cast<int>(i), report));
  }
  ui.character.health = ui::measure_skinning(scene.character);
  ui.character.materials = ui::list_materials(scene.character);
  // Where each clip belongs in a locomotion space, for the editors' "Compute positions".
  const anim::FootIkRig legs =
      importer::foot_ik_rig(scene.character, project::project_rig(scene.character, project.rig));
  ui.graph.clip_velocities.clear();
  for (std::size_t i = 0; i < scene.clips().size(); ++i) {
    const anim::ClipVelocity v = anim::compute_clip_velocity(
        scene.clips()[i], scene.bound.character->bindings[i], scene.character.skeleton,
        scene.settings.root_motion.root_joint, legs.legs);
    ui.graph.clip_velocities.push_back(v);
  }
  ui.graph.blend_space = 0;
  ui.graph.machine_view = {};
  ui.history.reset(kHistoryFrames, scene.character.skeleton.joint_count(),
                   static_cast<int>(project.state_machine.states.size()), scene.parameters.count());
  ui.transition_timeline = {};
  ui.graph.graph_error.clear();
  ui.graph.graph_warnings = project::graph_warnings(project);
}

void preview_clip(ViewerUi& ui, ViewerScene& scene, int clip) {
  if (clip < 0 || clip >= static_cast<int>(scene.clips().size())) return;
  scene.mode = PlayMode::ClipPreview;
  scene.preview(clip);
  scene.clock.set_playing(true);
  ui.timeline.times = ui::timeline_times(scene.clips()[clip]);
}

ViewportRect draw_panels(Document& doc, ViewerUi& ui, ViewerScene& scene, AsyncLoader& loader,
                         RecentFiles& recent,
                         std::vector<std::vector<std::string>>& open_requests) {
  visual::PanelLayout& layout = ui.view.layout;
  const bool graph = scene.loaded;  // a character without a graph yet can get one
  ui::PanelRects r = ui::lay_out_panels(layout, ui.applied_ui_scale, ui.screen_ui_scale,
                                        ui.view.show_side_panel, graph);
  const ui::ShapeCurve* shape_curve = selected_shape_curve(ui, scene);
  if (shape_curve) {
    ui::grow_bottom_panel(r, ui::kShapeCurveHeight + ImGui::GetStyle().ItemSpacing.y);
  }
  if (r.left.width > 0.0f) {
    if (layout.left_open) {
      draw_left_panel(doc, ui, scene, recent, r.left, open_requests);
    } else {
      ui::draw_collapsed_strip("##left strip", r.left, ImGuiDir_Right, layout.left_open);
    }
  }
  if (r.right.width > 0.0f) {
    if (layout.right_open) {
      draw_right_panel(doc, ui, scene, r.right);
    } else {
      ui::draw_collapsed_strip("##right strip", r.right, ImGuiDir_Left, layout.right_open);
    }
  }
  draw_bottom_panel(doc, ui, scene, r.bottom, shape_curve);
  ui::draw_notice_list(ui.notices, ui.notice_list, r.bottom.x, r.bottom.y);
  // Splitters last, so they are above the panels they resize.
  ui::draw_panel_splitters(layout, r);
  const ViewportRect rect{r.viewport.x, r.viewport.y, r.viewport.width, r.viewport.height};
  // Before the retarget offer, which then opens above it.
  ui::draw_error_panel(
      ui.errors, rect.x + rect.width * 0.5f,
      ui::stats_overlay_bottom(
          rect.y, static_cast<int>(foot_slide_overlay_lines(ui.slide, scene, ui.view).size())) +
          8.0f);
  if (loader.busy() && ui::draw_load_progress(loader.what(), loader.progress())) loader.cancel();
  if (auto chosen = ui::draw_file_browser(ui.file_browser)) {
    if (ui.clip_files.browser_adds_clips) {
      ui.clip_files.to_add.push_back(chosen->string());
    } else {
      open_requests.push_back({chosen->string()});
    }
  }
  if (!ui.clip_files.retarget_offer.empty()) {
    const ui::RetargetOfferChoice choice =
        ui::draw_retarget_offer(ui.clip_files.retarget_offer, &ui.retarget_panel.offer_button_at);
    if (choice == ui::RetargetOfferChoice::kRetarget) {
      ui.clip_files.to_retarget.push_back(ui.clip_files.retarget_offer);
    }
    if (choice != ui::RetargetOfferChoice::kNone) ui.clip_files.retarget_offer.clear();
  }
  ui::draw_timeline_cheat_sheet(ui.show_cheat_sheet);
  return rect;
}

}  // namespace app
