// The viewer's video export of the last live recording (File > Export video..., "Recording"):
// planned at the replay's steady rate over the recording's length, replayed on the character from
// its start frame by frame through the dialog's code in a real GL context, and written as a video
// with one frame per step, which ends on the pose a replay by hand ends on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "anim/transform.h"
#include "app/async_loader.h"
#include "app/character_source.h"
#include "app/live_recording.h"
#include "app/viewer_video_export.h"
#include "demo/demo_character.h"
#include "render/gl_fixture.h"
#include "video_probe.h"

namespace app {
namespace {

namespace fs = std::filesystem;

// The demo in its project, into project and bound in scene.
void open_demo(ViewerScene& scene, project::Project& project) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  project = std::move(demo.project);
  ASSERT_EQ(scene.open(std::move(demo.character), project), "");
  ASSERT_EQ(scene.mode, PlayMode::Graph);
}

// 1.2 s of the demo's graph at an uneven frame rate, the blend-space point dragged sideways
// after 0.4 s.
InputRecording record_drag() {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  LiveRecorder recorder;
  EXPECT_EQ(recorder.start(scene, project), "");
  const visual::SceneView view;
  for (int frame = 0; frame < 48; ++frame) {
    if (frame == 16) {
      EXPECT_EQ(scene.set_parameter("velocity_x=1.2"), "");
    }
    EXPECT_EQ(recorder.update(scene, frame % 2 == 0 ? 0.02f : 0.03f, view), "");
  }
  return recorder.stop();
}

TEST(RecordingVideoPlan, ARecordingPlansItsLengthAtTheReplayRate) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  const SavedRecording saved{record_drag(), "drag.json"};
  ASSERT_NEAR(saved.inputs.duration_s, 1.2, 1e-6);
  ui::VideoExportForm form = ui::default_recording_export_form(saved.inputs.duration_s);
  EXPECT_TRUE(form.recording);
  EXPECT_EQ(form.path, "export/recording.mp4");
  std::vector<PlayblastFrame> frames;
  double fps = 0.0;
  ASSERT_EQ(plan_video_form(form, scene, &saved, frames, fps), "");
  EXPECT_EQ(fps, 30.0);
  EXPECT_EQ(frames.size(), 36u);  // 1.2 s at 30 fps
  form.path = "export/recording.gif";
  form.fps = 25.0;
  form.from_s = 0.4;
  ASSERT_EQ(plan_video_form(form, scene, &saved, frames, fps), "");
  EXPECT_EQ(frames.size(), 20u);  // 0.8 s at 25 fps
  EXPECT_NEAR(frames.front().time_s, 0.4, 1e-9);
  EXPECT_EQ(plan_video_form(form, scene, nullptr, frames, fps), "no recording to export");
  EXPECT_TRUE(frames.empty());
}

class RecordingVideoExportTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    std::string why;
    if (!probe::available(why)) GTEST_SKIP() << why;
    dir_ = fs::temp_directory_path() / ("animview_recording_video_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    ASSERT_EQ(renderer_.init(), "");
    project::Project project;
    open_demo(scene_, project);
    doc_.open({demo::kDemoSourcePath}, "", std::move(project));
    renderer_.set_character(character_source(scene_.character));
    camera_.frame(glm::vec3(-1.0f, 0.0f, -1.0f), glm::vec3(1.0f, 2.0f, 1.0f), 4.0f / 3.0f);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  render::SceneRenderer renderer_;
  ViewerScene scene_;
  Document doc_;
  ViewerUi ui_;
  render::OrbitCamera camera_;
  ViewerVideoExport exporter_;
};

TEST_F(RecordingVideoExportTest, TheLastRecordingIsReplayedIntoAVideo) {
  const SavedRecording saved{record_drag(), (dir_ / "drag.json").string()};
  exporter_.open(ui_.video_export, doc_, scene_, &saved);
  ui::VideoExportForm& form = ui_.video_export.form;
  form.recording = true;
  form.from_s = 0.0;
  form.to_s = saved.inputs.duration_s;
  form.path = (dir_ / "drag.mp4").string();
  form.overlay = true;
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, 160, 120, &saved), "");
  int steps = 0;
  while (exporter_.running() && steps < 100) {
    exporter_.step(doc_, ui_, scene_, renderer_, camera_);
    ++steps;
  }
  ASSERT_FALSE(exporter_.running());
  EXPECT_TRUE(ui_.errors.empty()) << ui_.errors.entries().front().cause;
  EXPECT_EQ(ui_.status.rfind("exported 36 frames to ", 0), 0u) << ui_.status;
  const probe::Video video = probe::read(dir_ / "drag.mp4");
  ASSERT_EQ(video.streams.size(), 1u);
  EXPECT_EQ(video.streams[0].frames, 36);

  // The character stands where a replay by hand to the last frame (35 / 30 s) leaves it, with
  // the dragged point.
  ViewerScene reference;
  project::Project reference_project;
  open_demo(reference, reference_project);
  RecordingReplay replay(saved.inputs);
  ASSERT_EQ(replay.start(reference, reference_project), "");
  ASSERT_EQ(replay.play_to(reference, 35.0 / 30.0, 1.0 / 30.0, visual::SceneView{}), "");
  EXPECT_FLOAT_EQ(scene_.parameters.get(scene_.parameters.find("velocity_x")), 1.2f);
  const std::span<const anim::Transform> a = scene_.instance.local_pose();
  const std::span<const anim::Transform> b = reference.instance.local_pose();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t j = 0; j < a.size(); ++j) {
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(a[j].translation[c], b[j].translation[c], 1e-5f);
    EXPECT_NEAR(std::abs(glm::dot(a[j].rotation, b[j].rotation)), 1.0f, 1e-6f) << j;
  }
}

// 1 s of motion matching on every clip, steered away along +Z from the start.
InputRecording steered_recording(const ViewerScene& scene) {
  InputRecording r;
  r.duration_s = 1.0;
  RecordedInput start{0.0, RecordedInput::Kind::MotionMatching, ""};
  for (const anim::Clip& clip : scene.clips())
    start.motion_matching.database_clips.push_back(clip.name);
  r.inputs.push_back(start);
  RecordedInput steer{0.0, RecordedInput::Kind::Steering, ""};
  steer.velocity = {0.0f, 0.0f, 1.4f};
  r.inputs.push_back(steer);
  return r;
}

TEST_F(RecordingVideoExportTest, AMotionMatchingSessionIsReplayedIntoAVideo) {
  const SavedRecording saved{steered_recording(scene_), (dir_ / "steered.json").string()};
  exporter_.open(ui_.video_export, doc_, scene_, &saved);
  ui_.video_export.form = ui::default_recording_export_form(saved.inputs.duration_s);
  ui_.video_export.form.path = (dir_ / "steered.mp4").string();
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, 160, 120, &saved), "");
  for (int steps = 0; exporter_.running() && steps < 100; ++steps) {
    EXPECT_TRUE(exporter_.replaying());
    exporter_.step(doc_, ui_, scene_, renderer_, camera_);
  }
  ASSERT_FALSE(exporter_.running());
  EXPECT_FALSE(exporter_.replaying());
  EXPECT_TRUE(ui_.errors.empty()) << ui_.errors.entries().front().cause;
  EXPECT_EQ(probe::read(dir_ / "steered.mp4").streams.at(0).frames, 30);
  // Where a replay by hand to the last frame (29 / 30 s) leaves the character: walked away.
  ViewerScene reference;
  project::Project reference_project;
  open_demo(reference, reference_project);
  RecordingReplay replay(saved.inputs);
  ASSERT_EQ(replay.start(reference, reference_project), "");
  ASSERT_EQ(replay.play_to(reference, 29.0 / 30.0, 1.0 / 30.0, visual::SceneView{}), "");
  const glm::vec3 at = scene_.instance.world().translation;
  EXPECT_GT(at.z, 0.5f) << "steered along +Z";
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(at[c], reference.instance.world().translation[c], 1e-5f);
  replay.finish(reference);
  // The export gave the player back: the graph plays on.
  EXPECT_EQ(scene_.update(0.1f, visual::SceneView{}), "");
}

TEST_F(RecordingVideoExportTest, ExportingWhileRecordingIsRefused) {
  const SavedRecording saved{record_drag(), (dir_ / "drag.json").string()};
  exporter_.open(ui_.video_export, doc_, scene_, &saved);
  ui_.video_export.form = ui::default_recording_export_form(saved.inputs.duration_s);
  ui_.video_export.form.path = (dir_ / "drag.mp4").string();
  ui_.view.record_inputs = true;
  EXPECT_EQ(exporter_.start(doc_, ui_, scene_, 160, 120, &saved),
            "stop recording first (File > Record inputs)");
  EXPECT_FALSE(exporter_.running());
  EXPECT_FALSE(fs::exists(dir_ / "drag.mp4"));
}

}  // namespace
}  // namespace app
