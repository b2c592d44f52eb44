// End to end: joints picked by clicking them in the real window (xdotool), read back from the
// viewer's state log. With the Joints tab open, a click on a joint selects it, Shift+click adds
// another, and the selection stays when the previewed clip changes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "graph_authoring_steps.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

// A joint drawn at least 20 px from every other (a click there picks it and nothing else),
// within the viewport's middle, other than skip; "" when none is.
std::string isolated_joint(const nlohmann::json& pixels, const std::string& skip) {
  for (auto a = pixels.begin(); a != pixels.end(); ++a) {
    const float x = (*a)[0], y = (*a)[1];
    if (a.key() == skip || x < 350.0f || x > 1000.0f || y < 80.0f || y > 500.0f) continue;
    bool alone = true;
    for (auto b = pixels.begin(); b != pixels.end() && alone; ++b) {
      alone = a.key() == b.key() ||
              std::hypot((*b)[0].get<float>() - x, (*b)[1].get<float>() - y) >= 20.0f;
    }
    if (alone) return a.key();
  }
  return {};
}

}  // namespace

TEST(JointPickingWindow, ClickSelectsShiftClickAddsAndClipChangesKeepIt) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--clip", "walk_forward", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json s = e2e::wait_for(
      log, [](const nlohmann::json& s) { return e2e::on_screen(e2e::field(s, "/ui/joints/tab")); });
  ASSERT_TRUE(s.is_object()) << "the Joints tab never showed";
  // Pause (Space, with the pointer in the view) so the joints stay where the log says.
  e2e::run_and_read("xdotool mousemove --window " + window + " 640 300 sleep 0.3");
  viewer.send_keys(window, "space");
  e2e::run_and_read("xdotool" + e2e::at(window, s["ui"]["joints"]["tab"]) + " click 1 sleep 0.5");
  s = e2e::wait_for(log, [](const nlohmann::json& s) {
    return e2e::field(s, "/ui/joints/shown") == true &&
           !e2e::field(s, "/ui/joints/pixels").empty() &&
           e2e::field(s, "/timeline/playing") == false;
  });
  ASSERT_TRUE(s.is_object()) << "the Joints tab never opened, or the clip never paused";
  const nlohmann::json pixels = s["ui"]["joints"]["pixels"];
  const std::string first = isolated_joint(pixels, "");
  ASSERT_FALSE(first.empty()) << "no joint stands alone: " << pixels.dump();
  const std::string second = isolated_joint(pixels, first);
  ASSERT_FALSE(second.empty()) << "no second joint stands alone: " << pixels.dump();

  e2e::run_and_read("xdotool" + e2e::at(window, pixels[first]) + " click 1 sleep 0.5");
  s = e2e::wait_for(
      log, [](const nlohmann::json& s) { return !e2e::field(s, "/ui/joints/selected").empty(); });
  ASSERT_TRUE(s.is_object()) << "the click selected nothing";
  EXPECT_EQ(s["ui"]["joints"]["selected"], nlohmann::json::array({first}));

  e2e::run_and_read("xdotool" + e2e::at(window, pixels[second]) +
                    " keydown shift sleep 0.2 click 1 sleep 0.2 keyup shift sleep 0.5");
  s = e2e::wait_for(log, [](const nlohmann::json& s) {
    return e2e::field(s, "/ui/joints/selected").size() == 2;
  });
  ASSERT_TRUE(s.is_object()) << "Shift+click added nothing";
  EXPECT_EQ(s["ui"]["joints"]["selected"], nlohmann::json::array({first, second}));

  // Another clip previewed (the Clips tab's row): the selection stays.
  e2e::run_and_read("xdotool" + e2e::at(window, s["ui"]["clips_tab"]) + " click 1 sleep 0.5");
  s = e2e::wait_for(log, [](const nlohmann::json& s) {
    const nlohmann::json rows = e2e::field(s, "/ui/clip_rows");
    return rows.is_object() && rows.contains("idle") && e2e::on_screen(rows["idle"]);
  });
  ASSERT_TRUE(s.is_object()) << "the clip rows never showed";
  // ImGui takes two presses for a double click only when its frame clock puts them within 0.3 s:
  // on a loaded machine one slow frame splits them into two single clicks, which only select the
  // row. The gesture is then made again; what is tested is the selection kept, not that timing.
  const nlohmann::json idle_row = s["ui"]["clip_rows"]["idle"];
  for (int attempt = 0; attempt < 3; ++attempt) {
    e2e::run_and_read("xdotool" + e2e::at(window, idle_row) +
                      " click --repeat 2 --delay 150 1 sleep 0.5");
    s = e2e::wait_for(
        log, [](const nlohmann::json& s) { return s["clip"] == "idle"; }, 100);
    if (s.is_object()) break;
  }
  ASSERT_TRUE(s.is_object()) << "idle was never previewed";
  EXPECT_EQ(s["ui"]["joints"]["selected"], nlohmann::json::array({first, second}));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0);
}
