#pragma once
// Inertialization (D. Bollo, "Inertialization: High-Performance Animation Transitions in Gears of
// War", GDC 2018): at a switch the target pose takes over at once, and the difference between
// the source and the target (the offset) is decayed to zero over the blend time by a quintic
// polynomial that starts with the source's velocity. Only the target is evaluated afterwards, so
// a transition costs one pose, not two.
//
// Per joint, the rotation offset is an angle about a fixed axis (q_source * inverse(q_target)) and
// the translation offset a length along a fixed direction; scale comes from the target.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/transform.h"

namespace anim {

// The decay of one scalar offset: x(t) = A t^5 + B t^4 + C t^3 + a0/2 t^2 + v0 t + x0 for
// t in [0, t1], and 0 after t1, with x(t1) = x'(t1) = x''(t1) = 0. Built from the offset x0 >= 0
// and the offset's velocity v0. Overshoot is clamped as Bollo does: a velocity moving away from
// the target (v0 > 0) is set to 0, the blend time is shortened to -5 x0 / v0 when the velocity
// would carry the offset past zero sooner, and the initial acceleration is kept >= 0.
struct QuinticDecay {
  float x0 = 0.0f, v0 = 0.0f, a0 = 0.0f;
  float a = 0.0f, b = 0.0f, c = 0.0f;
  float t1 = 0.0f;

  static QuinticDecay make(float x0, float v0, float blend_time_s);
  // The remaining offset at time t (seconds since the switch).
  float at(float t) const;
};

// Runtime state of the inertialization of one character's local pose.
class Inertializer {
 public:
  // Sizes the per-joint storage (the only allocation).
  void init(int joint_count);

  // Records the offsets at the switch. source_previous and source_current are the last two
  // output poses before the switch, dt_s apart; target is the target's pose at the switch.
  // blend_time_s is the decay time. Fails, recording nothing, when a span is not the joint count
  // given to init, or dt_s or blend_time_s is not positive and finite.
  JobResult start(std::span<const Transform> source_previous,
                  std::span<const Transform> source_current, std::span<const Transform> target,
                  float dt_s, float blend_time_s);

  // Moves the decay forward by dt_s.
  void advance(float dt_s) { elapsed_s_ += dt_s; }

  // Adds the remaining offsets onto the target pose in place (nothing once the blend is over).
  // Fails when pose is not the joint count given to init.
  JobResult apply(std::span<Transform> pose) const;

  // Whether an offset remains (false before the first start and after the blend time).
  bool active() const { return active_ && elapsed_s_ < blend_time_s_; }
  float elapsed_s() const { return elapsed_s_; }

 private:
  struct JointOffset {
    glm::vec3 axis{1.0f, 0.0f, 0.0f};       // rotation axis of the offset
    glm::vec3 direction{1.0f, 0.0f, 0.0f};  // translation direction of the offset
    QuinticDecay rotation;                  // radians
    QuinticDecay translation;               // metres
  };
  std::vector<JointOffset> joints_;
  float elapsed_s_ = 0.0f;
  float blend_time_s_ = 0.0f;
  bool active_ = false;
};

// Runtime state of the inertialization of scalar channels (a character's morph weights): the
// same decay as the joints' offsets (QuinticDecay over the same blend time), per channel, on the
// signed difference between the source's and the target's value.
class WeightInertializer {
 public:
  // Sizes the per-channel storage (the only allocation).
  void init(int channel_count);

  // Records the offsets at the switch, as Inertializer::start does for poses: source_previous
  // and source_current are the last two outputs before the switch, dt_s apart; target is the
  // target's weights at the switch. Fails, recording nothing, when a span is not the channel
  // count given to init, or dt_s or blend_time_s is not positive and finite.
  JobResult start(std::span<const float> source_previous, std::span<const float> source_current,
                  std::span<const float> target, float dt_s, float blend_time_s);

  void advance(float dt_s) { elapsed_s_ += dt_s; }

  // Adds the remaining offsets onto the target's weights in place (nothing once the blend is
  // over). Fails when weights is not the channel count given to init.
  JobResult apply(std::span<float> weights) const;

  bool active() const { return active_ && elapsed_s_ < blend_time_s_; }

 private:
  struct ChannelOffset {
    float sign = 1.0f;  // the offset's direction: source above (+1) or below (-1) the target
    QuinticDecay decay;
  };
  std::vector<ChannelOffset> channels_;
  float elapsed_s_ = 0.0f;
  float blend_time_s_ = 0.0f;
  bool active_ = false;
};

}  // namespace anim
