#pragma once
// "Compute positions": where a clip belongs in a locomotion blend space, measured from the clip
// itself (as Unity's Compute Positions and Unreal's analysis do): its average velocity on the
// ground plane over one cycle. Tool code, run when the user asks: it allocates.

#include <span>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/foot_ik.h"
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

// The root velocity or, when the root moves slower than min_root_speed_mps and legs are given,
// the feet's: a planted foot slides backwards under an in-place body at the speed the body would
// move, so the body's velocity is the ground velocity that contact detection measures from the
// soles, negated (anim/foot_contact.h's clip_ground_velocity: the median over the frames where
// heel and toe are low, with tolerances scaled by the leg). A median and not the lower foot's
// mean, so a strafe whose swinging foot passes low in front does not gain a forward part. Feet
// slower than min_root_speed_mps give zero (an idle stands on the centre).
ClipVelocity compute_clip_velocity(const Clip& clip, const ClipBinding& binding,
                                   const Skeleton& skeleton, int root_joint,
                                   std::span<const Leg> legs, float min_root_speed_mps = 0.05f);

// The user's choice for in-place clips: measured keeps the feet's velocity; a typed speed keeps
// only its direction and sets its length to speed_mps. A clip whose feet move slower than
// min_speed_mps (an idle) stays at the origin, and a clip whose root travels keeps its root
// velocity either way: only measured.source == Feet is changed.
ClipVelocity with_typed_speed(const ClipVelocity& measured, float speed_mps,
                              float min_speed_mps = 0.05f);

// A 1D (speed) space's threshold for a clip: the length of its measured velocity, or with
// typed_speed, of with_typed_speed's (the typed speed for an in-place clip that moves, 0 for an
// idle, the root's speed for a clip that travels), as for 2D spaces.
float speed_threshold(const ClipVelocity& measured, bool typed_speed, float speed_mps);

}  // namespace anim
