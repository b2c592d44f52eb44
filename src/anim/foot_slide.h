#pragma once
// Foot slide: how far a planted foot moves over the ground, the defect a blend between samples
// or a speed no clip was authored at shows first. While a foot is planted (its contacts say so)
// in two frames running, the slide is the smaller of its heel's and its toe's horizontal travel
// between them: a foot rolling from heel to toe keeps one of the two still, a sliding foot
// moves both. Steps count the planted intervals begun.

#include <glm/glm.hpp>

namespace anim {

// One foot's tally over the frames added so far.
struct FootSlide {
  int steps = 0;
  float slide_m = 0.0f;  // in the units of the points added (metres for the viewer's model space)
  bool planted = false;  // in the last frame added
  glm::vec3 last_heel{0.0f};
  glm::vec3 last_toe{0.0f};
};

// What one frame added to a foot's tally.
struct SlideFrame {
  float slide_m = 0.0f;     // the slide since the frame before (0 unless planted in both)
  bool step_begun = false;  // planted now, not in the frame before
};

// Adds a frame: the foot's heel and toe points on the ground's frame (world space when root
// motion is applied; the ground is the xz plane, y up) and whether it is planted. Returns what
// the frame added (the live meter, anim/foot_slide_meter.h, sums it over other spans too). No
// allocation.
SlideFrame add_slide_frame(FootSlide& foot, glm::vec3 heel, glm::vec3 toe, bool planted);

// The mean slide of a planted step as a share of leg_length (0 without steps or a length).
float slide_per_step_share(const FootSlide& foot, float leg_length);
float slide_per_step_share(float slide_m, int steps, float leg_length);

}  // namespace anim
