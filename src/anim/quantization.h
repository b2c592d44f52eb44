#pragma once
// Encoding and decoding of QuantizedKey (compressed_clip.h): 16-bit key times, rotations as
// their three smallest components, vectors as fractions of a range. Inline: the decoders run
// on the per-frame path.

#include <algorithm>
#include <cmath>
#include <cstdint>

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

inline float key_time_s(const QuantizedKey& key, float duration_s) {
  return static_cast<float>(key.time) * (duration_s / kQuantizedMax);
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
