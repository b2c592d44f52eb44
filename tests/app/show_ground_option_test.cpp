// animview --show-ground: the viewer starts with the ground, sky and shadows on, over the demo
// project's view (which has them off).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

// Runs the headless viewer with args, its frames and state log in dir; returns the last state.
nlohmann::json headless_state(const std::string& args, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const auto log = dir / "state.log";
  const std::string command = std::string(ANIMVIEW_EXE) + " --headless --frames 2 --out '" +
                              dir.string() + "' --state-log '" + log.string() + "' " + args +
                              " > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return e2e::last_json_line(log);
}

TEST(ShowGroundOption, TurnsTheGroundOnOverTheDemoProjectsView) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const nlohmann::json plain = headless_state("", dir / "plain");
  const nlohmann::json ground = headless_state("--show-ground", dir / "ground");
  ASSERT_FALSE(plain.is_null());
  ASSERT_FALSE(ground.is_null());
  EXPECT_TRUE(plain["loaded"].get<bool>());
  EXPECT_TRUE(ground["loaded"].get<bool>());
  EXPECT_FALSE(plain["show_ground"].get<bool>());
  EXPECT_TRUE(ground["show_ground"].get<bool>());
}

}  // namespace
