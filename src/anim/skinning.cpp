#include "anim/skinning.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <glm/gtc/matrix_inverse.hpp>

#include "anim/fast_math.h"

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

// The eight-lane vectors below (Lanes<8>) never cross a call (every function taking or returning
// one is inlined), so the compilers' note that passing one without AVX changes the ABI does not
// apply. GCC gives it as the file is finished, past any push and pop, hence for the whole file.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace anim {

JobResult skinning_matrices(std::span<const glm::mat4> model,
                            std::span<const glm::mat4> inverse_bind, std::span<glm::mat4> out) {
  if (inverse_bind.size() != model.size() || out.size() != model.size()) {
    return JobResult::fail("skinning_matrices: model, inverse bind and output differ in size");
  }
  // Both are affine (joint transforms), so the last row needs no arithmetic. Two joints a turn:
  // the loop's own counting and pointer steps, a tenth of a joint's work, are then paid once for
  // both.
  const std::size_t joints = model.size();
  std::size_t j = 0;
  for (; j + 2 <= joints; j += 2) {
    out[j] = fast::affine_product(model[j], inverse_bind[j]);
    out[j + 1] = fast::affine_product(model[j + 1], inverse_bind[j + 1]);
  }
  if (j < joints) out[j] = fast::affine_product(model[j], inverse_bind[j]);
  return JobResult::ok();
}

namespace {

// Below this, the deviations that make a 3x3 matrix a rotation are taken for rounding; well within
// kRigidTolerance, so that a matrix taken for a rotation has a stretch part that rounds to the
// identity.
constexpr float kOrthonormal = 0.1f * kRigidTolerance;

// Whether the 3x3 part of a matrix with columns x, y, z is a rotation: x and y unit and
// orthogonal, and z their cross product (unit, orthogonal to both and not mirrored).
bool is_rotation(const glm::vec3& x, const glm::vec3& y, const glm::vec3& z) {
  const glm::vec3 off_z = glm::abs(z - glm::cross(x, y));
  return std::fabs(glm::dot(x, x) - 1.0f) < kOrthonormal &&
         std::fabs(glm::dot(y, y) - 1.0f) < kOrthonormal &&
         std::fabs(glm::dot(x, y)) < kOrthonormal && off_z.x < kOrthonormal &&
         off_z.y < kOrthonormal && off_z.z < kOrthonormal;
}

// Splits one skinning matrix M into its rigid dual quaternion D and stretch S = D^-1 * M. A matrix
// whose 3x3 part is already a rotation to well within kRigidTolerance (the usual joint: no scale)
// takes a short path: its rotation is read directly and S is the identity.
void split_skinning_matrix(const glm::mat4& m, DualQuat& out_dual_quat, glm::mat3& out_stretch,
                           std::uint8_t& out_has_stretch) {
  if (is_rotation(glm::vec3(m[0]), glm::vec3(m[1]), glm::vec3(m[2]))) {
    out_dual_quat =
        dual_quat_from_rigid(glm::normalize(glm::quat_cast(glm::mat3(m))), glm::vec3(m[3]));
    out_stretch = glm::mat3(1.0f);
    out_has_stretch = 0;
    return;
  }
  const DualQuat rigid = dual_quat_from_matrix(m);
  // S = R^-1 * M's 3x3 part, so that R * S reproduces M exactly whatever R was chosen.
  const glm::mat3 stretch = glm::mat3_cast(glm::conjugate(rigid.real)) * glm::mat3(m);
  float deviation = 0.0f;
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r) {
      deviation = std::fmax(deviation, std::fabs(stretch[c][r] - (c == r ? 1.0f : 0.0f)));
    }
  }
  out_dual_quat = rigid;
  out_stretch = stretch;
  out_has_stretch = deviation > kRigidTolerance ? 1 : 0;
}

#if defined(__SSE2__)
// N floats in one vector (the compilers' vector extension), one joint per lane: the split below
// is written once for four and for eight joints. In split_skinning_matrices's AVX2 clone eight
// lanes are one ymm register, so each operation splits eight joints; elsewhere two xmm registers.
template <int N>
struct LaneTypes;
template <>
struct LaneTypes<4> {
  typedef float Lanes __attribute__((vector_size(16)));
  typedef std::int32_t Mask __attribute__((vector_size(16)));
};
template <>
struct LaneTypes<8> {
  typedef float Lanes __attribute__((vector_size(32)));
  typedef std::int32_t Mask __attribute__((vector_size(32)));
};
template <int N>
using Lanes = typename LaneTypes<N>::Lanes;
template <int N>
using LaneMask = typename LaneTypes<N>::Mask;

template <int N>
[[gnu::always_inline]] inline Lanes<N> splat(float v) {
  Lanes<N> out;
  for (int k = 0; k < N; ++k) out[k] = v;
  return out;
}

template <int N>
[[gnu::always_inline]] inline Lanes<N> abs_lanes(Lanes<N> v) {
  return reinterpret_cast<Lanes<N>>(reinterpret_cast<LaneMask<N>>(v) & 0x7fffffff);
}

template <int N>
[[gnu::always_inline]] inline Lanes<N> select(LaneMask<N> mask, Lanes<N> if_set,
                                              Lanes<N> otherwise) {
  return reinterpret_cast<Lanes<N>>((mask & reinterpret_cast<LaneMask<N>>(if_set)) |
                                    (~mask & reinterpret_cast<LaneMask<N>>(otherwise)));
}

using FourLanes = Lanes<4>;

// Lanes 4 h to 4 h + 3 of v.
template <int H, int N>
[[gnu::always_inline]] inline FourLanes quarter(Lanes<N> v) {
  if constexpr (N == 4) {
    return v;
  } else if constexpr (H == 0) {
    return __builtin_shufflevector(v, v, 0, 1, 2, 3);
  } else {
    return __builtin_shufflevector(v, v, 4, 5, 6, 7);
  }
}

// The lanes of low, then those of high where there are eight.
template <int N>
[[gnu::always_inline]] inline Lanes<N> from_quarters(FourLanes low, FourLanes high) {
  if constexpr (N == 4) {
    return low;
  } else {
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
  }
}

// The sign bits of the lanes of mask, lane k in bit k.
template <int N>
[[gnu::always_inline]] inline int sign_bits(LaneMask<N> mask) {
  const Lanes<N> v = reinterpret_cast<Lanes<N>>(mask);
  int bits = _mm_movemask_ps(quarter<0, N>(v));
  if constexpr (N == 8) bits |= _mm_movemask_ps(quarter<1, N>(v)) << 4;
  return bits;
}

// fast::inverse_sqrt lane by lane, four lanes at a time: the same estimate (rsqrtps) and step for
// four or eight lanes.
template <int N>
[[gnu::always_inline]] inline Lanes<N> inverse_sqrt_lanes(Lanes<N> x) {
  const FourLanes low = fast::inverse_sqrt(quarter<0, N>(x));
  const FourLanes high = N == 8 ? FourLanes(fast::inverse_sqrt(quarter<1, N>(x))) : low;
  return from_quarters<N>(low, high);
}

// Rows 0 to 3 of four columns, one column per vector (four lanes of each 128-bit half), turned
// into four rows, one per vector: _MM_TRANSPOSE4_PS in each half.
template <int N>
[[gnu::always_inline]] inline void transpose_halves(Lanes<N>& r0, Lanes<N>& r1, Lanes<N>& r2,
                                                    Lanes<N>& r3) {
  Lanes<N> t0, t1, t2, t3;
  if constexpr (N == 4) {
    t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5);
    t1 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
    t2 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5);
    t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
    r0 = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    r1 = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    r2 = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    r3 = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
  } else {
    static_assert(N == 8);
    t0 = __builtin_shufflevector(r0, r1, 0, 8, 1, 9, 4, 12, 5, 13);
    t1 = __builtin_shufflevector(r0, r1, 2, 10, 3, 11, 6, 14, 7, 15);
    t2 = __builtin_shufflevector(r2, r3, 0, 8, 1, 9, 4, 12, 5, 13);
    t3 = __builtin_shufflevector(r2, r3, 2, 10, 3, 11, 6, 14, 7, 15);
    r0 = __builtin_shufflevector(t0, t2, 0, 1, 8, 9, 4, 5, 12, 13);
    r1 = __builtin_shufflevector(t0, t2, 2, 3, 10, 11, 6, 7, 14, 15);
    r2 = __builtin_shufflevector(t1, t3, 0, 1, 8, 9, 4, 5, 12, 13);
    r3 = __builtin_shufflevector(t1, t3, 2, 3, 10, 11, 6, 7, 14, 15);
  }
}

// Column col of the N matrices m, one vector per row, lane k from m[k]: matrix k in half k / 4's
// lane k % 4 before the transposition, so lane k after it.
template <int N>
[[gnu::always_inline]] inline void column_lanes(const glm::mat4* m, int col, Lanes<N> (&rows)[4]) {
  const auto load = [&](int k) {
    FourLanes v;
    std::memcpy(&v, &m[k][col].x, sizeof(v));
    return v;
  };
  for (int k = 0; k < 4; ++k) rows[k] = from_quarters<N>(load(k), load(N == 8 ? 4 + k : k));
  transpose_halves<N>(rows[0], rows[1], rows[2], rows[3]);
}

// Lane by lane: is_rotation of the 3x3 part of each matrix (c[column][row]).
template <int N>
[[gnu::always_inline]] inline LaneMask<N> rigid_lanes(const Lanes<N> (&c)[3][4]) {
  const auto dot3 = [&c](int a, int b) {
    return (c[a][0] * c[b][0] + c[a][1] * c[b][1]) + c[a][2] * c[b][2];
  };
  const Lanes<N> tolerance = splat<N>(kOrthonormal);
  const auto within = [&tolerance](Lanes<N> v) { return abs_lanes<N>(v) < tolerance; };
  LaneMask<N> rigid = within(dot3(0, 0) - 1.0f);
  rigid &= within(dot3(1, 1) - 1.0f);
  rigid &= within(dot3(0, 1));
  // z - cross(x, y), component by component.
  rigid &= within(c[2][0] - (c[0][1] * c[1][2] - c[0][2] * c[1][1]));
  rigid &= within(c[2][1] - (c[0][2] * c[1][0] - c[0][0] * c[1][2]));
  rigid &= within(c[2][2] - (c[0][0] * c[1][1] - c[0][1] * c[1][0]));
  return rigid;
}

// Lane by lane: the unit quaternion of each rotation, as glm::normalize(glm::quat_cast) gives it
// (the largest of w, x, y, z first, positive), to within kDualQuatSplitError. quat_cast takes that
// component as b = sqrt(s) / 2, with s = 1 + 4 b^2 - 1 read off the diagonal, and the others as
// sums or differences of off-diagonal entries over 4 b; scaled by 4 b > 0 that is (s, the sums and
// differences), the same direction without the square root and the division. The normalization
// is one estimated reciprocal square root and a Newton-Raphson step: no sqrtps -> divps chain.
template <int N>
[[gnu::always_inline]] inline void quat_lanes(const Lanes<N> (&c)[3][4], Lanes<N> (&q)[4]) {
  const Lanes<N> m00 = c[0][0], m11 = c[1][1], m22 = c[2][2];
  const Lanes<N> four_w = (m00 + m11) + m22;
  const Lanes<N> four_x = (m00 - m11) - m22;
  const Lanes<N> four_y = (m11 - m00) - m22;
  const Lanes<N> four_z = (m22 - m00) - m11;
  const Lanes<N> a = c[1][2] - c[2][1];
  const Lanes<N> b = c[2][0] - c[0][2];
  const Lanes<N> d = c[0][1] - c[1][0];
  Lanes<N>& qx = q[0];
  Lanes<N>& qy = q[1];
  Lanes<N>& qz = q[2];
  Lanes<N>& qw = q[3];
  // The choice below takes x where it is above w, then y where above the larger of the two, then
  // z: w stays the largest exactly where none of them is above w itself.
  if (sign_bits<N>((four_x > four_w) | (four_y > four_w) | (four_z > four_w)) == 0) {
    // w the largest in every lane, as for every joint within 90 degrees of its bind pose.
    qw = four_w + 1.0f;
    qx = a;
    qy = b;
    qz = d;
  } else {
    Lanes<N> biggest = four_w;
    const LaneMask<N> is_x = four_x > biggest;
    biggest = select<N>(is_x, four_x, biggest);
    const LaneMask<N> is_y = four_y > biggest;
    biggest = select<N>(is_y, four_y, biggest);
    const LaneMask<N> is_z = four_z > biggest;
    biggest = select<N>(is_z, four_z, biggest);
    const Lanes<N> big = biggest + 1.0f;
    const Lanes<N> xy = c[0][1] + c[1][0];
    const Lanes<N> zx = c[2][0] + c[0][2];
    const Lanes<N> yz = c[1][2] + c[2][1];
    qw = select<N>(is_z, d, select<N>(is_y, b, select<N>(is_x, a, big)));
    qx = select<N>(is_z, zx, select<N>(is_y, xy, select<N>(is_x, big, a)));
    qy = select<N>(is_z, yz, select<N>(is_y, big, select<N>(is_x, xy, b)));
    qz = select<N>(is_z, big, select<N>(is_y, yz, select<N>(is_x, zx, d)));
  }
  const Lanes<N> inv_length = inverse_sqrt_lanes<N>((qx * qx + qy * qy) + (qz * qz + qw * qw));
  qx *= inv_length;
  qy *= inv_length;
  qz *= inv_length;
  qw *= inv_length;
}

// Four identity stretch matrices lie back to back: one copy of them (nine loads and stores).
static_assert(sizeof(glm::mat3) == 9 * sizeof(float), "stretch matrices are packed");
constexpr float kFourIdentities[36] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1,
                                       1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1};
// A joint's dual quaternion is its real part then its dual part, x, y, z, w each.
static_assert(sizeof(DualQuat) == 8 * sizeof(float) && offsetof(DualQuat, dual) == 16,
              "dual quaternions are packed");

// split_skinning_matrix for N matrices at once (four or eight) when all take its short path (the
// usual case): their columns transposed into lanes, one joint per lane, then the same test, the
// same quaternion (glm::quat_cast's choice of its largest component, lane by lane) and dual part.
// Returns false, writing nothing, when one of them needs the long path.
template <int N>
[[gnu::always_inline]] inline bool split_rigid(const glm::mat4* m, DualQuat* out_dual_quats,
                                               glm::mat3* out_stretch,
                                               std::uint8_t* out_has_stretch) {
  Lanes<N> c[3][4];  // c[column][row] of the 3x3 parts (row 3 unused)
  for (int col = 0; col < 3; ++col) column_lanes<N>(m, col, c[col]);
  if (sign_bits<N>(rigid_lanes<N>(c)) != (1 << N) - 1) return false;
  Lanes<N> q[4];
  quat_lanes<N>(c, q);
  // dual = 0.5 * (0, t) * q (dual_quat_from_rigid), with t halved first: halving is exact, so
  // every product and sum is the same halved. The translations are read only now, so that they
  // hold no registers through the test and the quaternion.
  Lanes<N> t[4];
  column_lanes<N>(m, 3, t);
  const Lanes<N> tx = t[0] * 0.5f, ty = t[1] * 0.5f, tz = t[2] * 0.5f;
  const Lanes<N>&qx = q[0], &qy = q[1], &qz = q[2], &qw = q[3];
  Lanes<N> d[4] = {tx * qw + (ty * qz - tz * qy), ty * qw + (tz * qx - tx * qz),
                   tz * qw + (tx * qy - ty * qx), -((tx * qx + ty * qy) + tz * qz)};
  // Back to one joint per lane group: glm::quat holds x, y, z, w.
  transpose_halves<N>(q[0], q[1], q[2], q[3]);
  transpose_halves<N>(d[0], d[1], d[2], d[3]);
  for (int k = 0; k < 4; ++k) {
    if constexpr (N == 8) {
      // A joint's real and dual parts side by side, one 32-byte store per joint.
      const Lanes<8> low = __builtin_shufflevector(q[k], d[k], 0, 1, 2, 3, 8, 9, 10, 11);
      const Lanes<8> high = __builtin_shufflevector(q[k], d[k], 4, 5, 6, 7, 12, 13, 14, 15);
      std::memcpy(static_cast<void*>(&out_dual_quats[k]), &low, sizeof(low));
      std::memcpy(static_cast<void*>(&out_dual_quats[4 + k]), &high, sizeof(high));
    } else {
      std::memcpy(&out_dual_quats[k].real.x, &q[k], sizeof(q[k]));
      std::memcpy(&out_dual_quats[k].dual.x, &d[k], sizeof(d[k]));
    }
  }
  for (int h = 0; h < N / 4; ++h) {
    std::memcpy(&out_stretch[4 * h][0][0], kFourIdentities, sizeof(kFourIdentities));
  }
  std::fill_n(out_has_stretch, N, std::uint8_t{0});
  return true;
}
#endif

// Where the CPU has AVX2, split_skinning_matrices runs as compiled for it (picked once, when the
// program loads; ELF's ifunc): eight lanes in one ymm register, and the four-lane operations in
// the VEX encoding, whose three operands spare the register copies of SSE's two. The same
// operations, so the same results: AVX2 brings no FMA, so nothing is contracted.
#if defined(__x86_64__) && defined(__ELF__) && (defined(__GNUC__) || defined(__clang__))
#define ANIM_ALSO_FOR_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define ANIM_ALSO_FOR_AVX2
#endif

// split_skinning_matrix for every matrix, eight or four at a time where they allow it.
ANIM_ALSO_FOR_AVX2 void split_skinning_matrices(std::span<const glm::mat4> palette,
                                                std::span<DualQuat> out_dual_quats,
                                                std::span<glm::mat3> out_stretch,
                                                std::span<std::uint8_t> out_has_stretch) {
  std::size_t j = 0;
#if defined(__SSE2__)
  // Inlined, so that each clone has it as compiled for its own target.
  const auto split_four = [&](std::size_t first) __attribute__((always_inline)) {
    if (split_rigid<4>(&palette[first], &out_dual_quats[first], &out_stretch[first],
                       &out_has_stretch[first])) {
      return;
    }
    for (std::size_t k = first; k < first + 4; ++k) {
      split_skinning_matrix(palette[k], out_dual_quats[k], out_stretch[k], out_has_stretch[k]);
    }
  };
  // Eight at a time, or four and four where one of the eight takes the long path.
  for (; j + 8 <= palette.size(); j += 8) {
    if (!split_rigid<8>(&palette[j], &out_dual_quats[j], &out_stretch[j], &out_has_stretch[j])) {
      // The four-lane splits load the matrices again (memory may have changed, the compiler is
      // told): otherwise it keeps the eight-lane loads for them, spilled on the usual path.
      asm volatile("" ::: "memory");
      split_four(j);
      split_four(j + 4);
    }
  }
  for (; j + 4 <= palette.size(); j += 4) split_four(j);
#endif
  for (; j < palette.size(); ++j) {
    split_skinning_matrix(palette[j], out_dual_quats[j], out_stretch[j], out_has_stretch[j]);
  }
}

}  // namespace

JobResult skinning_dual_quats(std::span<const glm::mat4> model,
                              std::span<const glm::mat4> inverse_bind,
                              std::span<DualQuat> out_dual_quats, std::span<glm::mat3> out_stretch,
                              std::span<std::uint8_t> out_has_stretch) {
  const std::size_t joints = model.size();
  if (inverse_bind.size() != joints || out_dual_quats.size() != joints ||
      out_stretch.size() != joints || out_has_stretch.size() != joints) {
    return JobResult::fail("skinning_dual_quats: the input and output spans differ in size");
  }
  // Four skinning matrices at a time, split together.
  for (std::size_t j = 0; j < joints; j += 4) {
    const std::size_t count = std::min<std::size_t>(4, joints - j);
    glm::mat4 products[4];
    for (std::size_t k = 0; k < count; ++k) {
      products[k] = fast::affine_product(model[j + k], inverse_bind[j + k]);
    }
    split_skinning_matrices({products, count}, out_dual_quats.subspan(j, count),
                            out_stretch.subspan(j, count), out_has_stretch.subspan(j, count));
  }
  return JobResult::ok();
}

JobResult dual_quats_from_palette(std::span<const glm::mat4> palette,
                                  std::span<DualQuat> out_dual_quats,
                                  std::span<glm::mat3> out_stretch,
                                  std::span<std::uint8_t> out_has_stretch) {
  const std::size_t joints = palette.size();
  if (out_dual_quats.size() != joints || out_stretch.size() != joints ||
      out_has_stretch.size() != joints) {
    return JobResult::fail("dual_quats_from_palette: the input and output spans differ in size");
  }
  split_skinning_matrices(palette, out_dual_quats, out_stretch, out_has_stretch);
  return JobResult::ok();
}

namespace {

// Calls fn(joint, weight) for each influence of vertex v with a non-zero weight, both sets.
template <typename Fn>
void for_each_influence(const SkinnedMesh& mesh, std::size_t v, Fn&& fn) {
  for (int i = 0; i < 4; ++i) {
    if (mesh.weights0[v][i] != 0.0f) fn(mesh.joints0[v][i], mesh.weights0[v][i]);
  }
  if (mesh.joints1.empty()) return;
  for (int i = 0; i < 4; ++i) {
    if (mesh.weights1[v][i] != 0.0f) fn(mesh.joints1[v][i], mesh.weights1[v][i]);
  }
}

// The checks both CPU skinning functions share; returns nullptr when the inputs fit.
const char* check_skinning_inputs(const SkinnedMesh& mesh, std::size_t palette_size,
                                  std::span<glm::vec3> out_positions,
                                  std::span<glm::vec3> out_normals) {
  const std::size_t n = mesh.positions.size();
  if (out_positions.size() != n) return "out_positions is not the mesh's vertex count";
  if (!out_normals.empty() && out_normals.size() != n) {
    return "out_normals is neither empty nor the mesh's vertex count";
  }
  if (!out_normals.empty() && mesh.normals.size() != n) return "the mesh has no normal per vertex";
  if (mesh.joints0.size() != n || mesh.weights0.size() != n) {
    return "the mesh's first influence set is not the vertex count";
  }
  if (!mesh.joints1.empty() && (mesh.joints1.size() != n || mesh.weights1.size() != n)) {
    return "the mesh's second influence set is not the vertex count";
  }
  for (std::size_t v = 0; v < n; ++v) {
    bool in_range = true;
    for_each_influence(mesh, v, [&](std::uint32_t joint, float weight) {
      in_range = in_range && joint < palette_size && std::isfinite(weight);
    });
    if (!in_range) return "a vertex has a joint index outside the palette or a bad weight";
  }
  return nullptr;
}

}  // namespace

JobResult skin_vertices_lbs(const SkinnedMesh& mesh, std::span<const glm::mat4> palette,
                            std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals) {
  if (const char* error = check_skinning_inputs(mesh, palette.size(), out_positions, out_normals)) {
    return JobResult::fail(error);
  }
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    glm::mat4 blended(0.0f);
    float total = 0.0f;
    for_each_influence(mesh, v, [&](std::uint32_t joint, float weight) {
      blended += palette[joint] * weight;
      total += weight;
    });
    // A vertex bound to nothing stays where it was bound rather than collapsing to the origin.
    if (total == 0.0f) blended = glm::mat4(1.0f);
    out_positions[v] = glm::vec3(blended * glm::vec4(mesh.positions[v], 1.0f));
    if (!out_normals.empty()) {
      out_normals[v] = glm::normalize(glm::inverseTranspose(glm::mat3(blended)) * mesh.normals[v]);
    }
  }
  return JobResult::ok();
}

JobResult skin_vertices_dq(const SkinnedMesh& mesh, std::span<const DualQuat> dual_quats,
                           std::span<const glm::mat3> stretch, std::span<glm::vec3> out_positions,
                           std::span<glm::vec3> out_normals) {
  if (!stretch.empty() && stretch.size() != dual_quats.size()) {
    return JobResult::fail("skin_vertices_dq: stretch is neither empty nor the palette's size");
  }
  if (const char* error =
          check_skinning_inputs(mesh, dual_quats.size(), out_positions, out_normals)) {
    return JobResult::fail(error);
  }
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    DualQuat influences[8];
    float weights[8];
    int count = 0;
    glm::mat3 blended_stretch(0.0f);
    float total = 0.0f;
    for_each_influence(mesh, v, [&](std::uint32_t joint, float weight) {
      influences[count] = dual_quats[joint];
      weights[count++] = weight;
      total += weight;
      blended_stretch += (stretch.empty() ? glm::mat3(1.0f) : stretch[joint]) * weight;
    });
    if (total == 0.0f) {
      out_positions[v] = mesh.positions[v];
      if (!out_normals.empty()) out_normals[v] = glm::normalize(mesh.normals[v]);
      continue;
    }
    const DualQuat dq = blend(influences, weights, count);
    blended_stretch = blended_stretch * (1.0f / total);
    out_positions[v] = transform_point(dq, blended_stretch * mesh.positions[v]);
    if (!out_normals.empty()) {
      const glm::vec3 n = glm::inverseTranspose(blended_stretch) * mesh.normals[v];
      out_normals[v] = glm::normalize(transform_normal(dq, n));
    }
  }
  return JobResult::ok();
}

}  // namespace anim
