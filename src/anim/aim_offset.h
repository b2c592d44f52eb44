#pragma once
// The aim offset (issue 42): an additive layer that plays a 2D blend space of aim poses (clips
// holding the spine and head turned to a yaw and a pitch), its sample point the look-at
// target's yaw and pitch relative to the character. The blending is the graph's own (the blend
// space's weights, the additive layer's deltas against the rest pose); this file gives the
// point: the angles of the target seen from the look-at's aiming joint. No allocation.

#include <glm/glm.hpp>

#include "anim/look_at.h"
#include "anim/skeleton.h"

namespace anim {

struct AimAngles {
  float yaw_deg = 0.0f;    // positive toward the character's left (up x forward)
  float pitch_deg = 0.0f;  // positive up
};

// The yaw and pitch of target seen from `from`, in the frame of forward and up (unit, not
// parallel; forward need not be level). A target straight above or below has yaw 0; a target
// at `from` has both 0.
AimAngles aim_angles(const glm::vec3& from, const glm::vec3& target, const glm::vec3& forward,
                     const glm::vec3& up);

// The aim angles of target (model space) seen from rig's aiming joint where the rest pose puts
// it, relative to the direction its aim axis has at rest, model +Y up: the pose the clips and
// the look-at give does not feed back into the point. Both 0 when the rig has no joints.
AimAngles look_at_aim_angles(const Skeleton& skeleton, const LookAtRig& rig,
                             const glm::vec3& target);

}  // namespace anim
