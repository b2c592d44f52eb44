#pragma once
// Procedural gait for the demo character: idle, walk and jog in eight directions, run and turn
// in place, generated from foot trajectories on the ground and baked into looping clips.
//
// How a gait is built, and why the feet stay planted: the character's ground frame moves at a
// constant velocity (or turns at a constant rate). Each foot's ball (the toes joint) is placed
// on the floor once per cycle and stays exactly there while the foot is down; the heel lifts
// for the trailing leg (late in stance walking forward, early walking backward), rolling the
// foot about the ball. Between placements the ball swings along a
// smooth arc. The hips follow the ground frame with a little bob, sway and hip
// drop, keeping the ground frame's heading (so root motion has no wobble). The
// legs are then solved for those foot targets with closed-form two-bone IK (thigh and calf in
// the plane of hip, ankle and knee pole), so the baked clip reproduces the planted feet to well
// below a millimetre; keys are dense enough that linear interpolation keeps it so.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace demo {

// Everything that shapes one gait cycle. Velocities are in the character's frame: +x to its
// left, +z forward; positive turn rates turn left (counter-clockwise seen from above).
struct GaitSpec {
  std::string name;
  glm::vec2 velocity_mps{0.0f};     // (x, z) ground velocity, constant over the cycle
  float turn_rate_rad_s = 0.0f;     // about +Y, constant over the cycle
  float cycle_s = 1.0f;             // one stride: a step of each foot
  float duty_factor = 0.6f;         // fraction of the cycle each foot is down (1: never lifts)
  float step_height_m = 0.08f;      // how high the ball of the foot rises mid-swing
  float heel_off_fraction = 0.45f;  // when in stance the heel starts to lift (mirrored backward)
  float toe_off_pitch_rad = 0.6f;   // foot pitch (heel up) at the end of stance
  float bob_m = 0.02f;              // hips up and down, twice a cycle
  bool spring_bob = false;          // running: hips lowest at mid-stance (walking: highest)
  float sway_m = 0.02f;             // hips towards the stance foot, once a cycle
  float torso_twist_rad = 0.0f;     // shoulder line turning against the legs, amplitude
  float pelvis_roll_rad = 0.0f;     // swing-side hip drop amplitude
  float lean_rad = 0.0f;            // spine lean into the direction of travel
  float arm_swing_rad = 0.0f;       // shoulder swing amplitude (opposite to the legs)
  float elbow_rad = 0.2f;           // elbow bend
  float breath_rad = 0.0f;          // chest breathing amplitude, once a cycle
};

// Steps per second a person of height_m walks at speed_mps, from the relation
// step length = 0.24 * height * cadence (so speed = 0.24 * height * cadence^2).
float walking_cadence_steps_per_s(float speed_mps, float height_m);

// People switch from walking to running above this cadence.
inline constexpr float kRunningCadence_steps_per_s = 2.5f;

// The demo's gaits. Walks move at kDemoWalkSpeed, jogs at kDemoJogSpeed, both at the cadence of
// the relation above (the jog's cadence is above the running threshold, so it has a flight
// phase); the run moves forward at kDemoRunSpeed with a cadence capped at 3 steps/s. Directions
// are forward, forward_left, left, backward_left, backward, backward_right, right,
// forward_right; names are "<walk|jog>_<direction>", "run_forward", "idle", "turn_left",
// "turn_right".
inline constexpr float kDemoWalkSpeed_mps = 1.4f;
inline constexpr float kDemoJogSpeed_mps = 3.0f;
inline constexpr float kDemoRunSpeed_mps = 5.0f;
GaitSpec demo_idle_spec();
GaitSpec demo_walk_spec(const std::string& direction, glm::vec2 unit_direction);
GaitSpec demo_jog_spec(const std::string& direction, glm::vec2 unit_direction);
GaitSpec demo_run_spec();
GaitSpec demo_turn_spec(bool left);

// The eight directions of the walks and jogs: name and unit vector (x left, z forward).
struct DemoDirection {
  const char* name;
  glm::vec2 unit;
};
std::vector<DemoDirection> demo_directions();

// Every locomotion gait of the demo: idle, 8 walks, 8 jogs, run_forward, turn_left, turn_right.
std::vector<GaitSpec> demo_gait_specs();

// Generates and bakes the gait. skeleton must be make_demo_skeleton() (the legs, spine and arms
// are found by name). The clip loops: its last key repeats the first, with the hips moved by one
// cycle of root motion (velocity * cycle_s, turn_rate * cycle_s). Every joint except fingers
// and thumbs gets a rotation track, the hips also a translation track. Unless the feet never
// lift, the clip carries the markers foot_l_down, foot_l_up, foot_r_down and foot_r_up at the
// moments the ball of that foot lands on and leaves the floor (the left foot lands at 0, the
// right half a cycle later).
anim::Clip make_gait_clip(const anim::Skeleton& skeleton, const GaitSpec& spec);

}  // namespace demo
