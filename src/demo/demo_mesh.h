#pragma once
// The built-in demo character's skin: smooth tubes and capsules around the bones of the demo
// skeleton, skinned with smooth weights so that joints bend without cracks.

#include "anim/skeleton.h"
#include "anim/skinned_mesh.h"

namespace demo {

// Builds the mannequin's skin in the bind pose (the skeleton's rest T-pose), in model space.
// skeleton must be make_demo_skeleton() (the tubes follow its joints, found by name).
// Every vertex has a normal and one to four influences (one set) whose weights sum to one:
// across each joint the weights blend smoothly from the parent bone to the child bone over a few
// centimetres, so limbs bend without cracks. The forearm blends over forearm, forearm_twist and
// hand, so a twisted wrist visibly pinches under linear-blend skinning and keeps its volume
// under dual quaternions. The surfaces are closed, with outward counter-clockwise triangles.
// The mesh refers to material 0, the character's neutral mannequin material.
anim::SkinnedMesh make_demo_mesh(const anim::Skeleton& skeleton);

}  // namespace demo
