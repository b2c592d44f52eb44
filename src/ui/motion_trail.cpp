#include "ui/motion_trail.h"

#include <algorithm>

#include <imgui.h>

namespace ui {
namespace {

bool to_pixel(const glm::mat4& view_projection, const glm::vec4& viewport, const glm::vec3& p,
              ImVec2& out) {
  const glm::vec4 c = view_projection * glm::vec4(p, 1.0f);
  if (!(c.w > 1e-6f)) return false;
  out = ImVec2(viewport.x + (c.x / c.w * 0.5f + 0.5f) * viewport.z,
               viewport.y + (0.5f - c.y / c.w * 0.5f) * viewport.w);
  return true;
}

ImU32 colour(const glm::vec3& rgb) {
  return IM_COL32(static_cast<int>(rgb.x * 255.0f), static_cast<int>(rgb.y * 255.0f),
                  static_cast<int>(rgb.z * 255.0f), 255);
}

}  // namespace

glm::vec3 trail_speed_colour(float speed, float max_speed) {
  const float t = max_speed > 0.0f ? std::clamp(speed / max_speed, 0.0f, 1.0f) : 0.0f;
  return glm::mix(glm::vec3(0.2f, 0.5f, 1.0f), glm::vec3(1.0f, 0.25f, 0.15f), t);
}

void draw_motion_trail(std::span<const glm::vec3> points, std::span<const float> speeds,
                       int playhead, const glm::mat4& view_projection, const glm::vec4& viewport) {
  if (points.empty() || speeds.size() != points.size()) return;
  const float fastest = *std::max_element(speeds.begin(), speeds.end());
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->PushClipRect(ImVec2(viewport.x, viewport.y),
                     ImVec2(viewport.x + viewport.z, viewport.y + viewport.w));
  ImVec2 previous;
  bool has_previous = false;
  for (std::size_t i = 0; i < points.size(); ++i) {
    ImVec2 p;
    const bool shown = to_pixel(view_projection, viewport, points[i], p);
    const ImU32 c = colour(trail_speed_colour(speeds[i], fastest));
    if (shown && has_previous) draw->AddLine(previous, p, c, 2.0f);
    if (shown) draw->AddCircleFilled(p, 2.0f, c);  // a tick per frame
    if (shown && static_cast<int>(i) == playhead) {
      draw->AddCircle(p, 6.0f, IM_COL32(255, 255, 255, 255), 0, 1.5f);
    }
    previous = p;
    has_previous = shown;
  }
  draw->PopClipRect();
}

}  // namespace ui
