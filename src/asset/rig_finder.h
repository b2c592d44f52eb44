#pragma once
// Finds the joints the viewer's tools need on any skeleton: the legs for foot IK and contact
// detection, and the joint that carries the ground motion.

#include <string>

#include "anim/foot_ik.h"
#include "anim/skeleton.h"

namespace asset {

// The biped legs of skeleton (anim::find_biped_rig by joint names), with sole points measured
// in the rest pose standing on its lowest joint. No legs, and the cause in *error, when the
// skeleton is not a recognizable biped.
anim::FootIkRig find_biped_legs(const anim::Skeleton& skeleton, std::string* error = nullptr);

// The joint that carries the character's ground motion: the pelvis (a joint named hips or
// pelvis, without a side), else the first joint with a parent's parent (below an armature
// root), else 0.
int find_root_motion_joint(const anim::Skeleton& skeleton);

}  // namespace asset
