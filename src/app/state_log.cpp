#include "app/state_log.h"

#include <nlohmann/json.hpp>

#include "app/compare_view.h"

namespace app {

namespace {

nlohmann::json center_of(const ui::ScreenRect& r) {
  return {r.center().x, r.center().y};
}

// The state-machine tab's boxes, connector dots and buttons, for scripted clicks and drags
// (tests/app/machine_authoring_e2e_test.cpp). Boxes by state name, of the machine shown.
nlohmann::json machine_view_geometry(const project::Project& project, const ViewerUi& ui) {
  const ui::StateMachineViewState& v = ui.graph.machine_view;
  nlohmann::json g;
  g["new_machine"] = {ui.graph.machine_list.new_at.x, ui.graph.machine_list.new_at.y};
  g["add_clip_state"] = center_of(v.add_clip_state_button);
  g["add_blend_state"] = center_of(v.add_blend_state_button);
  g["any_state"] = center_of(v.any_state_box);
  g["loop_checkbox"] = center_of(v.loop_checkbox);
  nlohmann::json boxes = nlohmann::json::object(), ports = nlohmann::json::object();
  const auto& states = project.state_machine.states;
  if (v.path.empty() && v.state_boxes.size() == states.size()) {
    for (std::size_t i = 0; i < states.size(); ++i) {
      boxes[states[i].name] = center_of(v.state_boxes[i]);
      ports[states[i].name] = center_of(v.state_ports[i]);
    }
  }
  g["state_boxes"] = boxes;
  g["state_ports"] = ports;
  return g;
}

// The project's machines as the picker shows them: the active one in full, the others' names.
nlohmann::json machines(const Document& doc, const ViewerUi& ui) {
  const anim::StateMachine& m = doc.project().state_machine;
  nlohmann::json states = nlohmann::json::array();
  for (std::size_t i = 0; i < m.states.size(); ++i) {
    nlohmann::json s = {{"name", m.states[i].name},
                        {"kind", anim::to_string(m.states[i].kind)},
                        {"loop", m.states[i].loop}};
    if (i < m.editor_positions.size() && m.editor_positions[i]) {
      s["position"] = {m.editor_positions[i]->x, m.editor_positions[i]->y};
    }
    states.push_back(s);
  }
  nlohmann::json others = nlohmann::json::array();
  for (const anim::StateMachine& o : doc.project().other_state_machines) others.push_back(o.name);
  nlohmann::json warnings = nlohmann::json::array();
  for (const project::GraphWarning& w : ui.graph.graph_warnings) warnings.push_back(w.message);
  return {{"name", m.name},   {"states", states},     {"transitions", m.transitions.size()},
          {"others", others}, {"warnings", warnings}, {"can_undo", doc.can_undo()}};
}

// The Joints tab and the selection (tests/app/joint_picking_e2e_test.cpp clicks joints where
// they are drawn and reads the selection back).
nlohmann::json joints_geometry(const ViewerScene& scene, const ViewerUi& ui) {
  const ui::JointInspectorState& state = ui.joints.inspector;
  const anim::Skeleton& skeleton = scene.character.skeleton;
  nlohmann::json selected = nlohmann::json::array();
  for (const int j : state.selection) {
    if (j >= 0 && j < skeleton.joint_count()) selected.push_back(skeleton.joint_names[j]);
  }
  nlohmann::json pixels = nlohmann::json::object();
  for (std::size_t j = 0; j < state.joint_pixels.size() && j < skeleton.joint_names.size(); ++j) {
    const glm::vec2 p = state.joint_pixels[j];
    if (p != glm::vec2(0.0f)) pixels[skeleton.joint_names[j]] = {p.x, p.y};
  }
  return {{"tab", {ui.joints.tab_center.x, ui.joints.tab_center.y}},
          {"shown", state.shown},
          {"selected", selected},
          {"values", {state.values_center.x, state.values_center.y}},
          {"pixels", pixels}};
}

nlohmann::json ui_geometry(const project::Project& project, const ViewerScene& scene,
                           const ViewerUi& ui) {
  nlohmann::json g;
  const auto& b = ui.graph.blend_editor;
  g["blend_editor"]["screen_of_min"] = {b.screen_of_min.x, b.screen_of_min.y};
  g["blend_editor"]["screen_of_max"] = {b.screen_of_max.x, b.screen_of_max.y};
  if (!project.blend_spaces.empty()) {
    const anim::BlendSpace2D& space = project.blend_spaces[ui.graph.blend_space].space_2d;
    g["blend_editor"]["axis_min"] = {space.x_axis.min, space.y_axis.min};
    g["blend_editor"]["axis_max"] = {space.x_axis.max, space.y_axis.max};
    nlohmann::json samples = nlohmann::json::object();
    for (const anim::BlendSample2D& sample : space.samples) {
      samples[sample.clip_name] = {sample.position.x, sample.position.y};
    }
    g["blend_editor"]["samples"] = samples;
  }
  nlohmann::json controls = nlohmann::json::array();
  const auto& rects = ui.graph.machine_view.parameter_controls;
  for (std::size_t i = 0;
       i < rects.size() && i < static_cast<std::size_t>(scene.parameters.count()); ++i) {
    const ImVec2 c = rects[i].center();
    controls.push_back(
        {{"name", scene.parameters.at(static_cast<int>(i)).name}, {"center", {c.x, c.y}}});
  }
  g["parameter_controls"] = controls;
  g["state_machine_tab"] = {ui.graph.machine_tab_center.x, ui.graph.machine_tab_center.y};
  // Graph authoring (tests/app/graph_authoring_e2e_test.cpp aims at these).
  g["clips_tab"] = {ui.clips.tab_center.x, ui.clips.tab_center.y};
  g["joints"] = joints_geometry(scene, ui);
  // The live toggles (tests/app/first_hour_e2e_test.cpp clicks them).
  const ui::CharacterControlCenters& c = ui.character.controls;
  const auto xy = [](glm::vec2 p) { return nlohmann::json{p.x, p.y}; };
  g["character_controls"] = {{"lbs", xy(c.lbs)},           {"dq", xy(c.dual_quaternion)},
                             {"in_place", xy(c.in_place)}, {"applied", xy(c.applied)},
                             {"foot_ik", xy(c.foot_ik)},   {"lock_feet", xy(c.lock_feet)}};
  g["file_browser"] = {
      {"open", ui.file_browser.open},
      {"title", ui.file_browser.title},
      {"path_field", {ui.file_browser.path_field_at.x, ui.file_browser.path_field_at.y}}};
  nlohmann::json rows = nlohmann::json::object();
  const auto& centers = ui.clips.browser.row_centers;
  for (std::size_t i = 0; i < centers.size() && i < ui.clips.rows.size(); ++i) {
    if (centers[i] != glm::vec2(0.0f)) rows[ui.clips.rows[i].clip] = {centers[i].x, centers[i].y};
  }
  g["clip_rows"] = rows;
  // What the clip browser has picked, in order (a click shows here once the viewer has taken it).
  nlohmann::json picked = nlohmann::json::array();
  for (const std::size_t row : ui.clips.browser.picked) {
    if (row < ui.clips.rows.size()) picked.push_back(ui.clips.rows[row].clip);
  }
  g["picked_clips"] = picked;
  g["clip_search"] = {ui.clips.browser.search_center.x, ui.clips.browser.search_center.y};
  g["new_2d"] = {ui.graph.blend_space_list.new_2d_at.x, ui.graph.blend_space_list.new_2d_at.y};
  g["from_picked"] = {ui.graph.blend_space_list.from_picked_at.x,
                      ui.graph.blend_space_list.from_picked_at.y};
  g["machine_view"] = machine_view_geometry(project, ui);
  return g;
}

// The look-at and multi-bone IK targets (model and world space), where their handles are drawn,
// the camera they were placed with, and each look-at's aiming joint: where it is and where its
// aim axis points (world); and the stack's entries with their mute boxes.
nlohmann::json post_process_targets(const project::Project& authored, const ViewerScene& scene,
                                    const ViewerUi& ui) {
  const glm::mat4 world = scene.instance.world_matrix();
  const std::span<const glm::mat4> model = scene.instance.model_pose();
  const auto vec = [](const glm::vec3& v) { return nlohmann::json::array({v.x, v.y, v.z}); };
  nlohmann::json entries = nlohmann::json::array();
  const auto& project = authored.post_process;
  for (std::size_t i = 0; i < project.size(); ++i) {
    const int b = bound_entry_of(authored, scene, static_cast<int>(i));
    if (b < 0) continue;
    const anim::PostProcessEntry& e = scene.instance.post_process()[static_cast<std::size_t>(b)];
    const bool look = e.kind == anim::PostProcessKind::LookAt;
    const glm::vec3 target = look ? e.look_at_goal.target : e.ik_goal.target;
    nlohmann::json j = {{"entry", i},
                        {"kind", anim::to_string(e.kind)},
                        {"target", vec(target)},
                        {"target_world", vec(glm::vec3(world * glm::vec4(target, 1.0f)))},
                        {"follow_camera", project[i].follow_camera}};
    for (const TargetHandle& h : ui.targets.handles) {
      if (h.entry == static_cast<int>(i)) j["handle"] = {h.pixel.x, h.pixel.y};
    }
    const anim::JointChain& joints = e.look_at.joints;
    const int aim =
        look && joints.count > 0 ? joints.joints[static_cast<std::size_t>(joints.count - 1)] : -1;
    if (aim >= 0 && static_cast<std::size_t>(aim) < model.size()) {
      const glm::mat4 m = world * model[static_cast<std::size_t>(aim)];
      j["eye"] = vec(glm::vec3(m[3]));
      j["aim"] = vec(glm::normalize(glm::mat3(m) * e.look_at.aim_axis));
    }
    entries.push_back(j);
  }
  // Every entry as the panel shows it, and where its mute box is (tests click there).
  nlohmann::json stack = nlohmann::json::array();
  for (std::size_t i = 0; i < project.size(); ++i) {
    const glm::vec2 mute_at =
        i < ui.post_process_mute_at.size() ? ui.post_process_mute_at[i] : glm::vec2(0.0f);
    stack.push_back({{"kind", anim::to_string(project[i].kind)},
                     {"weight", project[i].weight},
                     {"solo", project[i].solo},
                     {"mute", project[i].mute},
                     {"mute_at", {mute_at.x, mute_at.y}}});
  }
  const TargetCamera& c = ui.targets.camera;
  return {{"entries", entries},
          {"stack", stack},
          {"dragged", ui.targets.dragged},
          {"camera",
           {{"eye", vec(c.eye)},
            {"target", vec(c.target)},
            {"fov_y", c.fov_y_rad},
            {"viewport_height", c.viewport_height_px}}}};
}

// The frame and video export dialogs: open, running, progress (and where Cancel is).
void add_export_dialogs(const ViewerUi& ui, nlohmann::json& j) {
  const ui::FrameExportDialogState& exporting = ui.frame_export;
  j["export"] = {{"open", exporting.open},
                 {"running", exporting.progress.running},
                 {"done", exporting.progress.done},
                 {"total", exporting.progress.total}};
  const ui::VideoExportDialogState& video = ui.video_export;
  j["video_export"] = {{"open", video.open},
                       {"running", video.progress.running},
                       {"done", video.progress.done},
                       {"total", video.progress.total},
                       {"cancel_at", {video.cancel_x, video.cancel_y}}};
}

// The state machine's state, transition and history, and the first blend space's point,
// weights and clips.
void add_graph_state(const ViewerScene& scene, nlohmann::json& j) {
  const anim::CharacterInstance& p = scene.instance;
  if (p.has_machine()) {
    const int state = p.machine().active_state();
    j["state"] = scene.graph().machine.states[state].name;
    j["transition_running"] = p.machine().transition().running;
    j["transition_weight"] = p.machine().transition().weight;
    nlohmann::json history = nlohmann::json::array();
    for (int i = 0; i < p.machine().history_count(); ++i) {
      const anim::TransitionRecord& r = p.machine().history(i);
      history.push_back(scene.graph().machine.states[r.from_state].name + " -> " +
                        scene.graph().machine.states[r.to_state].name);
    }
    j["history"] = history;
  }
  if (!p.blend_space_players().empty()) {
    const glm::vec2 input = p.blend_space_input(0);
    j["blend_space"]["input"] = {input.x, input.y};
    nlohmann::json weights = nlohmann::json::array();
    for (float w : p.blend_space_players()[0].weights()) weights.push_back(w);
    j["blend_space"]["weights"] = weights;
    nlohmann::json clips = nlohmann::json::array();
    for (int c : scene.graph().blend_spaces[0].clips) clips.push_back(scene.clips()[c].name);
    j["blend_space"]["clips"] = clips;
  }
}

// Clip B of a side-by-side comparison: its sync, clip, time and frame, or why it cannot play.
nlohmann::json comparison_b(const ViewerScene& scene, const ui::ViewSettings& view) {
  const ClipComparison& b = scene.comparison;
  nlohmann::json c;
  c["sync"] = view.compare_sync == visual::CompareSync::Phase ? "phase" : "seconds";
  if (b.active()) {
    const anim::Clip& clip = scene.clips()[b.clip()];
    c["clip"] = clip.name;
    c["time"] = b.time_s();
    c["duration"] = clip.duration_s;
    c["frame"] = anim::frame_at(anim::timeline_of(clip), b.time_s());
  } else {
    c["error"] = b.error();
  }
  return c;
}

}  // namespace

std::string state_line(int frame, const Document& doc, const ViewerScene& scene,
                       const ViewerUi& ui) {
  const ui::ViewSettings& view = ui.view;
  nlohmann::json j;
  j["frame"] = frame;
  j["loaded"] = scene.loaded;
  j["load_count"] = ui.load_count;
  j["clip_storage"] = {{"compressed", scene.clip_binding.compress},
                       {"bytes", scene.loaded ? scene.bound.character->clip_memory_bytes() : 0}};
  j["skinning"] = view.skinning == visual::SkinningChoice::Lbs ? "lbs" : "dq";
  j["compare"] = compare_mode_name(view.compare);
  add_export_dialogs(ui, j);
  j["status"] = ui.status;
  j["time_scale"] = view.time_scale;
  j["project_file"] = doc.project_path();
  j["show_grid"] = view.show_grid;
  j["show_ground"] = view.show_ground;
  nlohmann::json errors = nlohmann::json::array();
  for (const ui::ErrorReport& e : ui.errors.entries()) {
    errors.push_back({{"file", e.file}, {"cause", e.cause}});
  }
  j["errors"] = errors;
  j["warnings"] = ui.notices.count();
  if (!scene.loaded) return j.dump();
  nlohmann::json clips = nlohmann::json::array();
  for (const anim::Clip& clip : scene.clips()) clips.push_back(clip.name);
  j["clips"] = clips;
  if (!doc.project().post_process.empty()) {
    j["post_process"] = post_process_targets(doc.project(), scene, ui);
  }
  const anim::CharacterInstance& p = scene.instance;
  j["mode"] = scene.mode == PlayMode::Graph ? "graph" : "clip";
  const int clip = p.dominant_clip();
  j["clip"] = clip >= 0 ? scene.clips()[clip].name : "";
  j["time"] = p.dominant_clip_time();
  if (scene.mode == PlayMode::ClipPreview) {
    j["timeline"] = {{"frame", scene.clock.frame()},
                     {"time", scene.clock.time_s()},
                     {"playing", scene.clock.playing()},
                     {"speed", scene.clock.speed()},
                     {"loop", anim::to_string(scene.clock.mode())},
                     {"reverse", scene.clock.reverse()},
                     {"last_frame", anim::last_frame(scene.clock.timeline())}};
  }
  add_graph_state(scene, j);
  nlohmann::json parameters = nlohmann::json::object();
  for (const anim::Parameter& parameter : scene.parameters.all()) {
    parameters[parameter.name] = parameter.value;
  }
  j["parameters"] = parameters;
  const glm::vec3 w = p.world().translation;
  j["world"] = {w.x, w.y, w.z};
  j["foot_ik"] = scene.settings.foot_ik;
  j["lock_feet"] = scene.settings.foot_ik_settings.lock_feet;
  j["root_motion"] =
      scene.settings.root_motion_mode == anim::RootMotionMode::Applied ? "applied" : "in_place";
  if (view.compare == visual::CompareMode::Clips) j["compare_b"] = comparison_b(scene, view);
  j["machines"] = machines(doc, ui);
  j["ui"] = ui_geometry(doc.project(), scene, ui);
  return j.dump();
}

}  // namespace app
