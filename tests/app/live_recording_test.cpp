// Live recording (#40): inputs given to the demo between uneven updates are recorded with their
// times, and a replay in fixed steps gives the very poses of stepping the character by hand with
// the same inputs at the same times; at the recording's own steps, the very poses it showed.
#include "app/live_recording.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "anim/transform.h"
#include "app/async_loader.h"
#include "demo/demo_character.h"

namespace app {
namespace {

using Pose = std::vector<anim::Transform>;

// The demo in its project, with a trigger "hop" that sends the machine from locomotion to
// turn_right (as a state change asked for in the viewer), into project and bound in scene.
void open_demo(ViewerScene& scene, project::Project& project) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  project = std::move(demo.project);
  const int hop = project.parameters.add("hop", anim::ParameterType::Trigger);
  anim::Transition t;
  t.source = 0;
  t.target = 2;
  t.conditions.push_back({hop, anim::ConditionOp::Trigger, 0.0f});
  t.duration = 0.2f;
  project.state_machine.transitions.insert(project.state_machine.transitions.begin(), t);
  ASSERT_EQ(scene.open(std::move(demo.character), project), "");
  ASSERT_EQ(scene.mode, PlayMode::Graph);
}

// What the user does just before the frame numbered frame (the script of both the recording and
// the hand-stepped reference): drags the blend-space point, fires the trigger, previews a clip
// from a scrubbed playhead, slows the clock and makes it bounce, and goes back to the graph.
void user_inputs(int frame, ViewerScene& scene) {
  if (frame == 8) {
    ASSERT_EQ(scene.set_parameter("velocity_x=0.8"), "");
  }
  if (frame == 15) {
    ASSERT_EQ(scene.set_parameter("velocity_z=2.5"), "");
  }
  if (frame == 22) scene.parameters.fire(scene.parameters.find("hop"));
  if (frame == 40) {
    scene.mode = PlayMode::ClipPreview;
    scene.preview(scene.find_clip("wave"));
    scene.clock.seek(0.3);
  }
  if (frame == 45) scene.clock.set_speed(0.5);
  if (frame == 48) scene.clock.set_mode(anim::PlaybackMode::PingPong);
  if (frame == 52) scene.clock.seek(0.1);  // scrubbed
  if (frame == 60) scene.mode = PlayMode::Graph;
}

// Uneven frame times, as a busy screen gives them.
float uneven_dt(int frame) {
  static constexpr float kSteps[] = {0.011f, 0.034f, 0.017f, 0.052f, 0.008f, 0.023f, 0.041f};
  return kSteps[frame % 7];
}

void expect_same_pose(const Pose& a, std::span<const anim::Transform> b, int frame) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t j = 0; j < a.size(); ++j) {
    for (int c = 0; c < 3; ++c) {
      ASSERT_NEAR(a[j].translation[c], b[j].translation[c], 1e-5f) << "frame " << frame;
    }
    for (int c = 0; c < 4; ++c) {
      ASSERT_NEAR(a[j].rotation[c], b[j].rotation[c], 1e-5f) << "frame " << frame;
    }
  }
}

InputRecording record_script(int frames, const std::function<float(int)>& dt,
                             std::vector<double>* input_times = nullptr,
                             std::vector<Pose>* shown = nullptr) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  LiveRecorder recorder;
  EXPECT_EQ(recorder.start(scene, project), "");
  const visual::SceneView view;
  double time_s = 0.0;
  for (int frame = 0; frame < frames; ++frame) {
    user_inputs(frame, scene);
    if (input_times) input_times->push_back(time_s);
    EXPECT_EQ(recorder.update(scene, dt(frame), view), "");
    if (shown)
      shown->emplace_back(scene.instance.local_pose().begin(), scene.instance.local_pose().end());
    time_s += dt(frame);
  }
  return recorder.stop();
}

TEST(LiveRecording, RecordsEachInputOnceAtTheTimeItWasGiven) {
  std::vector<double> times;
  const InputRecording recording = record_script(70, uneven_dt, &times);
  // The first frame: every parameter's value (the demo's three and the trigger), what plays, the
  // clock.
  ASSERT_GE(recording.inputs.size(), 6u);
  using Kind = RecordedInput::Kind;
  const std::vector<RecordedInput> first = {
      {0.0, Kind::Parameter, "turn", 0.0f},         {0.0, Kind::Parameter, "velocity_x", 0.0f},
      {0.0, Kind::Parameter, "velocity_z", 1.4f},   {0.0, Kind::Parameter, "hop", 0.0f},
      {0.0, Kind::Play, "", 0.0f, PlayMode::Graph}, {0.0, Kind::Clock, "", 0.0f, PlayMode::Graph}};
  EXPECT_EQ(std::vector<RecordedInput>(recording.inputs.begin(), recording.inputs.begin() + 6),
            first);
  int hops = 0, plays = 0;
  for (std::size_t i = 6; i < recording.inputs.size(); ++i) {
    const RecordedInput& input = recording.inputs[i];
    if (input.name == "hop") {
      ++hops;
      EXPECT_DOUBLE_EQ(input.time_s, times[22]);
      EXPECT_EQ(input.value, 1.0f);
    }
    if (input.kind == Kind::Play) ++plays;
    if (input.name == "velocity_x") {
      EXPECT_DOUBLE_EQ(input.time_s, times[8]);
      EXPECT_FLOAT_EQ(input.value, 0.8f);
    }
  }
  EXPECT_EQ(hops, 1) << "fired once, consumed by the update: one input";
  EXPECT_EQ(plays, 3) << "the clip, the scrub and the graph again";
  std::vector<RecordedInput> clock;
  std::copy_if(recording.inputs.begin() + 6, recording.inputs.end(), std::back_inserter(clock),
               [](const RecordedInput& i) { return i.kind == Kind::Clock; });
  ASSERT_EQ(clock.size(), 2u) << "the speed, then the loop mode";
  EXPECT_DOUBLE_EQ(clock[0].time_s, times[45]);
  EXPECT_EQ(clock[0].speed, 0.5);
  EXPECT_EQ(clock[0].loop, anim::PlaybackMode::Loop);
  EXPECT_DOUBLE_EQ(clock[1].time_s, times[48]);
  EXPECT_EQ(clock[1].loop, anim::PlaybackMode::PingPong);
  EXPECT_NEAR(recording.duration_s, times.back() + uneven_dt(69), 1e-9);
}

TEST(LiveRecording, ReplayInFixedStepsMatchesSteppingByHandWithTheSameInputs) {
  std::vector<double> times;
  const InputRecording recording = record_script(70, uneven_dt, &times);
  constexpr double kStep_s = 1.0 / 30.0;
  const int frames = static_cast<int>(recording.duration_s / kStep_s);
  ASSERT_GT(frames, 30);
  const visual::SceneView view;

  ViewerScene replayed;
  project::Project replayed_project;
  open_demo(replayed, replayed_project);
  RecordingReplay replay(recording);
  ASSERT_EQ(replay.start(replayed, replayed_project), "");

  ViewerScene by_hand;
  project::Project by_hand_project;
  open_demo(by_hand, by_hand_project);
  ASSERT_EQ(restart_character(by_hand_project, by_hand), "");
  int next_input = 0;  // the script's inputs, given at the replay frame that starts after them
  bool visited_turn_right = false;
  for (int n = 0; n < frames; ++n) {
    const double step_s = n == 0 ? 0.0 : kStep_s;
    const double start_s = n == 0 ? 0.0 : (n - 1) * kStep_s;
    while (next_input < 70 && times[next_input] <= start_s + 1e-9)
      user_inputs(next_input++, by_hand);
    ASSERT_EQ(by_hand.update(static_cast<float>(step_s), view), "");
    ASSERT_EQ(replay.step(replayed, step_s, view), "");
    expect_same_pose(
        Pose(by_hand.instance.local_pose().begin(), by_hand.instance.local_pose().end()),
        replayed.instance.local_pose(), n);
    visited_turn_right |=
        replayed.mode == PlayMode::Graph && replayed.instance.machine().active_state() == 2;
  }
  EXPECT_TRUE(visited_turn_right) << "the recorded trigger changed the state";
}

TEST(LiveRecording, ReplayAtTheRecordingsOwnStepsShowsTheRecordedPoses) {
  constexpr float kStep_s = 1.0f / 50.0f;
  std::vector<Pose> shown;
  const InputRecording recording = record_script(
      70, [](int) { return kStep_s; }, nullptr, &shown);
  ViewerScene replayed;
  project::Project replayed_project;
  open_demo(replayed, replayed_project);
  RecordingReplay replay(recording);
  ASSERT_EQ(replay.start(replayed, replayed_project), "");
  const visual::SceneView view;
  ASSERT_EQ(replay.step(replayed, 0.0, view), "");  // a video's first frame: time 0
  for (int frame = 0; frame < 70; ++frame) {
    ASSERT_EQ(replay.step(replayed, kStep_s, view), "");
    expect_same_pose(shown[frame], replayed.instance.local_pose(), frame);
  }
}

TEST(LiveRecording, ReplayRefusesNamesTheFileDoesNotHave) {
  ViewerScene scene;
  project::Project project;
  open_demo(scene, project);
  InputRecording recording;
  recording.duration_s = 1.0;
  recording.inputs.push_back({0.0, RecordedInput::Kind::Parameter, "speed"});
  EXPECT_EQ(RecordingReplay(recording).start(scene, project),
            "it sets a parameter 'speed' that <demo>'s graph does not have");
  recording.inputs[0] = {0.0, RecordedInput::Kind::Play, "jog", 0.0f, PlayMode::ClipPreview};
  EXPECT_EQ(RecordingReplay(recording).start(scene, project),
            "it plays a clip 'jog' that <demo> does not have");
}

}  // namespace
}  // namespace app
