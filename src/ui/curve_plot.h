#pragma once
// The curve view's plot (ui/curve_view.h): what each channel set is called and coloured, the
// value range the visible curves span, and the drawing of curves, keys, tangents, the exact
// curve's error band, pops and the playhead into the axes the window laid out.

#include <array>
#include <span>

#include <imgui.h>

#include "ui/curve_view.h"

namespace ui {

struct ChannelSet {
  const char* name;
  const char* unit;
  std::array<const char*, 4> components;
  std::array<ImU32, 4> colours;
};

const ChannelSet& channel_set(CurveChannels channels);

// Pops are marked in the speed and acceleration views.
bool marks_pops(CurveChannels channels);

// The colour of component of the joint-th of joints curves: the channel set's own for one
// joint; with several, the joint's colour, darker for each later component.
ImU32 curve_colour(CurveChannels channels, int component, int joint, int joints);

// The frames of each curve drawn for [t0_s, t1_s]: those inside and one either side.
std::span<const anim::JointMotionFrame> visible_frames(std::span<const anim::JointMotionFrame> all,
                                                       double t0_s, double t1_s);

// Every value the visible curves take (stored and exact), for fitting the value axis.
std::vector<float> visible_values(const CurveViewData& data, CurveChannels channels, double t0_s,
                                  double t1_s);

// Draws the plot into state.axes and records what it drew in state.
void draw_plot(ImDrawList& draw, CurveViewState& state, const CurveViewData& data);

}  // namespace ui
