#include "anim/rig.h"

#include <algorithm>

#include "anim/index.h"

namespace anim {

int Rig::leg_count() const {
  return static_cast<int>(std::count_if(limbs.begin(), limbs.end(),
                                        [](const Limb& l) { return l.role == LimbRole::Leg; }));
}

const char* rig_kind(const Rig& rig) {
  switch (rig.leg_count()) {
    case 0:
      return "none";
    case 2:
      return "biped";
    case 4:
      return "quadruped";
    default:
      return "multiped";
  }
}

const char* to_string(LimbRole role) {
  return role == LimbRole::Leg ? "leg" : "arm";
}

const char* to_string(LimbSide side) {
  switch (side) {
    case LimbSide::Left:
      return "left";
    case LimbSide::Right:
      return "right";
    default:
      return "center";
  }
}

std::string validate(const Skeleton& skeleton, const Rig& rig) {
  const int n = skeleton.joint_count();
  auto in_range = [n](int j) { return j >= 0 && j < n; };
  if (rig.pelvis != kNoParent && !in_range(rig.pelvis)) return "the pelvis joint is out of range";
  for (int j : {rig.chest, rig.neck, rig.head}) {
    if (j != kNoParent && !in_range(j)) return "a spine joint is out of range";
  }
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const Limb& l = rig.limbs[i];
    const std::string name = std::string(to_string(l.side)) + " " + to_string(l.role) + " (limb " +
                             std::to_string(i) + ")";
    if (l.joints.size() < 3) return name + " has fewer than three joints";
    for (int j : l.joints) {
      if (!in_range(j)) return name + ": a joint is out of range";
    }
    for (std::size_t k = 1; k < l.joints.size(); ++k) {
      if (k == 2 && !l.end_attached) continue;
      if (!is_ancestor(skeleton, l.joints[k - 1], l.joints[k])) {
        return name + ": '" + nth(skeleton.joint_names, l.joints[k]) + "' is not below '" +
               nth(skeleton.joint_names, l.joints[k - 1]) + "'";
      }
    }
    if (l.role == LimbRole::Leg &&
        (rig.pelvis == kNoParent || !is_ancestor(skeleton, rig.pelvis, l.joints[0]))) {
      return name + ": the pelvis is not above it";
    }
  }
  return {};
}

}  // namespace anim
