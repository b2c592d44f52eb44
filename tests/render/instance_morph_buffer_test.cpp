// Packing each instance's active morph targets for the instanced draw (no GL needed): each
// instance its own targets and weights, chosen as the CPU reference chooses them.
#include "render/instance_morph_buffer.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using render::PackedInstanceMorphs;

TEST(InstanceMorphs, EachInstanceGetsItsOwnNonZeroTargets) {
  // Two instances of three targets.
  const std::vector<float> weights = {0.0f, 0.5f, 0.0f, -0.2f, 0.0f, 0.3f};
  std::vector<PackedInstanceMorphs> packed(2);
  ASSERT_EQ(render::pack_instance_morphs(weights, 3, packed), "");
  EXPECT_EQ(packed[0].count, 1);
  EXPECT_EQ(packed[0].targets[0], 1);
  EXPECT_EQ(packed[0].weights[0], 0.5f);
  EXPECT_EQ(packed[1].count, 2);
  EXPECT_EQ(packed[1].targets[0], 0);
  EXPECT_EQ(packed[1].weights[0], -0.2f);
  EXPECT_EQ(packed[1].targets[1], 2);
  EXPECT_EQ(packed[1].weights[1], 0.3f);
}

TEST(InstanceMorphs, PastTheLimitAnInstanceKeepsItsLargestWeights) {
  const int targets = anim::kMaxActiveMorphTargets + 6;
  std::vector<float> weights(targets);
  for (int t = 0; t < targets; ++t) weights[t] = 0.01f * static_cast<float>(t + 1);
  std::vector<PackedInstanceMorphs> packed(1);
  ASSERT_EQ(render::pack_instance_morphs(weights, targets, packed), "");
  ASSERT_EQ(packed[0].count, anim::kMaxActiveMorphTargets);
  EXPECT_EQ(packed[0].targets[0], 6);  // targets 0-5, the smallest, are left out
  EXPECT_EQ(packed[0].targets[anim::kMaxActiveMorphTargets - 1], targets - 1);
}

TEST(InstanceMorphs, RefusesWeightsThatAreNotOneSetPerInstance) {
  std::vector<PackedInstanceMorphs> packed(2);
  packed[0].count = 7;
  const std::vector<float> five(5, 0.5f);
  EXPECT_NE(render::pack_instance_morphs(five, 3, packed), "");
  EXPECT_NE(render::pack_instance_morphs({}, 0, packed), "");
  EXPECT_EQ(packed[0].count, 7);  // nothing written
}

}  // namespace
