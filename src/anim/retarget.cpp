#include "anim/retarget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/retarget_geometry.h"
#include "anim/root_motion.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

// Where a leg's ankle is: its foot joint, or for a foot hanging from elsewhere, the point in the
// calf where the foot rests.
glm::vec3 ankle_of(const Leg& leg, std::span<const glm::mat4> model) {
  if (leg.foot_attached) return position(nth(model, leg.foot));
  return glm::vec3(nth(model, leg.calf) * glm::vec4(leg.ankle_in_calf, 1.0f));
}

// Moves a target limb's end (model space) to goal with two-bone IK, keeping the end's model
// rotation. A detached end (a foot hanging from the root) is solved on the point where it rests
// in the mid joint's space and then placed there itself. Fails when the limb's joints are not a
// chain of the skeleton.
JobResult reach(const RetargetMap& map, const Limb& limb, const Leg* leg, glm::vec3 goal,
                float weight, std::span<glm::mat4> model, std::span<Transform> local) {
  const Skeleton& skeleton = map.target;
  const auto root = as_size(limb.joints[0]);
  const auto mid = as_size(limb.joints[1]);
  const auto end = as_size(limb.joints[2]);
  const glm::vec3 hip = position(model[root]);
  const glm::vec3 ankle = limb.end_attached || leg == nullptr
                              ? position(model[end])
                              : glm::vec3(model[mid] * glm::vec4(leg->ankle_in_calf, 1.0f));
  TwoBoneIkGoal ik;
  ik.target = goal;
  // The knee or elbow keeps the side it is animated on.
  ik.pole = position(model[mid]) - 0.5f * (hip + ankle);
  ik.position_weight = weight;
  ik.end_rotation = model_rotation(model[end]);
  ik.rotation_weight = weight;
  if (limb.end_attached) {
    return apply_two_bone_ik(skeleton, model, local,
                             {limb.joints[0], limb.joints[1], limb.joints[2]}, ik);
  }
  if (leg == nullptr) return JobResult::ok();
  const TwoBoneIkSolution s = solve_two_bone_ik(hip, position(model[mid]), ankle, ik);
  const glm::quat root_model = s.root_delta * model_rotation(model[root]);
  local[root].rotation =
      glm::normalize(glm::inverse(parent_rotation(skeleton, model, limb.joints[0])) * root_model);
  const glm::quat mid_parent = s.root_delta * parent_rotation(skeleton, model, limb.joints[1]);
  const glm::quat mid_model = s.root_delta * s.mid_delta * model_rotation(model[mid]);
  local[mid].rotation = glm::normalize(glm::inverse(mid_parent) * mid_model);
  // The detached end hangs from a joint the solve did not move.
  const glm::mat4 end_parent = parent_matrix(skeleton, model, limb.joints[2]);
  local[end].translation = glm::vec3(glm::inverse(end_parent) * glm::vec4(s.end, 1.0f));
  return JobResult::ok();
}

// Puts each foot that hangs from elsewhere (RobotExpressive's, from the root) where its shin's
// ankle point is, and brings target_model up to date when one moved.
JobResult hang_detached_feet(const RetargetMap& map, std::span<Transform> target_local,
                             std::span<glm::mat4> target_model) {
  bool moved = false;
  for (const RetargetChain& chain : map.chains) {
    const Limb& tl = nth(map.target_rig.limbs, chain.target_limb);
    if (tl.end_attached || chain.target_leg < 0) continue;
    const Leg& leg = nth(map.target_legs.legs, chain.target_leg);
    const glm::mat4 parent = parent_matrix(map.target, target_model, leg.foot);
    nth(target_local, leg.foot).translation =
        glm::vec3(glm::inverse(parent) * glm::vec4(ankle_of(leg, target_model), 1.0f));
    moved = true;
  }
  return moved ? local_to_model(map.target, target_local, target_model) : JobResult::ok();
}

// Where a leg's ankle must go for its foot to stand where the source's planted foot stands (see
// RetargetContact), and the IK's weight. False when the leg is not solved this frame.
bool leg_goal(const RetargetMap& map, const RetargetChain& chain,
              std::span<const RetargetContact> contacts, std::span<const glm::mat4> source_model,
              std::span<const glm::mat4> target_model, float& weight, glm::vec3& goal) {
  if (chain.target_leg < 0 || chain.source_leg < 0 || chain.mode == ChainMode::Rotation) {
    return false;
  }
  const auto index = as_size(chain.target_leg);
  weight = 1.0f;
  if (chain.mode == ChainMode::KeepContacts) {
    weight = contacts.empty() ? 0.0f : std::clamp(contacts[index].weight, 0.0f, 1.0f);
  }
  if (weight <= 0.0f) return false;
  const Leg& sleg = nth(map.source_legs.legs, chain.source_leg);
  const Leg& tleg = map.target_legs.legs[index];
  const glm::vec3 sheel = heel_point(sleg, source_model);
  const glm::vec3 stoe = toe_point(sleg, source_model);
  // The foot pivots on its lower sole point, as a planted foot does.
  const bool on_toe = stoe.y < sheel.y;
  const glm::vec3 shift = contacts.empty() ? glm::vec3(0.0f)
                          : on_toe         ? contacts[index].toe_offset
                                           : contacts[index].heel_offset;
  const glm::vec3 wanted =
      map.scale * (glm::inverse(map.target_to_source) * (on_toe ? stoe : sheel)) + shift;
  // Across the ground the pivot goes where the source's is; up and down, the target's lower sole
  // point (where a toe point sits below a bending toes joint, the other one can be the lower).
  const glm::vec3 theel = heel_point(tleg, target_model);
  const glm::vec3 ttoe = toe_point(tleg, target_model);
  glm::vec3 now = on_toe ? ttoe : theel;
  now.y = std::min(theel.y, ttoe.y);
  const glm::vec3 offset = wanted - now;
  if (glm::length(offset) < 1e-6f * map.target_leg_length_m) return false;
  // The foot joint itself moves by the offset: a foot hanging from the root is placed where the
  // solve puts the ankle, and it does not follow the calf's ankle point when the pelvis drops.
  goal = position(nth(target_model, tleg.foot)) + offset;
  return true;
}

// No foot goes through the floor. A pelvis lowered so that a planted foot far across can be
// reached carries the swinging leg down with it, and a body with shorter legs for its hips swings
// its feet lower than the source's: each leg whose lowest sole point is below the ground (or below
// the scaled source's, where the source's own foot sinks) is lifted straight up onto it by IK.
JobResult keep_feet_above_floor(const RetargetMap& map, std::span<const glm::mat4> source_model,
                                std::span<Transform> target_local,
                                std::span<glm::mat4> target_model) {
  for (const RetargetChain& chain : map.chains) {
    const Limb& tl = nth(map.target_rig.limbs, chain.target_limb);
    if (chain.mode == ChainMode::Rotation || tl.role != LimbRole::Leg || tl.joints.size() < 3 ||
        chain.target_leg < 0 || chain.source_leg < 0) {
      continue;
    }
    const Leg& sleg = nth(map.source_legs.legs, chain.source_leg);
    const Leg& tleg = nth(map.target_legs.legs, chain.target_leg);
    const float source_low =
        std::min(heel_point(sleg, source_model).y, toe_point(sleg, source_model).y);
    const float floor = std::min(0.0f, map.scale * source_low);
    const float low = std::min(heel_point(tleg, target_model).y, toe_point(tleg, target_model).y);
    if (!(low < floor - 1e-5f * map.target_leg_length_m)) continue;
    const glm::vec3 goal =
        position(nth(target_model, tleg.foot)) + glm::vec3(0.0f, floor - low, 0.0f);
    if (const JobResult r = reach(map, tl, &tleg, goal, 1.0f, target_model, target_local); !r) {
      return r;
    }
    if (const JobResult r = local_to_model(map.target, target_local, target_model); !r) return r;
  }
  return JobResult::ok();
}

// The checks retarget_pose makes of its inputs before touching them.
JobResult check_pose_inputs(const RetargetMap& map, std::span<const Transform> source_local,
                            std::span<const RetargetContact> contacts,
                            std::span<const glm::mat4> source_model,
                            std::span<const Transform> target_local,
                            std::span<const glm::mat4> target_model) {
  const std::size_t sn = as_size(map.source.joint_count());
  const std::size_t tn = as_size(map.target.joint_count());
  if (map.joints.empty() || map.joints.size() != tn)
    return JobResult::fail("retarget map is empty");
  if (source_local.size() != sn || source_model.size() != sn) {
    return JobResult::fail("source pose is not the source skeleton's size");
  }
  if (target_local.size() != tn || target_model.size() != tn) {
    return JobResult::fail("target pose is not the target skeleton's size");
  }
  if (!contacts.empty() && contacts.size() != map.target_legs.legs.size()) {
    return JobResult::fail("contacts are not one per target leg");
  }
  for (const RetargetContact& c : contacts) {
    const glm::vec3 both = c.heel_offset + c.toe_offset;
    if (!std::isfinite(c.weight) || !finite(both))
      return JobResult::fail("a contact is not finite");
  }
  return JobResult::ok();
}

// A source joint's model rotation as a delta from its reference pose.
struct SourceDeltas {
  const RetargetMap& map;
  std::span<const glm::mat4> source_model;
  glm::quat operator()(int s) const {
    const auto i = as_size(s);
    return model_rotation(source_model[i]) * map.source_reference_inverse[i];
  }
};

// Where the target's pelvis and the carrier of its feet go this frame.
struct BodyPlacement {
  int source_pelvis = -1;
  glm::vec3 pelvis_at{0.0f};
  glm::mat4 carrier_model{1.0f};
};

// The pelvis goes across the ground scaled, up and down scaled from where each stands in its
// rest pose. The carrier of feet that hang outside the pelvis takes the pelvis's ground travel
// and heading, moved from the pelvis's rest frame to where it is now.
BodyPlacement place_body(const RetargetMap& map, std::span<const glm::mat4> source_model,
                         const SourceDeltas& delta) {
  const glm::quat to_source = map.target_to_source;
  const glm::quat to_target = glm::inverse(to_source);
  const int pelvis_joint = map.target_rig.pelvis;
  BodyPlacement body;
  body.source_pelvis = nth(map.joints, pelvis_joint).source_a;
  if (body.source_pelvis < 0) return body;
  const glm::vec3 from = position(nth(source_model, body.source_pelvis));
  body.pelvis_at = map.scale * (to_target * from);
  body.pelvis_at.y = map.target_pelvis_height_m + map.scale * (from.y - map.source_pelvis_height_m);
  if (map.target_carrier < 0) return body;
  const auto pelvis = as_size(pelvis_joint);
  const glm::quat reference = map.target_reference[pelvis];
  const glm::quat now = to_target * delta(body.source_pelvis) * to_source * reference;
  body.carrier_model = ground_frame(body.pelvis_at, now, reference) * map.carrier_on_ground;
  if (map.carrier_follows_source) {
    // Where its source joint is from the source's pelvis, scaled, turned as that joint turns.
    const auto carrier = as_size(map.target_carrier);
    const int counterpart = map.joints[carrier].source_a;
    const glm::vec3 from_pelvis =
        position(nth(source_model, counterpart)) - position(nth(source_model, body.source_pelvis));
    body.carrier_model =
        glm::mat4_cast(to_target * delta(counterpart) * to_source * map.target_reference[carrier]);
    body.carrier_model[3] = glm::vec4(body.pelvis_at + map.scale * (to_target * from_pelvis), 1.0f);
  }
  return body;
}

// Rotations as deltas from the reference, parent first; the pelvis's path scaled.
void rotate_joints(const RetargetMap& map, std::span<const Transform> source_local,
                   const SourceDeltas& delta, const BodyPlacement& body,
                   std::span<Transform> target_local, std::span<glm::mat4> target_model) {
  const glm::quat to_source = map.target_to_source;
  const glm::quat to_target = glm::inverse(to_source);
  for (std::size_t t = 0; t < target_local.size(); ++t) {
    const RetargetJoint& j = map.joints[t];
    const Transform& rest = map.target.rest_pose[t];
    Transform out = rest;
    const int p = map.target.parents[t];
    const glm::mat4 parent = p < 0 ? glm::mat4(1.0f) : nth(target_model, p);
    if (static_cast<int>(t) == map.target_carrier && body.source_pelvis >= 0) {
      out = from_matrix(glm::inverse(parent) * body.carrier_model);
      if (map.carrier_follows_source) out.scale = rest.scale;  // its model matrix has none
    } else if (j.source_a >= 0) {
      glm::quat d = delta(j.source_a);
      if (j.source_b != j.source_a && j.weight_b > 0.0f)
        d = nlerp(d, delta(j.source_b), j.weight_b);
      const auto s = as_size(j.source_a);
      if (j.mirrored) {
        out.rotation =
            glm::normalize(rest.rotation * glm::inverse(map.source.rest_pose[s].rotation) *
                           source_local[s].rotation);
      } else {
        const glm::quat model_rot = to_target * d * to_source * map.target_reference[t];
        const glm::quat parent_rot =
            p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model_rotation(parent);
        out.rotation = glm::normalize(glm::inverse(parent_rot) * model_rot);
      }
      if (static_cast<int>(t) == map.target_rig.pelvis) {
        out.translation = glm::vec3(glm::inverse(parent) * glm::vec4(body.pelvis_at, 1.0f));
      } else if (j.carry_translation) {
        const Transform& source_rest = map.source.rest_pose[s];
        out.translation =
            rest.translation + map.scale * (source_local[s].translation - source_rest.translation);
        out.scale = rest.scale * source_local[s].scale / source_rest.scale;
      }
    }
    target_local[t] = out;
    target_model[t] = parent * to_matrix(out);
  }
}

// A target whose legs are shorter for its hips than the source's cannot reach the planted feet
// from where the pelvis was scaled to: lower the pelvis until every planted foot is within reach
// (or no farther than its animated leg already stretches).
JobResult lower_pelvis_to_reach(const RetargetMap& map, std::span<const RetargetContact> contacts,
                                std::span<const glm::mat4> source_model,
                                std::span<Transform> target_local,
                                std::span<glm::mat4> target_model) {
  float drop = 0.0f;
  for (const RetargetChain& chain : map.chains) {
    float weight = 0.0f;
    glm::vec3 goal{0.0f};
    if (!leg_goal(map, chain, contacts, source_model, target_model, weight, goal)) continue;
    const Leg& leg = nth(map.target_legs.legs, chain.target_leg);
    const glm::vec3 hip = position(nth(target_model, leg.thigh));
    const glm::vec3 knee = position(nth(target_model, leg.calf));
    const glm::vec3 ankle = ankle_of(leg, target_model);
    const float reach_max = std::max(0.995f * (glm::length(knee - hip) + glm::length(ankle - knee)),
                                     glm::length(ankle - hip));
    const float across = glm::length(glm::vec2(goal.x - hip.x, goal.z - hip.z));
    const float down = std::sqrt(std::max(reach_max * reach_max - across * across, 0.0f));
    drop = std::max(drop, weight * ((hip.y - goal.y) - down));
  }
  const int pelvis = map.target_rig.pelvis;
  if (drop <= 0.0f || pelvis < 0) return JobResult::ok();
  const glm::mat4 parent = parent_matrix(map.target, target_model, pelvis);
  glm::vec3 at = position(nth(target_model, pelvis));
  at.y -= drop;
  nth(target_local, pelvis).translation = glm::vec3(glm::inverse(parent) * glm::vec4(at, 1.0f));
  if (const JobResult r = local_to_model(map.target, target_local, target_model); !r) return r;
  // The drop carries the shins down but not a foot hanging from the root: every foot, planted
  // or swinging, goes back under its shin (a planted one's goal is measured from there).
  return hang_detached_feet(map, target_local, target_model);
}

// IK: planted feet where the source's soles are (scaled about the origin); chains that follow
// the source's positions, on every frame.
JobResult solve_chains(const RetargetMap& map, std::span<const RetargetContact> contacts,
                       std::span<const glm::mat4> source_model, std::span<Transform> target_local,
                       std::span<glm::mat4> target_model) {
  const glm::quat to_target = glm::inverse(map.target_to_source);
  for (const RetargetChain& chain : map.chains) {
    const Limb& tl = nth(map.target_rig.limbs, chain.target_limb);
    const Limb& sl = nth(map.source_rig.limbs, chain.source_limb);
    if (chain.mode == ChainMode::Rotation || tl.joints.size() < 3 || sl.joints.size() < 3) continue;
    if (tl.role == LimbRole::Leg) {
      float weight = 0.0f;
      glm::vec3 goal{0.0f};
      if (!leg_goal(map, chain, contacts, source_model, target_model, weight, goal)) continue;
      const Leg& tleg = nth(map.target_legs.legs, chain.target_leg);
      if (const JobResult r = reach(map, tl, &tleg, goal, weight, target_model, target_local); !r) {
        return r;
      }
    } else {
      // An arm's end follows the source's, relative to the limb's root, scaled by the limbs'
      // lengths.
      const glm::vec3 source_reach =
          position(nth(source_model, sl.joints[2])) - position(nth(source_model, sl.joints[0]));
      const glm::vec3 goal = position(nth(target_model, tl.joints[0])) +
                             chain.length_ratio * (to_target * source_reach);
      if (const JobResult r = reach(map, tl, nullptr, goal, 1.0f, target_model, target_local); !r) {
        return r;
      }
    }
    // The next chain reads model positions: bring them up to date.
    if (const JobResult r = local_to_model(map.target, target_local, target_model); !r) return r;
  }
  return JobResult::ok();
}

}  // namespace

JobResult retarget_pose(const RetargetMap& map, std::span<const Transform> source_local,
                        std::span<const RetargetContact> contacts,
                        std::span<glm::mat4> source_model, std::span<Transform> target_local,
                        std::span<glm::mat4> target_model) {
  if (const JobResult r =
          check_pose_inputs(map, source_local, contacts, source_model, target_local, target_model);
      !r) {
    return r;
  }
  if (const JobResult r = local_to_model(map.source, source_local, source_model); !r) return r;
  const SourceDeltas delta{map, source_model};
  const BodyPlacement body = place_body(map, source_model, delta);
  rotate_joints(map, source_local, delta, body, target_local, target_model);
  if (const JobResult r = hang_detached_feet(map, target_local, target_model); !r) return r;
  if (const JobResult r =
          lower_pelvis_to_reach(map, contacts, source_model, target_local, target_model);
      !r) {
    return r;
  }
  if (const JobResult r = solve_chains(map, contacts, source_model, target_local, target_model);
      !r) {
    return r;
  }
  return keep_feet_above_floor(map, source_model, target_local, target_model);
}

Clip with_source_contacts(const RetargetMap& map, const Clip& clip) {
  const auto& legs = map.source_legs.legs;
  Clip out = clip;
  for (std::size_t i = 0; i < legs.size(); ++i) {
    if (has_contact_markers(clip, leg_contact_name(legs, i))) return out;
  }
  for (Marker& m : detect_foot_contact_markers(map.source, clip, legs)) {
    out.markers.push_back(std::move(m));
  }
  return out;
}
}  // namespace anim
