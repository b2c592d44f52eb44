#include "app/rest_pose_palette.h"

#include <vector>

#include "anim/pose.h"
#include "anim/skinning.h"

namespace app {

std::string upload_rest_pose_palette(const anim::Skeleton& skeleton,
                                     render::SkinningPaletteBuffer& palette) {
  const std::size_t n = static_cast<std::size_t>(skeleton.joint_count());
  std::vector<glm::mat4> model(n);
  std::vector<glm::mat4> matrices(n);
  std::vector<anim::DualQuat> dual_quats(n);
  std::vector<glm::mat3> stretch(n);
  std::vector<std::uint8_t> has_stretch(n);
  if (const anim::JobResult r = anim::local_to_model(skeleton, skeleton.rest_pose, model); !r) {
    return std::string("rest pose: ") + r.error;
  }
  if (const anim::JobResult r = anim::skinning_matrices(model, skeleton.inverse_bind, matrices);
      !r) {
    return std::string("rest pose: ") + r.error;
  }
  if (const anim::JobResult r =
          anim::skinning_dual_quats(model, skeleton.inverse_bind, dual_quats, stretch, has_stretch);
      !r) {
    return std::string("rest pose: ") + r.error;
  }
  const int joints = static_cast<int>(n);
  if (std::string e = palette.upload_matrices(matrices, joints); !e.empty()) return e;
  return palette.upload_dual_quats(dual_quats, stretch, has_stretch, joints);
}

}  // namespace app
