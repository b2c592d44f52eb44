#pragma once
// Small skeletons for the procedural jobs' tests (look-at, twist, springs, FABRIK, the stack),
// every rest rotation the identity unless a test turns one.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/pose.h"
#include "anim/skeleton.h"
#include "joint_adding.h"

namespace anim::testing {

// root 0 at the origin, spine 1 one metre up, neck 2 at 1.5 m, head 3 at 1.7 m, and a tail
// hanging back from the root: tail_0 4 (0, 1, -0.1) to tail_5 9, each 0.1 m further back.
inline Skeleton make_torso() {
  Skeleton s;
  add_joint(s, "root", kNoParent, {0, 0, 0});
  add_joint(s, "spine", 0, {0, 1, 0});
  add_joint(s, "neck", 1, {0, 0.5f, 0});
  add_joint(s, "head", 2, {0, 0.2f, 0});
  int parent = add_joint(s, "tail_0", 0, {0, 1, -0.1f});
  for (int k = 1; k < 6; ++k) {
    parent = add_joint(s, "tail_" + std::to_string(k), parent, {0, 0, -0.1f});
  }
  return s;
}

inline std::vector<glm::mat4> model_of(const Skeleton& s, const std::vector<Transform>& local) {
  std::vector<glm::mat4> model(local.size());
  if (!local_to_model(s, local, model)) model.clear();
  return model;
}

inline glm::vec3 position(const std::vector<glm::mat4>& model, int joint) {
  return glm::vec3(model[static_cast<std::size_t>(joint)][3]);
}

}  // namespace anim::testing
