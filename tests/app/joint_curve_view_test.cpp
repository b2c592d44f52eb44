// The curve view's samples (app/joint_curve_view.h) are the joint's values at the clip's frames:
// the Joints tab's (inspect_joint) at the same time, on the demo character previewing
// walk_forward; they are sampled once, not again while nothing they depend on changes, and the
// live scene's clock stays where it was.
#include "app/joint_curve_view.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/joint_inspection.h"
#include "demo_walk_scene.h"

namespace {

// The demo's walk previewed, paused.
class JointCurveView : public test::DemoWalkScene {
 protected:
  void SetUp() override {
    DemoWalkScene::SetUp();
    if (HasFatalFailure()) return;
    scene.mode = app::PlayMode::ClipPreview;
    scene.preview(walk);
    scene.clock.set_playing(false);
  }
};

// a - b in degrees, brought into (-180, 180]: the whole clip's unwrapping may differ from three
// frames' by whole turns.
float angle_difference(float a, float b) {
  const float d = std::fmod(a - b, 360.0f);
  return d > 180.0f ? d - 360.0f : (d <= -180.0f ? d + 360.0f : d);
}

TEST_F(JointCurveView, SamplesAreTheInspectedValuesAtEachFrame) {
  app::JointCurveData data;
  scene.clock.seek(0.25);
  app::refresh_joint_curves(scene, probe, forearm, anim::EulerOrder::ZXY, 1, data);
  ASSERT_TRUE(data.valid);
  EXPECT_DOUBLE_EQ(scene.clock.time_s(), 0.25) << "the live clock is not moved";
  const anim::Clip& clip = scene.clips()[walk];
  EXPECT_FLOAT_EQ(data.fps, clip.source_fps);
  ASSERT_EQ(static_cast<int>(data.frames.size()),
            anim::joint_motion_frame_count(0.0f, clip.duration_s, clip.source_fps));
  for (const int i : {1, 30, 55, static_cast<int>(data.frames.size()) - 2}) {
    SCOPED_TRACE(i);
    const anim::JointMotionFrame& c = data.frames[i];
    EXPECT_FLOAT_EQ(c.time_s, static_cast<float>(i) / clip.source_fps);
    scene.clock.seek(c.time_s);
    ASSERT_EQ(scene.update(0.0f, {}), "");
    const ui::JointInspectorValues v =
        app::inspect_joint(scene, probe, forearm, anim::EulerOrder::ZXY);
    ASSERT_TRUE(v.valid);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(c.model_translation[k], v.frame.model_translation[k], 1e-5f);
      EXPECT_NEAR(c.local.translation[k], v.frame.local.translation[k], 1e-5f);
      EXPECT_NEAR(angle_difference(c.euler_deg[k], v.frame.euler_deg[k]), 0.0f, 1e-3f);
    }
    EXPECT_NEAR(std::abs(glm::dot(c.local.rotation, v.frame.local.rotation)), 1.0f, 1e-5f);
    // The same central differences, but not beside the last frame: the curve's neighbour there
    // is the clip's end read just before it wraps, the inspector's the wrapped playhead's frame.
    if (i + 2 == static_cast<int>(data.frames.size())) continue;
    EXPECT_NEAR(c.linear_speed, v.frame.linear_speed, 1e-4f);
    EXPECT_NEAR(c.angular_speed_deg, v.frame.angular_speed_deg, 1e-3f);
  }
}

TEST_F(JointCurveView, KeyTimesAreTheJointsTracksKeys) {
  app::JointCurveData data;
  app::refresh_joint_curves(scene, probe, forearm, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const anim::Clip& clip = scene.clips()[walk];
  const auto track =
      std::find_if(clip.tracks.begin(), clip.tracks.end(),
                   [](const anim::JointTrack& t) { return t.joint_name == "forearm_l"; });
  ASSERT_NE(track, clip.tracks.end());
  ASSERT_FALSE(data.key_times.empty());
  EXPECT_TRUE(std::is_sorted(data.key_times.begin(), data.key_times.end()));
  EXPECT_EQ(std::adjacent_find(data.key_times.begin(), data.key_times.end()), data.key_times.end());
  for (const float t : track->rotation.times_s) {
    EXPECT_TRUE(std::binary_search(data.key_times.begin(), data.key_times.end(), t)) << t;
  }
  EXPECT_TRUE(app::joint_key_times(clip, "no_such_joint").empty());
}

TEST_F(JointCurveView, SampledOnlyWhenWhatTheyShowChanges) {
  app::JointCurveData data;
  app::refresh_joint_curves(scene, probe, forearm, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  EXPECT_EQ(data.samplings, 1);
  scene.clock.seek(0.5);  // the playhead moving does not change the curves
  for (int i = 0; i < 5; ++i) {
    app::refresh_joint_curves(scene, probe, forearm, anim::EulerOrder::XYZ, 1, data);
  }
  EXPECT_EQ(data.samplings, 1);
  app::refresh_joint_curves(scene, probe, forearm, anim::EulerOrder::ZXY, 1, data);
  EXPECT_EQ(data.samplings, 2);
  const int hand = scene.character.skeleton.find_joint("hand_r");
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 1, data);
  EXPECT_EQ(data.samplings, 3);
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);  // a reload
  EXPECT_EQ(data.samplings, 4);
  ASSERT_EQ(scene.rebind_character(), "");  // a new binding of the same clips
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 5);
  EXPECT_TRUE(data.valid);
  scene.settings.dual_quat_palette = !scene.settings.dual_quat_palette;  // no pose changes
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 5);
  scene.settings.foot_ik = !scene.settings.foot_ik;  // a toggle that changes the frames
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 6);
  scene.settings.foot_ik_settings.weight = 0.5f;
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 7);
  scene.terrain.shape = anim::TerrainShape::Slope;
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 8);
  ASSERT_EQ(scene.rebind_post_process(), "");  // an edit of the stack
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 9);
  EXPECT_TRUE(data.valid);
  scene.mode = app::PlayMode::RestPose;  // outside a clip preview: no curves
  app::refresh_joint_curves(scene, probe, hand, anim::EulerOrder::ZXY, 2, data);
  EXPECT_FALSE(data.valid);
  EXPECT_TRUE(data.frames.empty());
}

// A look-at in the stack turns the head in the viewport; the curves show the head as the viewport
// does, and take the stack again after an edit.
TEST_F(JointCurveView, CurvesRunTheScenesPostProcessStack) {
  const int head = scene.character.skeleton.find_joint("head");
  ASSERT_GE(head, 0);
  app::JointCurveData data;
  app::refresh_joint_curves(scene, probe, head, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const glm::quat without = data.frames[10].local.rotation;

  scene.project.post_process.resize(1);  // a look-at with the rig's joints
  scene.project.post_process[0].target = {2.0f, 1.5f, 1.0f};
  ASSERT_EQ(scene.rebind_post_process(), "");
  app::refresh_joint_curves(scene, probe, head, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const anim::JointMotionFrame& c = data.frames[10];
  EXPECT_LT(std::abs(glm::dot(without, c.local.rotation)), 0.9999f) << "the head turned";
  scene.clock.seek(c.time_s);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const glm::quat live = scene.instance.local_pose()[head].rotation;
  EXPECT_NEAR(std::abs(glm::dot(live, c.local.rotation)), 1.0f, 1e-5f);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(c.model_translation[k], scene.instance.model_pose()[head][3][k], 1e-5f);
  }
}

}  // namespace
