#include "import/character.h"

#include <cmath>
#include <vector>

namespace importer {

Bounds bind_pose_bounds(const Character& c) {
  Bounds b;
  auto grow = [&b](const glm::vec3& p) {
    b.min = glm::min(b.min, p);
    b.max = glm::max(b.max, p);
  };
  for (const anim::SkinnedMesh& mesh : c.meshes) {
    for (const glm::vec3& p : mesh.positions) grow(p);
  }
  if (!b.empty()) return b;
  // No mesh: accumulate the rest pose down the hierarchy (parents precede children).
  const anim::Skeleton& s = c.skeleton;
  const std::vector<bool> measured = character_tree(s);
  std::vector<anim::Transform> model(s.rest_pose.size());
  for (int i = 0; i < s.joint_count(); ++i) {
    model[i] = s.parents[i] == anim::kNoParent ? s.rest_pose[i]
                                               : anim::compose(model[s.parents[i]], s.rest_pose[i]);
    if (measured[static_cast<std::size_t>(i)]) grow(model[i].translation);
  }
  return b;
}

std::vector<bool> character_tree(const anim::Skeleton& skeleton) {
  const auto n = static_cast<std::size_t>(skeleton.joint_count());
  // Each joint's top-level ancestor (parents precede children), and how many joints each holds.
  std::vector<int> top(n), size(n, 0);
  int largest = -1;
  for (std::size_t j = 0; j < n; ++j) {
    const int parent = skeleton.parents[j];
    top[j] =
        parent == anim::kNoParent ? static_cast<int>(j) : top[static_cast<std::size_t>(parent)];
    const int count = ++size[static_cast<std::size_t>(top[j])];
    if (largest < 0 || count > size[static_cast<std::size_t>(largest)]) largest = top[j];
  }
  std::vector<bool> in_tree(n);
  for (std::size_t j = 0; j < n; ++j) in_tree[j] = top[j] == largest;
  return in_tree;
}

}  // namespace importer
