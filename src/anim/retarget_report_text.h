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

// A chain's figures as text, in the units the words around them name: the panel puts them in
// its cells under headers that name the units, the command into its sentence.
struct RetargetChainFigures {
  std::string end_cm;           // "1.23": the end's largest distance from the scaled source's
  std::string end_leg_percent;  // "1.14": the same, per cent of the target's leg
  std::string worst_s;          // "0.53": when the end is farthest
  // Legs only (empty for other chains): the planted sole's height off the source's (scaled),
  // and the mean slide of a planted step, the target's and the source's, and the steps.
  std::string sole_cm;
  std::string sole_leg_percent;
  std::string slide_leg_percent;
  std::string source_slide_leg_percent;
  std::string steps;
};
RetargetChainFigures retarget_chain_figures(const RetargetChainReport& chain);

// How the retarget keeps planted feet, for the panel and the command: following the source where
// the legs are in proportion (the identity keeps the source's own slide), else pinned once they
// have slid map.planted_slide_m in a step, or not at all when legs follow by rotation only.
struct PlantedFeetText {
  std::string brief;  // "follow the source (legs in proportion)": after "Planted feet "
  std::string why;    // a sentence or two
};
PlantedFeetText describe_planted_feet(const RetargetMap& map);

// The command's line for one chain: its name and the texts above, a "!" after each marked one.
std::string describe_retarget_chain(const RetargetChainReport& chain,
                                    const RetargetReportLimits& limits = {});

}  // namespace anim
