#include "project/demo_project.h"

#include <string>

#include "demo/demo_character.h"
#include "demo/demo_gait.h"

namespace project {
namespace {

int index_of(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

ProjectBlendSpace locomotion_space() {
  ProjectBlendSpace space;
  space.name = "locomotion";
  space.dimensions = 2;
  space.x_parameter = "velocity_x";
  space.y_parameter = "velocity_z";
  space.space_2d.mode = anim::BlendMode2D::FreeformDirectional;
  space.space_2d.x_axis = {"velocity x (m/s)", -demo::kDemoJogSpeed_mps, demo::kDemoJogSpeed_mps};
  space.space_2d.y_axis = {"velocity z (m/s)", -demo::kDemoJogSpeed_mps, demo::kDemoJogSpeed_mps};
  space.space_2d.samples.push_back({"idle", {0.0f, 0.0f}});
  for (const demo::GaitSpec& spec : demo::demo_gait_specs()) {
    const bool directional = spec.name.rfind("walk_", 0) == 0 || spec.name.rfind("jog_", 0) == 0;
    if (directional) space.space_2d.samples.push_back({spec.name, spec.velocity_mps});
  }
  return space;
}

}  // namespace

Project make_demo_project() {
  Project project;
  project.character = demo::kDemoSourcePath;
  for (const demo::GaitSpec& spec : demo::demo_gait_specs()) project.clips.push_back(spec.name);
  for (const char* name : {"wave", "lean_left", "lean_right", "wrist_turn"}) {
    project.clips.push_back(name);
  }

  const int turn = project.parameters.add("turn", anim::ParameterType::Float, 0.0f);
  project.parameters.add("velocity_x", anim::ParameterType::Float, 0.0f);
  // The demo opens walking forward: the blend space's point starts on walk_forward.
  project.parameters.add("velocity_z", anim::ParameterType::Float, demo::kDemoWalkSpeed_mps);
  project.blend_spaces.push_back(locomotion_space());

  anim::StateMachine& machine = project.state_machine;
  machine.name = "base";
  machine.states.push_back({"locomotion", anim::StateKind::BlendSpace, 0});
  machine.states.push_back(
      {"turn_left", anim::StateKind::Clip, index_of(project.clips, "turn_left")});
  machine.states.push_back(
      {"turn_right", anim::StateKind::Clip, index_of(project.clips, "turn_right")});
  machine.entry_state = 0;
  const auto transition = [&](int from, int to, anim::ConditionOp op, float threshold) {
    anim::Transition t;
    t.source = from;
    t.target = to;
    t.conditions.push_back({turn, op, threshold});
    t.duration = 0.25f;
    machine.transitions.push_back(t);
  };
  transition(0, 1, anim::ConditionOp::Greater, 0.5f);
  transition(0, 2, anim::ConditionOp::Less, -0.5f);
  transition(1, 0, anim::ConditionOp::Less, 0.5f);
  transition(2, 0, anim::ConditionOp::Greater, -0.5f);

  project.layers.push_back({"wave",
                            anim::LayerMode::Override,
                            0.0f,
                            index_of(project.clips, "wave"),
                            {"chest"},
                            {},
                            {},
                            {},
                            {}});
  for (const char* lean : {"lean_left", "lean_right"}) {
    project.layers.push_back(
        {lean, anim::LayerMode::Additive, 0.0f, index_of(project.clips, lean), {}, {}, {}, {}, {}});
  }
  return project;
}

}  // namespace project
