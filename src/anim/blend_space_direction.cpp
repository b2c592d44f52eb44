#include "anim/blend_space_direction.h"

#include <cmath>

#include <glm/gtc/constants.hpp>

namespace anim {
namespace {

constexpr float kCentre = 1e-4f;
// Neighbouring samples further apart than this pull against each other (a forward and a backward
// walk): their blend does not travel between them.
constexpr float kWidestCoveredGap_rad = 0.5f * glm::pi<float>();
constexpr float kTie_rad = 1e-4f;

float heading(glm::vec2 p) {
  return std::atan2(p.x, p.y);
}

// angle_rad brought into [0, 2 pi).
float positive_angle(float angle_rad) {
  const float two_pi = 2.0f * glm::pi<float>();
  const float a = std::fmod(angle_rad, two_pi);
  return a < 0.0f ? a + two_pi : a;
}

}  // namespace

float uncovered_direction_angle(std::span<const glm::vec2> positions, glm::vec2 point) {
  if (glm::length(point) < kCentre) return 0.0f;
  const float asked = heading(point);
  // The nearest sample direction clockwise of the point (below) and counter-clockwise (above).
  float below = -1.0f;
  float above = -1.0f;
  float below_heading = 0.0f;
  float above_heading = 0.0f;
  for (const glm::vec2 p : positions) {
    if (glm::length(p) < kCentre) continue;
    const float to_point = positive_angle(asked - heading(p));
    const float to_sample = positive_angle(heading(p) - asked);
    if (to_point < kTie_rad || to_sample < kTie_rad) return 0.0f;  // on a sample's direction
    if (below < 0.0f || to_point < below) {
      below = to_point;
      below_heading = heading(p);
    }
    if (above < 0.0f || to_sample < above) {
      above = to_sample;
      above_heading = heading(p);
    }
  }
  if (below < 0.0f || below + above <= kWidestCoveredGap_rad) return 0.0f;
  if (std::abs(below - above) < kTie_rad) {
    return std::abs(below_heading) <= std::abs(above_heading) ? below : -above;
  }
  return below < above ? below : -above;
}

glm::vec2 turned_back(glm::vec2 point, float angle_rad) {
  // A heading h is (sin h, cos h); turned back it is (sin(h - a), cos(h - a)).
  const float c = std::cos(angle_rad);
  const float s = std::sin(angle_rad);
  return {point.x * c - point.y * s, point.y * c + point.x * s};
}

}  // namespace anim
