#pragma once
// The foot-slide meter's lines in the stats overlay: per span of play (the clip, the blend-space
// point, the last transition) and per foot, the mean slide of a planted step in centimetres
// and as a share of the leg's length (anim/foot_slide_meter.h).

#include <span>
#include <string>
#include <vector>

#include "anim/foot_slide_meter.h"

namespace ui {

// What the meter's tallies are of, in words (the caller knows the names behind the indices).
struct FootSlideNames {
  std::vector<std::string> feet;  // a short label per foot ("L", "R", or the joint's name)
  std::string clip;               // the clip tally's clip
  std::string blend_point;        // e.g. "Locomotion (1.20, 0.00)"; empty: no blend space plays
  std::string transition;         // e.g. "Walk -> Run"; empty: none has run
};

// One line for a tally: "<label>: L 1.2 cm 3.1%  R 0.0 cm 0.0%", each foot's slide per step
// in centimetres (the world is in metres) and as a share of leg_length_m; "-" for a foot without
// a step yet.
std::string foot_slide_line(const std::string& label, const anim::SlideTally& tally,
                            std::span<const std::string> feet, float leg_length_m);

// The most lines foot_slide_lines gives: the clip's, the blend point's and the transition's.
inline constexpr int kMaxFootSlideLines = 3;

// The overlay's lines: the clip's, then the blend point's and the transition's where they have
// a name and counted frames. None when the meter has no feet.
std::vector<std::string> foot_slide_lines(const anim::FootSlideMeter& meter,
                                          const FootSlideNames& names, float leg_length_m);

}  // namespace ui
