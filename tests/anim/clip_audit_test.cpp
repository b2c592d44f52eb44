// The clip library audit's measures on hand-built clips of the small test biped, each with one
// planted fault (a pop, a 3 cm loop seam, a sliding planted foot, a NaN key, a clip keyed at
// 1/100 scale, a left clip whose right twin is not its mirror), each found at the right frame
// and value; a clean clip and a true mirror pair give no finding.
#include "anim/clip_audit.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim/clip_pair_audit.h"
#include "anim/foot_contact.h"
#include "anim/mirror.h"
#include "anim/pose.h"
#include "audit_clips.h"
#include "ik_biped.h"

namespace anim {
namespace {

using audit_clips::kTwoPi;

// A 1 s loop at 30 fps with a key on every frame: the pelvis at pelvis_at(frame, t) and the left
// thigh swinging 10 degrees about +X (one period).
template <typename PelvisAt>
Clip make_clip(const char* name, PelvisAt pelvis_at) {
  return audit_clips::biped_clip(name, pelvis_at,
                                 [](float t) { return 0.1745f * std::sin(kTwoPi * t); });
}

// The pelvis bobbing 2 cm (one period).
glm::vec3 bob(int, float t) {
  return {0.0f, 0.95f + 0.02f * std::sin(kTwoPi * t), 0.0f};
}

struct Audited {
  testing::Biped biped = testing::make_biped();
  AuditCharacter character() const {
    AuditCharacter c;
    c.skeleton = &biped.skeleton;
    c.legs = biped.rig.legs;
    c.root_joint = 1;  // the pelvis
    return c;
  }
  ClipAudit audit(const Clip& clip, const AuditRules& rules = {}) const {
    return audit_clip(clip, sample_clip_frames(clip, character()), character(), rules);
  }
};

std::string describe(const ClipAudit& audit) {
  std::string out;
  for (const Finding& f : audit.findings) {
    out += std::string(finding_kind_name(f.kind)) + " " + severity_name(f.severity) + " frame " +
           std::to_string(f.frame) + " " + f.joint + ": " + f.message + "\n";
  }
  return out;
}

const Finding* find(const ClipAudit& audit, FindingKind kind) {
  for (const Finding& f : audit.findings) {
    if (f.kind == kind) return &f;
  }
  return nullptr;
}

TEST(ClipAudit, ACleanLoopHasNoFinding) {
  const Audited a;
  const ClipAudit audit = a.audit(make_clip("walk_loop", bob));
  EXPECT_TRUE(audit.findings.empty()) << describe(audit);
  EXPECT_TRUE(audit.loop);
  EXPECT_EQ(audit.frames, 30);
  EXPECT_FLOAT_EQ(audit.fps, 30.0f);
  EXPECT_EQ(audit.keys, 62);
  EXPECT_NEAR(audit.keys_per_second, 62.0f, 1e-3f);
  EXPECT_EQ(audit.channels, 2);
  EXPECT_EQ(audit.animated_channels, 2);
  EXPECT_LT(audit.seam_m, 1e-3f);
  EXPECT_FLOAT_EQ(audit.scale_ratio, 1.0f);  // its root's heights straddle the rest height
  ASSERT_EQ(audit.slide_series.size(), 2u);
  EXPECT_EQ(audit.root_speed_series.size(), 31u);
}

TEST(ClipAudit, APopIsFoundAtItsFrame) {
  const Audited a;
  const ClipAudit audit = a.audit(make_clip("wave", [](int f, float t) {
    return bob(f, t) + glm::vec3(0.0f, f == 12 ? 0.05f : 0.0f, 0.0f);
  }));
  const Finding* pop = find(audit, FindingKind::kPop);
  ASSERT_NE(pop, nullptr) << describe(audit);
  EXPECT_EQ(pop->frame, 12);
  EXPECT_EQ(pop->joint, "pelvis");
  // A 5 cm kink (its acceleration, 2 * 0.05 * 900 m/s^2, times dt^2 / 2), less the bob's
  // curvature.
  EXPECT_NEAR(pop->value, 0.05f, 0.001f);
  EXPECT_EQ(pop->severity, Severity::kWarning);
  EXPECT_EQ(audit.findings.size(), 1u) << describe(audit);
}

TEST(ClipAudit, AThreeCentimetreSeamIsFoundAtTheWrap) {
  const Audited a;
  const ClipAudit audit = a.audit(make_clip(
      "walk_loop", [](int f, float t) { return bob(f, t) + glm::vec3(0.0f, 0.03f * t, 0.0f); }));
  const Finding* seam = find(audit, FindingKind::kSeam);
  ASSERT_NE(seam, nullptr) << describe(audit);
  EXPECT_EQ(seam->frame, 30);
  EXPECT_NEAR(seam->value, 0.03f, 1e-3f);
  EXPECT_EQ(seam->severity, Severity::kWarning);
  // Not a loop by its name: the same clip has no seam to measure.
  EXPECT_EQ(find(a.audit(make_clip(
                     "getup",
                     [](int f, float t) { return bob(f, t) + glm::vec3(0.0f, 0.03f * t, 0.0f); })),
                 FindingKind::kSeam),
            nullptr);
}

TEST(ClipAudit, APlantedFootThatSlidesIsFoundWithItsShareOfTheLeg) {
  const Audited a;
  Clip clip = make_clip("step", bob);
  // The left foot planted for the first half second while its thigh slides 5 cm forward; the
  // right foot planted and still throughout.
  JointTrack thigh{"thigh_l", {}, {}, {}};
  thigh.translation.times_s = {0.0f, 0.5f, 1.0f};
  thigh.translation.values = {{0.1f, 0, 0}, {0.1f, 0, 0.05f}, {0.1f, 0, 0.05f}};
  clip.tracks = {clip.tracks[0], thigh};
  clip.markers = {
      {"foot_l_down", 0.0f}, {"foot_l_up", 0.5f}, {"foot_r_down", 0.0f}, {"foot_r_up", 1.0f}};
  const ClipAudit audit = a.audit(clip);
  const Finding* slide = find(audit, FindingKind::kSlide);
  ASSERT_NE(slide, nullptr) << describe(audit);
  EXPECT_EQ(slide->joint, "foot_l");
  EXPECT_EQ(slide->frame, 0);
  // Planted over frames 0-14: 14 of the 15 frames' 5 cm, over a leg of 0.45 + 0.42 m (about).
  const float leg = rest_leg_length(a.biped.skeleton, a.biped.rig.legs);
  EXPECT_NEAR(slide->value, 0.05f * 14.0f / 15.0f / leg, 0.002f);
  EXPECT_EQ(slide->severity, Severity::kWarning);
  EXPECT_EQ(audit.findings.size(), 1u) << describe(audit);
}

TEST(ClipAudit, ANanKeyIsAnErrorAtItsFrame) {
  const Audited a;
  Clip clip = make_clip("idle", bob);
  clip.tracks[1].rotation.values[7].x = std::numeric_limits<float>::quiet_NaN();
  const ClipAudit audit = a.audit(clip);
  const Finding* nan = find(audit, FindingKind::kNan);
  ASSERT_NE(nan, nullptr) << describe(audit);
  EXPECT_EQ(nan->frame, 7);
  EXPECT_EQ(nan->joint, "thigh_l");
  EXPECT_EQ(nan->severity, Severity::kError);
}

TEST(ClipAudit, AClipKeyedAtAHundredthOfTheScaleIsAUnitsError) {
  const Audited a;
  const ClipAudit audit =
      a.audit(make_clip("crouch", [](int f, float t) { return 0.01f * bob(f, t); }));
  const Finding* units = find(audit, FindingKind::kUnits);
  ASSERT_NE(units, nullptr) << describe(audit);
  EXPECT_NEAR(units->value, 0.0097f / 0.95f, 1e-4f);
  EXPECT_EQ(units->severity, Severity::kError);
  // A hundred times too large: even the lowest root, at frame 22 (0.95 + 0.02 sin(2 pi 22/30)
  // = 0.93011 m before the scale), is 93 m up.
  const ClipAudit large =
      a.audit(make_clip("crouch", [](int f, float t) { return 100.0f * bob(f, t); }));
  ASSERT_NE(find(large, FindingKind::kUnits), nullptr) << describe(large);
  EXPECT_NEAR(find(large, FindingKind::kUnits)->value, 93.011f / 0.95f, 0.005f);
}

TEST(ClipAudit, ASpawnFromSixTimesItsHeightThatLandsHasNoUnitsFinding) {
  const Audited a;
  // Only the root keyed (as a BVH keys it): from 5.7 m down to the rest height, 0.95 m.
  const ClipAudit audit = a.audit(make_clip(
      "spawn_air", [](int, float t) { return glm::vec3(0.0f, 0.95f + 4.75f * (1.0f - t), 0.0f); }));
  EXPECT_EQ(find(audit, FindingKind::kUnits), nullptr) << describe(audit);
  EXPECT_NEAR(audit.scale_ratio, 1.0f, 1e-4f);
}

// Keys the left leg's bone translations at scale times the rest pose's, as an exporter that keys
// every joint does.
Clip with_keyed_bones(Clip clip, float scale) {
  const testing::Biped biped = testing::make_biped();
  for (int joint : {2, 3, 4, 5}) {
    JointTrack track{biped.skeleton.joint_names[joint], {}, {}, {}};
    track.translation.times_s = {0.0f, 1.0f};
    const glm::vec3 rest = biped.skeleton.rest_pose[joint].translation * scale;
    track.translation.values = {rest, rest};
    clip.tracks.push_back(track);
  }
  return clip;
}

TEST(ClipAudit, BonesKeyedAtAHundredthOfTheirLengthAreAUnitsError) {
  const Audited a;
  const ClipAudit audit = a.audit(with_keyed_bones(make_clip("crouch", bob), 0.01f));
  const Finding* units = find(audit, FindingKind::kUnits);
  ASSERT_NE(units, nullptr) << describe(audit);
  EXPECT_NEAR(units->value, 0.01f, 1e-4f);
  EXPECT_EQ(units->severity, Severity::kError);
}

TEST(ClipAudit, ASittingOrFlyingClipWithItsBonesAtLengthHasNoUnitsFinding) {
  const Audited a;
  for (float height : {0.3f, 4.0f}) {  // the root at a third, and four times, its rest height
    const ClipAudit audit = a.audit(with_keyed_bones(
        make_clip("sit", [&](int, float) { return glm::vec3(0.0f, height, 0.0f); }), 1.0f));
    EXPECT_EQ(find(audit, FindingKind::kUnits), nullptr) << height << "\n" << describe(audit);
    EXPECT_NEAR(audit.scale_ratio, 1.0f, 1e-4f);
  }
}

TEST(ClipAudit, AWalkThatJumpsOrStopsIsAOneShot) {
  const Audited a;
  EXPECT_TRUE(a.audit(make_clip("Walk", bob)).loop);
  EXPECT_TRUE(a.audit(make_clip("Auto_Idle", bob)).loop);
  for (const char* name : {"WalkJump", "Run_Stop", "walk_start", "WalkToRun", "walk_to_run"}) {
    EXPECT_FALSE(a.audit(make_clip(name, bob)).loop) << name;
  }
}

TEST(ClipAudit, RulesNameClipsAndAskForMarkers) {
  const Audited a;
  AuditRules rules;
  rules.naming = {{"[a-z_]+", "lower case and underscores", Severity::kError}};
  rules.markers = {{"walk", {"foot_l_down"}, Severity::kWarning}};
  const ClipAudit bad = a.audit(make_clip("Walk_Loop2", bob), rules);
  ASSERT_NE(find(bad, FindingKind::kNaming), nullptr) << describe(bad);
  EXPECT_EQ(find(bad, FindingKind::kNaming)->severity, Severity::kError);
  EXPECT_EQ(find(bad, FindingKind::kMarker), nullptr);  // "Walk" is not "walk"
  const ClipAudit good = a.audit(make_clip("walk_loop", bob), rules);
  EXPECT_EQ(find(good, FindingKind::kNaming), nullptr);
  ASSERT_NE(find(good, FindingKind::kMarker), nullptr) << describe(good);
}

TEST(ClipPairAudit, MirrorPartnersAreNamedBySide) {
  EXPECT_EQ(mirror_partner_name("strafe_left"), "strafe_right");
  EXPECT_EQ(mirror_partner_name("turn_R"), "turn_L");
  EXPECT_EQ(mirror_partner_name("TurnLeft"), "TurnRight");
  EXPECT_EQ(mirror_partner_name("walk"), "");
}

TEST(ClipPairAudit, ARightClipThatIsNotTheMirrorOfItsLeftIsFound) {
  const Audited a;
  std::vector<glm::mat4> rest(a.biped.skeleton.joint_count());
  ASSERT_TRUE(local_to_model(a.biped.skeleton, a.biped.skeleton.rest_pose, rest));
  const MirrorTable table = make_mirror_table(a.biped.skeleton, Rig{}, rest);
  Clip left = make_clip("kick_left", bob);
  Clip right = mirror_clip(left, a.biped.skeleton, table);
  right.name = "kick_right";
  Clip wrong = left;  // the left leg kicks again
  wrong.name = "kick_right";
  for (const Clip* twin : {&right, &wrong}) {
    const std::vector<Clip> clips = {left, *twin};
    std::vector<ClipFrames> frames;
    std::vector<ClipAudit> audits;
    for (const Clip& c : clips) {
      frames.push_back(sample_clip_frames(c, a.character()));
      audits.push_back(audit_clip(c, frames.back(), a.character(), {}));
    }
    audit_clip_pairs(clips, frames, a.character(), table, {}, audits);
    const Finding* mirror = find(audits[1], FindingKind::kMirror);
    if (twin == &right) {
      EXPECT_EQ(mirror, nullptr) << describe(audits[1]);
      EXPECT_EQ(find(audits[1], FindingKind::kDuplicate), nullptr);
      continue;
    }
    ASSERT_NE(mirror, nullptr) << describe(audits[1]);
    // The swinging leg is on the wrong side: its toes swing 10 degrees on a 0.87 m leg, ~15 cm
    // apart at the peak of the swing (frame 7 or 8, a quarter period).
    EXPECT_GT(mirror->value, 0.10f);
    EXPECT_NEAR(mirror->frame, 8, 1);
    EXPECT_EQ(mirror->severity, Severity::kError);
    EXPECT_NE(find(audits[1], FindingKind::kDuplicate), nullptr);  // it is the left clip again
  }
}

}  // namespace
}  // namespace anim
