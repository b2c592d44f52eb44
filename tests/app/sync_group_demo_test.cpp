// The demo character's walk and run in a sync group (#41): walk_forward (one stride per cycle,
// its foot_r_up before its foot_r_down) against run_forward as a clip state and, mixed, against
// "running", a 1D blend space of jog_forward and run_forward. Transitions fired at 40 times
// spread over the source's cycle, both ways, through the viewer's scene: the foot that struck
// last is the same in the source and the entered state, from the entry to the crossfade's end.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>

#include "anim/sync.h"
#include "anim/sync_group.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/demo_project.h"

namespace app {
namespace {

constexpr int kTriggers = 40;
constexpr float kFrame_s = 1.0f / 60.0f;
enum : int { kWalk = 0, kRun = 1, kRunning = 2 };

// "foot_l_down" or "foot_r_down": the foot down marker clip passed last at time_s.
std::string last_foot_down(const anim::Clip& clip, float time_s) {
  const anim::SyncGroup steps =
      anim::down_markers_only(anim::build_sync_group(std::array<const anim::Clip*, 1>{&clip}));
  if (!steps.by_markers) return "no foot markers";
  return steps.marker_names[static_cast<int>(anim::phase_at_clip_time(steps, 0, time_s))];
}

class SyncGroupDemo : public ::testing::Test {
 protected:
  void SetUp() override {
    project = project::make_demo_project();
    const auto clip = [&](const char* name) {
      return static_cast<int>(std::find(project.clips.begin(), project.clips.end(), name) -
                              project.clips.begin());
    };
    project.parameters.add("go", anim::ParameterType::Bool);
    project.parameters.add("run_speed", anim::ParameterType::Float, 4.0f);
    project::ProjectBlendSpace running;
    running.name = "running";
    running.dimensions = 1;
    running.space_1d.parameter_name = "run_speed";
    running.space_1d.min = 3.0f;
    running.space_1d.max = 5.0f;
    running.space_1d.samples = {{"jog_forward", 3.0f}, {"run_forward", 5.0f}};
    running.x_parameter = "run_speed";
    project.blend_spaces.push_back(running);
    anim::StateMachine& m = project.state_machine;
    m = {};
    m.name = "feet";
    m.states = {{"walk", anim::StateKind::Clip, clip("walk_forward")},
                {"run", anim::StateKind::Clip, clip("run_forward")},
                {"running", anim::StateKind::BlendSpace,
                 static_cast<int>(project.blend_spaces.size()) - 1}};
    for (anim::State& s : m.states) s.sync_group = "feet";
    importer::Character character = demo::make_demo_character();
    ASSERT_EQ(scene.open(std::move(character), project), "");
    scene.mode = PlayMode::Graph;
  }

  // The machine from source to target when "go" is set, with a 0.3 s crossfade.
  void connect(int source, int target) {
    anim::StateMachine& m = project.state_machine;
    m.entry_state = source;
    m.transitions.assign(1, {});
    m.transitions[0].source = source;
    m.transitions[0].target = target;
    m.transitions[0].conditions = {{project.parameters.find("go"), anim::ConditionOp::True, 0.0f}};
    m.transitions[0].duration = 0.3f;
    ASSERT_EQ(scene.rebind_graph(project), "");
  }

  // The foot that struck last in state, as the character plays it: a clip state's clip at the
  // machine's time, a blend-space state's heaviest clip at the time its player plays it.
  std::string foot_of(int state) const {
    const anim::StateMachine& m = *scene.instance.machine().machine();
    const anim::State& s = m.states[state];
    for (const anim::WeightedSource& source : scene.instance.machine().sources()) {
      const bool clip = source.kind == anim::SourceKind::Clip;
      if (clip != (s.kind == anim::StateKind::Clip) || source.index != s.index) continue;
      if (clip) return last_foot_down(scene.clips()[s.index], source.time_s);
      const anim::BlendSpacePlayer& player = scene.instance.blend_space_players()[s.index];
      const auto weights = player.weights();
      const int heaviest =
          static_cast<int>(std::max_element(weights.begin(), weights.end()) - weights.begin());
      const int clip_index = scene.graph().blend_spaces[s.index].clips[heaviest];
      return last_foot_down(scene.clips()[clip_index], player.clip_time(heaviest));
    }
    return "";  // not playing
  }

  // Fires the transition at trigger / kTriggers of the source's cycle (cycle_s long) and checks
  // the feet on every frame from there to the crossfade's end. Returns the frames checked.
  int fire_and_check(int source, int target, int trigger, float cycle_s) {
    const visual::SceneView view;
    scene.instance.reset();
    EXPECT_EQ(scene.set_parameter("go=0"), "");
    for (int i = 0; i < trigger; ++i) EXPECT_EQ(scene.update(cycle_s / kTriggers, view), "");
    EXPECT_EQ(scene.set_parameter("go=1"), "");
    EXPECT_EQ(scene.update(0.0f, view), "");
    EXPECT_EQ(scene.instance.machine().active_state(), target);
    // Entered by the feet's down markers: walk's and run's full sequences share no interval.
    EXPECT_EQ(scene.instance.machine().sync_status().leader, source);
    EXPECT_TRUE(scene.instance.machine().sync_status().by_markers);
    int checked = 0;
    for (int frame = 1; frame < 30; ++frame) {  // the target weighs 0 when it fires
      EXPECT_EQ(scene.update(kFrame_s, view), "");
      const std::string from = foot_of(source);
      const std::string to = foot_of(target);
      if (from.empty() || to.empty()) break;
      EXPECT_EQ(from, to) << "trigger " << trigger << "/" << kTriggers << ", frame " << frame;
      ++checked;
    }
    return checked;
  }

  project::Project project;  // bound in scene
  ViewerScene scene;
};

TEST_F(SyncGroupDemo, WalkAndRunNeverSwapFeetFiredAtFortyTimesOfTheCycle) {
  const float walk_s = scene.clips()[scene.find_clip("walk_forward")].duration_s;
  const float run_s = scene.clips()[scene.find_clip("run_forward")].duration_s;
  const float running_s = 0.5f * (run_s + scene.clips()[scene.find_clip("jog_forward")].duration_s);
  struct Pair {
    int source, target;
    float cycle_s;
  };
  for (const Pair& p : {Pair{kWalk, kRun, walk_s}, Pair{kRun, kWalk, run_s},
                        Pair{kWalk, kRunning, walk_s}, Pair{kRunning, kWalk, running_s}}) {
    connect(p.source, p.target);
    int fired = 0, frames = 0;
    for (int trigger = 0; trigger < kTriggers; ++trigger) {
      const int checked = fire_and_check(p.source, p.target, trigger, p.cycle_s);
      fired += checked > 0 ? 1 : 0;
      frames += checked;
    }
    EXPECT_EQ(fired, kTriggers) << "from state " << p.source << " to " << p.target;
    EXPECT_GE(frames, kTriggers * 15) << "the 0.3 s crossfades were checked frame by frame";
  }
}

}  // namespace
}  // namespace app
