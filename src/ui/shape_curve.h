#pragma once
// The selected shape's weight over the previewed clip, drawn on the timeline under the ruler: a
// curve sampled through the animation runtime's own weight sampling (anim::sample_morph_weights,
// what the frame plays, so the curve cannot disagree with the character), a dot at each key of
// the clip's track for that shape, and the playhead.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/job_result.h"
#include "anim/morph_weights.h"

namespace ui {

// Evenly spaced samples across the clip, besides its keys: about one per 4 pixels of a wide
// timeline.
inline constexpr int kShapeCurveSamples = 256;
// The strip's height in pixels: the timeline grows by this (and an item spacing) to show it.
inline constexpr float kShapeCurveHeight = 40.0f;

struct ShapeCurve {
  std::string label;           // "target (node)"
  bool animated = false;       // the clip has a track for the shape (else the curve is its default)
  std::vector<float> times_s;  // ascending, from 0 to the clip's duration; the keys among them
  std::vector<float> weights;  // the shape's weight at each of times_s
  std::vector<int> keys;       // the indices in times_s of the track's keys (its dots)
  // Sampling scratch, kept so that resampling every frame does not allocate.
  std::vector<std::uint32_t> cursors;
  std::vector<float> all_weights;
};

// Fills curve with channel's weight over clip: at sample_count evenly spaced times from 0 to
// the duration and at the times of the keys of clip's track for that channel (those within the
// clip), each the weight anim::sample_morph_weights gives through binding (the frame's sampler).
// Fails, leaving curve empty, when channel is not an index into channels, sample_count is below
// 2, the clip's duration is not positive, or the sampler fails (binding not built for clip).
anim::JobResult sample_shape_curve(const anim::Clip& clip, const anim::MorphBinding& binding,
                                   std::span<const anim::MorphChannel> channels, int channel,
                                   int sample_count, ShapeCurve& curve);

// Draws curve as a strip across the window at the cursor (and moves the cursor past it), time t
// at x = left_px + t / duration_s * width_px, as the timeline's ruler maps it; weights from 0
// (bottom) to 1 (top), widened to the curve's own range when it leaves [0, 1]. The playhead is
// a vertical line at playhead_s, with the weight there printed after the label.
void draw_shape_curve(const ShapeCurve& curve, float left_px, float width_px, double duration_s,
                      double playhead_s);

}  // namespace ui
