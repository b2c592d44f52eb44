#include "ui/post_process_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "ui/item_center.h"

namespace ui {

std::vector<std::string> split_joint_names(const char* text) {
  std::vector<std::string> names;
  std::string name;
  for (const char* c = text;; ++c) {
    if (*c == '\0' || *c == ',' || *c == ' ') {
      if (!name.empty()) names.push_back(std::move(name));
      name.clear();
      if (*c == '\0') break;
    } else {
      name += *c;
    }
  }
  return names;
}

namespace {

// The joints as one editable line; committed on Enter.
bool edit_joints(std::vector<std::string>& joints, const char* hint) {
  std::string line;
  for (const std::string& j : joints) {
    if (!line.empty()) line += ", ";
    line += j;
  }
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%s", line.c_str());
  ImGui::SetNextItemWidth(-1.0f);
  if (!ImGui::InputTextWithHint("##joints", hint, buffer, sizeof buffer,
                                ImGuiInputTextFlags_EnterReturnsTrue)) {
    return false;
  }
  joints = split_joint_names(buffer);
  return true;
}

// A parameter's name as an editable line; committed on Enter.
bool edit_parameter_name(std::string& name, const char* label) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "%s", name.c_str());
  if (!ImGui::InputText(label, buffer, sizeof buffer, ImGuiInputTextFlags_EnterReturnsTrue)) {
    return false;
  }
  name = buffer;
  return true;
}

// The settings of one entry's kind. True when one changed.
bool edit_settings(project::ProjectPostProcess& e) {
  bool changed = false;
  switch (e.kind) {
    case anim::PostProcessKind::LookAt:
      changed |= edit_joints(e.joints, "joints: the rig's chest, neck, head");
      changed |= ImGui::DragFloat3("target (m)", &e.target.x, 0.01f);
      changed |= ImGui::SliderFloat("limit (deg)", &e.limit_deg, 1.0f, 180.0f, "%.0f");
      changed |= ImGui::Checkbox("follow camera", &e.follow_camera);
      changed |= edit_parameter_name(e.aim_yaw_parameter, "aim offset yaw parameter");
      changed |= edit_parameter_name(e.aim_pitch_parameter, "aim offset pitch parameter");
      break;
    case anim::PostProcessKind::Twist:
      changed |= edit_joints(e.joints, "followed joint: every twist joint found");
      break;
    case anim::PostProcessKind::Spring:
      changed |= edit_joints(e.joints, "chain: first joint, its child, ...");
      changed |= ImGui::SliderFloat("frequency (Hz)", &e.frequency_hz, 0.1f, 20.0f, "%.2f");
      changed |= ImGui::SliderFloat("damping ratio", &e.damping_ratio, 0.0f, 3.0f, "%.2f");
      changed |= ImGui::DragFloat3("gravity (m/s2)", &e.gravity.x, 0.1f);
      changed |= ImGui::DragFloat3("sphere centre (m)", &e.sphere_center.x, 0.01f);
      changed |= ImGui::DragFloat("sphere radius (m)", &e.sphere_radius_m, 0.005f, 0.0f, 10.0f);
      break;
    case anim::PostProcessKind::MultiBoneIk:
      changed |= edit_joints(e.joints, "chain: root, ..., end effector");
      changed |= ImGui::DragFloat3("target (m)", &e.target.x, 0.01f);
      changed |= ImGui::SliderFloat("cone (deg, 0 free)", &e.cone_deg, 0.0f, 180.0f, "%.0f");
      changed |= ImGui::Checkbox("follow camera", &e.follow_camera);
      break;
    case anim::PostProcessKind::FootIk:
      ImGui::TextDisabled("the rig's legs; on and off with Foot IK");
      break;
  }
  return changed;
}

// One entry's header row and settings; the move asked for in move (-1 up, +1 down, 2 remove).
bool draw_entry(project::ProjectPostProcess& e, int index, int count, int& move,
                glm::vec2& mute_center) {
  bool changed = false;
  ImGui::PushID(index);
  char label[64];
  std::snprintf(label, sizeof label, "%d. %s###entry", index + 1, anim::to_string(e.kind));
  const bool open = ImGui::TreeNodeEx(label, ImGuiTreeNodeFlags_DefaultOpen);
  ImGui::SameLine();
  if (index > 0 && ImGui::SmallButton("up")) move = -1;
  ImGui::SameLine();
  if (index + 1 < count && ImGui::SmallButton("down")) move = 1;
  ImGui::SameLine();
  if (ImGui::SmallButton("remove")) move = 2;
  if (open) {
    changed |= ImGui::Checkbox("solo", &e.solo);
    ImGui::SameLine();
    changed |= ImGui::Checkbox("mute", &e.mute);
    mute_center = last_item_center();
    ImGui::SameLine();
    changed |= ImGui::Checkbox("ghost", &e.ghost);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    changed |= ImGui::SliderFloat("##weight", &e.weight, 0.0f, 1.0f, "weight %.2f");
    changed |= edit_settings(e);
    ImGui::TreePop();
  }
  ImGui::PopID();
  return changed || move != 0;
}

}  // namespace

bool draw_post_process_panel(std::vector<project::ProjectPostProcess>& entries,
                             std::vector<glm::vec2>* mute_centers) {
  std::vector<glm::vec2> none;
  std::vector<glm::vec2>& centers = mute_centers ? *mute_centers : none;
  centers.assign(entries.size(), glm::vec2(0.0f));
  // Open at first when the project has a stack, so it is seen.
  const ImGuiTreeNodeFlags flags = entries.empty() ? 0 : ImGuiTreeNodeFlags_DefaultOpen;
  if (!ImGui::CollapsingHeader("Post-process", flags)) return false;
  bool changed = false;
  int moved = -1, move = 0;
  const int count = static_cast<int>(entries.size());
  for (int i = 0; i < count; ++i) {
    int m = 0;
    changed |= draw_entry(entries[static_cast<std::size_t>(i)], i, count, m,
                          centers[static_cast<std::size_t>(i)]);
    if (m != 0) {
      moved = i;
      move = m;
    }
  }
  if (moved >= 0 && move == 2) {
    entries.erase(entries.begin() + moved);
  } else if (moved >= 0) {
    std::swap(entries[static_cast<std::size_t>(moved)],
              entries[static_cast<std::size_t>(moved + move)]);
  }
  ImGui::TextUnformatted("add:");
  // Foot IK runs once: its entry is offered only while the stack has none (it then runs first).
  const bool has_foot_ik = std::any_of(entries.begin(), entries.end(), [](const auto& e) {
    return e.kind == anim::PostProcessKind::FootIk;
  });
  if (!has_foot_ik) {
    ImGui::SameLine();
    if (ImGui::SmallButton(anim::to_string(anim::PostProcessKind::FootIk))) {
      project::put_foot_ik_first_if_missing(entries);
      changed = true;
    }
  }
  for (const anim::PostProcessKind kind :
       {anim::PostProcessKind::LookAt, anim::PostProcessKind::Twist, anim::PostProcessKind::Spring,
        anim::PostProcessKind::MultiBoneIk}) {
    ImGui::SameLine();
    if (ImGui::SmallButton(anim::to_string(kind))) {
      entries.emplace_back().kind = kind;
      changed = true;
    }
  }
  return changed;
}

}  // namespace ui
