#include "anim/morphing.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/active_morph_targets.h"

namespace anim {
namespace {

// Adds weight * deltas to out (the deltas of one target; empty ones add nothing).
void add_deltas(std::span<const glm::vec3> deltas, float weight, std::span<glm::vec3> out) {
  if (deltas.size() != out.size()) return;
  for (std::size_t v = 0; v < out.size(); ++v) out[v] += weight * deltas[v];
}

}  // namespace

JobResult morph_vertices(const SkinnedMesh& mesh, std::span<const float> weights,
                         std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals,
                         std::span<glm::vec4> out_tangents) {
  const std::size_t n = mesh.vertex_count();
  if (weights.size() != mesh.morph_targets.size()) {
    return JobResult::fail("morph_vertices: weights are not one per morph target");
  }
  if (out_positions.size() != n) {
    return JobResult::fail("morph_vertices: out_positions is not the vertex count");
  }
  if (!out_normals.empty() && out_normals.size() != mesh.normals.size()) {
    return JobResult::fail("morph_vertices: out_normals is not the mesh's normal count");
  }
  if (!out_tangents.empty() && out_tangents.size() != mesh.tangents.size()) {
    return JobResult::fail("morph_vertices: out_tangents is not the mesh's tangent count");
  }
  for (const MorphTarget& target : mesh.morph_targets) {
    if (target.positions.size() != n) {
      return JobResult::fail("morph_vertices: a target's positions are not the vertex count");
    }
  }
  // The targets the GPU applies: at most kMaxActiveMorphTargets, the largest weights.
  std::array<int, kMaxActiveMorphTargets> active{};
  std::array<float, kMaxActiveMorphTargets> active_weights{};
  const int count = select_active_morph_targets(weights, active, active_weights);
  std::copy(mesh.positions.begin(), mesh.positions.end(), out_positions.begin());
  if (!out_normals.empty())
    std::copy(mesh.normals.begin(), mesh.normals.end(), out_normals.begin());
  for (int a = 0; a < count; ++a) {
    const MorphTarget& target = mesh.morph_targets[active[a]];
    add_deltas(target.positions, active_weights[a], out_positions);
    if (!out_normals.empty()) add_deltas(target.normals, active_weights[a], out_normals);
  }
  for (std::size_t v = 0; v < out_normals.size(); ++v) {
    const float length = glm::length(out_normals[v]);
    out_normals[v] =
        length > 0.0f && std::isfinite(length) ? out_normals[v] / length : mesh.normals[v];
  }
  for (std::size_t v = 0; v < out_tangents.size(); ++v) {
    glm::vec3 tangent(mesh.tangents[v]);
    for (int a = 0; a < count; ++a) {
      const std::vector<glm::vec3>& deltas = mesh.morph_targets[active[a]].tangents;
      if (deltas.size() == out_tangents.size()) tangent += active_weights[a] * deltas[v];
    }
    const float length = glm::length(tangent);
    out_tangents[v] = glm::vec4(
        length > 0.0f && std::isfinite(length) ? tangent / length : glm::vec3(mesh.tangents[v]),
        mesh.tangents[v].w);
  }
  return JobResult::ok();
}

}  // namespace anim
