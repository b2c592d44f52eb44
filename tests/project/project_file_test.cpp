#include "project/project_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "project/demo_project.h"

namespace project {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A project that uses every feature of the format.
Project make_project() {
  Project p;
  p.character = "<demo>";
  p.clip_files = {"extra/wave.fbx"};
  p.clips = {"idle", "walk", "jog", "wave", "lean"};
  const int speed = p.parameters.add("speed", anim::ParameterType::Float, 0.25f);
  p.parameters.add("direction", anim::ParameterType::Float, -0.5f);
  const int jump = p.parameters.add("jump", anim::ParameterType::Trigger);
  const int crouch = p.parameters.add("crouch", anim::ParameterType::Bool, 1.0f);
  const int gear = p.parameters.add("gear", anim::ParameterType::Int, 2.0f);

  ProjectBlendSpace line;
  line.name = "speed_line";
  line.dimensions = 1;
  line.space_1d.parameter_name = "speed";
  line.space_1d.min = 0.0f;
  line.space_1d.max = 3.0f;
  line.space_1d.samples = {{"idle", 0.0f}, {"walk", 1.4f}, {"jog", 3.0f}};
  p.blend_spaces.push_back(line);
  ProjectBlendSpace plane;
  plane.name = "locomotion";
  plane.dimensions = 2;
  plane.space_2d.mode = anim::BlendMode2D::FreeformCartesian;
  plane.space_2d.x_axis = {"velocity x", -2.0f, 2.0f};
  plane.space_2d.y_axis = {"velocity z", -3.0f, 3.0f};
  plane.space_2d.samples = {{"idle", {0.0f, 0.0f}}, {"walk", {0.0f, 1.4f}}, {"jog", {1.4f, 0.0f}}};
  plane.x_parameter = "direction";
  plane.y_parameter = "speed";
  p.blend_spaces.push_back(plane);

  anim::StateMachine inner;
  inner.name = "air";
  inner.states = {{"rise", anim::StateKind::Clip, 3, 1.0f, false, -1}};
  anim::StateMachine& m = p.state_machine;
  m.name = "base";
  m.sub_machines.push_back(inner);
  m.states = {{"idle", anim::StateKind::Clip, 0, 1.0f, true, -1},
              {"move", anim::StateKind::BlendSpace, 1, 1.25f, true, speed},
              {"jump", anim::StateKind::StateMachine, 0, 1.0f, true, -1}};
  m.states[0].sync_group = "feet";
  m.states[1].sync_group = "feet";
  m.entry_state = 0;
  anim::Transition start;
  start.source = 0;
  start.target = 1;
  start.conditions = {{speed, anim::ConditionOp::Greater, 0.1f},
                      {crouch, anim::ConditionOp::False, 0.0f},
                      {gear, anim::ConditionOp::Equals, 2.0f}};
  start.duration = 0.3f;
  start.ease = anim::Ease::Bezier;
  start.interruption = anim::Interruption::Target;
  start.pose_matched_entry = true;
  anim::Transition stop;
  stop.source = 1;
  stop.target = 0;
  stop.conditions = {{speed, anim::ConditionOp::Less, 0.1f}};
  stop.has_exit_time = true;
  stop.exit_time = 0.5f;
  stop.duration = 0.25f;
  stop.duration_unit = anim::DurationUnit::Normalized;
  stop.blend = anim::TransitionBlend::Inertialization;
  stop.offset = 0.125f;
  stop.priority = 3;
  anim::Transition leap;
  leap.source = anim::kAnyState;
  leap.target = 2;
  leap.conditions = {{jump, anim::ConditionOp::Trigger, 0.0f}};
  leap.blend = anim::TransitionBlend::CrossfadeFrozen;
  leap.allow_self = true;
  m.transitions = {start, stop, leap};

  p.layers.push_back({"wave", anim::LayerMode::Override, 0.75f, 3, {"spine_02"}, {}, {}, {}, {}});
  p.layers.push_back({"lean", anim::LayerMode::Additive, 0.5f, 4, {}, {}, {}, {}, {}});
  p.view.skinning = visual::SkinningChoice::DualQuat;
  p.view.show_grid = false;
  p.view.camera.yaw_deg = 30.0f;
  p.view.camera.distance_m = 2.5f;
  p.view.camera.target = {0.1f, 0.9f, -0.2f};
  p.view.layout.left_width = 410.0f;
  p.view.layout.right_open = false;
  p.view.layout.ui_scale = 1.5f;
  p.view.layout.ui_scale_automatic = false;
  p.view.fxaa = false;
  return p;
}

class ProjectFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("animview_project_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const char* name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(ProjectFile, RoundTripKeepsEverything) {
  const Project original = make_project();
  const std::string file = path("scene.animview.json");
  ASSERT_EQ(save_project(original, file), "");
  EXPECT_FALSE(fs::exists(file + ".tmp"));
  Project loaded;
  ASSERT_EQ(load_project(file, loaded), "");
  EXPECT_EQ(project_to_json(loaded), project_to_json(original));

  // Spot checks on the in-memory form, independent of the writer.
  EXPECT_EQ(loaded.clips, original.clips);
  ASSERT_EQ(loaded.parameters.count(), 5);
  EXPECT_EQ(loaded.parameters.at(2).type, anim::ParameterType::Trigger);
  EXPECT_FLOAT_EQ(loaded.parameters.get(1), -0.5f);
  ASSERT_EQ(loaded.blend_spaces.size(), 2u);
  EXPECT_EQ(loaded.blend_spaces[0].dimensions, 1);
  EXPECT_FLOAT_EQ(loaded.blend_spaces[0].space_1d.samples[1].threshold, 1.4f);
  EXPECT_EQ(loaded.blend_spaces[1].space_2d.mode, anim::BlendMode2D::FreeformCartesian);
  EXPECT_EQ(loaded.blend_spaces[1].space_2d.samples[2].position, glm::vec2(1.4f, 0.0f));
  EXPECT_EQ(loaded.blend_spaces[1].x_parameter, "direction");
  const anim::StateMachine& m = loaded.state_machine;
  ASSERT_EQ(m.states.size(), 3u);
  EXPECT_EQ(m.states[1].kind, anim::StateKind::BlendSpace);
  EXPECT_EQ(m.states[1].index, 1);
  EXPECT_EQ(m.states[1].speed_parameter, 0);
  EXPECT_FLOAT_EQ(m.states[1].speed, 1.25f);
  EXPECT_EQ(m.states[0].sync_group, "feet");
  EXPECT_EQ(m.states[1].sync_group, "feet");
  EXPECT_EQ(m.states[2].sync_group, "");
  ASSERT_EQ(m.sub_machines.size(), 1u);
  EXPECT_FALSE(m.sub_machines[0].states[0].loop);
  ASSERT_EQ(m.transitions.size(), 3u);
  EXPECT_EQ(m.transitions[0].conditions.size(), 3u);
  EXPECT_EQ(m.transitions[0].ease, anim::Ease::Bezier);
  EXPECT_TRUE(m.transitions[0].pose_matched_entry);
  EXPECT_FALSE(m.transitions[0].has_exit_time);
  EXPECT_TRUE(m.transitions[1].has_exit_time);
  EXPECT_FLOAT_EQ(m.transitions[1].exit_time, 0.5f);
  EXPECT_EQ(m.transitions[1].blend, anim::TransitionBlend::Inertialization);
  EXPECT_EQ(m.transitions[1].duration_unit, anim::DurationUnit::Normalized);
  EXPECT_EQ(m.transitions[1].priority, 3);
  EXPECT_EQ(m.transitions[2].source, anim::kAnyState);
  EXPECT_TRUE(m.transitions[2].allow_self);
  ASSERT_EQ(loaded.layers.size(), 2u);
  EXPECT_EQ(loaded.layers[0].mask_joints, std::vector<std::string>{"spine_02"});
  EXPECT_EQ(loaded.layers[1].mode, anim::LayerMode::Additive);
  EXPECT_EQ(loaded.view.skinning, visual::SkinningChoice::DualQuat);
  EXPECT_FALSE(loaded.view.show_grid);
  EXPECT_EQ(loaded.view.camera.yaw_deg, 30.0f);
  EXPECT_EQ(loaded.view.camera.distance_m, 2.5f);
  EXPECT_EQ(loaded.view.camera.target, glm::vec3(0.1f, 0.9f, -0.2f));
  EXPECT_EQ(loaded.view.layout.left_width, 410.0f);
  EXPECT_EQ(loaded.view.layout.right_width, 0.0f);
  EXPECT_TRUE(loaded.view.layout.left_open);
  EXPECT_FALSE(loaded.view.layout.right_open);
  EXPECT_EQ(loaded.view.layout.ui_scale, 1.5f);
  EXPECT_FALSE(loaded.view.layout.ui_scale_automatic);
  EXPECT_FALSE(loaded.view.fxaa);
}

TEST_F(ProjectFile, SaveReplacesAnExistingFileWhole) {
  const std::string file = path("p.json");
  Project first = make_project();
  first.clip_files = {"a.fbx", "b.fbx", "c.fbx", "d.fbx"};  // a longer file first
  ASSERT_EQ(save_project(first, file), "");
  Project second = make_project();
  second.clip_files.clear();
  ASSERT_EQ(save_project(second, file), "");
  Project loaded;
  ASSERT_EQ(load_project(file, loaded), "");
  EXPECT_TRUE(loaded.clip_files.empty());
}

TEST_F(ProjectFile, SaveIntoAMissingFolderFailsNamingThePath) {
  const std::string file = path("no/such/folder/p.json");
  const std::string error = save_project(make_project(), file);
  EXPECT_NE(error.find(file), std::string::npos) << error;
}

TEST_F(ProjectFile, MissingFileIsNamed) {
  Project p;
  const std::string error = load_project(path("absent.json"), p);
  EXPECT_NE(error.find("absent.json"), std::string::npos) << error;
}

// Parses text into a project that already holds something, expects failure, and checks that the
// message contains each fragment and that nothing was loaded.
void expect_rejected(const std::string& text, std::initializer_list<std::string> fragments) {
  Project out;
  out.character = "untouched";
  const std::string error = parse_project(text, "scene.json", out);
  ASSERT_FALSE(error.empty()) << "accepted:\n" << text;
  EXPECT_EQ(error.rfind("scene.json: ", 0), 0u) << error;
  for (const std::string& fragment : fragments) {
    EXPECT_NE(error.find(fragment), std::string::npos) << "'" << fragment << "' not in: " << error;
  }
  EXPECT_EQ(out.character, "untouched");
  EXPECT_TRUE(out.clips.empty());
}

// The valid project as a JSON document, changed by edit, as text.
std::string edited(const std::function<void(json&)>& edit) {
  json j = json::parse(project_to_json(make_project()));
  edit(j);
  return j.dump(2);
}

TEST(ProjectFileErrors, HalfWrittenFileNamesTheLineWhereItEnds) {
  const std::string full = project_to_json(make_project());
  const std::string half = full.substr(0, full.size() / 2);
  const auto lines = std::count(half.begin(), half.end(), '\n') + 1;
  expect_rejected(half, {"line " + std::to_string(lines), "not valid JSON"});
}

TEST(ProjectFileErrors, SyntaxErrorNamesLineAndColumn) {
  expect_rejected("{\n  \"version\": 1,\n  \"character\" \"x\"\n}\n",
                  // The column where the parser stopped: the end of the unexpected "x".
                  {"line 3, column 17", "not valid JSON", "expected ':'"});
  expect_rejected("", {"line 1", "not valid JSON"});
}

TEST(ProjectFileErrors, EachBadFieldIsNamedByItsPath) {
  expect_rejected(edited([](json& j) { j["version"] = 2; }), {"version", "newer animview"});
  expect_rejected(edited([](json& j) { j["version"] = 0; }), {"version", "unknown format"});
  expect_rejected(edited([](json& j) { j.erase("state_machine"); }), {"state_machine: missing"});
  expect_rejected(edited([](json& j) { j["clips"][1] = "idle"; }),
                  {"clips[1]", "duplicate clip name 'idle'"});
  expect_rejected(edited([](json& j) { j["parameters"][1]["type"] = "double"; }),
                  {"parameters[1].type", "'double'"});
  expect_rejected(edited([](json& j) { j["parameters"][2]["name"] = "speed"; }),
                  {"parameters[2].name", "duplicate parameter"});
  expect_rejected(edited([](json& j) { j["blend_spaces"][1]["samples"][2]["position"] = {1.0}; }),
                  {"blend_spaces[1].samples[2].position", "2 numbers"});
  expect_rejected(edited([](json& j) { j["blend_spaces"][1]["mode"] = "radial"; }),
                  {"blend_spaces[1].mode", "'radial'"});
  expect_rejected(edited([](json& j) { j["blend_spaces"][0]["samples"][0]["clip"] = "fly"; }),
                  {"blend_spaces[0].samples[0].clip", "'fly'"});
  expect_rejected(edited([](json& j) { j["blend_spaces"][0]["samples"][1]["threshold"] = 0.0; }),
                  {"blend_spaces[0]"});
  expect_rejected(edited([](json& j) { j["state_machine"]["transitions"][0]["to"] = "sprint"; }),
                  {"state_machine.transitions[0].to", "unknown state 'sprint'"});
  expect_rejected(edited([](json& j) { j["state_machine"]["transitions"][1]["from"] = "swim"; }),
                  {"state_machine.transitions[1].from", "'swim'"});
  expect_rejected(
      edited([](json& j) {
        j["state_machine"]["transitions"][0]["conditions"][1]["parameter"] = "x";
      }),
      {"state_machine.transitions[0].conditions[1].parameter", "unknown parameter 'x'"});
  expect_rejected(
      edited([](json& j) { j["state_machine"]["transitions"][0]["conditions"][0].erase("value"); }),
      {"state_machine.transitions[0].conditions[0].value", "missing"});
  expect_rejected(edited([](json& j) { j["state_machine"]["transitions"][0]["duration"] = -1; }),
                  {"state_machine.transitions[0].duration", ">= 0"});
  expect_rejected(edited([](json& j) { j["state_machine"]["transitions"][0]["blend"] = "cut"; }),
                  {"state_machine.transitions[0].blend", "'cut'"});
  expect_rejected(
      edited([](json& j) { j["state_machine"]["transitions"][2]["conditions"][0]["op"] = "true"; }),
      {"state_machine", "trigger 'jump'"});
  expect_rejected(edited([](json& j) { j["state_machine"]["states"][0]["clip"] = "fly"; }),
                  {"state_machine.states[0].clip", "'fly'"});
  expect_rejected(edited([](json& j) { j["state_machine"]["states"][0]["blend_space"] = "x"; }),
                  {"state_machine.states[0]", "exactly one of"});
  expect_rejected(edited([](json& j) { j["state_machine"]["states"][1]["speed"] = "fast"; }),
                  {"state_machine.states[1].speed", "expected a number, found string"});
  expect_rejected(edited([](json& j) {
                    j["state_machine"]["states"][2]["state_machine"]["states"][0]["clip"] = "fly";
                  }),
                  {"state_machine.states[2].state_machine.states[0].clip", "'fly'"});
  expect_rejected(edited([](json& j) { j["state_machine"]["entry"] = "nowhere"; }),
                  {"state_machine.entry", "'nowhere'"});
  expect_rejected(edited([](json& j) { j["state_machine"]["states"][1]["name"] = "idle"; }),
                  {"state_machine.states[1].name", "duplicate state name"});
  expect_rejected(edited([](json& j) { j["layers"][0]["weight"] = 2.0; }),
                  {"layers[0].weight", "[0, 1]"});
  expect_rejected(edited([](json& j) { j["layers"][1]["clip"] = "dance"; }),
                  {"layers[1].clip", "'dance'"});
  expect_rejected(edited([](json& j) { j["view"]["camera_target"] = "origin"; }),
                  {"view.camera_target", "3 numbers"});
  expect_rejected(edited([](json& j) { j["view"]["ui_scale"] = -5; }),
                  {"view.ui_scale", "from 0.5 to 3"});
  expect_rejected(edited([](json& j) { j["view"]["ui_scale"] = 0.2; }),
                  {"view.ui_scale", "0 (from the screen)"});
  expect_rejected(edited([](json& j) { j["view"]["left_panel_width_px"] = -1; }),
                  {"view.left_panel_width_px", "from 0 to 10000"});
  expect_rejected(edited([](json& j) { j["view"]["camera_distance_m"] = 0; }),
                  {"view.camera_distance_m", "> 0"});
  expect_rejected("[1, 2]", {"expected an object, found array"});
}

// Fields this build does not know (a newer animview's, another tool's, a typo) are not errors: the
// project opens, each is named in a notice, and saving writes them back where they were.
TEST(ProjectFileErrors, UnknownFieldsAreReportedAndKeptOnSave) {
  json j = json::parse(project_to_json(make_demo_project()));
  j["future_section"] = {{"weights", {1, 2, 3}}};
  j["view"]["sky"] = "studio";
  j["state_machine"]["transitions"][0]["durration"] = 1;
  Project p;
  ASSERT_EQ(parse_project(j.dump(), "newer.json", p), "");
  const std::vector<std::string> notices = unknown_field_notices(p, "newer.json");
  ASSERT_EQ(notices.size(), 3u);
  std::string all;
  for (const std::string& n : notices) all += n + "\n";
  EXPECT_NE(all.find("newer.json: field 'future_section'"), std::string::npos) << all;
  EXPECT_NE(all.find("'view/sky'"), std::string::npos) << all;
  EXPECT_NE(all.find("'state_machine/transitions/0/durration'"), std::string::npos) << all;
  // Known fields still read as usual, and an edit is saved with the unknown fields around it.
  p.view.wireframe = true;
  const json saved = json::parse(project_to_json(p));
  EXPECT_EQ(saved["future_section"]["weights"], json({1, 2, 3}));
  EXPECT_EQ(saved["view"]["sky"], "studio");
  EXPECT_EQ(saved["view"]["wireframe"], true);
  EXPECT_EQ(saved["state_machine"]["transitions"][0]["durration"], 1);
  // A project without unknown fields has no notices and saves the same text as before.
  Project plain;
  ASSERT_EQ(parse_project(project_to_json(make_demo_project()), "plain.json", plain), "");
  EXPECT_TRUE(unknown_field_notices(plain, "plain.json").empty());
  EXPECT_EQ(project_to_json(plain), project_to_json(make_demo_project()));
}

TEST(ProjectFileErrors, OptionalFieldsTakeTheirDefaults) {
  const std::string text = R"({
    "version": 1,
    "character": "<demo>",
    "clips": ["idle", "walk"],
    "parameters": [{"name": "go", "type": "trigger"}],
    "state_machine": {
      "states": [{"name": "idle", "clip": "idle"}, {"name": "walk", "clip": "walk"}],
      "transitions": [{"from": "idle", "to": "walk", "conditions": [{"parameter": "go", "op": "trigger"}]}]
    }
  })";
  Project p;
  ASSERT_EQ(parse_project(text, "minimal.json", p), "");
  EXPECT_EQ(p.state_machine.entry_state, 0);
  const anim::Transition& t = p.state_machine.transitions[0];
  EXPECT_FLOAT_EQ(t.duration, 0.25f);
  EXPECT_EQ(t.blend, anim::TransitionBlend::CrossfadeSmooth);
  EXPECT_FALSE(t.has_exit_time);
  EXPECT_TRUE(p.view.show_mesh);
  EXPECT_TRUE(p.layers.empty());
}

TEST(ProjectFileMachines, SeveralMachinesAndStatePositionsSurviveARoundTrip) {
  const std::string text = R"({
    "version": 1,
    "character": "<demo>",
    "clips": ["idle", "walk"],
    "state_machine": {"name": "ground", "states": [{"name": "idle", "clip": "idle",
                                                    "position": [120.5, 40]}]},
    "other_state_machines": [
      {"name": "water", "states": [{"name": "float", "clip": "idle"},
                                   {"name": "swim", "clip": "walk"}],
       "transitions": [{"from": "float", "to": "swim", "exit_time": 1}]}
    ]
  })";
  Project p;
  ASSERT_EQ(parse_project(text, "machines.json", p), "");
  EXPECT_EQ(p.state_machine.name, "ground");
  ASSERT_EQ(p.state_machine.editor_positions.size(), 1u);
  ASSERT_TRUE(p.state_machine.editor_positions[0].has_value());
  EXPECT_EQ(*p.state_machine.editor_positions[0], glm::vec2(120.5f, 40.0f));
  ASSERT_EQ(p.other_state_machines.size(), 1u);
  EXPECT_EQ(p.other_state_machines[0].name, "water");
  EXPECT_EQ(p.other_state_machines[0].transitions[0].target, 1);
  EXPECT_TRUE(p.other_state_machines[0].editor_positions.empty());
  EXPECT_TRUE(unknown_field_notices(p, "machines.json").empty());
  Project again;
  ASSERT_EQ(parse_project(project_to_json(p), "again.json", again), "");
  EXPECT_EQ(project_to_json(again), project_to_json(p));
  EXPECT_EQ(again.other_state_machines[0].states[1].name, "swim");
}

// Sync groups (#41) are an optional state field: files written before them load with no groups,
// a state outside any group writes none, and a group that is not a string is named by its path.
TEST(ProjectFileMachines, SyncGroupsAreOptionalPerStateAndSurviveARoundTrip) {
  const std::string text = R"({
    "version": 1, "character": "<demo>", "clips": ["walk", "run"],
    "state_machine": {"states": [{"name": "walk", "clip": "walk", "sync_group": "locomotion"},
                                 {"name": "run", "clip": "run"}]}
  })";
  Project p;
  ASSERT_EQ(parse_project(text, "groups.json", p), "");
  EXPECT_EQ(p.state_machine.states[0].sync_group, "locomotion");
  EXPECT_EQ(p.state_machine.states[1].sync_group, "");
  EXPECT_TRUE(unknown_field_notices(p, "groups.json").empty());
  const json written = json::parse(project_to_json(p));
  EXPECT_EQ(written["state_machine"]["states"][0]["sync_group"], "locomotion");
  EXPECT_FALSE(written["state_machine"]["states"][1].contains("sync_group"));

  json bad = json::parse(text);
  bad["state_machine"]["states"][1]["sync_group"] = 3;
  Project q;
  const std::string error = parse_project(bad.dump(), "groups.json", q);
  EXPECT_NE(error.find("sync_group"), std::string::npos) << error;
  EXPECT_NE(error.find("expected a string"), std::string::npos) << error;
}

TEST(ProjectFileMachines, AFileOfOneMachineWritesNoOtherMachines) {
  Project p;
  p.clips = {"idle"};
  p.state_machine.states.push_back({"idle", anim::StateKind::Clip, 0, 1.0f, true, -1});
  EXPECT_FALSE(json::parse(project_to_json(p)).contains("other_state_machines"));
}

TEST(ProjectFileMachines, ABrokenOtherMachineIsNamedByItsPath) {
  const std::string text = R"({
    "version": 1, "character": "<demo>", "clips": ["idle"],
    "state_machine": {"states": [{"name": "idle", "clip": "idle"}]},
    "other_state_machines": [{"name": "water", "states": [{"name": "float", "clip": "fog"}]}]
  })";
  Project p;
  const std::string error = parse_project(text, "machines.json", p);
  EXPECT_NE(error.find("other_state_machines[0].states[0].clip"), std::string::npos) << error;
}

}  // namespace
}  // namespace project
