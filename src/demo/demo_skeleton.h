#pragma once
// The built-in demo character's skeleton: a 28-joint humanoid mannequin, 1.8 m tall, Y-up,
// metres, facing +Z (its left is +X). The rest pose is a T-pose in which every joint's local
// rotation is the identity, so a joint's local axes are the model axes: clips and the mesh can
// be written in plain model-space terms.

#include "anim/skeleton.h"

namespace demo {

// Floor to top of head of the mannequin, metres.
inline constexpr float kDemoHeight_m = 1.8f;

// The root joint; it carries the root motion of every demo clip (its ground projection).
inline constexpr const char* kDemoRootJoint = "hips";

// Builds the mannequin's skeleton: hips (root, 1.0 m above the floor), spine_01, spine_02,
// chest, neck, head; per side clavicle, upperarm, forearm, forearm_twist (halfway down the
// forearm, so twist spreads over two joints), hand, fingers, thumb; thigh, calf, foot (the
// ankle, 8 cm above the floor) and toes (the ball of the foot, 2 cm above the floor).
// Proportions follow common anthropometric ratios of height: leg (hip joint to floor) 0.53,
// shoulder 0.82. Inverse bind matrices are the inverses of the rest pose in model space.
anim::Skeleton make_demo_skeleton();

}  // namespace demo
