#include "anim/skinning.h"

#include <cmath>

#include <glm/gtc/matrix_inverse.hpp>

#include "anim/fast_math.h"

namespace anim {

JobResult skinning_matrices(std::span<const glm::mat4> model,
                            std::span<const glm::mat4> inverse_bind, std::span<glm::mat4> out) {
  if (inverse_bind.size() != model.size() || out.size() != model.size()) {
    return JobResult::fail("skinning_matrices: model, inverse bind and output differ in size");
  }
  // Both are affine (joint transforms), so the last row needs no arithmetic.
  for (std::size_t j = 0; j < model.size(); ++j) {
    out[j] = fast::affine_product(model[j], inverse_bind[j]);
  }
  return JobResult::ok();
}

namespace {

// Splits one skinning matrix M into its rigid dual quaternion D and stretch S = D^-1 * M. A matrix
// whose 3x3 part is already a rotation to well within kRigidTolerance (the usual joint: no scale)
// takes a short path: its rotation is read directly and S is the identity.
void split_skinning_matrix(const glm::mat4& m, DualQuat& out_dual_quat, glm::mat3& out_stretch,
                           std::uint8_t& out_has_stretch) {
  constexpr float kOrthonormal = 0.1f * kRigidTolerance;
  const glm::vec3 x(m[0]), y(m[1]), z(m[2]);
  if (std::fabs(glm::dot(x, x) - 1.0f) < kOrthonormal &&
      std::fabs(glm::dot(y, y) - 1.0f) < kOrthonormal &&
      std::fabs(glm::dot(z, z) - 1.0f) < kOrthonormal && std::fabs(glm::dot(x, y)) < kOrthonormal &&
      std::fabs(glm::dot(y, z)) < kOrthonormal && std::fabs(glm::dot(z, x)) < kOrthonormal &&
      glm::dot(glm::cross(x, y), z) > 0.0f) {
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
  for (std::size_t j = 0; j < joints; ++j) {
    split_skinning_matrix(fast::affine_product(model[j], inverse_bind[j]), out_dual_quats[j],
                          out_stretch[j], out_has_stretch[j]);
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
  for (std::size_t j = 0; j < joints; ++j) {
    split_skinning_matrix(palette[j], out_dual_quats[j], out_stretch[j], out_has_stretch[j]);
  }
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
