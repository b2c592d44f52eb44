#pragma once
// Baking procedural motion into keyframed clips for the demo character.

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace demo {

// Keys per second of every baked demo clip. Dense enough that linear interpolation between keys
// keeps a planted foot within a fraction of a millimetre of the generated motion.
inline constexpr float kDemoKeysPerSecond = 120.0f;

// Writes the local pose (one transform per skeleton joint) at time_s of a procedural motion.
using PoseFunction = std::function<void(float time_s, std::span<anim::Transform> local)>;

// Bakes pose_at into a looping clip with Linear keys at kDemoKeysPerSecond (rounded so that a
// whole number of intervals spans duration_s). Rotation tracks are written for rotated_joints
// and translation tracks for translated_joints (both skeleton indices); quaternions are kept in
// one hemisphere from key to key. The loop closes without a seam: the last key is the first key
// again, with the skeleton's root joint (index 0) moved by loop_root_step, the root motion of
// one cycle (the identity for clips that stay in place).
anim::Clip bake_looping_clip(const std::string& name, const anim::Skeleton& skeleton,
                             float duration_s, std::span<const int> rotated_joints,
                             std::span<const int> translated_joints,
                             const anim::Transform& loop_root_step, const PoseFunction& pose_at);

// Indices of the joints named, in order; a name the skeleton lacks is skipped.
std::vector<int> joint_indices(const anim::Skeleton& skeleton, std::span<const std::string> names);

}  // namespace demo
