#include "ui/foot_slide_readout.h"

#include <gtest/gtest.h>

#include <imgui.h>

#include "headless_imgui.h"
#include "ui/slide_plot.h"
#include "ui/stats_overlay.h"

namespace ui {
namespace {

constexpr float kFrame_s = 1.0f / 60.0f;

// The left foot planted on frames 0-30, sliding 0.3 m/s along x; the right in the air.
anim::SoleFrame left_sliding(int frame) {
  anim::SoleFrame sole;
  sole.legs = 2;
  sole.planted = {frame <= 30, false};
  sole.heel[0] = glm::vec3(0.3f * kFrame_s * static_cast<float>(frame), 0.0f, 0.0f);
  sole.toe[0] = sole.heel[0] + glm::vec3(0.0f, 0.0f, 0.2f);
  sole.heel[1] = sole.toe[1] = glm::vec3(1.0f, 0.3f, 0.0f);
  return sole;
}

TEST(FootSlideReadout, ALineGivesEachFootsSlidePerStepInCentimetresAndOfTheLeg) {
  anim::SlideTally tally;
  tally.counted = true;
  tally.steps = {1, 3};
  tally.slide_m = {0.012f, 0.0096f};
  const std::vector<std::string> feet{"L", "R"};
  // 1.2 cm in one step of a 0.4 m leg: 3%; 0.96 cm over 3 steps: 0.32 cm, 0.8%.
  EXPECT_EQ(foot_slide_line("at Walk", tally, feet, 0.4f), "at Walk: L 1.2 cm 3.0%  R 0.3 cm 0.8%");
  tally.steps[1] = 0;
  EXPECT_EQ(foot_slide_line("x", tally, feet, 0.4f), "x: L 1.2 cm 3.0%  R -");
  // Without a leg length the share is 0.
  EXPECT_EQ(foot_slide_line("x", tally, {feet.data(), 1}, 0.0f), "x: L 1.2 cm 0.0%");
}

TEST(FootSlideReadout, TheOverlayHasTheClipsTheBlendPointsAndTheTransitionsLines) {
  anim::FootSlideMeter meter;
  FootSlideNames names{{"L", "R"}, "Walk", "Locomotion (1.00, 0.00)", "Walk -> Run"};
  EXPECT_TRUE(foot_slide_lines(meter, names, 0.5f).empty()) << "no feet, no lines";
  meter.reset(2, 30);
  anim::SlidePlaying playing{.clip = 0, .blend_space = 1, .blend_point = {1.0f, 0.0f}};
  for (int f = 0; f < 40; ++f) {
    playing.transition = f >= 20 ? 2 : -1;
    meter.add_frame(left_sliding(f), playing, kFrame_s);
  }
  // 30 planted intervals at 0.3 m/s: 15 cm, 30% of a 0.5 m leg; the transition's 11 (frames
  // 20-30): 5.5 cm, 11%.
  const std::vector<std::string> lines = foot_slide_lines(meter, names, 0.5f);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "Slide per step, clip Walk: L 15.0 cm 30.0%  R -");
  EXPECT_EQ(lines[1], "  at Locomotion (1.00, 0.00): L 15.0 cm 30.0%  R -");
  EXPECT_EQ(lines[2], "  Walk -> Run: L 5.5 cm 11.0%  R -");
  // No blend space playing, no transition run: the clip's line alone.
  names.blend_point.clear();
  names.transition.clear();
  EXPECT_EQ(foot_slide_lines(meter, names, 0.5f).size(), 1u);
}

TEST(FootSlideReadout, TheOverlayGrowsByItsLinesAndThePlotByItsLanes) {
  testing::HeadlessImGui imgui;
  imgui.frame([] {
    // ImGui's default font is 13 px, with 4 px between lines.
    EXPECT_FLOAT_EQ(stats_overlay_bottom(100.0f, 2) - stats_overlay_bottom(100.0f), 34.0f);
    const std::vector<std::string> lines{"Slide per step, clip Walk: L 1.0 cm 2.0%"};
    draw_stats_overlay(FrameStats{}, 1280.0f, 0.0f, lines);
    anim::FootSlideMeter meter;
    meter.reset(2, 30);
    for (int f = 0; f < 40; ++f) meter.add_frame(left_sliding(f), {}, kFrame_s);
    ImGui::Begin("plot");
    const float top = ImGui::GetCursorScreenPos().y;
    const std::vector<std::string> feet{"L", "R"};
    draw_slide_plot(meter, feet, 0.5f);
    EXPECT_FLOAT_EQ(ImGui::GetCursorScreenPos().y - top,
                    slide_plot_height(2) + ImGui::GetStyle().ItemSpacing.y);
    ImGui::End();
    draw_slide_plot_window(meter, feet, 0.5f, 300.0f, 600.0f, 600.0f);
  });
  // Two lanes of 0.9 of the font (11.7 px, to whole pixels) with 2 px between them.
  EXPECT_FLOAT_EQ(slide_plot_height(2), 2.0f * 11.0f + 2.0f);
  EXPECT_FLOAT_EQ(slide_plot_height(0), 0.0f);
  // Its window adds ImGui's default padding, 8 px above and below.
  EXPECT_FLOAT_EQ(slide_plot_window_height(2), 24.0f + 16.0f);
  EXPECT_FLOAT_EQ(slide_plot_window_height(0), 0.0f);
}

TEST(SlidePlot, ABarIsTheSpeedsShareOfTheFullScaleClampedToTheLane) {
  EXPECT_FLOAT_EQ(slide_bar_height(0.1f, 0.4f, 20.0f), 5.0f);
  EXPECT_FLOAT_EQ(slide_bar_height(1.0f, 0.4f, 20.0f), 20.0f);
  EXPECT_FLOAT_EQ(slide_bar_height(0.0f, 0.4f, 20.0f), 0.0f);
  EXPECT_FLOAT_EQ(slide_bar_height(0.1f, 0.0f, 20.0f), 0.0f);
}

}  // namespace
}  // namespace ui
