#include "app/compare_view.h"

#include <CLI/CLI.hpp>

#include <cstdio>

#include "anim/playback.h"
#include "ui/compare_overlay.h"

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

ViewUnderPointer view_under_pointer(const ViewerScene& scene, const visual::SceneView& view,
                                    const ViewportRect& viewport, const glm::mat4& view_projection,
                                    float pointer_x) {
  const PixelRect whole = to_pixels(viewport);
  if (view.compare == visual::CompareMode::Off) {
    return {whole, view_projection, scene.instance.model_pose()};
  }
  const std::array<PixelRect, 2> halves = split_side_by_side(whole);
  const bool right = pointer_x >= static_cast<float>(halves[1].x);
  const PixelRect& half = halves[right ? 1 : 0];
  const bool clip_b = right && view.compare == visual::CompareMode::Clips;
  std::span<const glm::mat4> pose = scene.instance.model_pose();
  if (clip_b) {
    pose = scene.comparison.active() ? scene.comparison.player().model_pose()
                                     : std::span<const glm::mat4>();
  }
  return {half, half_view_projection(view_projection, whole.width, half.width), pose};
}

std::string parse_compare_option(const std::string& text, visual::SceneView& view) {
  if (text == "off") {
    view.compare = visual::CompareMode::Off;
    return {};
  }
  if (text == "skinning") {
    view.compare = visual::CompareMode::Skinning;
    return {};
  }
  if (text.rfind(kClipPrefix, 0) == 0) {
    const std::string clip = text.substr(std::string(kClipPrefix).size());
    if (clip.empty()) return "'clip:' needs the name of clip B, as in clip:run_forward";
    view.compare = visual::CompareMode::Clips;
    view.compare_clip = clip;
    return {};
  }
  return "expected off, skinning or clip:NAME, got '" + text + "'";
}

CLI::Validator compare_option_validator() {
  return CLI::Validator(
      [](std::string& text) {
        visual::SceneView unused;
        return parse_compare_option(text, unused);
      },
      "off|skinning|clip:NAME");
}

const char* compare_mode_name(visual::CompareMode mode) {
  switch (mode) {
    case visual::CompareMode::Skinning:
      return "skinning";
    case visual::CompareMode::Clips:
      return "clips";
    case visual::CompareMode::Off:
      break;
  }
  return "off";
}

std::array<std::string, 2> compare_labels(const ViewerScene& scene, const visual::SceneView& view) {
  if (view.compare == visual::CompareMode::Skinning) {
    return {"LBS (linear blend skinning)", "DQ (dual quaternion skinning)"};
  }
  if (view.compare != visual::CompareMode::Clips || !scene.loaded) return {};
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

void draw_compare_overlay(ui::ViewSettings& view, const ViewerScene& scene,
                          const ViewportRect& viewport) {
  if (view.compare == visual::CompareMode::Off) return;
  const auto& clips = scene.clips();
  // Clip mode with no B yet (chosen from the View menu): the first clip that is not A.
  if (view.compare == visual::CompareMode::Clips && view.compare_clip.empty() && scene.loaded) {
    for (std::size_t i = 0; i < clips.size(); ++i) {
      if (static_cast<int>(i) != scene.preview_clip || clips.size() == 1) {
        view.compare_clip = clips[i].name;
        break;
      }
    }
  }
  ui::draw_compare_toolbar(view, clips, viewport.x, viewport.y, viewport.width);
  if (view.compare == visual::CompareMode::Off) return;  // the toolbar turned it off
  const std::array<PixelRect, 2> halves = split_side_by_side(to_pixels(viewport));
  std::array<ui::LabelCorner, 2> corners;
  for (int side = 0; side < 2; ++side) {
    corners[side] = {static_cast<float>(halves[side].x),
                     static_cast<float>(halves[side].y + halves[side].height)};
  }
  ui::draw_compare_labels(compare_labels(scene, view), corners);
}

}  // namespace app
