#include "ui/shape_curve.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "ui/plot_colours.h"

namespace ui {
namespace {

constexpr float kStripPadding = 4.0f;  // between the strip's edge and weights 0 and 1
constexpr float kKeyDotRadius = 2.5f;
constexpr float kMinDotSpacingPx = 8.0f;

constexpr ImU32 kGuideColor = IM_COL32(70, 74, 84, 255);  // weights 0 and 1
constexpr ImU32 kCurveColor = IM_COL32(120, 200, 235, 255);

// The index of channel's track in clip (the one binding maps to it), or -1.
int track_of_channel(const anim::MorphBinding& binding, int channel) {
  const auto& map = binding.track_to_channel;
  const auto found = std::find(map.begin(), map.end(), channel);
  return found == map.end() ? -1 : static_cast<int>(found - map.begin());
}

// curve.times_s: sample_count evenly spaced times over [0, duration_s] and the track's key
// times within it, ascending, without repeats.
void gather_times(const anim::FloatTrack* track, float duration_s, int sample_count,
                  ShapeCurve& curve) {
  for (int i = 0; i < sample_count; ++i) {
    curve.times_s.push_back(duration_s * static_cast<float>(i) /
                            static_cast<float>(sample_count - 1));
  }
  if (track != nullptr) {
    for (float t : track->times_s) {
      if (t >= 0.0f && t <= duration_s) curve.times_s.push_back(t);
    }
  }
  std::sort(curve.times_s.begin(), curve.times_s.end());
  curve.times_s.erase(std::unique(curve.times_s.begin(), curve.times_s.end()), curve.times_s.end());
  if (track == nullptr) return;
  for (float t : track->times_s) {
    const auto at = std::lower_bound(curve.times_s.begin(), curve.times_s.end(), t);
    if (at != curve.times_s.end() && *at == t) {
      curve.keys.push_back(static_cast<int>(at - curve.times_s.begin()));
    }
  }
}

}  // namespace

anim::JobResult sample_shape_curve(const anim::Clip& clip, const anim::MorphBinding& binding,
                                   std::span<const anim::MorphChannel> channels, int channel,
                                   int sample_count, ShapeCurve& curve) {
  curve.times_s.clear();
  curve.weights.clear();
  curve.keys.clear();
  curve.label.clear();
  curve.animated = false;
  if (channel < 0 || static_cast<std::size_t>(channel) >= channels.size()) {
    return anim::JobResult::fail("sample_shape_curve: channel is not one of the channels");
  }
  if (sample_count < 2) return anim::JobResult::fail("sample_shape_curve: fewer than 2 samples");
  if (!(clip.duration_s > 0.0f)) {
    return anim::JobResult::fail("sample_shape_curve: the clip's duration is not positive");
  }
  const int track = track_of_channel(binding, channel);
  gather_times(track >= 0 ? &clip.morph_tracks[track].weight : nullptr, clip.duration_s,
               sample_count, curve);
  curve.cursors.assign(clip.morph_tracks.size(), 0u);
  curve.all_weights.resize(channels.size());
  for (float t : curve.times_s) {
    const anim::JobResult sampled =
        anim::sample_morph_weights(clip, binding, channels, t, curve.cursors, curve.all_weights);
    if (!sampled) {
      curve.times_s.clear();
      curve.weights.clear();
      curve.keys.clear();
      return sampled;
    }
    curve.weights.push_back(curve.all_weights[channel]);
  }
  curve.animated = track >= 0;
  curve.label = channels[channel].target_name + " (" + channels[channel].node_name + ")";
  return anim::JobResult::ok();
}

void draw_shape_curve(const ShapeCurve& curve, float left_px, float width_px, double duration_s,
                      double playhead_s) {
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const float full_width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const ImVec2 max(min.x + full_width, min.y + kShapeCurveHeight);
  ImGui::Dummy(ImVec2(full_width, kShapeCurveHeight));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(min, max, kPlotBackground, 3.0f);
  if (curve.times_s.empty() || !(duration_s > 0.0)) return;

  float low = 0.0f, high = 1.0f;
  for (float w : curve.weights) {
    if (std::isfinite(w)) low = std::min(low, w), high = std::max(high, w);
  }
  const float top = min.y + kStripPadding, bottom = max.y - kStripPadding;
  const auto y_of = [&](float w) { return bottom - (w - low) / (high - low) * (bottom - top); };
  const auto x_of = [&](double t) {
    return left_px + static_cast<float>(t / duration_s) * width_px;
  };
  for (float guide : {0.0f, 1.0f}) {
    draw->AddLine(ImVec2(left_px, y_of(guide)), ImVec2(left_px + width_px, y_of(guide)),
                  kGuideColor);
  }
  const ImU32 color = curve.animated ? kCurveColor : kTickColor;
  for (std::size_t i = 1; i < curve.times_s.size(); ++i) {
    draw->AddLine(ImVec2(x_of(curve.times_s[i - 1]), y_of(curve.weights[i - 1])),
                  ImVec2(x_of(curve.times_s[i]), y_of(curve.weights[i])), color, 1.5f);
  }
  // A key on every frame (a baked clip) would hide the curve under its dots: dots at least
  // kMinDotSpacingPx apart (the ruler's ticks still mark every key).
  float last_dot_x = -1e9f;
  for (int k : curve.keys) {
    const float x = x_of(curve.times_s[k]);
    if (x - last_dot_x < kMinDotSpacingPx) continue;
    last_dot_x = x;
    draw->AddCircleFilled(ImVec2(x, y_of(curve.weights[k])), kKeyDotRadius, kKeyColor);
  }
  const std::string label = curve.animated ? curve.label : curve.label + ": not in this clip";
  draw->AddText(ImVec2(min.x + 6.0f, min.y + 2.0f), kLabelColor, label.c_str());
  const float x = x_of(playhead_s);
  draw->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), kPlayheadColor, 2.0f);
}

}  // namespace ui
