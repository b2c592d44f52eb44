#include "demo/demo_gait.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <span>
#include <tuple>

#include "demo/demo_clip_baking.h"
#include "demo/demo_skeleton.h"

namespace demo {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;
// Ankles this far either side of the body's centre line (a little wider than the hip joints).
constexpr float kFootSpread_m = 0.10f;
// Feet point this far outwards (about 6 degrees).
constexpr float kToeOut_rad = 0.1f;
// Moving sideways, the feet land this far in front of and behind the centre line, so a leg
// crossing over passes the other foot instead of kicking it.
constexpr float kStrafeFootSeparation_m = 0.08f;
// The fraction of stance at which the ankle is right below its hip joint, walking forward: a
// little before mid-stance, because the heel roll at the end of stance lengthens the trailing
// leg. Walking backward the trailing leg is the front one, so the shift is mirrored.
constexpr float kForwardPlantPhase = 0.4f;
// The most a leg is stretched (hip to ankle over thigh plus calf): the hips are lowered until
// no frame of the cycle needs more, so the knees never snap straight.
constexpr float kMaxLegExtension = 0.995f;

const glm::vec3 kX(1.0f, 0.0f, 0.0f), kY(0.0f, 1.0f, 0.0f), kZ(0.0f, 0.0f, 1.0f);

glm::quat rotation_x(float rad) {
  return glm::angleAxis(rad, kX);
}
glm::quat rotation_y(float rad) {
  return glm::angleAxis(rad, kY);
}
glm::quat rotation_z(float rad) {
  return glm::angleAxis(rad, kZ);
}

float smoothstep01(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

// Height profile of a swing, 0 at both ends with zero slope, 1 in the middle.
float swing_lift(float s) {
  return 16.0f * s * s * (1.0f - s) * (1.0f - s);
}

// A foot's world state: the ankle (foot joint) position and the foot and toes rotations.
struct FootTarget {
  glm::vec3 ankle;
  glm::quat foot;
  glm::quat toes;
};

// The leg joints of one side and the bone geometry IK needs (from the rest pose, where the
// thigh and calf point straight down and every rotation is the identity).
struct Leg {
  int thigh, calf, foot, toes;
  glm::vec3 hip_offset;       // thigh joint in the hips' frame
  float upper_m, lower_m;     // thigh and calf lengths
  glm::vec3 ball_from_ankle;  // toes joint in the foot's frame
  float sign;                 // +1 left, -1 right
  float phase;                // when in the cycle this foot lands, as a fraction
};

struct Arm {
  int upperarm, forearm;
  float sign;
};

// Thigh and calf world rotations that put the ankle at target. Closed form: the knee lies in
// the plane of the hip, the ankle and the pole (where the knee points), at the distance from the
// hip-ankle line given by the law of cosines. The rest skeleton has the bones along -Y and the
// knee hinge along +X, so each bone's rotation is the frame (hinge, -bone direction, forward).
struct LegRotations {
  glm::quat thigh, calf;
};
LegRotations solve_leg(const glm::vec3& hip, const glm::vec3& ankle, const glm::vec3& pole,
                       float upper, float lower) {
  const glm::vec3 to_ankle = ankle - hip;
  const float reach =
      std::clamp(glm::length(to_ankle), std::abs(upper - lower) + 1e-4f, upper + lower - 1e-5f);
  const glm::vec3 u = glm::normalize(to_ankle);
  const glm::vec3 w = glm::normalize(pole - glm::dot(pole, u) * u);
  const float along = (upper * upper - lower * lower + reach * reach) / (2.0f * reach);
  const float out = std::sqrt(std::max(0.0f, upper * upper - along * along));
  const glm::vec3 knee = hip + u * along + w * out;
  const glm::vec3 hinge = glm::normalize(glm::cross(w, u));
  const auto bone_rotation = [&](const glm::vec3& from, const glm::vec3& to) {
    const glm::vec3 y = glm::normalize(from - to);
    return glm::normalize(glm::quat_cast(glm::mat3(hinge, y, glm::cross(hinge, y))));
  };
  return {bone_rotation(hip, knee), bone_rotation(knee, hip + u * reach)};
}

class Gait {
 public:
  Gait(const anim::Skeleton& skeleton, const GaitSpec& spec) : skeleton_(skeleton), spec_(spec) {
    const float speed = glm::length(spec.velocity_mps);
    direction_ = speed > 0.0f ? spec.velocity_mps / speed : glm::vec2(0.0f);
    stance_s_ = spec.duty_factor * spec.cycle_s;
    plant_phase_ = 0.5f + (kForwardPlantPhase - 0.5f) * direction_.y;
    for (const auto& [side, sign, phase] :
         {std::tuple{"_l", 1.0f, 0.0f}, std::tuple{"_r", -1.0f, 0.5f}}) {
      const std::string s = side;
      Leg leg{joint("thigh" + s),
              joint("calf" + s),
              joint("foot" + s),
              joint("toes" + s),
              {},
              0,
              0,
              {},
              sign,
              phase};
      leg.hip_offset = rest(leg.thigh).translation;
      leg.upper_m = glm::length(rest(leg.calf).translation);
      leg.lower_m = glm::length(rest(leg.foot).translation);
      leg.ball_from_ankle = rest(leg.toes).translation;
      legs_.push_back(leg);
      arms_.push_back({joint("upperarm" + s), joint("forearm" + s), sign});
    }
    ankle_height_m_ =
        rest(0).translation.y + legs_[0].hip_offset.y - legs_[0].upper_m - legs_[0].lower_m;
    hips_height_m_ = fit_hips_height();
  }

  // The character's ground frame: where root motion has carried it by time t.
  anim::Transform ground_at(float t) const {
    anim::Transform frame;
    frame.translation = glm::vec3(spec_.velocity_mps.x, 0.0f, spec_.velocity_mps.y) * t;
    frame.rotation = rotation_y(spec_.turn_rate_rad_s * t);
    return frame;
  }

  // One cycle of root motion.
  anim::Transform cycle_step() const { return ground_at(spec_.cycle_s); }

  void pose_at(float t, std::span<anim::Transform> local) const {
    std::copy(skeleton_.rest_pose.begin(), skeleton_.rest_pose.end(), local.begin());
    const anim::Transform hips = hips_at(t, hips_height_m_);
    local[0] = hips;
    const glm::vec3 pelvis_forward = hips.rotation * kZ;
    for (const Leg& leg : legs_) {
      const FootTarget foot = foot_at(leg, t);
      const glm::vec3 hip = anim::transform_point(hips, leg.hip_offset);
      glm::vec3 pole = pelvis_forward + foot.toes * kZ;
      pole.y = 0.0f;
      const LegRotations r = solve_leg(hip, foot.ankle, pole, leg.upper_m, leg.lower_m);
      local[leg.thigh].rotation = glm::conjugate(hips.rotation) * r.thigh;
      local[leg.calf].rotation = glm::conjugate(r.thigh) * r.calf;
      local[leg.foot].rotation = glm::conjugate(r.calf) * foot.foot;
      local[leg.toes].rotation = glm::conjugate(foot.foot) * foot.toes;
    }
    pose_upper_body(t, hips.rotation, local);
  }

  std::vector<anim::Marker> markers() const {
    std::vector<anim::Marker> markers;
    if (spec_.duty_factor >= 1.0f) return markers;
    for (const Leg& leg : legs_) {
      const std::string side = leg.sign > 0.0f ? "l" : "r";
      const float down = leg.phase * spec_.cycle_s;
      const float up = std::fmod(down + stance_s_, spec_.cycle_s);
      markers.push_back({"foot_" + side + "_down", down});
      markers.push_back({"foot_" + side + "_up", up});
    }
    std::sort(markers.begin(), markers.end(),
              [](const auto& a, const auto& b) { return a.time_s < b.time_s; });
    return markers;
  }

 private:
  int joint(const std::string& name) const { return skeleton_.find_joint(name); }
  const anim::Transform& rest(int joint) const { return skeleton_.rest_pose[joint]; }

  // Where the ball of the foot rests during step k of leg (and the foot's yaw): the spot below
  // the hip joint (plus toe-out, and the sideways-walking separation) at the plant moment.
  std::pair<glm::vec3, float> plant(const Leg& leg, float step) const {
    const float t = (leg.phase + step) * spec_.cycle_s + plant_phase_ * stance_s_;
    const float toe_out = leg.sign * kToeOut_rad;
    const glm::vec3 ankle(leg.sign * kFootSpread_m, ankle_height_m_,
                          -leg.sign * kStrafeFootSeparation_m * direction_.x);
    const glm::vec3 ball = ankle + rotation_y(toe_out) * leg.ball_from_ankle;
    const anim::Transform ground = ground_at(t);
    return {anim::transform_point(ground, ball), spec_.turn_rate_rad_s * t + toe_out};
  }

  FootTarget foot_at(const Leg& leg, float t) const {
    const float cycle = spec_.cycle_s;
    const float since_landing = t - leg.phase * cycle;
    const float step = std::floor(since_landing / cycle);
    const float u = since_landing - step * cycle;
    const auto [ball_here, yaw_here] = plant(leg, step);
    glm::vec3 ball = ball_here;
    float yaw = yaw_here, pitch = 0.0f;
    if (spec_.duty_factor >= 1.0f || u < stance_s_) {
      // Stance: the ball stays put while the heel rolls about it.
      pitch = heel_pitch(u / stance_s_);
    } else {
      // Swing to the next plant: eased along the ground (zero speed at both ends), lifted by a
      // bump with zero slope at both ends, while the foot turns from its lift-off pitch to its
      // landing pitch.
      const float s = (u - stance_s_) / (cycle - stance_s_);
      const float e = smoothstep01(s);
      const auto [ball_next, yaw_next] = plant(leg, step + 1.0f);
      ball = glm::mix(ball_here, ball_next, e) + kY * (spec_.step_height_m * swing_lift(s));
      yaw = yaw_here + (yaw_next - yaw_here) * e;
      pitch = heel_pitch(1.0f) * (1.0f - e) + heel_pitch(0.0f) * e;
    }
    const glm::quat flat = rotation_y(yaw);
    const glm::quat foot = flat * rotation_x(pitch);
    return {ball - foot * leg.ball_from_ankle, foot, flat};
  }

  // Foot pitch (heel up) at fraction s of stance. The heel lifts off the ground to lengthen the
  // trailing leg: late in stance walking forward (toe-off), early in stance walking backward
  // (landing on the ball, then lowering the heel), blended for diagonals.
  float heel_pitch(float s) const {
    const float h = spec_.heel_off_fraction;
    if (h >= 1.0f) return 0.0f;
    const float backward = std::max(0.0f, -direction_.y);
    const float toe_off = smoothstep01((s - h) / (1.0f - h));
    const float heel_down = 1.0f - smoothstep01(s / (1.0f - h));
    return spec_.toe_off_pitch_rad * ((1.0f - backward) * toe_off + backward * heel_down);
  }

  float angular_frequency() const { return 2.0f * kPi / spec_.cycle_s; }
  // Left mid-stance (roughly), where the hips sway furthest left and the walk bob peaks.
  float left_mid_stance_s() const { return plant_phase_ * stance_s_; }
  float forwardness() const { return direction_.y; }
  // The shoulder line turns against the legs: the right shoulder is furthest forward when the
  // left foot lands. (The hips keep the ground frame's heading, so that root motion extracted
  // from them carries no wobble.)
  float torso_twist(float t) const {
    return spec_.torso_twist_rad * forwardness() * std::cos(angular_frequency() * t);
  }

  anim::Transform hips_at(float t, float height) const {
    const float w = angular_frequency();
    const float since_mid = t - left_mid_stance_s();
    const float bob = (spec_.spring_bob ? -1.0f : 1.0f) * spec_.bob_m * std::cos(2 * w * since_mid);
    const float sway = spec_.sway_m * std::cos(w * since_mid);
    const float roll = spec_.pelvis_roll_rad * std::cos(w * since_mid);
    const anim::Transform ground = ground_at(t);
    anim::Transform hips;
    hips.translation = anim::transform_point(ground, glm::vec3(sway, height + bob, 0.0f));
    hips.rotation = ground.rotation * rotation_z(roll);
    return hips;
  }

  // The highest hips (up to the rest height) for which no sampled moment of the cycle stretches
  // a leg beyond kMaxLegExtension.
  float fit_hips_height() const {
    const int samples = std::max(8, static_cast<int>(spec_.cycle_s * kDemoKeysPerSecond * 4));
    const auto max_extension = [&](float height) {
      float worst = 0.0f;
      for (int i = 0; i < samples; ++i) {
        const float t = spec_.cycle_s * static_cast<float>(i) / static_cast<float>(samples);
        const anim::Transform hips = hips_at(t, height);
        for (const Leg& leg : legs_) {
          const glm::vec3 hip = anim::transform_point(hips, leg.hip_offset);
          const float reach = glm::length(foot_at(leg, t).ankle - hip);
          worst = std::max(worst, reach / (leg.upper_m + leg.lower_m));
        }
      }
      return worst;
    };
    float low = 0.5f * rest(0).translation.y, high = rest(0).translation.y;
    if (max_extension(high) <= kMaxLegExtension) return high;
    for (int i = 0; i < 30; ++i) {
      const float mid = 0.5f * (low + high);
      (max_extension(mid) <= kMaxLegExtension ? low : high) = mid;
    }
    return low;
  }

  // Spine counter-rotation and lean, a head that keeps looking along the ground frame, and
  // arms swinging against the legs.
  void pose_upper_body(float t, const glm::quat& hips_rotation,
                       std::span<anim::Transform> local) const {
    const float w = angular_frequency();
    const float roll = spec_.pelvis_roll_rad * std::cos(w * (t - left_mid_stance_s()));
    const float lean_forward = spec_.lean_rad * direction_.y;
    const float lean_sideways = -spec_.lean_rad * direction_.x;
    const float breath = spec_.breath_rad * std::sin(w * t);
    const std::array<std::pair<const char*, float>, 3> spine = {
        std::pair{"spine_01", 0.4f}, std::pair{"spine_02", 0.35f}, std::pair{"chest", 0.25f}};
    glm::quat chest_world = hips_rotation;
    for (const auto& [name, share] : spine) {
      const float pitch = share * lean_forward - (name == std::string("chest") ? breath : 0.0f);
      const glm::quat r = rotation_y(share * torso_twist(t)) * rotation_x(pitch) *
                          rotation_z(share * lean_sideways - roll / 3.0f);
      local[joint(name)].rotation = r;
      chest_world = chest_world * r;
    }
    const glm::quat look = ground_at(t).rotation * rotation_x(-0.5f * lean_forward);
    const glm::quat neck =
        anim::slerp(glm::quat(1, 0, 0, 0), glm::conjugate(chest_world) * look, 0.5f);
    local[joint("neck")].rotation = neck;
    local[joint("head")].rotation = glm::conjugate(chest_world * neck) * look;

    const float hang_rad = 1.3f;
    for (const Arm& arm : arms_) {
      // Each arm swings forward as the opposite foot lands (right at 0.5 cycle for the left arm).
      const float opposite_landing = arm.sign > 0.0f ? 0.5f : 0.0f;
      const float swing = spec_.arm_swing_rad * forwardness() *
                          std::cos(w * (t - opposite_landing * spec_.cycle_s));
      local[arm.upperarm].rotation = rotation_x(-swing) * rotation_z(-arm.sign * hang_rad);
      const float elbow = spec_.elbow_rad + 0.5f * std::max(0.0f, swing);
      local[arm.forearm].rotation = rotation_y(-arm.sign * elbow);
    }
  }

  const anim::Skeleton& skeleton_;
  GaitSpec spec_;
  glm::vec2 direction_;
  float stance_s_ = 0.0f;
  float plant_phase_ = 0.5f;
  float ankle_height_m_ = 0.0f;
  float hips_height_m_ = 0.0f;
  std::vector<Leg> legs_;
  std::vector<Arm> arms_;
};

float cycle_for_cadence(float steps_per_s) {
  return 2.0f / steps_per_s;
}

}  // namespace

float walking_cadence_steps_per_s(float speed_mps, float height_m) {
  return std::sqrt(speed_mps / (0.24f * height_m));
}

std::vector<DemoDirection> demo_directions() {
  const float d = std::numbers::sqrt2_v<float> / 2.0f;
  return {{"forward", {0, 1}},        {"forward_left", {d, d}},  {"left", {1, 0}},
          {"backward_left", {d, -d}}, {"backward", {0, -1}},     {"backward_right", {-d, -d}},
          {"right", {-1, 0}},         {"forward_right", {-d, d}}};
}

GaitSpec demo_idle_spec() {
  GaitSpec spec;
  spec.name = "idle";
  spec.cycle_s = 4.0f;
  spec.duty_factor = 1.0f;
  spec.step_height_m = 0.0f;
  spec.heel_off_fraction = 1.0f;
  spec.toe_off_pitch_rad = 0.0f;
  spec.bob_m = 0.004f;
  spec.sway_m = 0.03f;
  spec.pelvis_roll_rad = 0.03f;
  spec.elbow_rad = 0.15f;
  spec.breath_rad = 0.03f;
  return spec;
}

GaitSpec demo_walk_spec(const std::string& direction, glm::vec2 unit_direction) {
  GaitSpec spec;
  spec.name = "walk_" + direction;
  spec.velocity_mps = unit_direction * kDemoWalkSpeed_mps;
  spec.cycle_s = cycle_for_cadence(walking_cadence_steps_per_s(kDemoWalkSpeed_mps, kDemoHeight_m));
  spec.duty_factor = 0.58f;
  spec.step_height_m = 0.08f;
  spec.heel_off_fraction = 0.45f;
  spec.toe_off_pitch_rad = 0.6f;
  spec.bob_m = 0.02f;
  spec.sway_m = 0.025f;
  spec.torso_twist_rad = 0.09f;
  spec.pelvis_roll_rad = 0.06f;
  spec.lean_rad = 0.05f;
  spec.arm_swing_rad = 0.3f;
  spec.elbow_rad = 0.25f;
  return spec;
}

GaitSpec demo_jog_spec(const std::string& direction, glm::vec2 unit_direction) {
  GaitSpec spec;
  spec.name = "jog_" + direction;
  spec.velocity_mps = unit_direction * kDemoJogSpeed_mps;
  spec.cycle_s = cycle_for_cadence(walking_cadence_steps_per_s(kDemoJogSpeed_mps, kDemoHeight_m));
  spec.duty_factor = 0.38f;
  spec.step_height_m = 0.12f;
  spec.heel_off_fraction = 0.25f;
  spec.toe_off_pitch_rad = 0.7f;
  spec.bob_m = 0.03f;
  spec.spring_bob = true;
  spec.sway_m = 0.015f;
  spec.torso_twist_rad = 0.12f;
  spec.pelvis_roll_rad = 0.05f;
  spec.lean_rad = 0.12f;
  spec.arm_swing_rad = 0.5f;
  spec.elbow_rad = 1.4f;
  return spec;
}

GaitSpec demo_run_spec() {
  GaitSpec spec = demo_jog_spec("forward", {0.0f, 1.0f});
  spec.name = "run_forward";
  spec.velocity_mps = {0.0f, kDemoRunSpeed_mps};
  spec.cycle_s = cycle_for_cadence(
      std::min(3.0f, walking_cadence_steps_per_s(kDemoRunSpeed_mps, kDemoHeight_m)));
  spec.duty_factor = 0.26f;
  spec.step_height_m = 0.18f;
  spec.heel_off_fraction = 0.2f;
  spec.toe_off_pitch_rad = 0.8f;
  spec.bob_m = 0.035f;
  spec.sway_m = 0.01f;
  spec.torso_twist_rad = 0.15f;
  spec.pelvis_roll_rad = 0.04f;
  spec.lean_rad = 0.2f;
  spec.arm_swing_rad = 0.7f;
  spec.elbow_rad = 1.5f;
  return spec;
}

GaitSpec demo_turn_spec(bool left) {
  GaitSpec spec;
  spec.name = left ? "turn_left" : "turn_right";
  spec.cycle_s = 1.0f;
  spec.turn_rate_rad_s = (left ? 1.0f : -1.0f) * kPi / 2.0f;  // a quarter turn per cycle
  spec.duty_factor = 0.6f;
  spec.step_height_m = 0.05f;
  spec.heel_off_fraction = 0.6f;
  spec.toe_off_pitch_rad = 0.3f;
  spec.bob_m = 0.01f;
  spec.sway_m = 0.0f;  // sway would turn with the body and drift the root off the spot

  spec.pelvis_roll_rad = 0.03f;
  spec.elbow_rad = 0.25f;
  return spec;
}

std::vector<GaitSpec> demo_gait_specs() {
  std::vector<GaitSpec> specs = {demo_idle_spec()};
  for (const DemoDirection& d : demo_directions()) specs.push_back(demo_walk_spec(d.name, d.unit));
  for (const DemoDirection& d : demo_directions()) specs.push_back(demo_jog_spec(d.name, d.unit));
  specs.push_back(demo_run_spec());
  specs.push_back(demo_turn_spec(true));
  specs.push_back(demo_turn_spec(false));
  return specs;
}

anim::Clip make_gait_clip(const anim::Skeleton& skeleton, const GaitSpec& spec) {
  const Gait gait(skeleton, spec);
  std::vector<int> rotated;
  for (int i = 0; i < skeleton.joint_count(); ++i) {
    const std::string& name = skeleton.joint_names[i];
    if (name.rfind("fingers", 0) != 0 && name.rfind("thumb", 0) != 0) rotated.push_back(i);
  }
  const int root[] = {0};
  anim::Clip clip = bake_looping_clip(
      spec.name, skeleton, spec.cycle_s, rotated, root, gait.cycle_step(),
      [&gait](float t, std::span<anim::Transform> local) { gait.pose_at(t, local); });
  clip.markers = gait.markers();
  return clip;
}

}  // namespace demo
