// The words of a retarget report, shared by `animview retarget --report` and the Retarget
// panel: centimetres and per cents of the leg from the report's metres and shares, and the marks of
// the figures past the limits.
#include "anim/retarget_report_text.h"

#include <cmath>

#include <gtest/gtest.h>

#include "retarget_rigs.h"

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

// Planted feet follow the source where the legs are in proportion (onto itself, onto a copy twice
// as large), and are pinned past 0.5 % of the leg where they are not (shins 30 % longer: the leg
// from hip to ankle is 0.4510 + 0.5863 m, so 0.52 cm); by rotation alone they are not held.
TEST(RetargetReportText, SaysHowPlantedFeetAreKept) {
  using testing::make_humanoid;
  using testing::rig_of;
  const Skeleton source = make_humanoid(3, false);
  Skeleton longer = source;
  for (std::size_t j = 0; j < longer.joint_names.size(); ++j) {
    if (longer.joint_names[j].rfind("foot", 0) == 0) longer.rest_pose[j].translation *= 1.3f;
  }
  const auto map_onto = [&](const Skeleton& target, ChainMode legs) {
    RetargetOptions options;
    options.leg_mode = legs;
    return make_retarget_map(source, rig_of(source), target, rig_of(target), options);
  };
  for (const float size : {1.0f, 2.0f}) {
    const RetargetMap map = map_onto(make_humanoid(3, false, size), ChainMode::KeepContacts);
    EXPECT_TRUE(map.legs_in_proportion) << size;
    EXPECT_TRUE(std::isinf(map.planted_slide_m)) << size;
    EXPECT_EQ(describe_planted_feet(map).brief, "follow the source (legs in proportion)");
  }
  const RetargetMap pinned = map_onto(longer, ChainMode::KeepContacts);
  EXPECT_FALSE(pinned.legs_in_proportion);
  EXPECT_NEAR(pinned.planted_slide_m, 0.005f * (0.450999f + 0.586298f), 1e-5f);
  EXPECT_EQ(describe_planted_feet(pinned).brief, "pinned past 0.52 cm of slide (0.50% of the leg)");
  EXPECT_EQ(
      describe_planted_feet(pinned).why.rfind(
          "Planted feet are pinned once they have slid 0.52 cm (0.50% of the leg) in a step", 0),
      0u)
      << describe_planted_feet(pinned).why;
  EXPECT_EQ(describe_planted_feet(map_onto(longer, ChainMode::Rotation)).brief,
            "not held (legs by rotation)");
}

}  // namespace
}  // namespace anim
