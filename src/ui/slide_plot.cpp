#include "ui/slide_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "ui/plot_colours.h"

namespace ui {
namespace {

constexpr ImU32 kLaneColor = IM_COL32(30, 30, 34, 255);
constexpr ImU32 kPlantedColor = IM_COL32(60, 110, 70, 255);
constexpr ImU32 kSlideColor = IM_COL32(240, 120, 40, 255);

// Whole pixels: ImGui puts the cursor on whole pixels too.
float lane_height() {
  return std::max(std::floor(ImGui::GetFontSize() * 0.9f), 8.0f);
}

// One foot's lane in the rectangle min..max: planted frames shaded, slide as bars.
void draw_lane(ImDrawList* draw, const anim::FootSlideMeter& meter, int foot, ImVec2 min,
               ImVec2 max, float full_scale_mps) {
  draw->AddRectFilled(min, max, kLaneColor);
  const int frames = meter.plot_frames();
  const float width = (max.x - min.x) / static_cast<float>(frames);
  const std::span<const float> speeds = meter.plot_speeds(foot);
  const std::span<const std::uint8_t> planted = meter.plot_planted(foot);
  for (int i = 0; i < frames; ++i) {
    const int at = (meter.plot_offset() + i) % frames;
    const float x = min.x + width * static_cast<float>(i);
    if (planted[at] != 0) {
      draw->AddRectFilled(ImVec2(x, min.y), ImVec2(x + width, max.y), kPlantedColor);
    }
    const float bar = slide_bar_height(speeds[at], full_scale_mps, max.y - min.y);
    if (bar > 0.0f) {
      draw->AddRectFilled(ImVec2(x, max.y - bar), ImVec2(x + std::max(width, 1.0f), max.y),
                          kSlideColor);
    }
  }
}

}  // namespace

float slide_plot_height(int feet) {
  return feet > 0 ? lane_height() * static_cast<float>(feet) + 2.0f * static_cast<float>(feet - 1)
                  : 0.0f;
}

float slide_bar_height(float speed_mps, float full_scale_mps, float lane_px) {
  if (!(full_scale_mps > 0.0f) || !(speed_mps > 0.0f)) return 0.0f;
  return std::min(speed_mps / full_scale_mps, 1.0f) * lane_px;
}

void draw_slide_plot(const anim::FootSlideMeter& meter, std::span<const std::string> feet,
                     float full_scale_mps) {
  const int lanes = std::min(meter.feet(), static_cast<int>(feet.size()));
  if (lanes == 0 || meter.plot_frames() == 0) return;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const float label_px = ImGui::GetFontSize() * 3.0f;
  char scale[48];
  std::snprintf(scale, sizeof(scale), "%.0f cm/s", 100.0f * full_scale_mps);
  const float scale_px = ImGui::CalcTextSize(scale).x + ImGui::GetFontSize();
  const float lane = lane_height();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int foot = 0; foot < lanes; ++foot) {
    const float y = origin.y + static_cast<float>(foot) * (lane + 2.0f);
    draw->AddText(ImVec2(origin.x, y), kLabelColor, feet[foot].c_str());
    draw_lane(draw, meter, foot, ImVec2(origin.x + label_px, y),
              ImVec2(origin.x + std::max(width - scale_px, label_px + 1.0f), y + lane),
              full_scale_mps);
  }
  draw->AddText(ImVec2(origin.x + width - scale_px + 0.5f * ImGui::GetFontSize(), origin.y),
                kLabelColor, scale);
  ImGui::Dummy(ImVec2(width, slide_plot_height(lanes)));
}

void draw_slide_plot_window(const anim::FootSlideMeter& meter, std::span<const std::string> feet,
                            float full_scale_mps, float x, float bottom_y, float width) {
  if (std::min(meter.feet(), static_cast<int>(feet.size())) == 0) return;
  ImGui::SetNextWindowPos(ImVec2(x, bottom_y), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("##foot slide", nullptr, flags)) draw_slide_plot(meter, feet, full_scale_mps);
  ImGui::End();
}

float slide_plot_window_height(int feet) {
  if (feet <= 0) return 0.0f;
  return slide_plot_height(feet) + 2.0f * ImGui::GetStyle().WindowPadding.y;
}

}  // namespace ui
