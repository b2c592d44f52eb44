// The curve view: its axes map time to x and value to y as computed by hand, a click in the plot
// asks for the frame under the cursor, the wheel zooms time about the cursor and Ctrl+wheel
// values, a right drag pans values, pops are marked only in the speed and acceleration views
// (with the threshold), tangent handles, the exact curve's error and several joints are drawn
// where the data puts them.
#include "ui/curve_view.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "headless_imgui.h"
#include "ui/curve_plot.h"

namespace {

using ui::CurveAxes;
using ui::CurveChannels;
using ui::CurveViewData;
using ui::CurveViewState;
using ui::testing::HeadlessImGui;

TEST(CurveAxes, MapsTimeToXAndValueToY) {
  CurveAxes axes;
  axes.x0 = 100.0f;
  axes.x1 = 500.0f;
  axes.y0 = 50.0f;
  axes.y1 = 250.0f;
  axes.t0_s = 1.0;
  axes.t1_s = 3.0;
  axes.v0 = -2.0f;
  axes.v1 = 2.0f;
  EXPECT_FLOAT_EQ(axes.x_of(1.5), 200.0f);  // a quarter of the range: 100 + 400 / 4
  EXPECT_FLOAT_EQ(axes.x_of(3.0), 500.0f);
  EXPECT_FLOAT_EQ(axes.y_of(1.0f), 100.0f);  // three quarters up: 250 - 150
  EXPECT_FLOAT_EQ(axes.y_of(-2.0f), 250.0f);
  EXPECT_DOUBLE_EQ(axes.time_at(400.0f), 2.5);
}

TEST(CurveAxes, SnapsToFramesWithinTheClip) {
  EXPECT_DOUBLE_EQ(ui::snap_to_frame(0.51, 30.0f, 2.0f), 0.5);          // frame 15.3
  EXPECT_DOUBLE_EQ(ui::snap_to_frame(0.52, 30.0f, 2.0f), 16.0 / 30.0);  // frame 15.6
  EXPECT_DOUBLE_EQ(ui::snap_to_frame(-1.0, 30.0f, 2.0f), 0.0);
  EXPECT_DOUBLE_EQ(ui::snap_to_frame(2.4, 30.0f, 2.0f), 2.0);
  EXPECT_DOUBLE_EQ(ui::snap_to_frame(1.99, 30.0f, 1.99f), static_cast<double>(1.99f));
}

TEST(CurveAxes, ZoomKeepsTheTimeUnderTheCursor) {
  double t0 = 0.0, t1 = 2.0;
  ui::zoom_time(t0, t1, 0.5, 0.5, 30.0f, 4.0f);
  EXPECT_DOUBLE_EQ(t0, 0.25);  // 0.5 stays a quarter of the way along a range half as wide
  EXPECT_DOUBLE_EQ(t1, 1.25);
  ui::zoom_time(t0, t1, 1.0, 0.001, 30.0f, 4.0f);  // no narrower than two frames
  EXPECT_NEAR(t1 - t0, 2.0 / 30.0, 1e-12);
  ui::zoom_time(t0, t1, 1.0, 1000.0, 30.0f, 4.0f);  // no wider than the clip
  EXPECT_DOUBLE_EQ(t0, 0.0);
  EXPECT_DOUBLE_EQ(t1, 4.0);
  t0 = 1.0;
  t1 = 2.0;
  ui::pan_time(t0, t1, 5.0, 4.0f);  // panned past the end: stops there
  EXPECT_DOUBLE_EQ(t0, 3.0);
  EXPECT_DOUBLE_EQ(t1, 4.0);
}

TEST(CurveAxes, FitsTheValuesWithAMargin) {
  float v0 = 0.0f, v1 = 0.0f;
  const float values[] = {-2.0f, 4.0f, 1.0f};
  ui::fit_values(values, v0, v1);
  EXPECT_FLOAT_EQ(v0, -2.3f);  // 5% of the span of 6 either side
  EXPECT_FLOAT_EQ(v1, 4.3f);
  const float flat[] = {3.0f, 3.0f};
  ui::fit_values(flat, v0, v1);
  EXPECT_FLOAT_EQ(v0, 2.5f);
  EXPECT_FLOAT_EQ(v1, 3.5f);
}

// A 2 s clip at 30 fps whose joint moves (t, 2t, -t), keyed at 0, 1 and 2 s, with a pop at 1 s.
struct Curves {
  std::vector<anim::JointMotionFrame> frames;
  std::vector<float> keys{0.0f, 1.0f, 2.0f};
  std::vector<anim::Pop> pops{{30, 1.0f, 50.0f}};
  std::vector<ui::JointCurveSet> sets;
  Curves() {
    for (int i = 0; i <= 60; ++i) {
      anim::JointMotionFrame f;
      f.time_s = static_cast<float>(i) / 30.0f;
      f.local.translation = {f.time_s, 2.0f * f.time_s, -f.time_s};
      f.linear_speed = 2.449f;
      f.linear_acceleration = i == 30 ? 50.0f : 1.0f;
      frames.push_back(f);
    }
    sets.push_back({"hand_r", frames, {}, keys, {}, pops, 20.0f});
  }
  CurveViewData data(double playhead_s) const {
    return {sets, 30.0f, 2.0f, playhead_s, true, "clip test"};
  }
};

TEST(CurveViewPanel, DrawsThePlayheadKeysAndFittedValues) {
  HeadlessImGui imgui;
  const Curves curves;
  CurveViewState state;
  state.open = true;
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.5)); });
  ASSERT_TRUE(state.drawn);
  const CurveAxes& a = state.axes;
  EXPECT_GT(a.x1 - a.x0, 100.0f);
  EXPECT_DOUBLE_EQ(a.t0_s, 0.0);  // the whole clip
  EXPECT_DOUBLE_EQ(a.t1_s, 2.0);
  EXPECT_FLOAT_EQ(a.v0, -2.3f);  // z reaches -2 and y 4 at the end
  EXPECT_FLOAT_EQ(a.v1, 4.3f);
  EXPECT_FLOAT_EQ(state.playhead_x, a.x0 + 0.25f * (a.x1 - a.x0));
  ASSERT_EQ(state.key_dots.size(), 9u);  // three keys, three components
  // The key at 1 s on the y curve (value 2): halfway across, (4.3 - 2) / 6.6 down.
  EXPECT_FLOAT_EQ(state.key_dots[4].x, a.x0 + 0.5f * (a.x1 - a.x0));
  EXPECT_NEAR(state.key_dots[4].y, a.y0 + (4.3f - 2.0f) / 6.6f * (a.y1 - a.y0), 1e-3f);
  EXPECT_TRUE(state.pop_xs.empty()) << "pops are marked in the speed views";
  state.channels = CurveChannels::LinearSpeed;
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.5)); });
  ASSERT_EQ(state.pop_xs.size(), 1u);
  EXPECT_FLOAT_EQ(state.pop_xs[0], a.x0 + 0.5f * (a.x1 - a.x0));
  EXPECT_EQ(state.key_dots.size(), 3u);
}

TEST(CurveViewPanel, AClickAsksForTheFrameUnderTheCursor) {
  HeadlessImGui imgui;
  const Curves curves;
  CurveViewState state;
  state.open = true;
  double seek = -1.0;
  const auto frame = [&] {
    imgui.frame([&] { seek = ui::draw_curve_view(state, curves.data(0.0)); });
  };
  frame();
  ASSERT_TRUE(state.drawn);
  const CurveAxes a = state.axes;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(a.x0 + 0.26f * (a.x1 - a.x0), 0.5f * (a.y0 + a.y1));  // 0.52 s: frame 15.6
  frame();
  EXPECT_LT(seek, 0.0) << "hovering does not scrub";
  io.MouseDown[0] = true;
  frame();
  EXPECT_TRUE(state.scrubbing);
  EXPECT_DOUBLE_EQ(seek, 16.0 / 30.0);
  io.MousePos.x = a.x0 + 0.75f * (a.x1 - a.x0) + 2.0f;  // dragged to 1.5 s and a bit: frame 45
  frame();
  EXPECT_DOUBLE_EQ(seek, 1.5);
  io.MouseDown[0] = false;
  frame();
  EXPECT_FALSE(state.scrubbing);
  EXPECT_LT(seek, 0.0);
}

TEST(CurveViewPanel, TheWheelZoomsAboutTheCursor) {
  HeadlessImGui imgui;
  const Curves curves;
  CurveViewState state;
  state.open = true;
  const auto frame = [&] { imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); }); };
  frame();
  const CurveAxes a = state.axes;
  ImGuiIO& io = ImGui::GetIO();
  // About 0.6 s, on a whole pixel (ImGui floors the mouse position).
  const float x = std::floor(a.x0 + 0.3f * (a.x1 - a.x0));
  const double under = a.time_at(x);
  EXPECT_NEAR(under, 0.6, 2.0 / (a.x1 - a.x0));
  io.MousePos = ImVec2(x, 0.5f * (a.y0 + a.y1));
  frame();
  io.MouseWheel = 1.0f;  // one notch in: 0.8 of the width
  frame();
  io.MouseWheel = 0.0f;
  EXPECT_NEAR(state.t0_s, 0.2 * under, 1e-6);  // under - under * 0.8
  EXPECT_NEAR(state.t1_s, 0.2 * under + 1.6, 1e-6);
  frame();
  EXPECT_NEAR(state.axes.time_at(x), under, 1e-6) << "the time under the cursor stays";
  io.MouseWheel = -1.0f;  // and back out: the whole clip again
  frame();
  io.MouseWheel = 0.0f;
  EXPECT_NEAR(state.t0_s, 0.0, 1e-6);
  EXPECT_NEAR(state.t1_s, 2.0, 1e-6);
}

TEST(CurveAxes, ValueZoomKeepsTheValueUnderTheCursor) {
  float v0 = -2.0f, v1 = 4.0f;
  ui::zoom_values(v0, v1, 1.0f, 0.5f);  // 1 is half-way: the range halves about it
  EXPECT_FLOAT_EQ(v0, -0.5f);
  EXPECT_FLOAT_EQ(v1, 2.5f);
  ui::zoom_values(v0, v1, 2.5f, 1e-9f);  // never narrower than 1e-6 of 2.5
  EXPECT_FLOAT_EQ(v1, 2.5f);
  EXPECT_NEAR(v1 - v0, 2.5e-6f, 3e-7f);  // an ulp of 2.5 is 2.4e-7
}

TEST(CurveViewPanel, CtrlWheelZoomsValuesARightDragPansThemAndFitGivesThemBack) {
  HeadlessImGui imgui;
  const Curves curves;
  CurveViewState state;
  state.open = true;
  const auto frame = [&] { imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); }); };
  frame();
  const CurveAxes a = state.axes;  // values -2.3 to 4.3
  ImGuiIO& io = ImGui::GetIO();
  const float y = std::floor(a.y0 + 0.25f * (a.y1 - a.y0));
  const float under = a.value_at(y);
  io.MousePos = ImVec2(0.5f * (a.x0 + a.x1), y);
  frame();
  io.KeyCtrl = true;
  io.MouseWheel = 1.0f;
  frame();
  io.MouseWheel = 0.0f;
  io.KeyCtrl = false;
  frame();
  EXPECT_FALSE(state.values_fitted);
  EXPECT_NEAR(state.v1 - state.v0, 0.8f * 6.6f, 1e-4f);
  EXPECT_NEAR(state.axes.value_at(y), under, 1e-4f) << "the value under the cursor stays";
  EXPECT_DOUBLE_EQ(state.t1_s - state.t0_s, 2.0) << "time is not zoomed";
  const float v0 = state.v0;
  io.MouseDown[1] = true;  // a right drag 20 px down shows higher values
  frame();
  io.MousePos.y += 20.0f;
  frame();
  io.MouseDown[1] = false;
  frame();
  EXPECT_NEAR(state.v0 - v0, 20.0f / (a.y1 - a.y0) * 0.8f * 6.6f, 1e-3f);
  state.values_fitted = true;  // what Fit does
  frame();
  EXPECT_FLOAT_EQ(state.axes.v0, -2.3f);
  EXPECT_FLOAT_EQ(state.axes.v1, 4.3f);
}

TEST(CurveViewPanel, TheAccelerationViewMarksPopsAndTheirThreshold) {
  HeadlessImGui imgui;
  const Curves curves;
  CurveViewState state;
  state.open = true;
  state.channels = CurveChannels::LinearAcceleration;
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); });
  ASSERT_TRUE(state.drawn);
  const CurveAxes& a = state.axes;
  EXPECT_FLOAT_EQ(a.v0, 1.0f - 0.05f * 49.0f);  // 1 to 50: 5% of 49 either side
  EXPECT_FLOAT_EQ(a.v1, 50.0f + 0.05f * 49.0f);
  ASSERT_EQ(state.pop_xs.size(), 1u);
  EXPECT_FLOAT_EQ(state.pop_xs[0], a.x0 + 0.5f * (a.x1 - a.x0));
  ASSERT_EQ(state.threshold_ys.size(), 1u);
  EXPECT_FLOAT_EQ(state.threshold_ys[0], a.y_of(20.0f));
}

// A CUBICSPLINE key at 1 s with 0.5 s to the keys either side: handles a sixth of a second away,
// along the in- and out-tangents.
TEST(CurveViewPanel, ACubicKeysTangentsAreHandles) {
  HeadlessImGui imgui;
  Curves curves;
  ui::CurveTangentKey key;
  key.time_s = 1.0f;
  key.value = {1.0f, 2.0f, -1.0f, 0.0f};
  key.in_tangent = {3.0f, 0.0f, 0.0f, 0.0f};
  key.out_tangent = {-3.0f, 6.0f, 0.0f, 0.0f};
  key.before_s = key.after_s = 0.5f;
  const std::vector<ui::CurveTangentKey> tangents{key};
  curves.sets[0].tangents = tangents;
  CurveViewState state;
  state.open = true;
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); });
  const CurveAxes& a = state.axes;
  ASSERT_EQ(state.handle_ends.size(), 6u);  // in and out, three components
  const float sixth = 1.0f / 6.0f;
  EXPECT_NEAR(state.handle_ends[0].x, a.x_of(1.0 - sixth), 1e-3f);  // x's in-handle
  EXPECT_NEAR(state.handle_ends[0].y, a.y_of(1.0f - 3.0f * sixth), 1e-3f);
  EXPECT_NEAR(state.handle_ends[3].x, a.x_of(1.0 + sixth), 1e-3f);  // y's out-handle
  EXPECT_NEAR(state.handle_ends[3].y, a.y_of(2.0f + 6.0f * sixth), 1e-3f);
  state.channels = CurveChannels::Scale;
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); });
  EXPECT_TRUE(state.handle_ends.empty()) << "a translation key in the scale view";
}

// The exact curve 1 cm below the stored one in x: the largest difference is 1 cm; and a second
// joint adds its keys in its own colour.
TEST(CurveViewPanel, ExactCurvesAndSeveralJoints) {
  HeadlessImGui imgui;
  Curves curves;
  std::vector<anim::JointMotionFrame> exact = curves.frames;
  for (anim::JointMotionFrame& f : exact) f.local.translation.x -= 0.01f;
  curves.sets[0].exact_frames = exact;
  CurveViewState state;
  state.open = true;
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); });
  EXPECT_NEAR(state.largest_error, 0.01f, 1e-6f);
  const std::vector<float> two_keys{0.5f, 1.5f};
  curves.sets.push_back({"hand_l", curves.frames, {}, two_keys, {}, {}, 20.0f});
  imgui.frame([&] { ui::draw_curve_view(state, curves.data(0.0)); });
  EXPECT_EQ(state.key_dots.size(), 15u);  // (3 + 2) keys x 3 components
  EXPECT_NE(ui::curve_colour(CurveChannels::Translation, 0, 0, 2),
            ui::curve_colour(CurveChannels::Translation, 0, 1, 2));
  EXPECT_NE(ui::curve_colour(CurveChannels::Translation, 0, 0, 2),
            ui::curve_colour(CurveChannels::Translation, 1, 0, 2));
}

}  // namespace
