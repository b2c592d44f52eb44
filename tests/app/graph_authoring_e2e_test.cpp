// End to end, in a real window with the real mouse (xdotool), through the viewer's state log:
// - starting from nothing but the demo's exported glb (a model with clips and no graph), pick five
//   clips in the clip browser (click, then Ctrl+click), make a 2D blend space of them ("From
//   picked": each sample at its clip's measured velocity), and drag the point to the plot's
//   right: the character's right, so walk_right takes the weight;
// - on the same glb, build a state machine of an idle clip, that blend space and a one-shot
//   wave, joined by exit-time transitions, and watch it play them in turn;
// - on Knight.glb (77 clips, a list that scrolls) with KayKit's clip file for its rig, find the
//   clips with the browser's search, make a 2D locomotion space of them (the forward walk from
//   the clip file), drag the point onto that walk, then build the same kind of machine with the
//   Idle, that space and a one-shot Cheer.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "graph_authoring_steps.h"
#include "support/temp_files.h"
#include "viewer_process.h"

using namespace e2e;  // the graph-authoring steps

TEST(GraphAuthoringWindow, ABlendSpaceMadeFromPickedClipsFollowsThePointToTheCharactersRight) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  DemoWindow demo = open_exported_demo(dir);
  ASSERT_TRUE(demo.opened.is_object()) << demo.why;
  EXPECT_FALSE(demo.opened.contains("blend_space"));
  e2e::ViewerProcess& viewer = *demo.viewer;
  const std::string& window = demo.window;
  const std::filesystem::path& log = demo.log;

  const nlohmann::json made = space_from_picked(
      window, log, {"idle", "walk_forward", "walk_left", "walk_right", "walk_backward"});
  ASSERT_TRUE(made.is_object()) << "no blend space of the five picked clips plays: "
                                << e2e::last_json_line(log).dump();
  EXPECT_NEAR(e2e::blend_weight(made, "idle"), 1.0f, 1e-4f) << "the point starts at the origin";

  const auto to_screen = [&](float x, float y) { return plot_point(made, x, y); };
  // glTF: the character faces +z, so its right is -x; walk_right moves at about 1.4 m/s that way.
  const nlohmann::json origin = to_screen(0.0f, 0.0f);
  const nlohmann::json right = to_screen(-1.4f, 0.0f);
  EXPECT_GT(right[0].get<float>(), origin[0].get<float>() + 50.0f)
      << "the character's right is on the plot's right";
  e2e::run_and_read("xdotool" + drag_between(window, origin, right));
  // The drag has ended: wait until the viewer has taken it in and plays its heaviest clip.
  const nlohmann::json after = wait_for(log, [](const nlohmann::json& s) {
    return s["blend_space"]["input"][0].get<float>() < -1.0f && s["clip"] == "walk_right";
  });
  ASSERT_TRUE(after.is_object()) << "the point never reached the right: "
                                 << e2e::last_json_line(log).dump();
  EXPECT_LT(after["blend_space"]["input"][0].get<float>(), -1.0f);
  EXPECT_NEAR(after["blend_space"]["input"][1].get<float>(), 0.0f, 0.2f);
  EXPECT_GT(e2e::blend_weight(after, "walk_right"), 0.5f);
  EXPECT_LT(e2e::blend_weight(after, "walk_left"), 0.05f);

  viewer.send_keys(window, "F12");
  EXPECT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  // The new blend space is unsaved work: quitting asks first.
  quit_discarding(viewer, window);
  std::filesystem::remove_all(dir);
}

TEST(GraphAuthoringWindow, AMachineOfIdleABlendSpaceAndAOneShotPlaysThemInTurn) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  DemoWindow demo = open_exported_demo(dir);
  ASSERT_TRUE(demo.opened.is_object()) << demo.why;
  e2e::ViewerProcess& viewer = *demo.viewer;
  const std::string& window = demo.window;
  const std::filesystem::path& log = demo.log;
  const nlohmann::json& opened = demo.opened;
  ASSERT_TRUE(space_from_picked(
                  window, log, {"idle", "walk_forward", "walk_left", "walk_right", "walk_backward"})
                  .is_object())
      << e2e::last_json_line(log).dump();

  build_idle_space_one_shot_machine(window, log, opened, "idle", "wave", [](const std::string&) {});
  if (HasFatalFailure()) return;

  // One undo step takes back the last transition (each drag was one step).
  viewer.send_keys(window, "ctrl+z");
  EXPECT_TRUE(wait_for(log, [](const nlohmann::json& s) {
                return s["machines"]["transitions"] == 2;
              }).is_object());
  viewer.send_keys(window, "F12");
  EXPECT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  quit_discarding(viewer, window);
  std::filesystem::remove_all(dir);
}

TEST(GraphAuthoringWindow, KnightWithItsClipFileGetsASpaceFromSearchedClipsAndAMachine) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const std::filesystem::path knight =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "kaykit" / "Knight.glb";
  // The forward walk comes from KayKit's separate clip file for the same rig (Rig_Medium).
  const std::filesystem::path clip_file =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "kaykit" / "anim" / "Med_MovementBasic.glb";
  for (const auto& file : {knight, clip_file}) {
    if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " is absent (shared assets)";
  }
  const auto dir = test::make_temp_dir();
  e2e::ViewerProcess viewer(dir, {"--size", "1280x720", "--state-log", "state.jsonl",
                                  knight.string(), clip_file.string()});
  const std::string window = viewer.wait_for_window(std::chrono::seconds(90));
  ASSERT_FALSE(window.empty()) << viewer.errors();
  const auto log = dir / "state.jsonl";
  const nlohmann::json opened = wait_for(log, [](const nlohmann::json& s) {
    return s["ui"]["clips_tab"][0].get<float>() > 0.0f && s["clips"].size() > 40;
  });
  ASSERT_TRUE(opened.is_object()) << viewer.errors();
  e2e::run_and_read("xdotool" + at(window, opened["ui"]["clips_tab"]) + " click 1 sleep 0.5");

  // The list scrolls: each clip is found by typing its name into the search field (Ctrl+A held
  // for a few frames first: ImGui 1.86 loses key taps shorter than a frame), then picked.
  const std::string forward = "Rig_Medium|Walking_A";  // from the clip file
  const std::vector<std::string> picks = {"Idle", forward, "Walking_Backwards",
                                          "Running_Strafe_Left", "Running_Strafe_Right"};
  const auto search = [&](const std::string& clip) {
    const nlohmann::json s =
        wait_for(log, [](const nlohmann::json& s) { return on_screen(s["ui"]["clip_search"]); });
    ASSERT_TRUE(s.is_object());
    e2e::run_and_read(
        "xdotool" + at(window, s["ui"]["clip_search"]) +
        " click 1 sleep 0.3 keydown ctrl+a sleep 0.3 keyup ctrl+a sleep 0.2 type --delay 60 '" +
        clip + "'");
  };
  for (std::size_t i = 0; i < picks.size(); ++i) {
    search(picks[i]);
    ASSERT_FALSE(HasFatalFailure());
    const nlohmann::json found = wait_for(log, [&](const nlohmann::json& s) {
      return on_screen(field(s, "/ui/clip_rows/" + picks[i]));
    });
    ASSERT_TRUE(found.is_object()) << "the search did not show " << picks[i];
    e2e::run_and_read("xdotool" + std::string(i > 0 ? " keydown ctrl" : "") +
                      at(window, found["ui"]["clip_rows"][picks[i]]) + " click 1 sleep 0.3" +
                      (i > 0 ? " keyup ctrl" : ""));
  }
  const nlohmann::json picked =
      wait_for(log, [](const nlohmann::json& s) { return on_screen(s["ui"]["from_picked"]); });
  ASSERT_TRUE(picked.is_object());
  e2e::run_and_read("xdotool" + at(window, picked["ui"]["from_picked"]) + " click 1");
  const nlohmann::json made = wait_for(log, [&](const nlohmann::json& s) {
    return s.contains("blend_space") && s["blend_space"]["clips"].size() == picks.size() &&
           !field(s, "/ui/blend_editor/samples/" + forward).is_null() &&
           s["blend_space"]["weights"].size() == picks.size() &&
           s["blend_space"]["weights"][0].get<float>() > 0.99f;
  });
  ASSERT_TRUE(made.is_object())
      << "no blend space of the five searched clips plays Idle with the point at the origin: "
      << e2e::last_json_line(log).dump();

  // In-place clips are placed by their feet: the forward walk is away from the origin. Drag the
  // point from the origin onto it.
  const auto& walk = made["ui"]["blend_editor"]["samples"][forward];
  const float wx = walk[0], wy = walk[1];
  ASSERT_GT(std::abs(wx) + std::abs(wy), 0.3f) << "the walk was placed at the origin";
  e2e::run_and_read("xdotool" +
                    drag_between(window, plot_point(made, 0.0f, 0.0f), plot_point(made, wx, wy)));
  // The drag has ended: wait until the viewer has taken it in and plays its heaviest clip.
  const nlohmann::json after = wait_for(log, [&](const nlohmann::json& s) {
    return s["clip"] == forward &&
           std::abs(s["blend_space"]["input"][0].get<float>() - wx) +
                   std::abs(s["blend_space"]["input"][1].get<float>() - wy) <
               0.5f;
  });
  ASSERT_TRUE(after.is_object()) << "the point never reached the walk: "
                                 << e2e::last_json_line(log).dump();
  EXPECT_NEAR(after["blend_space"]["input"][0].get<float>(), wx, 0.1f + 0.1f * std::abs(wx));
  EXPECT_NEAR(after["blend_space"]["input"][1].get<float>(), wy, 0.1f + 0.1f * std::abs(wy));
  EXPECT_GT(e2e::blend_weight(after, forward), 0.8f);

  // Then a machine of the Idle, that space and a one-shot Cheer, each clip found by the search.
  build_idle_space_one_shot_machine(window, log, after, "Idle", "Cheer", search);
  if (HasFatalFailure()) return;
  viewer.send_keys(window, "F12");
  EXPECT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  quit_discarding(viewer, window);
  std::filesystem::remove_all(dir);
}
