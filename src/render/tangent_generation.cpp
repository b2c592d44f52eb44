#include "render/tangent_generation.h"

#include <cmath>

namespace render {
namespace {

// A unit vector orthogonal to n (n need not be unit length).
glm::vec3 any_orthogonal(const glm::vec3& n) {
  const glm::vec3 axis = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 t = glm::cross(n, axis);
  const float length = glm::length(t);
  return length > 0.0f ? t / length : glm::vec3(1, 0, 0);
}

}  // namespace

std::vector<glm::vec4> generate_tangents(const anim::SkinnedMesh& mesh) {
  const std::size_t n = mesh.vertex_count();
  if (mesh.uvs.size() != n || n == 0) return {};
  std::vector<glm::vec3> along_u(n, glm::vec3(0.0f));
  std::vector<glm::vec3> along_v(n, glm::vec3(0.0f));
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
    const std::uint32_t a = mesh.indices[i], b = mesh.indices[i + 1], c = mesh.indices[i + 2];
    if (a >= n || b >= n || c >= n) continue;
    const glm::vec3 e1 = mesh.positions[b] - mesh.positions[a];
    const glm::vec3 e2 = mesh.positions[c] - mesh.positions[a];
    const glm::vec2 d1 = mesh.uvs[b] - mesh.uvs[a];
    const glm::vec2 d2 = mesh.uvs[c] - mesh.uvs[a];
    const float det = d1.x * d2.y - d2.x * d1.y;
    if (std::abs(det) < 1e-12f || !std::isfinite(det)) continue;
    // e = du * dP/du + dv * dP/dv for both edges, solved for the two derivatives.
    glm::vec3 t = (e1 * d2.y - e2 * d1.y) / det;
    glm::vec3 s = (e2 * d1.x - e1 * d2.x) / det;
    const float lt = glm::length(t), ls = glm::length(s);
    if (!(lt > 0.0f) || !(ls > 0.0f) || !std::isfinite(lt) || !std::isfinite(ls)) continue;
    const float area = 0.5f * glm::length(glm::cross(e1, e2));
    t *= area / lt;
    s *= area / ls;
    for (const std::uint32_t v : {a, b, c}) {
      along_u[v] += t;
      along_v[v] += s;
    }
  }
  std::vector<glm::vec4> tangents(n);
  for (std::size_t v = 0; v < n; ++v) {
    const glm::vec3 normal = mesh.normals.size() == n ? mesh.normals[v] : glm::vec3(0, 1, 0);
    glm::vec3 t = along_u[v] - normal * glm::dot(normal, along_u[v]);
    const float length = glm::length(t);
    if (!(length > 1e-20f) || !std::isfinite(length)) {
      tangents[v] = glm::vec4(any_orthogonal(normal), 1.0f);
      continue;
    }
    t /= length;
    // glTF's bitangent points to decreasing v: against dP/dv.
    const float w = glm::dot(glm::cross(normal, t), along_v[v]) > 0.0f ? -1.0f : 1.0f;
    tangents[v] = glm::vec4(t, w);
  }
  return tangents;
}

}  // namespace render
