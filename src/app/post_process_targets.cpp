#include "app/post_process_targets.h"

#include <imgui.h>

#include "anim/aim_offset.h"

#include "ui/target_handle.h"

namespace app {

namespace {

constexpr float kGrabRadius_px = 10.0f;

bool has_target(anim::PostProcessKind kind) {
  return kind == anim::PostProcessKind::LookAt || kind == anim::PostProcessKind::MultiBoneIk;
}

}  // namespace

int bound_entry_of(std::span<const project::ProjectPostProcess> stack,
                   std::span<const anim::PostProcessEntry> bound, int entry) {
  if (entry < 0 || entry >= static_cast<int>(stack.size())) return -1;
  const anim::PostProcessKind kind = stack[static_cast<std::size_t>(entry)].kind;
  if (!has_target(kind)) return -1;
  int nth = 0;
  for (int i = 0; i < entry; ++i) nth += stack[static_cast<std::size_t>(i)].kind == kind;
  for (std::size_t b = 0; b < bound.size(); ++b) {
    if (bound[b].kind == kind && nth-- == 0) return static_cast<int>(b);
  }
  return -1;
}

int bound_entry_of(const project::Project& project, const ViewerScene& scene, int entry) {
  return bound_entry_of(project.post_process, scene.instance.post_process(), entry);
}

namespace {

// The playing instance's entry b takes target, with no new binding.
void set_bound_target(ViewerScene& scene, int b, const glm::vec3& target) {
  anim::PostProcessEntry& e = scene.instance.edit_post_process()[static_cast<std::size_t>(b)];
  if (e.kind == anim::PostProcessKind::LookAt) e.look_at_goal.target = target;
  if (e.kind == anim::PostProcessKind::MultiBoneIk) e.ik_goal.target = target;
}

}  // namespace

void set_post_process_target(project::Project& project, ViewerScene& scene, int entry,
                             const glm::vec3& target) {
  const int b = bound_entry_of(project, scene, entry);
  if (b < 0) return;
  project.post_process[static_cast<std::size_t>(entry)].target = target;
  set_bound_target(scene, b, target);
  ++scene.post_process_revision;  // the probes and the curves take the new target
}

void follow_camera_targets(const project::Project& project, ViewerScene& scene,
                           const glm::vec3& eye) {
  const glm::vec3 target =
      glm::vec3(glm::inverse(scene.instance.world_matrix()) * glm::vec4(eye, 1.0f));
  const auto& stack = project.post_process;
  bool moved = false;
  for (std::size_t i = 0; i < stack.size(); ++i) {
    const int b = stack[i].follow_camera ? bound_entry_of(project, scene, static_cast<int>(i)) : -1;
    if (b < 0) continue;
    const anim::PostProcessEntry& e = scene.instance.post_process()[static_cast<std::size_t>(b)];
    const glm::vec3& was =
        e.kind == anim::PostProcessKind::LookAt ? e.look_at_goal.target : e.ik_goal.target;
    moved |= was != target;
    set_bound_target(scene, b, target);
  }
  // The probes and the curves take the stack again, but not while the camera stays still.
  if (moved) ++scene.post_process_revision;
}

void drive_aim_parameters(ViewerScene& scene) {
  const std::span<const anim::PostProcessEntry> bound = scene.instance.post_process();
  for (const AimDriver& p : scene.aim_drivers) {
    if (p.entry < 0 || p.entry >= static_cast<int>(bound.size())) continue;
    const anim::PostProcessEntry& e = bound[static_cast<std::size_t>(p.entry)];
    const anim::AimAngles a =
        anim::look_at_aim_angles(scene.character.skeleton, e.look_at, e.look_at_goal.target);
    if (const int yaw = scene.parameters.find(p.yaw_parameter); yaw >= 0) {
      scene.parameters.set(yaw, a.yaw_deg);
    }
    if (const int pitch = scene.parameters.find(p.pitch_parameter); pitch >= 0) {
      scene.parameters.set(pitch, a.pitch_deg);
    }
  }
}

namespace {

void draw_handle(const glm::vec2& p, bool hot) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const ImU32 color = hot ? IM_COL32(255, 230, 80, 255) : IM_COL32(80, 220, 255, 220);
  draw->AddCircle(ImVec2(p.x, p.y), kGrabRadius_px, color, 16, 2.0f);
  draw->AddCircleFilled(ImVec2(p.x, p.y), 3.0f, color);
}

}  // namespace

bool drag_post_process_targets(project::Project& authored, ViewerScene& scene,
                               const visual::SceneView& view, TargetDragState& drag,
                               const glm::vec4& viewport, const glm::mat4& view_projection,
                               const glm::vec3& eye) {
  drag.handles.clear();
  if (!scene.loaded || !scene.settings.post_process) {
    drag.dragged = -1;
    return false;
  }
  follow_camera_targets(authored, scene, eye);
  const ImGuiIO& io = ImGui::GetIO();
  if (!view.show_foot_ik_debug || !ImGui::IsMouseDown(ImGuiMouseButton_Left)) drag.dragged = -1;
  if (!view.show_foot_ik_debug) return false;
  const glm::mat4 world = scene.instance.world_matrix();
  const glm::vec2 mouse(io.MousePos.x, io.MousePos.y);
  const auto& project = authored.post_process;
  int hovered = -1;
  for (std::size_t i = 0; i < project.size(); ++i) {
    const project::ProjectPostProcess& e = project[i];
    glm::vec3 at(0.0f);
    if (!has_target(e.kind) || e.follow_camera ||
        bound_entry_of(authored, scene, static_cast<int>(i)) < 0 ||
        !ui::point_pixel(glm::vec3(world * glm::vec4(e.target, 1.0f)), view_projection, viewport,
                         at)) {
      continue;
    }
    const glm::vec2 pixel(at);
    drag.handles.push_back({static_cast<int>(i), pixel});
    if (!io.WantCaptureMouse && glm::distance(pixel, mouse) <= kGrabRadius_px) {
      hovered = static_cast<int>(i);
    }
  }
  if (drag.dragged < 0 && hovered >= 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    drag.dragged = hovered;
    for (const TargetHandle& h : drag.handles) {
      if (h.entry == hovered) drag.grab_offset = h.pixel - mouse;
    }
  }
  if (drag.dragged >= 0) {
    const glm::vec3 target = project[static_cast<std::size_t>(drag.dragged)].target;
    const glm::vec3 moved = ui::drag_at_depth(glm::vec3(world * glm::vec4(target, 1.0f)),
                                              view_projection, viewport, mouse + drag.grab_offset);
    set_post_process_target(authored, scene, drag.dragged,
                            glm::vec3(glm::inverse(world) * glm::vec4(moved, 1.0f)));
  }
  for (const TargetHandle& h : drag.handles) {
    draw_handle(h.pixel, h.entry == hovered || h.entry == drag.dragged);
  }
  return drag.dragged >= 0;
}

}  // namespace app
