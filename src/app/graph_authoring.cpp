#include "app/graph_authoring.h"

#include <algorithm>
#include <cmath>

#define GLFW_INCLUDE_NONE  // only the key codes are needed
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/marker_authoring.h"
#include "project/clip_marker_edits.h"
#include "project/project_post_process_json.h"
#include "ui/blend_space_list.h"
#include "ui/graph_notices.h"
#include "ui/parameter_editor.h"
#include "ui/state_machine_list.h"

namespace app {
namespace {

// The parameter index the binding would use for name, or -1 (the space may not be bound yet:
// a new, empty space is refused by the binding until it has samples).
int parameter(const ViewerScene& scene, const std::string& name) {
  return scene.parameters.find(name);
}

// The weights the player computes for project's space index, when the bound graph has that space
// at that index (it may lag behind an edit that did not bind).
std::span<const float> played_weights(const project::Project& project, const ViewerScene& scene,
                                      int index) {
  const auto& bound = scene.graph().blend_spaces;
  const auto players = scene.instance.blend_space_players();
  if (index >= static_cast<int>(bound.size()) || index >= static_cast<int>(players.size()) ||
      bound[index].name != project.blend_spaces[index].name) {
    return {};
  }
  return players[index].weights();
}

}  // namespace

void commit_graph_edit(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  ui.graph.graph_error = scene.rebind_graph(doc.project());
  ui.graph.graph_warnings = project::graph_warnings(doc.project());
  doc.record_edit(ImGui::IsMouseDown(ImGuiMouseButton_Left));
}

bool step_graph_history(Document& doc, ViewerUi& ui, ViewerScene& scene, bool undo) {
  // The live parameter values are the scene's; the history keeps them across the step.
  doc.project().parameters = scene.parameters;
  const std::vector<project::ProjectClipMarkers> markers = doc.project().clip_markers;
  const std::vector<project::ProjectPostProcess> stack = doc.project().post_process;
  const bool moved = undo ? doc.undo() : doc.redo();
  if (!moved) {
    ui.status = undo ? "nothing to undo" : "nothing to redo";
    return false;
  }
  scene.parameters = doc.project().parameters;
  ui.graph.blend_editor.prepared_current = false;
  ui.graph.blend_space_list.named = -1;
  // Marker edits live in the clips: those steps bind the clips again.
  ui.graph.graph_error = project::same_clip_markers(markers, doc.project().clip_markers)
                             ? scene.rebind_graph(doc.project())
                             : rebind_clip_markers(doc, ui, scene, markers);
  ui.graph.graph_warnings = project::graph_warnings(doc.project());
  // Only a step of the stack binds it again (a binding restarts its springs).
  if (!project::same_post_process(stack, doc.project().post_process)) {
    if (std::string e = scene.rebind_post_process(doc.project()); !e.empty()) {
      ui.errors.add(scene.character.source_path, e);
    }
  }
  ui.status = undo ? "undid a graph edit" : "redid a graph edit";
  return true;
}

void handle_graph_undo_keys(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) doc.end_gesture();
  if (!scene.loaded || io.WantTextInput || !io.KeyCtrl) return;
  const bool undo = ImGui::IsKeyPressed(GLFW_KEY_Z, false) && !io.KeyShift;
  const bool redo = (ImGui::IsKeyPressed(GLFW_KEY_Z, false) && io.KeyShift) ||
                    ImGui::IsKeyPressed(GLFW_KEY_Y, false);
  if (undo || redo) step_graph_history(doc, ui, scene, undo);
}

void draw_state_machine_tab(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  if (ui::draw_state_machine_list(ui.graph.machine_list, doc.project())) {
    ui.graph.machine_view.path.clear();
    ui.graph.machine_view.selected_state = ui::kNothingSelected;
    ui.graph.machine_view.selected_transition = -1;
    commit_graph_edit(doc, ui, scene);
    if (ui.graph.graph_error.empty()) scene.mode = PlayMode::Graph;
  }
  std::vector<std::string> blend_names;
  for (const project::ProjectBlendSpace& b : doc.project().blend_spaces)
    blend_names.push_back(b.name);
  ui::StateMachineViewSources sources{doc.project().clips, blend_names};
  // The clip picked last in the clip browser, and the space the blend-space tab shows.
  if (!ui.clips.browser.picked.empty() && ui.clips.browser.picked.back() < ui.clips.rows.size()) {
    sources.picked_clip = ui.clips.rows[ui.clips.browser.picked.back()].clip_index;
  }
  if (!blend_names.empty()) sources.shown_blend_space = ui.graph.blend_space;
  const bool edited =
      ui::draw_state_machine_view(ui.graph.machine_view, doc.project().state_machine,
                                  scene.parameters, scene.instance.machine(), sources);
  if (edited) {
    commit_graph_edit(doc, ui, scene);
    if (ui.graph.graph_error.empty() && !doc.project().state_machine.states.empty()) {
      scene.mode = PlayMode::Graph;  // play what is being built
    }
  }
}

void draw_parameters_tab(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  // The live values are the scene's: the project's set is edited with them and handed back.
  doc.project().parameters = scene.parameters;
  if (ui::draw_parameter_editor(ui.graph.parameter_editor, doc.project())) {
    scene.parameters = doc.project().parameters;
    commit_graph_edit(doc, ui, scene);
  }
}

void draw_blend_space_tab(Document& doc, ViewerUi& ui, ViewerScene& scene) {
  auto& spaces = doc.project().blend_spaces;
  // The clips picked in the clip browser, at their measured (or typed-speed) velocities.
  std::vector<int> picked;
  std::vector<glm::vec2> positions;
  for (std::size_t row : ui.clips.browser.picked) {
    if (row >= ui.clips.rows.size()) continue;
    const int clip = ui.clips.rows[row].clip_index;
    if (clip < 0 || clip >= static_cast<int>(ui.graph.clip_velocities.size())) continue;
    picked.push_back(clip);
    const anim::ClipVelocity& v = ui.graph.clip_velocities[clip];
    positions.push_back(
        ui.graph.blend_editor.in_place_typed_speed
            ? anim::with_typed_speed(v, ui.graph.blend_editor.typed_speed_mps).velocity
            : v.velocity);
  }
  // A new space may create its parameters: the project's set is edited with the live values
  // and handed back to the scene.
  doc.project().parameters = scene.parameters;
  if (ui::draw_blend_space_list(ui.graph.blend_space_list, doc.project(), ui.graph.blend_space,
                                picked, positions)) {
    scene.parameters = doc.project().parameters;
    ui.graph.blend_editor.prepared_current = false;
    ui.graph.blend_editor.selected_sample = -1;
    ui.graph.blend_editor.computed.clear();
    commit_graph_edit(doc, ui, scene);
    if (ui.graph.graph_error.empty()) scene.mode = PlayMode::Graph;  // play what was just made
  }
  if (spaces.empty()) {
    ui::draw_no_blend_space_hint();
    return;
  }
  ui.graph.blend_space = std::clamp(ui.graph.blend_space, 0, static_cast<int>(spaces.size()) - 1);
  // The plot puts the character's right on its right and forward up: right = forward x up.
  const glm::vec3 forward = ui.rig.rig.forward;
  const glm::vec3 right = glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f));
  // A character facing along X keeps the default (+Z) orientation, not the previous file's.
  const bool faces_z = std::abs(forward.z) >= std::abs(forward.x);
  ui.graph.blend_editor.x_grows_left =
      faces_z ? right.x < 0.0f : ui::BlendSpaceEditorState{}.x_grows_left;
  ui.graph.blend_editor.y_grows_down = faces_z && forward.z < 0.0f;
  project::ProjectBlendSpace& space = spaces[ui.graph.blend_space];
  const std::span<const float> weights = played_weights(doc.project(), scene, ui.graph.blend_space);
  ui::BlendSpaceEditorChange change;
  if (space.dimensions == 1) {
    const int x = parameter(scene, space.space_1d.parameter_name);
    if (x >= 0) ui.graph.blend_editor_1d.point = scene.parameters.get(x);
    change = ui::draw_blend_space_1d_editor(ui.graph.blend_editor_1d, space.space_1d,
                                            doc.project().clips, weights, ui.graph.clip_velocities);
    if (change.point && x >= 0) scene.parameters.set(x, ui.graph.blend_editor_1d.point);
  } else {
    const int x = parameter(scene, space.x_parameter);
    const int y = parameter(scene, space.y_parameter);
    if (x >= 0 && y >= 0) {
      ui.graph.blend_editor.point = {scene.parameters.get(x), scene.parameters.get(y)};
    }
    change = ui::draw_blend_space_editor(ui.graph.blend_editor, space.space_2d, doc.project().clips,
                                         weights, ui.graph.clip_velocities);
    if (change.point && x >= 0 && y >= 0) {
      scene.parameters.set(x, ui.graph.blend_editor.point.x);
      scene.parameters.set(y, ui.graph.blend_editor.point.y);
    }
  }
  if (ui::draw_input_smoothing(scene.settings.blend_input_half_life_s)) {
    if (std::string e = scene.apply_settings(); !e.empty()) {
      ui.errors.add(scene.character.source_path, e);
    }
  }
  if (change.any() && scene.mode != PlayMode::Graph) scene.mode = PlayMode::Graph;
  if (change.space) commit_graph_edit(doc, ui, scene);
}

}  // namespace app
