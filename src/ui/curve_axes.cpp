#include "ui/curve_axes.h"

#include <algorithm>
#include <cmath>

namespace ui {

float CurveAxes::x_of(double t_s) const {
  return x0 + static_cast<float>((t_s - t0_s) / (t1_s - t0_s)) * (x1 - x0);
}

float CurveAxes::y_of(float value) const {
  return y1 - (value - v0) / (v1 - v0) * (y1 - y0);
}

double CurveAxes::time_at(float x) const {
  return t0_s + static_cast<double>((x - x0) / (x1 - x0)) * (t1_s - t0_s);
}

float CurveAxes::value_at(float y) const {
  return v0 + (y1 - y) / (y1 - y0) * (v1 - v0);
}

void zoom_values(float& v0, float& v1, float about, float factor) {
  const float smallest = std::max(1e-6f * std::max(std::fabs(v0), std::fabs(v1)), 1e-9f);
  const float span = std::max((v1 - v0) * factor, smallest);
  const float share = v1 > v0 ? (about - v0) / (v1 - v0) : 0.5f;
  v0 = about - share * span;
  v1 = v0 + span;
}

double snap_to_frame(double t_s, float fps, float duration_s) {
  const double clamped = std::clamp(t_s, 0.0, static_cast<double>(duration_s));
  if (fps <= 0.0f) return clamped;
  const double snapped = std::round(clamped * fps) / fps;
  return std::min(snapped, static_cast<double>(duration_s));
}

void zoom_time(double& t0_s, double& t1_s, double about_s, double factor, float fps,
               float duration_s) {
  const double min_width = fps > 0.0f ? 2.0 / fps : 1e-3;
  const double width = std::clamp((t1_s - t0_s) * factor, std::min(min_width, double{duration_s}),
                                  static_cast<double>(duration_s));
  const double scale = width / (t1_s - t0_s);
  t0_s = about_s - (about_s - t0_s) * scale;
  t1_s = t0_s + width;
  pan_time(t0_s, t1_s, 0.0, duration_s);
}

void pan_time(double& t0_s, double& t1_s, double shift_s, float duration_s) {
  const double width = t1_s - t0_s;
  t0_s = std::clamp(t0_s + shift_s, 0.0, std::max(0.0, duration_s - width));
  t1_s = t0_s + width;
}

void fit_values(std::span<const float> values, float& v0, float& v1) {
  if (values.empty()) {
    v0 = -1.0f;
    v1 = 1.0f;
    return;
  }
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const float span = *hi - *lo;
  if (span <= 1e-6f * std::max(1.0f, std::abs(*hi))) {
    const float half = std::max(0.5f, 1e-3f * std::abs(*hi));
    v0 = *lo - half;
    v1 = *hi + half;
    return;
  }
  v0 = *lo - 0.05f * span;
  v1 = *hi + 0.05f * span;
}

}  // namespace ui
