// Whether a clip keeps a biped standing (anim/standing_clips.h): the lowest cosine over the clip
// of the torso's lean and of the more upright thigh's angle from straight down, on a six-joint
// biped whose thighs and pelvis are turned by hand-chosen angles.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/standing_clips.h"

namespace anim {
namespace {

// Joints: 0 pelvis (1 m up), 1 head above it, 2 and 4 the thighs' hips, 3 and 5 their knees
// straight below them.
Skeleton make_biped() {
  Skeleton s;
  s.joint_names = {"pelvis", "head", "thigh_l", "knee_l", "thigh_r", "knee_r"};
  s.parents = {kNoParent, 0, 0, 2, 0, 4};
  s.rest_pose.resize(6);
  s.rest_pose[0].translation = {0.0f, 1.0f, 0.0f};
  s.rest_pose[1].translation = {0.0f, 0.7f, 0.0f};
  s.rest_pose[2].translation = {0.1f, 0.0f, 0.0f};
  s.rest_pose[3].translation = {0.0f, -0.5f, 0.0f};
  s.rest_pose[4].translation = {-0.1f, 0.0f, 0.0f};
  s.rest_pose[5].translation = {0.0f, -0.5f, 0.0f};
  s.inverse_bind.assign(6, glm::mat4(1.0f));
  return s;
}

Rig make_rig(int legs = 2) {
  Rig rig;
  rig.pelvis = 0;
  rig.head = 1;
  for (int leg = 0; leg < legs; ++leg) {
    Limb limb;
    limb.joints = {2 + 2 * leg, 3 + 2 * leg};
    rig.limbs.push_back(limb);
  }
  return rig;
}

glm::quat pitch(float degrees) {
  return glm::angleAxis(glm::radians(degrees), glm::vec3(1.0f, 0.0f, 0.0f));
}

// A one-second clip turning joint about X through the given angles, keyed evenly.
JointTrack pitch_track(const std::string& joint, const std::vector<float>& degrees) {
  JointTrack track{joint, {}, {}, {}};
  for (std::size_t k = 0; k < degrees.size(); ++k) {
    track.rotation.times_s.push_back(static_cast<float>(k) /
                                     static_cast<float>(degrees.size() - 1));
    track.rotation.values.push_back(pitch(degrees[k]));
  }
  return track;
}

Clip make_clip(std::vector<JointTrack> tracks) {
  Clip clip;
  clip.name = "clip";
  clip.duration_s = 1.0f;
  clip.tracks = std::move(tracks);
  return clip;
}

TEST(StandingClips, TheRestPoseStandsUpright) {
  const Stance stance = measure_stance(make_biped(), make_rig(), make_clip({}));
  EXPECT_FLOAT_EQ(stance.torso, 1.0f);
  EXPECT_FLOAT_EQ(stance.thigh, 1.0f);
  EXPECT_TRUE(stands(stance));
}

// Both thighs raised by the same angle: the thigh measure is its cosine, and the limit lies
// between 70 degrees (a lunge, a run's kick: standing) and 75 (sitting).
TEST(StandingClips, ThighsRaisedPastTheLimitSit) {
  const Skeleton biped = make_biped();
  for (const float degrees : {70.0f, 75.0f, 90.0f}) {
    const Stance stance = measure_stance(biped, make_rig(),
                                         make_clip({pitch_track("thigh_l", {-degrees, -degrees}),
                                                    pitch_track("thigh_r", {-degrees, -degrees})}));
    EXPECT_NEAR(stance.thigh, std::cos(glm::radians(degrees)), 1e-5f) << degrees;
    EXPECT_FLOAT_EQ(stance.torso, 1.0f) << degrees;
    EXPECT_EQ(stands(stance), degrees < 72.0f) << degrees;
  }
}

// One knee raised level (a kick, a step up) while the other leg stands: the more upright thigh
// counts.
TEST(StandingClips, OneLegStandingIsEnough) {
  const Stance stance = measure_stance(make_biped(), make_rig(),
                                       make_clip({pitch_track("thigh_l", {-90.0f, -90.0f})}));
  EXPECT_FLOAT_EQ(stance.thigh, 1.0f);
  EXPECT_TRUE(stands(stance));
}

// The whole body pitched (a fall, lying down): the torso measure is the cosine of the lean; the
// thighs lean with it.
TEST(StandingClips, ATorsoLeaningPastSixtyDegreesFalls) {
  const Skeleton biped = make_biped();
  for (const float degrees : {55.0f, 65.0f, 90.0f}) {
    const Stance stance =
        measure_stance(biped, make_rig(), make_clip({pitch_track("pelvis", {degrees, degrees})}));
    EXPECT_NEAR(stance.torso, std::cos(glm::radians(degrees)), 1e-5f) << degrees;
    EXPECT_NEAR(stance.thigh, std::cos(glm::radians(degrees)), 1e-5f) << degrees;
    EXPECT_EQ(stands(stance), degrees < 60.0f) << degrees;
  }
}

// Standing, sitting at mid-clip (a key at 0.5 s, which the 30 Hz sampling reaches), standing
// again: the lowest moment decides.
TEST(StandingClips, TheLowestMomentOfTheClipDecides) {
  const Stance stance = measure_stance(make_biped(), make_rig(),
                                       make_clip({pitch_track("thigh_l", {0.0f, -90.0f, 0.0f}),
                                                  pitch_track("thigh_r", {0.0f, -90.0f, 0.0f})}));
  EXPECT_NEAR(stance.thigh, 0.0f, 1e-5f);
  EXPECT_FALSE(stands(stance));
}

// Nothing to measure: not a biped's rig, or no torso joint. Such a clip counts as standing, so
// the default takes it.
TEST(StandingClips, WithoutTwoLegsAndATorsoNothingIsMeasured) {
  const Skeleton biped = make_biped();
  const Clip sitting = make_clip(
      {pitch_track("thigh_l", {-90.0f, -90.0f}), pitch_track("thigh_r", {-90.0f, -90.0f})});
  ASSERT_FALSE(stands(measure_stance(biped, make_rig(), sitting)));
  for (const Rig& rig : {make_rig(1), make_rig(0), [] {
                           Rig headless = make_rig();
                           headless.head = -1;
                           return headless;
                         }()}) {
    const Stance stance = measure_stance(biped, rig, sitting);
    EXPECT_FLOAT_EQ(stance.torso, 1.0f);
    EXPECT_FLOAT_EQ(stance.thigh, 1.0f);
  }
}

}  // namespace
}  // namespace anim
