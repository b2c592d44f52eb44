// End to end: in the real window, open the State machine tab, drag the "turn" parameter with
// the mouse (xdotool), and watch the machine switch to turning and back, through the state log.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

// The screen centre of the named parameter's control, or (-1, -1) while it is not drawn.
std::pair<int, int> control_of(const nlohmann::json& state, const std::string& name) {
  if (!state.is_object() || !state.contains("ui")) return {-1, -1};
  for (const auto& c : state["ui"]["parameter_controls"]) {
    if (c["name"] == name) {
      return {static_cast<int>(c["center"][0].get<float>()),
              static_cast<int>(c["center"][1].get<float>())};
    }
  }
  return {-1, -1};
}

// Waits until the state log shows the machine in state (up to timeout); returns the last state.
nlohmann::json wait_for_state(const std::filesystem::path& log, const std::string& state,
                              std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  nlohmann::json s;
  while (std::chrono::steady_clock::now() < end) {
    s = e2e::last_json_line(log);
    if (s.is_object() && s.value("state", "") == state) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return s;
}

std::string drag(const std::string& window, std::pair<int, int> from, int dx) {
  std::string command = "xdotool mousemove --window " + window + " " + std::to_string(from.first) +
                        " " + std::to_string(from.second) + " sleep 0.3 mousedown 1 sleep 0.3";
  for (int step = 1; step <= 10; ++step) {
    command += " mousemove --window " + window + " " + std::to_string(from.first + dx * step / 10) +
               " " + std::to_string(from.second) + " sleep 0.1";
  }
  return command + " sleep 0.3 mouseup 1";
}

}  // namespace

TEST(StateMachineWindow, DraggingTheTurnParameterSwitchesStatesBothWays) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--size", "1280x720", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state = wait_for_state(log, "locomotion", std::chrono::seconds(30));
  ASSERT_EQ(state.value("state", ""), "locomotion") << viewer.errors();

  // Open the State machine tab where the viewer says it is (once the panel has been laid out).
  int tab_x = 0, tab_y = 0;
  for (int i = 0; i < 100 && tab_x <= 0; ++i) {
    state = e2e::last_json_line(log);
    tab_x = static_cast<int>(state["ui"]["state_machine_tab"][0].get<float>());
    tab_y = static_cast<int>(state["ui"]["state_machine_tab"][1].get<float>());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_GT(tab_x, 0);
  e2e::run_and_read("xdotool mousemove --window " + window + " " + std::to_string(tab_x) + " " +
                    std::to_string(tab_y) + " sleep 0.3 click 1");
  std::pair<int, int> turn{-1, -1};
  for (int i = 0; i < 100 && turn.first < 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    turn = control_of(e2e::last_json_line(log), "turn");
  }
  ASSERT_GE(turn.first, 0) << "the parameters panel never showed 'turn'";

  // Drag the value up by about 1 (0.01 per pixel): the machine turns left (turn > 0.5).
  e2e::run_and_read(drag(window, turn, 120));
  state = wait_for_state(log, "turn_left", std::chrono::seconds(10));
  EXPECT_EQ(state.value("state", ""), "turn_left");
  const float turned = e2e::last_json_line(log)["parameters"]["turn"];
  EXPECT_GT(turned, 0.5f);
  // And back to about 0: the machine returns to locomotion.
  turn = control_of(e2e::last_json_line(log), "turn");
  e2e::run_and_read(drag(window, turn, -static_cast<int>(turned / 0.01f)));
  state = wait_for_state(log, "locomotion", std::chrono::seconds(10));
  EXPECT_EQ(state.value("state", ""), "locomotion");

  e2e::run_and_read("xdotool mousemove --window " + window + " 600 300");
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
