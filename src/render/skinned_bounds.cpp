#include "render/skinned_bounds.h"

#include <algorithm>
#include <cmath>

namespace render {
namespace {

// Weights whose sum is this close to 1 skin a vertex within about a millimetre of the hull of
// its joints' transforms (the caller's margin covers that).
constexpr float kWeightSumTolerance = 1e-3f;

}  // namespace

std::array<glm::vec3, 8> corners(const Box& box) {
  std::array<glm::vec3, 8> c;
  for (int corner = 0; corner < 8; ++corner) {
    c[corner] =
        glm::vec3((corner & 1) ? box.max.x : box.min.x, (corner & 2) ? box.max.y : box.min.y,
                  (corner & 4) ? box.max.z : box.min.z);
  }
  return c;
}

Box transformed(const Box& box, const glm::mat4& m) {
  Box result;
  if (box.empty()) return result;
  for (const glm::vec3& p : corners(box)) result.add(glm::vec3(m * glm::vec4(p, 1.0f)));
  return result;
}

void SkinnedBounds::build(std::span<const anim::SkinnedMesh> meshes, int joint_count) {
  joint_boxes_.assign(static_cast<std::size_t>(std::max(joint_count, 0)), Box{});
  unweighted_ = Box{};
  bounded_ = joint_count > 0 && !meshes.empty();
  for (const anim::SkinnedMesh& mesh : meshes) {
    if (!mesh.morph_targets.empty()) bounded_ = false;
    for (std::size_t v = 0; v < mesh.positions.size() && bounded_; ++v) {
      float total = 0.0f;
      for (int set = 0; set < 2; ++set) {
        const auto& joints = set == 0 ? mesh.joints0 : mesh.joints1;
        const auto& weights = set == 0 ? mesh.weights0 : mesh.weights1;
        if (v >= joints.size() || v >= weights.size()) continue;
        for (int i = 0; i < 4; ++i) {
          const float w = weights[v][i];
          if (w == 0.0f) continue;  // as the skinning shader: a zero weight reads no joint
          const unsigned joint = joints[v][i];
          if (w < 0.0f || joint >= joint_boxes_.size()) bounded_ = false;
          if (!bounded_) break;
          joint_boxes_[joint].add(mesh.positions[v]);
          total += w;
        }
      }
      if (total == 0.0f) {
        unweighted_.add(mesh.positions[v]);
      } else if (std::abs(total - 1.0f) > kWeightSumTolerance) {
        bounded_ = false;
      }
    }
  }
}

std::optional<Box> SkinnedBounds::skinned(std::span<const glm::mat4> palette) const {
  if (!bounded_ || palette.size() != joint_boxes_.size()) return std::nullopt;
  Box result = unweighted_;
  for (std::size_t j = 0; j < palette.size(); ++j) {
    const Box moved = transformed(joint_boxes_[j], palette[j]);
    if (moved.empty()) continue;
    result.add(moved.min);
    result.add(moved.max);
  }
  if (result.empty()) return std::nullopt;
  return result;
}

}  // namespace render
