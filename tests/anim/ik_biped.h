#pragma once
// A small biped for the foot IK and foot contact tests, facing +Z: pelvis 0.95 m up; per side a
// thigh bone of 0.451 m and a calf bone of 0.421 m with the knee 3 cm forward, the ankle 8 cm
// above the floor and the toes 12 cm ahead of it and 2 cm up. Joints: root 0, pelvis 1, then
// thigh, calf, foot, toes for the left (2-5, +X) and the right (6-9) leg.

#include <vector>

#include "anim/foot_ik.h"
#include "anim/pose.h"
#include "anim/skeleton.h"
#include "joint_adding.h"

namespace anim::testing {

struct Biped {
  Skeleton skeleton;
  FootIkRig rig;
};

inline Biped make_biped() {
  Biped b;
  Skeleton& s = b.skeleton;
  auto add = [&](const char* name, int parent, glm::vec3 t) { add_joint(s, name, parent, t); };
  add("root", kNoParent, {0, 0, 0});
  add("pelvis", 0, {0, 0.95f, 0});
  for (float side : {1.0f, -1.0f}) {
    const int thigh = s.joint_count();
    add(side > 0 ? "thigh_l" : "thigh_r", 1, {0.1f * side, 0, 0});
    add(side > 0 ? "calf_l" : "calf_r", thigh, {0, -0.45f, 0.03f});
    add(side > 0 ? "foot_l" : "foot_r", thigh + 1, {0, -0.42f, -0.03f});
    add(side > 0 ? "toes_l" : "toes_r", thigh + 2, {0, -0.06f, 0.12f});
  }
  std::vector<glm::mat4> model(s.rest_pose.size());
  if (!local_to_model(s, s.rest_pose, model)) return b;  // never: sizes match
  b.rig.pelvis = 1;
  b.rig.legs = {make_leg(model, 2, 3, 4, 5), make_leg(model, 6, 7, 8, 9)};
  return b;
}

}  // namespace anim::testing
