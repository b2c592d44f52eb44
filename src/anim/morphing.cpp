#include "anim/morphing.h"

#include <algorithm>
#include <cmath>

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
  std::copy(mesh.positions.begin(), mesh.positions.end(), out_positions.begin());
  if (!out_normals.empty())
    std::copy(mesh.normals.begin(), mesh.normals.end(), out_normals.begin());
  for (std::size_t t = 0; t < weights.size(); ++t) {
    const float w = weights[t];
    if (w == 0.0f) continue;
    add_deltas(mesh.morph_targets[t].positions, w, out_positions);
    if (!out_normals.empty()) add_deltas(mesh.morph_targets[t].normals, w, out_normals);
  }
  for (std::size_t v = 0; v < out_normals.size(); ++v) {
    const float length = glm::length(out_normals[v]);
    out_normals[v] =
        length > 0.0f && std::isfinite(length) ? out_normals[v] / length : mesh.normals[v];
  }
  for (std::size_t v = 0; v < out_tangents.size(); ++v) {
    glm::vec3 tangent(mesh.tangents[v]);
    for (std::size_t t = 0; t < weights.size(); ++t) {
      const std::vector<glm::vec3>& deltas = mesh.morph_targets[t].tangents;
      if (weights[t] != 0.0f && deltas.size() == out_tangents.size()) {
        tangent += weights[t] * deltas[v];
      }
    }
    const float length = glm::length(tangent);
    out_tangents[v] = glm::vec4(
        length > 0.0f && std::isfinite(length) ? tangent / length : glm::vec3(mesh.tangents[v]),
        mesh.tangents[v].w);
  }
  return JobResult::ok();
}

}  // namespace anim
