#include "render/crowd_palettes.h"

namespace render {

std::string CrowdPalettes::upload(const anim::Crowd& crowd, bool matrices, bool dual_quats,
                                  SkinningPaletteBuffer& palette) {
  const auto instances = crowd.instances();
  if (instances.empty()) return "crowd: no instances";
  const auto joints = static_cast<std::size_t>(instances[0].character()->skeleton.joint_count());
  const std::size_t total = joints * instances.size();
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const anim::CharacterInstance& instance = instances[i];
    const glm::mat4 place = crowd.placement(static_cast<int>(i)) * instance.world_matrix();
    const std::size_t first = i * joints;
    if (matrices) {
      matrices_.resize(total);
      const auto source = instance.skinning_matrices();
      if (source.size() != joints) return "crowd: an instance has no matrix palette";
      for (std::size_t j = 0; j < joints; ++j) matrices_[first + j] = place * source[j];
    }
    if (dual_quats) {
      dual_quats_.resize(total);
      stretch_.resize(total);
      has_stretch_.resize(total);
      const auto source = instance.skinning_dual_quats();
      if (source.size() != joints) return "crowd: an instance has no dual-quaternion palette";
      const anim::DualQuat place_dq = anim::dual_quat_from_matrix(place);
      for (std::size_t j = 0; j < joints; ++j) {
        dual_quats_[first + j] = anim::compose(place_dq, source[j]);
        stretch_[first + j] = instance.skinning_stretch()[j];
        has_stretch_[first + j] = instance.skinning_has_stretch()[j];
      }
    }
  }
  const int per_instance = static_cast<int>(joints);
  if (matrices) {
    if (std::string e = palette.upload_matrices(matrices_, per_instance); !e.empty()) {
      return "crowd: " + e;
    }
  }
  if (dual_quats) {
    if (std::string e =
            palette.upload_dual_quats(dual_quats_, stretch_, has_stretch_, per_instance);
        !e.empty()) {
      return "crowd: " + e;
    }
  }
  return {};
}

}  // namespace render
