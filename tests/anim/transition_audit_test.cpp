// The audit's transition matrix on hand-built clips of the small test biped: a walk and the same
// walk a third of a cycle later join with no cost at frames ten apart; a standing and a crouching
// idle, 20 cm apart at every joint below the pelvis, cost exactly that distance's mean over the
// skeleton and get a transition finding (a warning between standing cycles, a note from a
// one-shot or into a sitting idle).
#include "anim/transition_audit.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "audit_clips.h"
#include "ik_biped.h"

namespace anim {
namespace {

using audit_clips::kFps;
using audit_clips::kFrames;
using audit_clips::kTwoPi;

// A 1 s clip keyed every frame: the pelvis at height, the left thigh swinging by swing radians
// about +X, a third of a cycle late by delay frames.
Clip make_clip(const char* name, float height, float swing, int delay = 0) {
  return audit_clips::biped_clip(
      name, [&](int, float) { return glm::vec3(0.0f, height, 0.0f); },
      [&](float t) { return swing * std::sin(kTwoPi * (t - static_cast<float>(delay) / kFps)); });
}

struct Audited {
  testing::Biped biped = testing::make_biped();
  std::vector<Clip> clips;
  std::vector<ClipFrames> frames;
  std::vector<ClipAudit> audits;

  TransitionMatrix audit(std::vector<Clip> list, const AuditRules& rules = {}) {
    clips = std::move(list);
    AuditCharacter c;
    c.skeleton = &biped.skeleton;
    c.legs = biped.rig.legs;
    c.root_joint = 1;  // the pelvis
    for (const Clip& clip : clips) {
      frames.push_back(sample_clip_frames(clip, c));
      audits.push_back(audit_clip(clip, frames.back(), c, rules));
    }
    return audit_transitions(frames, c, rules, audits);
  }
};

const Finding* transition(const ClipAudit& audit) {
  for (const Finding& f : audit.findings) {
    if (f.kind == FindingKind::kTransition) return &f;
  }
  return nullptr;
}

TEST(TransitionAudit, TheSameWalkLaterJoinsWithNoCostTenFramesOn) {
  Audited a;
  const TransitionMatrix m = a.audit(
      {make_clip("walk_loop", 0.95f, 0.35f), make_clip("walk_late_loop", 0.95f, 0.35f, 10)});
  ASSERT_EQ(m.clips, 2);
  const TransitionCell& cell = m.at(0, 1);
  EXPECT_LT(cell.cost_m, 1e-4f);
  // Frame f of the late walk is frame f - 10 of the walk.
  EXPECT_EQ(((cell.entry_frame - cell.exit_frame) % kFrames + kFrames) % kFrames, 10);
  EXPECT_LT(m.at(1, 0).cost_m, 1e-4f);
  EXPECT_EQ(transition(a.audits[0]), nullptr);
  EXPECT_EQ(transition(a.audits[1]), nullptr);
}

TEST(TransitionAudit, AStandingAndACrouchingIdleTwentyCentimetresApartHaveNoGoodEntry) {
  Audited a;
  AuditRules rules;
  rules.transition_height_share = {0.15f, 0.5f};
  const TransitionMatrix m =
      a.audit({make_clip("stand_idle", 0.95f, 0.0f), make_clip("crouch_idle", 0.75f, 0.0f),
               make_clip("get_up", 0.75f, 0.0f)},
              rules);
  // Nine of the ten joints (all but the root, which the pelvis hangs from) are 0.20 m lower;
  // neither pose moves. The height: the pelvis's, 0.95 m.
  const float expected = 0.20f * std::sqrt(9.0f / 10.0f);
  EXPECT_NEAR(m.height_m, 0.95f, 1e-5f);
  EXPECT_NEAR(m.at(0, 1).cost_m, expected, 1e-4f);
  EXPECT_NEAR(m.at(1, 0).cost_m, expected, 1e-4f);
  EXPECT_NEAR(m.at(1, 2).cost_m, 0.0f, 1e-4f);
  const Finding* from_stand = transition(a.audits[0]);
  ASSERT_NE(from_stand, nullptr);
  // Both idles stand (the crouch's root within a quarter of its rest height): they must join.
  EXPECT_EQ(from_stand->severity, Severity::kWarning);
  EXPECT_NEAR(from_stand->value, expected / 0.95f, 1e-4f);  // 20% of its height
  EXPECT_NE(from_stand->message.find("2 of 2 clips (1 standing cycles)"), std::string::npos)
      << from_stand->message;
  EXPECT_NE(from_stand->message.find(": crouch_idle 19 cm, 20% of its height"), std::string::npos)
      << from_stand->message;
  // get_up is a one-shot: left at its end, where it means to be.
  const Finding* from_get_up = transition(a.audits[2]);
  ASSERT_NE(from_get_up, nullptr);
  EXPECT_EQ(from_get_up->severity, Severity::kInfo);
  EXPECT_NE(from_get_up->message.find("1 of 2 clips (1 standing cycles): stand_idle"),
            std::string::npos)
      << from_get_up->message;
  // Within the default rule (a quarter of its height), no finding.
  Audited loose;
  loose.audit({make_clip("stand_idle", 0.95f, 0.0f), make_clip("crouch_idle", 0.75f, 0.0f)});
  EXPECT_EQ(transition(loose.audits[0]), nullptr);
}

TEST(TransitionAudit, ASittingIdleThatNothingJoinsIsANote) {
  Audited a;
  a.audit({make_clip("stand_idle", 0.95f, 0.0f), make_clip("sit_idle", 0.45f, 0.0f)});
  // Half a metre lower: 0.474 m, half its height; but sitting is a posture a getting-down clip
  // leads into, not a cycle a machine blends into from a walk.
  const Finding* from_stand = transition(a.audits[0]);
  ASSERT_NE(from_stand, nullptr);
  EXPECT_EQ(from_stand->severity, Severity::kInfo);
  EXPECT_NEAR(from_stand->value, 0.5f * std::sqrt(0.9f) / 0.95f, 1e-4f);
}

TEST(TransitionAudit, AOneShotIsEnteredInItsFirstQuarterAndLeftAtItsEnd) {
  Audited a;
  // The swing's zero crossings are at frames 0, 15 and 30; a still stand matches them best.
  const TransitionMatrix m =
      a.audit({make_clip("stand_idle", 0.95f, 0.0f), make_clip("kick", 0.95f, 0.6f, 15)});
  // kick's first quarter holds frame 0 (sin of -pi: a zero crossing); its end, frame 30, too.
  EXPECT_EQ(m.at(0, 1).entry_frame, 0);
  EXPECT_EQ(m.at(1, 0).exit_frame, kFrames);
}

}  // namespace
}  // namespace anim
