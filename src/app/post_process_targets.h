#pragma once
// The post-process stack's targets in the viewport (issue 42): while Debug draw is on, each
// look-at and multi-bone IK target is a handle the left mouse button grabs and drags on the
// plane through the target that faces the camera; the project's target changes live (saved
// with the project, like the Post-process panel's edits) and the playing instance takes it
// without a new binding. An entry that follows the camera takes the camera's eye as its target
// every frame (the project keeps its own target).

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "app/viewer_scene.h"
#include "visual/view_settings.h"

namespace app {

struct TargetHandle {
  int entry = -1;         // the project's post_process index
  glm::vec2 pixel{0.0f};  // where it is drawn, window pixels
};

// The camera the handles were placed with, for the state log (a script can tell how far a
// pixel reaches at a target's depth).
struct TargetCamera {
  glm::vec3 eye{0.0f}, target{0.0f};
  float fov_y_rad = 0.0f;
  float viewport_height_px = 0.0f;
};

// What the drag keeps between frames, and what the state log reports.
struct TargetDragState {
  int dragged = -1;                   // the project entry being dragged, or -1
  glm::vec2 grab_offset{0.0f};        // the handle's pixel minus the pointer's when grabbed
  std::vector<TargetHandle> handles;  // this frame's, for the state log
  TargetCamera camera;
};

// The entry of the bound stack that entry `entry` of the project's stack binds to, or -1:
// look-at and multi-bone IK entries bind one to one in order, so the k-th of a kind in the
// project is the k-th of that kind in the stack.
int bound_entry_of(std::span<const project::ProjectPostProcess> stack,
                   std::span<const anim::PostProcessEntry> bound, int entry);
// The same for project's stack bound in scene.instance.post_process().
int bound_entry_of(const project::Project& project, const ViewerScene& scene, int entry);

// Sets the target of project entry `entry` (model space) in project and in the playing
// instance, with no allocation.
void set_post_process_target(project::Project& project, ViewerScene& scene, int entry,
                             const glm::vec3& target);

// Entries of project's stack following the camera take eye (world) as their target, in the
// instance (a move counts).
void follow_camera_targets(const project::Project& project, ViewerScene& scene,
                           const glm::vec3& eye);

// Sets the parameters each look-at entry names (scene.aim_drivers: aim_yaw_parameter,
// aim_pitch_parameter) to its target's yaw and pitch (anim::look_at_aim_angles), for the aim
// offset's blend space; call before the frame that plays them. No allocation.
void drive_aim_parameters(ViewerScene& scene);

// Once a frame before the camera moves: entries following the camera take eye (world) as
// their target; with Debug draw on, the handles are drawn (ImGui's foreground list, the frame
// open) and a press on one starts a drag that lasts while the left button is held. Returns
// whether a handle is being dragged (the camera must then not orbit).
bool drag_post_process_targets(project::Project& project, ViewerScene& scene,
                               const visual::SceneView& view, TargetDragState& drag,
                               const glm::vec4& viewport, const glm::mat4& view_projection,
                               const glm::vec3& eye);

}  // namespace app
