#include "graph_authoring_steps.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

namespace e2e {
namespace {

// The state log's machine view geometry and machine description.
const nlohmann::json& machine_ui(const nlohmann::json& s) {
  return s["ui"]["machine_view"];
}
nlohmann::json box(const nlohmann::json& s, const std::string& state) {
  return field(s, "/ui/machine_view/state_boxes/" + state);
}
nlohmann::json port(const nlohmann::json& s, const std::string& state) {
  return field(s, "/ui/machine_view/state_ports/" + state);
}
int state_count(const nlohmann::json& s) {
  return static_cast<int>(s["machines"]["states"].size());
}

}  // namespace

// Polls the state log until ready(state) holds (up to 60 s); returns that state or null.
nlohmann::json wait_for(const std::filesystem::path& log,
                        const std::function<bool(const nlohmann::json&)>& ready,
                        int tenths_of_a_second) {
  for (int i = 0; i < tenths_of_a_second; ++i) {
    const nlohmann::json s = last_json_line(log);
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

// xdotool arguments that press at from, move there in ten steps and release at to.
std::string drag_between(const std::string& window, const nlohmann::json& from,
                         const nlohmann::json& to) {
  std::string command = at(window, from) + " mousedown 1 sleep 0.3";
  const float x0 = from[0], y0 = from[1], x1 = to[0], y1 = to[1];
  for (int step = 1; step <= 10; ++step) {
    const float t = static_cast<float>(step) / 10.0f;
    command += at(window, nlohmann::json{x0 + (x1 - x0) * t, y0 + (y1 - y0) * t});
  }
  return command + " mouseup 1 sleep 0.3";
}

// The value at a JSON pointer of a state line, or null where the line has none (the lines are
// const: operator[] must not look up a missing key).
nlohmann::json field(const nlohmann::json& s, const std::string& pointer) {
  const nlohmann::json::json_pointer p(pointer);
  return s.contains(p) ? s.at(p) : nlohmann::json();
}

// Whether a logged screen point is inside the 1280x720 window (0, 0: not drawn).
bool on_screen(const nlohmann::json& point) {
  if (!point.is_array()) return false;
  const float x = point[0], y = point[1];
  return x > 0.0f && y > 0.0f && x < 1280.0f && y < 700.0f;
}

// Scrolls the panel under `over` (mouse wheel) until point(state) is on screen; returns the last
// state (null when it never shows).
nlohmann::json scroll_into_view(const std::string& window, const std::filesystem::path& log,
                                const nlohmann::json& over,
                                const std::function<nlohmann::json(const nlohmann::json&)>& point) {
  for (int i = 0; i < 12; ++i) {
    const nlohmann::json s = wait_for(log, [](const nlohmann::json&) { return true; });
    if (on_screen(point(s))) return s;
    const bool below = point(s).is_array() && point(s)[1].get<float>() >= 700.0f;
    run_and_read("xdotool" + at(window, over) + (below ? " click 5" : " click 4") + " sleep 0.5");
  }
  return nullptr;
}

// Picks the named clips in the clip browser (the first with a click, the rest with Ctrl+click)
// and presses "From picked"; returns the first state whose blend space of them plays.
nlohmann::json space_from_picked(const std::string& window, const std::filesystem::path& log,
                                 const std::vector<std::string>& picks) {
  const nlohmann::json listed = wait_for(log, [&](const nlohmann::json& s) {
    for (const std::string& clip : picks) {
      if (!s["ui"]["clip_rows"].contains(clip)) return false;
    }
    return true;
  });
  if (!listed.is_object()) return nullptr;
  const auto& rows = listed["ui"]["clip_rows"];
  std::string pick = "xdotool" + at(window, rows[picks[0]]) + " click 1 sleep 0.3 keydown ctrl";
  for (std::size_t i = 1; i < picks.size(); ++i) {
    pick += at(window, rows[picks[i]]) + " click 1 sleep 0.3";
  }
  pick += " keyup ctrl sleep 0.3";
  // The picks are read back before the button: on a loaded machine a click can reach the viewer
  // while a slow frame still shows the previous layout, and is lost. The picking is then made
  // again (its first plain click starts it over); what is tested is the space made from them.
  const nlohmann::json wanted(picks);
  bool picked = false;
  for (int attempt = 0; attempt < 3 && !picked; ++attempt) {
    run_and_read(pick);
    picked =
        wait_for(
            log, [&](const nlohmann::json& s) { return field(s, "/ui/picked_clips") == wanted; },
            100)
            .is_object();
  }
  if (!picked) return nullptr;
  run_and_read("xdotool" + at(window, listed["ui"]["from_picked"]) + " click 1");
  // (The first line after the edit may come before the new space's first update: no weights.)
  return wait_for(log, [&](const nlohmann::json& s) {
    if (!s.contains("blend_space") || s["blend_space"]["clips"].size() != picks.size() ||
        s["mode"] != "graph" || !s["ui"]["blend_editor"].contains("axis_min")) {
      return false;
    }
    float sum = 0.0f;
    for (const auto& w : s["blend_space"]["weights"]) sum += w.get<float>();
    return sum > 0.5f;
  });
}

// Axis units of the blend-space editor to window pixels, from where it says its axes are.
nlohmann::json plot_point(const nlohmann::json& state, float x, float y) {
  const auto& g = state["ui"]["blend_editor"];
  const float sx0 = g["screen_of_min"][0], sy0 = g["screen_of_min"][1];
  const float sx1 = g["screen_of_max"][0], sy1 = g["screen_of_max"][1];
  const float ax0 = g["axis_min"][0], ay0 = g["axis_min"][1];
  const float ax1 = g["axis_max"][0], ay1 = g["axis_max"][1];
  return nlohmann::json{sx0 + (x - ax0) / (ax1 - ax0) * (sx1 - sx0),
                        sy0 + (y - ay0) / (ay1 - ay0) * (sy1 - sy0)};
}

// Answers the unsaved-work prompt that quitting brings up (440 pixels wide in the middle of the
// window): Discard; the viewer exits cleanly.
void quit_discarding(ViewerProcess& viewer, const std::string& window) {
  viewer.send_keys(window, "ctrl+q");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(1)), -1) << "quit waits for an answer";
  run_and_read("xdotool mousemove --window " + window + " 500 386 mousedown 1 sleep 0.3 mouseup 1");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
}

DemoWindow open_exported_demo(const std::filesystem::path& dir) {
  DemoWindow d;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto glb = dir / "demo.glb";
  const std::string export_demo =
      std::string(ANIMVIEW_EXE) + " export-demo '" + glb.string() + "' > /dev/null";
  if (std::system(export_demo.c_str()) != 0) {
    d.why = "export-demo failed";
    return d;
  }
  d.viewer = std::make_unique<ViewerProcess>(
      dir,
      std::vector<std::string>{"--size", "1280x720", "--state-log", "state.jsonl", glb.string()});
  d.log = dir / "state.jsonl";
  if ((d.window = d.viewer->wait_for_window()).empty()) {
    d.why = "no window: " + d.viewer->errors();
    return d;
  }
  // No graph yet, but the graph panel is there to make one.
  d.opened = wait_for(d.log, [](const nlohmann::json& s) {
    return s["ui"]["clips_tab"][0].get<float>() > 0.0f &&
           s["ui"]["from_picked"][0].get<float>() > 0.0f &&
           s["ui"]["state_machine_tab"][0].get<float>() > 0.0f;
  });
  if (!d.opened.is_object()) {
    d.why = "the graph panel never appeared for a model without a graph";
    return d;
  }
  run_and_read("xdotool" + at(d.window, d.opened["ui"]["clips_tab"]) + " click 1 sleep 0.5");
  return d;
}

// In the State machine tab of a window whose graph has one blend space: a new machine with a
// state for the idle clip, one for the blend space and one for the one-shot clip (its loop
// unticked), the one-shot's box dragged under the idle's, exit-time transitions idle -> space ->
// one-shot -> idle dragged between the boxes, and the machine seen playing them in turn with no
// graph warning. show_clip brings a clip's row into the clip browser's view.
void build_idle_space_one_shot_machine(const std::string& window, const std::filesystem::path& log,
                                       const nlohmann::json& opened, const std::string& idle,
                                       const std::string& one_shot,
                                       const std::function<void(const std::string&)>& show_clip) {
  // The State machine tab: a new machine, then a state per source.
  run_and_read("xdotool" + at(window, opened["ui"]["state_machine_tab"]) + " click 1 sleep 0.5");
  nlohmann::json s = wait_for(
      log, [](const nlohmann::json& s) { return on_screen(machine_ui(s)["new_machine"]); });
  ASSERT_TRUE(s.is_object()) << "the state machine tab never showed its New button";
  run_and_read("xdotool" + at(window, machine_ui(s)["new_machine"]) + " click 1 sleep 0.5");
  s = wait_for(log,
               [](const nlohmann::json& s) { return s["machines"]["name"] == "state machine"; });
  ASSERT_TRUE(s.is_object()) << "New made no machine";

  // Each "+" button adds a state: the clip picked in the browser, the blend space shown.
  const nlohmann::json over_panel = machine_ui(s)["new_machine"];
  const auto add_state = [&](const char* button, const std::string* clip, int count) {
    if (clip != nullptr) {
      show_clip(*clip);
      // The row moves while a search narrows the list, and a loaded machine may take a click
      // late: click where the row is now until the browser shows it picked ("+" adds the clip
      // picked when it is pressed).
      bool picked_it = false;
      for (int attempt = 0; attempt < 4 && !picked_it; ++attempt) {
        const nlohmann::json rows = wait_for(log, [&](const nlohmann::json& s) {
          return on_screen(field(s, "/ui/clip_rows/" + *clip));
        });
        ASSERT_TRUE(rows.is_object()) << *clip << " is not in the clip browser";
        run_and_read("xdotool" + at(window, rows["ui"]["clip_rows"][*clip]) + " click 1");
        picked_it = wait_for(
                        log,
                        [&](const nlohmann::json& s) {
                          const nlohmann::json picked = field(s, "/ui/picked_clips");
                          return picked.is_array() && !picked.empty() && picked.back() == *clip;
                        },
                        100)
                        .is_object();
      }
      ASSERT_TRUE(picked_it) << "four clicks on " << *clip << " did not pick it: "
                             << last_json_line(log)["ui"]["picked_clips"].dump();
    }
    const nlohmann::json shown = scroll_into_view(
        window, log, over_panel, [&](const auto& s) { return machine_ui(s)[button]; });
    ASSERT_TRUE(shown.is_object()) << button << " is not on screen";
    run_and_read("xdotool" + at(window, machine_ui(shown)[button]) + " click 1");
    ASSERT_TRUE(
        wait_for(log, [&](const nlohmann::json& s) { return state_count(s) == count; }).is_object())
        << button << " added no state: " << last_json_line(log)["machines"].dump();
  };
  add_state("add_clip_state", &idle, 1);
  if (::testing::Test::HasFatalFailure()) return;
  add_state("add_blend_state", nullptr, 2);
  if (::testing::Test::HasFatalFailure()) return;
  add_state("add_clip_state", &one_shot, 3);
  if (::testing::Test::HasFatalFailure()) return;
  // The one-shot (selected, as a new state is) plays once: untick its loop.
  s = scroll_into_view(window, log, over_panel,
                       [](const auto& s) { return machine_ui(s)["loop_checkbox"]; });
  ASSERT_TRUE(s.is_object()) << "the new state's loop checkbox is not on screen";
  run_and_read("xdotool" + at(window, machine_ui(s)["loop_checkbox"]) + " click 1");
  s = wait_for(
      log, [](const nlohmann::json& s) { return field(s, "/machines/states/2/loop") == false; });
  ASSERT_TRUE(s.is_object()) << last_json_line(log)["machines"].dump();
  EXPECT_EQ(s["machines"]["states"][0]["name"], idle);
  EXPECT_EQ(s["machines"]["states"][1]["kind"], "blend_space");
  EXPECT_EQ(s["machines"]["states"][2]["name"], one_shot);
  const std::string space = s["machines"]["states"][1]["name"];

  // Put the wave under idle by dragging its box (the automatic layout would move it a column
  // further once the transitions make it two steps from idle), then drag from each box's dot to
  // the next box.
  s = scroll_into_view(window, log, over_panel, [&](const auto& s) { return box(s, idle); });
  ASSERT_TRUE(s.is_object());
  const float ix = box(s, idle)[0];
  const float iy = box(s, idle)[1];
  // Grabbed left of its centre: the panel may cut the right end of a box off.
  const float wave_x = box(s, one_shot)[0], wave_y = box(s, one_shot)[1];
  run_and_read("xdotool" + drag_between(window, nlohmann::json{wave_x - 40.0f, wave_y},
                                        nlohmann::json{ix - 40.0f, iy + 70.0f}));
  s = wait_for(log, [](const nlohmann::json& s) {
    return !field(s, "/machines/states/2/position").is_null();
  });
  ASSERT_TRUE(s.is_object()) << "dragging the box did not move it: "
                             << last_json_line(log)["ui"]["machine_view"].dump();
  EXPECT_NEAR(box(s, one_shot)[0].get<float>(), ix, 2.0f);
  EXPECT_NEAR(box(s, one_shot)[1].get<float>(), iy + 70.0f, 2.0f);
  const std::pair<std::string, std::string> links[] = {
      {idle, space}, {space, one_shot}, {one_shot, idle}};
  int made = 0;
  for (const auto& [from, to] : links) {
    s = last_json_line(log);
    run_and_read("xdotool" + drag_between(window, port(s, from), box(s, to)));
    ++made;
    ASSERT_TRUE(
        wait_for(log, [&](const nlohmann::json& s) { return s["machines"]["transitions"] == made; })
            .is_object())
        << "no transition " << from << " -> " << to;
  }

  // Exit-time transitions: idle plays a loop, then the space, then the wave once, then idle.
  s = wait_for(log, [&](const nlohmann::json& s) {
    const nlohmann::json h = field(s, "/history");
    return h.is_array() && h.size() >= 3 && h[0] == one_shot + " -> " + idle &&
           h[1] == space + " -> " + one_shot && h[2] == idle + " -> " + space;
  });
  ASSERT_TRUE(s.is_object())
      << "the machine did not play the idle, the space, the one-shot and the idle: "
      << last_json_line(log).dump();
  EXPECT_TRUE(s["machines"]["warnings"].empty()) << s["machines"]["warnings"].dump();
}

}  // namespace e2e
