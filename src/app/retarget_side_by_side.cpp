#include "app/retarget_side_by_side.h"

#include "render/skeleton_overlay.h"

namespace app {

bool SourceSkeletonView::draw(const RetargetAuthoring& authoring, const ViewerScene& scene,
                              bool side_by_side, const glm::mat4& view_projection) {
  glm::mat4 world(1.0f);
  const anim::Skeleton* skeleton =
      side_by_side ? source_skeleton_pose(authoring, scene, model_, world) : nullptr;
  if (skeleton == nullptr) return false;
  // Cyan, apart from the character's orange skeleton.
  render::add_skeleton(lines_, model_, skeleton->parents, world, render::BoneStyle::Octahedra,
                       {0.2f, 0.85f, 1.0f, 1.0f});
  lines_.draw(view_projection, false);
  return true;
}

}  // namespace app
