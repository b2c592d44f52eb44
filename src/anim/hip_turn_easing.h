#pragma once
// The hips' turn of orientation warping eased toward the angle the travel asks: the direction
// asked can change at once (the blend-space point dragged across, the blend's own travel flipping
// between samples), and the lower body then swings round over about a step instead of snapping
// from one frame to the next. No allocation.

namespace anim {

// How long the hips take to close half the gap to the angle asked (seconds): about 80 % of a
// change in a quarter of a second, under the swing of a walk's step.
inline constexpr float kHipTurnHalfLife_s = 0.1f;

// The hip turn (radians) after dt_s from current_rad toward target_rad: the gap closes
// exponentially with kHipTurnHalfLife_s. current_rad when dt_s is not positive or not finite (a
// paused frame); target_rad when current_rad is not finite; current_rad when target_rad is not.
float eased_hip_turn(float current_rad, float target_rad, float dt_s);

}  // namespace anim
