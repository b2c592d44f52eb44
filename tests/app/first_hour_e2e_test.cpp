// End to end: an animator's first hour, in one real window driven with the real mouse and
// keyboard (xdotool) and read through the state log after every step:
// - the built-in demo: drag the blend-space point from walk_forward onto walk_left;
// - every live toggle of the Character tab on and off again (foot IK, lock feet, root motion
//   applied, dual-quaternion skinning), the character walking on after each;
// - two more files dropped on the window (KayKit's Knight, Khronos' Fox), each opening fresh;
// - the demo's exported glb (clips, no graph) dropped, a blend space made of picked clips and a
//   state machine of idle, that space and a one-shot wave built with the mouse;
// - saved with Save As, and reopened in a new viewer, which plays the same graph.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include "graph_authoring_steps.h"
#include "support/temp_files.h"
#include "viewer_process.h"
#include "xdnd_source.h"

namespace {

namespace fs = std::filesystem;
using namespace e2e;  // the graph-authoring steps

bool finite_point(const nlohmann::json& p) {
  if (!p.is_array() || p.size() != 3) return false;
  for (const auto& v : p) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) return false;
  }
  return true;
}

// Clicks a toggle of the Character tab by its logged centre; returns the first state in which
// changed(state) holds (null when it never does).
nlohmann::json click_toggle(const std::string& window, const fs::path& log, const char* control,
                            const std::function<bool(const nlohmann::json&)>& changed) {
  const nlohmann::json s = wait_for(log, [&](const nlohmann::json& s) {
    return on_screen(field(s, std::string("/ui/character_controls/") + control));
  });
  if (!s.is_object()) return nullptr;
  run_and_read("xdotool" + at(window, s["ui"]["character_controls"][control]) +
               " click 1 sleep 0.3");
  return wait_for(log, changed, 100);
}

// Drops file on the window and waits for it to be the load number load_count.
nlohmann::json drop_and_wait(const std::string& window, const fs::path& log, const fs::path& file,
                             int load_count) {
  if (!xdnd_drop(std::stoul(window), {file}, std::chrono::seconds(20)).empty()) return nullptr;
  return wait_for(log, [&](const nlohmann::json& s) { return s["load_count"] == load_count; });
}

}  // namespace

TEST(FirstHourWindow, DemoTogglesTwoMoreFilesAGraphBuiltSavedAndReopened) {
  std::string why;
  if (!can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path assets(ANIMVIEW_SHARED_ASSETS);
  const fs::path knight = assets / "kaykit" / "Knight.glb";
  const fs::path fox = assets / "khronos" / "Fox.glb";
  for (const auto& file : {knight, fox}) {
    if (!fs::exists(file)) GTEST_SKIP() << file << " is absent (shared assets)";
  }
  const fs::path dir = test::make_temp_dir();
  ::setenv("ANIMVIEW_STATE_DIR", (dir / "state").c_str(), 1);
  const fs::path demo_glb = dir / "demo.glb";
  ASSERT_EQ(std::system(
                (std::string(ANIMVIEW_EXE) + " export-demo '" + demo_glb.string() + "' > /dev/null")
                    .c_str()),
            0);
  const fs::path log = dir / "state.jsonl";
  const fs::path saved = dir / "first hour.animview.json";
  {
    ViewerProcess viewer(dir, {"--size", "1280x720", "--state-log", "state.jsonl"});
    const std::string window = viewer.wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer.errors();

    // The demo walks forward in its blend space; drag the point onto walk_left.
    const nlohmann::json demo = wait_for(log, [](const nlohmann::json& s) {
      return s.contains("blend_space") && on_screen(field(s, "/ui/blend_editor/screen_of_min")) &&
             blend_weight(s, "walk_forward") > 0.99f;
    });
    ASSERT_TRUE(demo.is_object()) << "the demo did not start walking forward: " << viewer.errors();
    run_and_read("xdotool" +
                 drag_between(window, plot_point(demo, 0.0f, 1.4f), plot_point(demo, 1.4f, 0.0f)));
    const nlohmann::json left = wait_for(log, [](const nlohmann::json& s) {
      return blend_weight(s, "walk_left") > 0.5f && s["clip"] == "walk_left";
    });
    ASSERT_TRUE(left.is_object()) << last_json_line(log).dump();
    EXPECT_NEAR(left["blend_space"]["input"][0].get<float>(), 1.5f, 0.2f);
    EXPECT_NEAR(left["blend_space"]["input"][1].get<float>(), 0.0f, 0.2f);
    EXPECT_EQ(left["world"], nlohmann::json({0.0, 0.0, 0.0})) << "in place by default";

    // Each live toggle on, then off again; the point and the clip stay, the pose stays finite.
    const auto still_walking_left = [](const nlohmann::json& s) {
      return s["clip"] == "walk_left" && blend_weight(s, "walk_left") > 0.5f &&
             finite_point(s["world"]);
    };
    nlohmann::json s = click_toggle(window, log, "foot_ik", [](const nlohmann::json& s) {
      return s["foot_ik"] == true && s["lock_feet"] == true;
    });
    ASSERT_TRUE(s.is_object()) << "Foot IK did not tick: " << last_json_line(log).dump();
    EXPECT_TRUE(still_walking_left(s)) << s.dump();
    s = click_toggle(window, log, "applied",
                     [](const nlohmann::json& s) { return s["root_motion"] == "applied"; });
    ASSERT_TRUE(s.is_object()) << "Applied did not take: " << last_json_line(log).dump();
    // Applied, the character walks to its left (+x in the demo's file): a second later it has
    // moved there.
    const double x0 = s["world"][0];
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    s = last_json_line(log);
    EXPECT_TRUE(still_walking_left(s)) << s.dump();
    EXPECT_GT(s["world"][0].get<double>(), x0 + 0.3) << "applied root motion did not move it";
    s = click_toggle(window, log, "dq",
                     [](const nlohmann::json& s) { return s["skinning"] == "dq"; });
    ASSERT_TRUE(s.is_object()) << "Dual quaternion did not take: " << last_json_line(log).dump();
    s = click_toggle(window, log, "lock_feet",
                     [](const nlohmann::json& s) { return s["lock_feet"] == false; });
    ASSERT_TRUE(s.is_object()) << "Lock feet did not untick";
    EXPECT_TRUE(still_walking_left(s)) << s.dump();
    s = click_toggle(window, log, "lock_feet",
                     [](const nlohmann::json& s) { return s["lock_feet"] == true; });
    ASSERT_TRUE(s.is_object());
    s = click_toggle(window, log, "in_place",
                     [](const nlohmann::json& s) { return s["root_motion"] == "in_place"; });
    ASSERT_TRUE(s.is_object());
    s = click_toggle(window, log, "lbs",
                     [](const nlohmann::json& s) { return s["skinning"] == "lbs"; });
    ASSERT_TRUE(s.is_object());
    s = click_toggle(window, log, "foot_ik",
                     [](const nlohmann::json& s) { return s["foot_ik"] == false; });
    ASSERT_TRUE(s.is_object());
    EXPECT_TRUE(still_walking_left(s)) << s.dump();

    // Two more files, each opening with its own clips, no error and real-time playback.
    s = drop_and_wait(window, log, knight, 2);
    ASSERT_TRUE(s.is_object()) << "Knight.glb did not open: " << viewer.errors();
    EXPECT_GT(s["clips"].size(), 40u);
    EXPECT_TRUE(s["errors"].empty()) << s["errors"].dump();
    EXPECT_EQ(s["time_scale"], 1.0);
    EXPECT_TRUE(finite_point(s["world"]));
    s = drop_and_wait(window, log, fox, 3);
    ASSERT_TRUE(s.is_object()) << "Fox.glb did not open: " << viewer.errors();
    EXPECT_EQ(s["clips"], nlohmann::json({"Survey", "Walk", "Run"}));
    EXPECT_TRUE(s["errors"].empty()) << s["errors"].dump();
    EXPECT_FALSE(s.contains("blend_space")) << "the Knight's or the demo's graph stayed";

    // The demo's glb: clips and no graph. A blend space and a machine, made with the mouse.
    const nlohmann::json opened = drop_and_wait(window, log, demo_glb, 4);
    ASSERT_TRUE(opened.is_object()) << "demo.glb did not open: " << viewer.errors();
    const nlohmann::json ready = wait_for(log, [](const nlohmann::json& s) {
      return on_screen(s["ui"]["clips_tab"]) && on_screen(s["ui"]["from_picked"]) &&
             on_screen(s["ui"]["state_machine_tab"]);
    });
    ASSERT_TRUE(ready.is_object()) << "the graph panel did not offer to make a graph";
    run_and_read("xdotool" + at(window, ready["ui"]["clips_tab"]) + " click 1 sleep 0.5");
    ASSERT_TRUE(
        space_from_picked(window, log,
                          {"idle", "walk_forward", "walk_left", "walk_right", "walk_backward"})
            .is_object())
        << last_json_line(log).dump();
    build_idle_space_one_shot_machine(window, log, ready, "idle", "wave",
                                      [](const std::string&) {});
    if (HasFatalFailure()) return;

    // Save As: the path field has the focus; a typed path replaces what it offers.
    viewer.send_keys(window, "ctrl+shift+s");
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    viewer.send_keys(window, "ctrl+a");
    run_and_read("xdotool type --delay 60 --window " + window + " '" + saved.string() + "'");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    viewer.send_keys(window, "Return");
    s = wait_for(log, [](const nlohmann::json& s) {
      return s["status"].get<std::string>().find("saved") != std::string::npos;
    });
    ASSERT_TRUE(s.is_object()) << "not saved: " << last_json_line(log).dump();
    EXPECT_EQ(s["project_file"], saved.string());
    viewer.send_keys(window, "ctrl+q");  // saved: no prompt
    EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  }

  // Reopened: the same blend space and machine play, idle -> space -> wave -> idle.
  ViewerProcess viewer(dir, {saved.string(), "--size", "1280x720", "--state-log", "again.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  const nlohmann::json again = wait_for(dir / "again.jsonl", [](const nlohmann::json& s) {
    const nlohmann::json h = field(s, "/history");
    return h.is_array() && h.size() >= 3;
  });
  ASSERT_TRUE(again.is_object()) << "the reopened machine did not play three transitions: "
                                 << last_json_line(dir / "again.jsonl").dump();
  EXPECT_EQ(again["machines"]["states"].size(), 3u);
  EXPECT_EQ(again["machines"]["transitions"], 3);
  EXPECT_TRUE(again["machines"]["warnings"].empty()) << again["machines"]["warnings"].dump();
  EXPECT_TRUE(again["errors"].empty()) << again["errors"].dump();
  viewer.send_keys(window, "F12");
  EXPECT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  ::unsetenv("ANIMVIEW_STATE_DIR");
  fs::remove_all(dir);
}
