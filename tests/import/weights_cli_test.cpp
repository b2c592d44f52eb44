// The `weights` command run as users run it: the real executable, stdout and stderr apart.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace {

class WeightsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_UNLESS_ANIMVIEW_BUILT();
    dir_ = test::make_temp_dir();
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }
  test::ProcessResult run(const std::string& args) const { return test::run_animview(args, dir_); }

 private:
  std::filesystem::path dir_;
};

// 1D between 0 and 1 at 0.0004: exactly 0.9996 and 0.0004 (linear, by hand). The player drops
// weights under 1e-3 and renormalizes: it plays 1 and 0, which --as-played prints.
TEST_F(WeightsCli, AsPlayedPrintsTheWeightsThePlayerUses) {
  const test::ProcessResult exact = run("weights --mode 1d --samples '0;1' --at 0.0004");
  ASSERT_EQ(exact.exit_code, 0) << exact.err;
  EXPECT_EQ(exact.out, "0.999600\n0.000400\n");
  const test::ProcessResult played =
      run("weights --mode 1d --samples '0;1' --at 0.0004 --as-played");
  ASSERT_EQ(played.exit_code, 0) << played.err;
  EXPECT_EQ(played.out, "1.000000\n0.000000\n");
}

TEST_F(WeightsCli, PrintsOneWeightPerSampleInOrder) {
  // Gradient bands for two samples at a quarter: 0.75 and 0.25.
  const test::ProcessResult r =
      run("weights --mode freeform-cartesian --samples '0,0;1,0' --at 0.25,0");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0.750000\n0.250000\n");
}

TEST_F(WeightsCli, PrintsJson) {
  // 2.75 is half way between 1.5 and 4.
  const test::ProcessResult r = run("weights --mode 1d --samples '1.5;0;4' --at 2.75 --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "{\"weights\": [0.500000, 0.000000, 0.500000]}\n");
}

TEST_F(WeightsCli, EveryModeRunsAndNegativeNumbersParse) {
  // Simple Directional: (0.25, 0.5) = 0.25 right + 0.5 forward, the rest to the centre.
  const test::ProcessResult simple =
      run("weights --mode simple-directional --samples '0,0;0,1;1,0;0,-1;-1,0' --at 0.25,0.5");
  EXPECT_EQ(simple.out, "0.250000\n0.500000\n0.250000\n0.000000\n0.000000\n");
  // Delaunay: clamped from (0.25, -1) onto the bottom edge of the unit square.
  const test::ProcessResult delaunay =
      run("weights --mode delaunay --samples '0,0;1,0;1,1;0,1' --at 0.25,-1");
  EXPECT_EQ(delaunay.out, "0.750000\n0.250000\n0.000000\n0.000000\n");
  // Freeform Directional: half way to forward shares centre and forward equally.
  const test::ProcessResult directional =
      run("weights --mode freeform-directional --samples '0,0;0,1;1,0' --at 0,0.5");
  EXPECT_EQ(directional.out, "0.500000\n0.500000\n0.000000\n");
}

TEST_F(WeightsCli, BadArgumentsExitWithTwoAndSayWhy) {
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
      {"weights --mode 1d --samples '2;2' --at 0", "--samples: sample 1 and sample 2 share"},
  };
  for (const Case& c : cases) {
    const test::ProcessResult r = run(c.arguments);
    EXPECT_EQ(r.exit_code, 2) << c.arguments;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.arguments << "\n" << r.err;
  }
}

}  // namespace
