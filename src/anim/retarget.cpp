#include "anim/retarget.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/pose.h"
#include "anim/root_motion.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

glm::vec3 position(const glm::mat4& m) {
  return glm::vec3(m[3]);
}

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

RetargetMap make_retarget_map(const Skeleton& source, const Rig& source_rig, const Skeleton& target,
                              const Rig& target_rig, const RetargetOptions& options,
                              std::string* error) {
  auto fail = [&](const std::string& cause) {
    if (error) *error = cause;
    return RetargetMap{};
  };
  for (const auto& [side, skeleton, rig] :
       {std::tuple<const char*, const Skeleton*, const Rig*>{"source", &source, &source_rig},
        {"target", &target, &target_rig}}) {
    if (std::string e = validate(*skeleton); !e.empty()) {
      return fail(std::string(side) + " skeleton: " + e);
    }
    if (rig->leg_count() == 0 || rig->pelvis < 0) {
      return fail(std::string(side) + " rig has no legs (no pelvis and legs were found)");
    }
    if (std::string e = validate(*skeleton, *rig); !e.empty()) {
      return fail(std::string(side) + " rig: " + e);
    }
  }

  // Limbs pair by role and side: a biped's clip on a quadruped (or back) would leave legs without
  // a counterpart and the body with nothing to stand on.
  if (source_rig.leg_count() != target_rig.leg_count()) {
    return fail(std::string("the source is a ") + rig_kind(source_rig) + " (" +
                std::to_string(source_rig.leg_count()) + " legs) and the target a " +
                rig_kind(target_rig) + " (" + std::to_string(target_rig.leg_count()) +
                " legs): retargeting pairs rigs with as many legs (humanoids)");
  }
  RetargetMap map;
  map.source = source;
  map.target = target;
  map.source_rig = source_rig;
  map.target_rig = target_rig;
  map.contact_blend_s = options.contact_blend_s;
  const std::size_t tn = static_cast<std::size_t>(target.joint_count());
  map.joints.assign(tn, RetargetJoint{});
  auto pair = [&](int t, int s, RetargetVia via) {
    if (t < 0 || s < 0) return;
    RetargetJoint& j = map.joints[static_cast<std::size_t>(t)];
    j.source_a = s;
    j.source_b = s;
    j.weight_b = 0.0f;
    j.via = via;
  };

  // Roles: pelvis, spine by proportion (the chest ends both chains), neck, head, limbs.
  pair(target_rig.pelvis, source_rig.pelvis, RetargetVia::Role);
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
      pair(ts[i], at(a), RetargetVia::Spine);
      RetargetJoint& j = map.joints[static_cast<std::size_t>(ts[i])];
      if (w > 0.0f) {
        j.source_b = at(a + 1);
        j.weight_b = w;
      }
    }
  }
  pair(target_rig.chest, source_rig.chest, RetargetVia::Role);
  pair(target_rig.neck, source_rig.neck, RetargetVia::Role);
  pair(target_rig.head, source_rig.head, RetargetVia::Role);

  // Rest poses and the legs' sole points.
  const std::vector<glm::mat4> source_rest = model_of(source, source.rest_pose);
  const std::vector<glm::mat4> target_rest = model_of(target, target.rest_pose);
  // The caller's legs (soles measured on a mesh) when given, else measured on the rest pose.
  map.source_legs =
      options.source_legs.legs.empty()
          ? make_foot_ik_rig(source, source_rig, source_rest, rest_ground(source_rig, source_rest))
          : options.source_legs;
  map.target_legs =
      options.target_legs.legs.empty()
          ? make_foot_ik_rig(target, target_rig, target_rest, rest_ground(target_rig, target_rest))
          : options.target_legs;
  for (const auto& [side, skeleton, rig, legs] :
       {std::tuple<const char*, const Skeleton*, const Rig*, const FootIkRig*>{
            "source", &source, &source_rig, &map.source_legs},
        {"target", &target, &target_rig, &map.target_legs}}) {
    if (std::string e = validate(*skeleton, *legs); !e.empty()) {
      return fail(std::string(side) + " legs: " + e);
    }
    for (const Limb& limb : rig->limbs) {
      if (limb.role == LimbRole::Leg && leg_index(*legs, limb) < 0) {
        return fail(std::string(side) + " legs are not the legs of its rig");
      }
    }
  }

  std::vector<bool> taken(source_rig.limbs.size(), false);
  for (std::size_t ti = 0; ti < target_rig.limbs.size(); ++ti) {
    const Limb& tl = target_rig.limbs[ti];
    const int si = matching_limb(source_rig, tl, taken);
    if (si < 0) continue;
    taken[static_cast<std::size_t>(si)] = true;
    const Limb& sl = source_rig.limbs[static_cast<std::size_t>(si)];
    for (std::size_t k = 0; k < std::min(tl.joints.size(), sl.joints.size()); ++k) {
      pair(tl.joints[k], sl.joints[k], RetargetVia::Role);
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

  // Names: what the roles leave, when both skeletons share a naming.
  for (std::size_t t = 0; t < tn; ++t) {
    const int s = source.find_joint(target.joint_names[t]);
    if (s < 0 || !options.map_by_name) continue;
    RetargetJoint& j = map.joints[t];
    if (j.source_a < 0) pair(static_cast<int>(t), s, RetargetVia::Name);
    if (j.source_a == s && j.source_b == s) j.carry_translation = true;
  }
  for (const RetargetCorrection& c : options.corrections) {
    const int t = target.find_joint(c.target_joint);
    if (t < 0) return fail("retarget correction: the target has no joint '" + c.target_joint + "'");
    if (c.source_joint.empty()) {
      map.joints[static_cast<std::size_t>(t)] = RetargetJoint{};
      continue;
    }
    const int s = source.find_joint(c.source_joint);
    if (s < 0) return fail("retarget correction: the source has no joint '" + c.source_joint + "'");
    pair(t, s, RetargetVia::Correction);
    map.joints[static_cast<std::size_t>(t)].carry_translation = false;
  }
  for (std::size_t t = 0; t < tn; ++t) {
    RetargetJoint& j = map.joints[t];
    if (j.source_a < 0) {
      map.unmapped.push_back(static_cast<int>(t));
      continue;
    }
    j.mirrored =
        glm::determinant(glm::mat3(target_rest[t])) < 0.0f ||
        glm::determinant(glm::mat3(source_rest[static_cast<std::size_t>(j.source_a)])) < 0.0f;
  }

  // Facing and scale.
  const glm::vec3 tf = glm::normalize(glm::vec3(target_rig.forward.x, 0.0f, target_rig.forward.z));
  const glm::vec3 sf = glm::normalize(glm::vec3(source_rig.forward.x, 0.0f, source_rig.forward.z));
  // One skeleton faces one way: its node pose in an animation file (a frame of the clip, turned a
  // little at the hips) says nothing about the facing.
  const bool one_skeleton = shares_skeleton(map);
  map.target_to_source = one_skeleton
                             ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                             : glm::angleAxis(std::atan2(glm::cross(tf, sf).y, glm::dot(tf, sf)),
                                              glm::vec3(0.0f, 1.0f, 0.0f));
  map.source_leg_length_m = leg_length(source_rig, source_rest);
  map.target_leg_length_m = leg_length(target_rig, target_rest);
  if (!(map.source_leg_length_m > 1e-6f) || !(map.target_leg_length_m > 1e-6f)) {
    return fail("a rig's legs have no length in the rest pose");
  }
  map.scale = map.target_leg_length_m / map.source_leg_length_m;
  map.planted_slide_m = options.planted_slide_share * map.target_leg_length_m;

  // The reference pose: the source in the target's rest where their joints' axes agree, then
  // each mapped limb bone turned, parent first, to point where the target's rest points it (seen
  // in the source's frame).
  map.source_reference = rest_in_matching_frames(map, target_rest);
  std::vector<glm::mat4> reference = model_of(source, map.source_reference);
  const std::vector<glm::mat4> matched = reference;
  for (const RetargetChain& chain : map.chains) {
    const Limb& sl = source_rig.limbs[static_cast<std::size_t>(chain.source_limb)];
    const Limb& tl = target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
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
  // The source stands in its reference pose as the target stands in its rest: its soles and its
  // pelvis's height are measured there.
  if (options.source_legs.legs.empty()) {
    map.source_legs =
        make_foot_ik_rig(source, source_rig, reference, rest_ground(source_rig, reference));
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
  map.target_pelvis_height_m = height_above_soles(map.target_legs, target_rest, target_rig.pelvis);
  map.source_pelvis_height_m =
      one_skeleton ? map.target_pelvis_height_m / map.scale
                   : height_above_soles(map.source_legs, reference, source_rig.pelvis);
  map.source_reference_inverse.resize(reference.size());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    map.source_reference_inverse[i] = glm::inverse(model_rotation(reference[i]));
  }
  map.target_reference.resize(tn);
  for (std::size_t i = 0; i < tn; ++i) map.target_reference[i] = model_rotation(target_rest[i]);
  apply_chain_offsets(map, options.chain_offsets);
  // The pelvis carries the feet on most rigs; another carrier takes the pelvis's travel.
  FootIkRig legs = map.target_legs;
  legs.pelvis = target_rig.pelvis;
  int carrier = feet_carrier(target, legs);
  const int travel = options.target_root_motion_joint;
  if (carrier >= 0 && travel >= 0 && travel < static_cast<int>(tn) &&
      is_ancestor(target, travel, carrier)) {
    carrier = travel;
  }
  map.target_carrier = carrier == target_rig.pelvis ? -1 : carrier;
  map.carrier_follows_source =
      map.target_carrier >= 0 &&
      map.joints[static_cast<std::size_t>(map.target_carrier)].source_a >= 0 &&
      height_above_soles(map.target_legs, target_rest, map.target_carrier) >
          0.5f * map.target_pelvis_height_m;
  if (map.target_carrier >= 0) {
    const auto pelvis = static_cast<std::size_t>(target_rig.pelvis);
    map.carrier_on_ground =
        glm::inverse(ground_frame(position(target_rest[pelvis]), map.target_reference[pelvis],
                                  map.target_reference[pelvis])) *
        target_rest[static_cast<std::size_t>(map.target_carrier)];
  }
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

Clip retarget_clip(const RetargetMap& map, const Clip& clip, std::string* error) {
  auto fail = [&](const std::string& cause) {
    if (error) *error = cause;
    return Clip{};
  };
  if (map.joints.empty()) return fail("the retarget map is empty");
  if (!(clip.duration_s > 0.0f) || !(clip.source_fps > 0.0f)) {
    return fail("clip '" + clip.name + "' has no duration");
  }
  // Sampled as a clip that does not loop, so its end is not wrapped back to its start.
  Clip once = clip;
  once.loop = false;
  const auto frames =
      static_cast<std::size_t>(std::max(1L, std::lround(clip.duration_s * clip.source_fps)));
  const float frame_s = clip.duration_s / static_cast<float>(frames);
  const std::size_t samples = frames + 1;

  const auto& source_legs = map.source_legs.legs;
  const Clip contacts = with_source_contacts(map, clip);
  const std::size_t legs = map.target_legs.legs.size();
  std::vector<std::vector<float>> planted(legs, std::vector<float>(samples, 0.0f));
  for (const RetargetChain& chain : map.chains) {
    if (chain.target_leg < 0 || chain.source_leg < 0) continue;
    const std::string_view name =
        leg_contact_name(source_legs, static_cast<std::size_t>(chain.source_leg));
    auto& out = planted[static_cast<std::size_t>(chain.target_leg)];
    for (std::size_t f = 0; f < samples; ++f) {
      const float t = std::min(frame_s * static_cast<float>(f), clip.duration_s);
      out[f] = foot_planted_at(contacts, name, t) ? 1.0f : 0.0f;
    }
  }
  // Fade each contact's IK in and out over contact_blend_s.
  const auto ramp = static_cast<long>(std::ceil(map.contact_blend_s / frame_s));
  std::vector<std::vector<float>> weights = planted;
  for (std::size_t leg = 0; leg < legs; ++leg) {
    for (long f = 0; f < static_cast<long>(samples); ++f) {
      float w = 0.0f;
      for (long g = std::max(0L, f - ramp); g <= std::min<long>(samples - 1, f + ramp); ++g) {
        if (planted[leg][static_cast<std::size_t>(g)] > 0.0f) {
          const float away = static_cast<float>(std::abs(f - g)) / static_cast<float>(ramp + 1);
          w = std::max(w, 1.0f - away);
        }
      }
      weights[leg][static_cast<std::size_t>(f)] = w;
    }
  }

  Clip out;
  out.name = clip.name;
  out.duration_s = clip.duration_s;
  out.source_fps = clip.source_fps;
  out.loop = clip.loop;
  // Shapes carry over by name: they bind to the target's meshes of the same node and target.
  out.morph_tracks = clip.morph_tracks;
  const std::size_t tn = static_cast<std::size_t>(map.target.joint_count());
  out.tracks.resize(tn);
  for (std::size_t t = 0; t < tn; ++t) {
    JointTrack& track = out.tracks[t];
    track.joint_name = map.target.joint_names[t];
    for (auto* times :
         {&track.translation.times_s, &track.rotation.times_s, &track.scale.times_s}) {
      times->reserve(samples);
    }
  }
  const ClipBinding binding = bind_clip(once, map.source);
  SamplingCache cache(once, binding);
  std::vector<Transform> source_local(static_cast<std::size_t>(map.source.joint_count()));
  std::vector<glm::mat4> source_model(source_local.size());
  std::vector<Transform> target_local(tn);
  std::vector<glm::mat4> target_model(tn);
  auto time_of = [&](std::size_t f) {
    return f == frames ? clip.duration_s : frame_s * static_cast<float>(f);
  };

  // Where the target's own FK puts each planted foot, relative to the source's scaled: averaged
  // over each contact, it becomes that contact's offset (the target's stance, the source's
  // motion).
  const glm::quat to_target = glm::inverse(map.target_to_source);
  std::vector<std::vector<glm::vec3>> fk_offset(legs, std::vector<glm::vec3>(samples));
  std::vector<std::vector<int>> fk_on_toe(legs, std::vector<int>(samples, 0));
  // The source's heel and toe scaled onto the target, across the ground.
  std::vector<std::vector<std::pair<glm::vec3, glm::vec3>>> source_sole(
      legs, std::vector<std::pair<glm::vec3, glm::vec3>>(samples));
  for (std::size_t f = 0; f < samples; ++f) {
    if (const JobResult r = sample_clip(once, binding, map.source, time_of(f), cache, source_local);
        !r || !retarget_pose(map, source_local, {}, source_model, target_local, target_model)) {
      return fail("clip '" + clip.name + "' cannot be sampled on its skeleton");
    }
    for (const RetargetChain& chain : map.chains) {
      if (chain.target_leg < 0 || chain.source_leg < 0) continue;
      const Leg& sleg = map.source_legs.legs[static_cast<std::size_t>(chain.source_leg)];
      const Leg& tleg = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
      const glm::vec3 sh = heel_point(sleg, source_model);
      const glm::vec3 st = toe_point(sleg, source_model);
      const bool on_toe = st.y < sh.y;
      const glm::vec3 fk = on_toe ? toe_point(tleg, target_model) : heel_point(tleg, target_model);
      glm::vec3 d = fk - map.scale * (to_target * (on_toe ? st : sh));
      d.y = 0.0f;
      fk_offset[static_cast<std::size_t>(chain.target_leg)][f] = d;
      fk_on_toe[static_cast<std::size_t>(chain.target_leg)][f] = on_toe ? 1 : 0;
      auto across = [&](const glm::vec3& p) {
        const glm::vec3 q = map.scale * (to_target * p);
        return glm::vec3(q.x, 0.0f, q.z);
      };
      source_sole[static_cast<std::size_t>(chain.target_leg)][f] = {across(sh), across(st)};
    }
  }
  // The ground under an in-place clip moves (its planted feet slide back under a body that
  // stays put): a pinned foot moves with it. Zero for a clip that travels itself.
  std::vector<glm::vec3> ground(samples, glm::vec3(0.0f));
  RootMotionSettings root_motion;
  root_motion.root_joint = map.source_rig.pelvis;
  const GroundMotion ground_motion =
      synthesize_ground_motion(map.source, once, source_legs, root_motion);
  if (!ground_motion.empty()) {
    for (std::size_t f = 0; f < samples; ++f) {
      const glm::vec3 travel =
          extract_ground_motion(ground_motion, root_motion, 0.0f, time_of(f)).translation;
      ground[f] = -map.scale * (to_target * glm::vec3(travel.x, 0.0f, travel.z));
    }
  }

  std::vector<std::vector<RetargetContact>> frame_contacts(samples,
                                                           std::vector<RetargetContact>(legs));
  for (std::size_t leg = 0; leg < legs; ++leg) {
    // Per contact, where the target's FK stands on average relative to the source (heel and toe
    // apart: a target without toes has them at one point, the source's are a foot apart), then
    // the pivot pinned where it lands: a planted foot stays put even where the source's slides
    // (a capture's pivot while it turns). Frames between contacts take the nearest contact's
    // offset at its edge, so the IK's fade in and out is smooth.
    std::vector<std::pair<long, long>> runs;
    std::vector<glm::vec3> heel_offset(samples, glm::vec3(0.0f));
    std::vector<glm::vec3> toe_offset(samples, glm::vec3(0.0f));
    const auto& sole = source_sole[leg];
    for (std::size_t f = 0; f < samples;) {
      if (planted[leg][f] <= 0.0f) {
        ++f;
        continue;
      }
      glm::vec3 sum[2] = {glm::vec3(0.0f), glm::vec3(0.0f)};
      int count[2] = {0, 0};
      const std::size_t start = f;
      for (; f < samples && planted[leg][f] > 0.0f; ++f) {
        sum[static_cast<std::size_t>(fk_on_toe[leg][f])] += fk_offset[leg][f];
        ++count[static_cast<std::size_t>(fk_on_toe[leg][f])];
      }
      runs.emplace_back(static_cast<long>(start), static_cast<long>(f) - 1);
      // A contact that never pivots on one point takes the other's offset for it (the fades).
      const glm::vec3 heel = count[0] > 0 ? sum[0] / static_cast<float>(count[0])
                                          : sum[1] / static_cast<float>(count[1]);
      const glm::vec3 toe = count[1] > 0 ? sum[1] / static_cast<float>(count[1]) : heel;
      // The pinned point, relative to the ground: it follows the source's point from where it
      // landed (anchor) until it is planted_slide_m away, and starts again on the other sole point
      // where the pivot changes, carrying the correction so far so the foot does not jump.
      glm::vec3 pin{0.0f};
      glm::vec3 anchor{0.0f};
      glm::vec3 moved{0.0f};
      bool held = false;
      glm::vec3 correction{0.0f};
      for (std::size_t g = start; g < f; ++g) {
        const int on_toe = fk_on_toe[leg][g];
        const glm::vec3 free = (on_toe ? sole[g].second + toe : sole[g].first + heel) - ground[g];
        if (g == start || on_toe != fk_on_toe[leg][g - 1]) {
          pin = free + correction;
          anchor = free;
          moved = glm::vec3(0.0f);
          held = false;
        }
        // Once it has gone that far it stays, rather than circling the anchor with the source.
        if (!held) {
          moved = free - anchor;
          const float distance = glm::length(moved);
          held = distance > map.planted_slide_m;
          if (held) moved *= map.planted_slide_m / distance;
        }
        correction = pin + moved - free;
        heel_offset[g] = heel + correction;
        toe_offset[g] = toe + correction;
      }
    }
    for (std::size_t f = 0; f < samples; ++f) {
      RetargetContact& c = frame_contacts[f][leg];
      c.weight = weights[leg][f];
      long best = -1;
      long best_distance = 0;
      for (std::size_t r = 0; r < runs.size(); ++r) {
        const long at = static_cast<long>(f);
        const long distance = at < runs[r].first    ? runs[r].first - at
                              : at > runs[r].second ? at - runs[r].second
                                                    : 0;
        if (best < 0 || distance < best_distance) {
          best = static_cast<long>(r);
          best_distance = distance;
        }
      }
      if (best >= 0) {
        const auto& run = runs[static_cast<std::size_t>(best)];
        const auto edge =
            static_cast<std::size_t>(std::clamp(static_cast<long>(f), run.first, run.second));
        c.heel_offset = heel_offset[edge];
        c.toe_offset = toe_offset[edge];
      }
    }
  }

  cache.reset(once, binding);
  for (std::size_t f = 0; f < samples; ++f) {
    const float t = time_of(f);
    const std::vector<RetargetContact>& contact = frame_contacts[f];
    if (const JobResult r = sample_clip(once, binding, map.source, t, cache, source_local); !r) {
      return fail(std::string("clip '") + clip.name + "': " + r.error);
    }
    if (const JobResult r =
            retarget_pose(map, source_local, contact, source_model, target_local, target_model);
        !r) {
      return fail(std::string("clip '") + clip.name + "': " + r.error);
    }
    for (std::size_t j = 0; j < tn; ++j) {
      JointTrack& track = out.tracks[j];
      glm::quat q = target_local[j].rotation;
      // Keep each key in the previous one's hemisphere, so linear keys take the short way.
      if (!track.rotation.values.empty() && glm::dot(track.rotation.values.back(), q) < 0.0f)
        q = -q;
      track.translation.times_s.push_back(t);
      track.translation.values.push_back(target_local[j].translation);
      track.rotation.times_s.push_back(t);
      track.rotation.values.push_back(q);
      track.scale.times_s.push_back(t);
      track.scale.values.push_back(target_local[j].scale);
    }
  }

  // Markers: the source's contacts named for the target's legs, the rest as they are.
  for (const Marker& m : contacts.markers) {
    Marker renamed = m;
    for (const RetargetChain& chain : map.chains) {
      if (chain.target_leg < 0 || chain.source_leg < 0) continue;
      const std::string from(
          leg_contact_name(source_legs, static_cast<std::size_t>(chain.source_leg)));
      const std::string to(
          leg_contact_name(map.target_legs.legs, static_cast<std::size_t>(chain.target_leg)));
      if (m.name == from + "_down" || m.name == from + "_up") {
        renamed.name = to + m.name.substr(from.size());
        break;
      }
    }
    out.markers.push_back(std::move(renamed));
  }
  return out;
}

}  // namespace anim
