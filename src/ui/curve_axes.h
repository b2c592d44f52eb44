#pragma once
// The curve view's axes: which time and value each pixel of the plot stands for, frame snapping,
// and zooming and panning the time and value axes. Pure arithmetic, apart from ImGui, for tests.

#include <span>

namespace ui {

// The visible time range [t0_s, t1_s] and value range [v0, v1] drawn into the plot rectangle
// from (x0, y0) (top left) to (x1, y1) (bottom right); larger values are higher up.
struct CurveAxes {
  float x0 = 0.0f, y0 = 0.0f, x1 = 1.0f, y1 = 1.0f;
  double t0_s = 0.0, t1_s = 1.0;
  float v0 = 0.0f, v1 = 1.0f;

  float x_of(double t_s) const;
  float y_of(float value) const;
  double time_at(float x) const;
  float value_at(float y) const;
};

// The frame time nearest t_s at fps, within [0, duration_s] (the clip's end is its last frame).
double snap_to_frame(double t_s, float fps, float duration_s);

// The time range zoomed by factor (< 1 narrows) about about_s, which keeps its place in the
// range; at least two frames wide and within [0, duration_s].
void zoom_time(double& t0_s, double& t1_s, double about_s, double factor, float fps,
               float duration_s);

// The time range moved by shift_s, kept within [0, duration_s] without changing its width.
void pan_time(double& t0_s, double& t1_s, double shift_s, float duration_s);

// The value range zoomed by factor (< 1 narrows) about about, which keeps its place; never
// narrower than 1e-6 of the larger end's magnitude (or 1e-9), so float steps stay visible.
void zoom_values(float& v0, float& v1, float about, float factor);

// The value range that shows values (their minimum and maximum, 5% of the span added either
// side; a flat curve gets +-0.5 about its value, or +-1e-3 of it when that is larger).
void fit_values(std::span<const float> values, float& v0, float& v1);

}  // namespace ui
