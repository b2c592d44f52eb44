#pragma once
// Twist correction: twist joints (a forearm's roll bones) that take a share of the twist of the
// joint they follow (the hand), so linear blend skinning's candy-wrapper collapse of a wrist
// turned about its bone spreads along the forearm instead. The twist is found by swing-twist
// decomposition of the followed joint's rotation (relative to its rest) about the bone axis.
// No allocation in run_twist_correction.

#include <array>
#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// The twist of q about unit axis: the rotation about axis whose product swing * twist is q with
// swing carrying no rotation about axis (q's vector part projected on axis, normalized; the
// identity when q is a half turn about an axis perpendicular to it).
glm::quat twist_about(const glm::quat& q, const glm::vec3& axis);

// The signed angle (radians, in (-pi, pi]) of a rotation about unit axis (as from twist_about).
float twist_angle(const glm::quat& twist, const glm::vec3& axis);

inline constexpr int kMaxTwistJoints = 4;

// A followed joint (source, the hand) and its twist joints, in one of two layouts: beside it
// (children of the source's parent, the forearm, lying along the bone from there to the source)
// or a run of twist joints between them (forearm -> twist_01 -> twist_02 -> hand: each the parent
// of the next, the last the source's parent). Each twist joint takes its share of the source's
// twist (in [0, 1]; a joint halfway along takes half), measured from the joint the twist joints
// hang from; in a run the shares rise along it.
struct TwistRig {
  int source = -1;
  std::array<int, kMaxTwistJoints> joints{};
  std::array<float, kMaxTwistJoints> shares{};
  int count = 0;
  // The bone's direction (unit) from the joint the twist joints hang from to the source, in that
  // joint's frame.
  glm::vec3 axis{1.0f, 0.0f, 0.0f};
};

// Every twist rig of skeleton: a joint is a twist joint when its name says so ("twist", "roll")
// or, by geometry, when it is a leaf whose rest offset lies along a sibling's (within 2 degrees)
// and is shorter; the sibling is its source, or for a run of named joints each with one child on
// their line (forearm -> twist_01 -> twist_02 -> hand), the first joint past the run. Its share
// is the ratio of the distances from the joint they hang from (evenly spaced joints take 1/3 and
// 2/3). rest_model is the rest pose's model matrices. Not per frame (it allocates).
std::vector<TwistRig> find_twist_rigs(const Skeleton& skeleton,
                                      std::span<const glm::mat4> rest_model);

// Sets each twist joint's local rotation to its share of the source's twist (the source's
// rotation relative to its rest, from the joint the twist joints hang from, about rig.axis) on
// top of its rest rotation; the joints' own animated rotations are replaced. The source keeps
// its model rotation (in a run its local rotation gives back what the run took).
// Updates model (the model matrices of local) below the changed joints. Fails (writing nothing)
// when an index is out of range, the twist joints are neither siblings of the source nor a run
// down to its parent, a share is outside [0, 1], or local or model is not the skeleton's size.
JobResult run_twist_correction(const Skeleton& skeleton, const TwistRig& rig,
                               std::span<Transform> local, std::span<glm::mat4> model);

}  // namespace anim
