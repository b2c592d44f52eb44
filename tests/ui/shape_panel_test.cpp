// The Shapes section in a real headless ImGui context: the filter, and a slider that pins its
// shape while held and releases it when let go.
#include "ui/shape_panel.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "headless_imgui.h"

namespace ui {
namespace {

TEST(ShapeFilter, MatchesACaseInsensitiveSubstring) {
  EXPECT_TRUE(shape_matches_filter("eyeBlink_L", ""));
  EXPECT_TRUE(shape_matches_filter("eyeBlink_L", "blink"));
  EXPECT_TRUE(shape_matches_filter("eyeBlink_L", "_l"));
  EXPECT_FALSE(shape_matches_filter("eyeBlink_L", "blink_r"));
  EXPECT_FALSE(shape_matches_filter("jaw", "jawOpen"));
}

class ShapePanel : public ::testing::Test {
 protected:
  // Draws the panel in a window at the top left; slider_min/max: the last slider drawn.
  void frame() {
    imgui_.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(400, 400));
      ImGui::Begin("shapes");
      change_ = draw_shape_panel(channels_, weights_, state_);
      slider_min_ = ImGui::GetItemRectMin();
      slider_max_ = ImGui::GetItemRectMax();
      ImGui::End();
    });
  }

  testing::HeadlessImGui imgui_;
  std::vector<anim::MorphChannel> channels_ = {
      {"Face", "Smile", 0.0f}, {"Face", "Blink", 0.0f}, {"Brow", "Up", 0.0f}};
  std::vector<float> weights_ = {0.2f, 0.4f, 0.6f};
  ShapePanelState state_;
  ShapePanelChange change_;
  ImVec2 slider_min_, slider_max_;
};

TEST_F(ShapePanel, AHeldSliderPinsItsShapeAndLettingGoReleasesIt) {
  std::strcpy(state_.filter, "UP");  // Up's slider is the only one drawn, and the last item
  frame();
  frame();  // a new window takes two frames before the mouse hovers it
  EXPECT_EQ(change_.channel, -1);
  ImGuiIO& io = ImGui::GetIO();
  const float y = 0.5f * (slider_min_.y + slider_max_.y);
  io.MousePos = ImVec2(slider_min_.x + 0.75f * (slider_max_.x - slider_min_.x), y);
  frame();
  io.MouseDown[0] = true;
  frame();
  EXPECT_EQ(change_.channel, 2);
  EXPECT_FALSE(change_.released);
  EXPECT_NEAR(change_.weight, 0.75f, 0.05f);
  frame();  // still held: still pinning
  EXPECT_EQ(change_.channel, 2);
  EXPECT_FALSE(change_.released);
  io.MouseDown[0] = false;
  frame();
  EXPECT_EQ(change_.channel, 2);
  EXPECT_TRUE(change_.released);
  frame();
  EXPECT_EQ(change_.channel, -1);
}

}  // namespace
}  // namespace ui
