#pragma once
// Orbit camera: a target point, a distance, and yaw/pitch about it (radians, Y-up).

#include <glm/glm.hpp>

namespace render {

// The smallest radius frame() fits, for a box that is a point: far below any mesh a file holds
// (a sphere a fifth of a millimetre across, a centimetre file's 0.02 units, fills the picture),
// and far above what a float at the scene's scale still tells apart.
constexpr float kMinFramedRadius_m = 1e-5f;

struct OrbitCamera {
  glm::vec3 target{0.0f, 0.9f, 0.0f};
  float distance_m = 4.0f;
  float yaw = 0.6f;     // about +Y; 0 looks along -Z from +Z
  float pitch = 0.25f;  // positive looks down
  float fov_y = 0.7854f;
  float near_m = 0.05f;
  float far_m = 500.0f;
  // Orthographic: parallel projection showing what a perspective view shows at the target's
  // distance (the same height of the world on screen), as Blender's numpad 5 switches.
  bool orthographic = false;

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

  void orbit(float delta_yaw, float delta_pitch);
  // Moves the target in the view plane by a fraction of the distance (screen-space deltas).
  void pan(float dx, float dy);
  // Scales the distance: factor > 1 moves away.
  void dolly(float factor);
  // Places the target at the centre of a bounding box and backs off, keeping yaw and pitch,
  // until every corner of the box fits a view of that aspect (width over height) with a margin.
  void frame(const glm::vec3& box_min, const glm::vec3& box_max, float aspect);
};

// The axis views of Blender's numpad (and Maya's front/side/top panels): front looks along -Z
// from +Z (numpad 1), right looks along -X from +X (numpad 3), top looks down -Y (numpad 7).
// The target and distance are kept; the camera becomes orthographic, as Blender's do.
enum class AxisView { Front, Right, Top };
void look_along(OrbitCamera& camera, AxisView view);

// Keeps the camera's eye at least clearance_m above the ground height ground_y_m under it, by
// raising the target out of the ground and then the pitch (the least change that does it), so
// orbiting never looks up through the floor. The distance and yaw are kept. A camera closer
// than 50 clearances (framed on a thing of a few centimetres or less) keeps a fiftieth of its
// distance instead: lifting its target by clearance_m would take what it frames out of view.
void keep_above_ground(OrbitCamera& camera, float ground_y_m, float clearance_m = 0.05f);

}  // namespace render
