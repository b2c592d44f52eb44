#pragma once
// BoundCharacter: what every instance of one loaded character shares. Built once per load (and
// again only when the clip list changes), immutable afterwards, read by any number of
// CharacterInstances at once: the viewer's, the comparison's, the crowd's, the tools'.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/foot_ik.h"
#include "anim/ground_motion.h"
#include "anim/morph_weights.h"
#include "anim/skeleton.h"

namespace anim {

struct BoundCharacter {
  Skeleton skeleton;
  std::vector<Clip> clips;
  // One per clip, in the storage asked for (exact keys and baked frames, or compressed).
  std::vector<ClipBinding> bindings;
  BindOptions storage;
  // The morph target weights a frame outputs (morph_weights.h), and per clip its morph tracks
  // bound to them by node and target name.
  std::vector<MorphChannel> morph_channels;
  std::vector<MorphBinding> morph_bindings;
  // The legs foot IK and contact detection use (empty: the character has none found), and the
  // joint that carries the ground motion. The caller finds them (importer::find_biped_legs, a rig).
  FootIkRig foot_ik_rig;
  // The torso joints orientation warping turns back (orientation_warping.h's torso_chain from
  // the legs' pelvis up to the head; empty: the pelvis turns alone).
  std::vector<int> torso;
  int root_motion_joint = 0;  // storage.root_motion_joint, whose keys each binding measured
  // Per clip: root motion synthesised from the feet for a clip that plays in place (empty for a
  // clip with its own, or none found; synthesize_ground_motions). The player moves the character
  // by it instead, so foot locking can hold the feet in the world.
  std::vector<GroundMotion> ground_motion;

  // The bytes of clip data instances sample from, over all clips: their joint tracks'
  // (sampled_bytes) and their shape tracks' (morph_sampled_bytes), in the storage each samples.
  std::size_t clip_memory_bytes() const;
  // The index of the clip called name, or -1.
  int find_clip(std::string_view name) const;
  // The synthesised ground motion of clip, or nullptr when it has none.
  const GroundMotion* ground_motion_of(int clip) const;
};

// Binds clips to skeleton in storage: validates the skeleton and every clip and builds each
// clip's binding (for compressed storage this is where clips are compressed, once), and binds
// their morph tracks to morph_channels (morph_channels_of the character's meshes). Returns ""
// or the cause naming the clip; out is written only on success. Clips animating joints or
// morph targets the character lacks are accepted (those tracks are ignored;
// ClipBinding::missing_joints, MorphBinding::missing_targets).
[[nodiscard]] std::string bind_character(Skeleton skeleton, std::vector<Clip> clips,
                                         const BindOptions& storage, BoundCharacter& out,
                                         std::vector<MorphChannel> morph_channels = {});

}  // namespace anim
