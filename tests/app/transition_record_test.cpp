// The transition record: the demo's 0.25 s turn transition recorded frame by frame in slow
// motion, its target's weight rising over many frames; the ring keeps the newest frames; the
// recorded pose is the pose that was shown; the JSON export carries the same numbers; and the
// viewer writes the record with --transition-record.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "anim/state_history.h"
#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/transition_record_json.h"

namespace app {
namespace {

namespace fs = std::filesystem;

int state_index(const project::Project& project, const std::string& name) {
  const auto& states = project.state_machine.states;
  for (std::size_t i = 0; i < states.size(); ++i) {
    if (states[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

class TransitionRecordTest : public ::testing::Test {
 protected:
  void SetUp() override {
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    project_ = std::move(demo.project);
    ASSERT_EQ(scene_.open(std::move(demo.character), project_), "");
    scene_.mode = PlayMode::Graph;
    scene_.instance.play_graph();
    history_.reset(1200, scene_.character.skeleton.joint_count(),
                   static_cast<int>(project_.state_machine.states.size()),
                   scene_.parameters.count());
  }

  // Frames of 1/30 s at time_scale, each recorded after its update.
  void play(int frames, float time_scale) {
    const float dt = time_scale / 30.0f;
    for (int i = 0; i < frames; ++i) {
      ASSERT_EQ(scene_.update(dt, view_), "");
      history_.record(dt, scene_.instance, scene_.parameters);
    }
  }

  project::Project project_;  // bound in scene_
  ViewerScene scene_;
  visual::SceneView view_;
  anim::StateHistory history_;
};

TEST_F(TransitionRecordTest, AQuarterSecondTransitionIsWatchedFrameByFrameAtATenth) {
  play(10, 0.1f);
  ASSERT_EQ(scene_.set_parameter("turn=1"), "");
  play(120, 0.1f);  // 0.4 s of animation: the 0.25 s transition and after
  const int turn_left = state_index(project_, "turn_left");
  const int locomotion = state_index(project_, "locomotion");
  ASSERT_GE(turn_left, 0);
  std::vector<float> weights;
  std::vector<double> times;
  for (int i = 0; i < history_.size(); ++i) {
    const anim::HistoryFrame& f = history_.frame(i);
    if (!f.transition) continue;
    EXPECT_EQ(f.state, turn_left);
    EXPECT_EQ(f.from_state, locomotion);
    EXPECT_NEAR(history_.state_weights(i)[turn_left] + history_.state_weights(i)[locomotion], 1.0f,
                1e-5f);
    weights.push_back(f.weight);
    times.push_back(f.time_s);
    // Both states play through the smooth crossfade: each has a phase; the other turn has none.
    EXPECT_GE(history_.state_phases(i)[turn_left], 0.0f);
    EXPECT_LT(history_.state_phases(i)[turn_left], 1.0f);
    EXPECT_GE(history_.state_phases(i)[locomotion], 0.0f);
    EXPECT_EQ(history_.state_phases(i)[state_index(project_, "turn_right")], -1.0f);
    EXPECT_EQ(f.sync_leader, -1);  // the demo's states are in no sync group
  }
  // 0.25 s at 1/300 s a frame: about 75 frames, far more than the 5 asked for.
  ASSERT_GE(weights.size(), 5u);
  EXPECT_NEAR(weights.size(), 75.0, 2.0);
  for (std::size_t i = 1; i < weights.size(); ++i) {
    EXPECT_GT(weights[i], weights[i - 1]) << "frame " << i << " of the transition";
  }
  EXPECT_LT(weights.front(), 0.05f);
  EXPECT_GT(weights.back(), 0.95f);
  EXPECT_NEAR(times.back() - times.front(), 0.25, 0.02) << "the record's clock is animation time";
  EXPECT_EQ(history_.frame(history_.size() - 1).state, turn_left);
  EXPECT_FALSE(history_.frame(history_.size() - 1).transition);
  // After it, the turn alone plays, at the phase the machine reports.
  const float unwrapped = scene_.instance.machine().active_normalized_time();
  EXPECT_FLOAT_EQ(history_.state_phases(history_.size() - 1)[turn_left],
                  unwrapped - std::floor(unwrapped));
  EXPECT_EQ(history_.state_phases(history_.size() - 1)[locomotion], -1.0f);
  // turn's value is recorded as a curve: 0 before, 1 after.
  const int turn = scene_.parameters.find("turn");
  EXPECT_FLOAT_EQ(history_.parameter_values(0)[turn], 0.0f);
  EXPECT_FLOAT_EQ(history_.parameter_values(history_.size() - 1)[turn], 1.0f);
}

TEST_F(TransitionRecordTest, TheRecordedPoseIsThePoseShown) {
  play(30, 1.0f);
  const std::vector<glm::mat4> shown(scene_.instance.model_pose().begin(),
                                     scene_.instance.model_pose().end());
  const std::vector<glm::mat4> palette(scene_.instance.skinning_matrices().begin(),
                                       scene_.instance.skinning_matrices().end());
  play(5, 1.0f);
  const int frame = history_.size() - 6;
  ASSERT_TRUE(history_.has_pose(frame));
  ASSERT_EQ(history_.model_pose(frame).size(), shown.size());
  for (std::size_t j = 0; j < shown.size(); ++j) {
    EXPECT_EQ(history_.model_pose(frame)[j], shown[j]) << "joint " << j;
    EXPECT_EQ(history_.skinning_matrices(frame)[j], palette[j]) << "joint " << j;
  }
  EXPECT_NE(history_.model_pose(history_.size() - 1)[1], shown[1]) << "the character moved on";
}

TEST_F(TransitionRecordTest, TheRingKeepsTheNewestFrames) {
  history_.reset(10, scene_.character.skeleton.joint_count(), 3, scene_.parameters.count());
  play(25, 1.0f);
  EXPECT_EQ(history_.size(), 10);
  EXPECT_NEAR(history_.frame(0).time_s, 16.0 / 30.0, 1e-6);
  EXPECT_NEAR(history_.frame(9).time_s, 25.0 / 30.0, 1e-6);
  EXPECT_EQ(history_.frame_at(0.0), 0);
  EXPECT_EQ(history_.frame_at(20.5 / 30.0), 4);
  EXPECT_EQ(history_.frame_at(99.0), 9);
}

TEST_F(TransitionRecordTest, TheJsonExportCarriesTheFrames) {
  ASSERT_EQ(scene_.set_parameter("turn=1"), "");
  play(20, 0.5f);
  std::vector<std::string> states, parameters;
  for (const anim::State& s : project_.state_machine.states) states.push_back(s.name);
  for (const anim::Parameter& p : scene_.parameters.all()) parameters.push_back(p.name);
  const nlohmann::json j =
      nlohmann::json::parse(project::history_to_json(history_, states, parameters));
  EXPECT_EQ(j["format"], "animview-transition-record");
  ASSERT_EQ(j["frames"].size(), 20u);
  const nlohmann::json& f = j["frames"][5];
  EXPECT_NEAR(f["time_s"].get<double>(), 6 * 0.5 / 30.0, 1e-6);
  ASSERT_TRUE(f.contains("transition"));
  EXPECT_EQ(f["transition"]["to"], "turn_left");
  EXPECT_NEAR(f["transition"]["weight"].get<float>(), history_.frame(5).weight, 1e-6f);
  EXPECT_NEAR(f["weights"]["turn_left"].get<float>() + f["weights"]["locomotion"].get<float>(),
              1.0f, 1e-5f);
  EXPECT_EQ(f["parameters"]["turn"], 1.0f);
  // Each playing state's phase, as the record holds it; states that do not play have none.
  const std::span<const float> phases = history_.state_phases(5);
  int playing = 0;
  for (std::size_t s = 0; s < phases.size(); ++s) {
    if (phases[s] < 0.0f) {
      EXPECT_FALSE(f["phases"].contains(states[s])) << states[s];
      continue;
    }
    ++playing;
    EXPECT_NEAR(f["phases"][states[s]].get<float>(), phases[s], 1e-6f) << states[s];
  }
  EXPECT_GE(playing, 1);
}

TEST(TransitionRecordCli, TheViewerWritesTheRecordAtExit) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "needs a display (xvfb-run)";
  const fs::path dir =
      fs::temp_directory_path() / ("animview_record_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path record = dir / "record.json";
  const std::string command =
      std::string(ANIMVIEW_EXE) + " --headless --size 320x180 --frames 100 --out " +
      (dir / "frames").string() + " --time-scale 0.1 --param turn=1 --transition-record " +
      record.string() + " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::ifstream in(record);
  const nlohmann::json j = nlohmann::json::parse(in);
  int rising = 0;
  float last = -1.0f;
  for (const nlohmann::json& f : j["frames"]) {
    if (!f.contains("transition")) continue;
    const float w = f["transition"]["weight"];
    EXPECT_GT(w, last);
    last = w;
    ++rising;
  }
  EXPECT_GE(rising, 5) << "the 0.25 s transition over at least 5 frames at 0.1x";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace app
