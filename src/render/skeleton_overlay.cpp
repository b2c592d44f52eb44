#include "render/skeleton_overlay.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace render {
namespace {

// Any unit vector perpendicular to axis.
glm::vec3 perpendicular(const glm::vec3& axis) {
  const glm::vec3 other = std::abs(axis.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  return glm::normalize(glm::cross(axis, other));
}

void add_octahedron(LineRenderer& lines, const glm::vec3& head, const glm::vec3& tail,
                    const glm::vec4& color) {
  const glm::vec3 bone = tail - head;
  const float length = glm::length(bone);
  if (length < 1e-6f) return;
  const glm::vec3 axis = bone / length;
  const glm::vec3 u = perpendicular(axis) * (0.1f * length);
  const glm::vec3 v = glm::cross(axis, u);
  const glm::vec3 waist = head + bone * 0.15f;
  const glm::vec3 ring[4] = {waist + u, waist + v, waist - u, waist - v};
  for (int i = 0; i < 4; ++i) {
    lines.add(head, ring[i], color);
    lines.add(ring[i], tail, color);
    lines.add(ring[i], ring[(i + 1) % 4], color);
  }
}

}  // namespace

void add_skeleton(LineRenderer& lines, std::span<const glm::mat4> model,
                  std::span<const int> parents, const glm::mat4& world_from_model, BoneStyle style,
                  const glm::vec4& color) {
  for (std::size_t i = 0; i < model.size() && i < parents.size(); ++i) {
    if (parents[i] < 0) continue;
    const glm::vec3 head(world_from_model * model[parents[i]][3]);
    const glm::vec3 tail(world_from_model * model[i][3]);
    if (style == BoneStyle::Lines) {
      lines.add(head, tail, color);
    } else {
      add_octahedron(lines, head, tail, color);
    }
  }
}

int pick_joint(std::span<const glm::mat4> model, std::span<const int> parents,
               const glm::mat4& world_from_model, const glm::mat4& view_projection,
               const glm::vec4& viewport, const glm::vec2& cursor_px, float max_distance_px) {
  // Window pixels of each joint; w <= 0 marks one behind the camera.
  std::vector<glm::vec3> px(model.size());
  for (std::size_t i = 0; i < model.size(); ++i) {
    const glm::vec4 clip = view_projection * (world_from_model * model[i][3]);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    px[i] = {viewport.x + (ndc.x * 0.5f + 0.5f) * viewport.z,
             viewport.y + (0.5f - ndc.y * 0.5f) * viewport.w, clip.w};
  }
  int best = -1;
  float best_distance = max_distance_px;
  for (std::size_t i = 0; i < px.size(); ++i) {
    const float d = glm::length(glm::vec2(px[i]) - cursor_px);
    if (px[i].z > 0.0f && d < best_distance) {
      best_distance = d;
      best = static_cast<int>(i);
    }
  }
  if (best >= 0) return best;
  for (std::size_t i = 0; i < px.size() && i < parents.size(); ++i) {
    const int parent = parents[i];
    if (parent < 0 || px[i].z <= 0.0f || px[static_cast<std::size_t>(parent)].z <= 0.0f) continue;
    const glm::vec2 a(px[static_cast<std::size_t>(parent)]), b(px[i]);
    const glm::vec2 ab = b - a;
    const float length_sq = glm::dot(ab, ab);
    const float s =
        length_sq > 0.0f ? std::clamp(glm::dot(cursor_px - a, ab) / length_sq, 0.0f, 1.0f) : 0.0f;
    const float d = glm::length(a + s * ab - cursor_px);
    if (d < best_distance) {
      best_distance = d;
      best = parent;
    }
  }
  return best;
}

}  // namespace render
