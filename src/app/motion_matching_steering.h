#pragma once
// Steering for the motion-matching play mode, from device states to a desired velocity and
// facing on the ground. Pure functions of the states (GLFW's own structs), so tests give them
// hand-made states: no device is needed.

#include <GLFW/glfw3.h>

#include <glm/glm.hpp>

namespace app {

inline constexpr float kWalkSpeed_mps = 1.4f;
inline constexpr float kRunSpeed_mps = 3.0f;
// Stick deflections up to this length count as rest (worn sticks do not sit at zero).
inline constexpr float kStickDeadZone = 0.2f;

// Camera-relative ground directions: the camera looks along -Z from +Z at yaw 0.
glm::vec3 camera_forward(float camera_yaw_rad);
glm::vec3 camera_right(float camera_yaw_rad);
// The facing (yaw about +Y, 0 facing +Z) of a ground direction.
float yaw_of(const glm::vec3& direction);

// What a gamepad asks for.
struct GamepadSteering {
  glm::vec3 velocity{0.0f};  // world, m/s; zero while the left stick is in its dead zone
  bool facing = false;       // the right stick holds a facing (strafing)
  float facing_yaw_rad = 0.0f;
};

// The left stick moves relative to the camera (up: away from it), its speed growing from 0 at
// the dead zone's edge to the walking speed at full deflection (a stick's corners, past 1,
// count as full); the run button (the right trigger past half way, or a click of the left
// stick: the keyboard's Shift) makes that the running speed. The right stick, out of its dead
// zone, holds the facing it points to. GLFW's stick y axes point down.
GamepadSteering steer_with_gamepad(const GLFWgamepadstate& pad, float camera_yaw_rad);

}  // namespace app
