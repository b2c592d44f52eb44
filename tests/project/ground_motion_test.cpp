// Root motion synthesised from the feet of clips that play in place (the Fox), played through the
// product's frame (bind_project, CharacterInstance) with root motion applied: the synthesised
// speed is the speed of the planted soles, and foot locking then holds each planted foot still
// in the world. Clips with root motion of their own (the demo's, pab's walk) keep it.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/character_instance.h"
#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "demo/demo_character.h"
#include "import/rig_finder.h"
#include "project/project_binding.h"
#include "project/rig_corrections.h"
#include "support/import_test_util.h"

namespace {

// The character as the viewer opens it: contact markers detected on clips without them, bound
// through its preview project.
struct Opened {
  importer::Character character;
  project::BoundProject bound;
  anim::FootIkRig legs;
};

Opened open_as_viewer(importer::Character character) {
  Opened o;
  o.legs = importer::foot_ik_rig(character, project::project_rig(character, {}));
  for (anim::Clip& clip : character.clips) {
    bool marked = false;
    for (std::size_t i = 0; i < o.legs.legs.size(); ++i) {
      marked = marked || anim::has_contact_markers(clip, anim::leg_contact_name(o.legs.legs, i));
    }
    if (marked) continue;
    for (anim::Marker& m : anim::detect_foot_contact_markers(character.skeleton, clip, o.legs.legs))
      clip.markers.push_back(std::move(m));
  }
  const project::Project project = project::preview_project(character, character.source_path);
  EXPECT_EQ(project::bind_project(project, character, {}, o.bound), "");
  o.character = std::move(character);
  return o;
}

// What a played clip showed of each planted foot.
struct Drift {
  int contacts = 0;  // whole contacts seen (from touch-down to lift-off)
  int planted_frames = 0;
  float worst = 0.0f;      // the largest horizontal drift of a planted foot's pivot, world units
  glm::vec3 travel{0.0f};  // the world transform's travel
};

// Plays clip for seconds at 60 frames per second through CharacterInstance with root motion
// applied and foot IK on flat ground, locking on or off. Per leg and per contact, the pivot (the
// lower of heel and toe, switching with the lock's margin: where a lock holds) is followed from
// where it was when it became the pivot in that contact; the worst horizontal distance from
// there is the drift.
Drift play(const Opened& o, const std::string& clip_name, bool lock, float seconds) {
  Drift d;
  const anim::BoundCharacter& bc = *o.bound.character;
  const int clip = bc.find_clip(clip_name);
  EXPECT_GE(clip, 0) << clip_name;
  if (clip < 0) return d;
  anim::CharacterInstance instance;
  EXPECT_EQ(instance.bind(bc, *o.bound.graph), "");
  anim::CharacterSettings settings;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.root_motion.root_joint = bc.root_motion_joint;
  settings.foot_ik = true;
  settings.foot_ik_settings.lock_feet = lock;
  settings.dual_quat_palette = false;
  anim::Parameters parameters;
  const anim::Terrain flat;
  const anim::Clip& c = bc.clips[static_cast<std::size_t>(clip)];
  const auto& legs = bc.foot_ik_rig.legs;
  std::array<bool, anim::kMaxFootIkLegs> was_planted{};
  std::array<bool, anim::kMaxFootIkLegs> on_toe{};
  std::array<glm::vec2, anim::kMaxFootIkLegs> anchor{};
  const float dt = 1.0f / 60.0f;
  const int frames = static_cast<int>(std::lround(seconds / dt));
  EXPECT_EQ(instance.set_settings(settings), "");
  for (int f = 0; f <= frames; ++f) {
    const float t = static_cast<float>(f) * dt;
    instance.set_preview(clip, t);
    const anim::JobResult r = instance.update(f == 0 ? 0.0f : dt, parameters, flat);
    EXPECT_TRUE(r) << r.error;
    const float clip_time = anim::wrap_clip_time(c, t);
    for (std::size_t i = 0; i < legs.size(); ++i) {
      const bool planted =
          anim::foot_planted_at(c, anim::leg_contact_name(legs, i), clip_time) && f > 0;
      const glm::vec3 heel =
          anim::transform_point(instance.world(), anim::heel_point(legs[i], instance.model_pose()));
      const glm::vec3 toe =
          anim::transform_point(instance.world(), anim::toe_point(legs[i], instance.model_pose()));
      // The pivot switches as a lock's does: to the other point once it is lower by a margin.
      const bool was_on_toe = on_toe[i];
      const float margin = settings.foot_ik_settings.pivot_switch_m;
      if (on_toe[i] && heel.y < toe.y - margin) on_toe[i] = false;
      if (!on_toe[i] && toe.y < heel.y - margin) on_toe[i] = true;
      if (!planted) {
        if (was_planted[i]) ++d.contacts;
        was_planted[i] = false;
        continue;
      }
      const glm::vec3 pivot = on_toe[i] ? toe : heel;
      if (!was_planted[i] || on_toe[i] != was_on_toe) anchor[i] = {pivot.x, pivot.z};
      was_planted[i] = true;
      ++d.planted_frames;
      d.worst = std::max(d.worst, glm::length(glm::vec2(pivot.x, pivot.z) - anchor[i]));
    }
  }
  d.travel = instance.world().translation;
  return d;
}

// The lower of the heel and the toe of leg in a model pose: the point a lock holds.
glm::vec3 pivot_point(const anim::Leg& leg, std::span<const glm::mat4> model) {
  const glm::vec3 heel = anim::heel_point(leg, model);
  const glm::vec3 toe = anim::toe_point(leg, model);
  return toe.y < heel.y ? toe : heel;
}

const Opened& fox() {
  static const Opened opened =
      open_as_viewer(test::import_ok(test::shared_asset("khronos/Fox.glb")));
  return opened;
}

// The bound: 1 % of the leg. A lock holds its pivot exactly where two-bone IK can reach it; the
// IK's soft reach (FootIkSettings::soft_fraction, 1 %) is what may keep an ankle short of a
// target near full extension, so a held foot may miss its spot by that much and no more. Without
// locking the feet slide by several times the bound (the ground motion is one speed for four
// feet that the Fox's animator keyed at slightly different paces).
TEST(GroundMotion, FoxWalkAppliedWithLockingHoldsEveryPlantedFootStill) {
  SKIP_IF_ABSENT(test::shared_asset("khronos/Fox.glb"));
  const Opened& o = fox();
  const anim::BoundCharacter& bc = *o.bound.character;
  ASSERT_EQ(bc.foot_ik_rig.legs.size(), 4u);
  const float leg = anim::rest_leg_length(bc.skeleton, bc.foot_ik_rig.legs);
  ASSERT_GT(leg, 20.0f);  // centimetres
  for (const char* clip : {"Walk", "Run"}) {
    ASSERT_NE(bc.ground_motion_of(bc.find_clip(clip)), nullptr) << clip;
    const Drift locked = play(o, clip, true, 6.0f);
    const Drift free = play(o, clip, false, 6.0f);
    std::printf("%s: %d contacts, drift %.3f %% of the leg locked, %.2f %% free\n", clip,
                locked.contacts, 100.0f * locked.worst / leg, 100.0f * free.worst / leg);
    // Every leg touches down about once per cycle (Walk 0.7 s, Run 0.5 s): 4 legs x 6 s.
    EXPECT_GE(locked.contacts, 20) << clip;
    EXPECT_LT(locked.worst, 0.01f * leg) << clip;
    EXPECT_GT(free.worst, 0.05f * leg) << clip << ": without locking the feet slide";
    // The character travelled: about the ground speed for the 6 s.
    EXPECT_GT(glm::length(locked.travel),
              0.9f * 6.0f * bc.ground_motion_of(bc.find_clip(clip))->mean_speed())
        << clip;
  }
}

// The synthesised speed is the planted soles' sliding speed, measured here independently: the
// clip played in place without foot IK, each planted leg's pivot followed from frame to frame.
// The travel is forward (from the pelvis towards the chest) with the facing kept.
TEST(GroundMotion, FoxSpeedIsTheSpeedOfThePlantedSoles) {
  SKIP_IF_ABSENT(test::shared_asset("khronos/Fox.glb"));
  const Opened& o = fox();
  const anim::BoundCharacter& bc = *o.bound.character;
  const auto& legs = bc.foot_ik_rig.legs;
  std::vector<glm::mat4> rest(bc.skeleton.rest_pose.size());
  ASSERT_TRUE(anim::local_to_model(bc.skeleton, bc.skeleton.rest_pose, rest));
  const anim::Rig rig = project::project_rig(o.character, {});
  ASSERT_GE(rig.chest, 0);
  glm::vec3 forward = glm::vec3(rest[static_cast<std::size_t>(rig.chest)][3]) -
                      glm::vec3(rest[static_cast<std::size_t>(rig.pelvis)][3]);
  forward = glm::normalize(glm::vec3(forward.x, 0.0f, forward.z));
  for (const char* name : {"Walk", "Run"}) {
    const int clip = bc.find_clip(name);
    const anim::GroundMotion* ground = bc.ground_motion_of(clip);
    ASSERT_NE(ground, nullptr) << name;
    const anim::Clip& c = bc.clips[static_cast<std::size_t>(clip)];
    anim::CharacterInstance instance;
    ASSERT_EQ(instance.bind(bc, *o.bound.graph), "");
    anim::CharacterSettings settings;
    settings.root_motion.root_joint = bc.root_motion_joint;
    anim::Parameters parameters;
    const anim::Terrain flat;
    const float dt = 1.0f / 240.0f;
    glm::vec3 slide(0.0f);
    float planted_s = 0.0f;
    std::vector<glm::vec3> before(legs.size());
    std::vector<bool> was(legs.size(), false);
    EXPECT_EQ(instance.set_settings(settings), "");
    for (int f = 0; static_cast<float>(f) * dt <= c.duration_s; ++f) {
      const float t = static_cast<float>(f) * dt;
      instance.set_preview(clip, t);
      ASSERT_TRUE(instance.update(dt, parameters, flat));
      for (std::size_t i = 0; i < legs.size(); ++i) {
        const bool planted = anim::foot_planted_at(c, anim::leg_contact_name(legs, i), t);
        const glm::vec3 p = pivot_point(legs[i], instance.model_pose());
        if (planted && was[i]) {
          slide += p - before[i];
          planted_s += dt;
        }
        before[i] = p;
        was[i] = planted;
      }
    }
    ASSERT_GT(planted_s, 0.5f * c.duration_s) << name;
    const glm::vec3 measured = -glm::vec3(slide.x, 0.0f, slide.z) / planted_s;
    const glm::vec3 cycle = ground->displacement.back();
    const float synthesised = glm::length(cycle) / c.duration_s;
    std::printf("%s: synthesised %.1f, measured %.1f units/s\n", name, synthesised,
                glm::length(measured));
    EXPECT_NEAR(synthesised, glm::length(measured), 0.05f * glm::length(measured)) << name;
    EXPECT_NEAR(ground->mean_speed(), synthesised, 1e-3f * synthesised);
    EXPECT_GT(glm::dot(glm::normalize(cycle), forward), 0.99f) << name << ": forward";
    EXPECT_EQ(cycle.y, 0.0f);
    // Continuous over the loop: a step across the clip's end is the two parts added, and the
    // facing is kept.
    const anim::RootMotionSettings axes;
    const float h = 0.05f;
    const anim::RootMotionDelta across =
        anim::extract_ground_motion(*ground, axes, c.duration_s - h, 2.0f * h);
    const anim::RootMotionDelta end =
        anim::extract_ground_motion(*ground, axes, c.duration_s - h, h);
    const anim::RootMotionDelta start = anim::extract_ground_motion(*ground, axes, 0.0f, h);
    EXPECT_NEAR(glm::length(across.translation - end.translation - start.translation), 0.0f,
                1e-3f * glm::length(cycle));
    EXPECT_EQ(across.yaw_rad, 0.0f);
  }
}

// A clip that stands (the Fox's Survey) gets none.
TEST(GroundMotion, FoxSurveyStandsStill) {
  SKIP_IF_ABSENT(test::shared_asset("khronos/Fox.glb"));
  const anim::BoundCharacter& bc = *fox().bound.character;
  EXPECT_EQ(bc.ground_motion_of(bc.find_clip("Survey")), nullptr);
}

// Characters whose clips carry their own root motion keep it: no clip gets ground motion.
TEST(GroundMotion, ClipsWithTheirOwnRootMotionKeepIt) {
  const Opened demo = open_as_viewer(demo::make_demo_character());
  ASSERT_FALSE(demo.bound.character->clips.empty());
  for (std::size_t i = 0; i < demo.bound.character->clips.size(); ++i) {
    EXPECT_EQ(demo.bound.character->ground_motion_of(static_cast<int>(i)), nullptr)
        << demo.bound.character->clips[i].name;
  }
  const auto arnaud = test::shared_asset("pab/arnaud.fbx");
  const auto walk = test::shared_asset("pab/walk.fbx");
  SKIP_IF_ABSENT(arnaud);
  SKIP_IF_ABSENT(walk);
  importer::Character character = test::import_ok(arnaud);
  character.clips = test::import_ok(walk).clips;
  const Opened pab = open_as_viewer(std::move(character));
  ASSERT_FALSE(pab.bound.character->clips.empty());
  EXPECT_EQ(pab.bound.character->ground_motion_of(0), nullptr);
  // Played applied, it travels by its own root motion, as before.
  const Drift d = play(pab, pab.bound.character->clips[0].name, true, 1.0f);
  EXPECT_GT(d.travel.z, 0.5f);
}

// The Knight (a chibi biped in metres, every clip in place): its walks and its run get ground
// motion (backwards for the backwards walk) and hold their feet with locking; its actions on the
// spot (attacks and hit reactions that slide a foot by a fraction of a leg) and its idle get
// none.
TEST(GroundMotion, KnightGaitsMoveAndItsActionsStayPut) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  const Opened o = open_as_viewer(test::import_ok(path));
  const anim::BoundCharacter& bc = *o.bound.character;
  ASSERT_EQ(bc.foot_ik_rig.legs.size(), 2u);
  const float leg = anim::rest_leg_length(bc.skeleton, bc.foot_ik_rig.legs);
  for (const char* gait : {"Walking_A", "Walking_B", "Walking_C", "Running_B"}) {
    const anim::GroundMotion* g = bc.ground_motion_of(bc.find_clip(gait));
    ASSERT_NE(g, nullptr) << gait;
    EXPECT_GT(g->displacement.back().z, 2.0f * leg) << gait << ": forward";
  }
  const anim::GroundMotion* back = bc.ground_motion_of(bc.find_clip("Walking_Backwards"));
  ASSERT_NE(back, nullptr);
  EXPECT_LT(back->displacement.back().z, -2.0f * leg);
  for (const char* action : {"Idle", "1H_Melee_Attack_Stab", "Hit_B", "Block_Attack", "Throw"}) {
    ASSERT_GE(bc.find_clip(action), 0) << action;
    EXPECT_EQ(bc.ground_motion_of(bc.find_clip(action)), nullptr) << action;
  }
  const Drift locked = play(o, "Walking_A", true, 4.0f);
  const Drift free = play(o, "Walking_A", false, 4.0f);
  EXPECT_GE(locked.contacts, 6);
  EXPECT_LT(locked.worst, 0.01f * leg);
  EXPECT_GT(free.worst, 0.02f * leg);
}

// The Knight's run and strafes are in place and land each foot for two frames of their 30 fps:
// their speed now comes from those planted feet (it read 0 m/s when contacts that short were
// dropped). Checked against the ground velocity the soles show over the whole clip (the median of
// their low points' velocities, anim/foot_contact.h, measured without the contacts): within 5 %.
TEST(GroundMotion, KnightsRunAndStrafesMoveAtTheSpeedOfTheirBrieflyPlantedFeet) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  const Opened o = open_as_viewer(test::import_ok(path));
  const anim::BoundCharacter& bc = *o.bound.character;
  ASSERT_EQ(bc.foot_ik_rig.legs.size(), 2u);
  const float leg = anim::rest_leg_length(bc.skeleton, bc.foot_ik_rig.legs);
  for (const char* gait : {"Running_A", "Running_Strafe_Left", "Running_Strafe_Right"}) {
    const int clip = bc.find_clip(gait);
    ASSERT_GE(clip, 0) << gait;
    const anim::GroundMotion* g = bc.ground_motion_of(clip);
    ASSERT_NE(g, nullptr) << gait;
    anim::ContactDetectionSettings settings;
    settings.leg_length = leg;
    const glm::vec2 soles =
        anim::clip_ground_velocity(bc.skeleton, bc.clips[clip], bc.foot_ik_rig.legs, settings);
    EXPECT_GT(glm::length(soles), 2.0f) << gait;
    EXPECT_NEAR(g->mean_speed(), glm::length(soles), 0.05f * glm::length(soles)) << gait;
  }
  // Played with root motion applied, Running_A now travels forward at that speed.
  const Drift run = play(o, "Running_A", true, 2.0f);
  EXPECT_GT(run.travel.z,
            2.0f * 0.9f * bc.ground_motion_of(bc.find_clip("Running_A"))->mean_speed());
}

}  // namespace
