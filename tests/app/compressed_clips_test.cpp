// The viewer playing its clips in their compressed runtime form (--compressed-clips, or the
// Character panel's Clip storage box): the state log reports far less clip memory for the same
// scene, and the blend still runs.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

// Runs the headless viewer with args, its frames and state log in dir; returns the last state.
nlohmann::json headless_state(const std::string& args, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const auto log = dir / "state.log";
  const std::string command = std::string(ANIMVIEW_EXE) + " --headless --frames 2 --out '" +
                              dir.string() + "' --state-log '" + log.string() +
                              "' --param velocity_z=1.1 " + args + " > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return e2e::last_json_line(log);
}

TEST(CompressedClips, TheDemoPlaysFromATenthOfTheMemory) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const nlohmann::json exact = headless_state("", dir / "exact_clips");
  const nlohmann::json compressed = headless_state("--compressed-clips", dir / "compressed_clips");
  ASSERT_FALSE(exact.is_null());
  ASSERT_FALSE(compressed.is_null());
  EXPECT_FALSE(exact["clip_storage"]["compressed"].get<bool>());
  EXPECT_TRUE(compressed["clip_storage"]["compressed"].get<bool>());
  const auto exact_bytes = exact["clip_storage"]["bytes"].get<double>();
  const auto compressed_bytes = compressed["clip_storage"]["bytes"].get<double>();
  EXPECT_GT(compressed_bytes, 0.0);
  EXPECT_LT(compressed_bytes * 10.0, exact_bytes);
  // The same graph plays: same state, same blend weights, same clip time.
  EXPECT_EQ(exact["state"], compressed["state"]);
  EXPECT_EQ(exact["blend_space"]["weights"], compressed["blend_space"]["weights"]);
  EXPECT_EQ(exact["time"], compressed["time"]);
  std::filesystem::remove_all(dir);
}

}  // namespace
