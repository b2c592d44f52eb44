#pragma once
// "Compute positions": where a clip belongs in a locomotion blend space, measured from the clip
// itself (as Unity's Compute Positions and Unreal's analysis do): its average velocity on the
// ground plane over one cycle. Tool code, run when the user asks: it allocates.

#include <span>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/skeleton.h"

namespace anim {

// Where a computed position came from, shown beside each sample so the user can judge it.
enum class VelocitySource {
  RootMotion,  // the root travels: its displacement over the cycle
  Feet,        // an in-place clip: measured from the planted feet
  TypedSpeed,  // an in-place clip: the speed the user typed, in the feet's direction
};

// A clip's ground velocity as blend-space coordinates: (x, z) of the model-space velocity in
// metres per second (Y-up, +z forward), and where it came from.
struct ClipVelocity {
  glm::vec2 velocity{0.0f};
  VelocitySource source = VelocitySource::RootMotion;
};

// "Root motion", "feet" or "typed speed".
const char* to_string(VelocitySource source);

// The root joint's displacement over one cycle, divided by the duration.
glm::vec2 root_velocity(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                        int root_joint);

// For in-place clips: a planted foot slides backwards under an in-place body at the speed the
// body would move. Over each of samples_per_cycle even steps the lower foot (smallest model-space
// height summed at both ends of the step) counts as planted; the negated average of its ground
// velocity over the cycle is the body's. foot_joints lists the feet (out-of-range entries are
// ignored); with none, zero.
glm::vec2 foot_velocity(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                        std::span<const int> foot_joints, int samples_per_cycle = 64);

// The root velocity, or the feet's when the root moves slower than min_root_speed_mps (and feet
// are given).
ClipVelocity compute_clip_velocity(const Clip& clip, const ClipBinding& binding,
                                   const Skeleton& skeleton, int root_joint,
                                   std::span<const int> foot_joints,
                                   float min_root_speed_mps = 0.05f);

// The user's choice for in-place clips: measured keeps the feet's velocity; a typed speed keeps
// only its direction and sets its length to speed_mps. A clip whose feet move slower than
// min_speed_mps (an idle) stays at the origin, and a clip whose root travels keeps its root
// velocity either way: only measured.source == Feet is changed.
ClipVelocity with_typed_speed(const ClipVelocity& measured, float speed_mps,
                              float min_speed_mps = 0.05f);

}  // namespace anim
