#pragma once
// Synthetic skinned rigs for the GPU skinning tests: a cylinder along +X bound to a chain of
// joints, its palettes for a pose, and the CPU reference skinning to compare the GPU with.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/pose.h"
#include "anim/skeleton.h"
#include "anim/skinned_mesh.h"
#include "anim/skinning.h"
#include "render/skinning_palette_buffer.h"

namespace skin_test {

inline constexpr float kPi = 3.14159265358979f;

struct Rig {
  anim::Skeleton skeleton;
  anim::SkinnedMesh mesh;
};

// A chain of joint_count joints along +X, spacing_m apart, joint 0 at the origin.
inline anim::Skeleton make_chain(int joint_count, float spacing_m) {
  anim::Skeleton s;
  for (int j = 0; j < joint_count; ++j) {
    // Appended rather than "j" + to_string(j), which trips GCC 12's false -Wrestrict.
    std::string name = "j";
    name += std::to_string(j);
    s.joint_names.push_back(name);
    s.parents.push_back(j - 1);
    anim::Transform local;
    if (j > 0) local.translation = {spacing_m, 0.0f, 0.0f};
    s.rest_pose.push_back(local);
    s.inverse_bind.push_back(
        glm::inverse(glm::translate(glm::mat4(1.0f), {spacing_m * j, 0.0f, 0.0f})));
  }
  return s;
}

// A closed cylinder surface along +X from 0 to joint_count * spacing_m: rings of `segments`
// vertices every length / (rings - 1). A vertex at x blends the two joints nearest to it:
// with u = x / spacing - 0.5, joint floor(u) gets 1 - frac(u) and the next joint frac(u)
// (clamped to the chain), so weights change linearly across each joint's position.
inline Rig make_arm(int joint_count, float spacing_m, float radius_m, int rings, int segments) {
  Rig rig;
  rig.skeleton = make_chain(joint_count, spacing_m);
  anim::SkinnedMesh& m = rig.mesh;
  m.name = "arm";
  const float length = spacing_m * joint_count;
  for (int r = 0; r < rings; ++r) {
    const float x = length * r / (rings - 1);
    const float u = x / spacing_m - 0.5f;
    const int j = static_cast<int>(std::floor(u));
    const float t = u - j;
    const unsigned a = static_cast<unsigned>(std::clamp(j, 0, joint_count - 1));
    const unsigned b = static_cast<unsigned>(std::clamp(j + 1, 0, joint_count - 1));
    for (int s = 0; s < segments; ++s) {
      const float angle = 2.0f * kPi * s / segments;
      const glm::vec3 radial(0.0f, std::cos(angle), std::sin(angle));
      m.positions.push_back(glm::vec3(x, 0.0f, 0.0f) + radius_m * radial);
      m.normals.push_back(radial);
      m.uvs.push_back({static_cast<float>(s) / segments, static_cast<float>(r) / (rings - 1)});
      if (a == b || t == 0.0f) {
        m.joints0.push_back({a, 0u, 0u, 0u});
        m.weights0.push_back({1.0f, 0.0f, 0.0f, 0.0f});
      } else {
        m.joints0.push_back({a, b, 0u, 0u});
        m.weights0.push_back({1.0f - t, t, 0.0f, 0.0f});
      }
    }
  }
  for (int r = 0; r + 1 < rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      const auto v = [&](int ring, int seg) {
        return static_cast<std::uint32_t>(ring * segments + (seg % segments));
      };
      // Counter-clockwise seen from outside, as glTF front faces are.
      m.indices.insert(m.indices.end(), {v(r, s), v(r + 1, s + 1), v(r + 1, s)});
      m.indices.insert(m.indices.end(), {v(r, s), v(r, s + 1), v(r + 1, s + 1)});
    }
  }
  return rig;
}

// Both palette forms of one pose, computed by the anim jobs the viewer uses.
struct Palettes {
  std::vector<glm::mat4> matrices;
  std::vector<anim::DualQuat> dual_quats;
  std::vector<glm::mat3> stretch;
  std::vector<std::uint8_t> has_stretch;

  bool any_stretch() const {
    return std::any_of(has_stretch.begin(), has_stretch.end(), [](auto f) { return f != 0; });
  }
};

inline Palettes make_palettes(const anim::Skeleton& skeleton,
                              std::span<const anim::Transform> local) {
  const std::size_t n = skeleton.parents.size();
  std::vector<glm::mat4> model(n);
  Palettes p{std::vector<glm::mat4>(n), std::vector<anim::DualQuat>(n), std::vector<glm::mat3>(n),
             std::vector<std::uint8_t>(n)};
  EXPECT_TRUE(anim::local_to_model(skeleton, local, model));
  EXPECT_TRUE(anim::skinning_matrices(model, skeleton.inverse_bind, p.matrices));
  EXPECT_TRUE(anim::skinning_dual_quats(model, skeleton.inverse_bind, p.dual_quats, p.stretch,
                                        p.has_stretch));
  return p;
}

// Uploads both forms, as the viewer does each frame.
inline void upload(const Palettes& p, int joints_per_instance,
                   render::SkinningPaletteBuffer& buffer) {
  ASSERT_EQ(buffer.upload_matrices(p.matrices, joints_per_instance), "");
  ASSERT_EQ(buffer.upload_dual_quats(p.dual_quats, p.stretch, p.has_stretch, joints_per_instance),
            "");
}

// The CPU reference skinning of mesh with method (anim::skin_vertices_lbs / _dq).
inline std::vector<glm::vec3> cpu_skin(const anim::SkinnedMesh& mesh, const Palettes& p,
                                       visual::SkinningChoice method,
                                       std::vector<glm::vec3>* normals = nullptr) {
  std::vector<glm::vec3> positions(mesh.vertex_count());
  std::vector<glm::vec3> unused;
  std::vector<glm::vec3>& out_normals = normals ? *normals : unused;
  out_normals.resize(mesh.vertex_count());
  anim::JobResult result;
  if (method == visual::SkinningChoice::Lbs) {
    result = anim::skin_vertices_lbs(mesh, p.matrices, positions, out_normals);
  } else {
    // The GPU applies stretch only where a joint is flagged, as the palette buffer uploads it.
    const std::span<const glm::mat3> stretch =
        p.any_stretch() ? std::span<const glm::mat3>(p.stretch) : std::span<const glm::mat3>();
    result = anim::skin_vertices_dq(mesh, p.dual_quats, stretch, positions, out_normals);
  }
  EXPECT_TRUE(result) << result.error;
  return positions;
}

inline float max_distance(std::span<const glm::vec3> a, std::span<const glm::vec3> b) {
  EXPECT_EQ(a.size(), b.size());
  float worst = 0.0f;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    worst = std::max(worst, glm::distance(a[i], b[i]));
  }
  return worst;
}

}  // namespace skin_test
