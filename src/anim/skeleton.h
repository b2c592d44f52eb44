#pragma once
// Skeleton: the read-only joint hierarchy a character and its clips share.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/transform.h"

namespace anim {

inline constexpr int kNoParent = -1;

// Joints are stored so that a parent always precedes its children (parents[i] < i), which lets
// local_to_model run as one forward loop. rest_pose holds local transforms; inverse_bind holds
// the model-space inverse bind matrices used by skinning (identity where a joint has none).
struct Skeleton {
  std::vector<std::string> joint_names;
  std::vector<int> parents;
  std::vector<Transform> rest_pose;
  std::vector<glm::mat4> inverse_bind;

  int joint_count() const { return static_cast<int>(parents.size()); }

  // Index of the joint called name, or -1.
  int find_joint(std::string_view name) const;
};

// Checks the invariants above (sizes agree, parents precede children, names unique and not
// empty, no NaN in the rest pose). Returns an empty string when valid, otherwise the cause.
std::string validate(const Skeleton& skeleton);

// Whether ancestor is strictly above joint in the hierarchy (joint's parent, its parent, ...).
bool is_ancestor(const Skeleton& skeleton, int ancestor, int joint);

}  // namespace anim
