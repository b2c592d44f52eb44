#include "ui/foot_slide_readout.h"

#include <algorithm>
#include <cstdio>

namespace ui {

std::string foot_slide_line(const std::string& label, const anim::SlideTally& tally,
                            std::span<const std::string> feet, float leg_length_m) {
  std::string line = label + ":";
  const std::size_t count = std::min<std::size_t>(feet.size(), tally.steps.size());
  for (std::size_t f = 0; f < count; ++f) {
    char figures[64];
    if (tally.steps[f] > 0) {
      const float per_step_m = tally.slide_m[f] / static_cast<float>(tally.steps[f]);
      std::snprintf(
          figures, sizeof(figures), " %.1f cm %.1f%%", 100.0f * per_step_m,
          100.0f * anim::slide_per_step_share(tally.slide_m[f], tally.steps[f], leg_length_m));
    } else {
      std::snprintf(figures, sizeof(figures), " -");
    }
    line += (f == 0 ? " " : "  ") + feet[f] + figures;
  }
  return line;
}

std::vector<std::string> foot_slide_lines(const anim::FootSlideMeter& meter,
                                          const FootSlideNames& names, float leg_length_m) {
  std::vector<std::string> lines;
  if (meter.feet() == 0) return lines;
  const std::span<const std::string> feet(names.feet.data(),
                                          std::min<std::size_t>(names.feet.size(), meter.feet()));
  const anim::SlideTally& clip = meter.tally(anim::SlideSpan::Clip);
  lines.push_back(foot_slide_line("Slide per step, clip " + names.clip, clip, feet, leg_length_m));
  const anim::SlideTally& point = meter.tally(anim::SlideSpan::BlendPoint);
  if (point.counted && !names.blend_point.empty()) {
    lines.push_back(foot_slide_line("  at " + names.blend_point, point, feet, leg_length_m));
  }
  const anim::SlideTally& transition = meter.tally(anim::SlideSpan::Transition);
  if (transition.counted && !names.transition.empty()) {
    lines.push_back(foot_slide_line("  " + names.transition, transition, feet, leg_length_m));
  }
  return lines;
}

}  // namespace ui
