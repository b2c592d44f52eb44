#pragma once
// Four transforms as structure-of-arrays SSE registers (one register per component, one lane per
// joint), and the transposes between that and the Transform arrays the runtime passes around:
// the per-frame jobs (sampling, blending, local-to-model) compute four joints at once this way.
// Only on x86-64 (SSE2 is part of the base instruction set); other targets use the scalar paths.

#if defined(__SSE2__)

#include <type_traits>

#include <xmmintrin.h>

#include "anim/transform.h"

namespace anim::simd {

static_assert(sizeof(Transform) == 10 * sizeof(float) && std::is_standard_layout_v<Transform>,
              "the transposes read a Transform as ten floats: translation, rotation, scale");

struct SoaTransform4 {
  __m128 tx, ty, tz;
  __m128 qx, qy, qz, qw;
  __m128 sx, sy, sz;
};

// Transforms t[0..3] into registers.
inline SoaTransform4 load4(const Transform* t) {
  const float* p = &t[0].translation.x;
  SoaTransform4 s;
  // Per transform: [tx ty tz qx] [qy qz qw sx] [sy sz].
  s.tx = _mm_loadu_ps(p);
  s.ty = _mm_loadu_ps(p + 10);
  s.tz = _mm_loadu_ps(p + 20);
  s.qx = _mm_loadu_ps(p + 30);
  _MM_TRANSPOSE4_PS(s.tx, s.ty, s.tz, s.qx);
  s.qy = _mm_loadu_ps(p + 4);
  s.qz = _mm_loadu_ps(p + 14);
  s.qw = _mm_loadu_ps(p + 24);
  s.sx = _mm_loadu_ps(p + 34);
  _MM_TRANSPOSE4_PS(s.qy, s.qz, s.qw, s.sx);
  const auto pair = [](const float* f) {
    return _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(f));
  };
  const __m128 yz01 = _mm_unpacklo_ps(pair(p + 8), pair(p + 18));   // sy0 sy1 sz0 sz1
  const __m128 yz23 = _mm_unpacklo_ps(pair(p + 28), pair(p + 38));  // sy2 sy3 sz2 sz3
  s.sy = _mm_movelh_ps(yz01, yz23);
  s.sz = _mm_movehl_ps(yz23, yz01);
  return s;
}

// Writes the first count (1 to 4) lanes of s to t[0..count); with unit_scales, scales of
// (1, 1, 1) without reading s's. A translation is stored four floats wide (its fourth lands on
// rotation.x, written next), a scale as two and one, as it ends the transform and the next one
// may not exist.
inline void store(const SoaTransform4& s, Transform* t, int count, bool unit_scales = false) {
  __m128 tx = s.tx, ty = s.ty, tz = s.tz, tw = _mm_setzero_ps();
  __m128 qx = s.qx, qy = s.qy, qz = s.qz, qw = s.qw;
  _MM_TRANSPOSE4_PS(tx, ty, tz, tw);
  _MM_TRANSPOSE4_PS(qx, qy, qz, qw);
  const __m128 translations[4] = {tx, ty, tz, tw};
  const __m128 rotations[4] = {qx, qy, qz, qw};
  const auto store_lanes = [&](auto scale_of) {
    for (int i = 0; i < count; ++i) {
      float* dst = &t[i].translation.x;
      _mm_storeu_ps(dst, translations[i]);
      _mm_storeu_ps(dst + 3, rotations[i]);
      const __m128 scale = scale_of(i);
      _mm_storel_pi(reinterpret_cast<__m64*>(dst + 7), scale);
      _mm_store_ss(dst + 9, _mm_movehl_ps(scale, scale));
    }
  };
  if (unit_scales) {
    // One register of ones for every lane: no transpose, and no array of copies.
    const __m128 ones = _mm_set1_ps(1.0f);
    store_lanes([ones](int) { return ones; });
    return;
  }
  __m128 sx = s.sx, sy = s.sy, sz = s.sz, sw = _mm_setzero_ps();
  _MM_TRANSPOSE4_PS(sx, sy, sz, sw);
  const __m128 scales[4] = {sx, sy, sz, sw};
  store_lanes([&scales](int i) { return scales[i]; });
}

inline SoaTransform4 zero4() {
  const __m128 z = _mm_setzero_ps();
  return {z, z, z, z, z, z, z, z, z, z};
}

// sum's translations += t's * w.
inline void add_weighted_translations(const SoaTransform4& t, __m128 w, SoaTransform4& sum) {
  sum.tx = _mm_add_ps(sum.tx, _mm_mul_ps(t.tx, w));
  sum.ty = _mm_add_ps(sum.ty, _mm_mul_ps(t.ty, w));
  sum.tz = _mm_add_ps(sum.tz, _mm_mul_ps(t.tz, w));
}

// sum's rotations += t's * w, where each rotation first joins the hemisphere of the sum so far
// (q and -q are one rotation; opposite ones would cancel out): its weight takes the sign of
// their dot product.
inline void add_weighted_rotations(const SoaTransform4& t, __m128 w, SoaTransform4& sum) {
  const __m128 dot = _mm_add_ps(_mm_add_ps(_mm_mul_ps(sum.qx, t.qx), _mm_mul_ps(sum.qy, t.qy)),
                                _mm_add_ps(_mm_mul_ps(sum.qz, t.qz), _mm_mul_ps(sum.qw, t.qw)));
  const __m128 wr = _mm_xor_ps(w, _mm_and_ps(dot, _mm_set1_ps(-0.0f)));
  sum.qx = _mm_add_ps(sum.qx, _mm_mul_ps(t.qx, wr));
  sum.qy = _mm_add_ps(sum.qy, _mm_mul_ps(t.qy, wr));
  sum.qz = _mm_add_ps(sum.qz, _mm_mul_ps(t.qz, wr));
  sum.qw = _mm_add_ps(sum.qw, _mm_mul_ps(t.qw, wr));
}

// sum's scales += t's * w.
inline void add_weighted_scales(const SoaTransform4& t, __m128 w, SoaTransform4& sum) {
  sum.sx = _mm_add_ps(sum.sx, _mm_mul_ps(t.sx, w));
  sum.sy = _mm_add_ps(sum.sy, _mm_mul_ps(t.sy, w));
  sum.sz = _mm_add_ps(sum.sz, _mm_mul_ps(t.sz, w));
}

// sum += t * w, rotations as add_weighted_rotations adds them.
inline void add_weighted(const SoaTransform4& t, __m128 w, SoaTransform4& sum) {
  add_weighted_translations(t, w, sum);
  add_weighted_rotations(t, w, sum);
  add_weighted_scales(t, w, sum);
}

// 1 / sqrt(x) to about 23 bits: the 12-bit estimate refined by one Newton-Raphson step, a few
// multiplies where sqrt and divide stall for dozens of cycles.
inline __m128 reciprocal_sqrt(__m128 x) {
  const __m128 y = _mm_rsqrt_ps(x);
  const __m128 xyy = _mm_mul_ps(_mm_mul_ps(x, y), y);
  return _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), y), _mm_sub_ps(_mm_set1_ps(3.0f), xyy));
}

// The four rotations scaled to unit length.
inline void normalize_rotations(SoaTransform4& s) {
  const __m128 length2 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(s.qx, s.qx), _mm_mul_ps(s.qy, s.qy)),
                                    _mm_add_ps(_mm_mul_ps(s.qz, s.qz), _mm_mul_ps(s.qw, s.qw)));
  const __m128 inv_length = reciprocal_sqrt(length2);
  s.qx = _mm_mul_ps(s.qx, inv_length);
  s.qy = _mm_mul_ps(s.qy, inv_length);
  s.qz = _mm_mul_ps(s.qz, inv_length);
  s.qw = _mm_mul_ps(s.qw, inv_length);
}

}  // namespace anim::simd

#endif
