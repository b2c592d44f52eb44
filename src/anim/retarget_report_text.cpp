#include "anim/retarget_report_text.h"

#include <algorithm>
#include <cstdio>

namespace anim {
namespace {

// Two decimals: a tenth of a millimetre in centimetres, a hundredth of a per cent.
std::string fixed(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(value));
  return text;
}

const char* mark(bool marked) {
  return marked ? " !" : "";
}

}  // namespace

RetargetChainMarks mark_retarget_chain(const RetargetChainReport& chain,
                                       const RetargetReportLimits& limits) {
  RetargetChainMarks marks;
  marks.end_error = chain.end_error_leg > limits.end_error_leg;
  if (chain.role != LimbRole::Leg) return marks;
  marks.planted_height = chain.planted_height_error_leg > limits.planted_height_leg;
  marks.slide =
      chain.slide_per_step_leg > limits.slide_leg ||
      chain.slide_per_step_leg > chain.source_slide_per_step_leg + limits.slide_over_source_leg;
  return marks;
}

RetargetChainFigures retarget_chain_figures(const RetargetChainReport& chain) {
  RetargetChainFigures f;
  f.end_cm = fixed(100.0f * chain.end_error_m);
  f.end_leg_percent = fixed(100.0f * chain.end_error_leg);
  f.worst_s = fixed(chain.end_error_time_s);
  if (chain.role != LimbRole::Leg) return f;
  f.sole_cm = fixed(100.0f * chain.planted_height_error_m);
  f.sole_leg_percent = fixed(100.0f * chain.planted_height_error_leg);
  f.slide_leg_percent = fixed(100.0f * chain.slide_per_step_leg);
  f.source_slide_leg_percent = fixed(100.0f * chain.source_slide_per_step_leg);
  f.steps = std::to_string(chain.steps);
  return f;
}

PlantedFeetText describe_planted_feet(const RetargetMap& map) {
  const auto leg = std::find_if(map.chains.begin(), map.chains.end(),
                                [](const RetargetChain& c) { return c.target_leg >= 0; });
  if (leg == map.chains.end()) return {"none: no legs", "The target has no legs mapped."};
  if (leg->mode == ChainMode::Rotation) {
    return {"not held (legs by rotation)",
            "Legs follow by rotation only: planted feet are not held (Keep contacts holds them)."};
  }
  if (map.legs_in_proportion) {
    return {"follow the source (legs in proportion)",
            "The legs are in proportion, so the target's legs already stand where the source's "
            "do: the source's steps come back as they are, slide included."};
  }
  const std::string cm = fixed(100.0f * map.planted_slide_m);
  const std::string share = fixed(100.0f * map.planted_slide_m / map.target_leg_length_m);
  return {"pinned past " + cm + " cm of slide (" + share + "% of the leg)",
          "Planted feet are pinned once they have slid " + cm + " cm (" + share +
              "% of the leg) in a step: the legs are not in proportion, and pinning keeps the "
              "contacts the new proportions would make slide."};
}

std::string describe_retarget_chain(const RetargetChainReport& chain,
                                    const RetargetReportLimits& limits) {
  const RetargetChainMarks marks = mark_retarget_chain(chain, limits);
  const RetargetChainFigures f = retarget_chain_figures(chain);
  char name[32];
  std::snprintf(name, sizeof name, "%-16s", chain.name.c_str());
  std::string line = std::string(name) + " end " + f.end_cm + " cm (" + f.end_leg_percent +
                     "% of leg)" + mark(marks.end_error) + " off the scaled source's (at " +
                     f.worst_s + " s)";
  if (chain.role == LimbRole::Leg) {
    line += "; planted sole " + f.sole_cm + " cm (" + f.sole_leg_percent + "% of leg)" +
            mark(marks.planted_height) + " off; slide " + f.slide_leg_percent +
            "% of leg a step (source " + f.source_slide_leg_percent + "%)" + mark(marks.slide) +
            ", " + f.steps + " steps";
  }
  return line;
}

}  // namespace anim
