// The words of a retarget report, shared by `animview retarget --report` and the Retarget
// panel: centimetres and per cents of the leg from the report's metres and shares, and the marks of
// the figures past the limits.
#include "anim/retarget_report_text.h"

#include <gtest/gtest.h>

namespace anim {
namespace {

RetargetChainReport leg() {
  RetargetChainReport c;
  c.name = "left leg";
  c.role = LimbRole::Leg;
  c.end_error_m = 0.0123f;
  c.end_error_leg = 0.0114f;
  c.end_error_time_s = 0.533f;
  c.planted_height_error_m = 0.0041f;
  c.planted_height_error_leg = 0.0045f;
  c.slide_per_step_leg = 0.0052f;
  c.source_slide_per_step_leg = 0.0045f;
  c.steps = 6;
  return c;
}

TEST(RetargetReportText, FiguresAreCentimetresAndPerCentsOfTheLeg) {
  RetargetChainReport c = leg();
  const RetargetChainFigures f = retarget_chain_figures(c);
  EXPECT_EQ(f.end_cm, "1.23");
  EXPECT_EQ(f.end_leg_percent, "1.14");
  EXPECT_EQ(f.worst_s, "0.53");
  EXPECT_EQ(f.sole_cm, "0.41");
  EXPECT_EQ(f.sole_leg_percent, "0.45");
  EXPECT_EQ(f.slide_leg_percent, "0.52");
  EXPECT_EQ(f.source_slide_leg_percent, "0.45");
  EXPECT_EQ(f.steps, "6");
  // An arm has no feet to measure.
  c.role = LimbRole::Arm;
  const RetargetChainFigures arm = retarget_chain_figures(c);
  EXPECT_EQ(arm.end_cm, "1.23");
  EXPECT_TRUE(arm.sole_cm.empty() && arm.slide_leg_percent.empty() && arm.steps.empty());
}

TEST(RetargetReportText, MarksEachFigurePastItsLimit) {
  RetargetChainReport c = leg();
  EXPECT_FALSE(mark_retarget_chain(c).any());
  c.end_error_leg = 0.06f;  // past 5 % of the leg
  EXPECT_TRUE(mark_retarget_chain(c).end_error);
  c.planted_height_error_leg = 0.011f;  // past 1 %
  EXPECT_TRUE(mark_retarget_chain(c).planted_height);
  // Slide: 0.52 % is past the source's 0.41 % by more than 0.1 %, under 2 % of the leg.
  c.source_slide_per_step_leg = 0.0041f;
  EXPECT_TRUE(mark_retarget_chain(c).slide);
  c.source_slide_per_step_leg = 0.0043f;
  EXPECT_FALSE(mark_retarget_chain(c).slide);
  c.slide_per_step_leg = c.source_slide_per_step_leg = 0.021f;  // as the source's, past 2 %
  EXPECT_TRUE(mark_retarget_chain(c).slide);
  // An arm has no feet: only its end is judged.
  c.role = LimbRole::Arm;
  EXPECT_FALSE(mark_retarget_chain(c).planted_height || mark_retarget_chain(c).slide);
  EXPECT_TRUE(mark_retarget_chain(c).end_error);
}

TEST(RetargetReportText, TheCommandsLineHoldsTheCellsAndMarks) {
  RetargetChainReport c = leg();
  c.planted_height_error_leg = 0.02f;
  c.planted_height_error_m = 0.0182f;
  EXPECT_EQ(describe_retarget_chain(c),
            "left leg         end 1.23 cm (1.14% of leg) off the scaled source's (at 0.53 s); "
            "planted sole 1.82 cm (2.00% of leg) ! off; slide 0.52% of leg a step (source "
            "0.45%), 6 steps");
  c.role = LimbRole::Arm;
  c.name = "right arm";
  EXPECT_EQ(describe_retarget_chain(c),
            "right arm        end 1.23 cm (1.14% of leg) off the scaled source's (at 0.53 s)");
}

}  // namespace
}  // namespace anim
