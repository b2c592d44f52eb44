// The crowd previewing the demo's walk asked to go faster than its stride reaches (#41): each copy
// plays the clip at its own stride warping's play rate, whatever rate the caller's clock runs at,
// so each travels at the speed asked with its planted feet planted.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <gtest/gtest.h>

#include "anim/crowd.h"
#include "anim/foot_contact.h"
#include "anim/foot_ik.h"
#include "anim/foot_slide.h"
#include "demo/demo_character.h"
#include "demo/demo_gait.h"
#include "project/demo_project.h"
#include "project/project_binding.h"

namespace {

// Twice the walk's speed (the clamp raised to 2): the stride reaches about 1.45 times the walk's,
// the play rate makes up the rest (about 1.4).
constexpr float kAsked = 2.0f;
constexpr float kFrame_s = 1.0f / 60.0f;
// The speed is measured over 3 s after 2.5 s of the preview (EachCopyReachesTheSpeedAskedWithin
// ACycle checks the first cycles).
constexpr int kSettleFrames = 150;
constexpr int kFrames = 180;
constexpr int kCopies = 3;

// The model pose of a crowd's copy, whose poses the crowd does not keep: its skinning palette
// (model times inverse bind) times the bind pose.
std::vector<glm::mat4> model_pose_of(const anim::CharacterInstance& copy,
                                     const anim::Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.inverse_bind.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    model[j] = copy.skinning_matrices()[j] * glm::inverse(skeleton.inverse_bind[j]);
  }
  return model;
}

// Root motion applied, stride warping asked kAsked times the walk's speed (the clamp raised to it).
anim::CharacterSettings settings_asking_twice_the_walk(const anim::BoundCharacter& character) {
  anim::CharacterSettings settings;
  settings.root_motion.root_joint = character.root_motion_joint;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.stride_warping = true;
  settings.stride_warping_settings.requested_speed_mps = kAsked * demo::kDemoWalkSpeed_mps;
  settings.stride_warping_settings.max_ratio = kAsked;
  return settings;
}

// The demo's crowd of kCopies set up to preview the walk, asked twice its speed.
class CrowdPlayRate : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(project::bind_project(project::make_demo_project(), character, {}, bound), "");
    clip = bound.character->find_clip("walk_forward");
    ASSERT_GE(clip, 0);
    ASSERT_EQ(crowd.setup(*bound.character, *bound.graph, parameters, kCopies, 1.2f,
                          bound.character->clips[clip].duration_s,
                          settings_asking_twice_the_walk(*bound.character)),
              "");
  }

  const importer::Character character = demo::make_demo_character();
  project::BoundProject bound;
  int clip = -1;
  anim::Parameters parameters;
  anim::Crowd crowd;
};

// The caller's clock runs at rate 1 (its own character's rate); the copies lead it by their
// own rates. Each copy moves through the world (root motion applied) asked kAsked times the walk's
// speed. Measured as the foot-slide meter does: each planted foot's heel and toe on the ground.
TEST_F(CrowdPlayRate, EachCopyPreviewingTheWalkGoesAtTheSpeedAskedWithItsFeetPlanted) {
  const anim::Clip& walk = bound.character->clips[clip];
  const anim::Terrain flat;
  const anim::Skeleton& skeleton = bound.character->skeleton;
  const anim::FootIkRig& rig = crowd.instances()[0].foot_rig();
  ASSERT_FALSE(rig.legs.empty());
  std::vector<std::vector<anim::FootSlide>> feet(kCopies,
                                                 std::vector<anim::FootSlide>(rig.legs.size()));
  std::vector<glm::vec3> settled(kCopies);
  float fastest_rate = 1.0f;
  for (int f = 0; f <= kSettleFrames + kFrames; ++f) {
    const float played_s = f == 0 ? 0.0f : kFrame_s;
    crowd.set_preview(clip, static_cast<float>(f) * kFrame_s, played_s, 1.0f);
    ASSERT_TRUE(crowd.update(played_s, parameters, flat));
    for (int c = 0; c < kCopies; ++c) {
      const anim::CharacterInstance& copy = crowd.instances()[c];
      if (f == kSettleFrames) settled[c] = copy.world().translation;
      if (f <= kSettleFrames) continue;
      fastest_rate = std::max(fastest_rate, copy.warp_play_rate());
      const std::vector<glm::mat4> model = model_pose_of(copy, skeleton);
      const glm::mat4 world = anim::to_matrix(copy.world());
      const auto on_ground = [&](glm::vec3 p) { return glm::vec3(world * glm::vec4(p, 1.0f)); };
      for (std::size_t leg = 0; leg < rig.legs.size(); ++leg) {
        const bool planted = anim::foot_planted_at(walk, anim::leg_contact_name(rig.legs, leg),
                                                   copy.dominant_clip_time());
        anim::add_slide_frame(feet[c][leg], on_ground(anim::heel_point(rig.legs[leg], model)),
                              on_ground(anim::toe_point(rig.legs[leg], model)), planted);
      }
    }
  }
  // The play rate took part: the stride alone does not reach twice the walk.
  EXPECT_GT(fastest_rate, 1.2f);
  const float leg = anim::rest_leg_length(skeleton, rig.legs);
  for (int c = 0; c < kCopies; ++c) {
    const glm::vec3 moved = crowd.instances()[c].world().translation - settled[c];
    const float speed_mps = glm::length(glm::vec2(moved.x, moved.z)) / (kFrames * kFrame_s);
    float slide_share = 0.0f;
    for (const anim::FootSlide& foot : feet[c]) {
      EXPECT_GE(foot.steps, 2);
      slide_share = std::max(slide_share, anim::slide_per_step_share(foot, leg));
    }
    std::printf("crowd copy %d: %.3f m/s (asked %.3f), slide per step %.2f%% of the leg\n", c,
                speed_mps, kAsked * demo::kDemoWalkSpeed_mps, 100.0f * slide_share);
    // Within 5% of the speed asked, as the single character's test: the mean gait speed the
    // stride is scaled against swings with the gait.
    EXPECT_NEAR(speed_mps, kAsked * demo::kDemoWalkSpeed_mps,
                0.05f * kAsked * demo::kDemoWalkSpeed_mps)
        << "copy " << c;
    EXPECT_LT(slide_share, 0.01f) << "copy " << c;
  }
}

// The crowd set up (its copies but the first warmed up on the graph: the demo's idle) then
// previewing the walk: each copy goes at the speed asked from its second cycle on (within 5%, as
// above). When the warm-up's gait speed carried over, the warmed-up copies went 2.50 m/s of the
// 2.80 asked over their second cycle, easing up over seconds.
TEST_F(CrowdPlayRate, EachCopyReachesTheSpeedAskedWithinACycle) {
  const anim::Clip& walk = bound.character->clips[clip];
  const anim::Terrain flat;
  const int cycle_frames = static_cast<int>(std::ceil(walk.duration_s / kFrame_s));
  std::vector<glm::vec3> at_one_cycle(kCopies);
  for (int f = 0; f <= 2 * cycle_frames; ++f) {
    const float played_s = f == 0 ? 0.0f : kFrame_s;
    crowd.set_preview(clip, static_cast<float>(f) * kFrame_s, played_s, 1.0f);
    ASSERT_TRUE(crowd.update(played_s, parameters, flat));
    for (int c = 0; c < kCopies && f == cycle_frames; ++c) {
      at_one_cycle[c] = crowd.instances()[c].world().translation;
    }
  }
  const float asked = kAsked * demo::kDemoWalkSpeed_mps;
  for (int c = 0; c < kCopies; ++c) {
    const glm::vec3 moved = crowd.instances()[c].world().translation - at_one_cycle[c];
    const float speed_mps =
        glm::length(glm::vec2(moved.x, moved.z)) / (static_cast<float>(cycle_frames) * kFrame_s);
    std::printf("crowd copy %d over its second cycle: %.3f m/s (asked %.3f)\n", c, speed_mps,
                asked);
    EXPECT_NEAR(speed_mps, asked, 0.05f * asked) << "copy " << c;
  }
}

}  // namespace
