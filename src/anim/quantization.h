#pragma once
// Encoding and decoding of QuantizedKey (compressed_clip.h): 16-bit key times, rotations as
// their three smallest components, vectors as fractions of a range. Inline: the decoders run
// on the per-frame path.

#include <algorithm>
#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/compressed_clip.h"

namespace anim {

inline constexpr float kQuantizedMax = 65535.0f;
// The three smaller components of a unit quaternion lie within +-1/sqrt(2).
inline constexpr float kSmallestThreeBound = 0.70710678f;

inline std::uint16_t quantize_unit(float fraction) {
  return static_cast<std::uint16_t>(std::lround(std::clamp(fraction, 0.0f, 1.0f) * kQuantizedMax));
}

inline std::size_t key_joint(const QuantizedKey& key) {
  return key.joint & 0x3fffu;
}

// Seconds per quantized time step of a clip of duration_s: worked out once per channel scan,
// as a division per key would cost.
inline float key_time_step_s(float duration_s) {
  return duration_s / kQuantizedMax;
}

inline float key_time_s(const QuantizedKey& key, float step_s) {
  return static_cast<float>(key.time) * step_s;
}

// Components of q in storage order x, y, z, w.
inline void quat_components(const glm::quat& q, float out[4]) {
  out[0] = q.x;
  out[1] = q.y;
  out[2] = q.z;
  out[3] = q.w;
}

// Stores unit rotation q (and joint) in key: drops the largest component, after choosing the
// sign of q that makes it positive.
inline void encode_rotation(const glm::quat& q, std::size_t joint, QuantizedKey& key) {
  float c[4];
  quat_components(glm::normalize(q), c);
  int largest = 0;
  for (int i = 1; i < 4; ++i) {
    if (std::fabs(c[i]) > std::fabs(c[largest])) largest = i;
  }
  const float sign = c[largest] < 0.0f ? -1.0f : 1.0f;
  int v = 0;
  for (int i = 0; i < 4; ++i) {
    if (i == largest) continue;
    key.values[v++] = quantize_unit((c[i] * sign / kSmallestThreeBound + 1.0f) * 0.5f);
  }
  key.joint = static_cast<std::uint16_t>((static_cast<unsigned>(largest) << 14) | joint);
}

// The unit rotation of key, as components x, y, z, w.
inline void decode_rotation(const QuantizedKey& key, float out[4]) {
  const int largest = key.joint >> 14;
  constexpr float kScale = 2.0f * kSmallestThreeBound / kQuantizedMax;
#if defined(__SSE2__)
  // The scalar steps below on four lanes, in the same order (so the same bits): the stored
  // components widened and scaled together, the dropped one from their squares, and the four
  // placed by masks rather than by a store and indexed reloads.
  const __m128i stored = _mm_srli_si128(  // values[0..2], read with joint (within the key)
      _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&key.joint)), 2);
  const __m128 v =
      _mm_sub_ps(_mm_mul_ps(_mm_cvtepi32_ps(_mm_unpacklo_epi16(stored, _mm_setzero_si128())),
                            _mm_set1_ps(kScale)),
                 _mm_set1_ps(kSmallestThreeBound));
  const __m128 squares = _mm_mul_ps(v, v);
  const __m128 sum =
      _mm_add_ss(_mm_add_ss(squares, _mm_shuffle_ps(squares, squares, _MM_SHUFFLE(1, 1, 1, 1))),
                 _mm_movehl_ps(squares, squares));
  const __m128 dropped =
      _mm_sqrt_ss(_mm_max_ss(_mm_sub_ss(_mm_set_ss(1.0f), sum), _mm_setzero_ps()));
  // Lane i of the result: v[i] below `largest`, the dropped one at it, v[i - 1] above it.
  alignas(16) static constexpr std::uint32_t kBelow[4][4] = {
      {0, 0, 0, 0}, {~0u, 0, 0, 0}, {~0u, ~0u, 0, 0}, {~0u, ~0u, ~0u, 0}};
  alignas(16) static constexpr std::uint32_t kAt[4][4] = {
      {~0u, 0, 0, 0}, {0, ~0u, 0, 0}, {0, 0, ~0u, 0}, {0, 0, 0, ~0u}};
  const __m128 below = _mm_load_ps(reinterpret_cast<const float*>(kBelow[largest]));
  const __m128 at = _mm_load_ps(reinterpret_cast<const float*>(kAt[largest]));
  const __m128 above = _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4));
  const __m128 placed = _mm_or_ps(
      _mm_or_ps(_mm_and_ps(below, v), _mm_and_ps(at, _mm_shuffle_ps(dropped, dropped, 0))),
      _mm_andnot_ps(_mm_or_ps(below, at), above));
  _mm_storeu_ps(out, placed);
#else
  // The three stored components, then the dropped one, placed by a table rather than by a
  // branch on `largest`, which varies from key to key and so is often mispredicted.
  float v[4];
  float sum = 0.0f;
  for (int i = 0; i < 3; ++i) {
    v[i] = static_cast<float>(key.values[i]) * kScale - kSmallestThreeBound;
    sum += v[i] * v[i];
  }
  v[3] = std::sqrt(std::max(1.0f - sum, 0.0f));
  // kFrom[largest][i]: which of v is component i.
  static constexpr std::uint8_t kFrom[4][4] = {
      {3, 0, 1, 2}, {0, 3, 1, 2}, {0, 1, 3, 2}, {0, 1, 2, 3}};
  for (int i = 0; i < 4; ++i) out[i] = v[kFrom[largest][i]];
#endif
}

// Stores v as fractions of the box [min, min + extent] (a zero extent stores 0).
inline void encode_vector(const glm::vec3& v, const glm::vec3& min, const glm::vec3& extent,
                          QuantizedKey& key) {
  for (int i = 0; i < 3; ++i) {
    key.values[i] = extent[i] > 0.0f ? quantize_unit((v[i] - min[i]) / extent[i]) : 0;
  }
}

inline void decode_vector(const QuantizedKey& key, const glm::vec3& min, const glm::vec3& extent,
                          float out[3]) {
  for (int i = 0; i < 3; ++i) {
    out[i] = min[i] + extent[i] * (static_cast<float>(key.values[i]) / kQuantizedMax);
  }
}

}  // namespace anim
