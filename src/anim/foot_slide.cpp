#include "anim/foot_slide.h"

#include <algorithm>

namespace anim {
namespace {

float horizontal_distance(glm::vec3 a, glm::vec3 b) {
  return glm::length(glm::vec2(a.x - b.x, a.z - b.z));
}

}  // namespace

SlideFrame add_slide_frame(FootSlide& foot, glm::vec3 heel, glm::vec3 toe, bool planted) {
  SlideFrame added;
  if (planted && foot.planted) {
    added.slide_m = std::min(horizontal_distance(heel, foot.last_heel),
                             horizontal_distance(toe, foot.last_toe));
  }
  added.step_begun = planted && !foot.planted;
  foot.slide_m += added.slide_m;
  foot.steps += added.step_begun ? 1 : 0;
  foot.planted = planted;
  foot.last_heel = heel;
  foot.last_toe = toe;
  return added;
}

float slide_per_step_share(const FootSlide& foot, float leg_length) {
  return slide_per_step_share(foot.slide_m, foot.steps, leg_length);
}

float slide_per_step_share(float slide_m, int steps, float leg_length) {
  if (steps <= 0 || !(leg_length > 0.0f)) return 0.0f;
  return slide_m / static_cast<float>(steps) / leg_length;
}

}  // namespace anim
