#include "anim/blend_space_player.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace anim {
namespace {

Skeleton two_joints() {
  Skeleton s;
  s.joint_names = {"root", "child"};
  s.parents = {kNoParent, 0};
  s.rest_pose = {Transform{}, Transform{}};
  s.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
  return s;
}

// A clip whose root moves forward (+z) by distance_m per cycle and whose child rises from 0 to
// child_rise_m, both linearly.
Clip moving_clip(std::string name, float duration_s, float distance_m, float child_rise_m) {
  Clip clip;
  clip.name = std::move(name);
  clip.duration_s = duration_s;
  JointTrack root;
  root.joint_name = "root";
  root.translation.times_s = {0.0f, duration_s};
  root.translation.values = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, distance_m)};
  JointTrack child;
  child.joint_name = "child";
  child.translation.times_s = {0.0f, duration_s};
  child.translation.values = {glm::vec3(0.0f), glm::vec3(0.0f, child_rise_m, 0.0f)};
  clip.tracks = {root, child};
  return clip;
}

class BlendSpacePlayerTest : public ::testing::Test {
 protected:
  Skeleton skeleton = two_joints();
  Clip walk = moving_clip("walk", 1.0f, 1.0f, 1.0f);  // 1 m/s
  Clip run = moving_clip("run", 0.5f, 1.5f, 2.0f);    // 3 m/s
  std::array<const Clip*, 2> clips{&walk, &run};
  ClipBinding walk_binding = bind_clip(walk, skeleton);
  ClipBinding run_binding = bind_clip(run, skeleton);
  std::array<const ClipBinding*, 2> bindings{&walk_binding, &run_binding};
  std::array<float, 2> speeds{1.0f, 3.0f};
  std::array<Transform, 2> pose{};
  RootMotionDelta step;
};

TEST_F(BlendSpacePlayerTest, BlendsPoseAndRootMotionInOneCall) {
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, {}), "");
  // Speed 2 is half way: cycle (1 + 0.5) / 2 = 0.75 s; half a cycle puts walk at 0.5 s and run at
  // 0.25 s, where the child is at 0.5 and 1.0: blended 0.75.
  ASSERT_TRUE(player.update(0.375f, {2.0f, 0.0f}, pose, step));
  EXPECT_FLOAT_EQ(player.weights()[0], 0.5f);
  EXPECT_FLOAT_EQ(player.weights()[1], 0.5f);
  EXPECT_NEAR(player.phase(), 0.5, 1e-6);
  EXPECT_NEAR(pose[1].translation.y, 0.75f, 1e-5f);
  // Half a cycle of each: 0.5 * 0.5 m + 0.5 * 0.75 m forward, and the root kept in place.
  EXPECT_NEAR(step.translation.z, 0.625f, 1e-4f);
  EXPECT_NEAR(step.translation.x, 0.0f, 1e-6f);
  EXPECT_NEAR(pose[0].translation.z, 0.0f, 1e-6f);
  EXPECT_EQ(player.sampled_clip_count(), 2);
}

TEST_F(BlendSpacePlayerTest, RootMotionAccumulatesSmoothlyAcrossLoops) {
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, {}), "");
  // At speed 2 the blend covers (1 + 1.5) / 2 = 1.25 m per 0.75 s cycle: 5/3 m/s.
  float travelled = 0.0f;
  for (int frame = 0; frame < 600; ++frame) {  // 10 s, 13.3 cycles
    ASSERT_TRUE(player.update(1.0f / 60.0f, {2.0f, 0.0f}, pose, step));
    EXPECT_NEAR(step.translation.z, (5.0f / 3.0f) / 60.0f, 1e-4f) << "frame " << frame;
    travelled += step.translation.z;
  }
  EXPECT_NEAR(travelled, 50.0f / 3.0f, 1e-2f);
}

TEST_F(BlendSpacePlayerTest, AClipThatRejoinsTheBlendStepsFromWhereItsClockIsNow) {
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, {}), "");
  // Both clips, then run alone for a third of a second (walk out of the blend: two thirds of
  // run's cycle, so the phase is elsewhere), then both again: each frame's step is that
  // frame's, walk's first one back included (not one from where it last played).
  const float speed_of[] = {2.0f, 3.0f, 2.0f};
  const float step_of[] = {(5.0f / 3.0f) / 60.0f, 3.0f / 60.0f, (5.0f / 3.0f) / 60.0f};
  for (int part = 0; part < 3; ++part) {
    for (int frame = 0; frame < 20; ++frame) {
      ASSERT_TRUE(player.update(1.0f / 60.0f, {speed_of[part], 0.0f}, pose, step));
      EXPECT_NEAR(step.translation.z, step_of[part], 1e-4f) << part << " " << frame;
    }
  }
}

TEST_F(BlendSpacePlayerTest, SkipsNegligibleClipsAndKeepsTheSumAtOne) {
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, {}), "");
  // Speed 1.001 gives run 0.0005, below the default 0.001: only walk is sampled.
  ASSERT_TRUE(player.update(0.25f, {1.001f, 0.0f}, pose, step));
  EXPECT_EQ(player.sampled_clip_count(), 1);
  EXPECT_EQ(player.weights()[0], 1.0f);
  EXPECT_EQ(player.weights()[1], 0.0f);
  EXPECT_NEAR(pose[1].translation.y, 0.25f, 1e-5f);  // walk alone at 0.25 s
}

TEST_F(BlendSpacePlayerTest, DampingHalvesTheGapEveryHalfLife) {
  BlendSpacePlayerSettings settings;
  settings.damping_half_life_s = 0.1f;
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, settings), "");
  ASSERT_TRUE(player.update(0.0f, {1.0f, 0.0f}, pose, step));  // starts at the input
  ASSERT_TRUE(player.update(0.1f, {3.0f, 0.0f}, pose, step));
  EXPECT_NEAR(player.smoothed_point().x, 2.0f, 1e-5f);
  EXPECT_NEAR(player.weights()[1], 0.5f, 1e-5f);
  ASSERT_TRUE(player.update(0.1f, {3.0f, 0.0f}, pose, step));
  EXPECT_NEAR(player.smoothed_point().x, 2.5f, 1e-5f);
}

TEST_F(BlendSpacePlayerTest, PlaysA2DSpace) {
  const std::array<glm::vec2, 2> positions{glm::vec2(0.0f, 1.0f), glm::vec2(0.0f, 3.0f)};
  BlendSpacePlayer player;
  ASSERT_EQ(
      player.build_2d(skeleton, clips, bindings, BlendMode2D::FreeformCartesian, positions, {}),
      "");
  ASSERT_TRUE(player.update(0.375f, {0.0f, 2.0f}, pose, step));
  EXPECT_FLOAT_EQ(player.weights()[0], 0.5f);
  EXPECT_NEAR(pose[1].translation.y, 0.75f, 1e-5f);
}

TEST_F(BlendSpacePlayerTest, KeepsTheWeightsOfAPointThatStaysAndFollowsOneThatMoves) {
  // Sample 2 at the origin: the weights of point a (between walk and run) are not those of b.
  const std::array<glm::vec2, 3> positions{glm::vec2(0.0f, 1.0f), glm::vec2(0.0f, 3.0f),
                                           glm::vec2(0.0f, 0.0f)};
  const std::array<const Clip*, 3> three{&walk, &run, &walk};
  const std::array<const ClipBinding*, 3> three_bindings{&walk_binding, &run_binding,
                                                         &walk_binding};
  auto weights_at = [&](BlendSpacePlayer& player, glm::vec2 point) {
    EXPECT_TRUE(player.update(0.1f, point, pose, step));
    return std::vector<float>(player.weights().begin(), player.weights().end());
  };
  auto fresh_weights_at = [&](glm::vec2 point) {
    BlendSpacePlayer fresh;
    EXPECT_EQ(fresh.build_2d(skeleton, three, three_bindings, BlendMode2D::FreeformDirectional,
                             positions, {}),
              "");
    return weights_at(fresh, point);
  };
  const glm::vec2 a(0.0f, 2.0f), b(0.3f, 0.5f);
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_2d(skeleton, three, three_bindings, BlendMode2D::FreeformDirectional,
                            positions, {}),
            "");
  const std::vector<float> at_a = weights_at(player, a);
  EXPECT_EQ(at_a, fresh_weights_at(a));
  EXPECT_EQ(weights_at(player, a), at_a);
  const std::vector<float> at_b = weights_at(player, b);
  EXPECT_NE(at_b, at_a);
  EXPECT_EQ(at_b, fresh_weights_at(b));
  EXPECT_EQ(weights_at(player, a), at_a);
  // A rebuilt player weighs its point again, though it last weighed the same point.
  EXPECT_EQ(weights_at(player, b), at_b);
  ASSERT_EQ(player.build_2d(skeleton, three, three_bindings, BlendMode2D::FreeformCartesian,
                            positions, {}),
            "");
  BlendSpacePlayer cartesian;
  ASSERT_EQ(cartesian.build_2d(skeleton, three, three_bindings, BlendMode2D::FreeformCartesian,
                               positions, {}),
            "");
  const std::vector<float> cartesian_at_b = weights_at(cartesian, b);
  EXPECT_NE(cartesian_at_b, at_b);
  EXPECT_EQ(weights_at(player, b), cartesian_at_b);
}

// The player measures its pace when its weights change, not each update: its pace and phase
// still are exactly what its current weights say while the point wanders (walk or run dropping
// out of the blend and rejoining), stays put for a while, plays backwards, or the phase jumps.
TEST_F(BlendSpacePlayerTest, ThePaceAndThePhaseAreThoseOfTheCurrentWeights) {
  BlendSpacePlayer player;
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, {}), "");
  std::mt19937 random(46);
  std::uniform_real_distribution<float> speed(0.5f, 3.5f);
  std::uniform_real_distribution<float> dt(-0.02f, 0.05f);
  float input = 2.0f;
  for (int frame = 0; frame < 2000; ++frame) {
    if (frame % 5 != 0) input = speed(random);  // every fifth frame the point stays
    const float dt_s = dt(random);
    if (frame % 50 == 0) {
      const double jump = static_cast<double>(speed(random));
      ASSERT_TRUE(player.update_at(jump, dt_s, {input, 0.0f}, pose, step));
      ASSERT_EQ(player.phase(), wrap_phase(player.sync(), jump));
      continue;
    }
    const double before = player.phase();
    ASSERT_TRUE(player.update(dt_s, {input, 0.0f}, pose, step));
    ASSERT_EQ(
        player.phase(),
        wrap_phase(player.sync(), advance_phase(player.sync(), player.weights(), before, dt_s)))
        << "frame " << frame;
    ASSERT_EQ(player.pace().segment_s[0],
              blended_segment_duration(player.sync(), player.weights(), 0));
  }
}

// drop_negligible_weights as it was written before it skipped the zeros: zero the negligible
// weights, sum every weight, divide every weight.
void drop_negligible_weights_by_full_scan(float negligible, std::vector<float>& weights) {
  float sum = 0.0f;
  for (float& w : weights) {
    if (w < negligible) w = 0.0f;
    sum += w;
  }
  if (sum > 0.0f) {
    for (float& w : weights) w /= sum;
  }
}

// drop_negligible_weights leaves the zeros out of its sum: bit for bit the scan that adds every
// weight, on 1 to 19 weights (whole blocks of four and a scalar tail) with zeros of both signs,
// negative ones, denormals, huge ones, infinities and NaNs.
TEST(DropNegligibleWeights, IsTheScanThatSumsEveryWeightBitForBit) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const float kinds[] = {
      0.0f,   -0.0f, 1e-3f, 0.25f, 0.5f, 1.0f,  -0.1f,
      1e-40f, 3e38f, 0.0f,  0.0f,  kInf, -kInf, std::numeric_limits<float>::quiet_NaN(),
      0.0f,   0.0f};
  std::mt19937 random(46);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(kinds) - 1);
  std::uniform_real_distribution<float> any(0.0f, 1.0f);
  for (int round = 0; round < 200000; ++round) {
    std::vector<float> weights(1 + static_cast<std::size_t>(round % 19));
    for (float& w : weights) w = round % 3 == 0 ? any(random) : kinds[pick(random)];
    const float negligible = round % 4 == 0 ? 0.0f : kinds[pick(random)];
    std::vector<float> expected = weights;
    drop_negligible_weights_by_full_scan(negligible, expected);
    drop_negligible_weights(negligible, weights);
    for (std::size_t i = 0; i < weights.size(); ++i) {
      ASSERT_EQ(std::bit_cast<std::uint32_t>(weights[i]), std::bit_cast<std::uint32_t>(expected[i]))
          << "round " << round << " weight " << i;
    }
  }
}

// The weights a player plays are blend_weights_2d's with drop_negligible_weights' full scan, bit
// for bit, and it samples
// exactly the clips left above zero, for a 17-sample directional space (the demo's size) whose
// point wanders in and out of the samples' supports, under several negligible weights.
TEST_F(BlendSpacePlayerTest, PlaysTheBlendWeightsWithTheNegligibleOnesDropped) {
  std::vector<glm::vec2> positions{glm::vec2(0.0f)};
  for (int k = 0; k < 8; ++k) {
    const float angle = static_cast<float>(k) * 0.785398f;
    for (const float speed : {1.0f, 3.0f}) {
      positions.push_back(speed * glm::vec2(std::sin(angle), std::cos(angle)));
    }
  }
  std::vector<const Clip*> many_clips;
  std::vector<const ClipBinding*> many_bindings;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    many_clips.push_back(i % 2 == 0 ? &walk : &run);
    many_bindings.push_back(i % 2 == 0 ? &walk_binding : &run_binding);
  }
  PreparedBlendSpace2D space;
  ASSERT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformDirectional, positions, space), "");
  std::mt19937 random(17);
  std::uniform_real_distribution<float> coordinate(-3.5f, 3.5f);
  for (const float negligible : {0.0f, 0.001f, 0.05f, 0.2f}) {
    BlendSpacePlayerSettings settings;
    settings.negligible_weight = negligible;
    BlendSpacePlayer player;
    ASSERT_EQ(player.build_2d(skeleton, many_clips, many_bindings, BlendMode2D::FreeformDirectional,
                              positions, settings),
              "");
    std::vector<float> expected(positions.size());
    std::vector<std::uint32_t> hints(positions.size(), 0u);
    glm::vec2 point(0.0f);
    for (int frame = 0; frame < 500; ++frame) {
      // Mostly small steps (a stick moved), every tenth a jump, every seventh the origin.
      point += 0.2f * glm::vec2(coordinate(random), coordinate(random)) / 3.5f;
      if (frame % 10 == 0) point = glm::vec2(coordinate(random), coordinate(random));
      if (frame % 7 == 0) point = glm::vec2(0.0f);
      ASSERT_TRUE(player.update(1.0f / 60.0f, point, pose, step));
      blend_weights_2d(space, point, expected, hints);
      drop_negligible_weights_by_full_scan(negligible, expected);
      int above_zero = 0;
      for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(player.weights()[i], expected[i]) << negligible << " " << frame << " " << i;
        above_zero += expected[i] > 0.0f ? 1 : 0;
      }
      ASSERT_EQ(player.sampled_clip_count(), above_zero) << negligible << " " << frame;
    }
  }
}

TEST_F(BlendSpacePlayerTest, RejectsBadSetupsAndBadCalls) {
  BlendSpacePlayer player;
  EXPECT_FALSE(player.update(0.1f, {}, pose, step));
  const std::array<float, 2> same{1.0f, 1.0f};
  EXPECT_EQ(player.build_1d(skeleton, clips, bindings, same, {}),
            "sample 1 and sample 2 share the threshold 1.000000");
  const std::array<float, 1> one{1.0f};
  EXPECT_EQ(player.build_1d(skeleton, clips, bindings, one, {}),
            "one threshold per clip is needed");
  Clip empty = walk;
  empty.duration_s = 0.0f;
  const std::array<const Clip*, 2> with_empty{&walk, &empty};
  EXPECT_EQ(player.build_1d(skeleton, with_empty, bindings, speeds, {}),
            "clip 'walk' has no duration");
  const std::array<const ClipBinding*, 1> one_binding{&walk_binding};
  EXPECT_EQ(player.build_1d(skeleton, clips, one_binding, speeds, {}),
            "one binding per clip is needed");
  BlendSpacePlayerSettings settings;
  settings.root_motion.root_joint = 5;
  EXPECT_EQ(player.build_1d(skeleton, clips, bindings, speeds, settings),
            "the root motion joint is not a joint of the skeleton");
  ASSERT_EQ(player.build_1d(skeleton, clips, bindings, speeds, {}), "");
  std::array<Transform, 3> wrong_size{};
  EXPECT_FALSE(player.update(0.1f, {2.0f, 0.0f}, wrong_size, step));
}

}  // namespace
}  // namespace anim
