#pragma once
// Mirroring: the left/right table of a skeleton and clips mirrored across the character's
// sagittal plane (strafe-right made from strafe-left). Not for the per-frame path (it allocates);
// a mirrored clip is made once and then played like any other.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/morph_weights.h"
#include "anim/rig.h"
#include "anim/skeleton.h"

namespace anim {

// Per joint, the joint on the other side that it swaps with (itself for a joint on the middle
// line), and the sagittal plane: the points p with dot(plane_normal, p) == plane_distance, with
// plane_normal the character's left (unit, model space). The plane passes through the pelvis as
// it stands in the rest pose, so a character modelled away from its file's origin is mirrored in
// place rather than onto the other side of the origin.
struct MirrorTable {
  std::vector<int> partner;
  glm::vec3 plane_normal{1.0f, 0.0f, 0.0f};
  float plane_distance = 0.0f;
};

// Builds the table for skeleton from, in order of trust: the rig's limbs (a left and a right limb
// of the same role pair joint by joint, and the joints below them in the same order when their
// subtrees have the same shape), joint names (thigh_l and thigh_r, LeftArm and RightArm), and
// the rest pose's geometry (a joint pairs with the one nearest its mirror image, within 2% of
// the character's height). The plane's normal is the rig's left (up cross forward); it passes
// through the rig's pelvis (the origin when the rig has none). rest_model is the rest pose in
// model space. Joints left unpaired are their own partner.
MirrorTable make_mirror_table(const Skeleton& skeleton, const Rig& rig,
                              std::span<const glm::mat4> rest_model);

// Checks a table (made here or edited by hand) against the skeleton: one partner per joint, in
// range, and the pairing symmetric (the partner's partner is the joint). Empty when valid.
std::string validate(const Skeleton& skeleton, const MirrorTable& table);

// The clip mirrored across the table's plane: each joint takes its partner's motion reflected in
// model space, with the reflection undone in each joint's own frame as it stands in the rest
// pose, so rotations come out right whatever axes a rig's joints use; root motion is mirrored
// with the rest. Mirroring twice gives the clip back. Every joint with a track, or whose partner
// has one, gets linear keys at every key time of the clip; markers naming a side swap it
// (foot_l_down <-> foot_r_down, foot_fl_up <-> foot_fr_up). Shape (morph weight) tracks swap
// sides by name as joints do (eyeBlink_L <-> eyeBlink_R, MouthLeft <-> MouthRight, brow_l <->
// brow_r): a track takes its partner's name, where shapes lists the partner on the same node
// (with shapes empty, wherever the name gives a side); other tracks are kept. The name gets
// " (mirrored)". Returns an empty clip and the cause in *error when the table does not fit the
// skeleton or the clip has no duration.
Clip mirror_clip(const Clip& clip, const Skeleton& skeleton, const MirrorTable& table,
                 std::string* error = nullptr, std::span<const MorphChannel> shapes = {});

// A marker's or joint's name with its side swapped (see swap_side_in_name), also for the
// quadruped contact prefixes foot_fl/foot_fr/foot_hl/foot_hr; the name itself when it has none.
std::string mirrored_name(const std::string& name);

}  // namespace anim
