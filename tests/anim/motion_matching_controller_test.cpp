#include "anim/motion_matching_controller.h"

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "locomotion_clips.h"

namespace {

using namespace anim;
using anim::testing::make_walker_clip;
using anim::testing::make_walker_skeleton;

struct Walker {
  Skeleton skeleton = make_walker_skeleton();
  std::vector<Clip> clips{make_walker_clip("walk", {0.0f, 1.4f}, 0.0f, 2.0f, true),
                          make_walker_clip("strafe_left", {1.4f, 0.0f}, 0.0f, 2.0f, true, 0.2f),
                          make_walker_clip("idle", {0.0f, 0.0f}, 0.0f, 2.0f, true, 0.0f, 2.0f),
                          make_walker_clip("turn_left", {0.0f, 0.0f}, 1.5f, 2.0f, true, 0.0f)};
  std::vector<ClipBinding> bindings;
  MotionMatchingDatabase db;
  MotionMatchingBounds bounds;
  MotionMatchingController controller;

  Walker() {
    std::vector<DatabaseSource> sources;
    for (std::size_t i = 0; i < clips.size(); ++i)
      bindings.push_back(bind_clip(clips[i], skeleton));
    for (std::size_t i = 0; i < clips.size(); ++i)
      sources.push_back({&clips[i], &bindings[i], static_cast<int>(i), false, 0.0f});
    DatabaseSettings settings;
    settings.joints = {1, 2, 0, 0};
    // This walker has no start or stop clips: with the pose weighted as much as the trajectory,
    // leaving a walk for the idle would cost more than walking on.
    settings.weights.group = {0.5f, 0.3f, 0.3f, 1.0f, 1.5f};
    std::string error;
    db = build_motion_matching_database(skeleton, sources, settings, &error);
    EXPECT_EQ(error, "");
    bounds = build_search_bounds(db);
    EXPECT_TRUE(controller.init(skeleton, clips, bindings, db, bounds, 0));
  }

  // Runs for seconds with the input; returns the clip playing at the end.
  int run(const MotionMatchingInput& input, float seconds) {
    std::vector<Transform> pose(skeleton.parents.size());
    RootMotionDelta step;
    for (int i = 0; i < static_cast<int>(seconds * 60.0f); ++i) {
      EXPECT_TRUE(controller.update(input, 1.0f / 60.0f, pose, step));
    }
    return controller.current_clip();
  }
};

TEST(MotionMatchingController, PicksTheClipWhoseTrajectoryMatchesTheInput) {
  Walker w;
  MotionMatchingInput input;
  input.desired_velocity = {0.0f, 0.0f, 1.4f};
  EXPECT_EQ(w.run(input, 2.0f), 0);
  // The character moved with the walk (about 1.4 m/s once the spring is up to speed).
  EXPECT_GT(w.controller.character_position().z, 1.6f);
  input.desired_velocity = {1.4f, 0.0f, 0.0f};  // to its left, still facing +z
  EXPECT_EQ(w.run(input, 2.0f), 1);
  input.desired_velocity = {};
  EXPECT_EQ(w.run(input, 2.0f), 2);
  input.desired_yaw_rad = 1.5f;
  w.run(input, 0.4f);
  EXPECT_EQ(w.controller.current_clip(), 3);
  EXPECT_GT(w.controller.search_count(), 50);
  EXPECT_GE(w.controller.switch_count(), 3);
}

TEST(MotionMatchingController, StepsKeepTheCharacterWithTheSimulation) {
  Walker w;
  MotionMatchingInput input;
  input.desired_velocity = {0.0f, 0.0f, 1.4f};
  std::vector<Transform> pose(w.skeleton.parents.size());
  RootMotionDelta step;
  Transform world;
  for (int i = 0; i < 180; ++i) {
    ASSERT_TRUE(w.controller.update(input, 1.0f / 60.0f, pose, step));
    world = accumulate_root_motion(world, step);
    glm::vec3 gap = w.controller.simulation().position - w.controller.character_position();
    gap.y = 0.0f;
    EXPECT_LE(glm::length(gap), w.controller.settings().max_sync_distance_m + 1e-4f);
  }
  // The steps applied by a caller land where the controller says the character is.
  EXPECT_NEAR(world.translation.x, w.controller.character_position().x, 1e-3f);
  EXPECT_NEAR(world.translation.z, w.controller.character_position().z, 1e-3f);
  // The pose stays in place (root motion removed): the hips above the origin.
  EXPECT_NEAR(pose[0].translation.z, 0.0f, 1e-4f);
}

TEST(MotionMatchingController, ExcludedClipsAreNeverChosen) {
  Walker w;
  MotionMatchingInput input;
  input.desired_velocity = {0.0f, 0.0f, 1.4f};
  const std::array<std::uint8_t, 4> enabled{0, 1, 1, 1};
  input.clip_enabled = enabled;
  std::vector<Transform> pose(w.skeleton.parents.size());
  RootMotionDelta step;
  for (int i = 0; i < 120; ++i) {
    ASSERT_TRUE(w.controller.update(input, 1.0f / 60.0f, pose, step));
    if (i > 0) {
      EXPECT_NE(w.controller.current_clip(), 0);
    }
  }
}

TEST(MotionMatchingController, BadArgumentsFail) {
  Walker w;
  std::vector<Transform> pose(w.skeleton.parents.size());
  std::vector<Transform> wrong(1);
  RootMotionDelta step;
  EXPECT_FALSE(w.controller.update({}, 0.0f, pose, step));
  EXPECT_FALSE(w.controller.update({}, 1.0f / 60.0f, wrong, step));
  MotionMatchingController uninitialised;
  EXPECT_FALSE(uninitialised.update({}, 1.0f / 60.0f, pose, step));
  MotionMatchingController c;
  EXPECT_FALSE(c.init(w.skeleton, w.clips, std::span<const ClipBinding>(w.bindings).first(2), w.db,
                      w.bounds, 0));
  EXPECT_FALSE(c.init(w.skeleton, w.clips, w.bindings, w.db, w.bounds, 9));
}

}  // namespace
