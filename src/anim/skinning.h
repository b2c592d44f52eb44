#pragma once
// Skinning palettes (what the GPU uploads) and the CPU reference skinning of vertices that tests
// use to check the GPU pipelines.

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "anim/dual_quat.h"
#include "anim/job_result.h"
#include "anim/skinned_mesh.h"

namespace anim {

// Matrix palette: out[i] = model[i] * inverse_bind[i], mapping bind-pose model space to posed
// model space. Fails when the three spans differ in size.
JobResult skinning_matrices(std::span<const glm::mat4> model,
                            std::span<const glm::mat4> inverse_bind, std::span<glm::mat4> out);

// A joint's skinning matrix M = model * inverse_bind that deviates from rigid by more than this
// (per element of its 3x3 stretch part) is flagged as carrying scale.
inline constexpr float kRigidTolerance = 1e-4f;

// The rotation of a rigid joint's dual quaternion is the exact one of its matrix (glm::quat_cast's,
// normalized, computed in double) to within this per component, and its dual part to within this
// times (1 + |translation|): the palettes take it by an estimated reciprocal square root (see
// fast::inverse_sqrt) rather than a square root and two divisions.
inline constexpr float kDualQuatSplitError = 5e-7f;

// Dual-quaternion palette. Each skinning matrix M is split exactly as M = D * S, D rigid
// (rotation from M's normalized columns, M's translation), S = D^-1 * M the 3x3 stretch part
// (scale and shear; the identity for a rigid joint). out_dual_quats gets unit D,
// out_stretch gets S, and out_has_stretch gets 1 where S differs from the identity by more than
// kRigidTolerance (non-uniform or uniform scale, where a dual quaternion alone cannot be exact),
// 0 elsewhere. A skinning shader applies the blended S to the vertex first, then the blended
// dual quaternion ("scale before the dual quaternion"). Fails when any span differs in size.
JobResult skinning_dual_quats(std::span<const glm::mat4> model,
                              std::span<const glm::mat4> inverse_bind,
                              std::span<DualQuat> out_dual_quats, std::span<glm::mat3> out_stretch,
                              std::span<std::uint8_t> out_has_stretch);

// The same split of a matrix palette already computed (skinning_matrices' output), when a frame
// wants both palettes.
JobResult dual_quats_from_palette(std::span<const glm::mat4> palette,
                                  std::span<DualQuat> out_dual_quats,
                                  std::span<glm::mat3> out_stretch,
                                  std::span<std::uint8_t> out_has_stretch);

// CPU reference linear blend skinning: every vertex's position is the weighted sum of its joints'
// palette matrices applied to the bind position (both influence sets, joints0/weights0 and
// joints1/weights1); its normal is the blended matrix's inverse transpose applied to the bind
// normal, normalized. out_normals may be empty to skip normals. Fails when out_positions is not
// the vertex count, out_normals is neither empty nor the vertex count, the mesh's normals are
// missing while out_normals is not empty, the influence arrays are not the vertex count, or a
// joint index is outside the palette.
JobResult skin_vertices_lbs(const SkinnedMesh& mesh, std::span<const glm::mat4> palette,
                            std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals);

// CPU reference dual-quaternion skinning with the stretch parts of skinning_dual_quats: per vertex
// the stretch matrices are blended linearly and applied first, then the dual quaternions are
// blended (hemisphere-aligned, normalized) and applied. Normals take the blended stretch's
// inverse transpose and the blended rotation. stretch may be empty (all rigid). Same failure
// conditions as skin_vertices_lbs, plus stretch neither empty nor dual_quats' size.
JobResult skin_vertices_dq(const SkinnedMesh& mesh, std::span<const DualQuat> dual_quats,
                           std::span<const glm::mat3> stretch, std::span<glm::vec3> out_positions,
                           std::span<glm::vec3> out_normals);

}  // namespace anim
