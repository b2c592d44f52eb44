#include "anim/foot_ik.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/damped_spring.h"
#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/pose_range.h"
#include "anim/rise_line.h"
#include "anim/sse_lanes.h"
#include "anim/two_bone_ik.h"

namespace anim {

namespace {

constexpr glm::vec3 kUp{0.0f, 1.0f, 0.0f};

glm::vec3 point_in(const glm::mat4& m, const glm::vec3& p) {
  return glm::vec3(m * glm::vec4(p, 1.0f));
}

// The shortest-arc rotation from +Y to unit vector n.
glm::quat rotation_from_up(const glm::vec3& n) {
  const float d = glm::dot(kUp, n);
  if (d < -0.999999f) return glm::angleAxis(glm::pi<float>(), glm::vec3(1.0f, 0.0f, 0.0f));
  return glm::normalize(glm::quat(1.0f + d, glm::cross(kUp, n)));
}

// Where the calf's chain ends: the foot joint, or for a foot that is not below the calf the
// point where it rests in the calf's space.
glm::vec3 ankle_of_calf(const Leg& leg, std::span<const glm::mat4> model) {
  if (leg.foot_attached) return position(model[leg.foot]);
  return point_in(model[leg.calf], leg.ankle_in_calf);
}

// Solves the thigh and calf toward goal with the calf's end point as the chain's end, writes
// their local rotations, and places the foot joint itself on the goal (its position and
// rotation, blended by the goal's weights), expressed in its parent's space.
TwoBoneIkSolution place_detached_foot(const Skeleton& skeleton, const Leg& leg,
                                      const TwoBoneIkGoal& goal, std::span<const glm::mat4> model,
                                      std::span<Transform> local) {
  const TwoBoneIkSolution s = solve_two_bone_ik(
      position(model[leg.thigh]), position(model[leg.calf]), ankle_of_calf(leg, model), goal);
  auto parent_rotation = [&](int joint) {
    const int parent = skeleton.parents[joint];
    return parent == kNoParent ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model_rotation(model[parent]);
  };
  const glm::quat thigh_parent = parent_rotation(leg.thigh);
  local[leg.thigh].rotation = glm::normalize(glm::inverse(thigh_parent) * s.root_delta *
                                             thigh_parent * local[leg.thigh].rotation);
  const glm::quat calf_parent = parent_rotation(leg.calf);
  local[leg.calf].rotation = glm::normalize(glm::inverse(calf_parent) * s.mid_delta * calf_parent *
                                            local[leg.calf].rotation);
  // The foot's parent is not moved by the leg's IK, so its model matrix is still current.
  const int parent = skeleton.parents[leg.foot];
  const glm::mat4 parent_model = parent == kNoParent ? glm::mat4(1.0f) : model[parent];
  const float w = std::clamp(goal.position_weight, 0.0f, 1.0f);
  const glm::vec3 animated = position(model[leg.foot]);
  const glm::vec3 placed = animated + w * (goal.target - animated);
  const glm::quat rotation = slerp(model_rotation(model[leg.foot]), goal.end_rotation,
                                   std::clamp(goal.rotation_weight, 0.0f, 1.0f));
  Transform& foot = local[leg.foot];
  foot.translation = glm::vec3(glm::inverse(parent_model) * glm::vec4(placed, 1.0f));
  foot.rotation = glm::normalize(glm::inverse(parent_rotation(leg.foot)) * rotation);
  TwoBoneIkSolution out = s;
  out.reached = s.reached;
  return out;
}

// How far (world metres) the leg's hip may rise from where it is and still reach ankle_target
// exactly: two-bone IK is exact up to its soft start (see TwoBoneIkGoal::soft_fraction) or the
// animated reach. Very large when the target is out of reach across the ground (no height helps).
float hip_headroom(const Leg& leg, std::span<const glm::mat4> model, const Transform& world,
                   const glm::vec3& ankle_target, float soft_fraction) {
  const float world_scale = world.scale.y;
  const glm::vec3 hip = transform_point(world, position(model[leg.thigh]));
  const glm::vec3 animated_ankle = ankle_of_calf(leg, model);
  const float chain =
      world_scale * (glm::length(position(model[leg.calf]) - position(model[leg.thigh])) +
                     glm::length(animated_ankle - position(model[leg.calf])));
  const float animated_reach =
      world_scale * glm::length(animated_ankle - position(model[leg.thigh]));
  const float exact_reach = std::max(chain * (1.0f - soft_fraction), animated_reach);
  const glm::vec3 to_target = ankle_target - hip;
  const float across_sq = to_target.x * to_target.x + to_target.z * to_target.z;
  if (across_sq >= exact_reach * exact_reach) return 1e30f;
  return to_target.y + std::sqrt(exact_reach * exact_reach - across_sq);
}

#if defined(__SSE2__)
// The part of hip_headroom_pair that does not wait on the feet's targets: the legs' hips in the
// world and how far each reaches exactly (lane 0 = leg a).
struct HipReachPair {
  sse::Vec3 hip;
  __m128 exact_reach;
};

HipReachPair hip_reach_pair(const Leg& a, const Leg& b, std::span<const glm::mat4> model,
                            const Transform& world, float soft_fraction) {
  using namespace sse;
  const __m128 world_scale = splat(world.scale.y);
  const Vec3 thigh = load(position(model[a.thigh]), position(model[b.thigh]));
  const Vec3 calf = load(position(model[a.calf]), position(model[b.calf]));
  const Vec3 ankle = load(ankle_of_calf(a, model), ankle_of_calf(b, model));
  // transform_point(world, thigh): translation + rotation * (scale * p).
  const Vec3 world_scales{splat(world.scale.x), splat(world.scale.y), splat(world.scale.z)};
  const Quat world_rotation{splat(world.rotation.x), splat(world.rotation.y),
                            splat(world.rotation.z), splat(world.rotation.w)};
  const Vec3 world_translation{splat(world.translation.x), splat(world.translation.y),
                               splat(world.translation.z)};
  const Vec3 scaled_thigh{mul(world_scales.x, thigh.x), mul(world_scales.y, thigh.y),
                          mul(world_scales.z, thigh.z)};
  const Vec3 hip = add(world_translation, rotate(world_rotation, scaled_thigh));
  const __m128 chain = mul(world_scale, add(length(sub(calf, thigh)), length(sub(ankle, calf))));
  const __m128 animated_reach = mul(world_scale, length(sub(ankle, thigh)));
  const __m128 soft_reach = mul(chain, sub(splat(1.0f), splat(soft_fraction)));
  // std::max(a, b): a < b ? b : a.
  return {hip, select(_mm_cmplt_ps(soft_reach, animated_reach), animated_reach, soft_reach)};
}

// hip_headroom of legs a and b side by side in SSE lanes (anim/sse_lanes.h, lane 0 = a), their
// reach measured by hip_reach_pair: the same operations, so the same values, bit for bit; their
// square roots run as one.
std::array<float, 2> hip_headroom_pair(const HipReachPair& reach, const glm::vec3& target_a,
                                       const glm::vec3& target_b) {
  using namespace sse;
  const Vec3 to_target = sub(load(target_a, target_b), reach.hip);
  const __m128 across_sq = add(mul(to_target.x, to_target.x), mul(to_target.z, to_target.z));
  const __m128 reach_sq = mul(reach.exact_reach, reach.exact_reach);
  const __m128 headroom = add(to_target.y, _mm_sqrt_ps(sub(reach_sq, across_sq)));
  const Lanes out(select(_mm_cmpge_ps(across_sq, reach_sq), splat(1e30f), headroom));
  return {out.f[0], out.f[1]};
}
#endif

// Turns the spine about spine_base in the vertical plane so the middle of the front legs' hips
// (they may sit far beyond the chest joint) moves by rise_model vertically, at the same
// distance from the base; writes the spine base's local rotation.
template <typename IsFront>
void turn_spine(const Skeleton& skeleton, const FootIkRig& rig, IsFront is_front, float rise_model,
                std::span<const glm::mat4> model, std::span<Transform> local) {
  glm::vec3 shoulders{0.0f};
  int fronts = 0;
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    if (!is_front(static_cast<int>(i))) continue;
    shoulders += position(model[rig.legs[i].thigh]);
    ++fronts;
  }
  shoulders = fronts > 0 ? shoulders / static_cast<float>(fronts) : position(model[rig.chest]);
  const glm::vec3 from = shoulders - position(model[rig.spine_base]);
  const float r = glm::length(from);
  const glm::vec3 across{from.x, 0.0f, from.z};
  if (!(r > 1e-6f) || !(glm::length(across) > 1e-6f * r)) return;
  const float height = std::clamp(from.y + rise_model, -0.99f * r, 0.99f * r);
  const glm::vec3 to =
      glm::normalize(across) * std::sqrt(r * r - height * height) + glm::vec3(0.0f, height, 0.0f);
  const glm::quat turn = rotation_between(from / r, glm::normalize(to));
  const int parent = skeleton.parents[rig.spine_base];
  const glm::quat parent_rotation =
      parent == kNoParent ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model_rotation(model[parent]);
  Transform& spine = local[rig.spine_base];
  spine.rotation =
      glm::normalize(glm::inverse(parent_rotation) * turn * parent_rotation * spine.rotation);
}

// Where one foot should go this frame, in world space.
struct FootTarget {
  glm::vec3 ankle;
  glm::quat rotation;
  float rise_m;  // ankle target height minus animated ankle height
};

// A quadruped's hind hips and shoulders rise with the ground between them: the line through its
// feet's rises along the body, read at each group's hips. Each group's lowest foot instead tilts
// the body by the rise between feet that reach far beyond the hips (the Fox's walk on a 15-degree
// slope pitched it by 28 degrees). Returns {hind, front}.
std::array<float, 2> body_rises(const FootIkRig& rig, std::span<const FootTarget> targets,
                                std::span<const glm::mat4> model, const Transform& world) {
  std::array<glm::vec3, 2> hips{glm::vec3(0.0f), glm::vec3(0.0f)};
  std::array<int, 2> counts{0, 0};
  for (const Leg& leg : rig.legs) {
    hips[leg.front] += transform_point(world, position(model[leg.thigh]));
    ++counts[leg.front];
  }
  if (counts[0] == 0 || counts[1] == 0) return {0.0f, 0.0f};
  const glm::vec3 hind = hips[0] / static_cast<float>(counts[0]);
  const glm::vec3 front = hips[1] / static_cast<float>(counts[1]);
  glm::vec2 axis{front.x - hind.x, front.z - hind.z};
  const float length = glm::length(axis);
  if (!(length > 1e-6f)) return {0.0f, 0.0f};
  axis /= length;
  std::array<glm::vec2, kMaxFootIkLegs> samples{};
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const glm::vec2 along{targets[i].ankle.x - hind.x, targets[i].ankle.z - hind.z};
    samples[i] = {glm::dot(along, axis), targets[i].rise_m};
  }
  const RiseLine line = fit_rise_line(std::span(samples).first(rig.legs.size()));
  return {line.at(0.0f), line.at(length)};
}

// Updates the leg's lock from its contact and returns the animated foot's world x, z shift; a
// released lock's offset springs back by release (settings.lock_release_halflife_s over the
// frame).
glm::vec2 update_lock(FootLock& lock, bool planted, float heel_lift, float toe_lift,
                      const glm::vec3& heel, const glm::vec3& toe, const FootIkSettings& settings,
                      const SpringStep& release) {
  const bool was_on_toe = lock.pivot_on_toe;
  if (lock.pivot_on_toe && heel_lift < toe_lift - settings.pivot_switch_m)
    lock.pivot_on_toe = false;
  if (!lock.pivot_on_toe && toe_lift < heel_lift - settings.pivot_switch_m)
    lock.pivot_on_toe = true;
  const glm::vec3& pivot = lock.pivot_on_toe ? toe : heel;
  const glm::vec2 pivot_xz{pivot.x, pivot.z};
  if (planted && settings.lock_feet) {
    // A new lock (or a new pivot) starts where the foot is now drawn, so nothing jumps. The
    // values are kept in registers: reading them back from the lock would wait on their stores.
    glm::vec2 locked_pivot = lock.locked_pivot_xz;
    if (!lock.locked || lock.pivot_on_toe != was_on_toe) {
      locked_pivot = pivot_xz + lock.offset_xz;
      lock.locked_pivot_xz = locked_pivot;
      lock.locked = true;
    }
    const glm::vec2 offset = locked_pivot - pivot_xz;
    lock.offset_xz = offset;
    lock.offset_velocity = glm::vec2(0.0f);
    return offset;
  }
  lock.locked = false;
  spring_toward(lock.offset_xz, lock.offset_velocity, glm::vec2(0.0f), release);
  return lock.offset_xz;
}

}  // namespace

Leg make_leg(std::span<const glm::mat4> standing_model, int thigh, int calf, int foot, int toes,
             float ground_height_m) {
  Leg leg;
  leg.thigh = thigh;
  leg.calf = calf;
  leg.foot = foot;
  leg.toes = toes;
  const int count = static_cast<int>(standing_model.size());
  if (foot < 0 || foot >= count || toes < 0 || toes >= count) return leg;
  const glm::vec3 ankle = position(standing_model[foot]);
  const glm::vec3 toe_joint = position(standing_model[toes]);
  leg.heel_in_foot =
      point_in(glm::inverse(standing_model[foot]), glm::vec3(ankle.x, ground_height_m, ankle.z));
  leg.toe_in_toes = point_in(glm::inverse(standing_model[toes]),
                             glm::vec3(toe_joint.x, ground_height_m, toe_joint.z));
  return leg;
}

glm::vec3 heel_point(const Leg& leg, std::span<const glm::mat4> model) {
  return point_in(model[leg.foot], leg.heel_in_foot);
}

glm::vec3 toe_point(const Leg& leg, std::span<const glm::mat4> model) {
  return point_in(model[leg.toes], leg.toe_in_toes);
}

void run_ground_under_locks(FootIkState& state, const Transform& ground_motion) {
  // Only a locked pivot is read (locking sets it anew); a zero offset turns to zero.
#if defined(__SSE2__)
  using namespace sse;
  // transform_point and the rotation below, a vector to a register: the same values, bit for bit.
  const __m128 rotation = load_quat(ground_motion.rotation);
  const __m128 scale = load_vec3(ground_motion.scale);
  const __m128 translation = load_vec3(ground_motion.translation);
  const auto x_and_z = [](__m128 v) {
    return glm::vec2(_mm_cvtss_f32(v), _mm_cvtss_f32(_mm_movehl_ps(v, v)));
  };
  for (FootLock& lock : state.locks) {
    if (lock.locked) {
      const __m128 pivot = _mm_setr_ps(lock.locked_pivot_xz.x, 0.0f, lock.locked_pivot_xz.y, 0.0f);
      lock.locked_pivot_xz =
          x_and_z(_mm_add_ps(translation, rotate(rotation, _mm_mul_ps(scale, pivot))));
    }
    if (lock.offset_xz != glm::vec2(0.0f)) {
      lock.offset_xz =
          x_and_z(rotate(rotation, _mm_setr_ps(lock.offset_xz.x, 0.0f, lock.offset_xz.y, 0.0f)));
    }
  }
#else
  for (FootLock& lock : state.locks) {
    if (lock.locked) {
      const glm::vec3 pivot = transform_point(
          ground_motion, glm::vec3(lock.locked_pivot_xz.x, 0.0f, lock.locked_pivot_xz.y));
      lock.locked_pivot_xz = {pivot.x, pivot.z};
    }
    if (lock.offset_xz != glm::vec2(0.0f)) {
      const glm::vec3 shift =
          ground_motion.rotation * glm::vec3(lock.offset_xz.x, 0.0f, lock.offset_xz.y);
      lock.offset_xz = {shift.x, shift.z};
    }
  }
#endif
}

Transform treadmill_motion(const Transform& world_from_model, const Transform& step) {
  Transform out;
  out.scale = glm::vec3(1.0f);
#if defined(__SSE2__)
  using namespace sse;
  // The scalar expressions below, a quaternion or vector to a register.
  const __m128 r = load_quat(world_from_model.rotation);
  const __m128 step_back = conjugate(load_quat(step.rotation));
  const __m128 t = load_vec3(world_from_model.translation);
  const __m128 rotation = product(product(r, step_back), conjugate(r));
  const __m128 step_taken =
      _mm_mul_ps(load_vec3(world_from_model.scale), rotate(step_back, load_vec3(step.translation)));
  _mm_storeu_ps(&out.rotation.x, rotation);
  store_vec3(_mm_sub_ps(_mm_sub_ps(t, rotate(rotation, t)), rotate(r, step_taken)),
             out.translation);
#else
  const glm::quat& r = world_from_model.rotation;
  const glm::quat step_back = glm::conjugate(step.rotation);
  out.rotation = r * step_back * glm::conjugate(r);
  out.translation = world_from_model.translation - out.rotation * world_from_model.translation -
                    r * (world_from_model.scale * (step_back * step.translation));
#endif
  return out;
}

namespace {

// Whether the rig's binding holds: bound to a skeleton of this size, with the joints the rig has
// now (so validate passed them).
bool binding_holds(const Skeleton& skeleton, const FootIkRig& rig) {
  const FootIkRigBinding& b = rig.binding;
  if (b.leg_count == 0 || b.joint_count != skeleton.joint_count() || b.pelvis != rig.pelvis ||
      b.leg_count != static_cast<int>(rig.legs.size())) {
    return false;
  }
  for (int i = 0; i < b.leg_count; ++i) {
    const Leg& leg = nth(rig.legs, i);
    if (nth(b.legs, i) != std::array<int, 4>{leg.thigh, leg.calf, leg.foot, leg.toes} ||
        nth(b.feet_attached, i) != leg.foot_attached) {
      return false;
    }
  }
  return true;
}

// Every check that could stop the solve, made before its first write, so a failure leaves the
// pose and the state as they were.
JobResult check_foot_ik_inputs(const Skeleton& skeleton, const FootIkRig& rig, bool bound,
                               const Transform& world_from_model, std::span<const bool> contacts,
                               float dt_s, std::span<const Transform> local,
                               std::span<const glm::mat4> model) {
  const int n = skeleton.joint_count();
  const auto legs = static_cast<int>(rig.legs.size());
  if (local.size() != as_size(n)) {
    return JobResult::fail("foot IK: local pose is not skeleton-sized");
  }
  if (model.size() != as_size(n)) {
    return JobResult::fail("foot IK: model pose is not skeleton-sized");
  }
  if (legs < 1 || legs > kMaxFootIkLegs)
    return JobResult::fail("foot IK: rig has no or too many legs");
  if (rig.pelvis < 0 || rig.pelvis >= n) return JobResult::fail("foot IK: pelvis is out of range");
  // Every check that could stop the solve comes before the first write, so a failure leaves
  // the pose and the state as they were: an attached foot's chain is checked here as two-bone
  // IK would check it (a bound rig's legs were checked so when it was bound).
  auto in_range = [n](int joint) { return joint >= 0 && joint < n; };
  for (const Leg& leg : bound ? std::span<const Leg>() : std::span<const Leg>(rig.legs)) {
    const bool joints_ok = in_range(leg.thigh) && in_range(leg.calf) && in_range(leg.foot) &&
                           in_range(leg.toes) &&
                           (leg.foot_attached || is_ancestor(skeleton, leg.thigh, leg.calf));
    if (!joints_ok) return JobResult::fail("foot IK: a leg's joints are invalid for this skeleton");
    if (leg.foot_attached) {
      if (const char* error = validate(skeleton, TwoBoneIkJoints{leg.thigh, leg.calf, leg.foot}))
        return JobResult::fail(error);
    }
  }
  if ((rig.chest >= 0) != (rig.spine_base >= 0) || rig.chest >= n || rig.spine_base >= n) {
    return JobResult::fail("foot IK: the chest and spine base are not both set or out of range");
  }
  if (!contacts.empty() && contacts.size() != rig.legs.size()) {
    return JobResult::fail("foot IK: contacts is neither empty nor one per leg");
  }
  if (!(dt_s >= 0.0f) || !std::isfinite(dt_s))
    return JobResult::fail("foot IK: dt is negative or not finite");
  if (!finite(world_from_model) || !(world_from_model.scale.y > 0.0f)) {
    return JobResult::fail("foot IK: world_from_model is not finite or has no positive scale");
  }
  return JobResult::ok();
}

// What the steps of one solve share: the inputs, and the feet's targets step 1 finds.
struct FootSolve {
  const Skeleton& skeleton;
  const FootIkRig& rig;
  const FootIkSettings& settings;
  const Transform& world;
  std::span<const bool> contacts;
  float weight = 0.0f;
  float soft_fraction = 0.0f;
  bool has_chest = false;
  bool bound = false;  // the rig's binding holds
  // The steps of the pelvis's (and chest's) spring over the frame and, where a lock is released
  // (update_lock: a foot not planted, or feet not locked), of its offset's: made first, so that
  // their exponentials run while the feet are found, not after.
  SpringStep pelvis_spring;
  SpringStep release_spring;
  // Step 1 writes a leg's target before it is read: the array is left uninitialized (the
  // constructor below keeps the solve from zeroing it).
  std::array<FootTarget, kMaxFootIkLegs> targets;

  FootSolve(const Skeleton& skeleton, const FootIkRig& rig, const FootIkSettings& settings,
            const Transform& world, std::span<const bool> contacts, float dt_s)
      : skeleton(skeleton),
        rig(rig),
        settings(settings),
        world(world),
        contacts(contacts),
        pelvis_spring(spring_step(settings.pelvis_halflife_s, dt_s)) {
    bool releases = !settings.lock_feet || contacts.empty();
    for (std::size_t i = 0; i < contacts.size() && !releases; ++i) releases = !contacts[i];
    if (releases) release_spring = spring_step(settings.lock_release_halflife_s, dt_s);
  }

  int legs() const { return static_cast<int>(rig.legs.size()); }
  bool carried_by_chest(int i) const { return has_chest && nth(rig.legs, i).front; }
  // A quadruped's swinging foot may end short of its target rather than pull its hips down: its
  // hind foot lifting off far behind the pelvis would otherwise pitch the body nose-up.
  bool lowers_its_hips(int i) const { return !has_chest || contacts.empty() || nth(contacts, i); }
  float headroom(int i, std::span<const glm::mat4> model) const {
    return hip_headroom(nth(rig.legs, i), model, world, nth(targets, i).ankle, soft_fraction);
  }
#if defined(__SSE2__)
  // The reach of legs 2k and 2k + 1, measured (hip_reach_pair) before the feet are placed: their
  // square roots then run while the feet's wait on the ground, not beside them.
  std::array<HipReachPair, kMaxFootIkLegs / 2> hip_reaches;
  void measure_hip_reaches(std::span<const glm::mat4> model) {
    for (int i = 0; i + 1 < legs(); i += 2) {
      hip_reaches[as_size(i / 2)] =
          hip_reach_pair(nth(rig.legs, i), nth(rig.legs, i + 1), model, world, soft_fraction);
    }
  }
#endif
  // headroom of every leg, two at a time in lanes where the processor has them (from the reaches
  // measure_hip_reaches measured), written into the caller's array: a returned copy would load
  // them, just stored one by one, as one register and wait for their stores to reach the cache.
  void headrooms(std::span<const glm::mat4> model, std::array<float, kMaxFootIkLegs>& out) const {
    int i = 0;
#if defined(__SSE2__)
    for (; i + 1 < legs(); i += 2) {
      const std::array<float, 2> pair = hip_headroom_pair(
          hip_reaches[as_size(i / 2)], nth(targets, i).ankle, nth(targets, i + 1).ankle);
      nth(out, i) = pair[0];
      nth(out, i + 1) = pair[1];
    }
#endif
    for (; i < legs(); ++i) nth(out, i) = headroom(i, model);
  }
};

// Where step 1a leaves foot i: its sole points and ankle in the world, moved by its lock, and
// the ground under them. probe_foot writes every field, so none has an initializer (the solve
// keeps an array of these, which would otherwise be zeroed each frame).
struct FootOnGround {
  glm::vec3 heel;
  glm::vec3 toe;
  glm::vec3 ankle;
  float heel_lift;
  float toe_lift;
  bool planted;
  GroundProbe heel_ground;
  GroundProbe toe_ground;
};

// 1a. Foot i's sole points and ankle in the world, as the animation puts them.
void find_sole_points(const FootSolve& solve, int i, std::span<const glm::mat4> model,
                      FootOnGround& f) {
  const Transform& world = solve.world;
  const Leg& leg = nth(solve.rig.legs, i);
  f.heel = transform_point(world, heel_point(leg, model));
  f.toe = transform_point(world, toe_point(leg, model));
  f.ankle = transform_point(world, position(model[leg.foot]));
}

#if defined(__SSE2__)
// find_sole_points for feet 0 and 1 in SSE lanes (anim/sse_lanes.h): the heels in lanes 0 and 1
// and the toes in lanes 2 and 3 (each point_in as glm's matrix-vector product, column by column,
// then transposed), the ankles after them. The same operations, so the same points, bit for bit.
void find_sole_points_pair(const FootSolve& solve, std::span<const glm::mat4> model,
                           std::array<FootOnGround, kMaxFootIkLegs>& feet) {
  using namespace sse;
  const Leg& leg0 = nth(solve.rig.legs, 0);
  const Leg& leg1 = nth(solve.rig.legs, 1);
  // glm's m * vec4(p, 1): (m[0] p.x + m[1] p.y) + (m[2] p.z + m[3]).
  auto sole_point = [](const glm::mat4& m, const glm::vec3& p) {
    const __m128 m0 = _mm_loadu_ps(&m[0].x), m1 = _mm_loadu_ps(&m[1].x);
    const __m128 m2 = _mm_loadu_ps(&m[2].x), m3 = _mm_loadu_ps(&m[3].x);
    return add(add(mul(m0, splat(p.x)), mul(m1, splat(p.y))), add(mul(m2, splat(p.z)), m3));
  };
  // Point k in register k (x, y, z, w), transposed: component c of point k in lane k of register c.
  __m128 x = sole_point(model[leg0.foot], leg0.heel_in_foot);
  __m128 y = sole_point(model[leg1.foot], leg1.heel_in_foot);
  __m128 z = sole_point(model[leg0.toes], leg0.toe_in_toes);
  __m128 w = sole_point(model[leg1.toes], leg1.toe_in_toes);
  _MM_TRANSPOSE4_PS(x, y, z, w);
  const Transform& world = solve.world;
  const Vec3 scale{splat(world.scale.x), splat(world.scale.y), splat(world.scale.z)};
  const Quat rotation{splat(world.rotation.x), splat(world.rotation.y), splat(world.rotation.z),
                      splat(world.rotation.w)};
  const Vec3 translation{splat(world.translation.x), splat(world.translation.y),
                         splat(world.translation.z)};
  // transform_point(world, p): translation + rotation * (scale * p).
  auto to_world = [&](const Vec3& p) {
    return add(translation,
               rotate(rotation, Vec3{mul(scale.x, p.x), mul(scale.y, p.y), mul(scale.z, p.z)}));
  };
  const Vec3 soles = to_world(Vec3{x, y, z});
  sse::store_lanes<0>(soles, feet[0].heel, feet[1].heel);
  sse::store_lanes<2>(soles, feet[0].toe, feet[1].toe);
  const Vec3 ankles = to_world(load(position(model[leg0.foot]), position(model[leg1.foot])));
  sse::store_lanes<0>(ankles, feet[0].ankle, feet[1].ankle);
}
#endif

// 1a (then). Foot i, its sole points found: the lock, and the ground under its moved sole points,
// written into f in place: a returned copy would load the probes, just stored as halves, as whole
// registers and stall on store forwarding.
void probe_foot(const FootSolve& solve, int i, const GroundProber& ground, FootIkState& state,
                std::span<const glm::vec3> foot_shifts, FootOnGround& f) {
  const Transform& world = solve.world;
  const float base_y = world.translation.y;  // the clip's ground plane in the world
  f.planted = !solve.contacts.empty() && nth(solve.contacts, i);
  if (as_size(i) < foot_shifts.size()) {
    const glm::vec3 moved = world.rotation * (world.scale * nth(foot_shifts, i));
    f.heel += moved;
    f.toe += moved;
    f.ankle += moved;
  }
  f.heel_lift = f.heel.y - base_y;
  f.toe_lift = f.toe.y - base_y;
  const glm::vec2 shift = update_lock(nth(state.locks, i), f.planted, f.heel_lift, f.toe_lift,
                                      f.heel, f.toe, solve.settings, solve.release_spring);
  const glm::vec3 shift3{shift.x, 0.0f, shift.y};
  f.heel += shift3;
  f.toe += shift3;
  f.ankle += shift3;
  f.heel_ground = ground.at(f.heel.x, f.heel.z);
  f.toe_ground = ground.at(f.toe.x, f.toe.z);
}

// The debug of a placed foot's contact and lock.
void write_lock_debug(FootDebug& d, const FootOnGround& f, const FootLock& lock,
                      float pivot_support_y) {
  d.locked_point = glm::vec3(lock.locked_pivot_xz.x, pivot_support_y, lock.locked_pivot_xz.y);
  d.in_contact = f.planted;
  d.locked = lock.locked;
}

// The debug of a placed foot.
void write_foot_debug(FootDebug& d, const FootOnGround& f, const FootLock& lock,
                      const glm::vec3& heel_on_ground, const glm::vec3& toe_on_ground,
                      const glm::vec3& normal, const glm::vec3& ankle_target,
                      float pivot_support_y) {
  d.heel_ground = heel_on_ground;
  d.toe_ground = toe_on_ground;
  d.ground_normal = normal;
  d.ankle_target = ankle_target;
  write_lock_debug(d, f, lock, pivot_support_y);
}

// 1b. Foot i's target: the animated foot carried from the clip's ground onto the terrain by the
//     turn from +Y to the ground normal about its pivot point.
void place_foot(FootSolve& solve, int i, const FootOnGround& f, const FootLock& lock,
                const glm::quat& foot_rotation, FootIkDebug* debug) {
  const Transform& world = solve.world;
  const float base_y = world.translation.y;
  glm::vec3 normal = kUp;
  if (solve.settings.align_to_ground) {
    normal = glm::normalize(f.heel_ground.normal + f.toe_ground.normal);
  }
  // The sole's plane {p : dot(p, normal) = support} is the ground under the pivot (the sole
  // point nearer the clip's ground), raised where the other point, at its animated lift above
  // that plane, would go below the terrain under it. On a plane both agree; across a stair's
  // edge a flat foot rests on the higher tread.
  const glm::vec3 heel_on_ground{f.heel.x, f.heel_ground.height_m, f.heel.z};
  const glm::vec3 toe_on_ground{f.toe.x, f.toe_ground.height_m, f.toe.z};
  const bool on_toe = lock.pivot_on_toe;
  const glm::vec3& pivot = on_toe ? f.toe : f.heel;
  const float support = std::max(glm::dot(on_toe ? toe_on_ground : heel_on_ground, normal),
                                 glm::dot(on_toe ? heel_on_ground : toe_on_ground, normal) -
                                     (on_toe ? f.heel_lift : f.toe_lift));
  const glm::vec3 pivot_on_clip_ground{pivot.x, base_y, pivot.z};
  const float pivot_support_y = (support - normal.x * pivot.x - normal.z * pivot.z) / normal.y;
  const glm::vec3 pivot_on_support{pivot.x, pivot_support_y, pivot.z};
  const glm::quat turn = rotation_from_up(normal);
  FootTarget& target = nth(solve.targets, i);
  target.ankle = pivot_on_support + turn * (f.ankle - pivot_on_clip_ground);
  target.rotation = turn * (world.rotation * foot_rotation);
  target.rise_m = target.ankle.y - f.ankle.y;

  if (debug) {
    write_foot_debug(nth(debug->feet, i), f, lock, heel_on_ground, toe_on_ground, normal,
                     target.ankle, pivot_support_y);
  }
}

#if defined(__SSE2__)
// place_foot for feet 0 and 1 side by side in SSE lanes (anim/sse_lanes.h, lane k = foot k):
// each lane takes place_foot's operations in their order (glm's normalize, dot, cross and
// quaternion products written out as glm writes them), so the targets are the same, bit for bit,
// and the feet's dependent square roots and divisions run as one. Returns false, having written
// nothing, where a foot's normal points (nearly) down, rotation_from_up's rare branch.
bool place_foot_pair(FootSolve& solve, const std::array<FootOnGround, kMaxFootIkLegs>& feet,
                     const std::array<FootLock, kMaxFootIkLegs>& locks,
                     const std::array<glm::quat, kMaxFootIkLegs>& foot_rotations,
                     FootIkDebug* debug) {
  using namespace sse;
  const FootOnGround& f0 = feet[0];
  const FootOnGround& f1 = feet[1];
  const Transform& world = solve.world;
  const __m128 zero = _mm_setzero_ps(), one = splat(1.0f);
  const Vec3 up{zero, one, zero};
  Vec3 normal = up;
  if (solve.settings.align_to_ground) {
    // glm::normalize: v * (1 / sqrt(dot(v, v))).
    const Vec3 sum = add(load(f0.heel_ground.normal, f1.heel_ground.normal),
                         load(f0.toe_ground.normal, f1.toe_ground.normal));
    normal = mul(sum, _mm_div_ps(one, _mm_sqrt_ps(dot(sum, sum))));
  }
  // rotation_from_up(normal): its glm::dot and glm::cross with +Y taken as written (products by
  // 0 and 1 included), so that even a zero's sign comes out the same.
  const __m128 d = dot(up, normal);
  if ((_mm_movemask_ps(_mm_cmplt_ps(d, splat(-0.999999f))) & 3) != 0) return false;
  const Quat turn = sse::normalize(quat(add(one, d), cross(up, normal)));

  const Vec3 heel = load(f0.heel, f1.heel), toe = load(f0.toe, f1.toe);
  const Vec3 heel_on_ground{
      heel.x, _mm_setr_ps(f0.heel_ground.height_m, f1.heel_ground.height_m, 0.0f, 0.0f), heel.z};
  const Vec3 toe_on_ground{
      toe.x, _mm_setr_ps(f0.toe_ground.height_m, f1.toe_ground.height_m, 0.0f, 0.0f), toe.z};
  const __m128 on_toe = _mm_castsi128_ps(
      _mm_setr_epi32(locks[0].pivot_on_toe ? -1 : 0, locks[1].pivot_on_toe ? -1 : 0, 0, 0));
  const Vec3 pivot = select(on_toe, toe, heel);
  const __m128 other_lift = select(on_toe, _mm_setr_ps(f0.heel_lift, f1.heel_lift, 0.0f, 0.0f),
                                   _mm_setr_ps(f0.toe_lift, f1.toe_lift, 0.0f, 0.0f));
  const __m128 pivot_support = dot(select(on_toe, toe_on_ground, heel_on_ground), normal);
  const __m128 other_support =
      sub(dot(select(on_toe, heel_on_ground, toe_on_ground), normal), other_lift);
  // std::max(a, b): a < b ? b : a.
  const __m128 support =
      select(_mm_cmplt_ps(pivot_support, other_support), other_support, pivot_support);
  const __m128 pivot_support_y =
      _mm_div_ps(sub(sub(support, mul(normal.x, pivot.x)), mul(normal.z, pivot.z)), normal.y);
  // The ground's debug written as soon as it is known, so that its registers are free for what
  // follows rather than kept (or spilled) to the end.
  if (debug) {
    FootDebug& d0 = debug->feet[0];
    FootDebug& d1 = debug->feet[1];
    sse::store_lanes<0>(heel_on_ground, d0.heel_ground, d1.heel_ground);
    sse::store_lanes<0>(toe_on_ground, d0.toe_ground, d1.toe_ground);
    sse::store_lanes<0>(normal, d0.ground_normal, d1.ground_normal);
    write_lock_debug(d0, f0, locks[0], _mm_cvtss_f32(pivot_support_y));
    write_lock_debug(d1, f1, locks[1], _mm_cvtss_f32(lanes_of<1, 1, 1, 1>(pivot_support_y)));
  }
  const Vec3 pivot_on_clip_ground{pivot.x, splat(world.translation.y), pivot.z};
  const Vec3 pivot_on_support{pivot.x, pivot_support_y, pivot.z};
  const Vec3 ankle = load(f0.ankle, f1.ankle);
  const Vec3 target_ankle = add(pivot_on_support, rotate(turn, sub(ankle, pivot_on_clip_ground)));
  const Quat world_rotation{splat(world.rotation.x), splat(world.rotation.y),
                            splat(world.rotation.z), splat(world.rotation.w)};
  const Quat target_rotation =
      product(turn, product(world_rotation, load(foot_rotations[0], foot_rotations[1])));
  const __m128 rise = sub(target_ankle.y, ankle.y);

  FootTarget& target0 = solve.targets[0];
  FootTarget& target1 = solve.targets[1];
  sse::store_lanes<0>(target_ankle, target0.ankle, target1.ankle);
  sse::store_lanes01(target_rotation, target0.rotation, target1.rotation);
  // The rises, which the pelvis's spring waits on, taken from the register rather than through
  // a store and its load.
  target0.rise_m = _mm_cvtss_f32(rise);
  target1.rise_m = _mm_cvtss_f32(lanes_of<1, 1, 1, 1>(rise));
  if (debug)
    sse::store_lanes<0>(target_ankle, debug->feet[0].ankle_target, debug->feet[1].ankle_target);
  return true;
}
#endif

// 2. The spring of one group (the pelvis's, or a quadruped's chest's) toward its rise (a biped's
//    lowest foot, a quadruped's ground line under the group's hips), capped by what its legs
//    can reach exactly (headroom: each leg's, from FootSolve::headrooms). Returns the new offset
//    as well: the pelvis's move takes it from a register, not back from its store.
float follow_ground(const FootSolve& solve, bool chest_group, float rise, bool started,
                    const std::array<float, kMaxFootIkLegs>& headroom, float& offset,
                    float& velocity) {
  float goal = 1e30f;
  if (solve.has_chest) goal = rise;
  for (int i = 0; i < solve.legs() && !solve.has_chest; ++i) {
    goal = std::min(goal, nth(solve.targets, i).rise_m);
  }
  if (!std::isfinite(goal) || goal > 1e29f) goal = 0.0f;
  for (int i = 0; i < solve.legs(); ++i) {
    if (solve.carried_by_chest(i) != chest_group || solve.lowers_its_hips(i)) continue;
    goal = std::min(goal, nth(headroom, i));
  }
  // Stepped in locals, written once: the references may alias, so each write would otherwise be
  // read back.
  float value = goal;
  float speed = 0.0f;
  if (started) {
    value = offset;
    speed = velocity;
    spring_toward(value, speed, goal, solve.pelvis_spring);
  }
  for (int i = 0; i < solve.legs(); ++i) {
    if (solve.carried_by_chest(i) != chest_group || !solve.lowers_its_hips(i)) continue;
    const float highest = nth(headroom, i);
    if (value > highest) {
      value = highest;
      speed = std::min(speed, 0.0f);
    }
  }
  offset = value;
  velocity = speed;
  return value;
}

// 3. Move the pelvis down (or up) in world space, expressed in its parent's space; the chest
//    rises or sinks by the rest: the spine turns about its base so the front hips move by that
//    much vertically. pelvis_offset_m is state.pelvis_offset_m.
JobResult move_body(const FootSolve& solve, const FootIkState& state, float pelvis_offset_m,
                    std::span<Transform> local, std::span<glm::mat4> model) {
  const Skeleton& skeleton = solve.skeleton;
  const FootIkRig& rig = solve.rig;
  const float world_scale = solve.world.scale.y;
  // The drop in model units: x / 1 is x, bit for bit, so a world of unit scale (the usual) does
  // without the division that would otherwise delay the legs' IK, which waits on this offset.
  const float drop_world = solve.weight * pelvis_offset_m;
  const float drop_model = world_scale == 1.0f ? drop_world : drop_world / world_scale;
  // World rotations are unit (as anim::inverse takes them): the conjugate inverts them, without
  // glm::inverse's four divisions.
  const glm::vec3 offset_model =
      glm::conjugate(solve.world.rotation) * glm::vec3(0.0f, drop_model, 0.0f);
  const int parent = skeleton.parents[rig.pelvis];
  const glm::vec3 offset_parent =
      parent == kNoParent ? offset_model : glm::inverse(glm::mat3(model[parent])) * offset_model;
  local[rig.pelvis].translation += offset_parent;
  // A change of the pelvis's translation alone moves it and everything below it by the offset.
  const auto move = [&](std::size_t j) { model[j][3] += glm::vec4(offset_model, 0.0f); };
  if (solve.bound && rig.binding.pelvis_subtree_end >= 0) {
    // Four joints a step: a joint's move is three instructions, the loop's own count three more.
#pragma GCC unroll 4
    for (std::size_t j = as_size(rig.pelvis); j < as_size(rig.binding.pelvis_subtree_end); ++j) {
      move(j);
    }
  } else {
    for_each_in_subtree(skeleton, rig.pelvis, move);
  }
  if (!solve.has_chest) return JobResult::ok();
  const auto carried = [&](int i) { return solve.carried_by_chest(i); };
  turn_spine(skeleton, rig, carried,
             solve.weight * (state.chest_offset_m - state.pelvis_offset_m) / world_scale, model,
             local);
  if (const JobResult r = local_to_model(skeleton, local, model); !r) return r;
  // The turn also moves the front hips along the ground, which can leave a foot just out of
  // exact reach: lower the chest by what is missing (twice converges well within a millimetre).
  for (int pass = 0; pass < 2 && solve.weight > 0.0f; ++pass) {
    float missing = 0.0f;
    for (int i = 0; i < solve.legs(); ++i) {
      if (!solve.carried_by_chest(i) || !solve.lowers_its_hips(i)) continue;
      missing = std::min(missing, solve.headroom(i, model));
    }
    if (missing >= 0.0f) break;
    turn_spine(skeleton, rig, carried, solve.weight * missing / world_scale, model, local);
    if (const JobResult r = local_to_model(skeleton, local, model); !r) return r;
  }
  return JobResult::ok();
}

// The model rotations of the feet (step 1b) and, for two legs without a chest, of the thighs'
// parents (step 4, which they reach unturned: moving the pelvis alone only moves them), read in
// one model_rotations.
struct LegRotations {
  std::array<glm::quat, kMaxFootIkLegs> feet;
  bool hips_read = false;
  std::array<glm::quat, 2> hips;
};

LegRotations read_leg_rotations(const FootSolve& solve, std::span<const glm::mat4> model) {
  const std::vector<Leg>& legs = solve.rig.legs;
  LegRotations r;
  r.hips_read = legs.size() == 2 && !solve.has_chest;
  std::array<int, 4> joints;
  for (std::size_t k = 0; k < joints.size(); ++k) {
    joints[k] = k < legs.size() ? legs[k].foot
                : r.hips_read   ? solve.skeleton.parents[legs[k - 2].thigh]
                                : kNoParent;
  }
  const std::array<glm::quat, 4> read = model_rotations(model, joints);
  // Copied whole (past the legs, entries no one reads): a copy of as many as there are legs is
  // a call to memcpy.
  r.feet = read;
  r.hips = {read[2], read[3]};
  return r;
}

// The goal of leg i's two-bone IK: its foot's target, the knee kept on the side it is
// animated on (a straight leg bends toward knee_forward).
TwoBoneIkGoal leg_goal(const FootSolve& solve, int i, const Transform& model_from_world,
                       std::span<const glm::mat4> model) {
  const Leg& leg = nth(solve.rig.legs, i);
  const FootTarget& target = nth(solve.targets, i);
  TwoBoneIkGoal goal;
  const glm::vec3 hip = position(model[leg.thigh]);
  const glm::vec3 ankle = ankle_of_calf(leg, model);
#if defined(__SSE2__)
  // The expressions below, a vector or quaternion to a register: the same values, bit for bit.
  using namespace sse;
  const __m128 hip_v = load_vec3(hip), ankle_v = load_vec3(ankle);
  // model_from_world's rotation, the world's conjugated (as anim::inverse makes it), taken from the
  // world: a load of the inverse's, just stored in parts, would wait for them to reach the cache.
  const __m128 to_model = conjugate(load_quat(solve.world.rotation));
  store_vec3(_mm_add_ps(load_vec3(model_from_world.translation),
                        rotate(to_model, _mm_mul_ps(load_vec3(model_from_world.scale),
                                                    load_vec3(target.ankle)))),
             goal.target);
  // glm::length: the square root of (x x + y y) + z z.
  const __m128 across = _mm_sub_ps(ankle_v, hip_v);
  const __m128 squares = _mm_mul_ps(across, across);
  const __m128 length = _mm_sqrt_ss(_mm_add_ss(_mm_add_ss(squares, lanes_of<1, 1, 1, 1>(squares)),
                                               lanes_of<2, 2, 2, 2>(squares)));
  const __m128 knee_reach = lanes_of<0, 0, 0, 0>(_mm_mul_ss(_mm_set_ss(1e-3f), length));
  store_vec3(_mm_add_ps(_mm_sub_ps(load_vec3(position(model[leg.calf])),
                                   _mm_mul_ps(_mm_set1_ps(0.5f), _mm_add_ps(hip_v, ankle_v))),
                        _mm_mul_ps(knee_reach, load_vec3(leg.knee_forward))),
             goal.pole);
  _mm_storeu_ps(&goal.end_rotation.x, product(to_model, load_quat(target.rotation)));
#else
  goal.target = transform_point(model_from_world, target.ankle);
  goal.pole = position(model[leg.calf]) - 0.5f * (hip + ankle) +
              1e-3f * glm::length(ankle - hip) * leg.knee_forward;
  goal.end_rotation = glm::conjugate(solve.world.rotation) * target.rotation;
#endif
  goal.position_weight = solve.weight;
  goal.rotation_weight = solve.weight;
  goal.soft_fraction = solve.soft_fraction;
  return goal;
}

// 4. Two-bone IK per leg. An attached foot's IK turns its thigh, calf and foot: the joints below
//    the thigh alone need new matrices. Attached legs are solved two at a time (the same
//    results, in less time: see solve_two_bone_ik_pair).
JobResult solve_legs(const FootSolve& solve, const LegRotations& rotations,
                     std::span<Transform> local, std::span<glm::mat4> model, FootIkDebug* debug) {
  const Skeleton& skeleton = solve.skeleton;
  const int legs = solve.legs();
  const Transform model_from_world = inverse(solve.world);
  bool all_attached = true;
  for (const Leg& leg : solve.rig.legs) all_attached = all_attached && leg.foot_attached;
  // Goals read model, which the IK does not change (it writes local): each is made where it is
  // used. Of the solutions the debug view keeps whether the target was reached.
  auto goal = [&](int i) { return leg_goal(solve, i, model_from_world, model); };
  auto joints = [&](int i) {
    const Leg& leg = nth(solve.rig.legs, i);
    return TwoBoneIkJoints{leg.thigh, leg.calf, leg.foot};
  };
  std::array<bool, kMaxFootIkLegs> reached{};
  int i = 0;
  // The solve's inputs were checked before it began, the attached legs' chains with them.
  for (; all_attached && i + 1 < legs; i += 2) {
    const std::array<bool, 2> pair_reached = apply_validated_two_bone_ik_pair(
        skeleton, model, local, {joints(i), joints(i + 1)}, {goal(i), goal(i + 1)},
        rotations.hips_read ? &rotations.hips : nullptr);
    nth(reached, i) = pair_reached[0];
    nth(reached, i + 1) = pair_reached[1];
  }
  for (; i < legs; ++i) {
    TwoBoneIkSolution solution;
    if (!nth(solve.rig.legs, i).foot_attached) {
      solution = place_detached_foot(skeleton, nth(solve.rig.legs, i), goal(i), model, local);
    } else if (const JobResult r =
                   apply_two_bone_ik(skeleton, model, local, joints(i), goal(i), &solution);
               !r) {
      return r;
    }
    nth(reached, i) = solution.reached;
  }
  for (int leg = 0; debug && leg < legs; ++leg) nth(debug->feet, leg).reached = nth(reached, leg);
  if (!all_attached) return local_to_model(skeleton, local, model);
  for (int k = 0; k < legs; ++k) {
    const int thigh = nth(solve.rig.legs, k).thigh;
    const int end = solve.bound ? nth(solve.rig.binding.thigh_subtree_ends, k) : -1;
    if (const JobResult r = end >= 0 ? local_to_model_range(skeleton, local, thigh, end, model)
                                     : local_to_model_below(skeleton, local, thigh, model);
        !r) {
      return r;
    }
  }
  return JobResult::ok();
}

// The solve, from model holding the model pose of local.
JobResult solve_from_model(const Skeleton& skeleton, const FootIkRig& rig, bool bound,
                           const FootIkSettings& settings, const GroundProber& ground,
                           const Transform& world_from_model, std::span<const bool> contacts,
                           float dt_s, FootIkState& state, std::span<Transform> local,
                           std::span<glm::mat4> model, std::span<const glm::vec3> foot_shifts,
                           FootIkDebug* debug) {
  FootSolve solve{skeleton, rig, settings, world_from_model, contacts, dt_s};
  solve.weight = std::clamp(settings.weight, 0.0f, 1.0f);
  solve.soft_fraction = std::clamp(settings.soft_fraction, 0.0f, 0.5f);
  solve.has_chest = rig.chest >= 0 && rig.spine_base >= 0;
  solve.bound = bound;
  if (debug) debug->leg_count = solve.legs();
  // Step 1a for every foot, then 1b: the feet's dependent probes and divisions run side by side.
  // A biped's two feet go side by side in lanes where the processor has them.
  std::array<FootOnGround, kMaxFootIkLegs> feet;
  bool found = false;
#if defined(__SSE2__)
  if (solve.legs() == 2) {
    find_sole_points_pair(solve, model, feet);
    found = true;
  }
#endif
  for (int i = 0; i < solve.legs() && !found; ++i) find_sole_points(solve, i, model, nth(feet, i));
#if defined(__SSE2__)
  solve.measure_hip_reaches(model);
#endif
  for (int i = 0; i < solve.legs(); ++i) {
    probe_foot(solve, i, ground, state, foot_shifts, nth(feet, i));
  }
  const LegRotations rotations = read_leg_rotations(solve, model);
  bool placed = false;
#if defined(__SSE2__)
  placed = solve.legs() == 2 && place_foot_pair(solve, feet, state.locks, rotations.feet, debug);
#endif
  for (int i = 0; i < solve.legs() && !placed; ++i) {
    place_foot(solve, i, nth(feet, i), nth(state.locks, i), nth(rotations.feet, i), debug);
  }
  // The pelvis follows the lower foot (smoothed), but never stays so high that a leg cannot
  // reach its target exactly. With a chest, the pelvis follows the ground under the hind hips
  // and the chest that under the front ones, each with its own spring.
  const std::array<float, 2> rises =
      solve.has_chest ? body_rises(rig, std::span(solve.targets).first(rig.legs.size()), model,
                                   world_from_model)
                      : std::array<float, 2>{};
  std::array<float, kMaxFootIkLegs> headroom;  // each leg's written before it is read
  solve.headrooms(model, headroom);
  const float pelvis_offset_m = follow_ground(solve, false, rises[0], state.started, headroom,
                                              state.pelvis_offset_m, state.pelvis_velocity);
  if (solve.has_chest) {
    follow_ground(solve, true, rises[1], state.started, headroom, state.chest_offset_m,
                  state.chest_velocity);
  }
  state.started = true;
  if (debug) debug->pelvis_offset_m = solve.weight * pelvis_offset_m;
  if (JobResult r = move_body(solve, state, pelvis_offset_m, local, model); !r) return r;
  return solve_legs(solve, rotations, local, model, debug);
}

}  // namespace

JobResult solve_foot_ik(const Skeleton& skeleton, const FootIkRig& rig,
                        const FootIkSettings& settings, const Terrain& terrain,
                        const Transform& world_from_model, std::span<const bool> contacts,
                        float dt_s, FootIkState& state, std::span<Transform> local,
                        std::span<glm::mat4> model, FootIkDebug* debug) {
  const bool bound = binding_holds(skeleton, rig);
  if (JobResult r = check_foot_ik_inputs(skeleton, rig, bound, world_from_model, contacts, dt_s,
                                         local, model);
      !r) {
    return r;
  }
  if (JobResult r = local_to_model(skeleton, local, model); !r) return r;
  return solve_from_model(skeleton, rig, bound, settings, GroundProber(terrain), world_from_model,
                          contacts, dt_s, state, local, model, {}, debug);
}

JobResult solve_foot_ik_on_model(const Skeleton& skeleton, const FootIkRig& rig,
                                 const FootIkSettings& settings, const GroundProber& ground,
                                 const Transform& world_from_model, std::span<const bool> contacts,
                                 float dt_s, FootIkState& state, std::span<Transform> local,
                                 std::span<glm::mat4> model, std::span<const glm::vec3> foot_shifts,
                                 FootIkDebug* debug) {
  const bool bound = binding_holds(skeleton, rig);
  if (JobResult r = check_foot_ik_inputs(skeleton, rig, bound, world_from_model, contacts, dt_s,
                                         local, model);
      !r) {
    return r;
  }
  if (!foot_shifts.empty() && foot_shifts.size() != rig.legs.size()) {
    return JobResult::fail("foot IK: foot_shifts is neither empty nor one per leg");
  }
  return solve_from_model(skeleton, rig, bound, settings, ground, world_from_model, contacts, dt_s,
                          state, local, model, foot_shifts, debug);
}

}  // namespace anim
