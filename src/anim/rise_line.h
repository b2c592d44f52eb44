#pragma once

// The ground's rise along a body, as a straight line through where its feet must go: a
// quadruped's hips and shoulders each take the line's height above them, so the body tilts with
// the ground between them rather than by the rise between feet that reach far beyond them.

#include <span>

#include <glm/glm.hpp>

namespace anim {

struct RiseLine {
  float offset_m = 0.0f;  // the rise at s = 0
  float slope = 0.0f;     // metres of rise per metre along the body

  float at(float s) const { return offset_m + slope * s; }
};

// The least-squares line through samples (s, rise): s a position along the body, rise a foot's
// target height above its animated height. Samples that all share one s (or none) give a level
// line at their mean rise.
RiseLine fit_rise_line(std::span<const glm::vec2> samples);

}  // namespace anim
