#include "ui/rig_panel.h"

#include <imgui.h>

#include <algorithm>

#include "project/rig_corrections.h"

namespace ui {

namespace {

const char* joint_name(const anim::Skeleton& skeleton, int j) {
  return j >= 0 && j < skeleton.joint_count() ? skeleton.joint_names[j].c_str() : "-";
}

// A joint button: pressing it waits for a click on a joint in the viewport; its popup lists the
// joints to choose one directly. Returns the joint chosen from the list, or -1.
int joint_button(const anim::Skeleton& skeleton, int joint, bool waiting, RigPanelState& state,
                 int limb, int slot) {
  ImGui::PushID(limb * 64 + slot + 64);
  std::string label = waiting ? std::string("click a joint...") : joint_name(skeleton, joint);
  if (ImGui::SmallButton(label.c_str())) {
    state.picking = !waiting;
    state.limb = limb;
    state.slot = slot;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click, then click a joint (right-click: list)");
  int chosen = -1;
  if (ImGui::BeginPopupContextItem("joints")) {
    for (int j = 0; j < skeleton.joint_count(); ++j) {
      if (ImGui::Selectable(skeleton.joint_names[j].c_str(), j == joint)) chosen = j;
    }
    ImGui::EndPopup();
  }
  ImGui::PopID();
  return chosen;
}

}  // namespace

bool set_rig_joint(const anim::Skeleton& skeleton, const anim::Rig& rig,
                   project::ProjectRig& corrections, int limb, int slot, int joint) {
  if (joint < 0 || joint >= skeleton.joint_count()) return false;
  if (corrections.limbs.empty()) project::store_rig(skeleton, rig, corrections);
  if (limb < 0) {
    corrections.pelvis = skeleton.joint_names[joint];
    return true;
  }
  if (limb >= static_cast<int>(corrections.limbs.size())) return false;
  std::vector<std::string>& joints = corrections.limbs[static_cast<std::size_t>(limb)].joints;
  if (slot < 0 || slot > static_cast<int>(joints.size())) return false;
  if (slot == static_cast<int>(joints.size())) {
    joints.push_back(skeleton.joint_names[joint]);  // a tip added to a limb without one
  } else {
    joints[static_cast<std::size_t>(slot)] = skeleton.joint_names[joint];
  }
  return true;
}

namespace {

// Each limb's side and role (with "flip side") and its joints as buttons that pick another.
// Returns whether the corrections changed.
bool draw_limbs(const anim::Skeleton& skeleton, const anim::Rig& rig,
                project::ProjectRig& corrections, RigPanelState& state) {
  bool changed = false;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const anim::Limb& limb = rig.limbs[i];
    const int li = static_cast<int>(i);
    ImGui::PushID(li);
    ImGui::Text("%s %s%s", anim::to_string(limb.side), anim::to_string(limb.role),
                limb.front ? " (front)" : "");
    ImGui::SameLine();
    if (ImGui::SmallButton("flip side")) {
      if (corrections.limbs.empty()) project::store_rig(skeleton, rig, corrections);
      std::string& side = corrections.limbs[i].side;
      side = side == "left" ? "right" : side == "right" ? "left" : side;
      changed = true;
    }
    ImGui::Indent();
    for (std::size_t k = 0; k < limb.joints.size(); ++k) {
      const int slot = static_cast<int>(k);
      const bool waiting = state.picking && state.limb == li && state.slot == slot;
      if (k > 0) ImGui::SameLine();
      if (const int j = joint_button(skeleton, limb.joints[k], waiting, state, li, slot); j >= 0) {
        changed |= set_rig_joint(skeleton, rig, corrections, li, slot, j);
      }
    }
    ImGui::Unindent();
    ImGui::PopID();
  }
  return changed;
}

// The left/right table: the pairs, and a new pair chosen from two lists. Returns whether the
// corrections changed.
bool draw_mirror_pairs(const anim::Skeleton& skeleton, const anim::MirrorTable& table,
                       project::ProjectRig& corrections, RigPanelState& state) {
  bool changed = false;
  if (ImGui::CollapsingHeader("Left / right")) {
    for (int j = 0; j < static_cast<int>(table.partner.size()); ++j) {
      const int p = table.partner[static_cast<std::size_t>(j)];
      if (p > j) ImGui::Text("%s <-> %s", joint_name(skeleton, j), joint_name(skeleton, p));
    }
    auto combo = [&](const char* label, int& value) {
      if (ImGui::BeginCombo(label, joint_name(skeleton, value))) {
        for (int j = 0; j < skeleton.joint_count(); ++j) {
          if (ImGui::Selectable(skeleton.joint_names[j].c_str(), j == value)) value = j;
        }
        ImGui::EndCombo();
      }
    };
    combo("joint", state.pair_a);
    combo("mirrors", state.pair_b);
    if (state.pair_a >= 0 && state.pair_b >= 0 && ImGui::Button("Pair")) {
      corrections.mirror_pairs.emplace_back(skeleton.joint_names[state.pair_a],
                                            skeleton.joint_names[state.pair_b]);
      changed = true;
    }
  }
  return changed;
}

// Which clips play mirrored, one checkbox each. Returns whether the corrections changed.
bool draw_mirrored_clips(project::ProjectRig& corrections, std::span<const std::string> clips) {
  bool changed = false;
  if (ImGui::CollapsingHeader("Mirrored clips")) {
    std::vector<std::string>& mirrored = corrections.mirrored_clips;
    for (const std::string& name : clips) {
      const auto it = std::find(mirrored.begin(), mirrored.end(), name);
      bool on = it != mirrored.end();
      if (ImGui::Checkbox(name.c_str(), &on)) {
        if (on) {
          mirrored.push_back(name);
        } else {
          mirrored.erase(it);
        }
        changed = true;
      }
    }
  }
  return changed;
}

}  // namespace

RigPanelChange draw_rig_panel(const anim::Skeleton& skeleton, const anim::Rig& rig,
                              const std::string& reason, const anim::MirrorTable& table,
                              project::ProjectRig& corrections, RigPanelState& state,
                              int clicked_joint, std::span<const std::string> clips) {
  RigPanelChange change;
  if (state.picking && clicked_joint >= 0) {
    change.corrections_changed =
        set_rig_joint(skeleton, rig, corrections, state.limb, state.slot, clicked_joint);
    state.picking = false;
  }
  if (rig.limbs.empty()) {
    ImGui::TextWrapped("No rig found: %s", reason.empty() ? "no legs" : reason.c_str());
  } else {
    ImGui::Text("%s, found by %s", anim::rig_kind(rig), rig.found_by.c_str());
    if (!reason.empty()) ImGui::TextWrapped("%s", reason.c_str());
  }
  ImGui::TextUnformatted("Pelvis:");
  ImGui::SameLine();
  const bool pelvis_waiting = state.picking && state.limb == -1;
  if (const int j = joint_button(skeleton, rig.pelvis, pelvis_waiting, state, -1, 0); j >= 0) {
    change.corrections_changed |= set_rig_joint(skeleton, rig, corrections, -1, 0, j);
  }
  ImGui::Text("Chest: %s  Neck: %s  Head: %s", joint_name(skeleton, rig.chest),
              joint_name(skeleton, rig.neck), joint_name(skeleton, rig.head));
  change.corrections_changed |= draw_limbs(skeleton, rig, corrections, state);
  if (!corrections.empty() && ImGui::Button("Use the rig as found")) {
    corrections = {};
    change.corrections_changed = true;
  }

  change.corrections_changed |= draw_mirror_pairs(skeleton, table, corrections, state);
  if (!clips.empty()) change.corrections_changed |= draw_mirrored_clips(corrections, clips);
  return change;
}

namespace {

// Where joint of model lands in the viewport (window pixels), or false when it is not a joint
// or lies behind the camera.
bool joint_on_screen(std::span<const glm::mat4> model, const glm::mat4& clip_from_model,
                     const glm::vec4& viewport, int joint, ImVec2& out) {
  if (joint < 0 || joint >= static_cast<int>(model.size())) return false;
  const glm::vec4 c = clip_from_model * model[static_cast<std::size_t>(joint)][3];
  if (!(c.w > 1e-6f)) return false;
  out = ImVec2(viewport.x + (c.x / c.w * 0.5f + 0.5f) * viewport.z,
               viewport.y + (0.5f - c.y / c.w * 0.5f) * viewport.w);
  return true;
}

}  // namespace

bool joints_pickable(bool skeleton_shown, const RigPanelModel& panel) {
  return skeleton_shown || (panel.shown && panel.state.picking);
}

bool joint_pixel(std::span<const glm::mat4> model, const glm::mat4& world_from_model,
                 const glm::mat4& view_projection, const glm::vec4& viewport, int joint,
                 glm::vec2& out) {
  ImVec2 p;
  if (!joint_on_screen(model, view_projection * world_from_model, viewport, joint, p)) {
    return false;
  }
  out = {p.x, p.y};
  return true;
}

void draw_joint_markers(std::span<const glm::mat4> model, const glm::mat4& world_from_model,
                        const glm::mat4& view_projection, const glm::vec4& viewport,
                        int hovered_joint, std::span<const int> selected, bool every_joint) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->PushClipRect(ImVec2(viewport.x, viewport.y),
                     ImVec2(viewport.x + viewport.z, viewport.y + viewport.w));
  const glm::mat4 clip_from_model = view_projection * world_from_model;
  for (int j = 0; j < static_cast<int>(model.size()); ++j) {
    ImVec2 p;
    const bool chosen = std::find(selected.begin(), selected.end(), j) != selected.end();
    if (!(every_joint || chosen) || !joint_on_screen(model, clip_from_model, viewport, j, p)) {
      continue;
    }
    const bool hovered = j == hovered_joint;
    const ImU32 fill = hovered  ? IM_COL32(255, 240, 120, 255)
                       : chosen ? IM_COL32(255, 150, 40, 255)
                                : IM_COL32(235, 235, 235, 220);
    draw->AddCircleFilled(p, hovered || chosen ? 6.0f : 4.0f, fill);
    draw->AddCircle(p, hovered || chosen ? 7.0f : 5.0f, IM_COL32(20, 20, 20, 255), 0, 1.5f);
    if (chosen) draw->AddCircle(p, 11.0f, IM_COL32(255, 150, 40, 255), 0, 2.0f);
  }
  draw->PopClipRect();
}

void draw_rig_overlay(const anim::Rig& rig, std::span<const glm::mat4> model,
                      const glm::mat4& world_from_model, const glm::mat4& view_projection,
                      const glm::vec4& viewport) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  // Kept inside the 3D view: a character walking off it does not draw over the panels.
  draw->PushClipRect(ImVec2(viewport.x, viewport.y),
                     ImVec2(viewport.x + viewport.z, viewport.y + viewport.w));
  const glm::mat4 clip_from_model = view_projection * world_from_model;
  auto screen = [&](int joint, ImVec2& out) {
    return joint_on_screen(model, clip_from_model, viewport, joint, out);
  };
  for (const anim::Limb& limb : rig.limbs) {
    const bool left = limb.side == anim::LimbSide::Left;
    const ImU32 color = limb.role == anim::LimbRole::Leg
                            ? (left ? IM_COL32(90, 255, 120, 255) : IM_COL32(40, 150, 70, 255))
                            : (left ? IM_COL32(110, 170, 255, 255) : IM_COL32(50, 90, 170, 255));
    ImVec2 previous;
    bool has_previous = false;
    for (int j : limb.joints) {
      ImVec2 p;
      if (!screen(j, p)) {
        has_previous = false;
        continue;
      }
      if (has_previous) draw->AddLine(previous, p, color, 3.0f);
      draw->AddCircleFilled(p, 4.0f, color);
      previous = p;
      has_previous = true;
    }
  }
  if (ImVec2 p; screen(rig.pelvis, p))
    draw->AddCircle(p, 7.0f, IM_COL32(255, 210, 60, 255), 0, 2.0f);
  draw->PopClipRect();
}

}  // namespace ui
