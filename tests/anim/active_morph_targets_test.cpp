// Past the shaders' limit of active morph targets, the ones of largest |weight| are applied, by
// the selection the GPU uses and by the CPU reference; none is dropped for coming late.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "anim/active_morph_targets.h"
#include "anim/morphing.h"

namespace anim {
namespace {

// 70 targets weighted 0.01, 0.02, ... 0.70 in index order.
std::vector<float> seventy_rising_weights() {
  std::vector<float> w(70);
  for (std::size_t t = 0; t < w.size(); ++t) w[t] = static_cast<float>(t + 1) / 100.0f;
  return w;
}

TEST(ActiveMorphTargets, UnderTheLimitEveryNonZeroTargetIsKeptInOrder) {
  const std::vector<float> weights = {0.0f, 0.5f, std::numeric_limits<float>::quiet_NaN(), -0.25f,
                                      0.0f};
  std::array<int, kMaxActiveMorphTargets> targets{};
  std::array<float, kMaxActiveMorphTargets> kept{};
  std::size_t dropped = 99;
  ASSERT_EQ(select_active_morph_targets(weights, targets, kept, &dropped), 2);
  EXPECT_EQ(targets[0], 1);
  EXPECT_EQ(targets[1], 3);
  EXPECT_FLOAT_EQ(kept[0], 0.5f);
  EXPECT_FLOAT_EQ(kept[1], -0.25f);
  EXPECT_EQ(dropped, 0u);
}

TEST(ActiveMorphTargets, PastTheLimitTheLargestWeightsAreKept) {
  std::vector<float> weights = seventy_rising_weights();
  weights[0] = -0.9f;  // largest in size, though negative and first
  std::array<int, kMaxActiveMorphTargets> targets{};
  std::array<float, kMaxActiveMorphTargets> kept{};
  std::size_t dropped = 0;
  ASSERT_EQ(select_active_morph_targets(weights, targets, kept, &dropped), 64);
  EXPECT_EQ(dropped, 6u);
  // Kept: target 0 and targets 7..69 (0.08 .. 0.70); left out: 1..6 (0.02 .. 0.07).
  EXPECT_EQ(targets[0], 0);
  EXPECT_FLOAT_EQ(kept[0], -0.9f);
  for (int k = 1; k < 64; ++k) {
    EXPECT_EQ(targets[k], k + 6) << k;
    EXPECT_FLOAT_EQ(kept[k], weights[k + 6]) << k;
  }
}

TEST(ActiveMorphTargets, TheCpuReferenceAppliesTheSameSixtyFour) {
  SkinnedMesh mesh;
  mesh.positions = {{0, 0, 0}};
  mesh.morph_targets.resize(70);
  for (MorphTarget& target : mesh.morph_targets) target.positions = {{1, 0, 0}};
  const std::vector<float> weights = seventy_rising_weights();
  std::array<glm::vec3, 1> out{};
  ASSERT_TRUE(morph_vertices(mesh, weights, out, {}, {}));
  // Targets 6..69 (weights 0.07 .. 0.70): (7 + ... + 70) / 100 = (2485 - 21) / 100 = 24.64.
  EXPECT_NEAR(out[0].x, 24.64f, 1e-4f);
}

}  // namespace
}  // namespace anim
