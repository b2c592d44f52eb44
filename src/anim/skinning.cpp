#include "anim/skinning.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/gtc/matrix_inverse.hpp>

#include "anim/fast_math.h"

#if defined(__SSE2__)
#include <xmmintrin.h>
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
// Lane by lane: is_rotation of the 3x3 part of each matrix (c[column][row]).
[[gnu::always_inline]] inline __m128 rigid_lanes(const __m128 (&c)[3][3]) {
  const auto dot3 = [&c](int a, int b) {
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(c[a][0], c[b][0]), _mm_mul_ps(c[a][1], c[b][1])),
                      _mm_mul_ps(c[a][2], c[b][2]));
  };
  const __m128 one = _mm_set1_ps(1.0f);
  const __m128 tolerance = _mm_set1_ps(kOrthonormal);
  const auto within = [&tolerance](__m128 v) { return _mm_cmplt_ps(fast::abs(v), tolerance); };
  __m128 rigid = within(_mm_sub_ps(dot3(0, 0), one));
  rigid = _mm_and_ps(rigid, within(_mm_sub_ps(dot3(1, 1), one)));
  rigid = _mm_and_ps(rigid, within(dot3(0, 1)));
  // z - cross(x, y), component by component.
  rigid = _mm_and_ps(rigid, within(_mm_sub_ps(c[2][0], _mm_sub_ps(_mm_mul_ps(c[0][1], c[1][2]),
                                                                  _mm_mul_ps(c[0][2], c[1][1])))));
  rigid = _mm_and_ps(rigid, within(_mm_sub_ps(c[2][1], _mm_sub_ps(_mm_mul_ps(c[0][2], c[1][0]),
                                                                  _mm_mul_ps(c[0][0], c[1][2])))));
  rigid = _mm_and_ps(rigid, within(_mm_sub_ps(c[2][2], _mm_sub_ps(_mm_mul_ps(c[0][0], c[1][1]),
                                                                  _mm_mul_ps(c[0][1], c[1][0])))));
  return rigid;
}

// Lane by lane: the unit quaternion of each rotation, as glm::normalize(glm::quat_cast) gives it
// (the largest of w, x, y, z first, positive), to within kDualQuatSplitError. quat_cast takes that
// component as b = sqrt(s) / 2, with s = 1 + 4 b^2 - 1 read off the diagonal, and the others as
// sums or differences of off-diagonal entries over 4 b; scaled by 4 b > 0 that is (s, the sums and
// differences), the same direction without the square root and the division. The normalization
// is one estimated reciprocal square root and a Newton-Raphson step: no sqrtps -> divps chain.
[[gnu::always_inline]] inline void quat_lanes(const __m128 (&c)[3][3], __m128& qx, __m128& qy,
                                              __m128& qz, __m128& qw) {
  const __m128 one = _mm_set1_ps(1.0f);
  const __m128 m00 = c[0][0], m11 = c[1][1], m22 = c[2][2];
  const __m128 four_w = _mm_add_ps(_mm_add_ps(m00, m11), m22);
  const __m128 four_x = _mm_sub_ps(_mm_sub_ps(m00, m11), m22);
  const __m128 four_y = _mm_sub_ps(_mm_sub_ps(m11, m00), m22);
  const __m128 four_z = _mm_sub_ps(_mm_sub_ps(m22, m00), m11);
  const __m128 a = _mm_sub_ps(c[1][2], c[2][1]);
  const __m128 b = _mm_sub_ps(c[2][0], c[0][2]);
  const __m128 d = _mm_sub_ps(c[0][1], c[1][0]);
  // The choice below takes x where it is above w, then y where above the larger of the two, then
  // z: w stays the largest exactly where none of them is above w itself.
  const __m128 above_w =
      _mm_or_ps(_mm_or_ps(_mm_cmpgt_ps(four_x, four_w), _mm_cmpgt_ps(four_y, four_w)),
                _mm_cmpgt_ps(four_z, four_w));
  if (_mm_movemask_ps(above_w) == 0) {
    // w the largest in every lane, as for every joint within 90 degrees of its bind pose.
    qw = _mm_add_ps(four_w, one);
    qx = a;
    qy = b;
    qz = d;
  } else {
    __m128 biggest = four_w;
    const __m128 is_x = _mm_cmpgt_ps(four_x, biggest);
    biggest = fast::select(is_x, four_x, biggest);
    const __m128 is_y = _mm_cmpgt_ps(four_y, biggest);
    biggest = fast::select(is_y, four_y, biggest);
    const __m128 is_z = _mm_cmpgt_ps(four_z, biggest);
    biggest = fast::select(is_z, four_z, biggest);
    const __m128 big = _mm_add_ps(biggest, one);
    const __m128 xy = _mm_add_ps(c[0][1], c[1][0]);
    const __m128 zx = _mm_add_ps(c[2][0], c[0][2]);
    const __m128 yz = _mm_add_ps(c[1][2], c[2][1]);
    qw = fast::select(is_z, d, fast::select(is_y, b, fast::select(is_x, a, big)));
    qx = fast::select(is_z, zx, fast::select(is_y, xy, fast::select(is_x, big, a)));
    qy = fast::select(is_z, yz, fast::select(is_y, big, fast::select(is_x, xy, b)));
    qz = fast::select(is_z, big, fast::select(is_y, yz, fast::select(is_x, zx, d)));
  }
  const __m128 inv_length =
      fast::inverse_sqrt(_mm_add_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy)),
                                    _mm_add_ps(_mm_mul_ps(qz, qz), _mm_mul_ps(qw, qw))));
  qx = _mm_mul_ps(qx, inv_length);
  qy = _mm_mul_ps(qy, inv_length);
  qz = _mm_mul_ps(qz, inv_length);
  qw = _mm_mul_ps(qw, inv_length);
}

// split_skinning_matrix for four matrices at once when all four take its short path (the usual
// case): their columns transposed into lanes, one joint per lane, then the same test, the same
// quaternion (glm::quat_cast's choice of its largest component, lane by lane) and dual part.
// Returns false, writing nothing, when one of them needs the long path.
[[gnu::always_inline]] inline bool split_four_rigid(const glm::mat4* m, DualQuat* out_dual_quats,
                                                    glm::mat3* out_stretch,
                                                    std::uint8_t* out_has_stretch) {
  // Rows 0 to 2 of column col of the four matrices, lane k from m[k] (row 3 is not read).
  const auto column_lanes = [m](int col, __m128(&rows)[3]) {
    __m128 r0 = _mm_loadu_ps(&m[0][col].x), r1 = _mm_loadu_ps(&m[1][col].x),
           r2 = _mm_loadu_ps(&m[2][col].x), r3 = _mm_loadu_ps(&m[3][col].x);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    rows[0] = r0;
    rows[1] = r1;
    rows[2] = r2;
  };
  __m128 c[3][3];  // c[column][row] of the 3x3 parts
  for (int col = 0; col < 3; ++col) column_lanes(col, c[col]);
  if (_mm_movemask_ps(rigid_lanes(c)) != 0xF) return false;
  __m128 qx, qy, qz, qw;
  quat_lanes(c, qx, qy, qz, qw);
  // dual = 0.5 * (0, t) * q (dual_quat_from_rigid), with t halved first: halving is exact, so
  // every product and sum is the same halved. The translations are read only now, so that they
  // hold no registers through the test and the quaternion.
  __m128 t[3];
  column_lanes(3, t);
  const __m128 half = _mm_set1_ps(0.5f);
  const __m128 tx = _mm_mul_ps(t[0], half), ty = _mm_mul_ps(t[1], half),
               tz = _mm_mul_ps(t[2], half);
  __m128 dx = _mm_add_ps(_mm_mul_ps(tx, qw), _mm_sub_ps(_mm_mul_ps(ty, qz), _mm_mul_ps(tz, qy)));
  __m128 dy = _mm_add_ps(_mm_mul_ps(ty, qw), _mm_sub_ps(_mm_mul_ps(tz, qx), _mm_mul_ps(tx, qz)));
  __m128 dz = _mm_add_ps(_mm_mul_ps(tz, qw), _mm_sub_ps(_mm_mul_ps(tx, qy), _mm_mul_ps(ty, qx)));
  __m128 dw =
      _mm_xor_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(tx, qx), _mm_mul_ps(ty, qy)), _mm_mul_ps(tz, qz)),
                 _mm_set1_ps(-0.0f));
  // Back to one joint per register: glm::quat holds x, y, z, w.
  _MM_TRANSPOSE4_PS(qx, qy, qz, qw);
  _MM_TRANSPOSE4_PS(dx, dy, dz, dw);
  const __m128 real[4] = {qx, qy, qz, qw}, dual[4] = {dx, dy, dz, dw};
  for (int k = 0; k < 4; ++k) {
    _mm_storeu_ps(&out_dual_quats[k].real.x, real[k]);
    _mm_storeu_ps(&out_dual_quats[k].dual.x, dual[k]);
  }
  // Four identity stretch matrices lie back to back: one copy of them (nine loads and stores).
  static_assert(sizeof(glm::mat3) == 9 * sizeof(float), "stretch matrices are packed");
  static constexpr float kFourIdentities[36] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0,
                                                0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0,
                                                0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  std::memcpy(&out_stretch[0][0][0], kFourIdentities, sizeof(kFourIdentities));
  std::fill_n(out_has_stretch, 4, std::uint8_t{0});
  return true;
}
#endif

// Where the CPU has AVX2, split_skinning_matrices runs as compiled for it (picked once, when the
// program loads; ELF's ifunc): the same SSE operations in the VEX encoding, whose three operands
// spare the register copies of SSE's two (a third of the split's instructions). The same
// operations, so the same results: AVX2 brings no FMA, so nothing is contracted.
#if defined(__x86_64__) && defined(__ELF__) && (defined(__GNUC__) || defined(__clang__))
#define ANIM_ALSO_FOR_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define ANIM_ALSO_FOR_AVX2
#endif

// split_skinning_matrix for every matrix, four at a time where they allow it.
ANIM_ALSO_FOR_AVX2 void split_skinning_matrices(std::span<const glm::mat4> palette,
                                                std::span<DualQuat> out_dual_quats,
                                                std::span<glm::mat3> out_stretch,
                                                std::span<std::uint8_t> out_has_stretch) {
  std::size_t j = 0;
#if defined(__SSE2__)
  for (; j + 4 <= palette.size(); j += 4) {
    if (!split_four_rigid(&palette[j], &out_dual_quats[j], &out_stretch[j], &out_has_stretch[j])) {
      for (std::size_t k = j; k < j + 4; ++k) {
        split_skinning_matrix(palette[k], out_dual_quats[k], out_stretch[k], out_has_stretch[k]);
      }
    }
  }
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
