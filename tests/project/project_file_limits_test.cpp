// Project files that are valid JSON but hostile: numbers out of range, nesting deeper than the
// runtime's recursion should meet, lists longer than any project has. Each is refused with a
// message naming the file and the field, never an exception or a stack overflow.

#include <gtest/gtest.h>

#include <string>

#include "project/project_file.h"

namespace project {
namespace {

std::string parse_error(const std::string& text) {
  Project p;
  return parse_project(text, "hostile.json", p);
}

// A machine nested `levels` deep: each level's only state is the next machine.
std::string nested_machines(int levels) {
  std::string text =
      R"({"version": 1, "character": "<demo>", "clips": ["idle"], "state_machine": )";
  for (int i = 0; i < levels; ++i) text += R"({"states": [{"name": "s", "state_machine": )";
  text += R"({"states": [{"name": "leaf", "clip": "idle"}]})";
  for (int i = 0; i < levels; ++i) text += "}]}";
  return text + "}";
}

TEST(ProjectFileLimits, ANumberTooLargeForADoubleIsAMessage) {
  EXPECT_EQ(parse_error(R"({"version": 1e309})"),
            "hostile.json: not valid JSON: number overflow parsing '1e309'");
}

// 4.4e53 is a finite double but no float: stored, it would become infinity and be written
// back as null. A vector's component and a lone number are refused alike.
TEST(ProjectFileLimits, ANumberBeyondAFloatIsRefusedWhereverItStands) {
  const std::string head =
      R"({"version": 1, "character": "<demo>", "clips": ["idle"], )"
      R"("state_machine": {"states": [{"name": "a", "clip": "idle"}]}, "view": )";
  EXPECT_EQ(parse_error(head + R"({"camera_target": [0, 4.4e53, 0]}})"),
            "hostile.json: view.camera_target[1]: number out of range");
  EXPECT_EQ(parse_error(head + R"({"camera_distance_m": -4.4e53}})"),
            "hostile.json: view.camera_distance_m: number out of range");
  EXPECT_EQ(parse_error(head + R"({"camera_target": [0, "up", 0]}})"),
            "hostile.json: view.camera_target[1]: expected a number, found string");
  Project p;
  EXPECT_EQ(parse_project(head + R"({"camera_target": [0, 3e38, 0]}})", "ok.json", p), "");
  EXPECT_FLOAT_EQ(p.view.camera.target.y, 3e38f);
  const std::string weights = R"({"version": 1, "character": "<demo>", "clips": ["idle"], )"
                              R"("state_machine": {"states": [{"name": "a", "clip": "idle"}]}, )"
                              R"("motion_matching": {"weights": {"pose": 4.4e53}}})";
  EXPECT_EQ(parse_error(weights),
            "hostile.json: motion_matching.weights.pose: number out of range");
}

TEST(ProjectFileLimits, StateMachinesNestAtMostSixteenLevels) {
  Project p;
  ASSERT_EQ(parse_project(nested_machines(15), "ok.json", p), "");
  // Fifteen wrappers around the leaf: sixteen machines in all, the leaf one the deepest.
  const anim::StateMachine* m = &p.state_machine;
  int depth = 1;
  while (!m->sub_machines.empty()) {
    m = &m->sub_machines[0];
    ++depth;
  }
  EXPECT_EQ(depth, 16);
  EXPECT_EQ(m->states[0].name, "leaf");
  const std::string error = parse_error(nested_machines(16));
  EXPECT_NE(error.find("nest more than 16 levels deep"), std::string::npos) << error;
  EXPECT_EQ(error.rfind("hostile.json: state_machine.states[0].state_machine", 0), 0u) << error;
}

TEST(ProjectFileLimits, FiveThousandNestedMachinesAreRefusedNotRecursedInto) {
  const std::string error = parse_error(nested_machines(5000));
  EXPECT_NE(error.find("the JSON nests more than 64 levels deep"), std::string::npos) << error;
}

TEST(ProjectFileLimits, ListsLongerThanTenThousandAreRefused) {
  std::string clips;
  for (int i = 0; i < 10001; ++i) clips += (i ? ",\"c" : "\"c") + std::to_string(i) + "\"";
  const std::string error =
      parse_error(R"({"version": 1, "character": "<demo>", "clips": [)" + clips +
                  R"(], "state_machine": {"states": [{"name": "a", "clip": "c0"}]}})");
  EXPECT_EQ(error, "hostile.json: clips: has 10001 entries; a project may have at most 10000");
}

TEST(ProjectFileLimits, AnIntegerWhereAStringBelongsNamesTheField) {
  const std::string error = parse_error(R"({"version": 1, "character": 5})");
  EXPECT_EQ(error, "hostile.json: character: expected a string, found number");
}

}  // namespace
}  // namespace project
