#include "anim/retarget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/root_motion.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

// The shortest rotation taking unit vector a onto unit vector b (identity when they agree, so
// a skeleton aligned with itself stays exactly as it is).
glm::quat exact_rotation_between(const glm::vec3& a, const glm::vec3& b) {
  const float d = glm::dot(a, b);
  if (d > 1.0f - 1e-7f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  if (d < -1.0f + 1e-6f) {
    glm::vec3 axis = glm::cross(a, glm::vec3(1.0f, 0.0f, 0.0f));
    if (glm::dot(axis, axis) < 1e-6f) axis = glm::cross(a, glm::vec3(0.0f, 1.0f, 0.0f));
    return glm::angleAxis(3.14159265f, glm::normalize(axis));
  }
  const glm::vec3 c = glm::cross(a, b);
  return glm::normalize(glm::quat(1.0f + d, c.x, c.y, c.z));
}

std::vector<glm::mat4> model_of(const Skeleton& skeleton, std::span<const Transform> local) {
  std::vector<glm::mat4> model(local.size());
  if (!local_to_model(skeleton, local, model)) model.assign(local.size(), glm::mat4(1.0f));
  return model;
}

float leg_length(const Rig& rig, std::span<const glm::mat4> model) {
  float sum = 0.0f;
  int legs = 0;
  for (const Limb& limb : rig.limbs) {
    if (limb.role != LimbRole::Leg || limb.joints.size() < 3) continue;
    const glm::vec3 hip = position(model[static_cast<std::size_t>(limb.joints[0])]);
    const glm::vec3 knee = position(model[static_cast<std::size_t>(limb.joints[1])]);
    const glm::vec3 ankle = position(model[static_cast<std::size_t>(limb.joints[2])]);
    sum += glm::length(knee - hip) + glm::length(ankle - knee);
    ++legs;
  }
  return legs > 0 ? sum / static_cast<float>(legs) : 0.0f;
}

float limb_length(const Limb& limb, std::span<const glm::mat4> model) {
  float sum = 0.0f;
  for (std::size_t i = 0; i + 1 < limb.joints.size() && i < 2; ++i) {
    sum += glm::length(position(model[static_cast<std::size_t>(limb.joints[i + 1])]) -
                       position(model[static_cast<std::size_t>(limb.joints[i])]));
  }
  return sum;
}

// The lowest leg joint of the rest pose: the ground the legs' sole points are measured on.
float rest_ground(const Rig& rig, std::span<const glm::mat4> model) {
  float ground = 1e30f;
  for (const Limb& limb : rig.limbs) {
    if (limb.role != LimbRole::Leg) continue;
    for (int j : limb.joints)
      ground = std::min(ground, position(model[static_cast<std::size_t>(j)]).y);
  }
  return ground < 1e29f ? ground : 0.0f;
}

// How high a joint stands above the soles in a standing pose.
float height_above_soles(const FootIkRig& legs, std::span<const glm::mat4> pose, int joint) {
  float sole = 0.0f;
  for (const Leg& leg : legs.legs) sole += heel_point(leg, pose).y;
  if (!legs.legs.empty()) sole /= static_cast<float>(legs.legs.size());
  return position(pose[static_cast<std::size_t>(joint)]).y - sole;
}

// Whether source joint s and target joint t have the same local axes: every child they pair
// one to one lies in the same direction from them. 1 yes, 0 no, -1 no such child.
int frames_agree(const RetargetMap& map, int t, int s) {
  int verdict = -1;
  for (std::size_t c = 0; c < map.joints.size(); ++c) {
    const RetargetJoint& child = map.joints[c];
    if (map.target.parents[c] != t || child.source_a < 0 || child.weight_b > 0.0f) continue;
    if (map.source.parents[static_cast<std::size_t>(child.source_a)] != s) return 0;
    const glm::vec3 a = map.source.rest_pose[static_cast<std::size_t>(child.source_a)].translation;
    const glm::vec3 b = map.target.rest_pose[c].translation;
    if (glm::length(a) < 1e-6f || glm::length(b) < 1e-6f) continue;
    constexpr float kCos5Deg = 0.9962f;
    if (glm::dot(glm::normalize(a), glm::normalize(b)) < kCos5Deg) return 0;
    verdict = 1;
  }
  return verdict;
}

// Whether source and target are one skeleton (animation-only files of a character): at least
// half the target's joints paired one to one, and the axes of none of them disagree.
bool shares_skeleton(const RetargetMap& map) {
  std::size_t agreeing = 0;
  for (std::size_t t = 0; t < map.joints.size(); ++t) {
    const RetargetJoint& j = map.joints[t];
    if (j.source_a < 0 || j.weight_b > 0.0f) continue;
    const int verdict = frames_agree(map, static_cast<int>(t), j.source_a);
    if (verdict == 0) return false;
    agreeing += verdict > 0 ? 1 : 0;
  }
  return 2 * agreeing >= map.joints.size();
}

// The source's rest pose with every joint whose axes agree with its target's (frames_agree; a
// joint with no child to judge by takes its parent's verdict) turned to the target's rest
// rotation. Where two files share a skeleton, the source's node pose, often a frame of its clip
// in an animation-only file, then no longer matters: the clip maps onto itself unchanged.
std::vector<Transform> rest_in_matching_frames(const RetargetMap& map,
                                               std::span<const glm::mat4> target_rest) {
  const Skeleton& source = map.source;
  const auto sn = static_cast<std::size_t>(source.joint_count());
  std::vector<int> target_of(sn, -1);
  std::vector<int> pairs(sn, 0);
  for (std::size_t t = 0; t < map.joints.size(); ++t) {
    const RetargetJoint& j = map.joints[t];
    if (j.source_a < 0 || j.weight_b > 0.0f || j.mirrored) continue;
    target_of[static_cast<std::size_t>(j.source_a)] = static_cast<int>(t);
    ++pairs[static_cast<std::size_t>(j.source_a)];
  }
  std::vector<Transform> out = source.rest_pose;
  std::vector<int> agrees(sn, 0);
  std::vector<glm::quat> model(sn);
  for (std::size_t s = 0; s < sn; ++s) {
    const int p = source.parents[s];
    const glm::quat parent =
        p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model[static_cast<std::size_t>(p)];
    const int t = pairs[s] == 1 ? target_of[s] : -1;
    if (t >= 0) {
      const int verdict = frames_agree(map, t, static_cast<int>(s));
      agrees[s] = verdict < 0 ? (p >= 0 && agrees[static_cast<std::size_t>(p)]) : verdict;
    }
    if (agrees[s]) {
      const glm::quat wanted =
          map.target_to_source * model_rotation(target_rest[static_cast<std::size_t>(t)]);
      out[s].rotation = glm::normalize(glm::inverse(parent) * wanted);
    }
    model[s] = parent * out[s].rotation;
  }
  return out;
}

// The limb of rig with the same role, side and front as limb that is not taken yet.
int matching_limb(const Rig& rig, const Limb& limb, const std::vector<bool>& taken) {
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const Limb& other = rig.limbs[i];
    if (!taken[i] && other.role == limb.role && other.side == limb.side &&
        other.front == limb.front) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

int leg_index(const FootIkRig& legs, const Limb& limb) {
  for (std::size_t i = 0; i < legs.legs.size(); ++i) {
    if (legs.legs[i].thigh == limb.joints[0]) return static_cast<int>(i);
  }
  return -1;
}

// The parent's model rotation (identity above the root).
glm::quat parent_rotation(const Skeleton& skeleton, std::span<const glm::mat4> model, int joint) {
  const int p = skeleton.parents[static_cast<std::size_t>(joint)];
  return p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
               : model_rotation(model[static_cast<std::size_t>(p)]);
}

glm::mat4 parent_matrix(const Skeleton& skeleton, std::span<const glm::mat4> model, int joint) {
  const int p = skeleton.parents[static_cast<std::size_t>(joint)];
  return p < 0 ? glm::mat4(1.0f) : model[static_cast<std::size_t>(p)];
}

// The pelvis's place on the ground in the target's model: its position across the ground and
// its heading (relative to its rest rotation) as a yaw.
glm::mat4 ground_frame(const glm::vec3& at, const glm::quat& rotation, const glm::quat& rest) {
  const glm::mat4 turn =
      glm::mat4_cast(glm::angleAxis(heading_yaw(rotation, rest), glm::vec3(0.0f, 1.0f, 0.0f)));
  glm::mat4 frame = turn;
  frame[3] = glm::vec4(at.x, 0.0f, at.z, 1.0f);
  return frame;
}

// Where a leg's ankle is: its foot joint, or for a foot hanging from elsewhere, the point in the
// calf where the foot rests.
glm::vec3 ankle_of(const Leg& leg, std::span<const glm::mat4> model) {
  if (leg.foot_attached) return position(model[static_cast<std::size_t>(leg.foot)]);
  return glm::vec3(model[static_cast<std::size_t>(leg.calf)] * glm::vec4(leg.ankle_in_calf, 1.0f));
}

// Moves a target limb's end (model space) to goal with two-bone IK, keeping the end's model
// rotation. A detached end (a foot hanging from the root) is solved on the point where it rests
// in the mid joint's space and then placed there itself.
void reach(const RetargetMap& map, const Limb& limb, const Leg* leg, glm::vec3 goal, float weight,
           std::span<glm::mat4> model, std::span<Transform> local) {
  const Skeleton& skeleton = map.target;
  const auto root = static_cast<std::size_t>(limb.joints[0]);
  const auto mid = static_cast<std::size_t>(limb.joints[1]);
  const auto end = static_cast<std::size_t>(limb.joints[2]);
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
    (void)apply_two_bone_ik(skeleton, model, local,
                            {limb.joints[0], limb.joints[1], limb.joints[2]}, ik);
    return;
  }
  if (leg == nullptr) return;
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
}

// Puts each foot that hangs from elsewhere (RobotExpressive's, from the root) where its shin's
// ankle point is, and brings target_model up to date when one moved.
JobResult hang_detached_feet(const RetargetMap& map, std::span<Transform> target_local,
                             std::span<glm::mat4> target_model) {
  bool moved = false;
  for (const RetargetChain& chain : map.chains) {
    const Limb& tl = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
    if (tl.end_attached || chain.target_leg < 0) continue;
    const Leg& leg = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
    const glm::mat4 parent = parent_matrix(map.target, target_model, leg.foot);
    target_local[static_cast<std::size_t>(leg.foot)].translation =
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
  const auto index = static_cast<std::size_t>(chain.target_leg);
  weight = 1.0f;
  if (chain.mode == ChainMode::KeepContacts) {
    weight = contacts.empty() ? 0.0f : std::clamp(contacts[index].weight, 0.0f, 1.0f);
  }
  if (weight <= 0.0f) return false;
  const Leg& sleg = map.source_legs.legs[static_cast<std::size_t>(chain.source_leg)];
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
  goal = position(target_model[static_cast<std::size_t>(tleg.foot)]) + offset;
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
    const Limb& tl = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
    if (chain.mode == ChainMode::Rotation || tl.role != LimbRole::Leg || tl.joints.size() < 3 ||
        chain.target_leg < 0 || chain.source_leg < 0) {
      continue;
    }
    const Leg& sleg = map.source_legs.legs[static_cast<std::size_t>(chain.source_leg)];
    const Leg& tleg = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
    const float source_low =
        std::min(heel_point(sleg, source_model).y, toe_point(sleg, source_model).y);
    const float floor = std::min(0.0f, map.scale * source_low);
    const float low = std::min(heel_point(tleg, target_model).y, toe_point(tleg, target_model).y);
    if (!(low < floor - 1e-5f * map.target_leg_length_m)) continue;
    const glm::vec3 goal = position(target_model[static_cast<std::size_t>(tleg.foot)]) +
                           glm::vec3(0.0f, floor - low, 0.0f);
    reach(map, tl, &tleg, goal, 1.0f, target_model, target_local);
    if (const JobResult r = local_to_model(map.target, target_local, target_model); !r) return r;
  }
  return JobResult::ok();
}

// The user's per-chain adjustments (RetargetChainOffset): each offset turns its target limb's
// joints, and the mapped joints below them (hand, fingers), in the reference, so the limb leaves
// the pose turned as a whole and every frame's delta carries it so.
void apply_chain_offsets(RetargetMap& map, std::span<const RetargetChainOffset> offsets) {
  for (const RetargetChainOffset& offset : offsets) {
    const glm::quat turn = chain_offset_rotation(offset.rotation_deg);
    for (const RetargetChain& chain : map.chains) {
      const Limb& limb = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
      if (limb.role != offset.role || limb.side != offset.side || limb.front != offset.front ||
          limb.joints.empty()) {
        continue;
      }
      // The limb's upper joint and everything below it (parents come first).
      std::vector<bool> below(map.target_reference.size(), false);
      below[static_cast<std::size_t>(limb.joints[0])] = true;
      for (std::size_t j = 0; j < below.size(); ++j) {
        const int p = map.target.parents[j];
        if (p >= 0 && below[static_cast<std::size_t>(p)]) below[j] = true;
        if (below[j]) map.target_reference[j] = glm::normalize(turn * map.target_reference[j]);
      }
    }
  }
}

}  // namespace

glm::quat chain_offset_rotation(const glm::vec3& rotation_deg) {
  const glm::vec3 r = glm::radians(rotation_deg);
  return glm::angleAxis(r.z, glm::vec3(0.0f, 0.0f, 1.0f)) *
         glm::angleAxis(r.y, glm::vec3(0.0f, 1.0f, 0.0f)) *
         glm::angleAxis(r.x, glm::vec3(1.0f, 0.0f, 0.0f));
}

const char* to_string(ChainMode mode) {
  switch (mode) {
    case ChainMode::Rotation:
      return "rotation";
    case ChainMode::KeepContacts:
      return "keep contacts";
    case ChainMode::SourcePosition:
      return "source position";
  }
  return "?";
}

const char* to_string(RetargetVia via) {
  switch (via) {
    case RetargetVia::Role:
      return "role";
    case RetargetVia::Spine:
      return "spine";
    case RetargetVia::Name:
      return "name";
    case RetargetVia::Correction:
      return "correction";
  }
  return "?";
}

namespace {

// make_retarget_map's steps, in the order it runs them. Each fills its part of the map; those
// that can fail return the cause.

std::string check_sides(const Skeleton& source, const Rig& source_rig, const Skeleton& target,
                        const Rig& target_rig) {
  for (const auto& [side, skeleton, rig] :
       {std::tuple<const char*, const Skeleton*, const Rig*>{"source", &source, &source_rig},
        {"target", &target, &target_rig}}) {
    if (std::string e = validate(*skeleton); !e.empty()) {
      return std::string(side) + " skeleton: " + e;
    }
    if (rig->leg_count() == 0 || rig->pelvis < 0) {
      return std::string(side) + " rig has no legs (no pelvis and legs were found)";
    }
    if (std::string e = validate(*skeleton, *rig); !e.empty()) {
      return std::string(side) + " rig: " + e;
    }
  }
  // Limbs pair by role and side: a biped's clip on a quadruped (or back) would leave legs without
  // a counterpart and the body with nothing to stand on.
  if (source_rig.leg_count() != target_rig.leg_count()) {
    return std::string("the source is a ") + rig_kind(source_rig) + " (" +
           std::to_string(source_rig.leg_count()) + " legs) and the target a " +
           rig_kind(target_rig) + " (" + std::to_string(target_rig.leg_count()) +
           " legs): retargeting pairs rigs with as many legs (humanoids)";
  }
  return {};
}

// Target joint t follows source joint s alone (either may be -1: nothing to pair).
void pair_joint(RetargetMap& map, int t, int s, RetargetVia via) {
  if (t < 0 || s < 0) return;
  RetargetJoint& j = map.joints[static_cast<std::size_t>(t)];
  j.source_a = s;
  j.source_b = s;
  j.weight_b = 0.0f;
  j.via = via;
}

// Roles: pelvis, spine by proportion (the chest ends both chains), neck, head.
void pair_body(RetargetMap& map) {
  const Rig& source_rig = map.source_rig;
  const Rig& target_rig = map.target_rig;
  pair_joint(map, target_rig.pelvis, source_rig.pelvis, RetargetVia::Role);
  const auto& ts = target_rig.spine;
  const auto& ss = source_rig.spine;
  if (!ts.empty() && !ss.empty()) {
    const std::size_t nt = ts.size();
    const std::size_t ns = ss.size();
    for (std::size_t i = 0; i < nt; ++i) {
      // Target joint i sits at (i + 1) / nt of its chain; the source's joint at that proportion
      // is x = (i + 1) * ns / nt - 1, where -1 stands for the pelvis below the chain.
      const std::size_t scaled = (i + 1) * ns;
      const long a = static_cast<long>(scaled / nt) - 1;
      const float w = static_cast<float>(scaled % nt) / static_cast<float>(nt);
      auto at = [&](long k) {
        return k < 0 ? source_rig.pelvis
                     : ss[static_cast<std::size_t>(std::min<long>(k, static_cast<long>(ns) - 1))];
      };
      pair_joint(map, ts[i], at(a), RetargetVia::Spine);
      RetargetJoint& j = map.joints[static_cast<std::size_t>(ts[i])];
      if (w > 0.0f) {
        j.source_b = at(a + 1);
        j.weight_b = w;
      }
    }
  }
  pair_joint(map, target_rig.chest, source_rig.chest, RetargetVia::Role);
  pair_joint(map, target_rig.neck, source_rig.neck, RetargetVia::Role);
  pair_joint(map, target_rig.head, source_rig.head, RetargetVia::Role);
}

// Both sides' legs with their sole points: the caller's (soles measured on a mesh) when given,
// else measured on the rest pose.
std::string measure_legs(RetargetMap& map, const RetargetOptions& options,
                         std::span<const glm::mat4> source_rest,
                         std::span<const glm::mat4> target_rest) {
  map.source_legs = options.source_legs.legs.empty()
                        ? make_foot_ik_rig(map.source, map.source_rig, source_rest,
                                           rest_ground(map.source_rig, source_rest))
                        : options.source_legs;
  map.target_legs = options.target_legs.legs.empty()
                        ? make_foot_ik_rig(map.target, map.target_rig, target_rest,
                                           rest_ground(map.target_rig, target_rest))
                        : options.target_legs;
  for (const auto& [side, skeleton, rig, legs] :
       {std::tuple<const char*, const Skeleton*, const Rig*, const FootIkRig*>{
            "source", &map.source, &map.source_rig, &map.source_legs},
        {"target", &map.target, &map.target_rig, &map.target_legs}}) {
    if (std::string e = validate(*skeleton, *legs); !e.empty()) {
      return std::string(side) + " legs: " + e;
    }
    for (const Limb& limb : rig->limbs) {
      if (limb.role == LimbRole::Leg && leg_index(*legs, limb) < 0) {
        return std::string(side) + " legs are not the legs of its rig";
      }
    }
  }
  return {};
}

// Limbs pair by role and side, joint by joint, each pair a chain with its length ratio.
void pair_limbs(RetargetMap& map, const RetargetOptions& options,
                std::span<const glm::mat4> source_rest, std::span<const glm::mat4> target_rest) {
  std::vector<bool> taken(map.source_rig.limbs.size(), false);
  for (std::size_t ti = 0; ti < map.target_rig.limbs.size(); ++ti) {
    const Limb& tl = map.target_rig.limbs[ti];
    const int si = matching_limb(map.source_rig, tl, taken);
    if (si < 0) continue;
    taken[static_cast<std::size_t>(si)] = true;
    const Limb& sl = map.source_rig.limbs[static_cast<std::size_t>(si)];
    for (std::size_t k = 0; k < std::min(tl.joints.size(), sl.joints.size()); ++k) {
      pair_joint(map, tl.joints[k], sl.joints[k], RetargetVia::Role);
    }
    RetargetChain chain;
    chain.target_limb = static_cast<int>(ti);
    chain.source_limb = si;
    chain.mode = tl.role == LimbRole::Leg ? options.leg_mode : options.arm_mode;
    if (tl.role == LimbRole::Leg) {
      chain.target_leg = leg_index(map.target_legs, tl);
      chain.source_leg = leg_index(map.source_legs, sl);
    }
    const float source_length = limb_length(sl, source_rest);
    chain.length_ratio =
        source_length > 1e-6f ? limb_length(tl, target_rest) / source_length : 1.0f;
    map.chains.push_back(chain);
  }
}

// Names pair what the roles leave, when both skeletons share a naming; then the user's
// corrections, which override both.
std::string pair_names_and_corrections(RetargetMap& map, const RetargetOptions& options) {
  for (std::size_t t = 0; t < map.joints.size(); ++t) {
    const int s = map.source.find_joint(map.target.joint_names[t]);
    if (s < 0 || !options.map_by_name) continue;
    RetargetJoint& j = map.joints[t];
    if (j.source_a < 0) pair_joint(map, static_cast<int>(t), s, RetargetVia::Name);
    if (j.source_a == s && j.source_b == s) j.carry_translation = true;
  }
  for (const RetargetCorrection& c : options.corrections) {
    const int t = map.target.find_joint(c.target_joint);
    if (t < 0) return "retarget correction: the target has no joint '" + c.target_joint + "'";
    if (c.source_joint.empty()) {
      map.joints[static_cast<std::size_t>(t)] = RetargetJoint{};
      continue;
    }
    const int s = map.source.find_joint(c.source_joint);
    if (s < 0) return "retarget correction: the source has no joint '" + c.source_joint + "'";
    pair_joint(map, t, s, RetargetVia::Correction);
    map.joints[static_cast<std::size_t>(t)].carry_translation = false;
  }
  return {};
}

// The target joints with no source listed; a pair with a mirrored rest on either side marked.
void list_unmapped_and_mirrored(RetargetMap& map, std::span<const glm::mat4> source_rest,
                                std::span<const glm::mat4> target_rest) {
  for (std::size_t t = 0; t < map.joints.size(); ++t) {
    RetargetJoint& j = map.joints[t];
    if (j.source_a < 0) {
      map.unmapped.push_back(static_cast<int>(t));
      continue;
    }
    j.mirrored =
        glm::determinant(glm::mat3(target_rest[t])) < 0.0f ||
        glm::determinant(glm::mat3(source_rest[static_cast<std::size_t>(j.source_a)])) < 0.0f;
  }
}

// Whether every paired leg's bones are the source's scaled by map.scale (to 0.1% of the target's
// leg), joint for joint.
bool legs_in_proportion(const RetargetMap& map, std::span<const glm::mat4> source_rest,
                        std::span<const glm::mat4> target_rest) {
  const float tolerance = 1e-3f * map.target_leg_length_m;
  bool any = false;
  for (const RetargetChain& chain : map.chains) {
    if (chain.target_leg < 0 || chain.source_leg < 0) continue;
    const Limb& sl = map.source_rig.limbs[static_cast<std::size_t>(chain.source_limb)];
    const Limb& tl = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
    if (sl.joints.size() != tl.joints.size()) return false;
    for (std::size_t k = 0; k + 1 < tl.joints.size(); ++k) {
      const float s =
          glm::distance(position(source_rest[static_cast<std::size_t>(sl.joints[k])]),
                        position(source_rest[static_cast<std::size_t>(sl.joints[k + 1])]));
      const float t =
          glm::distance(position(target_rest[static_cast<std::size_t>(tl.joints[k])]),
                        position(target_rest[static_cast<std::size_t>(tl.joints[k + 1])]));
      if (std::fabs(t - map.scale * s) > tolerance) return false;
    }
    any = true;
  }
  return any;
}

// The turn from the target's facing to the source's, and the scale between their legs.
std::string measure_facing_and_scale(RetargetMap& map, const RetargetOptions& options,
                                     std::span<const glm::mat4> source_rest,
                                     std::span<const glm::mat4> target_rest) {
  const glm::vec3 tf =
      glm::normalize(glm::vec3(map.target_rig.forward.x, 0.0f, map.target_rig.forward.z));
  const glm::vec3 sf =
      glm::normalize(glm::vec3(map.source_rig.forward.x, 0.0f, map.source_rig.forward.z));
  // One skeleton faces one way: its node pose in an animation file (a frame of the clip, turned a
  // little at the hips) says nothing about the facing.
  map.target_to_source = shares_skeleton(map)
                             ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                             : glm::angleAxis(std::atan2(glm::cross(tf, sf).y, glm::dot(tf, sf)),
                                              glm::vec3(0.0f, 1.0f, 0.0f));
  map.source_leg_length_m = leg_length(map.source_rig, source_rest);
  map.target_leg_length_m = leg_length(map.target_rig, target_rest);
  if (!(map.source_leg_length_m > 1e-6f) || !(map.target_leg_length_m > 1e-6f)) {
    return "a rig's legs have no length in the rest pose";
  }
  map.scale = map.target_leg_length_m / map.source_leg_length_m;
  // Pinning keeps the source's contacts across a change of proportions. Where the legs are in
  // proportion the target's FK already puts a planted foot where the scaled source's stands, and
  // pinning would only edit the source's own motion (a capture's drifting pivot): the feet then
  // follow the source, and a clip retargeted onto its own skeleton comes back unchanged.
  map.legs_in_proportion = legs_in_proportion(map, source_rest, target_rest);
  map.planted_slide_m = map.legs_in_proportion
                            ? std::numeric_limits<float>::infinity()
                            : options.planted_slide_share * map.target_leg_length_m;
  return {};
}

// The reference pose: the source in the target's rest where their joints' axes agree, then each
// mapped limb bone turned, parent first, to point where the target's rest points it (seen in the
// source's frame). Returns its model matrices.
std::vector<glm::mat4> build_source_reference(RetargetMap& map,
                                              std::span<const glm::mat4> target_rest) {
  const Skeleton& source = map.source;
  map.source_reference = rest_in_matching_frames(map, target_rest);
  std::vector<glm::mat4> reference = model_of(source, map.source_reference);
  const std::vector<glm::mat4> matched = reference;
  for (const RetargetChain& chain : map.chains) {
    const Limb& sl = map.source_rig.limbs[static_cast<std::size_t>(chain.source_limb)];
    const Limb& tl = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
    // A leg's foot is not turned by direction: both rests stand flat, so the foot keeps its rest
    // rotation in the model and a flat source foot gives a flat target foot.
    const bool leg = sl.role == LimbRole::Leg;
    const std::size_t segments = std::min(sl.joints.size(), tl.joints.size()) - 1;
    for (std::size_t k = 0; k < (leg ? std::min<std::size_t>(segments, 2) : segments); ++k) {
      // A detached end does not follow its mid joint: that segment cannot be turned.
      if (k == 1 && !sl.end_attached) continue;
      const auto s0 = static_cast<std::size_t>(sl.joints[k]);
      const auto s1 = static_cast<std::size_t>(sl.joints[k + 1]);
      const auto t0 = static_cast<std::size_t>(tl.joints[k]);
      const auto t1 = static_cast<std::size_t>(tl.joints[k + 1]);
      const glm::vec3 ds = position(reference[s1]) - position(reference[s0]);
      const glm::vec3 dt =
          map.target_to_source * (position(target_rest[t1]) - position(target_rest[t0]));
      if (glm::length(ds) < 1e-6f || glm::length(dt) < 1e-6f) continue;
      const glm::quat turn = exact_rotation_between(glm::normalize(ds), glm::normalize(dt));
      if (turn.w >= 1.0f) continue;
      const glm::quat turned = turn * model_rotation(reference[s0]);
      map.source_reference[s0].rotation = glm::normalize(
          glm::inverse(parent_rotation(source, reference, static_cast<int>(s0))) * turned);
      reference = model_of(source, map.source_reference);
    }
    if (leg && sl.end_attached) {
      const auto end = static_cast<std::size_t>(sl.joints[2]);
      map.source_reference[end].rotation =
          glm::normalize(glm::inverse(parent_rotation(source, reference, sl.joints[2])) *
                         model_rotation(matched[end]));
      reference = model_of(source, map.source_reference);
    }
  }
  return reference;
}

// The source stands in its reference pose as the target stands in its rest: its soles and its
// pelvis's height are measured there; and each side's rotations in its reference.
void measure_references(RetargetMap& map, const RetargetOptions& options,
                        std::span<const glm::mat4> reference,
                        std::span<const glm::mat4> target_rest) {
  const bool one_skeleton = shares_skeleton(map);
  if (options.source_legs.legs.empty()) {
    map.source_legs = make_foot_ik_rig(map.source, map.source_rig, reference,
                                       rest_ground(map.source_rig, reference));
    // One skeleton has one pair of soles: the target's (measured on its mesh, where it has one).
    for (const RetargetChain& chain : one_skeleton ? map.chains : std::vector<RetargetChain>{}) {
      if (chain.source_leg < 0 || chain.target_leg < 0) continue;
      Leg& to = map.source_legs.legs[static_cast<std::size_t>(chain.source_leg)];
      const Leg& from = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
      to.heel_in_foot = from.heel_in_foot / map.scale;
      to.toe_in_toes = from.toe_in_toes / map.scale;
    }
  }
  // One skeleton stands at one height, wherever each side's soles were measured (the target's on
  // its mesh, an animation file's on its bones).
  map.target_pelvis_height_m =
      height_above_soles(map.target_legs, target_rest, map.target_rig.pelvis);
  map.source_pelvis_height_m =
      one_skeleton ? map.target_pelvis_height_m / map.scale
                   : height_above_soles(map.source_legs, reference, map.source_rig.pelvis);
  map.source_reference_inverse.resize(reference.size());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    map.source_reference_inverse[i] = glm::inverse(model_rotation(reference[i]));
  }
  map.target_reference.resize(target_rest.size());
  for (std::size_t i = 0; i < target_rest.size(); ++i) {
    map.target_reference[i] = model_rotation(target_rest[i]);
  }
}

// The joint that carries the feet: the pelvis on most rigs; another carrier (or the root motion
// joint above it) takes the pelvis's travel.
void find_feet_carrier(RetargetMap& map, const RetargetOptions& options,
                       std::span<const glm::mat4> target_rest) {
  const Skeleton& target = map.target;
  const int pelvis = map.target_rig.pelvis;
  FootIkRig legs = map.target_legs;
  legs.pelvis = pelvis;
  int carrier = feet_carrier(target, legs);
  const int travel = options.target_root_motion_joint;
  if (carrier >= 0 && travel >= 0 && travel < target.joint_count() &&
      is_ancestor(target, travel, carrier)) {
    carrier = travel;
  }
  map.target_carrier = carrier == pelvis ? -1 : carrier;
  map.carrier_follows_source =
      map.target_carrier >= 0 &&
      map.joints[static_cast<std::size_t>(map.target_carrier)].source_a >= 0 &&
      height_above_soles(map.target_legs, target_rest, map.target_carrier) >
          0.5f * map.target_pelvis_height_m;
  if (map.target_carrier >= 0) {
    const auto p = static_cast<std::size_t>(pelvis);
    map.carrier_on_ground =
        glm::inverse(ground_frame(position(target_rest[p]), map.target_reference[p],
                                  map.target_reference[p])) *
        target_rest[static_cast<std::size_t>(map.target_carrier)];
  }
}

}  // namespace

RetargetMap make_retarget_map(const Skeleton& source, const Rig& source_rig, const Skeleton& target,
                              const Rig& target_rig, const RetargetOptions& options,
                              std::string* error) {
  auto fail = [&](const std::string& cause) {
    if (error) *error = cause;
    return RetargetMap{};
  };
  if (std::string e = check_sides(source, source_rig, target, target_rig); !e.empty()) {
    return fail(e);
  }
  RetargetMap map;
  map.source = source;
  map.target = target;
  map.source_rig = source_rig;
  map.target_rig = target_rig;
  map.contact_blend_s = options.contact_blend_s;
  map.joints.assign(static_cast<std::size_t>(target.joint_count()), RetargetJoint{});
  const std::vector<glm::mat4> source_rest = model_of(source, source.rest_pose);
  const std::vector<glm::mat4> target_rest = model_of(target, target.rest_pose);
  pair_body(map);
  if (std::string e = measure_legs(map, options, source_rest, target_rest); !e.empty()) {
    return fail(e);
  }
  pair_limbs(map, options, source_rest, target_rest);
  if (std::string e = pair_names_and_corrections(map, options); !e.empty()) return fail(e);
  list_unmapped_and_mirrored(map, source_rest, target_rest);
  if (std::string e = measure_facing_and_scale(map, options, source_rest, target_rest);
      !e.empty()) {
    return fail(e);
  }
  const std::vector<glm::mat4> reference = build_source_reference(map, target_rest);
  measure_references(map, options, reference, target_rest);
  apply_chain_offsets(map, options.chain_offsets);
  find_feet_carrier(map, options, target_rest);
  return map;
}

JobResult retarget_pose(const RetargetMap& map, std::span<const Transform> source_local,
                        std::span<const RetargetContact> contacts,
                        std::span<glm::mat4> source_model, std::span<Transform> target_local,
                        std::span<glm::mat4> target_model) {
  const std::size_t sn = static_cast<std::size_t>(map.source.joint_count());
  const std::size_t tn = static_cast<std::size_t>(map.target.joint_count());
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
    if (!std::isfinite(c.weight) || !std::isfinite(both.x) || !std::isfinite(both.y) ||
        !std::isfinite(both.z)) {
      return JobResult::fail("a contact is not finite");
    }
  }
  if (const JobResult r = local_to_model(map.source, source_local, source_model); !r) return r;

  const glm::quat to_source = map.target_to_source;
  const glm::quat to_target = glm::inverse(to_source);
  auto delta = [&](int s) {
    const auto i = static_cast<std::size_t>(s);
    return model_rotation(source_model[i]) * map.source_reference_inverse[i];
  };

  // Where the pelvis goes: across the ground scaled; up and down scaled from where each stands in
  // its rest pose.
  const int pelvis_joint = map.target_rig.pelvis;
  const int source_pelvis = map.joints[static_cast<std::size_t>(pelvis_joint)].source_a;
  glm::vec3 pelvis_at{0.0f};
  if (source_pelvis >= 0) {
    const glm::vec3 from = position(source_model[static_cast<std::size_t>(source_pelvis)]);
    pelvis_at = map.scale * (to_target * from);
    pelvis_at.y = map.target_pelvis_height_m + map.scale * (from.y - map.source_pelvis_height_m);
  }
  // The carrier of feet that hang outside the pelvis takes the pelvis's ground travel and
  // heading, moved from the pelvis's rest frame to where it is now.
  glm::mat4 carrier_model(1.0f);
  if (map.target_carrier >= 0 && source_pelvis >= 0) {
    const auto pelvis = static_cast<std::size_t>(pelvis_joint);
    const glm::quat reference = map.target_reference[pelvis];
    const glm::quat now = to_target * delta(source_pelvis) * to_source * reference;
    carrier_model = ground_frame(pelvis_at, now, reference) * map.carrier_on_ground;
    if (map.carrier_follows_source) {
      // Where its source joint is from the source's pelvis, scaled, turned as that joint turns.
      const auto carrier = static_cast<std::size_t>(map.target_carrier);
      const int counterpart = map.joints[carrier].source_a;
      const glm::vec3 from_pelvis = position(source_model[static_cast<std::size_t>(counterpart)]) -
                                    position(source_model[static_cast<std::size_t>(source_pelvis)]);
      carrier_model = glm::mat4_cast(to_target * delta(counterpart) * to_source *
                                     map.target_reference[carrier]);
      carrier_model[3] = glm::vec4(pelvis_at + map.scale * (to_target * from_pelvis), 1.0f);
    }
  }

  // Rotations as deltas from the reference, parent first; the pelvis's path scaled.
  for (std::size_t t = 0; t < tn; ++t) {
    const RetargetJoint& j = map.joints[t];
    const Transform& rest = map.target.rest_pose[t];
    Transform out = rest;
    const int p = map.target.parents[t];
    const glm::mat4 parent = p < 0 ? glm::mat4(1.0f) : target_model[static_cast<std::size_t>(p)];
    if (static_cast<int>(t) == map.target_carrier && source_pelvis >= 0) {
      out = from_matrix(glm::inverse(parent) * carrier_model);
      if (map.carrier_follows_source) out.scale = rest.scale;  // its model matrix has none
    } else if (j.source_a >= 0) {
      glm::quat d = delta(j.source_a);
      if (j.source_b != j.source_a && j.weight_b > 0.0f)
        d = nlerp(d, delta(j.source_b), j.weight_b);
      const auto s = static_cast<std::size_t>(j.source_a);
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
      if (static_cast<int>(t) == pelvis_joint) {
        out.translation = glm::vec3(glm::inverse(parent) * glm::vec4(pelvis_at, 1.0f));
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
  if (const JobResult r = hang_detached_feet(map, target_local, target_model); !r) return r;

  // A target whose legs are shorter for its hips than the source's cannot reach the planted
  // feet from where the pelvis was scaled to: lower the pelvis until every planted foot is
  // within reach (or no farther than its animated leg already stretches).
  float drop = 0.0f;
  for (const RetargetChain& chain : map.chains) {
    float weight = 0.0f;
    glm::vec3 goal{0.0f};
    if (!leg_goal(map, chain, contacts, source_model, target_model, weight, goal)) continue;
    const Leg& leg = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
    const glm::vec3 hip = position(target_model[static_cast<std::size_t>(leg.thigh)]);
    const glm::vec3 knee = position(target_model[static_cast<std::size_t>(leg.calf)]);
    const glm::vec3 ankle = ankle_of(leg, target_model);
    const float reach_max = std::max(0.995f * (glm::length(knee - hip) + glm::length(ankle - knee)),
                                     glm::length(ankle - hip));
    const float across = glm::length(glm::vec2(goal.x - hip.x, goal.z - hip.z));
    const float down = std::sqrt(std::max(reach_max * reach_max - across * across, 0.0f));
    drop = std::max(drop, weight * ((hip.y - goal.y) - down));
  }
  const int pelvis = map.target_rig.pelvis;
  if (drop > 0.0f && pelvis >= 0) {
    const glm::mat4 parent = parent_matrix(map.target, target_model, pelvis);
    glm::vec3 at = position(target_model[static_cast<std::size_t>(pelvis)]);
    at.y -= drop;
    target_local[static_cast<std::size_t>(pelvis)].translation =
        glm::vec3(glm::inverse(parent) * glm::vec4(at, 1.0f));
    if (const JobResult r = local_to_model(map.target, target_local, target_model); !r) return r;
    // The drop carries the shins down but not a foot hanging from the root: every foot, planted
    // or swinging, goes back under its shin (a planted one's goal is measured from there).
    if (const JobResult r = hang_detached_feet(map, target_local, target_model); !r) return r;
  }

  // IK: planted feet where the source's soles are (scaled about the origin); chains that
  // follow the source's positions, on every frame.
  for (const RetargetChain& chain : map.chains) {
    const Limb& tl = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
    const Limb& sl = map.source_rig.limbs[static_cast<std::size_t>(chain.source_limb)];
    if (chain.mode == ChainMode::Rotation || tl.joints.size() < 3 || sl.joints.size() < 3) continue;
    if (tl.role == LimbRole::Leg) {
      float weight = 0.0f;
      glm::vec3 goal{0.0f};
      if (!leg_goal(map, chain, contacts, source_model, target_model, weight, goal)) continue;
      const Leg& tleg = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
      reach(map, tl, &tleg, goal, weight, target_model, target_local);
    } else {
      // An arm's end follows the source's, relative to the limb's root, scaled by the limbs'
      // lengths.
      const glm::vec3 source_reach =
          position(source_model[static_cast<std::size_t>(sl.joints[2])]) -
          position(source_model[static_cast<std::size_t>(sl.joints[0])]);
      const glm::vec3 goal = position(target_model[static_cast<std::size_t>(tl.joints[0])]) +
                             chain.length_ratio * (to_target * source_reach);
      reach(map, tl, nullptr, goal, 1.0f, target_model, target_local);
    }
    // The next chain reads model positions: bring them up to date.
    if (const JobResult r = local_to_model(map.target, target_local, target_model); !r) return r;
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
