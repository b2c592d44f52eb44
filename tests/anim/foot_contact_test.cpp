#include "anim/foot_contact.h"

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim_expect.h"
#include "ik_biped.h"

namespace anim {
namespace {

using testing::make_biped;
using testing::rotation_about;

constexpr float kFrame = 1.0f / 60.0f;
constexpr float kPi = std::numbers::pi_v<float>;

Clip clip_with_markers(std::vector<Marker> markers, bool loop) {
  Clip clip;
  clip.duration_s = 1.0f;
  clip.loop = loop;
  clip.markers = std::move(markers);
  return clip;
}

TEST(FootContact, MarkerNamesFollowTheConvention) {
  EXPECT_EQ(contact_down_marker(FootSide::Left), "foot_l_down");
  EXPECT_EQ(contact_up_marker(FootSide::Left), "foot_l_up");
  EXPECT_EQ(contact_down_marker(FootSide::Right), "foot_r_down");
  EXPECT_EQ(contact_up_marker(FootSide::Right), "foot_r_up");
}

TEST(FootContact, PlantedBetweenDownAndUpMarkers) {
  const Clip clip = clip_with_markers(
      {{"foot_l_down", 0.1f}, {"step", 0.3f}, {"foot_l_up", 0.6f}, {"foot_r_down", 0.55f}}, true);
  EXPECT_FALSE(foot_planted_at(clip, FootSide::Left, 0.05f));  // after the previous cycle's up
  EXPECT_TRUE(foot_planted_at(clip, FootSide::Left, 0.1f));
  EXPECT_TRUE(foot_planted_at(clip, FootSide::Left, 0.35f));
  EXPECT_FALSE(foot_planted_at(clip, FootSide::Left, 0.6f));
  EXPECT_FALSE(foot_planted_at(clip, FootSide::Left, 0.9f));
  EXPECT_TRUE(foot_planted_at(clip, FootSide::Right, 0.2f));  // wraps from its down at 0.55
  EXPECT_TRUE(has_contact_markers(clip, FootSide::Right));
}

TEST(FootContact, ContactAcrossTheLoopWraps) {
  const Clip clip = clip_with_markers({{"foot_r_up", 0.2f}, {"foot_r_down", 0.7f}}, true);
  EXPECT_TRUE(foot_planted_at(clip, FootSide::Right, 0.1f));
  EXPECT_FALSE(foot_planted_at(clip, FootSide::Right, 0.5f));
  EXPECT_TRUE(foot_planted_at(clip, FootSide::Right, 0.95f));
}

TEST(FootContact, ATimelineAnswersAsTheMarkerScanDoes) {
  // Random marker sets of the foot's down and up markers among others' (a name sharing the
  // prefix included), ties at one time, looping or not; asked before, at, between and after
  // the markers, and at no time at all.
  std::mt19937 random(11);
  const char* names[] = {"foot_l_down", "foot_l_up", "foot_r_down", "foot_l_upper", "step"};
  std::uniform_int_distribution<int> name(0, 4), count(0, 6), tick(0, 8);
  for (int round = 0; round < 500; ++round) {
    std::vector<Marker> markers;
    for (int m = count(random); m > 0; --m) {
      markers.push_back({names[name(random)], 0.125f * static_cast<float>(tick(random))});
    }
    const Clip clip = clip_with_markers(markers, round % 2 == 0);
    const ContactTimeline timeline = contact_timeline(clip, "foot_l");
    for (float t = -0.0625f; t <= 1.1f; t += 0.0625f) {
      EXPECT_EQ(timeline.planted_at(t), foot_planted_at(clip, "foot_l", t)) << round << " " << t;
    }
    EXPECT_EQ(timeline.planted_at(NAN), foot_planted_at(clip, "foot_l", NAN)) << round;
  }
}

// The time a planted foot has left before its up marker: within the cycle, round the loop's
// end, and none for a swinging foot or a contact no up marker ends.
TEST(FootContact, TheTimeLeftInAContactRunsToItsUpMarker) {
  const Clip clip = clip_with_markers({{"foot_l_down", 0.2f}, {"foot_l_up", 0.7f}}, true);
  EXPECT_NEAR(contact_time_left(clip, "foot_l", 0.3f), 0.4f, 1e-6f);
  EXPECT_FLOAT_EQ(contact_time_left(clip, "foot_l", 0.8f), -1.0f);
  const Clip wrapping = clip_with_markers({{"foot_r_up", 0.1f}, {"foot_r_down", 0.6f}}, true);
  EXPECT_NEAR(contact_time_left(wrapping, "foot_r", 0.9f), 0.2f, 1e-6f);
  EXPECT_NEAR(contact_time_left(wrapping, "foot_r", 0.05f), 0.05f, 1e-6f);
  const Clip once = clip_with_markers({{"foot_l_down", 0.2f}}, false);
  EXPECT_FLOAT_EQ(contact_time_left(once, "foot_l", 0.5f), -1.0f);
}

TEST(FootContact, NonLoopingClipInfersTheStateBeforeItsFirstMarker) {
  const Clip clip = clip_with_markers({{"foot_l_up", 0.4f}}, false);
  EXPECT_TRUE(foot_planted_at(clip, FootSide::Left, 0.1f));
  EXPECT_FALSE(foot_planted_at(clip, FootSide::Left, 0.5f));
  EXPECT_FALSE(foot_planted_at(clip, FootSide::Right, 0.1f));  // no markers for this foot
  EXPECT_FALSE(has_contact_markers(clip, FootSide::Right));
}

// One second sampled 61 times (the last sample ends the cycle where the first began): the ball
// of the foot is planted for samples [first, first + 36) (0.6 s), then lifted at least 3 cm
// while it swings 0.6 m forward. ground_speed is how fast the planted foot slides (negative:
// backwards, as in a clip played in place).
struct Trajectory {
  std::vector<glm::vec3> heel;
  std::vector<glm::vec3> toe;
};

Trajectory make_step_cycle(int first, float ground_speed) {
  Trajectory t;
  for (int k = 0; k <= 60; ++k) {
    const int i = (k - first + 60) % 60;  // samples since landing
    glm::vec3 ball;
    if (i < 36) {
      ball = {0.1f, 0.0f, 0.3f + ground_speed * static_cast<float>(i) * kFrame};
    } else {
      const float s = static_cast<float>(i - 35) / 25.0f;
      const float start = 0.3f + ground_speed * 35.0f * kFrame;
      ball = {0.1f, 0.03f + 0.05f * std::sin(kPi * s), start + (0.3f - start) * s};
    }
    t.toe.push_back(ball);
    t.heel.push_back(ball + glm::vec3(0.0f, i < 36 ? 0.0f : 0.03f, -0.13f));
  }
  return t;
}

TEST(FootContact, DetectsTheStanceOfAClipPlayedInPlace) {
  const Trajectory t = make_step_cycle(10, -1.0f);
  const std::vector<ContactInterval> found = detect_contacts(t.heel, t.toe, kFrame, true, {});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NEAR(found[0].down_s, 10 * kFrame, 1e-5f);
  EXPECT_NEAR(found[0].up_s, 45 * kFrame, 1e-5f);  // the last planted sample
}

TEST(FootContact, DetectsAStanceThatWrapsAroundTheLoop) {
  const Trajectory t = make_step_cycle(40, 0.0f);
  const std::vector<ContactInterval> found = detect_contacts(t.heel, t.toe, kFrame, true, {});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NEAR(found[0].down_s, 40 * kFrame, 1e-5f);
  EXPECT_NEAR(found[0].up_s, 15 * kFrame, 1e-5f);  // 75 - 60
}

TEST(FootContact, IgnoresABriefTouchDuringTheSwing) {
  Trajectory t = make_step_cycle(0, 0.0f);
  // The ball rests on the ground for two samples mid-swing: too short to be a contact.
  t.toe[48].y = 0.0f;
  t.toe[47] = t.toe[48];
  const std::vector<ContactInterval> found = detect_contacts(t.heel, t.toe, kFrame, true, {});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NEAR(found[0].down_s, 0.0f, 1e-5f);
}

TEST(FootContact, RejectsBadInput) {
  const Trajectory t = make_step_cycle(0, 0.0f);
  const ContactDetectionSettings s;
  EXPECT_TRUE(detect_contacts(t.heel, std::span(t.toe).first(10), kFrame, true, s).empty());
  EXPECT_TRUE(
      detect_contacts(std::span(t.heel).first(2), std::span(t.toe).first(2), kFrame, true, s)
          .empty());
  EXPECT_TRUE(detect_contacts(t.heel, t.toe, 0.0f, true, s).empty());
  EXPECT_TRUE(detect_contacts(t.heel, t.toe, NAN, true, s).empty());
  const std::vector<glm::vec3> still(31, glm::vec3(0.0f));
  EXPECT_TRUE(detect_contacts(still, still, kFrame, true, s).empty());  // never lifts
}

// A one-second looping clip of the test biped stepping in place: each thigh swings forward
// (30 degrees at the peak) for half a second while the other foot stands; the left foot is
// planted during [0, 0.5], the right during [0.5, 1].
Clip make_stepping_clip() {
  Clip clip;
  clip.name = "stepping";
  clip.duration_s = 1.0f;
  clip.source_fps = 60.0f;
  for (const char* name : {"thigh_l", "thigh_r"}) {
    JointTrack track;
    track.joint_name = name;
    const float swing_start = name == std::string("thigh_l") ? 0.5f : 0.0f;
    for (int k = 0; k <= 60; ++k) {
      const float t = static_cast<float>(k) * kFrame;
      const float s = (t - swing_start) / 0.5f;
      const float angle = (s > 0.0f && s < 1.0f) ? -30.0f * std::sin(kPi * s) : 0.0f;
      track.rotation.times_s.push_back(t);
      track.rotation.values.push_back(rotation_about(angle, {1, 0, 0}));
    }
    clip.tracks.push_back(std::move(track));
  }
  return clip;
}

TEST(FootContact, ClipMarkersAreFoundWithinOneFrame) {
  const testing::Biped b = make_biped();
  const Clip clip = make_stepping_clip();
  const std::vector<Marker> markers = detect_foot_contact_markers(b.skeleton, clip, b.rig.legs);
  ASSERT_EQ(markers.size(), 4u);
  const Marker expected[] = {
      {"foot_l_down", 0.0f}, {"foot_r_up", 0.0f}, {"foot_l_up", 0.5f}, {"foot_r_down", 0.5f}};
  for (const Marker& e : expected) {
    int matches = 0;
    for (const Marker& m : markers) {
      if (m.name == e.name && std::fabs(m.time_s - e.time_s) <= kFrame + 1e-5f) ++matches;
    }
    EXPECT_EQ(matches, 1) << e.name << " at " << e.time_s;
  }
  for (std::size_t i = 1; i < markers.size(); ++i) {
    EXPECT_LE(markers[i - 1].time_s, markers[i].time_s);  // sorted by time
  }
}

TEST(FootContact, ClipDetectionNeedsValidLegs) {
  const testing::Biped b = make_biped();
  const Clip clip = make_stepping_clip();
  // One leg is a rig too: its markers only.
  for (const Marker& m :
       detect_foot_contact_markers(b.skeleton, clip, std::span(b.rig.legs).first(1))) {
    EXPECT_TRUE(m.name.starts_with("foot_l_")) << m.name;
  }
  std::vector<Leg> legs = b.rig.legs;
  legs[1].foot = b.skeleton.joint_count();  // not a joint
  EXPECT_TRUE(detect_foot_contact_markers(b.skeleton, clip, legs).empty());
  std::vector<Leg> five(5, b.rig.legs[0]);
  EXPECT_TRUE(detect_foot_contact_markers(b.skeleton, clip, five).empty());
  Clip empty = clip;
  empty.duration_s = 0.0f;
  EXPECT_TRUE(detect_foot_contact_markers(b.skeleton, empty, b.rig.legs).empty());
}

TEST(FootContact, EachLegsMarkersCarryItsContactName) {
  const testing::Biped b = make_biped();
  const Clip clip = make_stepping_clip();
  std::vector<Leg> legs = b.rig.legs;
  legs[0].contact_name = "foot_hl";
  legs[1].contact_name = "foot_hr";
  const std::vector<Marker> named = detect_foot_contact_markers(b.skeleton, clip, legs);
  const std::vector<Marker> biped = detect_foot_contact_markers(b.skeleton, clip, b.rig.legs);
  ASSERT_EQ(named.size(), biped.size());
  ASSERT_FALSE(named.empty());
  for (std::size_t i = 0; i < named.size(); ++i) {
    std::string expected = biped[i].name;
    expected.replace(0, 6, expected[5] == 'l' ? "foot_hl" : "foot_hr");
    EXPECT_EQ(named[i].name, expected);
    EXPECT_FLOAT_EQ(named[i].time_s, biped[i].time_s);
  }
  Clip with = clip;
  with.markers = named;
  for (const Marker& m : named) {
    const std::string leg = m.name.substr(0, 7);
    EXPECT_EQ(foot_planted_at(with, leg, m.time_s), m.name.ends_with("_down")) << m.name;
  }
}

}  // namespace
}  // namespace anim
