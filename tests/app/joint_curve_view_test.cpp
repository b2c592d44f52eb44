// The curve view's samples (app/joint_curve_view.h) are the joint's values at the clip's frames:
// the Joints tab's (inspect_joint) at the same time, on the demo character previewing
// walk_forward; they are sampled once, not again while nothing they depend on changes, and the
// live scene's clock stays where it was.
#include "app/joint_curve_view.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/document.h"
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
  ASSERT_EQ(app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::ZXY,
                                      1, data),
            "");
  ASSERT_TRUE(data.valid);
  EXPECT_DOUBLE_EQ(scene.clock.time_s(), 0.25) << "the live clock is not moved";
  std::string error;
  const anim::Clip& clip = scene.clips()[walk];
  EXPECT_FLOAT_EQ(data.fps, clip.source_fps);
  ASSERT_EQ(static_cast<int>(data.joints[0].frames.size()),
            anim::joint_motion_frame_count(0.0f, clip.duration_s, clip.source_fps));
  for (const int i : {1, 30, 55, static_cast<int>(data.joints[0].frames.size()) - 2}) {
    SCOPED_TRACE(i);
    const anim::JointMotionFrame& c = data.joints[0].frames[i];
    EXPECT_FLOAT_EQ(c.time_s, static_cast<float>(i) / clip.source_fps);
    scene.clock.seek(c.time_s);
    ASSERT_EQ(scene.update(0.0f, {}), "");
    const ui::JointInspectorValues v =
        app::inspect_joint(scene, probe, forearm, anim::EulerOrder::ZXY, error);
    EXPECT_EQ(error, "");
    ASSERT_TRUE(v.valid);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(c.model_translation[k], v.frame.model_translation[k], 1e-5f);
      EXPECT_NEAR(c.local.translation[k], v.frame.local.translation[k], 1e-5f);
      EXPECT_NEAR(angle_difference(c.euler_deg[k], v.frame.euler_deg[k]), 0.0f, 1e-3f);
    }
    EXPECT_NEAR(std::abs(glm::dot(c.local.rotation, v.frame.local.rotation)), 1.0f, 1e-5f);
    // The same central differences, but not beside the last frame: the curve's neighbour there
    // is the clip's end read just before it wraps, the inspector's the wrapped playhead's frame.
    if (i + 2 == static_cast<int>(data.joints[0].frames.size())) continue;
    EXPECT_NEAR(c.linear_speed, v.frame.linear_speed, 1e-4f);
    EXPECT_NEAR(c.angular_speed_deg, v.frame.angular_speed_deg, 1e-3f);
  }
}

TEST_F(JointCurveView, KeyTimesAreTheJointsTracksKeys) {
  app::JointCurveData data;
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const anim::Clip& clip = scene.clips()[walk];
  const auto track =
      std::find_if(clip.tracks.begin(), clip.tracks.end(),
                   [](const anim::JointTrack& t) { return t.joint_name == "forearm_l"; });
  ASSERT_NE(track, clip.tracks.end());
  ASSERT_FALSE(data.joints[0].key_times.empty());
  EXPECT_TRUE(std::is_sorted(data.joints[0].key_times.begin(), data.joints[0].key_times.end()));
  EXPECT_EQ(std::adjacent_find(data.joints[0].key_times.begin(), data.joints[0].key_times.end()),
            data.joints[0].key_times.end());
  for (const float t : track->rotation.times_s) {
    EXPECT_TRUE(
        std::binary_search(data.joints[0].key_times.begin(), data.joints[0].key_times.end(), t))
        << t;
  }
  EXPECT_TRUE(app::joint_key_times(clip, "no_such_joint").empty());
}

// A unit-guess reload (app/unit_guessing.h) opens the same files again and counts one load for
// both, so the loads counted do not tell the unscaled character's curves from the rescaled
// one's; the document's generation does, even where the new binding reuses the old address (the
// scene is not rebound here, which keeps every other part of the key equal).
TEST_F(JointCurveView, AReloadOfTheSameFilesSamplesAgain) {
  app::Document doc;
  doc.open({demo::kDemoSourcePath}, "", project);
  app::JointCurveData data;
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ,
                            doc.generation(), data);
  ASSERT_TRUE(data.valid);
  EXPECT_EQ(data.samplings, 1);
  doc.open({demo::kDemoSourcePath}, "", project);  // the reload at the guessed unit scale
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ,
                            doc.generation(), data);
  EXPECT_EQ(data.samplings, 2);
}

TEST_F(JointCurveView, SampledOnlyWhenWhatTheyShowChanges) {
  app::JointCurveData data;
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  EXPECT_EQ(data.samplings, 1);
  scene.clock.seek(0.5);  // the playhead moving does not change the curves
  for (int i = 0; i < 5; ++i) {
    app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ, 1, data);
  }
  EXPECT_EQ(data.samplings, 1);
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::ZXY, 1, data);
  EXPECT_EQ(data.samplings, 2);
  const int hand = scene.character.skeleton.find_joint("hand_r");
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 1, data);
  EXPECT_EQ(data.samplings, 3);
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2,
                            data);  // a reload
  EXPECT_EQ(data.samplings, 4);
  ASSERT_EQ(scene.rebind_character(project), "");  // a new binding of the same clips
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 5);
  EXPECT_TRUE(data.valid);
  scene.settings.dual_quat_palette = !scene.settings.dual_quat_palette;  // no pose changes
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 5);
  scene.settings.foot_ik = !scene.settings.foot_ik;  // a toggle that changes the frames
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 6);
  scene.settings.foot_ik_settings.weight = 0.5f;
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 7);
  scene.terrain.shape = anim::TerrainShape::Slope;
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 8);
  ASSERT_EQ(scene.rebind_post_process(project), "");  // an edit of the stack
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_EQ(data.samplings, 9);
  EXPECT_TRUE(data.valid);
  scene.mode = app::PlayMode::RestPose;  // outside a clip preview: no curves
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::ZXY, 2, data);
  EXPECT_FALSE(data.valid);
  EXPECT_TRUE(data.joints.empty());
}

// A look-at in the stack turns the head in the viewport; the curves show the head as the viewport
// does, and take the stack again after an edit.
TEST_F(JointCurveView, AProbeThatCannotBindSaysWhyOnceAndLeavesTheCurvesInvalid) {
  unbind_scene_character();
  app::JointCurveData data;
  EXPECT_EQ(app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ,
                                      1, data),
            "frame probe: the character is not bound");
  EXPECT_FALSE(data.valid);
  // The same key is not sampled again, so the error is not repeated every frame.
  EXPECT_EQ(app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ,
                                      1, data),
            "");
  EXPECT_EQ(data.samplings, 1);
}

TEST_F(JointCurveView, CurvesRunTheScenesPostProcessStack) {
  const int head = scene.character.skeleton.find_joint("head");
  ASSERT_GE(head, 0);
  app::JointCurveData data;
  app::refresh_joint_curves(project, scene, probe, {&head, 1}, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const glm::quat without = data.joints[0].frames[10].local.rotation;

  project.post_process.resize(1);  // a look-at with the rig's joints
  project.post_process[0].target = {2.0f, 1.5f, 1.0f};
  ASSERT_EQ(scene.rebind_post_process(project), "");
  app::refresh_joint_curves(project, scene, probe, {&head, 1}, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const anim::JointMotionFrame& c = data.joints[0].frames[10];
  EXPECT_LT(std::abs(glm::dot(without, c.local.rotation)), 0.9999f) << "the head turned";
  scene.clock.seek(c.time_s);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const glm::quat live = scene.instance.local_pose()[head].rotation;
  EXPECT_NEAR(std::abs(glm::dot(live, c.local.rotation)), 1.0f, 1e-5f);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(c.model_translation[k], scene.instance.model_pose()[head][3][k], 1e-5f);
  }
}

// Two joints are sampled in one pass, each as it is alone.
TEST_F(JointCurveView, SeveralJointsAreEachSampledAsAlone) {
  const int hand = scene.character.skeleton.find_joint("hand_r");
  const int both[] = {forearm, hand};
  app::JointCurveData pair, alone;
  app::refresh_joint_curves(project, scene, probe, both, anim::EulerOrder::XYZ, 1, pair);
  app::refresh_joint_curves(project, scene, probe, {&hand, 1}, anim::EulerOrder::XYZ, 1, alone);
  ASSERT_TRUE(pair.valid && alone.valid);
  ASSERT_EQ(pair.joints.size(), 2u);
  EXPECT_EQ(pair.joints[0].name, "forearm_l");
  EXPECT_EQ(pair.joints[1].name, "hand_r");
  ASSERT_EQ(pair.joints[1].frames.size(), alone.joints[0].frames.size());
  for (std::size_t i = 0; i < alone.joints[0].frames.size(); i += 7) {
    EXPECT_EQ(pair.joints[1].frames[i].model_translation,
              alone.joints[0].frames[i].model_translation);
    EXPECT_EQ(pair.joints[1].frames[i].linear_acceleration,
              alone.joints[0].frames[i].linear_acceleration);
  }
  EXPECT_GT(pair.joints[1].pop_threshold, 0.0f);
}

// With the clips stored compressed, the exact curve comes with the stored one: the frames the
// exact storage gives, a little apart from the stored ones (within the compression's error).
TEST_F(JointCurveView, CompressedClipsComeWithTheirExactCurves) {
  app::JointCurveData exact_only;
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ, 1,
                            exact_only);
  ASSERT_TRUE(exact_only.valid);
  EXPECT_TRUE(exact_only.joints[0].exact_frames.empty()) << "exact clips have no second curve";
  scene.clip_binding.compress = true;
  ASSERT_EQ(scene.rebind_character(project), "");
  app::JointCurveData data;
  app::refresh_joint_curves(project, scene, probe, {&forearm, 1}, anim::EulerOrder::XYZ, 1, data);
  ASSERT_TRUE(data.valid);
  const app::SampledJointCurves& c = data.joints[0];
  ASSERT_EQ(c.exact_frames.size(), c.frames.size());
  float largest = 0.0f;
  for (std::size_t i = 0; i < c.frames.size(); ++i) {
    largest = std::max(
        largest, glm::length(c.frames[i].model_translation - c.exact_frames[i].model_translation));
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(c.exact_frames[i].model_translation[k],
                  exact_only.joints[0].frames[i].model_translation[k], 1e-6f);
    }
  }
  EXPECT_GT(largest, 0.0f) << "compression moved the forearm";
  EXPECT_LT(largest, 0.01f) << "a joint's error is within 1 mm; a chain adds them up";
}

// The graph's output: curves read from the transition record equal its recorded poses (here the
// walk's, played on the clock, as the record keeps whatever the instance showed).
TEST_F(JointCurveView, RecordedCurvesAreTheRecordsPoses) {
  scene.clock.set_playing(true);
  anim::StateHistory history;
  history.reset(120, scene.character.skeleton.joint_count(), 0, 0);
  for (int i = 0; i < 45; ++i) {
    ASSERT_EQ(scene.update(1.0f / 60.0f, {}), "");
    history.record(1.0f / 60.0f, scene.instance, scene.parameters);
  }
  app::JointCurveData data;
  app::read_recorded_curves(history, scene.character.skeleton, {&forearm, 1}, anim::EulerOrder::XYZ,
                            data);
  ASSERT_TRUE(data.valid);
  const app::SampledJointCurves& c = data.joints[0];
  ASSERT_EQ(c.frames.size(), 45u);
  EXPECT_NEAR(data.duration_s, 44.0f / 60.0f, 1e-5f);
  const int parent = scene.character.skeleton.parents[forearm];
  for (const int i : {0, 20, 44}) {
    const auto model = history.model_pose(i);
    EXPECT_NEAR(c.frames[i].time_s, i / 60.0f, 1e-5f);
    const glm::vec3 local(glm::inverse(model[parent]) * model[forearm][3]);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(c.frames[i].model_translation[k], model[forearm][3][k], 1e-6f);
      EXPECT_NEAR(c.frames[i].local.translation[k], local[k], 1e-5f);
    }
  }
  EXPECT_GT(c.frames[20].linear_speed, 0.0f) << "the walk moves the forearm";
  // Read once while the record stands still (paused on the timeline); again when it grows.
  EXPECT_EQ(data.samplings, 1);
  app::read_recorded_curves(history, scene.character.skeleton, {&forearm, 1}, anim::EulerOrder::XYZ,
                            data);
  EXPECT_EQ(data.samplings, 1);
  ASSERT_EQ(scene.update(1.0f / 60.0f, {}), "");
  history.record(1.0f / 60.0f, scene.instance, scene.parameters);
  app::read_recorded_curves(history, scene.character.skeleton, {&forearm, 1}, anim::EulerOrder::XYZ,
                            data);
  EXPECT_EQ(data.samplings, 2);
  ASSERT_TRUE(data.valid);
  EXPECT_EQ(data.joints[0].frames.size(), 46u);
  app::read_recorded_curves(history, scene.character.skeleton, {&forearm, 1}, anim::EulerOrder::ZXY,
                            data);
  EXPECT_EQ(data.samplings, 3) << "another Euler order";
}

// A CUBICSPLINE translation track's keys (in-tangent, value, out-tangent each) as the view's.
TEST(JointTangentKeys, ACubicTracksKeysWithTheirNeighbours) {
  anim::Clip clip;
  anim::JointTrack track;
  track.joint_name = "hand";
  track.translation.interpolation = anim::Interpolation::CubicSpline;
  track.translation.times_s = {0.0f, 0.4f, 1.0f};
  for (int k = 0; k < 3; ++k) {
    const float f = static_cast<float>(k);
    track.translation.values.insert(track.translation.values.end(),
                                    {{f, 0, 0}, {0, f, 0}, {0, 0, f}});
  }
  track.rotation.times_s = {0.0f};  // linear: no tangents
  track.rotation.values = {glm::quat(1, 0, 0, 0)};
  clip.tracks.push_back(track);
  const std::vector<ui::CurveTangentKey> keys = app::joint_tangent_keys(clip, "hand");
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[1].channels, ui::CurveChannels::Translation);
  EXPECT_FLOAT_EQ(keys[1].time_s, 0.4f);
  EXPECT_FLOAT_EQ(keys[1].in_tangent[0], 1.0f);
  EXPECT_FLOAT_EQ(keys[1].value[1], 1.0f);
  EXPECT_FLOAT_EQ(keys[1].out_tangent[2], 1.0f);
  EXPECT_FLOAT_EQ(keys[1].before_s, 0.4f);
  EXPECT_FLOAT_EQ(keys[1].after_s, 0.6f);
  EXPECT_FLOAT_EQ(keys[0].before_s, 0.0f);
  EXPECT_FLOAT_EQ(keys[2].after_s, 0.0f);
  EXPECT_TRUE(app::joint_tangent_keys(clip, "foot").empty());
}

}  // namespace
