// The gamepad's steering from hand-made GLFWgamepadstate values (no device exists on the test
// machines: the device path itself, glfwGetGamepadState, is not exercised here).
#include "app/motion_matching_steering.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

GLFWgamepadstate at_rest() {
  GLFWgamepadstate pad{};
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_TRIGGER] = -1.0f;  // triggers rest at -1
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] = -1.0f;
  return pad;
}

void expect_near(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-5f);
  EXPECT_NEAR(a.y, b.y, 1e-5f);
  EXPECT_NEAR(a.z, b.z, 1e-5f);
}

TEST(GamepadSteering, HalfwayUpRightDiagonalWalksAwayAndRightAtItsShareOfTheWalkingSpeed) {
  GLFWgamepadstate pad = at_rest();
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = 0.5f;
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y] = -0.5f;  // up
  // Camera at yaw 0 looks along -z: up is -z, right is +x. Deflection sqrt(0.5) = 0.70711,
  // (0.70711 - 0.2) / 0.8 = 0.63388 of 1.4 m/s = 0.88744 m/s along (1, 0, -1) / sqrt(2).
  const app::GamepadSteering s = app::steer_with_gamepad(pad, 0.0f);
  expect_near(s.velocity, {0.62751f, 0.0f, -0.62751f});
  EXPECT_FALSE(s.facing);
}

TEST(GamepadSteering, AStickCornerIsFullSpeedAndTheCameraTurnsTheDirection) {
  GLFWgamepadstate pad = at_rest();
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = 1.0f;
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y] = -1.0f;  // the corner: deflection 1.414, clamped to 1
  // Camera turned a quarter (yaw pi/2): it looks along -x, its right is -z. Up-right is then
  // (-1, 0, -1) / sqrt(2) at 1.4 m/s.
  const app::GamepadSteering s = app::steer_with_gamepad(pad, 1.5707964f);
  expect_near(s.velocity, {-0.98995f, 0.0f, -0.98995f});
}

TEST(GamepadSteering, InsideTheDeadZoneNothingMoves) {
  GLFWgamepadstate pad = at_rest();
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = 0.12f;
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y] = 0.15f;  // length 0.192 < 0.2
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_X] = -0.19f;
  const app::GamepadSteering s = app::steer_with_gamepad(pad, 0.0f);
  expect_near(s.velocity, glm::vec3(0.0f));
  EXPECT_FALSE(s.facing);
  // Just past its edge the speed starts from zero, not from a fifth of the walk.
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = 0.0f;
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y] = 0.28f;  // down: towards the camera, +z
  expect_near(app::steer_with_gamepad(pad, 0.0f).velocity, {0.0f, 0.0f, 0.14f});
}

TEST(GamepadSteering, TheRunButtonsRunAsShiftDoes) {
  GLFWgamepadstate pad = at_rest();
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X] = -1.0f;  // full left: -x
  expect_near(app::steer_with_gamepad(pad, 0.0f).velocity, {-1.4f, 0.0f, 0.0f});
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] = -0.2f;  // under half way: still walking
  expect_near(app::steer_with_gamepad(pad, 0.0f).velocity, {-1.4f, 0.0f, 0.0f});
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] = 0.6f;
  expect_near(app::steer_with_gamepad(pad, 0.0f).velocity, {-3.0f, 0.0f, 0.0f});
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] = -1.0f;
  pad.buttons[GLFW_GAMEPAD_BUTTON_LEFT_THUMB] = GLFW_PRESS;
  expect_near(app::steer_with_gamepad(pad, 0.0f).velocity, {-3.0f, 0.0f, 0.0f});
}

TEST(GamepadSteering, TheRightStickHoldsAFacingWhileTheLeftOneMoves) {
  GLFWgamepadstate pad = at_rest();
  pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y] = -1.0f;  // walk away from the camera (-z)
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_X] = 0.9f;  // face right (+x): yaw +pi/2
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_Y] = 0.0f;
  const app::GamepadSteering s = app::steer_with_gamepad(pad, 0.0f);
  expect_near(s.velocity, {0.0f, 0.0f, -1.4f});
  EXPECT_TRUE(s.facing);
  EXPECT_NEAR(s.facing_yaw_rad, 1.5707964f, 1e-5f);
  // Down-left on the right stick: towards the camera and to the left, (-1, 0, 1): yaw -pi / 4.
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_X] = -0.6f;
  pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_Y] = 0.6f;
  EXPECT_NEAR(app::steer_with_gamepad(pad, 0.0f).facing_yaw_rad, -0.7853982f, 1e-5f);
}

}  // namespace
