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

// The counter-clockwise angle (+z toward +x) from unit direction `from` to unit direction `to`,
// as a pseudo-angle in [0, 4) that grows with the angle in [0, 2 pi): cheaper than atan2 for
// finding the nearest sample each frame.
float pseudo_angle(glm::vec2 from, glm::vec2 to) {
  const float cos_a = glm::dot(from, to);
  const float sin_a = from.y * to.x - from.x * to.y;
  return sin_a >= 0.0f ? 1.0f - cos_a : 3.0f + cos_a;
}

// The counter-clockwise angle in [0, 2 pi) from unit direction `from` to unit direction `to`.
float angle_from(glm::vec2 from, glm::vec2 to) {
  const float a = std::atan2(from.y * to.x - from.x * to.y, glm::dot(from, to));
  return a < 0.0f ? a + 2.0f * glm::pi<float>() : a;
}

}  // namespace

float uncovered_direction_angle(std::span<const glm::vec2> positions, glm::vec2 point) {
  const float length = glm::length(point);
  if (length < kCentre) return 0.0f;
  const glm::vec2 asked = point / length;
  // The nearest sample direction clockwise of the point (below) and counter-clockwise (above).
  float below_pseudo = 5.0f;
  float above_pseudo = 5.0f;
  glm::vec2 below_direction(0.0f);
  glm::vec2 above_direction(0.0f);
  for (const glm::vec2 p : positions) {
    const float p_length = glm::length(p);
    if (p_length < kCentre) continue;
    const glm::vec2 direction = p / p_length;
    if (const float to_point = pseudo_angle(direction, asked); to_point < below_pseudo) {
      below_pseudo = to_point;
      below_direction = direction;
    }
    if (const float to_sample = pseudo_angle(asked, direction); to_sample < above_pseudo) {
      above_pseudo = to_sample;
      above_direction = direction;
    }
  }
  if (below_pseudo > 4.0f) return 0.0f;  // every sample at the centre
  const float below = angle_from(below_direction, asked);
  const float above = angle_from(asked, above_direction);
  // On a sample's direction (either way round the circle), or in a gap the blend covers.
  if (below < kTie_rad || above < kTie_rad || below > 2.0f * glm::pi<float>() - kTie_rad ||
      above > 2.0f * glm::pi<float>() - kTie_rad || below + above <= kWidestCoveredGap_rad) {
    return 0.0f;
  }
  if (std::abs(below - above) < kTie_rad) {
    // Nearer forward (+z): the larger cosine with it.
    return below_direction.y >= above_direction.y ? below : -above;
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
