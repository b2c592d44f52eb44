#include "anim/retarget_report_text.h"

#include <cstdio>

namespace anim {
namespace {

std::string cm_and_leg_share(float metres, float leg_share) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2f cm (%.2f%% of leg)", 100.0 * metres, 100.0 * leg_share);
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

std::string end_error_text(const RetargetChainReport& chain) {
  return cm_and_leg_share(chain.end_error_m, chain.end_error_leg);
}

std::string end_error_time_text(const RetargetChainReport& chain) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", static_cast<double>(chain.end_error_time_s));
  return text;
}

std::string planted_height_text(const RetargetChainReport& chain) {
  return cm_and_leg_share(chain.planted_height_error_m, chain.planted_height_error_leg);
}

std::string slide_text(const RetargetChainReport& chain) {
  char text[96];
  std::snprintf(text, sizeof text, "%.2f%% of leg (source %.2f%%), %d step%s",
                100.0 * chain.slide_per_step_leg, 100.0 * chain.source_slide_per_step_leg,
                chain.steps, chain.steps == 1 ? "" : "s");
  return text;
}

std::string describe_retarget_chain(const RetargetChainReport& chain,
                                    const RetargetReportLimits& limits) {
  const RetargetChainMarks marks = mark_retarget_chain(chain, limits);
  char name[32];
  std::snprintf(name, sizeof name, "%-16s", chain.name.c_str());
  std::string line = std::string(name) + " end " + end_error_text(chain) + mark(marks.end_error) +
                     " off the scaled source's (at " + end_error_time_text(chain) + ")";
  if (chain.role == LimbRole::Leg) {
    line += "; planted sole " + planted_height_text(chain) + mark(marks.planted_height) +
            " off; slide a step " + slide_text(chain) + mark(marks.slide);
  }
  return line;
}

}  // namespace anim
