#pragma once
// Inline math for the per-frame path (sampling, blending, local-to-model, palettes), where the
// generic versions cost a function call or a branch per joint. Results equal the generic ones
// (anim::to_matrix, glm::normalize, mat4 product) for the inputs these paths see, but for
// inverse_sqrt, an estimate whose error its comment states.

#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/transform.h"

namespace anim::fast {

// q / |q| for a quaternion known not to be zero (glm::normalize adds a zero-length branch).
inline glm::quat normalize(const glm::quat& q) {
  return q * (1.0f / std::sqrt(glm::dot(q, q)));
}

// T * R * S as a matrix, as anim::to_matrix, for a unit rotation.
inline glm::mat4 to_matrix(const Transform& t) {
  const glm::quat& q = t.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  glm::mat4 m;
  m[0] = glm::vec4(1.0f - 2.0f * (yy + zz), 2.0f * (xy + wz), 2.0f * (xz - wy), 0.0f) * t.scale.x;
  m[1] = glm::vec4(2.0f * (xy - wz), 1.0f - 2.0f * (xx + zz), 2.0f * (yz + wx), 0.0f) * t.scale.y;
  m[2] = glm::vec4(2.0f * (xz + wy), 2.0f * (yz - wx), 1.0f - 2.0f * (xx + yy), 0.0f) * t.scale.z;
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
}

#if defined(__SSE2__)
// mask ? if_set : otherwise, lane by lane (mask lanes all ones or all zeros, as compares give).
inline __m128 select(__m128 mask, __m128 if_set, __m128 otherwise) {
  return _mm_or_ps(_mm_and_ps(mask, if_set), _mm_andnot_ps(mask, otherwise));
}

// |v|, lane by lane: the sign bits cleared.
inline __m128 abs(__m128 v) {
  return _mm_andnot_ps(_mm_set1_ps(-0.0f), v);
}

// 1 / sqrt(x), lane by lane, for positive normal x: the processor's estimate (relative error at
// most 1.5 * 2^-12, and not the same on every processor) refined by one Newton-Raphson step,
// y (3 - x y^2) / 2, to a relative error below 5e-7 (the step leaves 1.5 times the estimate's
// error squared, 2e-7, and rounds four times). Its latency is a fraction of a sqrtps followed by
// a divps.
inline __m128 inverse_sqrt(__m128 x) {
  const __m128 y = _mm_rsqrt_ps(x);
  return _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), y),
                    _mm_sub_ps(_mm_set1_ps(3.0f), _mm_mul_ps(_mm_mul_ps(x, y), y)));
}

// Lane kLane of v in every lane. As pshufd, which writes a register other than its source:
// shufps overwrites its source, so a broadcast of a value still needed cost a copy first
// (without AVX, one instruction in two of a matrix product).
template <int kLane>
inline __m128 broadcast(__m128 v) {
  return _mm_castsi128_ps(
      _mm_shuffle_epi32(_mm_castps_si128(v), _MM_SHUFFLE(kLane, kLane, kLane, kLane)));
}

// out = a * b for affine matrices (last row 0 0 0 1), factors(c, f) giving b's column c's first
// three entries each broadcast to a register (f[0] to f[2]): every column of a in a register, 12
// multiply-adds instead of 16.
template <typename ColumnFactors>
inline void affine_product(const glm::mat4& a, ColumnFactors factors, glm::mat4& out) {
  const __m128 a0 = _mm_loadu_ps(&a[0].x), a1 = _mm_loadu_ps(&a[1].x), a2 = _mm_loadu_ps(&a[2].x),
               a3 = _mm_loadu_ps(&a[3].x);
  for (int c = 0; c < 4; ++c) {
    __m128 f[3];
    factors(c, f);
    __m128 column =
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(a0, f[0]), _mm_mul_ps(a1, f[1])), _mm_mul_ps(a2, f[2]));
    if (c == 3) column = _mm_add_ps(column, a3);
    _mm_storeu_ps(&out[c].x, column);
  }
}

// out = a * b for affine matrices, b given by its columns in registers.
inline void affine_product(const glm::mat4& a, const __m128 b[4], glm::mat4& out) {
  affine_product(
      a,
      [b](int c, __m128 f[3]) {
        f[0] = broadcast<0>(b[c]);
        f[1] = broadcast<1>(b[c]);
        f[2] = broadcast<2>(b[c]);
      },
      out);
}
#endif

// a * b for affine matrices (last row 0 0 0 1).
inline glm::mat4 affine_product(const glm::mat4& a, const glm::mat4& b) {
  glm::mat4 m;
#if defined(__SSE2__)
  const __m128 columns[4] = {_mm_loadu_ps(&b[0].x), _mm_loadu_ps(&b[1].x), _mm_loadu_ps(&b[2].x),
                             _mm_loadu_ps(&b[3].x)};
  affine_product(a, columns, m);
#else
  for (int c = 0; c < 3; ++c) m[c] = a[0] * b[c].x + a[1] * b[c].y + a[2] * b[c].z;
  m[3] = a[0] * b[3].x + a[1] * b[3].y + a[2] * b[3].z + a[3];
#endif
  return m;
}

}  // namespace anim::fast
