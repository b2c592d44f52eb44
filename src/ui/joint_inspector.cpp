#include "ui/joint_inspector.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include <imgui.h>

#include "project/joint_curves_json.h"

namespace ui {
namespace {

// A row of the values table: a label and up to four numbers.
void value_row(const char* label, std::span<const float> values, const char* format = "%.3f") {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(label);
  for (std::size_t i = 0; i < values.size(); ++i) {
    ImGui::TableSetColumnIndex(static_cast<int>(i) + 1);
    ImGui::Text(format, values[i]);
  }
}

void vector_row(const char* label, const glm::vec3& v, const char* format = "%.3f") {
  const float xyz[] = {v.x, v.y, v.z};
  value_row(label, xyz, format);
}

void draw_values(const std::string& name, const JointInspectorValues& values,
                 anim::EulerOrder order) {
  const anim::JointMotionFrame& f = values.frame;
  const float to_file = 1.0f / values.metres_per_file_unit;
  const bool file_units = values.metres_per_file_unit != 1.0f;
  ImGui::Text("%s at %.4f s", name.c_str(), f.time_s);
  if (!file_units) ImGui::TextDisabled("the file is in metres");
  if (ImGui::BeginTable("joint values", 5, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 80.0f);
    vector_row("local (m)", f.local.translation);
    if (file_units) vector_row("local (file)", f.local.translation * to_file);
    vector_row("model (m)", f.model_translation);
    if (file_units) vector_row("model (file)", f.model_translation * to_file);
    const float q[] = {f.local.rotation.x, f.local.rotation.y, f.local.rotation.z,
                       f.local.rotation.w};
    value_row("quat xyzw", q);
    char label[32];
    std::snprintf(label, sizeof(label), "%s (deg)", anim::euler_order_name(order));
    vector_row(label, f.euler_deg, "%.2f");
    vector_row("scale", f.local.scale);
    if (values.has_speeds) {
      const float linear[] = {f.linear_speed};
      value_row("speed (m/s)", linear);
      if (file_units) {
        const float in_file[] = {f.linear_speed * to_file};
        value_row("(file/s)", in_file);
      }
      const float angular[] = {f.angular_speed_deg};
      value_row("turn (deg/s)", angular, "%.1f");
    }
    ImGui::EndTable();
  }
  if (!values.has_speeds) ImGui::TextDisabled("speeds: preview a clip");
}

// One joint's row and its children's, as a tree (open at first: a wrist is deep).
void draw_tree_node(const anim::Skeleton& skeleton, const std::vector<std::vector<int>>& children,
                    int joint, std::vector<int>& selection) {
  const bool selected = std::find(selection.begin(), selection.end(), joint) != selection.end();
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (selected) flags |= ImGuiTreeNodeFlags_Selected;
  if (children[joint].empty()) flags |= ImGuiTreeNodeFlags_Leaf;
  flags |= ImGuiTreeNodeFlags_DefaultOpen;
  const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(joint)),
                                      flags, "%s", skeleton.joint_names[joint].c_str());
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
    select_joint(selection, joint, ImGui::GetIO().KeyShift);
  }
  if (!open) return;
  for (const int child : children[joint]) {
    draw_tree_node(skeleton, children, child, selection);
  }
  ImGui::TreePop();
}

}  // namespace

void select_joint(std::vector<int>& selection, int joint, bool add) {
  if (!add) {
    selection.clear();
    if (joint >= 0) selection.push_back(joint);
    return;
  }
  if (joint < 0) return;
  const auto at = std::find(selection.begin(), selection.end(), joint);
  if (at != selection.end()) {
    selection.erase(at);
  } else {
    selection.push_back(joint);
  }
}

void trim_selection(std::vector<int>& selection, int joint_count) {
  std::erase_if(selection, [joint_count](int j) { return j < 0 || j >= joint_count; });
}

std::vector<std::string> selected_joint_names(std::span<const int> selection,
                                              const anim::Skeleton& skeleton) {
  std::vector<std::string> names;
  for (const int j : selection) {
    if (j >= 0 && j < skeleton.joint_count()) {
      names.push_back(skeleton.joint_names[static_cast<std::size_t>(j)]);
    }
  }
  return names;
}

std::vector<int> joints_named(std::span<const std::string> names, const anim::Skeleton& skeleton) {
  std::vector<int> joints;
  for (const std::string& name : names) {
    if (const int j = skeleton.find_joint(name); j >= 0) joints.push_back(j);
  }
  return joints;
}

std::string joint_values_json(const std::string& joint, anim::EulerOrder order,
                              const JointInspectorValues& values) {
  nlohmann::json out{{"joint", joint},
                     {"euler_order", anim::euler_order_name(order)},
                     {"metres_per_file_unit", values.metres_per_file_unit},
                     {"frame", project::joint_motion_frame_to_json(values.frame)}};
  if (!values.has_speeds) {
    out["frame"]["linear_speed"] = nullptr;
    out["frame"]["angular_speed_deg"] = nullptr;
  }
  return out.dump(2);
}

void draw_joint_inspector(const anim::Skeleton& skeleton, JointInspectorState& state,
                          const JointInspectorValues& values) {
  state.shown = true;
  trim_selection(state.selection, skeleton.joint_count());
  int order = static_cast<int>(state.order);
  const char* orders[] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};
  ImGui::SetNextItemWidth(80.0f);
  if (ImGui::Combo("Euler order", &order, orders, IM_ARRAYSIZE(orders))) {
    state.order = static_cast<anim::EulerOrder>(order);
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  state.values_center = {at.x + 60.0f, at.y + 8.0f};
  if (state.selection.empty()) {
    ImGui::TextDisabled("Click a joint (Shift adds)");
  } else if (values.valid) {
    const std::string& name = skeleton.joint_names[state.selection.back()];
    draw_values(name, values, state.order);
    if (ImGui::Button("Copy JSON")) {
      ImGui::SetClipboardText(joint_values_json(name, state.order, values).c_str());
    }
    if (state.selection.size() > 1) {
      ImGui::TextDisabled("%zu joints selected; the last is shown", state.selection.size());
    }
  }
  ImGui::Separator();
  std::vector<std::vector<int>> children(skeleton.joint_count());
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.parents[j] >= 0) children[skeleton.parents[j]].push_back(j);
  }
  ImGui::BeginChild("skeleton tree");
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.parents[j] < 0) draw_tree_node(skeleton, children, j, state.selection);
  }
  ImGui::EndChild();
}

}  // namespace ui
