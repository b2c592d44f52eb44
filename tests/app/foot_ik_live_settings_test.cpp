// Foot IK as a user toggles it live: every combination of locking, root motion (in place,
// applied, per axis), ground and blend-space point gives a walk whose planted feet stay planted
// and whose legs are no straighter than the clip's own, on the demo, the Knight and the Fox,
// through the viewer's own scene (ViewerScene, opened as the viewer opens a file).
//
// Planted is measured where the ground is: in the world when root motion moves the character;
// held in place, on the ground that runs back under it by the steps it does not take (the
// character's root steps accumulated, as if applied).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "anim/foot_ik.h"
#include "anim/root_motion.h"
#include "app/async_loader.h"
#include "app/viewer_scene.h"

namespace app {
namespace {

struct Setup {
  bool foot_ik = true;
  bool lock_feet = true;
  anim::RootMotionMode mode = anim::RootMotionMode::InPlace;
  bool extract_x = true;  // false: per axis, the sideways motion stays in the pose
  anim::TerrainShape ground = anim::TerrainShape::Flat;
};

std::string describe(const Setup& s) {
  const char* grounds[] = {"flat", "slope", "stairs", "rough"};
  return std::string(s.foot_ik ? "foot IK" : "no IK") + (s.lock_feet ? ", locked" : ", unlocked") +
         (s.mode == anim::RootMotionMode::InPlace ? ", in place" : ", applied") +
         (s.extract_x ? "" : " (z only)") + ", " + grounds[static_cast<int>(s.ground)];
}

// What one played stretch showed of the planted feet and the legs.
struct Walk {
  int planted_frames = 0;
  float worst_slide = 0.0f;  // a planted pivot's horizontal drift on its ground
  std::array<float, anim::kMaxFootIkLegs> straightest{};  // hip-to-ankle over the leg's bones
};

std::filesystem::path shared_asset(const char* relative) {
  return std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / relative;
}

void open(const std::vector<std::string>& files, ViewerScene& scene) {
  LoadRequest request;
  request.files = files;
  LoadOutcome loaded = load_now(request);
  ASSERT_TRUE(loaded.ok) << (loaded.errors.empty() ? "" : loaded.errors.front().message);
  ASSERT_EQ(scene.open(std::move(loaded.character), std::move(loaded.project)), "");
}

// Plays the scene for seconds at 60 frames per second with setup's settings; the scene is in
// the mode (graph or clip preview) the caller put it in. The pivot (the lower of heel and toe,
// switching with the lock's margin) of each planted foot is followed on its ground from where
// it became the pivot in that contact.
Walk play(ViewerScene& scene, const Setup& setup, float seconds) {
  scene.settings.foot_ik = setup.foot_ik;
  scene.settings.foot_ik_settings.lock_feet = setup.lock_feet;
  scene.settings.root_motion_mode = setup.mode;
  scene.settings.root_motion.extract_x = setup.extract_x;
  EXPECT_EQ(scene.apply_settings(), "");
  scene.terrain.shape = setup.ground;
  scene.instance.reset_world();
  const anim::BoundCharacter& bc = *scene.bound.character;
  const auto& legs = bc.foot_ik_rig.legs;
  const anim::Skeleton& skeleton = bc.skeleton;
  const float margin = scene.settings.foot_ik_settings.pivot_switch_m;
  const visual::SceneView view;
  Walk walk;
  anim::Transform ground_frame;  // where the ground under the feet has gone
  std::array<bool, anim::kMaxFootIkLegs> was_planted{}, on_toe{};
  std::array<glm::vec2, anim::kMaxFootIkLegs> anchor{};
  const float dt = 1.0f / 60.0f;
  const int frames = static_cast<int>(std::lround(seconds / dt));
  for (int f = 0; f < frames; ++f) {
    EXPECT_EQ(scene.update(dt, view), "");
    const anim::CharacterInstance& instance = scene.instance;
    ground_frame = setup.mode == anim::RootMotionMode::Applied
                       ? instance.world()
                       : anim::accumulate_root_motion(ground_frame, instance.last_root_motion());
    const auto model = instance.model_pose();
    for (std::size_t i = 0; i < legs.size(); ++i) {
      const anim::Leg& leg = legs[i];
      const float bones = glm::length(glm::vec3(skeleton.rest_pose[leg.calf].translation)) +
                          (leg.foot_attached ? glm::length(skeleton.rest_pose[leg.foot].translation)
                                             : glm::length(leg.ankle_in_calf));
      const glm::vec3 hip(model[leg.thigh][3]);
      const glm::vec3 ankle = leg.foot_attached
                                  ? glm::vec3(model[leg.foot][3])
                                  : glm::vec3(model[leg.calf] * glm::vec4(leg.ankle_in_calf, 1));
      walk.straightest[i] = std::max(walk.straightest[i], glm::length(ankle - hip) / bones);

      const glm::vec3 heel = anim::transform_point(ground_frame, anim::heel_point(leg, model));
      const glm::vec3 toe = anim::transform_point(ground_frame, anim::toe_point(leg, model));
      const bool was_on_toe = on_toe[i];
      if (on_toe[i] && heel.y < toe.y - margin) on_toe[i] = false;
      if (!on_toe[i] && toe.y < heel.y - margin) on_toe[i] = true;
      const bool planted = instance.foot_ik_debug().feet[i].in_contact && f > 0;
      if (!planted) {
        was_planted[i] = false;
        continue;
      }
      const glm::vec3 pivot = on_toe[i] ? toe : heel;
      if (!was_planted[i] || on_toe[i] != was_on_toe) anchor[i] = {pivot.x, pivot.z};
      was_planted[i] = true;
      ++walk.planted_frames;
      walk.worst_slide =
          std::max(walk.worst_slide, glm::length(glm::vec2(pivot.x, pivot.z) - anchor[i]));
    }
  }
  return walk;
}

// Plays each setup of foot IK on the scene and checks the planted feet and the legs against
// the same stretch played without foot IK. metres: file units per metre.
void check_every_setup(ViewerScene& scene, float units_per_metre, const std::string& what) {
  const std::size_t legs = scene.bound.character->foot_ik_rig.legs.size();
  ASSERT_GE(legs, 2u) << what << ": no legs found";
  const float seconds = 4.0f;
  for (anim::RootMotionMode mode : {anim::RootMotionMode::InPlace, anim::RootMotionMode::Applied}) {
    for (bool extract_x : {true, false}) {
      Setup clip_own;
      clip_own.foot_ik = false;
      clip_own.mode = mode;
      clip_own.extract_x = extract_x;
      const Walk own = play(scene, clip_own, seconds);
      for (anim::TerrainShape ground : {anim::TerrainShape::Flat, anim::TerrainShape::Slope,
                                        anim::TerrainShape::Stairs, anim::TerrainShape::Rough}) {
        for (bool lock : {true, false}) {
          Setup setup{true, lock, mode, extract_x, ground};
          const Walk w = play(scene, setup, seconds);
          const std::string where = what + ", " + describe(setup);
          std::printf("%s: slide %.1f mm, legs %.3f %.3f (clip's own %.3f %.3f)\n", where.c_str(),
                      1000.0f * w.worst_slide / units_per_metre, w.straightest[0], w.straightest[1],
                      own.straightest[0], own.straightest[1]);
          EXPECT_GT(w.planted_frames, 60) << where;
          if (lock) {
            EXPECT_LT(w.worst_slide, 0.02f * units_per_metre) << where << ": a planted foot slid";
          }
          if (ground == anim::TerrainShape::Flat) {
            // On the clip's own flat ground foot IK has nothing to stretch a leg for.
            for (std::size_t i = 0; i < legs; ++i) {
              EXPECT_LT(w.straightest[i], std::max(own.straightest[i] + 0.02f, 0.97f))
                  << where << ": leg " << i << " straighter than the clip's";
            }
          }
        }
      }
    }
  }
}

TEST(FootIkLiveSettings, DemoWalkInItsBlendSpace) {
  ViewerScene scene;
  open({"<demo>"}, scene);
  ASSERT_TRUE(scene.loaded);
  scene.mode = PlayMode::Graph;
  for (const char* point : {"velocity_z=1.4", "velocity_z=1.1", "velocity_x=0.8"}) {
    ASSERT_EQ(scene.set_parameter(point), "");
    check_every_setup(scene, 1.0f, std::string("demo at ") + point);
  }
}

// A shared character's clip previewed on the timeline, as the viewer plays it.
void check_shared_clip(const char* asset, const char* clip_name, float units_per_metre) {
  const auto file = shared_asset(asset);
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " is absent (../shared/assets)";
  ViewerScene scene;
  open({file.string()}, scene);
  ASSERT_TRUE(scene.loaded);
  const int clip = scene.find_clip(clip_name);
  ASSERT_GE(clip, 0) << clip_name;
  scene.mode = PlayMode::ClipPreview;
  scene.preview(clip);
  scene.clock.set_playing(true);
  check_every_setup(scene, units_per_metre, std::string(asset) + " " + clip_name);
}

TEST(FootIkLiveSettings, KnightWalking) {
  check_shared_clip("kaykit/Knight.glb", "Walking_A", 1.0f);
}

TEST(FootIkLiveSettings, FoxWalk) {
  check_shared_clip("khronos/Fox.glb", "Walk", 100.0f);
}

}  // namespace
}  // namespace app
