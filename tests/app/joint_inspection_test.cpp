// The Joints tab's values agree with `animview curves` (app/joint_curves.h) at the playhead:
// the same local channels, model position, Euler angles and central-difference speeds, on the
// demo character previewing walk_forward; outside a clip preview there are no speeds. A motion
// trail's point is the joint's world position at its frame.
#include "app/joint_inspection.h"

#include <gtest/gtest.h>

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
  const ui::JointInspectorValues v = app::inspect_joint(scene, probe, forearm, request.order);
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
  const ui::JointInspectorValues v = app::inspect_joint(scene, probe, forearm, {});
  ASSERT_TRUE(v.valid);
  EXPECT_FALSE(v.has_speeds);
  const glm::vec3 model(scene.instance.model_pose()[forearm][3]);
  EXPECT_EQ(v.frame.model_translation, model);
  EXPECT_FALSE(app::inspect_joint(scene, probe, 1000, {}).valid);
}

TEST_F(JointInspection, ATrailPointIsTheJointsWorldPositionAtThatFrame) {
  // Root motion applied: the character stands away from the origin, and the trail with it.
  scene.settings.root_motion_mode = anim::RootMotionMode::Applied;
  scene.preview(walk);
  const float fps = scene.clips()[walk].source_fps;
  scene.clock.set_playing(true);
  for (int i = 0; i < 30; ++i) ASSERT_EQ(scene.update(1.0f / 60.0f, {}), "");
  scene.clock.set_playing(false);
  scene.clock.seek(55.0 / fps);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const int joints[] = {forearm, scene.character.skeleton.find_joint("hand_r")};
  const std::vector<app::JointTrail> trails = app::joint_trails(scene, probe, joints, 2.0f / fps);
  ASSERT_EQ(trails.size(), 2u);
  ASSERT_EQ(trails[0].points.size(), 5u);  // two frames either side
  EXPECT_EQ(trails[0].playhead, 2);
  const glm::mat4 world = scene.instance.world_matrix();
  EXPECT_GT(glm::length(glm::vec3(world[3])), 0.1f) << "root motion moved the character";
  for (std::size_t i = 0; i < 2; ++i) {
    const glm::vec3 model(scene.instance.model_pose()[joints[i]][3]);
    const glm::vec3 expected(world * glm::vec4(model, 1.0f));
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(trails[i].points[2][c], expected[c], 1e-5f);
  }
  // A frame later: the point where the frame after the playhead puts the forearm.
  scene.clock.seek(56.0 / fps);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const glm::vec3 next(world * scene.instance.model_pose()[forearm][3]);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(trails[0].points[3][c], next[c], 1e-5f);
  EXPECT_GT(trails[0].speeds[2], 0.0f);
}

}  // namespace
