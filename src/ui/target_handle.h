#pragma once
// A point in the 3D view grabbed and dragged with the mouse (a look-at or IK target): where it is
// drawn, and where a drag to another pixel puts it: on the plane through the point facing the
// camera (the same depth), so the point stays under the pointer as a hand expects.

#include <glm/glm.hpp>

namespace ui {

// The pixel (x, y from the viewport's top left, in window pixels) and the normalized depth
// (z in [-1, 1]) of world point p seen through view_projection in viewport (x, y, width,
// height). False (out untouched) when p is behind the camera.
bool point_pixel(const glm::vec3& p, const glm::mat4& view_projection, const glm::vec4& viewport,
                 glm::vec3& out);

// The point at pixel on the plane through p that faces the camera (p's depth): p itself when
// pixel is where p is drawn. p must be in front of the camera (point_pixel true).
glm::vec3 drag_at_depth(const glm::vec3& p, const glm::mat4& view_projection,
                        const glm::vec4& viewport, const glm::vec2& pixel);

}  // namespace ui
