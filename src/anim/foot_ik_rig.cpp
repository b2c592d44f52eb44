// Building and checking a foot-IK rig: the legs found by joint name, and the checks a rig must
// pass before the solver may use it.
#include "anim/foot_ik.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "anim/index.h"
#include "anim/joint_names.h"
#include "anim/math.h"
#include "anim/rig.h"
#include "anim/skeleton.h"

namespace anim {

std::string validate(const Skeleton& skeleton, const FootIkRig& rig) {
  const int n = skeleton.joint_count();
  if (rig.legs.empty() || rig.legs.size() > as_size(kMaxFootIkLegs)) {
    return "foot IK rig needs 1 to " + std::to_string(kMaxFootIkLegs) + " legs, has " +
           std::to_string(rig.legs.size());
  }
  if (rig.pelvis < 0 || rig.pelvis >= n) return "foot IK pelvis joint is out of range";
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    const std::string name = "foot IK leg " + std::to_string(i);
    const int joints[] = {leg.thigh, leg.calf, leg.foot, leg.toes};
    const char* names[] = {"thigh", "calf", "foot", "toes"};
    for (int k = 0; k < 4; ++k) {
      if (joints[k] < 0 || joints[k] >= n) return name + ": " + names[k] + " joint is out of range";
    }
    for (int k = 1; k < 4; ++k) {
      if (k == 2 && !leg.foot_attached) continue;    // a foot hanging from elsewhere
      if (k == 3 && leg.toes == leg.foot) continue;  // a foot without toes
      if (!is_ancestor(skeleton, joints[k - 1], joints[k])) {
        return name + ": " + names[k] + " joint '" + skeleton.joint_names[joints[k]] +
               "' is not below the " + names[k - 1] + " joint";
      }
    }
    if (!is_ancestor(skeleton, rig.pelvis, leg.thigh)) {
      return name + ": pelvis joint '" + skeleton.joint_names[rig.pelvis] +
             "' is not above the thigh";
    }
    if (leg.front && rig.chest >= 0 && !is_ancestor(skeleton, rig.chest, leg.thigh)) {
      return name + ": the chest joint is not above this front leg";
    }
  }
  if ((rig.chest >= 0) != (rig.spine_base >= 0)) {
    return "foot IK chest and spine base must be set together";
  }
  if (rig.chest >= 0) {
    if (rig.chest >= n || rig.spine_base >= n) return "foot IK chest joint is out of range";
    if (!is_ancestor(skeleton, rig.pelvis, rig.spine_base) ||
        (rig.chest != rig.spine_base && !is_ancestor(skeleton, rig.spine_base, rig.chest))) {
      return "foot IK chest is not below its spine base, or that not below the pelvis";
    }
  }
  return {};
}

std::string bind_foot_ik_rig(const Skeleton& skeleton, FootIkRig& rig) {
  rig.binding = {};
  std::string error = validate(skeleton, rig);
  if (!error.empty()) return error;
  FootIkRigBinding& b = rig.binding;
  b.joint_count = skeleton.joint_count();
  b.pelvis = rig.pelvis;
  b.leg_count = static_cast<int>(rig.legs.size());
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    b.legs[i] = {leg.thigh, leg.calf, leg.foot, leg.toes};
    b.feet_attached[i] = leg.foot_attached;
    b.thigh_subtree_ends[i] = contiguous_subtree_end(skeleton, leg.thigh);
  }
  b.pelvis_subtree_end = contiguous_subtree_end(skeleton, rig.pelvis);
  return error;
}

namespace {

enum class LegPart { Thigh, Calf, Foot, Toes, None };

LegPart part_of(const std::vector<std::string>& words) {
  if (has_word(words, {"twist", "roll", "ik", "pole", "target", "end"})) return LegPart::None;
  // "UpLeg" splits into up + leg, "UpperLeg" into upper + leg: both are the thigh.
  const bool leg = has_word(words, {"leg"});
  if (has_word(words, {"thigh"}) || (leg && has_word(words, {"up"}))) return LegPart::Thigh;
  if (has_word(words, {"calf", "shin", "knee"}) || (leg && has_word(words, {"lower"})) || leg) {
    return LegPart::Calf;
  }
  if (has_word(words, {"foot", "ankle"})) return LegPart::Foot;
  if (has_word(words, {"toe", "ball"})) return LegPart::Toes;
  return LegPart::None;
}

}  // namespace

FootIkRig find_biped_rig(const Skeleton& skeleton, std::span<const glm::mat4> standing_model,
                         float ground_height_m, std::string* error) {
  auto fail = [&](std::string cause) {
    if (error) *error = std::move(cause);
    return FootIkRig{};
  };
  const int n = skeleton.joint_count();
  if (standing_model.size() != as_size(n)) {
    return fail("the standing pose is not the skeleton's size");
  }
  // The first joint of each side and part, in skeleton order (parents come first, so the
  // main chain wins over helpers deeper in the hierarchy).
  int found[2][4];
  for (auto& side : found) std::fill(std::begin(side), std::end(side), -1);
  for (int j = 0; j < n; ++j) {
    const std::vector<std::string> words = name_words(skeleton.joint_names[j]);
    const NameSide side = name_side(words);
    const LegPart part = part_of(words);
    if (side == NameSide::None || part == LegPart::None) continue;
    int& slot = found[side == NameSide::Left ? 0 : 1][static_cast<int>(part)];
    if (slot < 0) slot = j;
  }
  // Rigs without a toe-named joint (pab's LeftFootThumb1) still have a joint below the foot.
  for (auto& side : found) {
    const int foot = side[static_cast<int>(LegPart::Foot)];
    int& toes = side[static_cast<int>(LegPart::Toes)];
    for (int j = foot + 1; toes < 0 && foot >= 0 && j < n; ++j) {
      if (skeleton.parents[j] == foot) toes = j;
    }
  }
  const char* side_names[] = {"left", "right"};
  const char* part_names[] = {"thigh", "calf", "foot", "toes"};
  FootIkRig rig;
  for (int side = 0; side < 2; ++side) {
    for (int part = 0; part < 4; ++part) {
      if (found[side][part] < 0) {
        return fail(std::string("no ") + side_names[side] + " " + part_names[part] +
                    " joint found by name");
      }
    }
    rig.legs.push_back(make_leg(standing_model, found[side][0], found[side][1], found[side][2],
                                found[side][3], ground_height_m));
    rig.legs.back().contact_name = side == 0 ? "foot_l" : "foot_r";
  }
  // The pelvis: the nearest joint above the left thigh that is also above the right one.
  for (int j = skeleton.parents[found[0][0]]; j != kNoParent; j = skeleton.parents[j]) {
    if (is_ancestor(skeleton, j, found[1][0])) {
      rig.pelvis = j;
      break;
    }
  }
  if (rig.pelvis < 0) return fail("the two thighs have no common parent joint");
  if (std::string cause = validate(skeleton, rig); !cause.empty()) return fail(cause);
  return rig;
}

int feet_carrier(const Skeleton& skeleton, const FootIkRig& rig) {
  if (rig.pelvis < 0 || rig.pelvis >= skeleton.joint_count()) return -1;
  int carrier = rig.pelvis;
  for (const Leg& leg : rig.legs) {
    while (carrier >= 0 && !is_ancestor(skeleton, carrier, leg.foot))
      carrier = nth(skeleton.parents, carrier);
  }
  return carrier;
}

FootIkRig make_foot_ik_rig(const Skeleton& skeleton, const Rig& rig,
                           std::span<const glm::mat4> standing_model, float ground_height_m) {
  FootIkRig out;
  if (standing_model.size() != as_size(skeleton.joint_count())) return out;
  out.pelvis = rig.pelvis;
  bool any_front = false;
  bool any_hind = false;
  for (const Limb& l : rig.limbs) {
    if (l.role != LimbRole::Leg || out.legs.size() >= as_size(kMaxFootIkLegs)) {
      continue;
    }
    const int toes = l.joints.size() >= 4 ? l.joints[3] : l.joints[2];
    Leg leg =
        make_leg(standing_model, l.joints[0], l.joints[1], l.joints[2], toes, ground_height_m);
    const glm::vec3 hip = position(nth(standing_model, leg.thigh));
    const glm::vec3 knee = position(nth(standing_model, leg.calf));
    const glm::vec3 ankle = position(nth(standing_model, leg.foot));
    const float length = glm::length(knee - hip) + glm::length(ankle - knee);
    // A foot joint high above the ground (a hock) rests its sole under the toes instead.
    if (ankle.y - ground_height_m > 0.25f * length && toes != leg.foot) {
      const glm::vec3 t = position(nth(standing_model, toes));
      leg.heel_in_foot = glm::vec3(glm::inverse(nth(standing_model, leg.foot)) *
                                   glm::vec4(t.x, ground_height_m, t.z, 1.0f));
    }
    // The knee bends toward where it sits off the hip-ankle line in the rest pose.
    const glm::vec3 axis = ankle - hip;
    glm::vec3 off =
        knee - hip - axis * (glm::dot(knee - hip, axis) / std::max(glm::dot(axis, axis), 1e-12f));
    leg.knee_forward = glm::length(off) > 1e-3f * length ? glm::normalize(off) : rig.forward;
    leg.foot_attached = l.end_attached;
    if (!l.end_attached) {
      leg.ankle_in_calf =
          glm::vec3(glm::inverse(nth(standing_model, leg.calf)) * glm::vec4(ankle, 1.0f));
    }
    leg.front = l.front;
    any_front = any_front || l.front;
    any_hind = any_hind || !l.front;
    const int legs = rig.leg_count();
    if (legs == 2 && l.side != LimbSide::Center) {
      leg.contact_name = l.side == LimbSide::Left ? "foot_l" : "foot_r";
    } else if (legs == 4 && l.side != LimbSide::Center) {
      leg.contact_name =
          std::string("foot_") + (l.front ? "f" : "h") + (l.side == LimbSide::Left ? "l" : "r");
    } else {
      leg.contact_name = "foot_" + std::to_string(out.legs.size());
    }
    out.legs.push_back(std::move(leg));
  }
  if (any_front && any_hind && rig.chest != kNoParent && !rig.spine.empty()) {
    out.chest = rig.chest;
    out.spine_base = rig.spine.front();
  }
  return out;
}

}  // namespace anim
