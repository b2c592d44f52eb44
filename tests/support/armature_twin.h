#pragma once
// A character as Blender's glTF exporter writes a Mixamo rig: its skeleton under an armature
// node that scales by 0.01 and turns -90 degrees about X, its mesh in that node's space
// (centimetres, Z-up), and inverse bind matrices that leave the node out. Drawn, the twin is the
// original character in the same place, so whatever is measured on what is drawn must agree.

#include <glm/glm.hpp>

#include "import/character.h"

namespace test {

// The armature node's name and transform (Z-up centimetres to Y-up metres).
inline constexpr const char* kArmatureJoint = "Armature";
glm::mat4 blender_armature();

// character's twin: an "Armature" joint first (the new root, unanimated), every former root
// under it with its rest pose and clip keys moved into the armature's space, the mesh's
// positions, normals and tangents moved into that space too, inverse bind matrices times the
// armature's transform (what the exporter writes), and the joint indices shifted by one.
importer::Character wrap_in_armature(const importer::Character& character);

}  // namespace test
