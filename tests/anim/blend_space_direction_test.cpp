#include "anim/blend_space_direction.h"

#include <array>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

namespace anim {
namespace {

constexpr float kDeg = glm::pi<float>() / 180.0f;

// The Knight's blend space: an idle at the centre, a forward and a backward walk.
const std::array<glm::vec2, 3> kForwardAndBack{glm::vec2(0.0f, 0.0f), glm::vec2(0.0f, 0.902f),
                                               glm::vec2(0.0f, -0.919f)};

TEST(BlendSpaceDirection, SidewaysBetweenAForwardAndABackwardWalkPlaysTheForwardWalkTurned) {
  // Straight toward +x and toward -x: 90 degrees from both walks, forward taken.
  EXPECT_NEAR(uncovered_direction_angle(kForwardAndBack, {0.9f, 0.0f}), 90.0f * kDeg, 1e-5f);
  EXPECT_NEAR(uncovered_direction_angle(kForwardAndBack, {-0.9f, 0.0f}), -90.0f * kDeg, 1e-5f);
  // Headings 30 degrees (30 from forward) and -150 degrees (30 from backward).
  EXPECT_NEAR(uncovered_direction_angle(kForwardAndBack, {0.5f, 0.866f}), 30.0f * kDeg, 1e-4f);
  EXPECT_NEAR(uncovered_direction_angle(kForwardAndBack, {-0.5f, -0.866f}), 30.0f * kDeg, 1e-4f);
  // On a sample's direction, or at the centre: nothing to turn.
  EXPECT_EQ(uncovered_direction_angle(kForwardAndBack, {0.0f, 1.3f}), 0.0f);
  EXPECT_EQ(uncovered_direction_angle(kForwardAndBack, {0.0f, 0.0f}), 0.0f);
  // The point turned back lies on the walk's direction, at the speed asked.
  const glm::vec2 played = turned_back({0.9f, 0.0f}, 90.0f * kDeg);
  EXPECT_NEAR(played.x, 0.0f, 1e-6f);
  EXPECT_NEAR(played.y, 0.9f, 1e-6f);
  const glm::vec2 back = turned_back({-0.5f, -0.866f}, 30.0f * kDeg);
  EXPECT_NEAR(back.x, 0.0f, 1e-3f);
  EXPECT_NEAR(back.y, -1.0f, 1e-3f);
}

TEST(BlendSpaceDirection, EightDirectionsCoverEveryDirection) {
  std::array<glm::vec2, 9> eight{};
  for (int k = 0; k < 8; ++k) {
    const float h = static_cast<float>(k) * 45.0f * kDeg;
    eight[k + 1] = 1.4f * glm::vec2(std::sin(h), std::cos(h));
  }
  for (const glm::vec2 p :
       {glm::vec2(0.3f, 1.0f), glm::vec2(-1.0f, -0.2f), glm::vec2(2.0f, 0.1f)}) {
    EXPECT_EQ(uncovered_direction_angle(eight, p), 0.0f) << p.x << ", " << p.y;
  }
  // With the samples at headings 45 and 90 degrees gone, 0 to 135 degrees is a 135-degree gap:
  // heading 60 degrees is 60 from forward, 75 from the sample at 135.
  const std::array<glm::vec2, 5> left_only{eight[1], eight[7], eight[6], eight[5], eight[4]};
  EXPECT_NEAR(
      uncovered_direction_angle(left_only, {std::sin(60.0f * kDeg), std::cos(60.0f * kDeg)}),
      60.0f * kDeg, 1e-4f);
}

}  // namespace
}  // namespace anim
