// End to end, in a real window with the real mouse (xdotool): starting from nothing but the
// demo's exported glb (a model with clips and no graph), pick five clips in the clip browser
// (click, then Ctrl+click), make a 2D blend space of them ("From picked": each sample at its
// clip's measured velocity), and drag the point to the plot's right: the character's right, so
// walk_right takes the weight, through the viewer's state log.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include "viewer_process.h"

namespace {

// Polls the state log until ready(state) holds (up to 60 s); returns that state or null.
nlohmann::json wait_for(const std::filesystem::path& log,
                        const std::function<bool(const nlohmann::json&)>& ready) {
  for (int i = 0; i < 600; ++i) {
    const nlohmann::json s = e2e::last_json_line(log);
    if (s.is_object() && s.value("loaded", false) && s.contains("ui") && ready(s)) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return nullptr;
}

std::string at(const std::string& window, const nlohmann::json& point) {
  return " mousemove --window " + window + " " +
         std::to_string(static_cast<int>(point[0].get<float>())) + " " +
         std::to_string(static_cast<int>(point[1].get<float>())) + " sleep 0.3";
}

}  // namespace

TEST(GraphAuthoringWindow, ABlendSpaceMadeFromPickedClipsFollowsThePointToTheCharactersRight) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = std::filesystem::temp_directory_path() / "animview_e2e_authoring";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto glb = dir / "demo.glb";
  const std::string export_demo =
      std::string(ANIMVIEW_EXE) + " export-demo '" + glb.string() + "' > /dev/null";
  ASSERT_EQ(std::system(export_demo.c_str()), 0);

  e2e::ViewerProcess viewer(dir,
                            {"--size", "1280x720", "--state-log", "state.jsonl", glb.string()});
  ASSERT_TRUE(viewer.wait_for_output("animview: first frame", std::chrono::seconds(60)))
      << viewer.errors();
  const std::string window = viewer.find_window(std::chrono::seconds(20));
  ASSERT_FALSE(window.empty());
  const auto log = dir / "state.jsonl";

  // No graph yet, but the graph panel is there to make one.
  const nlohmann::json opened = wait_for(log, [](const nlohmann::json& s) {
    return s["ui"]["clips_tab"][0].get<float>() > 0.0f &&
           s["ui"]["from_picked"][0].get<float>() > 0.0f;
  });
  ASSERT_TRUE(opened.is_object()) << "the graph panel never appeared for a model without a graph";
  EXPECT_FALSE(opened.contains("blend_space"));
  e2e::run_and_read("xdotool" + at(window, opened["ui"]["clips_tab"]) + " click 1 sleep 0.5");

  const char* picks[] = {"idle", "walk_forward", "walk_left", "walk_right", "walk_backward"};
  const nlohmann::json listed = wait_for(log, [&](const nlohmann::json& s) {
    for (const char* clip : picks) {
      if (!s["ui"]["clip_rows"].contains(clip)) return false;
    }
    return true;
  });
  ASSERT_TRUE(listed.is_object()) << "the clip browser never listed the walks";
  const auto& rows = listed["ui"]["clip_rows"];
  std::string pick = "xdotool" + at(window, rows["idle"]) + " click 1 sleep 0.3 keydown ctrl";
  for (int i = 1; i < 5; ++i) pick += at(window, rows[picks[i]]) + " click 1 sleep 0.3";
  pick += " keyup ctrl sleep 0.3" + at(window, listed["ui"]["from_picked"]) + " click 1";
  e2e::run_and_read(pick);

  // (The first line after the edit may come before the new space's first update: no weights.)
  const nlohmann::json made = wait_for(log, [](const nlohmann::json& s) {
    if (!s.contains("blend_space") || s["blend_space"]["clips"].size() != 5 ||
        s["mode"] != "graph" || !s["ui"]["blend_editor"].contains("axis_min")) {
      return false;
    }
    float sum = 0.0f;
    for (const auto& w : s["blend_space"]["weights"]) sum += w.get<float>();
    return sum > 0.5f;
  });
  ASSERT_TRUE(made.is_object()) << "no blend space of the five picked clips plays: "
                                << e2e::last_json_line(log).dump();
  EXPECT_NEAR(e2e::blend_weight(made, "idle"), 1.0f, 1e-4f) << "the point starts at the origin";

  // Axis units to window pixels, from where the editor says its axes are.
  const auto& g = made["ui"]["blend_editor"];
  const float sx0 = g["screen_of_min"][0], sy0 = g["screen_of_min"][1];
  const float sx1 = g["screen_of_max"][0], sy1 = g["screen_of_max"][1];
  const float ax0 = g["axis_min"][0], ay0 = g["axis_min"][1];
  const float ax1 = g["axis_max"][0], ay1 = g["axis_max"][1];
  const auto to_screen = [&](float x, float y) {
    return nlohmann::json{sx0 + (x - ax0) / (ax1 - ax0) * (sx1 - sx0),
                          sy0 + (y - ay0) / (ay1 - ay0) * (sy1 - sy0)};
  };
  // glTF: the character faces +z, so its right is -x; walk_right moves at about 1.4 m/s that way.
  const nlohmann::json origin = to_screen(0.0f, 0.0f);
  const nlohmann::json right = to_screen(-1.4f, 0.0f);
  EXPECT_GT(right[0].get<float>(), origin[0].get<float>() + 50.0f)
      << "the character's right is on the plot's right";
  std::string drag = "xdotool" + at(window, origin) + " mousedown 1 sleep 0.3";
  for (int step = 1; step <= 10; ++step) {
    const float t = static_cast<float>(step) / 10.0f;
    drag += at(window, to_screen(-1.4f * t, 0.0f));
  }
  drag += " mouseup 1";
  e2e::run_and_read(drag);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));

  const nlohmann::json after = e2e::last_json_line(log);
  ASSERT_TRUE(after.is_object());
  EXPECT_LT(after["blend_space"]["input"][0].get<float>(), -1.0f);
  EXPECT_NEAR(after["blend_space"]["input"][1].get<float>(), 0.0f, 0.2f);
  EXPECT_GT(e2e::blend_weight(after, "walk_right"), 0.5f);
  EXPECT_LT(e2e::blend_weight(after, "walk_left"), 0.05f);
  EXPECT_EQ(after["clip"], "walk_right") << "the heaviest clip now plays";

  viewer.send_keys(window, "F12");
  EXPECT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  // The new blend space is unsaved work: quitting asks first (the prompt, 440 pixels wide in the
  // middle of the window): Discard.
  viewer.send_keys(window, "ctrl+q");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(1)), -1) << "quit waits for an answer";
  e2e::run_and_read("xdotool mousemove --window " + window +
                    " 500 386 mousedown 1 sleep 0.3 mouseup 1");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
}
