#include "anim/skeleton.h"

#include <cmath>
#include <unordered_set>

#include "anim/index.h"

namespace anim {

int Skeleton::find_joint(std::string_view name) const {
  for (int i = 0; i < joint_count(); ++i) {
    if (joint_names[i] == name) return i;
  }
  return -1;
}

std::string validate(const Skeleton& s) {
  const std::size_t n = s.parents.size();
  if (s.joint_names.size() != n || s.rest_pose.size() != n || s.inverse_bind.size() != n) {
    return "joint names, parents, rest pose and inverse bind matrices differ in count";
  }
  std::unordered_set<std::string_view> seen;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& name = s.joint_names[i];
    if (name.empty()) return "joint " + std::to_string(i) + " has no name";
    if (!seen.insert(name).second) return "duplicate joint name '" + name + "'";
    if (s.parents[i] != kNoParent && (s.parents[i] < 0 || s.parents[i] >= static_cast<int>(i))) {
      return "joint '" + name + "' does not come after its parent";
    }
    if (!finite(s.rest_pose[i])) return "joint '" + name + "' has a non-finite rest pose";
  }
  return {};
}

bool is_ancestor(const Skeleton& skeleton, int ancestor, int joint) {
  for (int j = nth(skeleton.parents, joint); j != kNoParent; j = nth(skeleton.parents, j)) {
    if (j <= ancestor) return j == ancestor;  // parents precede children: the rest is above it
  }
  return false;
}

int contiguous_subtree_end(const Skeleton& skeleton, int joint) {
  const std::vector<int>& parents = skeleton.parents;
  const int n = skeleton.joint_count();
  int end = joint + 1;
  while (end < n && nth(parents, end) >= joint) ++end;
  for (int j = end; j < n; ++j) {
    if (nth(parents, j) >= joint && nth(parents, j) < end) return -1;
  }
  return end;
}

}  // namespace anim
