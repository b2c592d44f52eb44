#pragma once
// A joint's motion trail over the viewport: its world path as a line coloured by speed (blue
// slow, red at the fastest of the trail), a tick per frame, the playhead's point ringed.

#include <span>

#include <glm/glm.hpp>

namespace ui {

// The colour of speed on a trail whose fastest point goes max_speed: blue (0) to red (max),
// RGB in [0, 1].
glm::vec3 trail_speed_colour(float speed, float max_speed);

// Draws points (world space; speeds one per point) with ImGui's foreground list, placed by
// view_projection in viewport (x, y, width, height; window pixels from the top left); points
// behind the camera are skipped. playhead indexes the point ringed (-1: none).
void draw_motion_trail(std::span<const glm::vec3> points, std::span<const float> speeds,
                       int playhead, const glm::mat4& view_projection, const glm::vec4& viewport);

}  // namespace ui
