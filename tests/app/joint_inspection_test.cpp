// The Joints tab's values agree with `animview curves` (app/joint_curves.h) at the playhead:
// the same local channels, model position, Euler angles and central-difference speeds, on the
// demo character previewing walk_forward; outside a clip preview there are no speeds. A motion
// trail's point is the joint's world position at its frame, with root motion applied or in
// place, and its keyed frames are those of the joint's keys. A probe that cannot compose the
// frames is reported once per key, by the inspector and by the trails.
#include "app/joint_inspection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/joint_curve_view.h"
#include "app/joint_curves.h"
#include "demo_walk_scene.h"

namespace {

using JointInspection = test::DemoWalkScene;

TEST_F(JointInspection, ThePlayheadsValuesAreTheCurvesFrame) {
  // curves over three clip frames around frame 55 (120 fps): its middle frame is the playhead's.
  app::JointCurvesRequest request;
  request.clip = walk;
  request.joint = forearm;
  request.fps = scene.clips()[walk].source_fps;
  request.t0_s = 54.0f / request.fps;
  request.t1_s = 56.0f / request.fps;
  request.order = anim::EulerOrder::ZXY;
  app::JointCurves curves;
  ASSERT_EQ(app::sample_joint_curves(scene, request, curves), "");
  ASSERT_EQ(curves.frames.size(), 3u);
  scene.clock.seek(55.0 / request.fps);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  std::string error;
  const ui::JointInspectorValues v =
      app::inspect_joint(scene, probe, forearm, request.order, error);
  EXPECT_EQ(error, "");
  ASSERT_TRUE(v.valid);
  ASSERT_TRUE(v.has_speeds);
  const anim::JointMotionFrame& c = curves.frames[1];
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(v.frame.model_translation[i], c.model_translation[i], 1e-6f);
    EXPECT_NEAR(v.frame.local.translation[i], c.local.translation[i], 1e-6f);
    EXPECT_NEAR(v.frame.euler_deg[i], c.euler_deg[i], 1e-3f);
  }
  EXPECT_NEAR(std::abs(glm::dot(v.frame.local.rotation, c.local.rotation)), 1.0f, 1e-6f);
  EXPECT_NEAR(v.frame.linear_speed, c.linear_speed, 1e-4f);
  EXPECT_NEAR(v.frame.angular_speed_deg, c.angular_speed_deg, 1e-3f);
  // The elbow bends and the forearm swings: a walk's arm is neither still nor spinning.
  EXPECT_GT(v.frame.linear_speed, 0.05f);
  EXPECT_LT(v.frame.linear_speed, 3.0f);
  EXPECT_FLOAT_EQ(v.metres_per_file_unit, 1.0f);
}

TEST_F(JointInspection, OutsideAClipPreviewTheLiveFrameHasNoSpeeds) {
  scene.mode = app::PlayMode::RestPose;
  ASSERT_EQ(scene.update(0.0f, {}), "");
  std::string error;
  const ui::JointInspectorValues v = app::inspect_joint(scene, probe, forearm, {}, error);
  ASSERT_TRUE(v.valid);
  EXPECT_FALSE(v.has_speeds);
  const glm::vec3 model(scene.instance.model_pose()[forearm][3]);
  EXPECT_EQ(v.frame.model_translation, model);
  EXPECT_FALSE(app::inspect_joint(scene, probe, 1000, {}, error).valid);
  EXPECT_EQ(error, "") << "a joint out of range is no probe failure";
}

TEST_F(JointInspection, AProbeThatCannotBindGivesItsCauseToTheInspectorAndTheTrails) {
  scene.preview(walk);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  unbind_scene_character();
  std::string error;
  EXPECT_FALSE(app::inspect_joint(scene, probe, forearm, {}, error).valid);
  EXPECT_EQ(error, "frame probe: the character is not bound");
  const int joints[] = {forearm};
  app::FrameProbe trail_probe;
  EXPECT_TRUE(app::joint_trails(scene, trail_probe, joints, 0.1f, error).empty());
  EXPECT_EQ(error, "frame probe: the character is not bound");
}

TEST_F(JointInspection, AFailingProbeIsReportedOncePerJointNotOnEveryFrame) {
  scene.preview(walk);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  unbind_scene_character();
  app::JointsTabState tab;
  tab.inspector.selection = {forearm};
  ui::ErrorLog errors;
  for (int frame = 0; frame < 5; ++frame) {
    scene.clock.seek(0.1 * frame);
    EXPECT_FALSE(app::inspect_selected_joint(scene, tab, errors).valid);
  }
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].cause, "joint inspector: frame probe: the character is not bound");
  EXPECT_EQ(errors.entries()[0].count, 1);
  // Another joint is another key: its failure is reported (the log folds the same cause).
  tab.inspector.selection = {0};
  for (int frame = 0; frame < 3; ++frame) app::inspect_selected_joint(scene, tab, errors);
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].count, 2);
}

TEST_F(JointInspection, FailingTrailsAreReportedOncePerKeyNotOnEveryFrame) {
  scene.preview(walk);
  scene.trail_joints = {forearm};
  ASSERT_EQ(scene.update(0.0f, {}), "");
  ASSERT_EQ(scene.joint_trails.size(), 1u);
  unbind_scene_character();
  // The frame's failures go to the log as the viewer's frame loop sends them.
  ui::ErrorLog errors;
  const auto play_frames = [&](int count) {
    scene.clock.set_playing(true);
    for (int frame = 0; frame < count; ++frame) {
      if (std::string e = scene.update(1.0f / 60.0f, {}); !e.empty()) {
        errors.add(scene.character.source_path, e);
      }
      EXPECT_TRUE(scene.joint_trails.empty());
    }
  };
  play_frames(5);
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].cause, "motion trails: frame probe: the character is not bound");
  EXPECT_EQ(errors.entries()[0].count, 1);
  // Another joint is another key: its failure is reported once more (the log folds the cause).
  scene.trail_joints = {forearm, 0};
  play_frames(3);
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].count, 2);
  // So is another clip.
  const int run = scene.find_clip("run_forward");
  ASSERT_GE(run, 0);
  scene.preview(run);
  play_frames(3);
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].count, 3);
}

// The key is the whole set of trail joints: another set ending on the same joint is another key,
// and its failure is reported again.
TEST_F(JointInspection, FailingTrailsOfAnotherSetEndingOnTheSameJointAreReportedAgain) {
  const int hand = scene.character.skeleton.find_joint("hand_r");
  ASSERT_GE(hand, 0);
  ASSERT_NE(hand, forearm);
  scene.preview(walk);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  unbind_scene_character();
  ui::ErrorLog errors;
  const auto play_frames = [&](int count) {
    for (int frame = 0; frame < count; ++frame) {
      if (std::string e = scene.update(1.0f / 60.0f, {}); !e.empty()) {
        errors.add(scene.character.source_path, e);
      }
    }
  };
  scene.trail_joints = {forearm, hand};
  play_frames(3);
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].cause, "motion trails: frame probe: the character is not bound");
  EXPECT_EQ(errors.entries()[0].count, 1);
  scene.trail_joints = {0, hand};
  play_frames(3);
  ASSERT_EQ(errors.entries().size(), 1u);
  EXPECT_EQ(errors.entries()[0].count, 2) << "{0, hand} is not {forearm, hand}";
  // The same set again, frame after frame: no new report.
  play_frames(3);
  EXPECT_EQ(errors.entries()[0].count, 2);
}

// The joint's world position in the scene's live frame.
glm::vec3 live_world_position(const app::ViewerScene& scene, int joint) {
  return glm::vec3(scene.instance.world_matrix() * scene.instance.model_pose()[joint][3]);
}

TEST_F(JointInspection, ATrailPointIsTheJointsWorldPositionAtThatFrame) {
  // Root motion applied: the character walks away from the origin, and each trail point is
  // where the joint is at its frame, the character having walked on (or back) to it.
  scene.settings.root_motion_mode = anim::RootMotionMode::Applied;
  ASSERT_EQ(scene.apply_settings(), "");
  scene.preview(walk);
  const float fps = scene.clips()[walk].source_fps;
  scene.clock.set_playing(true);
  for (int i = 0; i < 30; ++i) ASSERT_EQ(scene.update(1.0f / 60.0f, {}), "");
  scene.clock.set_playing(false);
  scene.clock.seek(55.0 / fps);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const int joints[] = {forearm, scene.character.skeleton.find_joint("hand_r")};
  std::string error;
  const std::vector<render::MotionTrail> trails =
      app::joint_trails(scene, probe, joints, 2.0f / fps, error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(trails.size(), 2u);
  ASSERT_EQ(trails[0].points.size(), 5u);  // two frames either side
  ASSERT_EQ(trails[0].keyed.size(), 5u);
  EXPECT_EQ(trails[0].playhead, 2);
  EXPECT_GT(glm::length(glm::vec3(scene.instance.world_matrix()[3])), 0.1f)
      << "root motion moved the character";
  for (std::size_t i = 0; i < 2; ++i) {
    const glm::vec3 expected = live_world_position(scene, joints[i]);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(trails[i].points[2][c], expected[c], 1e-5f);
  }
  // Play on one and two frames: the character walks on, and the joint is where the trail said.
  const glm::vec3 before(scene.instance.world_matrix()[3]);
  scene.clock.set_playing(true);
  for (int k = 3; k <= 4; ++k) {
    ASSERT_EQ(scene.update(1.0f / fps, {}), "");
    const glm::vec3 expected = live_world_position(scene, forearm);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(trails[0].points[k][c], expected[c], 1e-4f) << k;
  }
  const glm::vec3 after(scene.instance.world_matrix()[3]);
  EXPECT_GT(glm::length(after - before), 0.01f) << "the character walked two frames";
  EXPECT_GT(trails[0].speeds[2], 0.0f);
}

TEST_F(JointInspection, InPlaceTheTrailStaysWithTheCharacterAndMarksTheKeyedFrames) {
  scene.preview(walk);
  const float fps = scene.clips()[walk].source_fps;
  scene.clock.seek(10.0 / fps);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const int joints[] = {forearm};
  std::string error;
  const std::vector<render::MotionTrail> trails =
      app::joint_trails(scene, probe, joints, 0.0f, error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(trails.size(), 1u);
  // The whole clip, counted from the playhead: frame 10 of its frames from 0 to the end.
  const int frames = static_cast<int>(std::floor(scene.clips()[walk].duration_s * fps + 1e-4)) + 1;
  ASSERT_EQ(static_cast<int>(trails[0].points.size()), frames);
  EXPECT_EQ(trails[0].playhead, 10);
  const glm::vec3 now = live_world_position(scene, forearm);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(trails[0].points[10][c], now[c], 1e-5f);
  // A later frame: the character has not moved (in place), the joint has.
  scene.clock.seek(20.0 / fps);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const glm::vec3 later = live_world_position(scene, forearm);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(trails[0].points[20][c], later[c], 1e-5f);
  EXPECT_EQ(glm::vec3(scene.instance.world_matrix()[3]), glm::vec3(0.0f));
  // Keyed where the forearm's tracks have a key within half a frame.
  const std::vector<float> keys =
      app::joint_key_times(scene.clips()[walk], scene.character.skeleton.joint_names[forearm]);
  ASSERT_FALSE(keys.empty());
  int keyed = 0;
  for (std::size_t f = 0; f < trails[0].keyed.size(); ++f) {
    const float t = static_cast<float>(f) / fps;
    const bool expected = std::any_of(keys.begin(), keys.end(),
                                      [&](float k) { return std::abs(k - t) < 0.5f / fps; });
    EXPECT_EQ(trails[0].keyed[f] != 0, expected) << f;
    keyed += trails[0].keyed[f];
  }
  EXPECT_GT(keyed, 0);
}

}  // namespace
