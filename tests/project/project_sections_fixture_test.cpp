// A file saved by the hand-written readers and writers of the parameters, the state machines
// (nested, with every transition field), the other machines, the post-process stack (every
// kind), the retargets, the rig, the session and the clip markers (before those sections went
// through the field visitor, project/project_field_io.h) reads the same and is written back byte
// for byte, every field understood.
#include <string>

#include <gtest/gtest.h>

#include "project/project_file.h"
#include "support/temp_files.h"

namespace project {
namespace {

TEST(ProjectSectionsFixture, AFileSavedBeforeTheFieldVisitorReadsAndWritesTheSame) {
  const std::string path =
      std::string(ANIMVIEW_TEST_DATA) + "/project_sections_written_before_the_field_visitor.json";
  std::string text;
  ASSERT_TRUE(test::read_file(path, text)) << path;
  Project p;
  ASSERT_EQ(load_project(path, p), "");
  EXPECT_TRUE(p.unknown_fields.empty()) << p.unknown_fields[0].pointer;

  ASSERT_EQ(p.parameters.all().size(), 4u);
  EXPECT_EQ(p.parameters.all()[1].type, anim::ParameterType::Int);
  EXPECT_EQ(p.parameters.all()[1].value, 2.0f);

  const anim::StateMachine& m = p.state_machine;
  EXPECT_EQ(m.name, "locomotion");
  EXPECT_EQ(m.entry_state, 1);
  ASSERT_EQ(m.states.size(), 3u);
  EXPECT_EQ(m.states[1].kind, anim::StateKind::BlendSpace);
  EXPECT_EQ(m.states[1].speed_parameter, 0);
  EXPECT_EQ(m.states[1].speed, 1.25f);
  ASSERT_EQ(m.editor_positions.size(), 1u);
  EXPECT_EQ(*m.editor_positions[0], glm::vec2(10.0f, 20.0f));
  ASSERT_EQ(m.states[2].kind, anim::StateKind::StateMachine);
  ASSERT_EQ(m.sub_machines.size(), 1u);
  const anim::StateMachine& air = m.sub_machines[0];
  EXPECT_EQ(air.entry_state, 1);
  ASSERT_EQ(air.editor_positions.size(), 2u);
  EXPECT_FALSE(air.editor_positions[0].has_value());
  EXPECT_EQ(*air.editor_positions[1], glm::vec2(40.0f, -12.5f));
  ASSERT_EQ(air.transitions.size(), 1u);
  EXPECT_TRUE(air.transitions[0].has_exit_time);
  EXPECT_EQ(air.transitions[0].exit_time, 0.75f);
  EXPECT_EQ(air.transitions[0].duration_unit, anim::DurationUnit::Normalized);
  ASSERT_EQ(m.transitions.size(), 4u);
  EXPECT_EQ(m.transitions[0].blend, anim::TransitionBlend::Inertialization);
  EXPECT_EQ(m.transitions[0].conditions[0].threshold, 0.125f);
  EXPECT_FALSE(m.transitions[0].has_exit_time);
  EXPECT_EQ(m.transitions[1].interruption, anim::Interruption::Target);
  EXPECT_TRUE(m.transitions[1].pose_matched_entry);
  EXPECT_EQ(m.transitions[2].source, anim::kAnyState);
  EXPECT_EQ(m.transitions[2].priority, -1);
  EXPECT_TRUE(m.transitions[2].allow_self);
  EXPECT_EQ(m.transitions[3].conditions[1].op, anim::ConditionOp::False);
  ASSERT_EQ(p.other_state_machines.size(), 2u);
  EXPECT_TRUE(p.other_state_machines[1].states.empty());

  ASSERT_EQ(p.post_process.size(), 6u);
  EXPECT_EQ(p.post_process[1].kind, anim::PostProcessKind::LookAt);
  EXPECT_TRUE(p.post_process[1].follow_camera);
  EXPECT_EQ(p.post_process[1].aim_pitch_parameter, "gait");
  EXPECT_EQ(p.post_process[4].sphere_radius_m, 0.25f);
  EXPECT_EQ(p.post_process[5].cone_deg, 30.0f);
  ASSERT_EQ(p.retargets.size(), 2u);
  EXPECT_EQ(p.retargets[0].leg_mode, anim::ChainMode::KeepContacts);
  ASSERT_EQ(p.retargets[0].chain_offsets.size(), 1u);
  EXPECT_EQ(p.retargets[0].chain_offsets[0].rotation_deg, glm::vec3(0.0f, 12.5f, -90.0f));
  EXPECT_EQ(p.retargets[1].arm_mode, anim::ChainMode::SourcePosition);
  EXPECT_EQ(p.rig.mirrored_clips, std::vector<std::string>{"run"});
  ASSERT_TRUE(p.session.has_value());
  EXPECT_EQ(p.session->loop, anim::PlaybackMode::PingPong);
  ASSERT_EQ(p.clip_markers.size(), 1u);
  EXPECT_EQ(p.clip_markers[0].markers[1].time_s, 0.5f);

  EXPECT_EQ(project_to_json(p), text);
}

}  // namespace
}  // namespace project
