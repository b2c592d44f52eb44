#pragma once
// The words of a retarget report (anim/retarget_report.h), one place for `animview retarget
// --report` and the Retarget panel's Quality table, so both show the same figures alike: the
// cells of a chain's row, the line the command prints, and which figures are past the limits
// a retarget is held to (issue 44).

#include <string>

#include "anim/retarget_report.h"

namespace anim {

// Beyond these a chain's figure is marked (shares of the target's leg length).
struct RetargetReportLimits {
  // The limb's end off the scaled source's: a hand or a foot visibly elsewhere.
  float end_error_leg = 0.05f;
  // A planted sole's height off the source's (scaled): the shared pairs keep it under 1 %.
  float planted_height_leg = 0.01f;
  // The slide of a planted step: 2 % of the leg, or more than the source's own slide by 0.1 %.
  float slide_leg = 0.02f;
  float slide_over_source_leg = 0.001f;
};

// Which of a chain's figures are past limits.
struct RetargetChainMarks {
  bool end_error = false;
  bool planted_height = false;
  bool slide = false;
  bool any() const { return end_error || planted_height || slide; }
};
RetargetChainMarks mark_retarget_chain(const RetargetChainReport& chain,
                                       const RetargetReportLimits& limits = {});

// "1.23 cm (1.2% of leg)": the end's largest distance from the scaled source's.
std::string end_error_text(const RetargetChainReport& chain);
// "0.53 s": when the end is farthest.
std::string end_error_time_text(const RetargetChainReport& chain);
// "0.41 cm (0.45% of leg)": the planted sole's height off the source's (legs).
std::string planted_height_text(const RetargetChainReport& chain);
// "0.52% of leg (source 0.40%), 6 steps": the mean slide of a planted step (legs).
std::string slide_text(const RetargetChainReport& chain);

// The command's line for one chain: its name and the texts above, a "!" after each marked one.
std::string describe_retarget_chain(const RetargetChainReport& chain,
                                    const RetargetReportLimits& limits = {});

}  // namespace anim
