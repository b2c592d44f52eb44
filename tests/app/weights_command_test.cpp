#include "app/weights_command.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace app {
namespace {

struct RunResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs the real animview executable with arguments (already shell-quoted).
RunResult run_animview(const std::string& arguments) {
  RunResult result;
  const std::string command = std::string("'") + ANIMVIEW_EXE + "' " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

class WeightsCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(ANIMVIEW_EXE)) GTEST_SKIP() << "animview is not built yet";
  }
};

// 1D between 0 and 1 at 0.0004: exactly 0.9996 and 0.0004 (linear, by hand). The player drops
// weights under 1e-3 and renormalizes: it plays 1 and 0, which --as-played prints.
TEST_F(WeightsCommand, AsPlayedPrintsTheWeightsThePlayerUses) {
  const RunResult exact = run_animview("weights --mode 1d --samples '0;1' --at 0.0004");
  ASSERT_EQ(exact.exit_code, 0) << exact.output;
  EXPECT_EQ(exact.output, "0.999600\n0.000400\n");
  const RunResult played =
      run_animview("weights --mode 1d --samples '0;1' --at 0.0004 --as-played");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  EXPECT_EQ(played.output, "1.000000\n0.000000\n");
}

TEST_F(WeightsCommand, PrintsOneWeightPerSampleInOrder) {
  // Gradient bands for two samples at a quarter: 0.75 and 0.25.
  const RunResult r =
      run_animview("weights --mode freeform-cartesian --samples '0,0;1,0' --at 0.25,0");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "0.750000\n0.250000\n");
}

TEST_F(WeightsCommand, PrintsJson) {
  // 2.75 is half way between 1.5 and 4.
  const RunResult r = run_animview("weights --mode 1d --samples '1.5;0;4' --at 2.75 --json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "{\"weights\": [0.500000, 0.000000, 0.500000]}\n");
}

TEST_F(WeightsCommand, EveryModeRunsAndNegativeNumbersParse) {
  // Simple Directional: (0.25, 0.5) = 0.25 right + 0.5 forward, the rest to the centre.
  const RunResult simple = run_animview(
      "weights --mode simple-directional --samples '0,0;0,1;1,0;0,-1;-1,0' --at 0.25,0.5");
  EXPECT_EQ(simple.output, "0.250000\n0.500000\n0.250000\n0.000000\n0.000000\n");
  // Delaunay: clamped from (0.25, -1) onto the bottom edge of the unit square.
  const RunResult delaunay =
      run_animview("weights --mode delaunay --samples '0,0;1,0;1,1;0,1' --at 0.25,-1");
  EXPECT_EQ(delaunay.output, "0.750000\n0.250000\n0.000000\n0.000000\n");
  // Freeform Directional: half way to forward shares centre and forward equally.
  const RunResult directional =
      run_animview("weights --mode freeform-directional --samples '0,0;0,1;1,0' --at 0,0.5");
  EXPECT_EQ(directional.output, "0.500000\n0.500000\n0.000000\n");
}

TEST_F(WeightsCommand, BadArgumentsExitWithTwoAndSayWhy) {
  struct Case {
    const char* arguments;
    const char* message;
  };
  const Case cases[] = {
      {"weights --mode diagonal --samples '0,0' --at 0,0", "--mode: unknown mode 'diagonal'"},
      {"weights --samples '0,0' --at 0,0", "--mode: no mode given"},
      {"weights --mode delaunay --at 0,0", "--samples: no samples given"},
      {"weights --mode delaunay --samples '0,0;1,x' --at 0,0",
       "--samples: sample 2 '1,x': 'x' is not a number"},
      {"weights --mode delaunay --samples '0,0;1' --at 0,0",
       "--samples: sample 2 '1' should be two numbers x,y"},
      {"weights --mode 1d --samples '0;1' --at 0,5", "--at: point 1 '0,5' should be one number"},
      {"weights --mode delaunay --samples '0,0;1,1'", "--at: no point given"},
      {"weights --mode freeform-cartesian --samples '1,1;1,1' --at 0,0",
       "--samples: sample 1 and sample 2 are at the same position"},
      {"weights --mode 1d --samples '2;2' --at 0", "--samples: samples 1 and 2 share"},
  };
  for (const Case& c : cases) {
    const RunResult r = run_animview(c.arguments);
    EXPECT_EQ(r.exit_code, 2) << c.arguments;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.arguments << "\n" << r.output;
  }
}

TEST(ParsePoints, ReadsPointsAndNamesTheBadItem) {
  std::string error;
  const auto points = parse_points(" 1.5,-2 ; 3,4e1", 2, "sample", error);
  ASSERT_TRUE(points);
  ASSERT_EQ(points->size(), 2u);
  EXPECT_EQ((*points)[0], glm::vec2(1.5f, -2.0f));
  EXPECT_EQ((*points)[1], glm::vec2(3.0f, 40.0f));
  EXPECT_FALSE(parse_points("1,2;;3,4", 2, "sample", error));
  EXPECT_EQ(error, "sample 2 '' should be two numbers x,y");
  EXPECT_FALSE(parse_points("1;nan", 1, "sample", error));
  EXPECT_EQ(error, "sample 2 'nan': 'nan' is not a number");
}

}  // namespace
}  // namespace app
