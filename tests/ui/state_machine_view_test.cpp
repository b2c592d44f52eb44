#include "ui/state_machine_view.h"
#include "ui/condition_ops.h"

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "headless_imgui.h"

namespace ui {
namespace {

using testing::HeadlessImGui;

anim::Transition transition(int source, int target, std::vector<anim::Condition> conditions) {
  anim::Transition t;
  t.source = source;
  t.target = target;
  t.conditions = std::move(conditions);
  return t;
}

anim::State clip_state(const char* name, int clip) {
  return {name, anim::StateKind::Clip, clip, 1.0f, true, -1};
}

TEST(StateGraphLayout, ColumnsFollowTheDistanceFromTheEntry) {
  anim::StateMachine m;
  m.states = {clip_state("walk", 1), clip_state("idle", 0), clip_state("run", 2),
              clip_state("jog", 1), clip_state("orphan", 0)};
  m.entry_state = 1;
  const anim::Condition c{0, anim::ConditionOp::True, 0.0f};
  m.transitions = {transition(1, 0, {c}), transition(1, 3, {c}), transition(0, 2, {c}),
                   transition(2, 1, {c}), transition(anim::kAnyState, 2, {c})};
  const StateGraphLayout layout = layout_state_graph(m);
  ASSERT_EQ(layout.box_min.size(), 5u);
  const auto& b = layout.box_min;
  EXPECT_EQ(layout.any_state_min.x, b[1].x);  // any state above the entry
  EXPECT_LT(layout.any_state_min.y + layout.box_size.y, b[1].y);
  EXPECT_GT(b[0].x, b[1].x);  // walk and jog: one step from idle
  EXPECT_EQ(b[0].x, b[3].x);
  EXPECT_LT(b[0].y, b[3].y);  // list order within the column
  EXPECT_GT(b[2].x, b[0].x);  // run: two steps
  EXPECT_GT(b[4].x, b[2].x);  // unreachable: last column
  // Columns are evenly spaced and every box lies inside the extent.
  EXPECT_FLOAT_EQ(b[2].x - b[0].x, b[0].x - b[1].x);
  for (const ImVec2& p : b) {
    EXPECT_LE(p.x + layout.box_size.x, layout.extent.x);
    EXPECT_LE(p.y + layout.box_size.y, layout.extent.y);
  }
}

TEST(StateGraphLayout, AnEntryWithOneStepOfStatesFitsTheGraphPanel) {
  // The demo's shape: locomotion and the turns it leads to, and an any-state transition.
  anim::StateMachine m;
  m.states = {clip_state("locomotion", 0), clip_state("turn_left", 1), clip_state("turn_right", 2)};
  const anim::Condition c{0, anim::ConditionOp::True, 0.0f};
  m.transitions = {transition(0, 1, {c}), transition(0, 2, {c}), transition(1, 0, {c}),
                   transition(anim::kAnyState, 0, {c})};
  const StateGraphLayout layout = layout_state_graph(m);
  // Two columns of boxes: narrower than the 430-pixel graph panel, so nothing needs scrolling.
  EXPECT_LE(layout.extent.x, 430.0f);
  EXPECT_GT(layout.box_min[1].x, layout.box_min[0].x);
  EXPECT_EQ(layout.box_min[1].x, layout.box_min[2].x);
}

TEST(StateMachineView, DescribesATransitionInOneLine) {
  anim::Parameters parameters;
  parameters.add("speed", anim::ParameterType::Float);
  parameters.add("crouch", anim::ParameterType::Bool);
  anim::StateMachine m;
  m.states = {clip_state("idle", 0), clip_state("walk", 1)};
  anim::Transition t = transition(
      0, 1, {{0, anim::ConditionOp::Greater, 0.5f}, {1, anim::ConditionOp::False, 0.0f}});
  EXPECT_EQ(describe_transition(m, t, parameters),
            "idle -> walk: speed > 0.5 and !crouch, 0.25 s, crossfade_smooth");
  t.source = anim::kAnyState;
  t.conditions.clear();
  t.has_exit_time = true;
  t.exit_time = 0.75f;
  t.duration_unit = anim::DurationUnit::Normalized;
  t.blend = anim::TransitionBlend::Inertialization;
  EXPECT_EQ(describe_transition(m, t, parameters),
            "Any State -> walk: exit 0.75, 0.25 of source, inertialization");
  // Neither conditions nor an exit time: no colon before nothing ("locomotion -> Idle:, ...").
  t.has_exit_time = false;
  EXPECT_EQ(describe_transition(m, t, parameters),
            "Any State -> walk, 0.25 of source, inertialization");
}

TEST(ConditionOps, EachParameterTypeIsOfferedItsOwnOperators) {
  using Op = anim::ConditionOp;
  const auto ops = [](anim::ParameterType type) {
    const std::span<const Op> offered = condition_ops(type);
    return std::vector<Op>(offered.begin(), offered.end());
  };
  EXPECT_EQ(ops(anim::ParameterType::Float), (std::vector<Op>{Op::Greater, Op::Less, Op::Equals}));
  EXPECT_EQ(ops(anim::ParameterType::Int), (std::vector<Op>{Op::Greater, Op::Less, Op::Equals}));
  EXPECT_EQ(ops(anim::ParameterType::Bool), (std::vector<Op>{Op::True, Op::False}));
  EXPECT_EQ(ops(anim::ParameterType::Trigger), (std::vector<Op>{Op::Trigger}));
  // A condition whose parameter became a trigger fires on it; a bool keeps false.
  EXPECT_EQ(fit_condition_op(Op::Greater, anim::ParameterType::Trigger), Op::Trigger);
  EXPECT_EQ(fit_condition_op(Op::False, anim::ParameterType::Bool), Op::False);
  EXPECT_EQ(fit_condition_op(Op::True, anim::ParameterType::Float), Op::Greater);
  EXPECT_STREQ(condition_op_label(Op::Equals), "equals");
}

// Drives the panel like a user: the trigger button fires "go", the player takes idle -> walk,
// and the panel shows the running transition and then the new active state.
TEST(StateMachineView, TriggerButtonDrivesTheMachineAndTheViewFollows) {
  HeadlessImGui imgui;
  anim::Parameters parameters;
  parameters.add("speed", anim::ParameterType::Float);
  const int go = parameters.add("go", anim::ParameterType::Trigger);
  anim::StateMachine machine;
  machine.name = "base";
  machine.states = {clip_state("idle", 0), clip_state("walk", 1)};
  machine.transitions = {transition(0, 1, {{go, anim::ConditionOp::Trigger, 0.0f}}),
                         transition(1, 0, {{go, anim::ConditionOp::Trigger, 0.0f}})};
  machine.transitions[0].duration = 0.25f;
  anim::StateMachinePlayer player;
  player.init(machine);
  const std::vector<float> lengths = {1.0f, 1.0f};
  const std::vector<std::string> clips = {"idle", "walk"};
  StateMachineViewState view;
  bool edited = false;
  float end_y = 0.0f;  // where the view ends: the editor's controls are above it

  const auto frame = [&] {
    imgui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
      ImGui::SetNextWindowSize(ImVec2(1100.0f, 700.0f));
      ImGui::Begin("State machine");
      edited |= draw_state_machine_view(view, machine, parameters, player, {clips, {}});
      end_y = ImGui::GetCursorPosY();
      ImGui::End();
    });
    player.update(1.0f / 60.0f, parameters, {lengths, {}});
  };

  frame();
  frame();
  EXPECT_EQ(view.shown_active_state, 0);
  EXPECT_EQ(view.shown_transition, -1);
  ASSERT_EQ(view.parameter_controls.size(), 2u);
  const float end_before = end_y;

  // Click the trigger's button: press on one frame, release on the next.
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = view.parameter_controls[go].center();
  frame();
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  frame();  // the button fires on release; the update after this frame takes the transition
  EXPECT_FALSE(parameters.get_bool(go));  // consumed by the transition
  EXPECT_EQ(player.active_state(), 1);
  frame();  // the view now shows the transition running
  EXPECT_EQ(view.shown_active_state, 1);
  EXPECT_EQ(view.shown_transition, 0);
  EXPECT_FLOAT_EQ(view.shown_progress, 0.0f);  // it started at the end of the last update
  frame();
  EXPECT_NEAR(view.shown_progress, (1.0f / 60.0f) / 0.25f, 1e-5f);
  for (int i = 0; i < 20; ++i) frame();  // a third of a second: the blend is over
  EXPECT_EQ(view.shown_active_state, 1);
  EXPECT_EQ(view.shown_transition, -1);
  EXPECT_EQ(player.history_count(), 1);
  EXPECT_FALSE(edited);  // driving parameters does not edit the machine
  // Again, back to idle: the two transitions' lines in "Last transitions" took reserved lines,
  // so nothing below them moved.
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  for (int i = 0; i < 30; ++i) frame();
  EXPECT_EQ(player.active_state(), 0);
  EXPECT_EQ(player.history_count(), 2);
  EXPECT_FLOAT_EQ(end_y, end_before);
}

}  // namespace
}  // namespace ui

namespace ui {
namespace {

// Presses the left button over from, drags in steps to to, and releases there.
void drag(testing::HeadlessImGui& imgui, const std::function<void()>& panel, ImVec2 from,
          ImVec2 to) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = from;
  imgui.frame(panel);
  io.MouseDown[0] = true;
  imgui.frame(panel);
  for (int k = 1; k <= 8; ++k) {
    const float t = static_cast<float>(k) / 8.0f;
    io.MousePos = ImVec2(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
    imgui.frame(panel);
  }
  io.MouseDown[0] = false;
  imgui.frame(panel);
  imgui.frame(panel);  // an edit moves the boxes on the next frame
}

TEST(StateMachineView, DraggingFromAStatesDotToAnotherMakesATransition) {
  testing::HeadlessImGui imgui;
  anim::Parameters parameters;
  anim::StateMachine machine;
  machine.states = {clip_state("idle", 0), clip_state("walk", 1), clip_state("wave", 2)};
  anim::StateMachinePlayer player;
  const std::vector<std::string> clips = {"idle", "walk", "wave"};
  StateMachineViewState view;
  bool edited = false;
  const auto panel = [&] {
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(1100.0f, 700.0f));
    ImGui::Begin("State machine");
    edited |= draw_state_machine_view(view, machine, parameters, player, {clips, {}});
    ImGui::End();
  };
  imgui.frame(panel);
  ASSERT_EQ(view.state_boxes.size(), 3u);
  ASSERT_EQ(view.state_ports.size(), 3u);
  drag(imgui, panel, view.state_ports[0].center(), view.state_boxes[2].center());
  EXPECT_TRUE(edited);
  ASSERT_EQ(machine.transitions.size(), 1u);
  EXPECT_EQ(machine.transitions[0].source, 0);
  EXPECT_EQ(machine.transitions[0].target, 2);
  EXPECT_TRUE(machine.transitions[0].has_exit_time);
  EXPECT_EQ(view.selected_transition, 0);
  // From Any State too; a drag that ends on empty canvas or on its own box makes nothing.
  edited = false;
  drag(imgui, panel, view.any_state_box.center(), view.state_boxes[1].center());
  ASSERT_EQ(machine.transitions.size(), 2u);
  EXPECT_EQ(machine.transitions[1].source, anim::kAnyState);
  EXPECT_EQ(machine.transitions[1].target, 1);
  const ImVec2 port = view.state_ports[1].center();
  drag(imgui, panel, port, ImVec2(port.x - 30.0f, port.y + 3.0f));
  drag(imgui, panel, view.state_ports[1].center(), ImVec2(1000.0f, 20.0f));
  EXPECT_EQ(machine.transitions.size(), 2u);
}

// The panel of a three-state machine in a 1100 x 700 window, and what it reports.
struct AuthoringPanel {
  testing::HeadlessImGui imgui;
  anim::Parameters parameters;
  anim::StateMachine machine;
  anim::StateMachinePlayer player;
  std::vector<std::string> clips = {"idle", "walk", "wave"};
  std::vector<std::string> spaces = {"locomotion"};
  StateMachineViewSources sources{clips, spaces, -1, -1};
  StateMachineViewState view;
  bool edited = false;
  ImVec2 window_size{1100.0f, 700.0f};
  std::function<void()> panel = [this] {
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(window_size);
    ImGui::Begin("State machine");
    edited |= draw_state_machine_view(view, machine, parameters, player, sources);
    ImGui::End();
  };
  AuthoringPanel() {
    machine.states = {clip_state("idle", 0), clip_state("walk", 1), clip_state("wave", 2)};
    imgui.frame(panel);
  }
  void click(ImVec2 at, int clicks = 1) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = at;
    imgui.frame(panel);
    for (int i = 0; i < clicks; ++i) {
      io.MouseDown[0] = true;
      imgui.frame(panel);
      io.MouseDown[0] = false;
      imgui.frame(panel);
    }
    imgui.frame(panel);
  }
};

TEST(StateMachineView, DraggingABoxMovesItThereAndKeepsItsPlace) {
  AuthoringPanel p;
  const ScreenRect before = p.view.state_boxes[1];
  const ImVec2 canvas_corner = p.view.any_state_box.min;  // Any State sits at the margin, 12 px
  drag(p.imgui, p.panel, before.center(),
       ImVec2(before.center().x + 200.0f, before.center().y + 90.0f));
  EXPECT_TRUE(p.edited);
  EXPECT_TRUE(p.machine.transitions.empty()) << "a box drag moves, it does not connect";
  ASSERT_EQ(p.machine.editor_positions.size(), 3u);
  ASSERT_TRUE(p.machine.editor_positions[1].has_value());
  EXPECT_FALSE(p.machine.editor_positions[0].has_value());
  // Canvas coordinates: the box's old corner (relative to the canvas) plus the drag.
  EXPECT_NEAR(p.machine.editor_positions[1]->x, before.min.x - canvas_corner.x + 12.0f + 200.0f,
              0.5f);
  EXPECT_NEAR(p.machine.editor_positions[1]->y, before.min.y - canvas_corner.y + 12.0f + 90.0f,
              0.5f);
  EXPECT_NEAR(p.view.state_boxes[1].min.x, before.min.x + 200.0f, 0.5f);
  EXPECT_NEAR(p.view.state_boxes[1].min.y, before.min.y + 90.0f, 0.5f);
  // The layout keeps it there.
  const StateGraphLayout layout = layout_state_graph(p.machine);
  EXPECT_EQ(layout.box_min[1].x, p.machine.editor_positions[1]->x);
  EXPECT_GE(layout.extent.y, p.machine.editor_positions[1]->y + layout.box_size.y);
  // Removing a state drops its place with it.
  anim::remove_state(p.machine, 0);
  ASSERT_EQ(p.machine.editor_positions.size(), 2u);
  EXPECT_TRUE(p.machine.editor_positions[0].has_value());
}

TEST(StateMachineView, ADoubleClickOnEmptyCanvasAddsAStateThere) {
  AuthoringPanel p;
  p.sources.picked_clip = 2;
  const ImVec2 at = {p.view.state_boxes[0].min.x + 40.0f, p.view.state_boxes[0].max.y + 60.0f};
  p.click(at, 2);
  EXPECT_TRUE(p.edited);
  ASSERT_EQ(p.machine.states.size(), 4u);
  EXPECT_EQ(p.machine.states[3].name, "state");
  EXPECT_EQ(p.machine.states[3].index, 2) << "it plays the picked clip";
  ASSERT_EQ(p.view.state_boxes.size(), 4u);
  EXPECT_NEAR(p.view.state_boxes[3].center().x, at.x, 1.0f) << "centred where it was clicked";
  EXPECT_NEAR(p.view.state_boxes[3].center().y, at.y, 1.0f);
  EXPECT_EQ(p.view.selected_state, 3);
}

TEST(StateMachineView, ButtonsAddStatesPlayingThePickedClipAndTheShownSpace) {
  AuthoringPanel p;
  EXPECT_GT(p.view.add_clip_state_button.max.x, p.view.add_clip_state_button.min.x);
  p.click(p.view.add_clip_state_button.center());
  EXPECT_EQ(p.machine.states.size(), 3u) << "no clip picked: the button is disabled";
  p.sources.picked_clip = 1;
  p.sources.shown_blend_space = 0;
  p.imgui.frame(p.panel);
  p.click(p.view.add_clip_state_button.center());
  ASSERT_EQ(p.machine.states.size(), 4u);
  EXPECT_EQ(p.machine.states[3].name, "walk_");  // "walk" is taken
  EXPECT_EQ(p.machine.states[3].kind, anim::StateKind::Clip);
  EXPECT_EQ(p.machine.states[3].index, 1);
  p.click(p.view.add_blend_state_button.center());
  ASSERT_EQ(p.machine.states.size(), 5u);
  EXPECT_EQ(p.machine.states[4].name, "locomotion");
  EXPECT_EQ(p.machine.states[4].kind, anim::StateKind::BlendSpace);
  EXPECT_EQ(p.machine.states[4].index, 0);
}

// The phase line (#41): a walk (2 s, foot_l_down 0.2 s, foot_r_down 1.2 s) crossfading into a
// jog (1 s, 0.3 s and 0.7 s) of its sync group, or into a clip whose markers do not correspond,
// or into one outside the group.
TEST(StateMachineView, PhaseLineNamesTheLeaderAndHowTheFollowerSyncs) {
  std::vector<anim::Clip> clips(3);
  clips[0].duration_s = 2.0f;
  clips[0].markers = {{"foot_l_down", 0.2f}, {"foot_r_down", 1.2f}};
  clips[1].duration_s = 1.0f;
  clips[1].markers = {{"foot_l_down", 0.3f}, {"foot_r_down", 0.7f}};
  clips[2].duration_s = 1.0f;
  clips[2].markers = {{"foot_hop", 0.5f}};
  const std::vector<float> lengths = {2.0f, 1.0f, 1.0f};
  const auto phase_line = [&](int target, const char* target_group) {
    anim::Parameters parameters;
    const int go = parameters.add("go", anim::ParameterType::Bool);
    anim::StateMachine m;
    m.states = {clip_state("walk", 0), clip_state("jog", 1), clip_state("hop", 2)};
    m.states[0].sync_group = "feet";
    m.states[target].sync_group = target_group;
    m.transitions = {transition(0, target, {{go, anim::ConditionOp::True, 0.0f}})};
    m.transitions[0].duration = 1.0f;
    const anim::StateSyncMarkers markers = anim::build_state_sync_markers(m, clips);
    anim::StateMachinePlayer player;
    player.init(m, nullptr, &markers);
    for (int i = 0; i < 4; ++i) {
      if (i == 3) parameters.set(go, 1.0f);
      player.update(0.125f, parameters, {lengths, {}});
    }
    return describe_phases(m, player);
  };
  // The walk at 0.25 (0.5 s, 0.3 of its left step): the jog enters 0.3 into its own, 0.42.
  EXPECT_EQ(phase_line(1, "feet"), "walk 0.25 leads, jog 0.42 follows by foot markers");
  EXPECT_EQ(phase_line(2, "feet"),
            "walk 0.25 leads, hop 0.25 follows in normalized time (foot markers do not "
            "correspond)");
  EXPECT_EQ(phase_line(1, ""), "walk 0.25, jog 0.00");
}

// A blend-space state joins a sync group in the editor: select it, click the field, type.
TEST(StateMachineView, TypingASyncGroupPutsABlendSpaceStateInIt) {
  AuthoringPanel p;
  p.machine.states[1] = {"strides", anim::StateKind::BlendSpace, 0, 1.0f, true, -1};
  // A taller window than the other tests': the state's fields run below 700 pixels.
  ImGui::GetIO().DisplaySize = ImVec2(1280.0f, 1200.0f);
  p.window_size = ImVec2(1100.0f, 1150.0f);
  p.imgui.frame(p.panel);
  p.click(p.view.state_boxes[1].center());
  ASSERT_EQ(p.view.selected_state, 1);
  ASSERT_GT(p.view.sync_group_field.max.x, p.view.sync_group_field.min.x);
  p.click(p.view.sync_group_field.center());
  p.edited = false;
  ImGuiIO& io = ImGui::GetIO();
  for (const char c : std::string("feet")) {
    io.AddInputCharacter(static_cast<unsigned>(c));
    p.imgui.frame(p.panel);
  }
  EXPECT_TRUE(p.edited);
  EXPECT_EQ(p.machine.states[1].sync_group, "feet");
  EXPECT_EQ(p.machine.states[0].sync_group, "") << "only the selected state";
}

// The phase line of a walk (2 s, foot_l_down 0.2 s, foot_r_down 1.2 s) crossfading into a
// blend-space state of its group, whose blend (the walk and a 1 s jog, 0.3 s and 0.7 s) has a
// left and a right step: at the walk's 0.25, 0.3 into its left step, the blend enters 0.3 into
// its own, phase 0.3 of 2: 0.15.
TEST(StateMachineView, PhaseLineShowsABlendSpaceStateFollowingByFootMarkers) {
  std::vector<anim::Clip> clips(2);
  clips[0].duration_s = 2.0f;
  clips[0].markers = {{"foot_l_down", 0.2f}, {"foot_r_down", 1.2f}};
  clips[1].duration_s = 1.0f;
  clips[1].markers = {{"foot_l_down", 0.3f}, {"foot_r_down", 0.7f}};
  const std::vector<anim::SyncGroup> blends = {
      anim::build_sync_group(std::array<const anim::Clip*, 2>{&clips[0], &clips[1]})};
  const std::vector<float> clip_lengths = {2.0f, 1.0f};
  const std::vector<float> blend_lengths = {1.5f};
  anim::Parameters parameters;
  const int go = parameters.add("go", anim::ParameterType::Bool);
  anim::StateMachine m;
  m.states = {clip_state("walk", 0), {"strides", anim::StateKind::BlendSpace, 0, 1.0f, true, -1}};
  for (anim::State& s : m.states) s.sync_group = "feet";
  m.transitions = {transition(0, 1, {{go, anim::ConditionOp::True, 0.0f}})};
  m.transitions[0].duration = 1.0f;
  const anim::StateSyncMarkers markers = anim::build_state_sync_markers(m, clips, blends);
  anim::StateMachinePlayer player;
  player.init(m, nullptr, &markers);
  for (int i = 0; i < 4; ++i) {
    if (i == 3) parameters.set(go, 1.0f);
    player.update(0.125f, parameters, {clip_lengths, blend_lengths});
  }
  EXPECT_EQ(describe_phases(m, player), "walk 0.25 leads, strides 0.15 follows by foot markers");
}

}  // namespace
}  // namespace ui
