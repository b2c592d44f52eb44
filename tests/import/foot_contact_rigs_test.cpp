// Foot-contact detection on imported rigs of every size: a quadruped authored in centimetres
// (the Fox), chibi and human bipeds in metres, and the same mocap at two scales. The tolerances
// scale with the leg, so every leg of a walk is found planted for part of each cycle, and a file
// scaled as a whole gives the same contacts.

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/foot_contact.h"
#include "import/rig_finder.h"
#include "support/import_test_util.h"

namespace {

struct WalkCase {
  std::string label;
  std::string file;
  std::string clip;
  std::string clip_file;  // empty: the clip is in file
  // The least share of the cycle each foot must be found planted: a good part of a walk (the
  // Fox's hand-keyed hind feet touch for a quarter of it), a short stride in a gallop (its front
  // feet touch for 3 of 28 frames).
  float min_share;
};

std::vector<WalkCase> walk_cases() {
  return {{"fox_walk", "khronos/Fox.glb", "Walk", "", 0.2f},
          {"fox_run", "khronos/Fox.glb", "Run", "", 0.08f},
          {"knight_walk", "kaykit/Knight.glb", "Walking_A", "", 0.3f},
          {"robot_walk", "quaternius/RobotExpressive.glb", "Walking", "", 0.3f},
          {"arnaud_walk", "pab/arnaud.fbx", "", "pab/walk.fbx", 0.3f}};
}

class WalkContacts : public ::testing::TestWithParam<WalkCase> {};

// The share of the clip during which each leg is planted, sampled at 400 evenly spaced times.
std::vector<float> planted_share(const anim::Clip& clip, const anim::FootIkRig& legs) {
  std::vector<float> share;
  for (std::size_t leg = 0; leg < legs.legs.size(); ++leg) {
    const std::string name(anim::leg_contact_name(legs.legs, leg));
    int planted = 0;
    for (int i = 0; i < 400; ++i) {
      const float t = clip.duration_s * (static_cast<float>(i) + 0.5f) / 400.0f;
      planted += anim::foot_planted_at(clip, name, t) ? 1 : 0;
    }
    share.push_back(static_cast<float>(planted) / 400.0f);
  }
  return share;
}

TEST_P(WalkContacts, EveryLegIsPlantedForPartOfTheCycle) {
  const WalkCase& c = GetParam();
  const auto path = test::shared_asset(c.file);
  SKIP_IF_ABSENT(path);
  const importer::Character character = test::import_ok(path);
  const anim::FootIkRig legs = importer::find_legs(character);
  ASSERT_FALSE(legs.legs.empty());
  std::vector<anim::Clip> clips = character.clips;
  if (!c.clip_file.empty()) {
    const auto clip_path = test::shared_asset(c.clip_file);
    SKIP_IF_ABSENT(clip_path);
    clips = test::import_ok(clip_path).clips;
  }
  ASSERT_FALSE(clips.empty());
  const anim::Clip* found = c.clip.empty() ? &clips.front() : test::find_clip(clips, c.clip);
  ASSERT_NE(found, nullptr) << c.clip;
  anim::Clip clip = *found;
  clip.markers.clear();  // detected, not authored
  clip.markers = anim::detect_foot_contact_markers(character.skeleton, clip, legs.legs);
  const std::vector<float> share = planted_share(clip, legs);
  for (std::size_t leg = 0; leg < share.size(); ++leg) {
    const std::string name(anim::leg_contact_name(legs.legs, leg));
    EXPECT_TRUE(anim::has_contact_markers(clip, name)) << name;
    // A walking or running foot is on the ground for part of its cycle, never all of it.
    std::printf("%s %s planted %.0f %%\n", c.label.c_str(), name.c_str(), 100.0f * share[leg]);
    EXPECT_GT(share[leg], c.min_share) << name;
    EXPECT_LT(share[leg], 0.9f) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(Rigs, WalkContacts, ::testing::ValuesIn(walk_cases()),
                         [](const auto& info) { return info.param.label; });

// The CMU walk and the same file with every length scaled: the same contacts, to one frame.
TEST(WalkContacts, AScaledFileGivesTheSameContacts) {
  const auto path = test::shared_asset("cmu/131_01.bvh");
  const auto scaled_path = test::shared_asset("cmu/scaled_131_01.bvh");
  SKIP_IF_ABSENT(path);
  SKIP_IF_ABSENT(scaled_path);
  const importer::Character a = test::import_ok(path);
  const importer::Character b = test::import_ok(scaled_path);
  const anim::FootIkRig legs_a = importer::find_legs(a);
  const anim::FootIkRig legs_b = importer::find_legs(b);
  ASSERT_EQ(legs_a.legs.size(), 2u);
  ASSERT_EQ(legs_b.legs.size(), 2u);
  const std::vector<anim::Marker> ma =
      anim::detect_foot_contact_markers(a.skeleton, a.clips.front(), legs_a.legs);
  const std::vector<anim::Marker> mb =
      anim::detect_foot_contact_markers(b.skeleton, b.clips.front(), legs_b.legs);
  ASSERT_GE(ma.size(), 4u);
  ASSERT_EQ(ma.size(), mb.size());
  const float frame_s = 1.0f / a.clips.front().source_fps;  // detection runs at the source rate
  for (std::size_t i = 0; i < ma.size(); ++i) {
    EXPECT_EQ(ma[i].name, mb[i].name) << i;
    EXPECT_NEAR(ma[i].time_s, mb[i].time_s, 1.01f * frame_s) << ma[i].name;
  }
}

}  // namespace
