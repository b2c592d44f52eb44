// End to end, in a real window with the real mouse and keyboard (xdotool), through the viewer's
// state log: KayKit's Knight (in a project) adds the CMU walk through Add clip file (typed into
// the file browser), accepts the offer to retarget it, opens the Retarget panel, unmaps the left
// upper arm and saves; reopened on the walk, the project has the retargeted clip, offers nothing
// and keeps the correction, and the panel's side-by-side toggle draws the source skeleton.
// Screenshots of the panel and of the side-by-side view are kept in $ANIMVIEW_E2E_SHOTS when it
// is set, for a person to look at.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

#ifdef ANIMVIEW_SHARED_ASSETS
const std::string kShared = ANIMVIEW_SHARED_ASSETS;
#else
const std::string kShared;
#endif

// Polls the state log until ready(state) holds (up to 60 s); returns that state or null.
nlohmann::json wait_for(const fs::path& log,
                        const std::function<bool(const nlohmann::json&)>& ready) {
  for (int i = 0; i < 600; ++i) {
    const nlohmann::json s = e2e::last_json_line(log);
    if (s.is_object() && s.value("loaded", false) && s.contains("retarget") && ready(s)) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return nullptr;
}

bool drawn(const nlohmann::json& point) {
  return point.is_array() && point[0].get<float>() > 0.0f && point[1].get<float>() > 0.0f;
}

void click(const std::string& window, const nlohmann::json& point) {
  e2e::run_and_read("xdotool mousemove --window " + window + " " +
                    std::to_string(static_cast<int>(point[0].get<float>())) + " " +
                    std::to_string(static_cast<int>(point[1].get<float>())) +
                    " sleep 0.3 click 1 sleep 0.5");
}

// Takes a screenshot (F12) and keeps a copy named name in $ANIMVIEW_E2E_SHOTS when it is set.
void screenshot(e2e::ViewerProcess& viewer, const std::string& window, int index,
                const std::string& name) {
  viewer.send_keys(window, "F12");
  char file[64];
  std::snprintf(file, sizeof file, "animview_screenshot_%03d.png", index);
  const fs::path shot = viewer.cwd() / file;
  for (int i = 0; i < 100 && !fs::exists(shot); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(fs::exists(shot)) << shot;
  EXPECT_GT(fs::file_size(shot), 10000u);
  if (const char* keep = std::getenv("ANIMVIEW_E2E_SHOTS")) {
    fs::create_directories(keep);
    fs::copy_file(shot, fs::path(keep) / name, fs::copy_options::overwrite_existing);
  }
}

bool has_clip(const nlohmann::json& s, const std::string& name) {
  for (const auto& c : s.value("clips", nlohmann::json::array())) {
    if (c == name) return true;
  }
  return false;
}

TEST(RetargetWindow, TheKnightTakesTheCmuWalkAndTheProjectKeepsItsCorrection) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const std::string knight = kShared + "/kaykit/Knight.glb";
  const std::string walk = kShared + "/cmu/scaled_131_01.bvh";
  if (kShared.empty() || !fs::exists(knight) || !fs::exists(walk)) {
    GTEST_SKIP() << "KayKit Knight or the CMU walk is absent (ANIMVIEW_SHARED_ASSETS)";
  }
  const fs::path dir = test::make_temp_dir();
  // The Knight in a project of its own (Save writes back there).
  const fs::path project = dir / "knight.animview.json";
  std::ofstream(project) << nlohmann::json{{"version", 1},
                                           {"character", knight},
                                           {"clips", {"Idle"}},
                                           {"state_machine", {{"states", nlohmann::json::array()}}}}
                                .dump();
  const std::vector<std::string> args = {"--size", "1280x720", "--state-log",   "state.jsonl",
                                         "--clip", "Idle",     project.string()};
  const fs::path log = dir / "state.jsonl";
  {
    e2e::ViewerProcess viewer(dir, args);
    const std::string window = viewer.wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer.errors();
    const nlohmann::json opened =
        wait_for(log, [](const nlohmann::json& s) { return drawn(s["ui"]["clips_tab"]); });
    ASSERT_TRUE(opened.is_object()) << "the viewer never showed its Clips tab";
    click(window, opened["ui"]["clips_tab"]);
    const nlohmann::json tab = wait_for(
        log, [](const nlohmann::json& s) { return drawn(s["retarget"]["add_clip_button"]); });
    ASSERT_TRUE(tab.is_object()) << "no Add clip file button";

    // Add clip file: the file browser lists the working folder; type the walk's path into its
    // path field (where the state log says it is drawn).
    click(window, tab["retarget"]["add_clip_button"]);
    const nlohmann::json browsing = wait_for(log, [](const nlohmann::json& s) {
      return s["ui"]["file_browser"]["open"].get<bool>() &&
             s["ui"]["file_browser"]["title"] == "Add clip file" &&
             drawn(s["ui"]["file_browser"]["path_field"]);
    });
    ASSERT_TRUE(browsing.is_object()) << "the Add clip file browser never opened";
    click(window, browsing["ui"]["file_browser"]["path_field"]);
    viewer.send_keys(window, "ctrl+a");
    // (Typed into the focused window, slowly: the software renderer draws ~15 frames a second.)
    e2e::run_and_read("xdotool windowfocus --sync " + window + " type --delay 60 '" + walk + "'");
    viewer.send_keys(window, "Return");
    const nlohmann::json offered = wait_for(log, [](const nlohmann::json& s) {
      return !s["retarget"]["offer"].get<std::string>().empty() &&
             drawn(s["retarget"]["offer_button"]);
    });
    ASSERT_TRUE(offered.is_object()) << "no offer to retarget: " << e2e::last_json_line(log).dump();
    click(window, offered["retarget"]["offer_button"]);
    const nlohmann::json retargeted = wait_for(log, [](const nlohmann::json& s) {
      return s["retarget"]["entries"].size() == 1 && has_clip(s, "Motion");
    });
    ASSERT_TRUE(retargeted.is_object())
        << "the walk was not retargeted: " << e2e::last_json_line(log).dump();

    // The panel: unmap the Knight's left upper arm.
    click(window, retargeted["retarget"]["open_button"]);
    const nlohmann::json panel = wait_for(log, [](const nlohmann::json& s) {
      return s["retarget"]["rows"].contains("upperarm.l") &&
             drawn(s["retarget"]["rows"]["upperarm.l"]);
    });
    ASSERT_TRUE(panel.is_object()) << "the Retarget panel shows no mapping row for upperarm.l: "
                                   << e2e::last_json_line(log).dump();
    EXPECT_NE(panel["retarget"]["status"].get<std::string>().find("retargeted 1 clip in"),
              std::string::npos);
    click(window, panel["retarget"]["rows"]["upperarm.l"]);
    const nlohmann::json combo =
        wait_for(log, [](const nlohmann::json& s) { return drawn(s["retarget"]["none_item"]); });
    ASSERT_TRUE(combo.is_object()) << "the mapping combo did not open";
    click(window, combo["retarget"]["none_item"]);
    const nlohmann::json corrected = wait_for(log, [](const nlohmann::json& s) {
      const auto& c = s["retarget"]["entries"][0]["corrections"];
      return c.size() == 1 && c[0][0] == "upperarm.l" && c[0][1] == "";
    });
    ASSERT_TRUE(corrected.is_object()) << "the correction was not made";
    std::printf("retargeting again after the correction: %s\n",
                corrected["retarget"]["status"].get<std::string>().c_str());
    std::fflush(stdout);  // before the next viewer forks
    screenshot(viewer, window, 1, "retarget_panel.png");

    viewer.send_keys(window, "ctrl+s");
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    viewer.send_keys(window, "ctrl+q");
    EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  }
  std::ifstream saved(project);
  const nlohmann::json file = nlohmann::json::parse(saved);
  ASSERT_TRUE(file.contains("retarget")) << file.dump(2);
  EXPECT_EQ(file["retarget"][0]["file"],
            fs::path(walk).lexically_normal().lexically_relative(dir).generic_string());
  EXPECT_EQ(file["clip_files"].size(), 0u);

  // Reopened on the retargeted walk: the clip is there, nothing is offered, the correction is
  // kept.
  fs::remove(log);
  std::vector<std::string> on_walk = args;
  on_walk[5] = "Motion";
  e2e::ViewerProcess viewer(dir, on_walk);
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  const nlohmann::json reopened =
      wait_for(log, [](const nlohmann::json& s) { return has_clip(s, "Motion"); });
  ASSERT_TRUE(reopened.is_object())
      << "the retargeted clip is missing after a reload: " << e2e::last_json_line(log).dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  const nlohmann::json later = e2e::last_json_line(log);
  EXPECT_EQ(later["retarget"]["offer"], "");
  EXPECT_TRUE(later["errors"].empty()) << later["errors"].dump();
  ASSERT_EQ(later["retarget"]["entries"].size(), 1u);
  EXPECT_EQ(later["retarget"]["entries"][0]["corrections"],
            nlohmann::json::parse(R"([["upperarm.l", ""]])"));
  EXPECT_EQ(later["clip"], "Motion");

  // Side by side: the panel's toggle draws the CMU skeleton beside the Knight.
  click(window, later["ui"]["clips_tab"]);
  const nlohmann::json tab =
      wait_for(log, [](const nlohmann::json& s) { return drawn(s["retarget"]["open_button"]); });
  ASSERT_TRUE(tab.is_object());
  click(window, tab["retarget"]["open_button"]);
  const nlohmann::json panel = wait_for(
      log, [](const nlohmann::json& s) { return drawn(s["retarget"]["side_by_side_box"]); });
  ASSERT_TRUE(panel.is_object()) << "the Retarget panel did not open";
  EXPECT_TRUE(panel["retarget"]["rows"].contains("upperarm.l"));
  click(window, panel["retarget"]["side_by_side_box"]);
  ASSERT_TRUE(wait_for(log, [](const nlohmann::json& s) {
                return s["retarget"]["side_by_side"].get<bool>();
              }).is_object());
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  screenshot(viewer, window, 2, "retarget_side_by_side.png");  // 001 is the panel's
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  fs::remove_all(dir);
}

}  // namespace
