#pragma once
// Finds the joints the viewer's tools need on any skeleton: the rig (legs for foot IK and contact
// detection, arms, spine, head; anim/rig.h), and the joint that carries the ground motion.

#include <string>
#include <vector>

#include "anim/foot_ik.h"
#include "anim/mirror.h"
#include "anim/rig.h"
#include "anim/skeleton.h"
#include "import/character.h"

namespace importer {

// Per joint, the sum of the vertex weights the character's deforming meshes put on it, and the
// vertex count of meshes hung rigidly on it (every vertex fully on that one joint), so the rig
// finder can tell helper joints (IK targets, controls: no weight) and mesh holders from bones.
struct JointWeights {
  std::vector<float> skin;
  std::vector<float> rigid;
};
JointWeights joint_skin_weights(const Character& character);

// The character's skeleton with the rest pose its rig is found on: for a character without a mesh
// (no bind pose: its rest pose may be a frame of its clip, mid-stride), the legs found by name
// stood up (anim::stand_legs); otherwise the skeleton as it is. Retargeting measures it on this.
anim::Skeleton standing_skeleton(const Character& character);

// The rig of the character, from its standing rest pose, skin weights (without a mesh: the
// largest tree of joints, so cameras and lights beside it are not bones) and (as a hint) joint
// names. No limbs, and the cause in *error, when no leg is found.
anim::Rig find_character_rig(const Character& character, std::string* error = nullptr);

// The foot IK legs of rig (see anim::make_foot_ik_rig), with sole points measured in the standing
// rest pose (standing_skeleton) standing on the ground under it: the lowest mesh vertex, or the
// lowest leg joint when there is no mesh or the mesh lies lower than the feet.
anim::FootIkRig foot_ik_rig(const Character& character, const anim::Rig& rig);

// The foot IK legs of the rig found on the character. No legs, and the cause in *error, when
// none are found.
anim::FootIkRig find_legs(const Character& character, std::string* error = nullptr);

// The left/right table of the character (anim::make_mirror_table on its rest pose).
anim::MirrorTable mirror_table(const Character& character, const anim::Rig& rig);

// The biped legs of a skeleton without a mesh (the rig found from its rest pose and names).
anim::FootIkRig find_biped_legs(const anim::Skeleton& skeleton, std::string* error = nullptr);

// The joint that carries the character's ground motion: the pelvis (a joint named hips or
// pelvis, without a side), else the first joint with a parent's parent (below an armature
// root), else 0. Given the legs, a joint found that does not carry every foot gives way to the
// legs' anim::feet_carrier: on RobotExpressive "Hips" is a sibling of the legs under "Body", and
// the feet hang from the root joint "Bone", which root motion then moves as a whole.
int find_root_motion_joint(const anim::Skeleton& skeleton, const anim::FootIkRig& legs = {});

}  // namespace importer
