#include "anim/foot_slide.h"

#include <algorithm>

namespace anim {
namespace {

float horizontal_distance(glm::vec3 a, glm::vec3 b) {
  return glm::length(glm::vec2(a.x - b.x, a.z - b.z));
}

}  // namespace

void add_slide_frame(FootSlide& foot, glm::vec3 heel, glm::vec3 toe, bool planted) {
  if (planted && foot.planted) {
    foot.slide_m += std::min(horizontal_distance(heel, foot.last_heel),
                             horizontal_distance(toe, foot.last_toe));
  } else if (planted) {
    ++foot.steps;
  }
  foot.planted = planted;
  foot.last_heel = heel;
  foot.last_toe = toe;
}

float slide_per_step_share(const FootSlide& foot, float leg_length) {
  if (foot.steps == 0 || !(leg_length > 0.0f)) return 0.0f;
  return foot.slide_m / static_cast<float>(foot.steps) / leg_length;
}

}  // namespace anim
