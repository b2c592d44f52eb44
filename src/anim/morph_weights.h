#pragma once
// Morph target (blend shape) weights as animation channels: the character's channels (one per
// target of each node holding a mesh with targets), a clip's morph tracks bound to them by name,
// sampled into a caller-owned weight array and blended as the pose is blended.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/compressed_morph_tracks.h"
#include "anim/job_result.h"
#include "anim/layer.h"
#include "anim/skinned_mesh.h"

namespace anim {

// One weight the frame outputs: a target of the mesh held by the file's node node_name, and the
// weight it has when no clip animates it (the node's default weights, else the mesh's).
struct MorphChannel {
  std::string node_name;
  std::string target_name;
  float default_weight = 0.0f;
};

// The channels of meshes: per node (in the order its first mesh comes), its first mesh's
// targets in the file's order. Meshes of one node (glTF primitives) share its weights.
std::vector<MorphChannel> morph_channels_of(std::span<const SkinnedMesh> meshes);

// Per mesh: the index of its first channel in channels (its targets follow in order), or -1 when
// the mesh has no targets or its node has no channels.
std::vector<int> first_morph_channel_of(std::span<const SkinnedMesh> meshes,
                                        std::span<const MorphChannel> channels);

// How one clip's morph tracks map onto a character's channels. Built once per (clip, channels).
struct MorphBinding {
  std::vector<int> track_to_channel;  // per morph track: its channel, or -1 when unbound
  // "node/target" of the clip's tracks that no channel has (they are ignored).
  std::vector<std::string> missing_targets;
  // The baked form, empty when the clip does not qualify (see bind_morph_tracks): every
  // channel's weight on each frame, frame-major (frame f, channel c at
  // baked_frames[f * channels + c]), frame f at time f / baked_frame_rate.
  std::vector<float> baked_frames;
  float baked_frame_rate = 0.0f;
  int baked_frame_count = 0;
  // The compressed form (compressed_morph_tracks.h), empty unless compression was asked for and
  // the clip qualifies; when present it is what sample_morph_weights reads, and nothing is baked.
  CompressedMorphTracks compressed;

  bool baked() const { return baked_frame_count >= 2; }
};

// Binds each morph track of clip to the channel of the same node and target name; the first
// of two tracks naming one channel wins, the second is listed as missing. A clip whose duration
// is a whole number of frames at clip.source_fps and whose bound tracks are all Linear with a
// key on every frame (to float rounding) or constant is also baked: sampling it is then one
// interpolation between two contiguous rows of weights (a 52-shape face costs a fraction of a
// pose; bench BM_MorphWeights_52Shapes), the same arithmetic as sampling its keys. With
// compress_tolerance > 0 the bound tracks are instead compressed within that weight error
// (compress_morph_tracks), as BindOptions::compress does for joints; a clip that does not
// qualify keeps its exact form.
MorphBinding bind_morph_tracks(const Clip& clip, std::span<const MorphChannel> channels,
                               float compress_tolerance = 0.0f);

// Bytes the keys of clip's morph tracks occupy (times and values; a CubicSpline key holds three
// values; container overhead excluded).
std::size_t morph_key_bytes(const Clip& clip);

// The bytes sample_morph_weights reads for clip through binding: its compressed form, its baked
// frames, or its keys (morph_key_bytes), whichever it samples.
std::size_t morph_sampled_bytes(const Clip& clip, const MorphBinding& binding);

// Samples clip's morph tracks at time_s (already wrapped or clamped) into out, one weight per
// channel: animated channels from their tracks (Step, Linear or CubicSpline as glTF defines
// them; from the compressed form when the binding has one), the others at their default
// weight. cursors holds one key hint per morph track (SamplingCache::morph_cursors; the
// compressed form's shared times use the first). No allocation.
// Fails, writing nothing, when binding was not built for this clip, cursors is not one per morph
// track, or out is not one per channel.
JobResult sample_morph_weights(const Clip& clip, const MorphBinding& binding,
                               std::span<const MorphChannel> channels, float time_s,
                               std::span<std::uint32_t> cursors, std::span<float> out);

// sum += weight * weights, per channel: the blend of several sources' weights is their weighted
// sum divided by the sum of the source weights (normalize_morph_weights), as poses blend.
// Fails, writing nothing, when the spans differ in size or weight is not finite.
JobResult accumulate_morph_weights(std::span<const float> weights, float weight,
                                   std::span<float> sum);

// sum /= total; with total not above zero, sum becomes the channels' default weights.
JobResult normalize_morph_weights(std::span<const MorphChannel> channels, float total,
                                  std::span<float> sum);

// Gathers a layer's weights from its clips (one for a clip layer, the blend space's weighted
// clips for a blend-space layer), as sources blend: sum += weight * sampled on every channel
// (normalize_morph_weights then divides by the total weight), and animated is set to 1 on each
// channel binding animates. sampled is the clip's sample_morph_weights.
// Fails, writing nothing, when the spans differ in size or weight is not finite.
JobResult accumulate_layer_morph(const MorphBinding& binding, std::span<const float> sampled,
                                 float weight, std::span<float> sum, std::span<float> animated);

// A layer's weights (layer_weights) over weights, on the channels one of its clips animates
// (animated > 0) and its shape mask lets through (one value in [0, 1] per channel, empty for
// every shape), each by weight times its mask value: Override lerps towards the layer's weight;
// Additive adds the difference between the layer's weight and the channel's default (a delta).
// Fails, writing nothing, when a span differs from the channels' size (shape_mask: unless empty)
// or weight is not finite.
JobResult apply_morph_layer(LayerMode mode, float weight, std::span<const float> shape_mask,
                            std::span<const MorphChannel> channels,
                            std::span<const float> layer_weights, std::span<const float> animated,
                            std::span<float> weights);

}  // namespace anim
