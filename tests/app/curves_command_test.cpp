// `animview curves` reads a joint's channels from the frames `animview pose` composes: at every
// sampled time its model_translation is the joint's position in `pose --json` (the built-in demo
// and KayKit's Knight). Bad joints, clips and filters are refused, naming the cause.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;

// path in single quotes, for the shell (appended: GCC 12 warns falsely on "'" + std::string).
std::string shell_quoted(const fs::path& path) {
  std::string q = "'";
  q += path.string();
  q += "'";
  return q;
}

class CurvesCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    // The sanitizer build has no executable.
    if (!fs::exists(ANIMVIEW_EXE)) GTEST_SKIP() << ANIMVIEW_EXE << " is not built";
    dir_ = test::make_temp_dir();
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  nlohmann::json run_json(const std::string& args) {
    const test::ProcessResult r = test::run_animview(args + " --json", dir_);
    EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
  }

  // Checks curves of joint in clip over [0, to_s] at fps against `pose --time` at each frame.
  void expect_curves_match_pose(const std::string& file, const std::string& clip,
                                const std::string& joint, float to_s, int fps) {
    const std::string frame = shell_quoted(fs::path(file)) + " --clip " + clip;
    const nlohmann::json curves = run_json("curves " + frame + " --joint " + joint + " --to " +
                                           std::to_string(to_s) + " --fps " + std::to_string(fps));
    ASSERT_TRUE(curves.is_object());
    EXPECT_EQ(curves["joint"], joint);
    const int frames = static_cast<int>(std::floor(to_s * fps + 1e-4)) + 1;
    ASSERT_EQ(curves["frames"].size(), static_cast<std::size_t>(frames));
    for (const nlohmann::json& f : curves["frames"]) {
      const double t = f["time"].get<double>();
      const nlohmann::json pose = run_json("pose " + frame + " --time " + std::to_string(t));
      ASSERT_TRUE(pose.is_object());
      bool found = false;
      for (const nlohmann::json& j : pose["joints"]) {
        if (j["name"] != joint) continue;
        found = true;
        for (int c = 0; c < 3; ++c) {
          EXPECT_NEAR(f["model_translation"][c].get<double>(), j["matrix"][12 + c].get<double>(),
                      1e-5)
              << joint << " at " << t << " s, axis " << c;
        }
      }
      EXPECT_TRUE(found) << joint << " not in pose's joints";
      const nlohmann::json& q = f["rotation_quat"];
      double norm = 0.0;
      for (int c = 0; c < 4; ++c) norm += q[c].get<double>() * q[c].get<double>();
      EXPECT_NEAR(norm, 1.0, 1e-5);
      EXPECT_GE(f["linear_speed"].get<double>(), 0.0);
    }
  }

  fs::path dir_;
};

TEST_F(CurvesCommand, TheDemosCurvesAgreeWithPoseAtEveryFrame) {
  const fs::path demo = dir_ / "demo.glb";
  ASSERT_EQ(test::run_animview("export-demo " + shell_quoted(demo), dir_).exit_code, 0);
  const nlohmann::json pose = run_json("pose " + shell_quoted(demo) + " --clip 0");
  ASSERT_TRUE(pose.is_object());
  // The last joint: the end of a chain, where errors would add up.
  const std::string joint = pose["joints"].back()["name"];
  expect_curves_match_pose(demo.string(), "0", joint, 0.5f, 10);
}

TEST_F(CurvesCommand, TheKnightsWristAgreesWithPoseAtEveryFrame) {
  const fs::path knight = fs::path(ANIMVIEW_SHARED_ASSETS) / "kaykit" / "Knight.glb";
  if (!fs::exists(knight)) GTEST_SKIP() << knight << " is absent (shared assets)";
  expect_curves_match_pose(knight.string(), "Walking_A", "wrist.r", 1.0f, 6);
}

TEST_F(CurvesCommand, BadJointsClipsAndFiltersAreRefusedNamingTheCause) {
  const fs::path demo = dir_ / "demo.glb";
  ASSERT_EQ(test::run_animview("export-demo " + shell_quoted(demo), dir_).exit_code, 0);
  const std::string file = shell_quoted(demo);
  struct Case {
    std::string args;
    int exit_code;
    std::string message;
  };
  const Case cases[] = {
      {" --clip 0 --joint Nope", 1, "no joint named 'Nope'"},
      {" --clip Nope --joint hips", 1, "no clip named or numbered 'Nope'"},
      {" --clip 0 --joint hips --filter median:3", 2, "unknown filter"},
      {" --clip 0 --joint hips --filter butterworth:6Hz:12", 2, "order must be"},
      {" --clip 0 --joint hips --filter butterworth:500Hz", 2, "below half the sample rate"},
      {" --clip 0 --joint hips --from 1 --to 0.5", 2, "--to must not come before --from"},
      {" --clip 0 --joint hips --euler-order XXY", 2, "--euler-order must be one of"},
  };
  for (const Case& c : cases) {
    const test::ProcessResult r = test::run_animview("curves " + file + c.args, dir_);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.args << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
  }
}

TEST_F(CurvesCommand, TheSmoothedCmuTakeStaysCloseAndTurnsLessAbruptly) {
  const fs::path take = fs::path(ANIMVIEW_SHARED_ASSETS) / "cmu" / "131_01.bvh";
  if (!fs::exists(take)) GTEST_SKIP() << take << " is absent (shared assets)";
  const std::string args = "curves " + shell_quoted(take) + " --clip 0 --joint RightWrist";
  const nlohmann::json raw = run_json(args);
  const nlohmann::json smooth = run_json(args + " --filter butterworth:6Hz");
  ASSERT_TRUE(raw.is_object() && smooth.is_object());
  ASSERT_EQ(raw["frames"].size(), smooth["frames"].size());
  ASSERT_EQ(raw["frames"].size(), 994u);  // 8.275 s at the take's 120 fps
  double drift = 0.0, raw_turn = 0.0, smooth_turn = 0.0;
  for (std::size_t i = 0; i < raw["frames"].size(); ++i) {
    const nlohmann::json& a = raw["frames"][i];
    const nlohmann::json& b = smooth["frames"][i];
    for (int c = 0; c < 3; ++c) {
      drift = std::max(drift, std::abs(a["model_translation"][c].get<double>() -
                                       b["model_translation"][c].get<double>()));
    }
    raw_turn = std::max(raw_turn, a["angular_speed_deg"].get<double>());
    smooth_turn = std::max(smooth_turn, b["angular_speed_deg"].get<double>());
  }
  // The wrist stays within a few centimetres of its path, and its worst flip (over 5000 deg/s
  // raw: 44 degrees in a frame) is smoothed to a third of it or less.
  EXPECT_LT(drift, 0.05);
  EXPECT_GT(raw_turn, 5000.0);
  EXPECT_LT(smooth_turn, raw_turn / 3.0);
}

TEST_F(CurvesCommand, ExportClipWritesTheSmoothedClip) {
  const fs::path demo = dir_ / "demo.glb";
  const fs::path out = dir_ / "smooth.glb";
  ASSERT_EQ(test::run_animview("export-demo " + shell_quoted(demo), dir_).exit_code, 0);
  const nlohmann::json pose = run_json("pose " + shell_quoted(demo) + " --clip 0");
  ASSERT_TRUE(pose.is_object());
  const std::string clip = pose["clip"];
  const test::ProcessResult r =
      test::run_animview("export-clip " + shell_quoted(demo) + " --clip '" + clip +
                             "' --filter butterworth:6Hz --out " + shell_quoted(out),
                         dir_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("filtered butterworth:6Hz"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(out));
  const test::ProcessResult bad =
      test::run_animview("export-clip " + shell_quoted(demo) +
                             " --clip 0 --filter gaussian:-1 --out " + shell_quoted(out),
                         dir_);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("gaussian:SIGMA_S"), std::string::npos) << bad.err;
}

}  // namespace
