#include "blend_editor_drag.h"

#include <chrono>
#include <thread>
#include <utility>

#include "viewer_process.h"

namespace e2e {

nlohmann::json wait_for_blend_editor(const std::filesystem::path& log) {
  for (int i = 0; i < 600; ++i) {
    const nlohmann::json s = last_json_line(log);
    if (s.is_object() && s.value("loaded", false) && s.contains("ui") &&
        s["ui"]["blend_editor"]["screen_of_max"][0].get<float>() > 0.0f) {
      return s;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return nullptr;
}

void drag_blend_point(const std::string& window, const nlohmann::json& state, glm::vec2 from,
                      glm::vec2 to) {
  // Axis units to window pixels, from where the editor says its axes are.
  const auto& g = state["ui"]["blend_editor"];
  const float sx0 = g["screen_of_min"][0], sy0 = g["screen_of_min"][1];
  const float sx1 = g["screen_of_max"][0], sy1 = g["screen_of_max"][1];
  const float ax0 = g["axis_min"][0], ay0 = g["axis_min"][1];
  const float ax1 = g["axis_max"][0], ay1 = g["axis_max"][1];
  auto to_screen = [&](glm::vec2 p) {
    return std::make_pair(static_cast<int>(sx0 + (p.x - ax0) / (ax1 - ax0) * (sx1 - sx0)),
                          static_cast<int>(sy0 + (p.y - ay0) / (ay1 - ay0) * (sy1 - sy0)));
  };
  const auto [x0, y0] = to_screen(from);
  const auto [x1, y1] = to_screen(to);
  std::string drag = "xdotool mousemove --window " + window + " " + std::to_string(x0) + " " +
                     std::to_string(y0) + " sleep 0.3 mousedown 1 sleep 0.3";
  for (int step = 1; step <= 10; ++step) {
    const int x = x0 + (x1 - x0) * step / 10, y = y0 + (y1 - y0) * step / 10;
    drag += " mousemove --window " + window + " " + std::to_string(x) + " " + std::to_string(y) +
            " sleep 0.1";
  }
  drag += " sleep 0.3 mouseup 1";
  run_and_read(drag);
}

}  // namespace e2e
