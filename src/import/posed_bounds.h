#pragma once
// The bounds of a character as it stands now, for framing the camera: the bind-pose box fits
// the bind pose only, and a clip can move a character far from it (a rig whose mesh is bound in
// a pose it never plays, a BVH whose bind pose is a T at the origin).

#include <span>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/root_motion.h"
#include "import/character.h"

namespace importer {

// World-space bounds of the character as it is drawn in model_pose (model-space matrices, one
// per joint) moved by world: each joint's skinned vertices placed by that joint (model times
// inverse bind, as the skinning shader places them), so whatever space the file binds its mesh
// in (an armature node's centimetres, a rigid mesh's node), the box is in the pose's. It holds
// the mesh as linear blend skinning draws it to within 1% of its height, and exceeds it by a
// few percent, more where vertices blend joints bent far apart (see the .cpp).
// Meshes with morph targets are measured morphed by morph_weights, one per channel of
// anim::morph_channels_of(character.meshes) as an instance outputs them (empty: each mesh's
// default weights).
// Without a mesh, the joints of the character_tree with a tenth of their size around them.
// Empty bounds when model_pose does not have one matrix per joint. Allocates (it measures the
// character's mesh): for framing requests, not for every frame.
Bounds posed_bounds(const Character& character, std::span<const glm::mat4> model_pose,
                    const glm::mat4& world, std::span<const float> morph_weights = {});

// The bounds of the mesh, morphed by its default weights, skinned in the skeleton's rest (node)
// pose, moved by world: where the
// file draws the character, whatever space its bind pose is in (posed_bounds of that pose when
// no mesh skins). The same for every clip and time, so pictures of one character framed by it
// share a camera. Allocates.
Bounds rest_pose_bounds(const Character& character, const glm::mat4& world);

// The character's bounds over the whole of clip, for framing: one pose can be far smaller than
// what the clip reaches (a crouch before a jump, arms down before a wave). The union of
// posed_bounds at samples times spread evenly over the clip, its first and last frame included,
// each pose with the motion that root_motion extracts removed (as an instance plays it, whether
// that motion then moves the world or is dropped), moved by world; the meshes morphed by the
// clip's shapes at each sample, so a creature that only shapes animate is framed by what they
// do. Empty bounds when the clip
// cannot be sampled for the character's skeleton or samples < 2. Allocates: for loads and
// clip changes, not for every frame.
Bounds clip_bounds(const Character& character, const anim::Clip& clip,
                   const anim::RootMotionSettings& root_motion, const glm::mat4& world,
                   int samples = 24);

}  // namespace importer
