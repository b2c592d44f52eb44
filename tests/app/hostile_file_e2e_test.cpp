// End to end: the viewer survives files that crash assimp. A file it has open is replaced on
// disk by one that crashes the importer; the reload fails with an error naming the file, and
// the viewer keeps running with the character and clips it had. A headless run whose file
// crashes the importer exits non-zero.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "support/hostile_files.h"
#include "support/temp_files.h"
#include "viewer_process.h"

TEST(HostileFileWindow, AFileThatCrashesTheImporterLeavesThePreviousCharacter) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  // A BVH chain of 50 joints opens on a 1 MiB import stack; one of 30000 overflows it.
  const auto model = hostile::deep_bvh(dir, 50);
  e2e::ViewerProcess viewer(
      dir, {"--import-stack-mib", "1", model.string(), "--state-log", "state.jsonl"});
  const auto log = dir / "state.jsonl";
  ASSERT_TRUE(viewer.wait_for_output("animview: first frame", std::chrono::seconds(60)));
  nlohmann::json state;
  for (int i = 0; i < 300; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state["load_count"] == 1 && state.contains("clips")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(state["load_count"], 1) << viewer.errors();
  const nlohmann::json clips_before = state["clips"];

  // The open file becomes one that crashes assimp; the viewer reloads it on its own.
  const auto deeper = dir / "deeper";
  std::filesystem::create_directories(deeper);
  std::filesystem::rename(hostile::deep_bvh(deeper, 30000), model);
  std::filesystem::last_write_time(model, std::filesystem::file_time_type::clock::now());
  bool reported = false;
  for (int i = 0; i < 200 && !reported; ++i) {
    state = e2e::last_json_line(log);
    for (const nlohmann::json& e : state["errors"]) {
      if (e["cause"].get<std::string>().find("crashed") != std::string::npos) reported = true;
    }
    if (!reported) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(reported) << state.dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  state = e2e::last_json_line(log);
  EXPECT_TRUE(state["loaded"].get<bool>());
  EXPECT_EQ(state["load_count"], 1);
  EXPECT_EQ(state["clips"], clips_before);
  const std::string window = viewer.find_window(std::chrono::seconds(20));
  ASSERT_FALSE(window.empty());
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}

TEST(HostileFileHeadless, AFileThatCrashesTheImporterExitsNonZero) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto crasher = hostile::deep_bvh(dir, 30000);
  e2e::ViewerProcess viewer(dir, {"--import-stack-mib", "1", "--headless", "--frames", "1", "--out",
                                  (dir / "frames").string(), crasher.string()});
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(60)), 1) << viewer.errors();
  EXPECT_NE(viewer.errors().find("crashed (SIGSEGV)"), std::string::npos) << viewer.errors();
  std::filesystem::remove_all(dir);
}
