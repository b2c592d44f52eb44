// The words of a retarget report, shared by `animview retarget --report` and the Retarget
// panel: centimetres and shares of the leg from the report's metres and shares, and the marks of
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

TEST(RetargetReportText, CellsAreCentimetresAndPercentagesOfTheLeg) {
  const RetargetChainReport c = leg();
  EXPECT_EQ(end_error_text(c), "1.23 cm (1.14% of leg)");
  EXPECT_EQ(end_error_time_text(c), "0.53 s");
  EXPECT_EQ(planted_height_text(c), "0.41 cm (0.45% of leg)");
  EXPECT_EQ(slide_text(c), "0.52% of leg (source 0.45%), 6 steps");
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
            "planted sole 1.82 cm (2.00% of leg) ! off; slide a step 0.52% of leg (source "
            "0.45%), 6 steps");
  c.role = LimbRole::Arm;
  c.name = "right arm";
  EXPECT_EQ(describe_retarget_chain(c),
            "right arm        end 1.23 cm (1.14% of leg) off the scaled source's (at 0.53 s)");
}

}  // namespace
}  // namespace anim
