#include "app/motion_matching_steering.h"

#include <algorithm>
#include <cmath>

namespace app {

glm::vec3 camera_forward(float camera_yaw_rad) {
  return {-std::sin(camera_yaw_rad), 0.0f, -std::cos(camera_yaw_rad)};
}

glm::vec3 camera_right(float camera_yaw_rad) {
  return {std::cos(camera_yaw_rad), 0.0f, -std::sin(camera_yaw_rad)};
}

float yaw_of(const glm::vec3& direction) {
  return std::atan2(direction.x, direction.z);
}

GamepadSteering steer_with_gamepad(const GLFWgamepadstate& pad, float camera_yaw_rad) {
  GamepadSteering out;
  const glm::vec3 forward = camera_forward(camera_yaw_rad), right = camera_right(camera_yaw_rad);
  const glm::vec2 move(pad.axes[GLFW_GAMEPAD_AXIS_LEFT_X], pad.axes[GLFW_GAMEPAD_AXIS_LEFT_Y]);
  const glm::vec2 look(pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_X], pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_Y]);
  // Triggers rest at -1 and read +1 fully pressed.
  const bool run = pad.axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] > 0.0f ||
                   pad.buttons[GLFW_GAMEPAD_BUTTON_LEFT_THUMB] == GLFW_PRESS;
  const float deflection = glm::length(move);
  if (deflection > kStickDeadZone) {
    const float share = std::min((deflection - kStickDeadZone) / (1.0f - kStickDeadZone), 1.0f);
    const glm::vec3 direction = (right * move.x - forward * move.y) / deflection;
    out.velocity = direction * share * (run ? kRunSpeed_mps : kWalkSpeed_mps);
  }
  if (glm::length(look) > kStickDeadZone) {
    out.facing = true;
    out.facing_yaw_rad = yaw_of(right * look.x - forward * look.y);
  }
  return out;
}

}  // namespace app
