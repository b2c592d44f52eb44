#include "anim/index.h"
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
#include "anim/retarget_geometry.h"
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

float limb_length(const Limb& limb, std::span<const glm::mat4> model) {
  float sum = 0.0f;
  for (std::size_t i = 0; i + 1 < limb.joints.size() && i < 2; ++i) {
    sum += glm::length(position(nth(model, limb.joints[i + 1])) -
                       position(nth(model, limb.joints[i])));
  }
  return sum;
}

// The lowest leg joint of the rest pose: the ground the legs' sole points are measured on.
float rest_ground(const Rig& rig, std::span<const glm::mat4> model) {
  float ground = 1e30f;
  for (const Limb& limb : rig.limbs) {
    if (limb.role != LimbRole::Leg) continue;
    for (int j : limb.joints) ground = std::min(ground, position(nth(model, j)).y);
  }
  return ground < 1e29f ? ground : 0.0f;
}

// How high a joint stands above the soles in a standing pose.
float height_above_soles(const FootIkRig& legs, std::span<const glm::mat4> pose, int joint) {
  float sole = 0.0f;
  for (const Leg& leg : legs.legs) sole += heel_point(leg, pose).y;
  if (!legs.legs.empty()) sole /= static_cast<float>(legs.legs.size());
  return position(nth(pose, joint)).y - sole;
}

// Whether source joint s and target joint t have the same local axes: every child they pair
// one to one lies in the same direction from them. 1 yes, 0 no, -1 no such child.
int frames_agree(const RetargetMap& map, int t, int s) {
  int verdict = -1;
  for (std::size_t c = 0; c < map.joints.size(); ++c) {
    const RetargetJoint& child = map.joints[c];
    if (map.target.parents[c] != t || child.source_a < 0 || child.weight_b > 0.0f) continue;
    if (nth(map.source.parents, child.source_a) != s) return 0;
    const glm::vec3 a = nth(map.source.rest_pose, child.source_a).translation;
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
  const auto sn = as_size(source.joint_count());
  std::vector<int> target_of(sn, -1);
  std::vector<int> pairs(sn, 0);
  for (std::size_t t = 0; t < map.joints.size(); ++t) {
    const RetargetJoint& j = map.joints[t];
    if (j.source_a < 0 || j.weight_b > 0.0f || j.mirrored) continue;
    nth(target_of, j.source_a) = static_cast<int>(t);
    ++nth(pairs, j.source_a);
  }
  std::vector<Transform> out = source.rest_pose;
  std::vector<int> agrees(sn, 0);
  std::vector<glm::quat> model(sn);
  for (std::size_t s = 0; s < sn; ++s) {
    const int p = source.parents[s];
    const glm::quat parent = p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : nth(model, p);
    const int t = pairs[s] == 1 ? target_of[s] : -1;
    if (t >= 0) {
      const int verdict = frames_agree(map, t, static_cast<int>(s));
      agrees[s] = verdict < 0 ? (p >= 0 && nth(agrees, p)) : verdict;
    }
    if (agrees[s]) {
      const glm::quat wanted = map.target_to_source * model_rotation(nth(target_rest, t));
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

// The user's per-chain adjustments (RetargetChainOffset): each offset turns its target limb's
// joints, and the mapped joints below them (hand, fingers), in the reference, so the limb leaves
// the pose turned as a whole and every frame's delta carries it so.
void apply_chain_offsets(RetargetMap& map, std::span<const RetargetChainOffset> offsets) {
  for (const RetargetChainOffset& offset : offsets) {
    const glm::quat turn = chain_offset_rotation(offset.rotation_deg);
    for (const RetargetChain& chain : map.chains) {
      const Limb& limb = nth(map.target_rig.limbs, chain.target_limb);
      if (limb.role != offset.role || limb.side != offset.side || limb.front != offset.front ||
          limb.joints.empty()) {
        continue;
      }
      // The limb's upper joint and everything below it (parents come first).
      std::vector<bool> below(map.target_reference.size(), false);
      nth(below, limb.joints[0]) = true;
      for (std::size_t j = 0; j < below.size(); ++j) {
        const int p = map.target.parents[j];
        if (p >= 0 && nth(below, p)) below[j] = true;
        if (below[j]) map.target_reference[j] = glm::normalize(turn * map.target_reference[j]);
      }
    }
  }
}

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
  RetargetJoint& j = nth(map.joints, t);
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
      // is a = (i + 1) * ns / nt, counted from the pelvis below the chain (0) up its spine
      // joints (1 .. ns).
      const std::size_t scaled = (i + 1) * ns;
      const std::size_t a = scaled / nt;
      const float w = static_cast<float>(scaled % nt) / static_cast<float>(nt);
      auto at = [&](std::size_t k) { return k == 0 ? source_rig.pelvis : ss[std::min(k, ns) - 1]; };
      pair_joint(map, ts[i], at(a), RetargetVia::Spine);
      RetargetJoint& j = nth(map.joints, ts[i]);
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
    nth(taken, si) = true;
    const Limb& sl = nth(map.source_rig.limbs, si);
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
      nth(map.joints, t) = RetargetJoint{};
      continue;
    }
    const int s = map.source.find_joint(c.source_joint);
    if (s < 0) return "retarget correction: the source has no joint '" + c.source_joint + "'";
    pair_joint(map, t, s, RetargetVia::Correction);
    nth(map.joints, t).carry_translation = false;
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
    j.mirrored = glm::determinant(glm::mat3(target_rest[t])) < 0.0f ||
                 glm::determinant(glm::mat3(nth(source_rest, j.source_a))) < 0.0f;
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
    const Limb& sl = nth(map.source_rig.limbs, chain.source_limb);
    const Limb& tl = nth(map.target_rig.limbs, chain.target_limb);
    if (sl.joints.size() != tl.joints.size()) return false;
    for (std::size_t k = 0; k + 1 < tl.joints.size(); ++k) {
      const float s = glm::distance(position(nth(source_rest, sl.joints[k])),
                                    position(nth(source_rest, sl.joints[k + 1])));
      const float t = glm::distance(position(nth(target_rest, tl.joints[k])),
                                    position(nth(target_rest, tl.joints[k + 1])));
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
    const Limb& sl = nth(map.source_rig.limbs, chain.source_limb);
    const Limb& tl = nth(map.target_rig.limbs, chain.target_limb);
    // A leg's foot is not turned by direction: both rests stand flat, so the foot keeps its rest
    // rotation in the model and a flat source foot gives a flat target foot.
    const bool leg = sl.role == LimbRole::Leg;
    const std::size_t segments = std::min(sl.joints.size(), tl.joints.size()) - 1;
    for (std::size_t k = 0; k < (leg ? std::min<std::size_t>(segments, 2) : segments); ++k) {
      // A detached end does not follow its mid joint: that segment cannot be turned.
      if (k == 1 && !sl.end_attached) continue;
      const auto s0 = as_size(sl.joints[k]);
      const auto s1 = as_size(sl.joints[k + 1]);
      const auto t0 = as_size(tl.joints[k]);
      const auto t1 = as_size(tl.joints[k + 1]);
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
      const auto end = as_size(sl.joints[2]);
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
      Leg& to = nth(map.source_legs.legs, chain.source_leg);
      const Leg& from = nth(map.target_legs.legs, chain.target_leg);
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
      map.target_carrier >= 0 && nth(map.joints, map.target_carrier).source_a >= 0 &&
      height_above_soles(map.target_legs, target_rest, map.target_carrier) >
          0.5f * map.target_pelvis_height_m;
  if (map.target_carrier >= 0) {
    const auto p = as_size(pelvis);
    map.carrier_on_ground =
        glm::inverse(ground_frame(position(target_rest[p]), map.target_reference[p],
                                  map.target_reference[p])) *
        nth(target_rest, map.target_carrier);
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
  if (std::string e = check_sides(source, source_rig, target, target_rig); !e.empty()) {
    return fail(e);
  }
  RetargetMap map;
  map.source = source;
  map.target = target;
  map.source_rig = source_rig;
  map.target_rig = target_rig;
  map.contact_blend_s = options.contact_blend_s;
  map.joints.assign(as_size(target.joint_count()), RetargetJoint{});
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

}  // namespace anim
