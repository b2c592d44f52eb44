#pragma once
// Adding a joint to a hand-built test skeleton.

#include <string>

#include <glm/glm.hpp>

#include "anim/pose.h"
#include "anim/skeleton.h"

namespace anim::testing {

// Appends a joint at translation from its parent, unrotated and unscaled, with an identity
// inverse bind; returns its index.
inline int add_joint(Skeleton& s, const std::string& name, int parent, glm::vec3 translation) {
  s.joint_names.push_back(name);
  s.parents.push_back(parent);
  Transform t;
  t.translation = translation;
  s.rest_pose.push_back(t);
  s.inverse_bind.emplace_back(1.0f);
  return s.joint_count() - 1;
}

}  // namespace anim::testing
