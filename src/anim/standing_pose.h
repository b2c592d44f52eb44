#pragma once
// A standing rest pose for a skeleton that has none. A file without a mesh has no bind pose: its
// rest pose is whatever its nodes hold, often a frame of its clip (a walk mid-stride, one foot in
// the air). The rig finder looks for legs that reach the ground, and retargeting measures leg
// length, hip height and soles on the rest pose, so such a skeleton is first stood up: each leg
// straight down from its hip, every foot at the pitch of the one nearest the ground (the planted
// one), each keeping the way it faces. Nothing above the hips moves.

#include <span>
#include <vector>

#include "anim/foot_ik.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// The skeleton's rest pose with legs stood up as above (legs as find_biped_rig gives them; a foot
// hanging from elsewhere than its calf is left as it is). The rest pose unchanged when a leg's
// joints are not the skeleton's or the rest pose cannot be posed. Allocates.
std::vector<Transform> stand_legs(const Skeleton& skeleton, std::span<const Leg> legs);

}  // namespace anim
