#pragma once
// A joint's motion trail as the frame draws it: its world path over a run of frames as lines
// coloured by speed (blue slow, red at the fastest of the trail), a tick per frame, larger ticks
// where the joint has a key, and the playhead's point marked in white.

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "render/line_renderer.h"

namespace render {

// One joint's trail: world positions one per frame in time order, the speed at each (any unit,
// only relative speeds colour it), whether a key of the joint falls on each frame (1) or not (0),
// and which point is the playhead's (-1: none).
struct MotionTrail {
  std::vector<glm::vec3> points;
  std::vector<float> speeds;
  std::vector<std::uint8_t> keyed;
  int playhead = -1;
};

// The colour of speed on a trail whose fastest point goes max_speed: blue (0) to red (max),
// RGB in [0, 1].
glm::vec3 trail_speed_colour(float speed, float max_speed);

// Adds trail to lines: a segment between consecutive points in the colour of the later one's
// speed, a cross of half-size tick_m at each point (2.5 times that at a keyed frame), and a
// white cross of 4 times that at the playhead. A trail whose spans differ in size adds nothing.
void add_motion_trail(LineRenderer& lines, const MotionTrail& trail, float tick_m);

}  // namespace render
