// Motion matching in a live recording (#40): a session steered in the motion-matching mode
// (standing, walking away, running sideways; weights re-set and a clip left out of the search;
// the mode stopped and started again) is recorded with its steering, saved and read back from
// a file, and replayed headless on a mode of the replay's own: the very poses and root
// trajectory the session showed, and the same on every replay.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include <glm/gtc/constants.hpp>

#include "anim/math.h"
#include "app/async_loader.h"
#include "app/graph_overlay.h"
#include "app/live_recording.h"
#include "app/motion_matching_mode.h"
#include "app/motion_matching_steering.h"
#include "app/recording_file.h"
#include "demo/demo_character.h"
#include "support/temp_files.h"

namespace app {
namespace {

constexpr float kStep_s = 1.0f / 30.0f;  // the viewer's headless steps, and the replay's
constexpr int kFrames = 96;
constexpr int kStopFrame = 72, kRestartFrame = 78;

// The demo in its project, into project and bound in scene.
void open_demo(ViewerScene& scene, project::Project& project) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  project = std::move(demo.project);
  ASSERT_EQ(scene.open(std::move(demo.character), project), "");
}

// What a frame shows: every joint's position in the character's space and the root's place in
// the world.
struct Shown {
  std::vector<glm::vec3> joints;
  glm::vec3 root{0.0f};
  float yaw_rad = 0.0f;
};

Shown shown_by(const ViewerScene& scene) {
  Shown s;
  for (const glm::mat4& m : scene.instance.model_pose()) s.joints.push_back(anim::position(m));
  s.root = scene.instance.world().translation;
  const glm::vec3 ahead = scene.instance.world().rotation * glm::vec3(0.0f, 0.0f, 1.0f);
  s.yaw_rad = std::atan2(ahead.x, ahead.z);
  return s;
}

// The keys held at frame: standing, then W (away along +Z), then Shift+D (running along +X).
SteeringInput steering_at(int frame) {
  if (frame < 12) return {};
  if (frame < 48) return {{0.0f, 0.0f, kWalkSpeed_mps}, 0.0f, false};
  return {{kRunSpeed_mps, 0.0f, 0.0f}, glm::half_pi<float>(), false};
}

anim::FeatureWeights later_weights() {
  anim::FeatureWeights w;
  w.group[static_cast<std::size_t>(anim::FeatureGroup::TrajectoryPositions)] = 3.0f;
  return w;
}

// The motion-matching window's edits after frame (the viewer draws it after the update).
void panel_edits(int frame, MotionMatchingMode& mode, ViewerScene& scene) {
  if (frame == 60) {
    mode.set_weights(later_weights());
    mode.clip_enabled[static_cast<std::size_t>(scene.find_clip("walk_forward"))] = 0;
  }
  if (frame == kStopFrame) mode.stop(scene);
  if (frame == kRestartFrame) {
    ASSERT_EQ(mode.start(scene, {}, later_weights(), false), "");
  }
}

// The session as the viewer runs it: the mode's step, then the recorder's update.
void record_session(InputRecording& recording, std::vector<Shown>& shown) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  MotionMatchingMode mode;
  ASSERT_EQ(mode.start(scene, {}, {}, false), "");
  const visual::SceneView view;
  // Steered before recording: the recording starts the mode over, from the origin.
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(
        mode.step({{kWalkSpeed_mps, 0.0f, 0.0f}, glm::half_pi<float>(), false}, kStep_s, scene),
        "");
    ASSERT_EQ(scene.update(kStep_s, view), "");
  }
  LiveRecorder recorder;
  ASSERT_EQ(recorder.start(scene, project, &mode), "");
  for (int frame = 0; frame < kFrames; ++frame) {
    ASSERT_EQ(mode.step(steering_at(frame), kStep_s, scene), "");
    ASSERT_EQ(recorder.update(scene, kStep_s, view), "");
    shown.push_back(shown_by(scene));
    panel_edits(frame, mode, scene);
  }
  recording = recorder.stop();
}

// A replay at step_s from a video's first frame (a step of 0), frames steps on.
std::vector<Shown> replay(const InputRecording& recording, double step_s, int frames) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  RecordingReplay replay(recording);
  EXPECT_EQ(replay.start(scene, project), "");
  const visual::SceneView view;
  EXPECT_EQ(replay.step(scene, 0.0, view), "");
  std::vector<Shown> shown;
  for (int frame = 0; frame < frames; ++frame) {
    EXPECT_EQ(replay.step(scene, step_s, view), "");
    shown.push_back(shown_by(scene));
  }
  replay.finish(scene);
  return shown;
}

class MotionMatchingRecording : public ::testing::Test {
 protected:
  void SetUp() override {
    record_session(recording_, shown_);
    ASSERT_EQ(shown_.size(), static_cast<std::size_t>(kFrames));
  }
  InputRecording recording_;
  std::vector<Shown> shown_;
};

TEST_F(MotionMatchingRecording, RecordsTheModesStartsSettingsStopAndSteeringOnce) {
  using Kind = RecordedInput::Kind;
  using Event = RecordedMotionMatching::Event;
  std::vector<RecordedInput> mm, steering;
  for (const RecordedInput& input : recording_.inputs) {
    if (input.kind == Kind::MotionMatching) mm.push_back(input);
    if (input.kind == Kind::Steering) steering.push_back(input);
  }
  ASSERT_EQ(mm.size(), 4u) << "start, settings, stop, start";
  EXPECT_EQ(mm[0].motion_matching.event, Event::Start);
  EXPECT_EQ(mm[0].time_s, 0.0);
  ViewerScene demo;
  project::Project demo_project;
  open_demo(demo, demo_project);
  std::vector<std::string> every_clip;
  for (const anim::Clip& clip : demo.clips()) every_clip.push_back(clip.name);
  EXPECT_EQ(mm[0].motion_matching.database_clips, every_clip) << "started on all of them";
  EXPECT_EQ(mm[0].motion_matching.weights, anim::FeatureWeights{}.group);
  EXPECT_TRUE(mm[0].motion_matching.disabled_clips.empty());
  EXPECT_EQ(mm[1].motion_matching.event, Event::Settings);
  EXPECT_NEAR(mm[1].time_s, 61 * static_cast<double>(kStep_s), 1e-9);
  EXPECT_EQ(mm[1].motion_matching.weights, later_weights().group);
  EXPECT_EQ(mm[1].motion_matching.disabled_clips, std::vector<std::string>{"walk_forward"});
  EXPECT_EQ(mm[2].motion_matching.event, Event::Stop);
  EXPECT_NEAR(mm[2].time_s, (kStopFrame + 1) * static_cast<double>(kStep_s), 1e-9);
  EXPECT_EQ(mm[3].motion_matching.event, Event::Start);
  EXPECT_NEAR(mm[3].time_s, (kRestartFrame + 1) * static_cast<double>(kStep_s), 1e-9);
  EXPECT_TRUE(mm[3].motion_matching.disabled_clips.empty()) << "a start enables every clip";
  // Standing from the start, walking at 12, running at 48, and running again on the restart.
  ASSERT_EQ(steering.size(), 4u);
  EXPECT_EQ(steering[0].velocity, glm::vec3(0.0f));
  EXPECT_NEAR(steering[1].time_s, 12 * static_cast<double>(kStep_s), 1e-9);
  EXPECT_EQ(steering[1].velocity, glm::vec3(0.0f, 0.0f, kWalkSpeed_mps));
  EXPECT_NEAR(steering[2].time_s, 48 * static_cast<double>(kStep_s), 1e-9);
  EXPECT_FLOAT_EQ(steering[2].yaw_rad, glm::half_pi<float>());
  EXPECT_EQ(steering[3].time_s, mm[3].time_s);
}

TEST_F(MotionMatchingRecording, AReplayFromTheFileShowsTheRecordedPosesAndRootTrajectory) {
  // The session went where it was steered: away along +Z, then along +X, and back to the
  // origin when the mode started again.
  EXPECT_GT(shown_[47].root.z, 0.8f);
  EXPECT_NEAR(shown_[47].root.x, 0.0f, 0.2f);
  EXPECT_GT(shown_[kStopFrame].root.x - shown_[47].root.x, 0.8f);
  EXPECT_NEAR(glm::length(shown_[kRestartFrame + 1].root), 0.0f, 0.2f);

  const std::filesystem::path dir = test::make_temp_dir();
  const std::string path = (dir / "steered.json").string();
  ASSERT_EQ(save_recording(recording_, path), "");
  InputRecording loaded;
  ASSERT_EQ(load_recording(path, loaded), "");
  ASSERT_EQ(loaded, recording_) << "the steering comes back bit for bit";
  std::filesystem::remove_all(dir);

  const std::vector<Shown> replayed = replay(loaded, kStep_s, kFrames);
  ASSERT_EQ(replayed.size(), shown_.size());
  for (int frame = 0; frame < kFrames; ++frame) {
    const Shown& a = shown_[static_cast<std::size_t>(frame)];
    const Shown& b = replayed[static_cast<std::size_t>(frame)];
    for (int c = 0; c < 3; ++c) ASSERT_NEAR(a.root[c], b.root[c], 1e-5f) << "frame " << frame;
    ASSERT_NEAR(a.yaw_rad, b.yaw_rad, 1e-5f) << "frame " << frame;
    ASSERT_EQ(a.joints.size(), b.joints.size());
    for (std::size_t j = 0; j < a.joints.size(); ++j) {
      for (int c = 0; c < 3; ++c)
        ASSERT_NEAR(a.joints[j][c], b.joints[j][c], 1e-5f) << "frame " << frame << " joint " << j;
    }
  }
}

TEST_F(MotionMatchingRecording, TwoReplaysAtAVideosRateAreTheSame) {
  constexpr double kVideoStep_s = 1.0 / 24.0;
  const int frames = static_cast<int>(recording_.duration_s / kVideoStep_s);
  const std::vector<Shown> first = replay(recording_, kVideoStep_s, frames);
  const std::vector<Shown> second = replay(recording_, kVideoStep_s, frames);
  ASSERT_EQ(first.size(), second.size());
  for (std::size_t f = 0; f < first.size(); ++f) {
    ASSERT_EQ(first[f].root, second[f].root) << "frame " << f;
    ASSERT_EQ(first[f].joints, second[f].joints) << "frame " << f;
  }
  EXPECT_GT(first[40].root.z, 0.8f) << "steered at 24 fps too";
}

TEST_F(MotionMatchingRecording, TheBurnInNamesTheMatchedClipAndTheAskedSpeed) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  RecordingReplay replay(recording_);
  ASSERT_EQ(replay.start(scene, project), "");
  const visual::SceneView view;
  ASSERT_EQ(replay.play_to(scene, 60 * static_cast<double>(kStep_s), kStep_s, view), "");
  std::vector<std::string> lines = replay.overlay_lines(scene);
  ASSERT_EQ(lines.size(), 1u);
  const std::string clip =
      scene.clips()[static_cast<std::size_t>(scene.instance.dominant_clip())].name;
  EXPECT_EQ(lines[0], "motion matching " + clip + ", asked 3.00 m/s");
  // Stopped: the graph plays, and its lines are burnt in.
  ASSERT_EQ(replay.play_to(scene, (kStopFrame + 3) * static_cast<double>(kStep_s), kStep_s, view),
            "");
  lines = replay.overlay_lines(scene);
  EXPECT_EQ(lines, graph_overlay_lines(scene));
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].rfind("state ", 0), 0u) << lines[0];
  replay.finish(scene);
}

TEST(MotionMatchingReplay, RefusesClipsTheFileDoesNotHave) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  InputRecording recording;
  recording.duration_s = 1.0;
  RecordedInput start;
  start.kind = RecordedInput::Kind::MotionMatching;
  start.motion_matching.database_clips = {"idle", "moonwalk"};
  recording.inputs.push_back(start);
  EXPECT_EQ(RecordingReplay(recording).start(scene, project),
            "its motion matching names a clip 'moonwalk' that <demo> does not have");
}

// The demo open in the motion-matching mode, which has taken one step walking along +Z.
class MotionMatchingModeWalking : public ::testing::Test {
 protected:
  void SetUp() override {
    open_demo(scene, project);
    ASSERT_EQ(mode.start(scene, {}, {}, false), "");
    ASSERT_EQ(mode.step(walk, kStep_s, scene), "");
  }

  ViewerScene scene;
  project::Project project;
  MotionMatchingMode mode;
  const visual::SceneView view;
  const SteeringInput walk{{0.0f, 0.0f, kWalkSpeed_mps}, 0.0f, false};
};

// A controller step that fails (a step of infinite length, which the mode's own check lets
// through) reaches the caller, and from it the viewer's error panel or a replay's result, where
// it was dropped before; the character keeps playing the last pose it was given.
TEST_F(MotionMatchingModeWalking, AFailedControllerStepReachesTheCaller) {
  ASSERT_EQ(scene.update(kStep_s, view), "");
  const int frame = mode.controller().current_frame();
  EXPECT_EQ(mode.step(walk, std::numeric_limits<float>::infinity(), scene),
            "motion matching: motion matching controller: dt_s is not positive and finite");
  EXPECT_EQ(mode.controller().current_frame(), frame);
  // The scene's update leaves the controller's pose playing rather than choosing the graph.
  ASSERT_EQ(scene.update(kStep_s, view), "");
  EXPECT_TRUE(std::holds_alternative<anim::ExternalPose>(scene.instance.source()));
}

// With stride warping on, each step asks the character for the trajectory's velocity (in its
// own frame: facing +Z, asked along +Z), which the warp follows; warping off asks nothing, and
// stopping the mode clears the request so the graph played next is not warped toward it.
TEST_F(MotionMatchingModeWalking, StrideWarpingIsAskedTheTrajectorysVelocityUntilTheModeStops) {
  EXPECT_FALSE(scene.instance.requested_velocity().has_value());
  scene.settings.stride_warping = true;
  ASSERT_EQ(scene.apply_settings(), "");
  for (int frame = 0; frame < 30; ++frame) {
    ASSERT_EQ(mode.step(walk, kStep_s, scene), "");
    ASSERT_EQ(scene.update(kStep_s, view), "");
  }
  ASSERT_TRUE(scene.instance.requested_velocity().has_value());
  const glm::vec3 asked = *scene.instance.requested_velocity();
  // After 1 s the trajectory's spring (half-life 0.3 s) is within 6% of the steering's speed.
  EXPECT_NEAR(asked.z, kWalkSpeed_mps, 0.06f * kWalkSpeed_mps);
  EXPECT_NEAR(asked.x, 0.0f, 0.02f);
  mode.stop(scene);
  EXPECT_FALSE(scene.instance.requested_velocity().has_value());
  EXPECT_TRUE(std::holds_alternative<anim::GraphSource>(scene.instance.source()));
}

}  // namespace
}  // namespace app
