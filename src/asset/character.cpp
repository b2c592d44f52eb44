#include "asset/character.h"

#include <vector>

namespace asset {

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
  std::vector<anim::Transform> model(s.rest_pose.size());
  for (int i = 0; i < s.joint_count(); ++i) {
    model[i] = s.parents[i] == anim::kNoParent ? s.rest_pose[i]
                                               : anim::compose(model[s.parents[i]], s.rest_pose[i]);
    grow(model[i].translation);
  }
  return b;
}

}  // namespace asset
