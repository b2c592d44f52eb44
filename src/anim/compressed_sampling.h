#pragma once
// Sampling a compressed clip (compressed_clip.h). A per-player context holds, for every joint
// and channel, the two decoded keys around the last sampled time, as structure-of-arrays, so
// that a frame is one vectorizable interpolation loop per channel plus the decoding of the few
// keys the playhead passed since the last frame (read in order from each channel's stream).
// Seeking backwards, a wrap of a looping clip or a different clip restarts from the first keys.

#include <cstdint>
#include <span>
#include <vector>

#include "anim/compressed_clip.h"
#include "anim/job_result.h"
#include "anim/prefetch.h"
#include "anim/transform.h"

namespace anim {

// The decoded interval of every joint for one channel: for joint j, keys at times t0 and t1
// (inv_interval = 1 / (t1 - t0), or 0 for a constant joint or keys at the same quantized time)
// and the values of both keys, component by component (3 for vectors, 4 for rotations). What
// every frame reads is stored group by group, four joints to a group (the SIMD width), each
// group one contiguous block read front to back: t0 and inv_interval of the four joints, then
// the components of their first key, then those of their second. t1, read only when keys are
// decoded, is kept apart. Rotations' second keys are kept in the hemisphere of their first, so
// they interpolate without a test.
struct DecodedChannel {
  static constexpr std::size_t kT0 = 0, kInvInterval = 4, kV0 = 8;

  std::size_t components = 0;
  std::vector<float> blocks;
  std::vector<float> t1;  // per joint
  // Per joint of a vector channel: which of the clip's boxes its keys are quantized in.
  std::vector<std::uint16_t> range_slot;
  std::uint32_t cursor = 0;  // the next key of the channel's stream

  // Sizes the channel for joints joints of `values` components, all zero.
  void resize(std::size_t joints, std::size_t values);
  static constexpr std::size_t block_floats(std::size_t values) { return kV0 + 8 * values; }
  std::size_t block_floats() const { return block_floats(components); }
  std::size_t v1() const { return kV0 + 4 * components; }  // offset of the second key's values
  const float* group(std::size_t g) const { return blocks.data() + g * block_floats(); }
  // Joint j's entry in the block member at offset `member` (component c for values).
  float& at(std::size_t member, std::size_t j, std::size_t c = 0) {
    return blocks[(j / 4) * block_floats() + member + c * 4 + j % 4];
  }
  float at(std::size_t member, std::size_t j, std::size_t c = 0) const {
    return blocks[(j / 4) * block_floats() + member + c * 4 + j % 4];
  }
};

struct CompressedSamplingContext {
  DecodedChannel translation, rotation, scale;
  int joint_count = 0;
  std::size_t stride = 0;     // joint_count rounded up to a multiple of 4
  std::uint64_t clip_id = 0;  // the clip decoded; 0 before the first sample
  float time_s = 0.0f;        // the last time sampled

  CompressedSamplingContext() = default;
  explicit CompressedSamplingContext(int joints) { resize(joints); }
  // Sizes the context for a clip of joints joints (the only allocation) and forgets any state.
  void resize(int joints);
};

// Samples clip at time_s (clamped to [0, duration]) into out_local, one transform per joint.
// No allocation. Fails, writing nothing, when the context or out_local is not sized for the
// clip's joint count or the clip is empty.
JobResult sample_compressed(const CompressedClip& clip, float time_s,
                            CompressedSamplingContext& context, std::span<Transform> out_local);

// One clip of a blend: where to sample it and with what weight.
struct CompressedBlendInput {
  const CompressedClip* clip = nullptr;
  CompressedSamplingContext* context = nullptr;
  float time_s = 0.0f;  // clamped to the clip's [0, duration]
  float weight = 0.0f;  // >= 0; normalized over the inputs
};

// Samples every input and blends the poses by weight into out_local: the result of
// sample_compressed for each input followed by blend_poses without masks, but four joints at a
// time in registers, without writing the sampled poses. Weights summing to (nearly) zero give
// fallback. No allocation. Fails, writing nothing, when an input's context or the poses are not
// sized for its clip, or a weight is negative or not finite.
JobResult sample_and_blend(std::span<const CompressedBlendInput> inputs,
                           std::span<const Transform> fallback, std::span<Transform> out_local);

// Writes into out (up to its size) the memory of context that sampling clip next reads, run by
// run of consecutive animated groups (CompressedChannel::animated_groups): their decoded keys,
// and what decoding a key reads, its joint's second key time and, in a vector channel, which box
// its values are quantized in (constant groups are read from the clip). Returns how many ranges
// it wrote. For prefetch.h's hints; a crowd asks for them when an instance's blend changes.
std::size_t sampling_ranges(const CompressedClip& clip, const CompressedSamplingContext& context,
                            std::span<PrefetchRange> out);

}  // namespace anim
