#include "anim/ground_motion.h"

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "anim/bound_character.h"
#include "anim/character_instance.h"
#include "anim/foot_contact.h"
#include "anim/graph_binding.h"
#include "in_place_walker.h"

namespace anim {
namespace {

using testing::bind_walker;
using testing::InPlaceWalker;

RootMotionSettings hips_root() {
  RootMotionSettings s;
  s.root_joint = 1;
  return s;
}

TEST(GroundMotion, AnInPlaceWalkMovesAtTheSpeedItsPlantedFeetSlide) {
  const InPlaceWalker w;
  const GroundMotion g = synthesize_ground_motion(w.skeleton, w.clip, w.rig.legs, hips_root());
  ASSERT_FALSE(g.empty());
  EXPECT_NEAR(g.duration_s(), 1.0f, 1e-5f);
  // 0.6 of slide per stance, one stance per leg per cycle, one leg always planted: 1.2 per cycle.
  EXPECT_NEAR(g.mean_speed(), 1.2f, 0.01f);
  EXPECT_NEAR(g.displacement.back().z, 1.2f, 0.01f);
  EXPECT_NEAR(g.displacement.back().x, 0.0f, 1e-4f);
  EXPECT_EQ(g.displacement.back().y, 0.0f);
  // Steady: half the cycle, half the travel.
  EXPECT_NEAR(g.displacement[g.displacement.size() / 2].z, 0.6f, 0.02f);
}

TEST(GroundMotion, TheStrideSetsTheSpeed) {
  const InPlaceWalker w(0.9f);
  const GroundMotion g = synthesize_ground_motion(w.skeleton, w.clip, w.rig.legs, hips_root());
  EXPECT_NEAR(g.mean_speed(), 1.8f, 0.02f);
}

// A cartoon run, as the Knight's Running_A: each foot lands for 0.08 s of the one-second cycle
// (two frames at its 30 fps, under ContactDetectionSettings' 0.08 s minimum) sliding back 0.4,
// so at 0.4 / 0.08 = 5 units/s, and both feet are up in between, where the speed on either side
// (5 again) carries on: 5 units per cycle.
TEST(GroundMotion, AnInPlaceRunWhoseFeetLandForTwoFramesMovesAtTheirSlide) {
  const InPlaceWalker run(0.4f, 0.0f, 0.08f);
  const GroundMotion g =
      synthesize_ground_motion(run.skeleton, run.clip, run.rig.legs, hips_root());
  ASSERT_FALSE(g.empty());
  EXPECT_NEAR(g.mean_speed(), 5.0f, 0.05f);
  EXPECT_NEAR(g.displacement.back().z, 5.0f, 0.05f);
  EXPECT_NEAR(g.displacement.back().x, 0.0f, 1e-4f);
  // The contacts the player pins and the slide meter reads: down at each stance's first sample,
  // up two frames later.
  const std::vector<Marker> markers =
      detect_foot_contact_markers(run.skeleton, run.clip, run.rig.legs);
  ASSERT_EQ(markers.size(), 4u);
  const float frame_s = 1.0f / 30.0f;
  const std::pair<const char*, float> expected[] = {{"foot_l_down", 0.0f},
                                                    {"foot_l_up", 2 * frame_s},
                                                    {"foot_r_down", 15 * frame_s},
                                                    {"foot_r_up", 17 * frame_s}};
  for (std::size_t i = 0; i < markers.size(); ++i) {
    EXPECT_EQ(markers[i].name, expected[i].first) << i;
    EXPECT_NEAR(markers[i].time_s, expected[i].second, 1e-4f) << i;
  }
}

TEST(GroundMotion, ClipsWithTheirOwnRootMotionOrFeetThatDoNotTravelGetNone) {
  const InPlaceWalker travels(0.6f, 1.2f);
  EXPECT_TRUE(
      synthesize_ground_motion(travels.skeleton, travels.clip, travels.rig.legs, hips_root())
          .empty());
  const InPlaceWalker stands(0.0f);  // steps on the spot
  EXPECT_TRUE(
      synthesize_ground_motion(stands.skeleton, stands.clip, stands.rig.legs, hips_root()).empty());
  // Feet that slide by less than a leg per cycle (0.6 for a leg of 0.9): a shuffle on the spot,
  // as in an attack with a step, not a gait.
  const InPlaceWalker shuffles(0.3f);
  EXPECT_TRUE(
      synthesize_ground_motion(shuffles.skeleton, shuffles.clip, shuffles.rig.legs, hips_root())
          .empty());
}

TEST(GroundMotion, BadInputsGiveNone) {
  const InPlaceWalker w;
  EXPECT_TRUE(synthesize_ground_motion(w.skeleton, w.clip, {}, hips_root()).empty());
  RootMotionSettings bad_root;
  bad_root.root_joint = 42;
  EXPECT_TRUE(synthesize_ground_motion(w.skeleton, w.clip, w.rig.legs, bad_root).empty());
  Leg bad_leg = w.rig.legs[0];
  bad_leg.toes = 99;
  const Leg legs[] = {bad_leg};
  EXPECT_TRUE(synthesize_ground_motion(w.skeleton, w.clip, legs, hips_root()).empty());
  Clip empty = w.clip;
  empty.duration_s = 0.0f;
  EXPECT_TRUE(synthesize_ground_motion(w.skeleton, empty, w.rig.legs, hips_root()).empty());
}

// A ground motion of 2 units per 1 s cycle, faster in its second half.
GroundMotion two_speed_ground(bool loop) {
  GroundMotion g;
  g.frame_s = 0.5f;
  g.loop = loop;
  g.displacement = {{0, 0, 0}, {0.2f, 0, 0.5f}, {0.4f, 0, 2.0f}};
  return g;
}

TEST(GroundMotion, StepsAddWholeCyclesAcrossTheLoopAndRunBackwards) {
  const GroundMotion g = two_speed_ground(true);
  const RootMotionSettings axes;
  RootMotionDelta d = extract_ground_motion(g, axes, 0.25f, 0.5f);  // 0.25 -> 0.75
  EXPECT_NEAR(d.translation.z, 1.25f - 0.25f, 1e-5f);
  EXPECT_NEAR(d.translation.x, 0.3f - 0.1f, 1e-5f);
  EXPECT_EQ(d.yaw_rad, 0.0f);
  d = extract_ground_motion(g, axes, 0.75f, 0.5f);  // across the end: 1.25 -> 2 + 0.25
  EXPECT_NEAR(d.translation.z, 2.0f - 1.25f + 0.25f, 1e-5f);
  d = extract_ground_motion(g, axes, 0.5f, 3.0f);  // three whole cycles
  EXPECT_NEAR(d.translation.z, 6.0f, 1e-4f);
  d = extract_ground_motion(g, axes, 0.25f, -0.5f);  // backwards across the start
  EXPECT_NEAR(d.translation.z, -(0.25f + 2.0f - 1.25f), 1e-5f);
}

TEST(GroundMotion, AClipThatDoesNotLoopStopsAtItsEnds) {
  const GroundMotion g = two_speed_ground(false);
  const RootMotionDelta d = extract_ground_motion(g, {}, 0.75f, 5.0f);
  EXPECT_NEAR(d.translation.z, 2.0f - 1.25f, 1e-5f);
}

TEST(GroundMotion, AxesNotExtractedAreLeftOutAndBadTimesGiveNoStep) {
  const GroundMotion g = two_speed_ground(true);
  RootMotionSettings no_x;
  no_x.extract_x = false;
  RootMotionDelta d = extract_ground_motion(g, no_x, 0.0f, 1.0f);
  EXPECT_EQ(d.translation.x, 0.0f);
  EXPECT_NEAR(d.translation.z, 2.0f, 1e-5f);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  d = extract_ground_motion(g, {}, nan, 1.0f);
  EXPECT_EQ(d.translation, glm::vec3(0.0f));
  d = extract_ground_motion(GroundMotion{}, {}, 0.0f, 1.0f);
  EXPECT_EQ(d.translation, glm::vec3(0.0f));
}

// The player moves the character by the ground motion in the applied mode, and keeps it in
// place otherwise.
TEST(GroundMotion, ThePreviewPlayerAppliesIt) {
  const InPlaceWalker w;
  BoundCharacter character;
  ASSERT_EQ(bind_walker(w, {w.clip}, character), "");
  ASSERT_NE(character.ground_motion_of(0), nullptr);
  GraphBinding graph;
  for (RootMotionMode mode : {RootMotionMode::Applied, RootMotionMode::InPlace}) {
    CharacterInstance instance;
    ASSERT_EQ(instance.bind(character, graph), "");
    CharacterSettings settings;
    settings.root_motion_mode = mode;
    settings.root_motion.root_joint = 1;
    Parameters parameters;
    const Terrain flat;
    ASSERT_EQ(instance.set_settings(settings), "");
    for (int f = 0; f <= 90; ++f) {
      instance.set_preview(0, static_cast<float>(f) / 60.0f);
      ASSERT_TRUE(instance.update(1.0f / 60.0f, parameters, flat));
    }
    // 1.5 s at 1.2 units/s.
    EXPECT_NEAR(instance.world().translation.z, mode == RootMotionMode::Applied ? 1.8f : 0.0f,
                0.03f);
  }
}

// A blend space plays each sample's ground motion, weighted: a 1D space of the walker at two
// strides (1.8 and 1.2 units/s) moves at either speed at its ends and in between at the middle.
TEST(GroundMotion, BlendSpacesBlendTheirSamplesGroundMotion) {
  const InPlaceWalker fast(0.9f);
  Clip slow = InPlaceWalker(0.6f).clip;
  slow.name = "slow";
  BoundCharacter character;
  ASSERT_EQ(bind_walker(fast, {fast.clip, slow}, character), "");
  Parameters parameters;
  const int speed = parameters.add("speed", ParameterType::Float);
  GraphBinding graph;
  BlendSpaceBinding space;
  space.name = "walk";
  space.one_dimensional = true;
  space.clips = {0, 1};
  space.positions = {{0.0f, 0.0f}, {1.0f, 0.0f}};
  space.x_parameter = speed;
  space.y_parameter = speed;
  graph.blend_spaces.push_back(space);
  for (const auto& [x, expected] : {std::pair{0.0f, 1.8f}, {1.0f, 1.2f}, {0.5f, 1.5f}}) {
    CharacterInstance instance;
    ASSERT_EQ(instance.bind(character, graph), "");
    CharacterSettings settings;
    settings.root_motion_mode = RootMotionMode::Applied;
    settings.root_motion.root_joint = 1;
    parameters.set(speed, x);
    const Terrain flat;
    ASSERT_EQ(instance.set_settings(settings), "");
    for (int f = 0; f < 60; ++f) {
      ASSERT_TRUE(instance.update(1.0f / 60.0f, parameters, flat));
    }
    EXPECT_NEAR(instance.world().translation.z, expected, 0.03f) << "at " << x;
    EXPECT_TRUE(instance.root_motion_from_feet());
  }
}

}  // namespace
}  // namespace anim
