#pragma once
// glm's vector and quaternion operations in SSE registers, with the operations of glm's scalar
// versions in their order: IEEE sums, products, square roots and divisions give the same bits in
// a lane as in a scalar register, so a lane's result equals the scalar code's bit for bit. Two
// layouts: two to four values of a step side by side (structure of arrays: a register per
// component, lane k = item k), for the per-frame solves that are chains of dependent square roots
// and divisions (two-bone IK, foot IK), one instruction taking the step for every item; and one
// vector or quaternion to a register, for a single transform's steps. Only where the processor
// has SSE2.

#if defined(__SSE2__)

#include <array>

#include <emmintrin.h>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/fast_math.h"

namespace anim::sse {
using fast::abs;
using fast::select;

struct Vec3 {
  __m128 x, y, z;
};
struct Quat {
  __m128 x, y, z, w;
};

inline __m128 splat(float v) {
  return _mm_set1_ps(v);
}
inline __m128 add(__m128 a, __m128 b) {
  return _mm_add_ps(a, b);
}
inline __m128 sub(__m128 a, __m128 b) {
  return _mm_sub_ps(a, b);
}
inline __m128 mul(__m128 a, __m128 b) {
  return _mm_mul_ps(a, b);
}
// std::clamp(v, lo, hi): v < lo ? lo : hi < v ? hi : v.
inline __m128 clamp(__m128 v, float lo, float hi) {
  return _mm_min_ps(splat(hi), _mm_max_ps(splat(lo), v));
}
inline Vec3 load(const glm::vec3& a, const glm::vec3& b) {
  return {_mm_setr_ps(a.x, b.x, 0.0f, 0.0f), _mm_setr_ps(a.y, b.y, 0.0f, 0.0f),
          _mm_setr_ps(a.z, b.z, 0.0f, 0.0f)};
}
inline Vec3 add(const Vec3& a, const Vec3& b) {
  return {add(a.x, b.x), add(a.y, b.y), add(a.z, b.z)};
}
inline Vec3 sub(const Vec3& a, const Vec3& b) {
  return {sub(a.x, b.x), sub(a.y, b.y), sub(a.z, b.z)};
}
inline Vec3 mul(const Vec3& a, __m128 s) {
  return {mul(a.x, s), mul(a.y, s), mul(a.z, s)};
}
inline Vec3 negate(const Vec3& a) {
  const __m128 sign = splat(-0.0f);
  return {_mm_xor_ps(a.x, sign), _mm_xor_ps(a.y, sign), _mm_xor_ps(a.z, sign)};
}
inline Vec3 select(__m128 mask, const Vec3& a, const Vec3& b) {
  return {select(mask, a.x, b.x), select(mask, a.y, b.y), select(mask, a.z, b.z)};
}
// Lanes 0 and 1 of a as lanes 0 and 1, and of b as lanes 2 and 3: two steps of the pair that do
// not wait on each other, taken by one instruction.
inline __m128 joined(__m128 a, __m128 b) {
  return _mm_movelh_ps(a, b);
}
inline Vec3 joined(const Vec3& a, const Vec3& b) {
  return {joined(a.x, b.x), joined(a.y, b.y), joined(a.z, b.z)};
}
inline Quat joined(const Quat& a, const Quat& b) {
  return {joined(a.x, b.x), joined(a.y, b.y), joined(a.z, b.z), joined(a.w, b.w)};
}
// Lanes 2 and 3 of v as lanes 0 and 1.
inline __m128 upper_lanes(__m128 v) {
  return _mm_movehl_ps(v, v);
}
inline Vec3 upper_lanes(const Vec3& v) {
  return {upper_lanes(v.x), upper_lanes(v.y), upper_lanes(v.z)};
}
inline Quat upper_lanes(const Quat& q) {
  return {upper_lanes(q.x), upper_lanes(q.y), upper_lanes(q.z), upper_lanes(q.w)};
}

// As glm::dot, glm::length and glm::cross.
inline __m128 dot(const Vec3& a, const Vec3& b) {
  return add(add(mul(a.x, b.x), mul(a.y, b.y)), mul(a.z, b.z));
}
inline __m128 length(const Vec3& a) {
  return _mm_sqrt_ps(dot(a, a));
}
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {sub(mul(a.y, b.z), mul(b.y, a.z)), sub(mul(a.z, b.x), mul(b.z, a.x)),
          sub(mul(a.x, b.y), mul(b.x, a.y))};
}
// v over its (nonzero) length: v * (1 / length), one division and three products.
inline Vec3 unit(const Vec3& v, __m128 length) {
  return mul(v, _mm_div_ps(splat(1.0f), length));
}

// As glm's quaternion product, rotation of a vector and normalize (of a nonzero quaternion).
inline Quat product(const Quat& p, const Quat& q) {
  return {sub(add(add(mul(p.w, q.x), mul(p.x, q.w)), mul(p.y, q.z)), mul(p.z, q.y)),
          sub(add(add(mul(p.w, q.y), mul(p.y, q.w)), mul(p.z, q.x)), mul(p.x, q.z)),
          sub(add(add(mul(p.w, q.z), mul(p.z, q.w)), mul(p.x, q.y)), mul(p.y, q.x)),
          sub(sub(sub(mul(p.w, q.w), mul(p.x, q.x)), mul(p.y, q.y)), mul(p.z, q.z))};
}
inline Vec3 rotate(const Quat& q, const Vec3& v) {
  const Vec3 axis{q.x, q.y, q.z};
  const Vec3 uv = cross(axis, v);
  const Vec3 uuv = cross(axis, uv);
  return add(v, mul(add(mul(uv, q.w), uuv), splat(2.0f)));
}
// As glm::length of a quaternion.
inline __m128 length(const Quat& q) {
  return _mm_sqrt_ps(add(add(mul(q.w, q.w), mul(q.x, q.x)), add(mul(q.y, q.y), mul(q.z, q.z))));
}
inline Quat normalize(const Quat& q) {
  const __m128 inverse = _mm_div_ps(splat(1.0f), length(q));
  return {mul(q.x, inverse), mul(q.y, inverse), mul(q.z, inverse), mul(q.w, inverse)};
}
// The quaternion (w, v).
inline Quat quat(__m128 w, const Vec3& v) {
  return {v.x, v.y, v.z, w};
}
// -q in the lanes where condition is set, q elsewhere.
inline Quat negated_where(__m128 condition, const Quat& q) {
  const __m128 sign = _mm_and_ps(condition, splat(-0.0f));
  return {_mm_xor_ps(q.x, sign), _mm_xor_ps(q.y, sign), _mm_xor_ps(q.z, sign),
          _mm_xor_ps(q.w, sign)};
}

// The lanes of a register, in memory.
struct Lanes {
  alignas(16) float f[4];
  explicit Lanes(__m128 v) { _mm_store_ps(f, v); }
};
// Lanes 0 and 1 of v.
inline std::array<glm::vec3, 2> lanes01(const Vec3& v) {
  const Lanes x(v.x), y(v.y), z(v.z);
  return {glm::vec3(x.f[0], y.f[0], z.f[0]), glm::vec3(x.f[1], y.f[1], z.f[1])};
}
inline std::array<glm::quat, 2> lanes01(const Quat& q) {
  const Lanes x(q.x), y(q.y), z(q.z), w(q.w);
  return {glm::quat(w.f[0], x.f[0], y.f[0], z.f[0]), glm::quat(w.f[1], x.f[1], y.f[1], z.f[1])};
}

// Quaternions a and b as lanes 0 and 1 (lanes 2 and 3 are unused), component by component: a
// quaternion just computed is often stored float by float, and loading it as one register would
// stall on store forwarding.
inline Quat load(const glm::quat& a, const glm::quat& b) {
  return {_mm_setr_ps(a.x, b.x, 0.0f, 0.0f), _mm_setr_ps(a.y, b.y, 0.0f, 0.0f),
          _mm_setr_ps(a.z, b.z, 0.0f, 0.0f), _mm_setr_ps(a.w, b.w, 0.0f, 0.0f)};
}

inline Quat conjugate(const Quat& q) {
  const __m128 sign = splat(-0.0f);
  return {_mm_xor_ps(q.x, sign), _mm_xor_ps(q.y, sign), _mm_xor_ps(q.z, sign), q.w};
}

// glm::normalize of a quaternion: the identity where its length is not positive.
inline Quat normalize_or_identity(const Quat& q) {
  const __m128 length = sse::length(q);
  const __m128 positive = _mm_cmpgt_ps(length, _mm_setzero_ps());
  const __m128 inverse = _mm_and_ps(positive, _mm_div_ps(splat(1.0f), length));
  return {mul(q.x, inverse), mul(q.y, inverse), mul(q.z, inverse),
          select(positive, mul(q.w, inverse), splat(1.0f))};
}

// One quaternion (x, y, z, w) or vector (x, y, z, unused) in a register, for a single
// transform's steps: glm's operations in glm's order lane by lane (a - b taken as a + -b, which
// IEEE defines it as), so the results are glm's, bit for bit.

// The lanes kX, kY, kZ, kW of v as lanes 0 to 3.
template <int kX, int kY, int kZ, int kW>
inline __m128 lanes_of(__m128 v) {
  return _mm_castsi128_ps(_mm_shuffle_epi32(_mm_castps_si128(v), _MM_SHUFFLE(kW, kZ, kY, kX)));
}

// Lanes k and k + 1 of the points in v written as a and b straight from the registers: lanes01
// goes through a store of each register and a load of every float, and a vector read whole later
// would span the floats' stores and wait for them to reach the cache.
template <int k>
inline void store_lanes(const Vec3& v, glm::vec3& a, glm::vec3& b) {
  static_assert(k == 0 || k == 2);
  const __m128 xy = k == 0 ? _mm_unpacklo_ps(v.x, v.y) : _mm_unpackhi_ps(v.x, v.y);  // xa ya xb yb
  _mm_storel_pi(reinterpret_cast<__m64*>(&a.x), xy);
  _mm_store_ss(&a.z, lanes_of<k, k, k, k>(v.z));
  _mm_storeh_pi(reinterpret_cast<__m64*>(&b.x), xy);
  _mm_store_ss(&b.z, lanes_of<k + 1, k + 1, k + 1, k + 1>(v.z));
}

// Lanes 0 and 1 of the quaternions in q written as a and b, one register each.
inline void store_lanes01(const Quat& q, glm::quat& a, glm::quat& b) {
  static_assert(sizeof(glm::quat) == 4 * sizeof(float));
  const __m128 xy = _mm_unpacklo_ps(q.x, q.y);  // xa ya xb yb
  const __m128 zw = _mm_unpacklo_ps(q.z, q.w);  // za wa zb wb
  _mm_storeu_ps(&a.x, _mm_movelh_ps(xy, zw));
  _mm_storeu_ps(&b.x, _mm_movehl_ps(zw, xy));
}

inline __m128 load_quat(const glm::quat& q) {
  static_assert(sizeof(glm::quat) == 4 * sizeof(float));
  return _mm_loadu_ps(&q.x);
}

inline __m128 load_vec3(const glm::vec3& v) {
  return _mm_setr_ps(v.x, v.y, v.z, 0.0f);
}

inline void store_vec3(__m128 v, glm::vec3& out) {
  _mm_storel_pi(reinterpret_cast<__m64*>(&out.x), v);
  _mm_store_ss(&out.z, _mm_movehl_ps(v, v));
}

// glm::conjugate: the vector part negated.
inline __m128 conjugate(__m128 q) {
  return _mm_xor_ps(q, _mm_setr_ps(-0.0f, -0.0f, -0.0f, 0.0f));
}

// glm's p * q: w = pw qw - px qx - py qy - pz qz, x = pw qx + px qw + py qz - pz qy, and so on,
// each summed left to right.
inline __m128 product(__m128 p, __m128 q) {
  const __m128 w_negated = _mm_setr_ps(0.0f, 0.0f, 0.0f, -0.0f);
  const __m128 first = _mm_mul_ps(lanes_of<3, 3, 3, 3>(p), q);
  const __m128 second = _mm_mul_ps(lanes_of<0, 1, 2, 0>(p), lanes_of<3, 3, 3, 0>(q));
  const __m128 third = _mm_mul_ps(lanes_of<1, 2, 0, 1>(p), lanes_of<2, 0, 1, 1>(q));
  const __m128 fourth = _mm_mul_ps(lanes_of<2, 0, 1, 2>(p), lanes_of<1, 2, 0, 2>(q));
  return _mm_sub_ps(
      _mm_add_ps(_mm_add_ps(first, _mm_xor_ps(second, w_negated)), _mm_xor_ps(third, w_negated)),
      fourth);
}

// glm::cross(a, b): (a.y b.z - b.y a.z, a.z b.x - b.z a.x, a.x b.y - b.x a.y).
inline __m128 cross(__m128 a, __m128 b) {
  return _mm_sub_ps(_mm_mul_ps(lanes_of<1, 2, 0, 3>(a), lanes_of<2, 0, 1, 3>(b)),
                    _mm_mul_ps(lanes_of<1, 2, 0, 3>(b), lanes_of<2, 0, 1, 3>(a)));
}

// glm's q * v: v + ((uv * q.w) + uuv) * 2, uv = cross(q's vector, v), uuv = cross(it, uv).
inline __m128 rotate(__m128 q, __m128 v) {
  const __m128 uv = cross(q, v);
  const __m128 uuv = cross(q, uv);
  return _mm_add_ps(
      v, _mm_mul_ps(_mm_add_ps(_mm_mul_ps(uv, lanes_of<3, 3, 3, 3>(q)), uuv), _mm_set1_ps(2.0f)));
}

}  // namespace anim::sse

#endif
