#pragma once
// Pose operations on local poses (one SQT per skeleton joint): local-to-model, weighted
// blending with per-joint masks, and additive layers. All write into caller-owned spans,
// never allocate and keep no state.

#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// Converts a local pose to model-space matrices: model[i] = model[parent[i]] * local[i], in one
// forward pass (parents precede children). Fails when local or model is not the skeleton's
// size.
JobResult local_to_model(const Skeleton& skeleton, std::span<const Transform> local,
                         std::span<glm::mat4> model);

// local_to_model for joint and the joints below it alone, the others' model matrices taken as
// they are: after a change to the local transforms of joint's subtree only (IK on a leg), this
// is local_to_model at the cost of the subtree. Fails when local or model is not the skeleton's
// size or joint is not one of its joints.
JobResult local_to_model_below(const Skeleton& skeleton, std::span<const Transform> local,
                               int joint, std::span<glm::mat4> model);

// One input of a blend: a local pose, its weight (>= 0) and optional per-joint weights (a mask,
// each in [0, 1], multiplied with weight; empty means 1 for every joint). A mask lets an upper
// body clip play over locomotion: give it 1 on the spine and arms and 0 on the legs.
struct BlendLayer {
  std::span<const Transform> pose;
  float weight = 1.0f;
  std::span<const float> joint_weights;
};

// Weighted blend of N local poses into out. Per joint, the effective weights are normalized to
// sum to one; translations and scales are averaged, rotations are summed after flipping each
// into the hemisphere of the sum so far (q and -q are one rotation) and then normalized (nlerp).
// Where a joint's total weight is below kBlendWeightEpsilon (every layer zero or masked out), it
// takes fallback (usually the rest pose). out must not overlap any layer's pose. Fails when a pose,
// mask or fallback is not out's size, or a weight is negative or not finite.
inline constexpr float kBlendWeightEpsilon = 1e-6f;
JobResult blend_poses(std::span<const BlendLayer> layers, std::span<const Transform> fallback,
                      std::span<Transform> out);

// Per joint, delta = inverse(reference) * source: what source adds on top of reference. A pose
// delta of a clip against its first frame (or the rest pose) makes an additive clip. Exact for
// uniform scale. Fails when the three spans differ in size.
JobResult make_additive_delta(std::span<const Transform> reference,
                              std::span<const Transform> source, std::span<Transform> out_delta);

// Per joint, out = base * delta^w, where delta^w goes from identity (w = 0) to delta (w = 1):
// translation and scale lerped from (0, 1), rotation nlerped from identity. w = weight times the
// joint's mask value (joint_weights empty means 1). Applying a clip's own delta to its reference
// with weight 1 gives the source back. out may alias base. Fails when sizes differ or weight is
// not finite.
JobResult apply_additive(std::span<const Transform> base, std::span<const Transform> delta,
                         float weight, std::span<const float> joint_weights,
                         std::span<Transform> out);

}  // namespace anim
