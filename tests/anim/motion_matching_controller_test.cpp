#include "anim/motion_matching_controller.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "anim/clip_sampling.h"
#include "anim/mirror.h"
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

// Placed where a warp moved the character, the controller goes on from there: the simulation,
// 2.5 m away along +z, is pulled to max_sync_distance_m (0.3 m) of it along the same line, and
// the next step starts from the place (its height dropped: the controller is on the ground).
TEST(MotionMatchingController, PlacedTheCharacterGoesOnFromThereWithTheSimulationNear) {
  Walker w;
  MotionMatchingInput input;
  input.desired_velocity = {0.0f, 0.0f, 1.4f};
  w.run(input, 2.0f);
  const glm::vec3 simulated = w.controller.simulation().position;
  const glm::vec3 placed = glm::vec3(simulated.x, 0.7f, simulated.z - 2.5f);
  w.controller.place_character(placed);
  EXPECT_EQ(w.controller.character_position(), glm::vec3(placed.x, 0.0f, placed.z));
  EXPECT_NEAR(w.controller.simulation().position.x, placed.x, 1e-5f);
  EXPECT_NEAR(w.controller.simulation().position.z, placed.z + 0.3f, 1e-5f);
  // A simulation within reach stays where it is.
  w.controller.place_character(glm::vec3(placed.x, 0.0f, placed.z + 0.1f));
  EXPECT_NEAR(w.controller.simulation().position.z, placed.z + 0.3f, 1e-5f);
  std::vector<Transform> pose(w.skeleton.parents.size());
  RootMotionDelta step;
  ASSERT_TRUE(w.controller.update(input, 1.0f / 60.0f, pose, step));
  // The step (in the character's frame; it faces +z) is measured from the placed position.
  EXPECT_NEAR(w.controller.character_position().z, placed.z + 0.1f + step.translation.z, 1e-5f);
}

// At stride warping's play rate 1.5 the walk (1.4 m/s, 2 s loop) plays 1.5 times as fast: over
// a second its own root motion carries the character 1.4 * 1.5 = 2.1 m (1.4 m at rate 1) and its
// clock moves 1.5 s. Asked 2.1 m/s, the clip's own stride then keeps up without the pull.
TEST(MotionMatchingController, AtAPlayRateTheClipPlaysFasterAndCarriesFarther) {
  Walker w;
  MotionMatchingInput input;
  input.desired_velocity = {0.0f, 0.0f, 2.1f};
  input.play_rate = 1.5f;
  w.run(input, 2.0f);
  ASSERT_EQ(w.controller.current_clip(), 0);
  std::vector<Transform> pose(w.skeleton.parents.size());
  RootMotionDelta step;
  const int switches = w.controller.switch_count();
  const float start_s = w.controller.current_time_s();
  float carried_m = 0.0f;
  for (int i = 0; i < 60; ++i) {
    ASSERT_TRUE(w.controller.update(input, 1.0f / 60.0f, pose, step));
    carried_m += glm::length(w.controller.clip_step().translation);
  }
  ASSERT_EQ(w.controller.switch_count(), switches) << "the walk played on";
  EXPECT_NEAR(carried_m, 2.1f, 0.01f);
  // 1.5 s further on the 2 s loop.
  EXPECT_NEAR(std::fmod(w.controller.current_time_s() - start_s + 2.0f, 2.0f), 1.5f, 1e-3f);
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

// The walker's strafe to the left and its mirrored copy (the feet swap, x flips), by a table
// written out here: a walker asked to go right can only take the mirrored copy.
struct MirroredStrafe {
  Skeleton skeleton = make_walker_skeleton();
  std::vector<Clip> clips{make_walker_clip("strafe_left", {1.4f, 0.0f}, 0.0f, 2.0f, true, 0.2f)};
  std::vector<Clip> mirrored;
  std::vector<ClipBinding> bindings, mirrored_bindings;
  MotionMatchingDatabase db;
  MotionMatchingBounds bounds;

  MirroredStrafe() {
    MirrorTable table;
    table.partner = {0, 2, 1};
    std::string error;
    mirrored.push_back(mirror_clip(clips[0], skeleton, table, &error));
    EXPECT_EQ(error, "");
    bindings.push_back(bind_clip(clips[0], skeleton));
    mirrored_bindings.push_back(bind_clip(mirrored[0], skeleton));
    const std::vector<DatabaseSource> sources{{&clips[0], &bindings[0], 0, false, 0.0f},
                                              {&clips[0], &bindings[0], 0, true, 0.0f}};
    DatabaseSettings settings;
    settings.joints = {1, 2, 0, 0};
    db = build_motion_matching_database(skeleton, sources, settings, &error);
    EXPECT_EQ(error, "");
    bounds = build_search_bounds(db);
  }
  MotionMatchingClips playable() const { return {clips, bindings, mirrored, mirrored_bindings}; }
};

TEST(MotionMatchingController, AMirroredRangeCarriesTheWalkerTheOtherWay) {
  const MirroredStrafe w;
  MotionMatchingController controller;
  ASSERT_TRUE(controller.init(w.skeleton, w.playable(), w.db, w.bounds, 0));
  MotionMatchingInput input;
  input.desired_velocity = {-1.4f, 0.0f, 0.0f};  // to its right, still facing +z
  std::vector<Transform> pose(w.skeleton.parents.size());
  RootMotionDelta step;
  float carried_x = 0.0f;
  for (int i = 0; i < 120; ++i) {
    ASSERT_TRUE(controller.update(input, 1.0f / 60.0f, pose, step));
    if (i >= 60) carried_x += controller.clip_step().translation.x;
  }
  EXPECT_TRUE(controller.current_mirrored());
  // Its own root motion, not the pull towards the simulation: 1.4 m/s to the right for 1 s.
  EXPECT_NEAR(carried_x, -1.4f, 0.01f);
  // The left foot (joint 1) stays on the left but swings as the right one did in the clip:
  // z = -stride / 2 cos(2 pi t) at the clip's time t.
  const float t = controller.current_time_s();
  EXPECT_NEAR(pose[1].translation.x, 0.1f, 1e-4f);
  EXPECT_NEAR(pose[1].translation.z, -0.1f * std::cos(2.0f * std::numbers::pi_v<float> * t), 1e-4f);

  // Without the mirrored copy the mirrored range is never chosen: it strafes left regardless.
  MotionMatchingController unmirrored;
  ASSERT_TRUE(unmirrored.init(w.skeleton, w.clips, w.bindings, w.db, w.bounds, 0));
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(unmirrored.update(input, 1.0f / 60.0f, pose, step));
  EXPECT_FALSE(unmirrored.current_mirrored());
  EXPECT_GT(unmirrored.clip_step().translation.x, 0.0f);
  EXPECT_FALSE(unmirrored.play_frame(w.db.ranges[1].first_frame));
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
  EXPECT_FALSE(c.play_frame(0));  // not initialised

  const MirroredStrafe m;
  const std::vector<Clip> two{m.mirrored[0], m.mirrored[0]};
  EXPECT_FALSE(
      c.init(m.skeleton, {m.clips, m.bindings, two, m.mirrored_bindings}, m.db, m.bounds, 0));
  EXPECT_FALSE(c.init(m.skeleton, {m.clips, m.bindings, m.mirrored, {}}, m.db, m.bounds, 0));
  ASSERT_TRUE(c.init(m.skeleton, m.playable(), m.db, m.bounds, 0));
  EXPECT_FALSE(c.play_frame(-1));
  EXPECT_FALSE(c.play_frame(m.db.frame_count()));
  // A database of mirrored ranges only has nothing to play without the copies.
  MotionMatchingDatabase only_mirrored = m.db;
  only_mirrored.ranges.erase(only_mirrored.ranges.begin());
  EXPECT_FALSE(c.init(m.skeleton, m.clips, m.bindings, only_mirrored, m.bounds, 0));
}

}  // namespace
