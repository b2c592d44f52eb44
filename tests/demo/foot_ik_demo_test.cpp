// Foot IK and contact detection on the demo character (the anim tests cannot link demo): the
// procedural walk carries exact foot-contact markers and plants the ball of each foot exactly,
// so it is a reference for both.

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/foot_ik.h"
#include "anim/pose.h"
#include "anim/root_motion.h"
#include "anim/terrain.h"
#include "demo/demo_character.h"
#include "demo/demo_skeleton.h"

namespace {

using anim::FootSide;

const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

const anim::Clip& demo_clip(const std::string& name) {
  for (const anim::Clip& clip : demo().clips) {
    if (clip.name == name) return clip;
  }
  ADD_FAILURE() << "the demo character has no clip " << name;
  return demo().clips.front();
}

// The demo's legs found by their names, with sole points measured in its rest pose (which
// stands on y = 0).
anim::FootIkRig demo_rig() {
  const anim::Skeleton& s = demo().skeleton;
  std::vector<glm::mat4> rest(s.rest_pose.size());
  if (!anim::local_to_model(s, s.rest_pose, rest)) return {};
  std::string error;
  const anim::FootIkRig rig = anim::find_biped_rig(s, rest, 0.0f, &error);
  EXPECT_EQ(rig.legs.size(), 2u) << error;
  EXPECT_EQ(rig.pelvis, s.find_joint(demo::kDemoRootJoint));
  if (rig.legs.size() == 2) {
    EXPECT_EQ(rig.legs[0].toes, s.find_joint("toes_l"));
    EXPECT_EQ(rig.legs[1].thigh, s.find_joint("thigh_r"));
  }
  return rig;
}

// What one walk on a terrain showed, over every frame a foot was planted.
struct WalkReport {
  int stance_frames = 0;
  float worst_toe_gap_m = 0.0f;      // |toe height above the ground - its animated lift|
  float worst_heel_gap_m = 0.0f;     // the same for the heel
  float worst_toe_slide_m = 0.0f;    // toe's horizontal drift from where the stance began
  float worst_heel_slide_m = 0.0f;   // heel's, while the heel is down in the animation
  float worst_overstretch_m = 0.0f;  // hip-to-ankle distance beyond the leg's bone lengths
};

// Plays the clip for seconds at 60 frames per second with root motion applied (the character
// moves through the world, its root placed at the smoothed ground height) and foot IK on
// terrain, with feet locked from the clip's markers.
WalkReport walk(const anim::Clip& clip, const anim::Terrain& terrain, glm::vec3 start,
                float seconds) {
  const anim::Skeleton& skeleton = demo().skeleton;
  const anim::FootIkRig rig = demo_rig();
  EXPECT_EQ(anim::validate(skeleton, rig), "");
  const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
  anim::SamplingCache cache(clip);
  const anim::RootMotionSettings root_motion;
  std::vector<anim::Transform> local(skeleton.rest_pose.size());
  std::vector<glm::mat4> animated(local.size());
  std::vector<glm::mat4> model(local.size());
  anim::FootIkState state;
  anim::Transform world;
  world.translation = start;

  WalkReport report;
  const float dt = 1.0f / 60.0f;
  std::array<glm::vec2, 2> toe_anchor{};
  std::array<glm::vec2, 2> heel_anchor{};
  std::array<bool, 2> was_planted{};
  std::array<bool, 2> heel_anchored{};
  const int frames = static_cast<int>(std::lround(seconds / dt));
  for (int frame = 0; frame < frames; ++frame) {
    const float t = static_cast<float>(frame) * dt;
    if (frame > 0) {
      const anim::RootMotionDelta step =
          anim::extract_root_motion(clip, binding, skeleton, root_motion, t - dt, dt);
      world = anim::accumulate_root_motion(world, step);
    }
    world.translation.y = anim::smoothed_height(terrain, world.translation.x, world.translation.z);
    EXPECT_TRUE(anim::sample_clip(clip, binding, skeleton, t, cache, local));
    EXPECT_TRUE(anim::remove_root_motion(skeleton, root_motion, local));
    EXPECT_TRUE(anim::local_to_model(skeleton, local, animated));
    const float clip_time = anim::wrap_clip_time(clip, t);
    const std::array<bool, 2> planted = {anim::foot_planted_at(clip, FootSide::Left, clip_time),
                                         anim::foot_planted_at(clip, FootSide::Right, clip_time)};
    const anim::JobResult solved =
        anim::solve_foot_ik(skeleton, rig, {}, terrain, world, planted, dt, state, local, model);
    EXPECT_TRUE(solved) << solved.error;

    for (std::size_t i = 0; i < 2; ++i) {
      const anim::Leg& leg = rig.legs[i];
      const glm::vec3 hip(model[leg.thigh][3]);
      const glm::vec3 ankle(model[leg.foot][3]);
      const float bones = glm::length(skeleton.rest_pose[leg.calf].translation) +
                          glm::length(skeleton.rest_pose[leg.foot].translation);
      report.worst_overstretch_m =
          std::max(report.worst_overstretch_m, glm::length(ankle - hip) - bones);
      if (!planted[i]) {
        was_planted[i] = false;
        continue;
      }
      const glm::vec3 toe = anim::transform_point(world, anim::toe_point(leg, model));
      const glm::vec3 heel = anim::transform_point(world, anim::heel_point(leg, model));
      const float toe_lift = anim::toe_point(leg, animated).y;
      const float heel_lift = anim::heel_point(leg, animated).y;
      const float toe_gap = toe.y - anim::probe(terrain, toe.x, toe.z).height_m;
      const float heel_gap = heel.y - anim::probe(terrain, heel.x, heel.z).height_m;
      ++report.stance_frames;
      report.worst_toe_gap_m = std::max(report.worst_toe_gap_m, std::fabs(toe_gap - toe_lift));
      report.worst_heel_gap_m = std::max(report.worst_heel_gap_m, std::fabs(heel_gap - heel_lift));
      if (!was_planted[i]) {
        toe_anchor[i] = {toe.x, toe.z};
        heel_anchored[i] = false;
      }
      report.worst_toe_slide_m =
          std::max(report.worst_toe_slide_m, glm::length(glm::vec2(toe.x, toe.z) - toe_anchor[i]));
      if (heel_lift < 1e-3f) {
        if (!heel_anchored[i]) heel_anchor[i] = {heel.x, heel.z};
        heel_anchored[i] = true;
        report.worst_heel_slide_m = std::max(
            report.worst_heel_slide_m, glm::length(glm::vec2(heel.x, heel.z) - heel_anchor[i]));
      }
      was_planted[i] = true;
    }
  }
  return report;
}

void expect_planted_feet(const WalkReport& r) {
  EXPECT_GT(r.stance_frames, 200);
  EXPECT_LT(r.worst_toe_gap_m, 0.01f);
  EXPECT_LT(r.worst_heel_gap_m, 0.01f);
  EXPECT_LT(r.worst_toe_slide_m, 0.01f);
  EXPECT_LT(r.worst_heel_slide_m, 0.01f);
  EXPECT_LE(r.worst_overstretch_m, 1e-4f);
}

anim::Terrain slope(glm::vec2 uphill) {
  anim::Terrain t;
  t.shape = anim::TerrainShape::Slope;
  t.slope_deg = 15.0f;
  t.uphill_xz = uphill;
  return t;
}

TEST(FootIkDemo, WalkingUpA15DegreeSlopeKeepsPlantedFeetOnTheGround) {
  expect_planted_feet(walk(demo_clip("walk_forward"), slope({0.0f, 1.0f}), {}, 4.0f));
}

TEST(FootIkDemo, WalkingAcrossA15DegreeSlopeKeepsPlantedFeetOnTheGround) {
  expect_planted_feet(walk(demo_clip("walk_forward"), slope({1.0f, 0.0f}), {}, 4.0f));
}

// One cycle's root displacement of a clip along +Z.
float stride_m(const anim::Clip& clip) {
  const anim::ClipBinding binding = anim::bind_clip(clip, demo().skeleton);
  return anim::extract_root_motion(clip, binding, demo().skeleton, {}, 0.0f, clip.duration_s)
      .translation.z;
}

TEST(FootIkDemo, WalkingUpStairsKeepsPlantedFeetOnTheGround) {
  // Two treads per step, and a start that lands the first ball of a foot 70% into a tread, so
  // every foot lands on one tread (a foot across a riser rests on its edge; see foot_ik.h).
  const anim::Clip& clip = demo_clip("walk_forward");
  anim::Terrain stairs;
  stairs.shape = anim::TerrainShape::Stairs;
  stairs.step_depth_m = stride_m(clip) / 4.0f;
  stairs.step_height_m = 0.1f;
  const anim::FootIkRig rig = demo_rig();
  const anim::Skeleton& skeleton = demo().skeleton;
  std::vector<anim::Transform> local(skeleton.rest_pose.size());
  std::vector<glm::mat4> model(local.size());
  anim::SamplingCache cache(clip);
  const anim::RootMotionSettings root_motion;
  ASSERT_TRUE(
      anim::sample_clip(clip, anim::bind_clip(clip, skeleton), skeleton, 0.0f, cache, local));
  ASSERT_TRUE(anim::remove_root_motion(skeleton, root_motion, local));
  ASSERT_TRUE(anim::local_to_model(skeleton, local, model));
  const float first_ball_z = anim::toe_point(rig.legs[0], model).z;
  const float start_z = 0.7f * stairs.step_depth_m - first_ball_z;
  ASSERT_GT(stairs.step_depth_m, 0.3f);
  expect_planted_feet(walk(clip, stairs, {0.0f, 0.0f, start_z}, 4.0f));
}

TEST(FootIkDemo, WalkingAlongStairsKeepsPlantedFeetOnTheGround) {
  // The riser at x = 0 runs between the feet: the left foot walks a tread higher than the right.
  anim::Terrain stairs;
  stairs.shape = anim::TerrainShape::Stairs;
  stairs.uphill_xz = {1.0f, 0.0f};
  stairs.step_depth_m = 0.5f;
  stairs.step_height_m = 0.12f;
  expect_planted_feet(walk(demo_clip("walk_forward"), stairs, {}, 4.0f));
}

// The distance between two times on a loop of the given duration.
float loop_distance(float a, float b, float duration) {
  const float d = std::fabs(a - b);
  return std::min(d, duration - d);
}

TEST(FootIkDemo, ContactDetectionFindsTheDemoMarkersWithinOneFrame) {
  const anim::FootIkRig rig = demo_rig();
  int compared = 0;
  for (const anim::Clip& clip : demo().clips) {
    if (!anim::has_contact_markers(clip, FootSide::Left)) continue;
    anim::Clip bare = clip;
    bare.markers.clear();
    const std::vector<anim::Marker> found =
        anim::detect_foot_contact_markers(demo().skeleton, bare, rig.legs);
    const float frame_s = 1.0f / clip.source_fps;
    std::size_t expected = 0;
    for (const anim::Marker& m : clip.markers) {
      if (m.name.rfind("foot_", 0) != 0) continue;
      ++expected;
      const bool matched = std::any_of(found.begin(), found.end(), [&](const anim::Marker& f) {
        return f.name == m.name &&
               loop_distance(f.time_s, m.time_s, clip.duration_s) <= frame_s + 1e-4f;
      });
      EXPECT_TRUE(matched) << clip.name << ": " << m.name << " at " << m.time_s;
    }
    EXPECT_EQ(found.size(), expected) << clip.name;
    ++compared;
  }
  EXPECT_GE(compared, 17);  // the walks, jogs and the run at least
}

}  // namespace
