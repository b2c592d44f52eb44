#include "ui/color_legend.h"

#include <gtest/gtest.h>

#include "headless_imgui.h"

namespace ui {
namespace {

TEST(ColorLegend, ColoursAreTheShadersAtTheirEnds) {
  EXPECT_EQ(influence_legend_color(0), glm::vec3(0.25f));  // unweighted
  EXPECT_EQ(influence_legend_color(1), glm::vec3(0.15f, 0.3f, 1.0f));
  EXPECT_EQ(influence_legend_color(8), glm::vec3(0.9f, 0.0f, 0.0f));
  EXPECT_EQ(influence_legend_color(12), influence_legend_color(8));  // clamped like the shader
  EXPECT_EQ(difference_legend_color(0.0f), glm::vec3(0.35f, 0.4f, 0.55f));
  EXPECT_EQ(difference_legend_color(2.0f), glm::vec3(1.0f, 0.05f, 0.05f));
  const glm::vec3 half = difference_legend_color(0.5f);
  EXPECT_NEAR(half.x, 0.675f, 1e-6f);
  EXPECT_NEAR(half.z, 0.3f, 1e-6f);
}

// A legend only where there are false colours.
TEST(ColorLegend, DrawsOnlyForFalseColourViews) {
  testing::HeadlessImGui imgui;
  imgui.frame([] {
    EXPECT_FALSE(draw_color_legend(visual::MeshColoring::Material, 0.02f, 0.0f, 700.0f));
    EXPECT_TRUE(draw_color_legend(visual::MeshColoring::SkinningDifference, 0.02f, 0.0f, 700.0f));
    EXPECT_TRUE(draw_color_legend(visual::MeshColoring::InfluenceCount, 0.02f, 0.0f, 700.0f));
  });
}

}  // namespace
}  // namespace ui
