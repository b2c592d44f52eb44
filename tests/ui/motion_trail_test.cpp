// A motion trail is coloured by speed: blue where the joint is slowest, red at the trail's
// fastest, halfway between at half its speed; a still trail stays blue.
#include "ui/motion_trail.h"

#include <gtest/gtest.h>

#include <vector>

#include "headless_imgui.h"

namespace {

void expect_colour(const glm::vec3& c, float r, float g, float b) {
  EXPECT_NEAR(c.x, r, 1e-6f);
  EXPECT_NEAR(c.y, g, 1e-6f);
  EXPECT_NEAR(c.z, b, 1e-6f);
}

TEST(MotionTrail, SpeedRunsFromBlueToRed) {
  expect_colour(ui::trail_speed_colour(0.0f, 2.0f), 0.2f, 0.5f, 1.0f);
  expect_colour(ui::trail_speed_colour(2.0f, 2.0f), 1.0f, 0.25f, 0.15f);
  expect_colour(ui::trail_speed_colour(1.0f, 2.0f), 0.6f, 0.375f, 0.575f);
  expect_colour(ui::trail_speed_colour(5.0f, 2.0f), 1.0f, 0.25f, 0.15f);  // clamped
  expect_colour(ui::trail_speed_colour(0.0f, 0.0f), 0.2f, 0.5f, 1.0f);
}

TEST(MotionTrail, DrawsALineAndATickPerFrameInFrontOfTheCamera) {
  ui::testing::HeadlessImGui imgui;
  const std::vector<glm::vec3> points{{-0.5f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.0f}};
  const std::vector<float> speeds{0.0f, 1.0f, 0.5f};
  int vertices = -1;
  imgui.frame([&] {
    ui::draw_motion_trail(points, speeds, 1, glm::mat4(1.0f), {0.0f, 0.0f, 1280.0f, 720.0f});
    vertices = ImGui::GetForegroundDrawList()->VtxBuffer.Size;
  });
  EXPECT_GT(vertices, 0);
  int behind = -1;
  imgui.frame([&] {
    glm::mat4 flip(1.0f);
    flip[3][3] = -1.0f;  // every point lands behind the camera (w < 0)
    ui::draw_motion_trail(points, speeds, 1, flip, {0.0f, 0.0f, 1280.0f, 720.0f});
    behind = ImGui::GetForegroundDrawList()->VtxBuffer.Size;
  });
  EXPECT_EQ(behind, 0);
}

}  // namespace
