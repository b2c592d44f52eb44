#include "app/compare_view.h"

#include <imgui.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>

#include "anim/playback.h"

namespace app {
namespace {

constexpr const char* kClipPrefix = "clip:";

// "SIDE: name" over "frame F / LAST  T.TT s", for a clip at time_s; two short lines fit a half
// of a narrow viewport.
std::string clip_label(const char* side, const anim::Clip& clip, double time_s) {
  const anim::Timeline timeline = anim::timeline_of(clip);
  char text[256];
  std::snprintf(text, sizeof(text), "%s: %s\nframe %d / %d  %.2f s", side, clip.name.c_str(),
                anim::frame_at(timeline, time_s), anim::last_frame(timeline), time_s);
  return text;
}

}  // namespace

PixelRect to_pixels(const ViewportRect& viewport) {
  return {static_cast<int>(viewport.x), static_cast<int>(viewport.y),
          static_cast<int>(viewport.width), static_cast<int>(viewport.height)};
}

ViewUnderPointer view_under_pointer(const ViewerScene& scene, const ui::ViewSettings& view,
                                    const ViewportRect& viewport, const glm::mat4& view_projection,
                                    float pointer_x) {
  const PixelRect whole = to_pixels(viewport);
  if (view.compare == ui::CompareMode::Off) {
    return {whole, view_projection, scene.instance.model_pose()};
  }
  const std::array<PixelRect, 2> halves = split_side_by_side(whole);
  const bool right = pointer_x >= static_cast<float>(halves[1].x);
  const PixelRect& half = halves[right ? 1 : 0];
  const bool clip_b = right && view.compare == ui::CompareMode::Clips;
  std::span<const glm::mat4> pose = scene.instance.model_pose();
  if (clip_b) {
    pose = scene.comparison.active() ? scene.comparison.player().model_pose()
                                     : std::span<const glm::mat4>();
  }
  return {half, half_view_projection(view_projection, whole.width, half.width), pose};
}

std::string parse_compare_option(const std::string& text, ui::ViewSettings& view) {
  if (text == "off") {
    view.compare = ui::CompareMode::Off;
    return {};
  }
  if (text == "skinning") {
    view.compare = ui::CompareMode::Skinning;
    return {};
  }
  if (text.rfind(kClipPrefix, 0) == 0) {
    const std::string clip = text.substr(std::string(kClipPrefix).size());
    if (clip.empty()) return "'clip:' needs the name of clip B, as in clip:run_forward";
    view.compare = ui::CompareMode::Clips;
    view.compare_clip = clip;
    return {};
  }
  return "expected off, skinning or clip:NAME, got '" + text + "'";
}

CLI::Validator compare_option_validator() {
  return CLI::Validator(
      [](std::string& text) {
        ui::ViewSettings unused;
        return parse_compare_option(text, unused);
      },
      "off|skinning|clip:NAME");
}

const char* compare_mode_name(ui::CompareMode mode) {
  switch (mode) {
    case ui::CompareMode::Skinning:
      return "skinning";
    case ui::CompareMode::Clips:
      return "clips";
    case ui::CompareMode::Off:
      break;
  }
  return "off";
}

std::array<std::string, 2> compare_labels(const ViewerScene& scene, const ui::ViewSettings& view) {
  if (view.compare == ui::CompareMode::Skinning) {
    return {"LBS (linear blend skinning)", "DQ (dual quaternion skinning)"};
  }
  if (view.compare != ui::CompareMode::Clips || !scene.loaded) return {};
  std::array<std::string, 2> labels;
  if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0) {
    labels[0] = clip_label("A", scene.clips()[scene.preview_clip], scene.clock.time_s());
  } else if (const int a = scene.instance.dominant_clip(); a >= 0) {
    labels[0] = clip_label("A (graph)", scene.clips()[a], scene.instance.dominant_clip_time());
  }
  const ClipComparison& b = scene.comparison;
  labels[1] = b.active() ? clip_label("B", scene.clips()[b.clip()], b.time_s()) : "B: " + b.error();
  return labels;
}

void draw_compare_toolbar(ui::ViewSettings& view, const ViewerScene& scene, float x, float y,
                          float width) {
  if (view.compare == ui::CompareMode::Off) return;
  const auto& clips = scene.clips();
  // Clip mode with no B yet (chosen from the View menu): the first clip that is not A.
  if (view.compare == ui::CompareMode::Clips && view.compare_clip.empty() && scene.loaded) {
    for (std::size_t i = 0; i < clips.size(); ++i) {
      if (static_cast<int>(i) != scene.preview_clip || clips.size() == 1) {
        view.compare_clip = clips[i].name;
        break;
      }
    }
  }
  ImGui::SetNextWindowPos(ImVec2(x + 8.0f, y + 8.0f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::Begin("Compare", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  int mode = static_cast<int>(view.compare);
  ImGui::SetNextItemWidth(std::min(170.0f, width * 0.4f));
  if (ImGui::Combo("##compare", &mode,
                   "Compare: off\0"
                   "Skinning: LBS | DQ\0"
                   "Clips: A | B\0")) {
    view.compare = static_cast<ui::CompareMode>(mode);
  }
  if (view.compare == ui::CompareMode::Clips) {
    ImGui::SetNextItemWidth(std::min(170.0f, width * 0.4f));
    if (ImGui::BeginCombo("B", view.compare_clip.c_str())) {
      for (const anim::Clip& clip : clips) {
        if (ImGui::Selectable(clip.name.c_str(), clip.name == view.compare_clip)) {
          view.compare_clip = clip.name;
        }
      }
      ImGui::EndCombo();
    }
    int sync = static_cast<int>(view.compare_sync);
    ImGui::SetNextItemWidth(std::min(170.0f, width * 0.4f));
    if (ImGui::Combo("sync", &sync,
                     "same phase\0"
                     "same seconds\0")) {
      view.compare_sync = static_cast<ui::CompareSync>(sync);
    }
  }
  ImGui::End();
}

void draw_compare_labels(const ViewerScene& scene, const ui::ViewSettings& view,
                         const ViewportRect& viewport) {
  if (view.compare == ui::CompareMode::Off) return;
  const std::array<std::string, 2> labels = compare_labels(scene, view);
  const std::array<PixelRect, 2> halves = split_side_by_side(to_pixels(viewport));
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  for (int side = 0; side < 2; ++side) {
    const PixelRect& half = halves[side];
    const ImVec2 size = ImGui::CalcTextSize(labels[side].c_str());
    const ImVec2 at(static_cast<float>(half.x) + 10.0f,
                    static_cast<float>(half.y + half.height) - size.y - 10.0f);
    draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 2.0f),
                        ImVec2(at.x + size.x + 4.0f, at.y + size.y + 2.0f),
                        IM_COL32(20, 22, 26, 190), 3.0f);
    draw->AddText(at, IM_COL32(235, 235, 235, 255), labels[side].c_str());
  }
}

}  // namespace app
