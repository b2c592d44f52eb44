#pragma once
// Joint masks as a user picks them on the skeleton tree: clicking a joint toggles it and every
// joint below it. A mask is stored by name as two lists of subtree roots, so a project keeps it
// readable and independent of joint order: the joints under `included` roots, minus those under
// `excluded` roots (the nearest root above a joint decides). An empty `included` list starts
// from the whole body, so ({}, {}) is the whole body and ({}, {"hips"}) is no joint at all.
// Tool code, run on a click: it allocates.

#include <span>
#include <string>
#include <vector>

#include "anim/morph_weights.h"
#include "anim/skeleton.h"

namespace anim {

// Builds the per-joint mask (1 in, 0 out; one value per skeleton joint) of included minus
// excluded as described above. Returns "" or the cause naming a joint the skeleton lacks, or one
// named in both lists; out is left unchanged then.
std::string make_joint_mask(const Skeleton& skeleton, std::span<const std::string> included,
                            std::span<const std::string> excluded, std::vector<float>& out);

// Toggles joint and all its descendants in mask (one value per skeleton joint): they become 0
// when joint is in the mask (value >= 0.5), else 1. Returns false, leaving mask unchanged, when
// joint is out of range or mask is not the skeleton's size.
bool toggle_joint_subtree(const Skeleton& skeleton, int joint, std::span<float> mask);

// The shortest description of mask (values >= 0.5 count as in) as included and excluded roots,
// so that make_joint_mask gives the mask back: a joint in the mask whose parent is not becomes
// an included root, a joint out of it whose parent is in an excluded one. The whole body gives
// two empty lists; an empty mask gives the skeleton's top joints as excluded roots.
void joint_mask_roots(const Skeleton& skeleton, std::span<const float> mask,
                      std::vector<std::string>& included, std::vector<std::string>& excluded);

// The shape mask of a layer (one value per channel: 1 in, 0 out): the channels named in
// included (every channel when it is empty), minus those named in excluded. A name is a
// target's ("Smile": that target on every node) or "node/target". Returns "" or the cause naming
// a shape no channel has, or one named in both lists; out is left unchanged then.
std::string make_shape_mask(std::span<const MorphChannel> channels,
                            std::span<const std::string> included,
                            std::span<const std::string> excluded, std::vector<float>& out);

}  // namespace anim
