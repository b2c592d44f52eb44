#include "anim/compressed_sampling.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "anim/pose.h"
#include "anim/quantization.h"
#include "anim/soa_transform.h"

namespace anim {

void CompressedSamplingContext::resize(int joints) {
  joint_count = std::max(joints, 0);
  const auto n = static_cast<std::size_t>(joint_count);
  stride = (n + 3) & ~std::size_t{3};
  for (DecodedChannel* c : {&translation, &rotation, &scale}) {
    c->t0.assign(stride, 0.0f);
    c->t1.assign(stride, 0.0f);
    c->inv_interval.assign(stride, 0.0f);
    c->v0.assign(stride * 4, 0.0f);
    c->v1.assign(stride * 4, 0.0f);
    c->range_min.assign(n, glm::vec3(0.0f));
    c->range_extent.assign(n, glm::vec3(0.0f));
    c->cursor = 0;
  }
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
template <bool kRotation>
void push_key(const QuantizedKey& key, float duration_s, std::size_t stride,
              DecodedChannel& state) {
  const std::size_t j = key_joint(key);
  float value[4];
  decode<kRotation>(key, state.range_min[j], state.range_extent[j], value);
  state.t0[j] = state.t1[j];
  state.t1[j] = key_time_s(key, duration_s);
  const float interval = state.t1[j] - state.t0[j];
  state.inv_interval[j] = interval > 0.0f ? 1.0f / interval : 0.0f;
  float dot = 0.0f;
  for (std::size_t c = 0; c < 4; ++c) {
    state.v0[c * stride + j] = state.v1[c * stride + j];
    dot += state.v0[c * stride + j] * value[c];
  }
  // q and -q are one rotation: the one nearer the first key interpolates along the short arc.
  const float sign = kRotation && dot < 0.0f ? -1.0f : 1.0f;
  for (std::size_t c = 0; c < 4; ++c) state.v1[c * stride + j] = value[c] * sign;
}

// Sets every animated joint of the channel to its first interval, from the stream's first two
// keys each; with constants, the constant joints too (as an interval that never ends).
template <bool kRotation>
void restart(const CompressedChannel& channel, float duration_s, std::size_t stride, bool constants,
             DecodedChannel& state) {
  for (const QuantizedKey& key :
       constants ? std::span(channel.constants) : std::span<const QuantizedKey>()) {
    const std::size_t j = key_joint(key);
    float value[4];
    decode<kRotation>(key, channel.constant_min, channel.constant_extent, value);
    state.t0[j] = 0.0f;
    state.t1[j] = INFINITY;
    state.inv_interval[j] = 0.0f;
    for (std::size_t c = 0; c < 4; ++c)
      state.v0[c * stride + j] = state.v1[c * stride + j] = value[c];
  }
  const std::size_t animated = channel.animated_joints;
  for (std::size_t i = 0; i < animated; ++i) {
    const std::size_t j = key_joint(channel.keys[i]);
    if constexpr (!kRotation) {
      state.range_min[j] = channel.range_min[i];
      state.range_extent[j] = channel.range_extent[i];
    }
    state.t1[j] = 0.0f;
    push_key<kRotation>(channel.keys[i], duration_s, stride, state);
  }
  for (std::size_t i = animated; i < 2 * animated; ++i) {
    push_key<kRotation>(channel.keys[i], duration_s, stride, state);
  }
  state.cursor = static_cast<std::uint32_t>(2 * animated);
}

// Brings every joint's interval of one channel up to time t, reading the stream while its next
// key's joint has passed its second key. The stream is ordered by the time of each key's
// predecessor, which is that second key: the first key whose joint has not reached it ends the
// scan.
template <bool kRotation>
void advance(const CompressedChannel& channel, float duration_s, std::size_t stride, float t,
             DecodedChannel& state) {
  const QuantizedKey* keys = channel.keys.data();
  const auto count = static_cast<std::uint32_t>(channel.keys.size());
  std::uint32_t k = state.cursor;
  while (k < count && state.t1[key_joint(keys[k])] <= t) {
    push_key<kRotation>(keys[k], duration_s, stride, state);
    ++k;
  }
  state.cursor = k;
}

// Brings a context to time t of clip: from the first keys when it held another clip or an
// earlier time (the constants only for another clip: they never change), then forward.
void seek(const CompressedClip& clip, float t, CompressedSamplingContext& context) {
  const std::size_t stride = context.stride;
  const bool other_clip = context.clip_id != clip.id;
  if (other_clip || t < context.time_s) {
    restart<false>(clip.translations, clip.duration_s, stride, other_clip, context.translation);
    restart<true>(clip.rotations, clip.duration_s, stride, other_clip, context.rotation);
    restart<false>(clip.scales, clip.duration_s, stride, other_clip, context.scale);
  }
  context.clip_id = clip.id;
  context.scale_animated = clip.scales.animated_joints > 0;
  context.time_s = t;
  advance<false>(clip.translations, clip.duration_s, stride, t, context.translation);
  advance<true>(clip.rotations, clip.duration_s, stride, t, context.rotation);
  advance<false>(clip.scales, clip.duration_s, stride, t, context.scale);
}

const char* check(const CompressedClip& clip, const CompressedSamplingContext& context,
                  std::size_t pose_size) {
  if (clip.empty()) return "sample_compressed: the compressed clip is empty";
  if (context.joint_count != clip.joint_count) {
    return "sample_compressed: the context is not sized for this clip";
  }
  if (pose_size != static_cast<std::size_t>(clip.joint_count)) {
    return "sample_compressed: the output pose is not the clip's joint count";
  }
  return nullptr;
}

float clamp_time(const CompressedClip& clip, float time_s) {
  return std::isfinite(time_s) ? std::clamp(time_s, 0.0f, clip.duration_s) : 0.0f;
}

#if defined(__SSE2__)

// The four joints' interpolation factors at t, clamped against rounding.
inline __m128 factors(const DecodedChannel& c, std::size_t g, __m128 t) {
  const __m128 a =
      _mm_mul_ps(_mm_sub_ps(t, _mm_loadu_ps(&c.t0[g])), _mm_loadu_ps(&c.inv_interval[g]));
  return _mm_min_ps(_mm_max_ps(a, _mm_setzero_ps()), _mm_set1_ps(1.0f));
}

// Component `component` of the four joints' values, lerped by a.
inline __m128 lerp(const DecodedChannel& c, std::size_t stride, std::size_t component,
                   std::size_t g, __m128 a) {
  const __m128 v0 = _mm_loadu_ps(&c.v0[component * stride + g]);
  const __m128 v1 = _mm_loadu_ps(&c.v1[component * stride + g]);
  return _mm_add_ps(v0, _mm_mul_ps(_mm_sub_ps(v1, v0), a));
}

// Joints g to g + 3 at time t: every channel lerped as structure-of-arrays, rotations
// normalized.
inline simd::SoaTransform4 interpolate4(const CompressedSamplingContext& ctx, std::size_t g,
                                        __m128 t) {
  const std::size_t stride = ctx.stride;
  simd::SoaTransform4 s;
  const __m128 at = factors(ctx.translation, g, t);
  s.tx = lerp(ctx.translation, stride, 0, g, at);
  s.ty = lerp(ctx.translation, stride, 1, g, at);
  s.tz = lerp(ctx.translation, stride, 2, g, at);
  const __m128 ar = factors(ctx.rotation, g, t);
  s.qx = lerp(ctx.rotation, stride, 0, g, ar);
  s.qy = lerp(ctx.rotation, stride, 1, g, ar);
  s.qz = lerp(ctx.rotation, stride, 2, g, ar);
  s.qw = lerp(ctx.rotation, stride, 3, g, ar);
  simd::normalize_rotations(s);
  if (ctx.scale_animated) {
    const __m128 as = factors(ctx.scale, g, t);
    s.sx = lerp(ctx.scale, stride, 0, g, as);
    s.sy = lerp(ctx.scale, stride, 1, g, as);
    s.sz = lerp(ctx.scale, stride, 2, g, as);
  } else {
    // Most clips never scale a joint: every joint holds its constant.
    s.sx = _mm_loadu_ps(&ctx.scale.v0[g]);
    s.sy = _mm_loadu_ps(&ctx.scale.v0[stride + g]);
    s.sz = _mm_loadu_ps(&ctx.scale.v0[2 * stride + g]);
  }
  return s;
}

void interpolate(const CompressedSamplingContext& ctx, float time_s, std::span<Transform> out) {
  const __m128 t = _mm_set1_ps(time_s);
  for (std::size_t g = 0; g < out.size(); g += 4) {
    simd::store(interpolate4(ctx, g, t), &out[g],
                static_cast<int>(std::min<std::size_t>(4, out.size() - g)));
  }
}

// Four joints at a time: each input's joints interpolated in registers and added to the sum
// with its weight, so no sampled pose is ever written.
void interpolate_blended(std::span<const CompressedBlendInput> inputs, float inv_total,
                         std::span<Transform> out) {
  for (std::size_t g = 0; g < out.size(); g += 4) {
    simd::SoaTransform4 sum = simd::zero4();
    for (const CompressedBlendInput& in : inputs) {
      simd::add_weighted(interpolate4(*in.context, g, _mm_set1_ps(in.context->time_s)),
                         _mm_set1_ps(in.weight * inv_total), sum);
    }
    simd::normalize_rotations(sum);
    simd::store(sum, &out[g], static_cast<int>(std::min<std::size_t>(4, out.size() - g)));
  }
}

#else

// Joint j of the context at time t (scalar: targets without SSE2).
Transform interpolate_joint(const CompressedSamplingContext& ctx, std::size_t j, float time_s) {
  const std::size_t stride = ctx.stride;
  const auto lerp = [stride, j, time_s](const DecodedChannel& c, std::size_t comp) {
    const float a = std::clamp((time_s - c.t0[j]) * c.inv_interval[j], 0.0f, 1.0f);
    const float v0 = c.v0[comp * stride + j];
    return v0 + (c.v1[comp * stride + j] - v0) * a;
  };
  Transform out;
  out.translation = {lerp(ctx.translation, 0), lerp(ctx.translation, 1), lerp(ctx.translation, 2)};
  out.rotation = glm::normalize(glm::quat(lerp(ctx.rotation, 3), lerp(ctx.rotation, 0),
                                          lerp(ctx.rotation, 1), lerp(ctx.rotation, 2)));
  out.scale = {lerp(ctx.scale, 0), lerp(ctx.scale, 1), lerp(ctx.scale, 2)};
  return out;
}

void interpolate(const CompressedSamplingContext& ctx, float time_s, std::span<Transform> out) {
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
  interpolate(context, t, out_local);
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

}  // namespace anim
