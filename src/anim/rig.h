#pragma once
// Rig: the roles of a skeleton's joints (pelvis, spine, neck and head, and any number of limbs,
// each a chain with a role and a side), found from the skeleton itself so that foot IK, contact
// detection and mirroring work on characters whose joints are named in any way or not at all.
//
// Detection reads topology (chains of joints that branch off the body), the rest pose's geometry
// (which chains reach the ground, which side of the character's sagittal plane they are on, which
// way the feet point) and which joints carry skin weight (helper joints such as IK targets, poles
// and controls carry none and are skipped). Names are a hint only: they settle which side is
// left when the geometry cannot tell the facing, and words like "ik", "pole" or "twist" mark
// helpers. Not for the per-frame path (it allocates); run it once per skeleton.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/foot_ik.h"
#include "anim/skeleton.h"

namespace anim {

enum class LimbRole { Leg, Arm };
enum class LimbSide { Left, Right, Center };

// One limb: a chain from its upper joint down to its end. joints holds the upper joint (thigh,
// upper arm), the mid joint (knee, elbow), the end joint (ankle, wrist) and, when there is one,
// the tip (toes, hand); a leg of three main segments (a dog's or fox's hind leg) is upper, mid,
// hock and paw. The end need not be a child of the mid joint (a rig whose feet hang from the
// root): then end_attached is false and the mid joint's chain ends where the end joint rests.
struct Limb {
  LimbRole role = LimbRole::Leg;
  LimbSide side = LimbSide::Center;
  bool front = false;  // a quadruped's front leg (from the shoulders)
  bool end_attached = true;
  std::vector<int> joints;
};

// The rig of one skeleton. Joint indices are the skeleton's; -1 where a role was not found.
struct Rig {
  int pelvis = -1;         // the joint above every leg that carries the body
  std::vector<int> spine;  // from the pelvis's first child up to the chest (may be empty)
  int chest = -1;          // where the arms or front legs attach
  int neck = -1;
  int head = -1;
  std::vector<Limb> limbs;
  // The model-space direction the character faces in the rest pose (unit, horizontal).
  glm::vec3 forward{0.0f, 0.0f, 1.0f};
  // How the rig was found, for the user: "geometry", "geometry and names", "corrections".
  std::string found_by;

  int leg_count() const;
};

// "biped" (two legs), "quadruped" (four), "multiped" (another count) or "none".
const char* rig_kind(const Rig& rig);
const char* to_string(LimbRole role);
const char* to_string(LimbSide side);

// Finds the rig of skeleton from rest_model (model-space matrices of the rest pose, Y-up) and
// skin_weight, per joint, the sum of the vertex weights on it from meshes that deform (empty
// when the character has no mesh: then every joint counts; a joint with no weight and none below
// it is a helper), and rigid_weight, per joint, the vertices of meshes hung rigidly on it (empty
// when none): a leaf that only carries such a mesh is an attachment, not a bone of a chain. Returns
// a rig with at least one leg, or a rig without limbs and the cause in *error (why nothing was
// found, in words a user can act on).
Rig find_rig(const Skeleton& skeleton, std::span<const glm::mat4> rest_model,
             std::span<const float> skin_weight, std::span<const float> rigid_weight = {},
             std::string* error = nullptr);

// Checks a rig (found or corrected by hand) against the skeleton: every joint in range, each
// limb's joints of at least three, each below the one before it (except an unattached end), and
// the pelvis above every leg. Empty when valid, else the cause naming the limb and joint.
std::string validate(const Skeleton& skeleton, const Rig& rig);

// The foot IK rig of a rig's legs (at most kMaxFootIkLegs, in the rig's order), with sole points
// measured in standing_model standing on y = ground_height_m, the chest set for quadrupeds.
// Empty (no legs) when the rig has no leg.
FootIkRig make_foot_ik_rig(const Skeleton& skeleton, const Rig& rig,
                           std::span<const glm::mat4> standing_model, float ground_height_m);

}  // namespace anim
