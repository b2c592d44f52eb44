#include "anim/two_bone_ik.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/fast_math.h"
#include "anim/index.h"
#include "anim/math.h"

namespace anim {

namespace {

const glm::quat kIdentity{1.0f, 0.0f, 0.0f, 0.0f};

// v over its (nonzero) length: one division and three products, not three divisions.
glm::vec3 unit(const glm::vec3& v, float length) {
  return v * (1.0f / length);
}

// The part of v perpendicular to unit vector dir, normalized; zero when v is (near) parallel.
glm::vec3 perpendicular_part(const glm::vec3& v, const glm::vec3& dir, float min_length) {
  const glm::vec3 p = v - glm::dot(v, dir) * dir;
  const float length = glm::length(p);
  return length > min_length ? unit(p, length) : glm::vec3(0.0f);
}

// An angle in [0, pi] by its cosine and sine, so that turns by differences of angles need no
// arccosine and no sines (the IK's bends are such differences).
struct Angle {
  float cos = 1.0f;
  float sin = 0.0f;
};

// The angle between two unit vectors.
Angle angle_between(const glm::vec3& a, const glm::vec3& b) {
  return {std::clamp(glm::dot(a, b), -1.0f, 1.0f), glm::length(glm::cross(a, b))};
}

// The angle of a cosine (clamped to [-1, 1]).
Angle angle_of_cosine(float c) {
  c = std::clamp(c, -1.0f, 1.0f);
  return {c, std::sqrt(std::max(0.0f, 1.0f - c * c))};
}

// The turn by a - b about unit axis: with c and s the cosine and sine of a - b, the quaternion
// (1 + c, s axis) normalized is (cos, sin axis) of half of a - b. Near a half turn 1 + c
// vanishes, and the angle itself is used.
glm::quat turn_by_difference(Angle a, Angle b, const glm::vec3& axis) {
  const float c = a.cos * b.cos + a.sin * b.sin;
  const float s = a.sin * b.cos - a.cos * b.sin;
  if (1.0f + c < 1e-6f) return glm::angleAxis(std::atan2(s, c), axis);
  return glm::normalize(glm::quat(1.0f + c, axis * s));
}

// The reach actually used for a target at distance d: d itself inside [shortest, soft_start],
// then an exponential approach to full length, so the reach is smooth in d and never reaches
// full extension. Below the shortest reach the chain cannot fold further.
float soft_reach(float d, float shortest, float full, float soft_start) {
  float reach = d;
  if (soft_start < full && d > soft_start) {
    const float span = full - soft_start;
    reach = soft_start + span * (1.0f - std::exp(-(d - soft_start) / span));
    // In floats the approach arrives for far targets: stay a ten-thousandth of the span short,
    // so the knee never locks straight.
    reach = std::min(reach, full - 1e-4f * span);
  }
  return std::clamp(reach, shortest, full);
}

// Within this of 1, a squared column length or a scale is taken as no scale.
constexpr float kUnit = 1e-6f;

// Whether each of the three is within kUnit of 1 (not when one is NaN).
bool unit(const glm::vec3& squared_or_scale) {
  return std::fabs(squared_or_scale.x - 1.0f) <= kUnit &&
         std::fabs(squared_or_scale.y - 1.0f) <= kUnit &&
         std::fabs(squared_or_scale.z - 1.0f) <= kUnit;
}

glm::vec3 squared_columns(const glm::mat3& r) {
  return {glm::dot(r[0], r[0]), glm::dot(r[1], r[1]), glm::dot(r[2], r[2])};
}

// The axis of the plane the chain bends in: the current one where the chain is bent, otherwise
// the plane of the root-end line and the pole, otherwise any plane through the line.
glm::vec3 bend_axis(const glm::vec3& root_to_end, const glm::vec3& upper_v,
                    const glm::vec3& root_end_dir, const glm::vec3& pole, float full) {
  const glm::vec3 axis = glm::cross(root_to_end, upper_v);
  const float axis_length = glm::length(axis);
  if (axis_length > 1e-6f * full * full) return unit(axis, axis_length);
  glm::vec3 side = perpendicular_part(pole, root_end_dir, 1e-6f);
  if (side == glm::vec3(0.0f)) side = any_perpendicular(root_end_dir);
  // Turning about cross(line, side) takes the line toward side: the mid joint moves that way.
  return glm::normalize(glm::cross(root_end_dir, side));
}

}  // namespace

glm::quat model_rotation(const glm::mat4& m) {
  glm::mat3 r(m);
  // Most joints carry no scale: their columns are unit already and need no square roots.
  const glm::vec3 squared = squared_columns(r);
  if (std::fabs(squared.x - 1.0f) > kUnit || std::fabs(squared.y - 1.0f) > kUnit ||
      std::fabs(squared.z - 1.0f) > kUnit) {
    for (int i = 0; i < 3; ++i) {
      r[i] = squared[i] > 0.0f ? r[i] / std::sqrt(squared[i]) : glm::vec3(0.0f);
    }
  }
  const glm::quat q = glm::quat_cast(r);
  // A NaN or infinite component makes the squared length NaN or infinite too.
  const float length_sq = glm::dot(q, q);
  return length_sq > 0.0f && std::isfinite(length_sq) ? q * (1.0f / std::sqrt(length_sq))
                                                      : kIdentity;
}

glm::quat child_model_rotation(const glm::quat& parent_rotation, const glm::mat4& parent_model,
                               const Transform& local, const glm::mat4& model) {
  if (unit(local.scale) && unit(squared_columns(glm::mat3(parent_model)))) {
    return fast::normalize(parent_rotation * local.rotation);
  }
  return model_rotation(model);
}

namespace {

// What a solve measures of one chain before it turns it.
struct ChainMeasure {
  bool valid = false;
  glm::vec3 upper_v{0.0f};
  glm::vec3 lower_v{0.0f};
  glm::vec3 root_to_end{0.0f};
  float upper = 0.0f;
  float lower = 0.0f;
  float full = 0.0f;
  float tiny = 0.0f;
  float distance = 0.0f;
  float reach = 0.0f;
  glm::vec3 upper_dir{0.0f};
  glm::vec3 dir{0.0f};
  glm::vec3 root_end_dir{0.0f};
  glm::vec3 pole_side{0.0f};
  glm::vec3 axis{0.0f};
};

// The solves of N chains take each step for every chain before the next step, so that the
// chains' dependent square roots and divisions run side by side. A chain's own operations are
// those of a solve alone, in the same order: its results are the same. An invalid chain's steps
// run on (on floats, harmlessly) and its result is discarded.
template <std::size_t N>
std::array<ChainMeasure, N> measure_chains(const std::array<TwoBoneIkChain, N>& chains) {
  std::array<ChainMeasure, N> m;
  std::array<float, N> root_to_end_length{};
  std::array<glm::vec3, N> end_dir{};
  for (std::size_t k = 0; k < N; ++k) {
    // Each length and direction of the chain is measured once and reused below.
    const TwoBoneIkChain& c = chains[k];
    m[k].upper_v = c.mid - c.root;
    m[k].lower_v = c.end - c.mid;
    m[k].root_to_end = c.end - c.root;
    m[k].upper = glm::length(m[k].upper_v);
    m[k].lower = glm::length(m[k].lower_v);
    root_to_end_length[k] = glm::length(m[k].root_to_end);
  }
  for (std::size_t k = 0; k < N; ++k) {
    const TwoBoneIkChain& c = chains[k];
    ChainMeasure& mk = m[k];
    mk.full = mk.upper + mk.lower;
    mk.valid = finite(c.root) && finite(c.mid) && finite(c.end) && finite(c.goal.target) &&
               finite(c.goal.pole) && std::isfinite(c.goal.position_weight) &&
               std::isfinite(c.goal.soft_fraction) && mk.upper > 1e-6f && mk.lower > 1e-6f;
    mk.tiny = 1e-6f * mk.full;
    // Direction and distance to the target; a target at the root keeps the end's direction
    // (the upper bone's where the end sits on the root).
    mk.upper_dir = unit(mk.upper_v, mk.upper);
    const bool end_off_root = root_to_end_length[k] > mk.tiny;
    end_dir[k] = end_off_root ? unit(mk.root_to_end, root_to_end_length[k]) : mk.upper_dir;
    const glm::vec3 to_target = c.goal.target - c.root;
    mk.distance = glm::length(to_target);
    mk.dir = mk.distance > mk.tiny ? unit(to_target, mk.distance) : end_dir[k];
    mk.root_end_dir = end_off_root ? end_dir[k] : mk.dir;
  }
  for (std::size_t k = 0; k < N; ++k) {
    const TwoBoneIkGoal& goal = chains[k].goal;
    ChainMeasure& mk = m[k];
    const float shortest = std::fabs(mk.upper - mk.lower) + 1e-4f * mk.full;
    // The animated extension is always reached exactly: softening starts no earlier than it.
    const float soft_start = std::max(mk.full * (1.0f - std::clamp(goal.soft_fraction, 0.0f, 0.5f)),
                                      std::min(root_to_end_length[k], mk.full));
    mk.reach = soft_reach(mk.distance, shortest, mk.full, soft_start);
    mk.pole_side = perpendicular_part(goal.pole, mk.dir, 1e-6f);
    mk.axis = bend_axis(mk.root_to_end, mk.upper_v, mk.root_end_dir, goal.pole, mk.full);
  }
  return m;
}

// The bends, swing and twist of N measured chains, step by step as measure_chains.
template <std::size_t N>
std::array<TwoBoneIkSolution, N> turn_chains(const std::array<TwoBoneIkChain, N>& chains,
                                             const std::array<ChainMeasure, N>& m) {
  std::array<glm::quat, N> root_bend;
  std::array<glm::quat, N> mid_bend;
  for (std::size_t k = 0; k < N; ++k) {
    // Bend: set the interior angles at root and mid for the reach (law of cosines). A positive
    // turn about axis opens the angle at either joint.
    const ChainMeasure& mk = m[k];
    const float upper = mk.upper, lower = mk.lower, reach = mk.reach;
    const Angle root_angle_now = angle_between(mk.root_end_dir, mk.upper_dir);
    const Angle mid_angle_now = angle_between(-mk.upper_dir, unit(mk.lower_v, lower));
    const Angle root_angle =
        angle_of_cosine((upper * upper + reach * reach - lower * lower) / (2.0f * upper * reach));
    const Angle mid_angle =
        angle_of_cosine((upper * upper + lower * lower - reach * reach) / (2.0f * upper * lower));
    root_bend[k] = turn_by_difference(root_angle, root_angle_now, mk.axis);
    mid_bend[k] = turn_by_difference(mid_angle, mid_angle_now, mk.axis);
  }
  std::array<glm::quat, N> root_delta;
  for (std::size_t k = 0; k < N; ++k) {
    // Swing: point the bent chain's root-end line at the target.
    const glm::vec3& root = chains[k].root;
    const ChainMeasure& mk = m[k];
    const glm::vec3 bent_mid = root + root_bend[k] * mk.upper_v;
    const glm::vec3 bent_end = bent_mid + root_bend[k] * (mid_bend[k] * mk.lower_v);
    const float bent_length = glm::length(bent_end - root);
    const glm::vec3 bent_dir = bent_length > mk.tiny ? unit(bent_end - root, bent_length) : mk.dir;
    root_delta[k] = rotation_between(bent_dir, mk.dir) * root_bend[k];
  }
  for (std::size_t k = 0; k < N; ++k) {
    // Twist about the line so the mid joint lies on the pole side. Both sides are unit vectors
    // across the line, so the shortest arc between them turns about the line (but for opposite
    // sides, whose half turn must be about the line too).
    const ChainMeasure& mk = m[k];
    const glm::vec3 mid_side =
        perpendicular_part(root_delta[k] * mk.upper_v, mk.dir, 1e-6f * mk.full);
    if (mk.pole_side != glm::vec3(0.0f) && mid_side != glm::vec3(0.0f)) {
      const glm::quat twist = glm::dot(mid_side, mk.pole_side) < -0.999999f
                                  ? glm::angleAxis(glm::pi<float>(), mk.dir)
                                  : rotation_between(mid_side, mk.pole_side);
      root_delta[k] = twist * root_delta[k];
    }
  }
  std::array<TwoBoneIkSolution, N> out;
  for (std::size_t k = 0; k < N; ++k) {
    const TwoBoneIkChain& c = chains[k];
    const ChainMeasure& mk = m[k];
    TwoBoneIkSolution& s = out[k];
    if (!mk.valid) {
      s.mid = c.mid;
      s.end = c.end;
      continue;
    }
    const float weight = std::clamp(c.goal.position_weight, 0.0f, 1.0f);
    s.root_delta = slerp(kIdentity, glm::normalize(root_delta[k]), weight);
    s.mid_delta = slerp(kIdentity, mid_bend[k], weight);
    s.mid = c.root + s.root_delta * mk.upper_v;
    s.end = s.mid + s.root_delta * (s.mid_delta * mk.lower_v);
    s.reached = weight == 1.0f && std::fabs(mk.reach - mk.distance) <= 1e-4f * mk.full;
  }
  return out;
}

template <std::size_t N>
std::array<TwoBoneIkSolution, N> solve_chains(const std::array<TwoBoneIkChain, N>& chains) {
  return turn_chains(chains, measure_chains(chains));
}

// The model rotation of joint (none: identity), read from its matrix.
glm::quat matrix_rotation(std::span<const glm::mat4> model, int joint) {
  return joint == kNoParent ? kIdentity : model_rotation(model[joint]);
}

// Writes the rotations of solution s of the chain's joints into local. The chain's model
// rotations before the turns: the root's parent's (root_parent, read from its matrix), each
// joint's below it composed from its parent's where the parent is in the chain (cheaper than
// reading another matrix, and the same for joints without non-uniform scale).
void write_chain_rotations(const Skeleton& skeleton, std::span<const glm::mat4> model,
                           std::span<Transform> local, const TwoBoneIkJoints& joints,
                           const TwoBoneIkGoal& goal, const TwoBoneIkSolution& s,
                           const glm::quat& root_parent) {
  Transform& root = local[joints.root];
  const glm::quat root_now = root_parent * root.rotation;
  const int mid_parent_joint = skeleton.parents[joints.mid];
  const glm::quat mid_parent =
      mid_parent_joint == joints.root ? root_now : matrix_rotation(model, mid_parent_joint);
  Transform& mid = local[joints.mid];
  const glm::quat mid_now = mid_parent * mid.rotation;  // read before the mid turns

  // A model-space turn D of a joint whose parent has model rotation P (after the changes
  // above it) changes its local rotation L to P^-1 * D * P * L. Model rotations are unit, so
  // their inverse is their conjugate.
  root.rotation =
      glm::normalize(glm::conjugate(root_parent) * s.root_delta * root_parent * root.rotation);
  // The mid's parent turned with root_delta, which cancels: only mid_delta remains.
  mid.rotation =
      glm::normalize(glm::conjugate(mid_parent) * s.mid_delta * mid_parent * mid.rotation);

  const float rotation_weight = std::clamp(goal.rotation_weight, 0.0f, 1.0f);
  if (rotation_weight > 0.0f && finite(goal.end_rotation) &&
      glm::length(goal.end_rotation) > 0.0f) {
    const glm::quat turn = s.root_delta * s.mid_delta;
    const int end_parent_joint = skeleton.parents[joints.end];
    const glm::quat end_parent_now =
        end_parent_joint == joints.mid ? mid_now : matrix_rotation(model, end_parent_joint);
    const glm::quat end_parent = turn * end_parent_now;
    const glm::quat end_now = turn * (end_parent_now * local[joints.end].rotation);
    const glm::quat end_goal = slerp(end_now, glm::normalize(goal.end_rotation), rotation_weight);
    local[joints.end].rotation = glm::normalize(glm::conjugate(end_parent) * end_goal);
  }
}

const char* check_sizes(const Skeleton& skeleton, std::span<const glm::mat4> model,
                        std::span<Transform> local) {
  const auto n = as_size(skeleton.joint_count());
  if (model.size() != n) return "two-bone IK: model pose is not skeleton-sized";
  if (local.size() != n) return "two-bone IK: local pose is not skeleton-sized";
  return nullptr;
}

TwoBoneIkChain chain_of(std::span<const glm::mat4> model, const TwoBoneIkJoints& joints,
                        const TwoBoneIkGoal& goal) {
  return {position(model[joints.root]), position(model[joints.mid]), position(model[joints.end]),
          goal};
}

}  // namespace

// Flattened, as apply_two_bone_ik below: the inliner leaves the glm operations these are made of
// (normalize, quaternion products) out of line, and their calls cost foot IK about a tenth.
[[gnu::flatten]] TwoBoneIkSolution solve_two_bone_ik(const glm::vec3& root, const glm::vec3& mid,
                                                     const glm::vec3& end,
                                                     const TwoBoneIkGoal& goal) {
  return solve_chains(std::array<TwoBoneIkChain, 1>{{{root, mid, end, goal}}})[0];
}

[[gnu::flatten]] std::array<TwoBoneIkSolution, 2> solve_two_bone_ik_pair(
    const std::array<TwoBoneIkChain, 2>& chains) {
  return solve_chains(chains);
}

const char* validate(const Skeleton& skeleton, const TwoBoneIkJoints& joints) {
  const int n = skeleton.joint_count();
  if (joints.root < 0 || joints.root >= n) return "two-bone IK root joint is out of range";
  if (joints.mid < 0 || joints.mid >= n) return "two-bone IK mid joint is out of range";
  if (joints.end < 0 || joints.end >= n) return "two-bone IK end joint is out of range";
  // Parents precede children, so walking up from a joint ends within n steps.
  auto descends = [&](int child, int ancestor) {
    for (int j = skeleton.parents[child]; j != kNoParent; j = skeleton.parents[j]) {
      if (j == ancestor) return true;
      if (j < 0 || j >= n) return false;
    }
    return false;
  };
  if (!descends(joints.mid, joints.root)) return "two-bone IK mid joint is not below the root";
  if (!descends(joints.end, joints.mid)) return "two-bone IK end joint is not below the mid";
  return nullptr;
}

[[gnu::flatten]] JobResult apply_two_bone_ik(
    const Skeleton& skeleton, std::span<const glm::mat4> model, std::span<Transform> local,
    const TwoBoneIkJoints& joints, const TwoBoneIkGoal& goal, TwoBoneIkSolution* out_solution) {
  if (const char* error = check_sizes(skeleton, model, local)) return JobResult::fail(error);
  if (const char* error = validate(skeleton, joints)) return JobResult::fail(error);
  const TwoBoneIkSolution s = solve_two_bone_ik(
      position(model[joints.root]), position(model[joints.mid]), position(model[joints.end]), goal);
  write_chain_rotations(skeleton, model, local, joints, goal, s,
                        matrix_rotation(model, skeleton.parents[joints.root]));
  if (out_solution) *out_solution = s;
  return JobResult::ok();
}

[[gnu::flatten]] JobResult apply_two_bone_ik_pair(const Skeleton& skeleton,
                                                  std::span<const glm::mat4> model,
                                                  std::span<Transform> local,
                                                  const std::array<TwoBoneIkJoints, 2>& joints,
                                                  const std::array<TwoBoneIkGoal, 2>& goals,
                                                  std::array<TwoBoneIkSolution, 2>* out_solutions) {
  if (const char* error = check_sizes(skeleton, model, local)) return JobResult::fail(error);
  for (const TwoBoneIkJoints& chain : joints) {
    if (const char* error = validate(skeleton, chain)) return JobResult::fail(error);
  }
  const std::array<TwoBoneIkSolution, 2> s = solve_chains(std::array<TwoBoneIkChain, 2>{
      chain_of(model, joints[0], goals[0]), chain_of(model, joints[1], goals[1])});
  // Legs hang from one pelvis: its rotation is read once.
  const int parent0 = skeleton.parents[joints[0].root];
  const int parent1 = skeleton.parents[joints[1].root];
  const glm::quat root_parent0 = matrix_rotation(model, parent0);
  const glm::quat root_parent1 =
      parent1 == parent0 ? root_parent0 : matrix_rotation(model, parent1);
  write_chain_rotations(skeleton, model, local, joints[0], goals[0], s[0], root_parent0);
  write_chain_rotations(skeleton, model, local, joints[1], goals[1], s[1], root_parent1);
  if (out_solutions) *out_solutions = s;
  return JobResult::ok();
}

}  // namespace anim
