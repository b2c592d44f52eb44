#pragma once
// Steps of the graph-authoring end-to-end tests, driven through the viewer's state log with the
// real mouse (xdotool): waiting for a state, clicking and dragging at logged points, making a blend
// space from picked clips and a state machine of an idle, that space and a one-shot.

#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "viewer_process.h"

namespace e2e {

// Polls the state log until ready(state) holds (up to 60 s); returns that state or null.
nlohmann::json wait_for(const std::filesystem::path& log,
                        const std::function<bool(const nlohmann::json&)>& ready,
                        int tenths_of_a_second = 600);

// xdotool arguments that move the pointer to a logged point and wait a moment.
std::string at(const std::string& window, const nlohmann::json& point);

// xdotool arguments that press at from, move there in ten steps and release at to.
std::string drag_between(const std::string& window, const nlohmann::json& from,
                         const nlohmann::json& to);

// The value at a JSON pointer of a state line, or null where the line has none (the lines are
// const: operator[] must not look up a missing key).
nlohmann::json field(const nlohmann::json& s, const std::string& pointer);

// Whether a logged screen point is inside the 1280x720 window (0, 0: not drawn).
bool on_screen(const nlohmann::json& point);

// Scrolls the panel under `over` (mouse wheel) until point(state) is on screen; returns the last
// state (null when it never shows).
nlohmann::json scroll_into_view(const std::string& window, const std::filesystem::path& log,
                                const nlohmann::json& over,
                                const std::function<nlohmann::json(const nlohmann::json&)>& point);

// Picks the named clips in the clip browser (the first with a click, the rest with Ctrl+click)
// and presses "From picked"; returns the first state whose blend space of them plays.
nlohmann::json space_from_picked(const std::string& window, const std::filesystem::path& log,
                                 const std::vector<std::string>& picks);

// Axis units of the blend-space editor to window pixels, from where it says its axes are.
nlohmann::json plot_point(const nlohmann::json& state, float x, float y);

// Answers the unsaved-work prompt that quitting brings up (440 pixels wide in the middle of the
// window): Discard; the viewer exits cleanly.
void quit_discarding(ViewerProcess& viewer, const std::string& window);

// A viewer on the demo's exported glb with a state log, its Clips tab opened, and the state line
// that showed the graph panel ready (null, with the cause in why, on failure).
struct DemoWindow {
  std::unique_ptr<ViewerProcess> viewer;
  std::string window;
  std::filesystem::path log;
  nlohmann::json opened;
  std::string why;
};

DemoWindow open_exported_demo(const std::filesystem::path& dir);

// In the State machine tab of a window whose graph has one blend space: a new machine with a
// state for the idle clip, one for the blend space and one for the one-shot clip (its loop
// unticked), the one-shot's box dragged under the idle's, exit-time transitions idle -> space ->
// one-shot -> idle dragged between the boxes, and the machine seen playing them in turn with no
// graph warning. show_clip brings a clip's row into the clip browser's view.
void build_idle_space_one_shot_machine(const std::string& window, const std::filesystem::path& log,
                                       const nlohmann::json& opened, const std::string& idle,
                                       const std::string& one_shot,
                                       const std::function<void(const std::string&)>& show_clip);

}  // namespace e2e
