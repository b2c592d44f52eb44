// End to end: files dropped on the viewer's window from another X client (a real XDND drop,
// which GLFW's X11 backend hands to the viewer's drop callback) are opened, the first as the
// character and the others as its clip files, and their clips listed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "support/temp_files.h"
#include "viewer_process.h"
#include "xdnd_source.h"

namespace {

bool lists_clip(const nlohmann::json& state, const std::string& clip) {
  if (!state.is_object() || !state.contains("clips")) return false;
  const auto& clips = state["clips"];
  return std::find(clips.begin(), clips.end(), clip) != clips.end();
}

}  // namespace

TEST(XdndUriList, EncodesPathsAsFileUris) {
  EXPECT_EQ(e2e::uri_list({"/tmp/a b/walk#1.glb", "/x/y.fbx"}),
            "file:///tmp/a%20b/walk%231.glb\r\nfile:///x/y.fbx\r\n");
}

TEST(DropWindow, FilesDroppedTogetherOpenAsACharacterWithItsClipFiles) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  // A space in the name: the drop carries it percent-encoded and GLFW must decode it.
  const auto model = dir / "dropped demo.glb";
  ASSERT_EQ(
      std::system((std::string(ANIMVIEW_EXE) + " export-demo '" + model.string() + "' > /dev/null")
                      .c_str()),
      0);
  const auto clips = dir / "more.glb";
  std::filesystem::copy_file(model, clips);
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--empty", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state = e2e::last_json_line(log);
  ASSERT_TRUE(state.is_object()) << viewer.errors();
  EXPECT_EQ(state["load_count"], 0);
  EXPECT_FALSE(state["loaded"].get<bool>());

  ASSERT_EQ(e2e::xdnd_drop(std::stoul(window), {model, clips}, std::chrono::seconds(20)), "");
  for (int i = 0; i < 600; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state["load_count"] == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(state["load_count"], 1) << "the drop was not opened: " << viewer.errors();
  EXPECT_TRUE(state["loaded"].get<bool>());
  EXPECT_TRUE(state["errors"].empty()) << state["errors"].dump();
  // The character's 24 clips, then the clip file's 24, named after their file.
  ASSERT_EQ(state["clips"].size(), 48u) << state["clips"].dump();
  EXPECT_TRUE(lists_clip(state, "wave"));
  EXPECT_TRUE(lists_clip(state, "jog_left"));
  EXPECT_TRUE(lists_clip(state, "wave (more.glb)"));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
