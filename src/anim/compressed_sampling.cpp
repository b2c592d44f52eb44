#include "anim/compressed_sampling.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "anim/index.h"
#include "anim/pose.h"
#include "anim/quantization.h"
#include "anim/soa_transform.h"

namespace anim {

void DecodedChannel::resize(std::size_t joints, std::size_t values) {
  components = values;
  blocks.assign((joints + 3) / 4 * block_floats(), 0.0f);
  t1.assign(joints, 0.0f);
  range_slot.assign(joints, 0);
  cursor = 0;
}

void CompressedSamplingContext::resize(int joints) {
  joint_count = std::max(joints, 0);
  const auto n = as_size(joint_count);
  translation.resize(n, 3);
  rotation.resize(n, 4);
  scale.resize(n, 3);
  clip_id = 0;
  time_s = 0.0f;
}

namespace {

template <bool kRotation>
void decode(const QuantizedKey& key, const glm::vec3& min, const glm::vec3& extent,
            float value[4]) {
  if constexpr (kRotation) {
    decode_rotation(key, value);
  } else {
    decode_vector(key, min, extent, value);
    value[3] = 0.0f;
  }
}

// Makes key the new second key of its joint (the old second key becomes the first).
// Inlined into the scans that read keys: the call, and the lookups it repeated for every key
// (decoding tables, the channel's blocks), cost about a third of decoding one.
template <bool kRotation>
[[gnu::always_inline]] inline void push_key(const CompressedChannel& channel,
                                            const QuantizedKey& key, float step_s,
                                            DecodedChannel& state) {
  using C = DecodedChannel;
  const std::size_t j = key_joint(key);
  float value[4];
  if constexpr (kRotation) {
    decode_rotation(key, value);
  } else {
    const std::size_t slot = state.range_slot[j];
    decode_vector(key, channel.range_min[slot], channel.range_extent[slot], value);
  }
  // The channel's layout (DecodedChannel::at) with its component count known here: joint j's
  // lane of its block, member m at lane[m], component c of a value at lane[offset + 4 c].
  constexpr std::size_t kComponents = kRotation ? 4 : 3;
  constexpr std::size_t kV1 = C::kV0 + 4 * kComponents, kBlock = C::block_floats(kComponents);
  float* lane = state.blocks.data() + (j / 4) * kBlock + j % 4;
  const float t0 = state.t1[j];
  const float t1 = key_time_s(key, step_s);
  lane[C::kT0] = t0;
  state.t1[j] = t1;
  lane[C::kInvInterval] = t1 > t0 ? 1.0f / (t1 - t0) : 0.0f;
  float dot = 0.0f;
  for (std::size_t c = 0; c < kComponents; ++c) {
    const float first = lane[kV1 + 4 * c];
    lane[C::kV0 + 4 * c] = first;
    dot += first * value[c];
  }
  // q and -q are one rotation: the one nearer the first key interpolates along the short arc.
  const float sign = kRotation && dot < 0.0f ? -1.0f : 1.0f;
  for (std::size_t c = 0; c < kComponents; ++c) lane[kV1 + 4 * c] = value[c] * sign;
}

// Sets every animated joint of the channel to its first interval, from the stream's first two
// keys each; with constants, the constant joints too (as an interval that never ends).
template <bool kRotation>
void restart(const CompressedChannel& channel, float duration_s, bool constants,
             DecodedChannel& state) {
  using C = DecodedChannel;
  const float step_s = key_time_step_s(duration_s);
  for (const QuantizedKey& key :
       constants ? std::span(channel.constants) : std::span<const QuantizedKey>()) {
    const std::size_t j = key_joint(key);
    float value[4];
    decode<kRotation>(key, channel.constant_min, channel.constant_extent, value);
    state.at(C::kT0, j) = 0.0f;
    state.t1[j] = INFINITY;
    state.at(C::kInvInterval, j) = 0.0f;
    for (std::size_t c = 0; c < state.components; ++c) {
      state.at(C::kV0, j, c) = state.at(state.v1(), j, c) = value[c];
    }
  }
  const std::size_t animated = channel.animated_joints;
  for (std::size_t i = 0; i < animated; ++i) {
    const std::size_t j = key_joint(channel.keys[i]);
    state.range_slot[j] = static_cast<std::uint16_t>(i);
    state.t1[j] = 0.0f;
    push_key<kRotation>(channel, channel.keys[i], step_s, state);
  }
  for (std::size_t i = animated; i < 2 * animated; ++i) {
    push_key<kRotation>(channel, channel.keys[i], step_s, state);
  }
  state.cursor = static_cast<std::uint32_t>(2 * animated);
}

// Brings every joint's interval of one channel up to time t, reading the stream while its next
// key's joint has passed its second key. The stream is ordered by the time of each key's
// predecessor, which is that second key: the first key whose joint has not reached it ends the
// scan.
template <bool kRotation>
void advance(const CompressedChannel& channel, float duration_s, float t, DecodedChannel& state) {
  const QuantizedKey* keys = channel.keys.data();
  const auto count = static_cast<std::uint32_t>(channel.keys.size());
  std::uint32_t k = state.cursor;
  const float step_s = key_time_step_s(duration_s);
  while (k < count && state.t1[key_joint(keys[k])] <= t) {
    push_key<kRotation>(channel, keys[k], step_s, state);
    ++k;
  }
  state.cursor = k;
}

// Brings a context to time t of clip: from the first keys when it held another clip or an
// earlier time (the constants only for another clip: they never change), then forward.
void seek(const CompressedClip& clip, float t, CompressedSamplingContext& context) {
  const bool other_clip = context.clip_id != clip.id;
  if (other_clip || t < context.time_s) {
    restart<false>(clip.translations, clip.duration_s, other_clip, context.translation);
    restart<true>(clip.rotations, clip.duration_s, other_clip, context.rotation);
    restart<false>(clip.scales, clip.duration_s, other_clip, context.scale);
  }
  context.clip_id = clip.id;
  context.time_s = t;
  advance<false>(clip.translations, clip.duration_s, t, context.translation);
  advance<true>(clip.rotations, clip.duration_s, t, context.rotation);
  advance<false>(clip.scales, clip.duration_s, t, context.scale);
}

const char* check(const CompressedClip& clip, const CompressedSamplingContext& context,
                  std::size_t pose_size) {
  if (clip.empty()) return "sample_compressed: the compressed clip is empty";
  const std::size_t groups = (as_size(clip.joint_count) + 3) / 4;
  if (clip.translations.constant_groups.size() != groups * 12 ||
      clip.rotations.constant_groups.size() != groups * 16 ||
      clip.scales.constant_groups.size() != groups * 12) {
    return "sample_compressed: the compressed clip has no decoded constants (not made by "
           "compress_clip)";
  }
  if (context.joint_count != clip.joint_count) {
    return "sample_compressed: the context is not sized for this clip";
  }
  if (pose_size != as_size(clip.joint_count)) {
    return "sample_compressed: the output pose is not the clip's joint count";
  }
  return nullptr;
}

float clamp_time(const CompressedClip& clip, float time_s) {
  return std::isfinite(time_s) ? std::clamp(time_s, 0.0f, clip.duration_s) : 0.0f;
}

#if defined(__SSE2__)

// The four joints' interpolation factors at t, clamped against rounding.
inline __m128 factors(const float* block, __m128 t) {
  using C = DecodedChannel;
  const __m128 a = _mm_mul_ps(_mm_sub_ps(t, _mm_loadu_ps(block + C::kT0)),
                              _mm_loadu_ps(block + C::kInvInterval));
  return _mm_min_ps(_mm_max_ps(a, _mm_setzero_ps()), _mm_set1_ps(1.0f));
}

// Component c of the four joints' values (their second key's at offset v1), lerped by a.
inline __m128 lerp(const float* block, std::size_t second, std::size_t c, __m128 a) {
  const __m128 v0 = _mm_loadu_ps(block + DecodedChannel::kV0 + 4 * c);
  const __m128 v1 = _mm_loadu_ps(block + second + 4 * c);
  return _mm_add_ps(v0, _mm_mul_ps(_mm_sub_ps(v1, v0), a));
}

// One channel of one clip as interpolation reads it, group after group: which groups are
// animated, the context's decoded blocks and the clip's constants, looked up once per call
// rather than once per group.
struct ChannelView {
  const std::uint8_t* animated_groups;
  const float* blocks;
  const float* constants;
};

inline ChannelView view(const CompressedChannel& channel, const DecodedChannel& state) {
  return {channel.animated_groups.data(), state.blocks.data(), channel.constant_groups.data()};
}

// The first three (vectors) or four (rotations) components of group g of a channel at time t:
// lerped, or for a group of constant joints their values as they are.
template <std::size_t kComponents>
inline void channel4(const ChannelView& channel, std::size_t g, __m128 t, __m128* out) {
  if (channel.animated_groups[g] != 0) {
    const float* block = channel.blocks + g * DecodedChannel::block_floats(kComponents);
    const __m128 a = factors(block, t);
    for (std::size_t c = 0; c < kComponents; ++c) {
      out[c] = lerp(block, DecodedChannel::kV0 + 4 * kComponents, c, a);
    }
  } else {
    // The same values as the context's, from the clip (see CompressedChannel::constant_groups).
    const float* constants = channel.constants + g * kComponents * 4;
    for (std::size_t c = 0; c < kComponents; ++c) out[c] = _mm_loadu_ps(constants + 4 * c);
  }
}

// One channel of joints 4g to 4g + 3 at time t into s: translations, rotations (normalized) or
// scales.
inline void translations4(const ChannelView& channel, std::size_t g, __m128 t,
                          simd::SoaTransform4& s) {
  __m128 v[3];
  channel4<3>(channel, g, t, v);
  s.tx = v[0], s.ty = v[1], s.tz = v[2];
}

inline void rotations4(const ChannelView& channel, std::size_t g, __m128 t,
                       simd::SoaTransform4& s) {
  __m128 v[4];
  channel4<4>(channel, g, t, v);
  s.qx = v[0], s.qy = v[1], s.qz = v[2], s.qw = v[3];
  // A group of constants is stored unit already (CompressedChannel::constant_groups).
  if (channel.animated_groups[g] != 0) simd::normalize_rotations(s);
}

inline void scales4(const ChannelView& channel, std::size_t g, __m128 t, simd::SoaTransform4& s) {
  __m128 v[3];
  channel4<3>(channel, g, t, v);
  s.sx = v[0], s.sy = v[1], s.sz = v[2];
}

void interpolate(const CompressedClip& clip, const CompressedSamplingContext& ctx, float time_s,
                 std::span<Transform> out) {
  const __m128 t = _mm_set1_ps(time_s);
  const ChannelView translations = view(clip.translations, ctx.translation);
  const ChannelView rotations = view(clip.rotations, ctx.rotation);
  const ChannelView scales = view(clip.scales, ctx.scale);
  for (std::size_t g = 0; g < out.size(); g += 4) {
    simd::SoaTransform4 s = simd::zero4();
    translations4(translations, g / 4, t, s);
    rotations4(rotations, g / 4, t, s);
    if (!clip.unit_scales) scales4(scales, g / 4, t, s);
    simd::store(s, &out[g], static_cast<int>(std::min<std::size_t>(4, out.size() - g)),
                clip.unit_scales);
  }
}

// One input of a blend as interpolate_blended reads it for every group: its time and its
// normalized weight in every lane, and its channels.
struct BlendSource {
  __m128 time;
  __m128 weight;
  ChannelView translations, rotations, scales;
};

inline BlendSource blend_source(const CompressedBlendInput& in, float inv_total) {
  const CompressedClip& clip = *in.clip;
  const CompressedSamplingContext& ctx = *in.context;
  return {_mm_set1_ps(ctx.time_s), _mm_set1_ps(in.weight * inv_total),
          view(clip.translations, ctx.translation), view(clip.rotations, ctx.rotation),
          view(clip.scales, ctx.scale)};
}

// One channel (kChannel, by kInterpolate) of group g of every source, added to sum with its
// weight by kAdd.
template <ChannelView BlendSource::*kChannel, auto kInterpolate, auto kAdd>
inline void add_channel(std::span<const BlendSource> sources, std::size_t g,
                        simd::SoaTransform4& sum) {
  simd::SoaTransform4 v = simd::zero4();
  for (const BlendSource& source : sources) {
    kInterpolate(source.*kChannel, g, source.time, v);
    kAdd(v, source.weight, sum);
  }
}

// The blend sources interpolate_blended looks up at once: a blend of more inputs (rare) is
// summed a chunk of inputs at a time.
inline constexpr std::size_t kBlendSourceChunk = 8;

// The first count (1 to 4) transforms of t into registers.
inline simd::SoaTransform4 load(const Transform* t, int count) {
  if (count == 4) return simd::load4(t);
  Transform padded[4];
  std::copy(t, t + count, padded);
  return simd::load4(padded);
}

// Every group of out, four joints at a time, from one chunk of inputs: kFirst when the chunk opens
// the blend (the sums start at zero, not from out), kLast when it closes it (the rotations are
// normalized), kUnitScales when every input's scales are one (written as one, not blended). Known
// at compile time, so that the usual blend, one chunk of unit-scale clips, carries none of these
// tests in its loop over groups.
template <bool kFirst, bool kLast, bool kUnitScales>
void blend_groups(std::span<const BlendSource> sources, std::span<Transform> out) {
  for (std::size_t g = 0; g < out.size(); g += 4) {
    const int lanes = static_cast<int>(std::min<std::size_t>(4, out.size() - g));
    simd::SoaTransform4 sum = kFirst ? simd::zero4() : load(&out[g], lanes);
    // Rotations first: their sum is a chain of latencies through every input (each joins the
    // hemisphere of the sum so far), which the translations' independent work then overlaps.
    add_channel<&BlendSource::rotations, rotations4, simd::add_weighted_rotations>(sources, g / 4,
                                                                                   sum);
    add_channel<&BlendSource::translations, translations4, simd::add_weighted_translations>(
        sources, g / 4, sum);
    if (!kUnitScales) {
      add_channel<&BlendSource::scales, scales4, simd::add_weighted_scales>(sources, g / 4, sum);
    }
    if (kLast) simd::normalize_rotations(sum);
    simd::store(sum, &out[g], lanes, kUnitScales);
  }
}

using BlendGroups = void (*)(std::span<const BlendSource>, std::span<Transform>);
// blend_groups<kFirst, kLast, kUnitScales> at [kFirst][kLast][kUnitScales].
constexpr BlendGroups kBlendGroups[2][2][2] = {
    {{blend_groups<false, false, false>, blend_groups<false, false, true>},
     {blend_groups<false, true, false>, blend_groups<false, true, true>}},
    {{blend_groups<true, false, false>, blend_groups<true, false, true>},
     {blend_groups<true, true, false>, blend_groups<true, true, true>}}};

// Four joints at a time: each input's joints interpolated in registers and added to the sum
// with its weight, so no sampled pose is ever written. Channel by channel over the inputs: a
// whole transform of the sum and one of an input take 20 registers, more than SSE's 16, and
// spilled; a channel's take at most 8. The same operations on every lane. A blend of more than
// kBlendSourceChunk inputs keeps its sums in out from one chunk of inputs to the next (floats
// stored and read back as they are), so that each channel's sum still adds the inputs in order.
void interpolate_blended(std::span<const CompressedBlendInput> inputs, float inv_total,
                         std::span<Transform> out) {
  // Weights that add up to one leave a unit scale at one: the usual clip's scale channel is
  // then neither read nor blended.
  const bool unit_scales = std::all_of(inputs.begin(), inputs.end(),
                                       [](const auto& in) { return in.clip->unit_scales; });
  BlendSource chunk[kBlendSourceChunk];
  for (std::size_t first = 0; first < inputs.size(); first += kBlendSourceChunk) {
    const std::size_t count = std::min(kBlendSourceChunk, inputs.size() - first);
    for (std::size_t i = 0; i < count; ++i) chunk[i] = blend_source(inputs[first + i], inv_total);
    const std::span<const BlendSource> sources(chunk, count);
    const bool last = first + count == inputs.size();
    kBlendGroups[first == 0][last][unit_scales](sources, out);
  }
}

#else

// Joint j of the context at time t (scalar: targets without SSE2).
Transform interpolate_joint(const CompressedSamplingContext& ctx, std::size_t j, float time_s) {
  using C = DecodedChannel;
  const auto lerp = [j, time_s](const DecodedChannel& c, std::size_t comp) {
    const float a = std::clamp((time_s - c.at(C::kT0, j)) * c.at(C::kInvInterval, j), 0.0f, 1.0f);
    const float v0 = c.at(C::kV0, j, comp);
    return v0 + (c.at(c.v1(), j, comp) - v0) * a;
  };
  Transform out;
  out.translation = {lerp(ctx.translation, 0), lerp(ctx.translation, 1), lerp(ctx.translation, 2)};
  out.rotation = glm::normalize(glm::quat(lerp(ctx.rotation, 3), lerp(ctx.rotation, 0),
                                          lerp(ctx.rotation, 1), lerp(ctx.rotation, 2)));
  out.scale = {lerp(ctx.scale, 0), lerp(ctx.scale, 1), lerp(ctx.scale, 2)};
  return out;
}

void interpolate(const CompressedClip&, const CompressedSamplingContext& ctx, float time_s,
                 std::span<Transform> out) {
  for (std::size_t j = 0; j < out.size(); ++j) out[j] = interpolate_joint(ctx, j, time_s);
}

void interpolate_blended(std::span<const CompressedBlendInput> inputs, float inv_total,
                         std::span<Transform> out) {
  for (std::size_t j = 0; j < out.size(); ++j) {
    Transform sum{glm::vec3(0.0f), glm::quat(0.0f, 0.0f, 0.0f, 0.0f), glm::vec3(0.0f)};
    for (const CompressedBlendInput& in : inputs) {
      const Transform t = interpolate_joint(*in.context, j, in.context->time_s);
      const float w = in.weight * inv_total;
      sum.translation += t.translation * w;
      sum.rotation += t.rotation * std::copysign(w, glm::dot(sum.rotation, t.rotation));
      sum.scale += t.scale * w;
    }
    sum.rotation = glm::normalize(sum.rotation);
    out[j] = sum;
  }
}

#endif

}  // namespace

JobResult sample_compressed(const CompressedClip& clip, float time_s,
                            CompressedSamplingContext& context, std::span<Transform> out_local) {
  if (const char* error = check(clip, context, out_local.size())) return JobResult::fail(error);
  const float t = clamp_time(clip, time_s);
  seek(clip, t, context);
  interpolate(clip, context, t, out_local);
  return JobResult::ok();
}

JobResult sample_and_blend(std::span<const CompressedBlendInput> inputs,
                           std::span<const Transform> fallback, std::span<Transform> out_local) {
  if (fallback.size() != out_local.size()) {
    return JobResult::fail("sample_and_blend: the fallback pose is not the output's size");
  }
  float total = 0.0f;
  for (const CompressedBlendInput& in : inputs) {
    if (in.clip == nullptr || in.context == nullptr) {
      return JobResult::fail("sample_and_blend: an input has no clip or context");
    }
    if (const char* error = check(*in.clip, *in.context, out_local.size())) {
      return JobResult::fail(error);
    }
    if (!std::isfinite(in.weight) || in.weight < 0.0f) {
      return JobResult::fail("sample_and_blend: a weight is negative or not finite");
    }
    total += in.weight;
  }
  if (total < kBlendWeightEpsilon) {
    std::copy(fallback.begin(), fallback.end(), out_local.begin());
    return JobResult::ok();
  }
  for (const CompressedBlendInput& in : inputs)
    seek(*in.clip, clamp_time(*in.clip, in.time_s), *in.context);
  interpolate_blended(inputs, 1.0f / total, out_local);
  return JobResult::ok();
}

std::size_t sampling_ranges(const CompressedClip& clip, const CompressedSamplingContext& context,
                            std::span<PrefetchRange> out) {
  const CompressedChannel* channels[] = {&clip.translations, &clip.rotations, &clip.scales};
  const DecodedChannel* states[] = {&context.translation, &context.rotation, &context.scale};
  std::size_t written = 0;
  for (int i = 0; i < 3; ++i) {
    const std::vector<std::uint8_t>& animated = channels[i]->animated_groups;
    const DecodedChannel& state = *states[i];
    const std::size_t joints = state.t1.size();
    const std::size_t groups = std::min(animated.size(), (joints + 3) / 4);
    for (std::size_t g = 0; g < groups && written < out.size();) {
      if (animated[g] == 0) {
        ++g;
        continue;
      }
      const std::size_t first = g;
      while (g < groups && animated[g] != 0) ++g;
      // What every sample reads (the run's decoded keys), then what decoding a key reads: its
      // joint's second key time and, in a vector channel, the box its values are quantized in.
      out[written++] = {state.group(first), (g - first) * state.block_floats() * sizeof(float)};
      const std::size_t run_joints = std::min(g * 4, joints) - first * 4;
      note_range(std::span<const float>(state.t1).subspan(first * 4, run_joints), out, written);
      if (state.components == 3) {
        note_range(std::span<const std::uint16_t>(state.range_slot).subspan(first * 4, run_joints),
                   out, written);
      }
    }
  }
  return written;
}

}  // namespace anim
