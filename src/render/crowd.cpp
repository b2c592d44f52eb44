#include "render/crowd.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/pose.h"
#include "anim/skinning.h"

namespace render {

std::string Crowd::setup(const anim::Skeleton& skeleton, const anim::Clip& clip, int count,
                         float spacing_m) {
  if (count < 1) return "crowd: the count must be at least 1, got " + std::to_string(count);
  if (std::string error = anim::validate(skeleton); !error.empty()) return "crowd: " + error;
  if (!(clip.duration_s > 0.0f)) return "crowd: clip '" + clip.name + "' has no duration";
  skeleton_ = &skeleton;
  clip_ = &clip;
  // Many instances of one clip: its compressed form keeps the shared data small and samples fast.
  anim::BindOptions compressed;
  compressed.compress = true;
  binding_ = anim::bind_clip(clip, skeleton, compressed);
  caches_.assign(static_cast<std::size_t>(count), anim::SamplingCache(clip, binding_));
  const std::size_t joints = static_cast<std::size_t>(skeleton.joint_count());
  local_.resize(joints);
  model_.resize(joints);
  matrices_.resize(joints * count);
  dual_quats_.resize(joints * count);
  stretch_.resize(joints * count);
  has_stretch_.resize(joints * count);
  const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<float>(count))));
  const int rows = (count + columns - 1) / columns;
  placements_.clear();
  for (int i = 0; i < count; ++i) {
    const float x = (static_cast<float>(i % columns) - 0.5f * (columns - 1)) * spacing_m;
    const float z = (static_cast<float>(i / columns) - 0.5f * (rows - 1)) * spacing_m;
    placements_.push_back(glm::translate(glm::mat4(1.0f), {x, 0.0f, z}));
  }
  return {};
}

float Crowd::instance_time(int i, float time_s) const {
  constexpr float kGoldenRatioFraction = 0.618034f;
  const float phase = static_cast<float>(i) * kGoldenRatioFraction;
  return time_s + (phase - std::floor(phase)) * clip_->duration_s;
}

std::string Crowd::update(float time_s, bool matrices, bool dual_quats,
                          SkinningPaletteBuffer& palette) {
  if (!skeleton_) return "crowd: update before setup";
  const std::size_t joints = local_.size();
  for (int i = 0; i < count(); ++i) {
    const std::size_t first = static_cast<std::size_t>(i) * joints;
    anim::JobResult result =
        anim::sample_clip(*clip_, binding_, *skeleton_, instance_time(i, time_s),
                          caches_[static_cast<std::size_t>(i)], local_);
    if (result) result = anim::local_to_model(*skeleton_, local_, model_);
    if (!result) return std::string("crowd: ") + result.error;
    for (glm::mat4& m : model_) m = placements_[static_cast<std::size_t>(i)] * m;
    if (matrices) {
      result = anim::skinning_matrices(model_, skeleton_->inverse_bind,
                                       std::span(matrices_).subspan(first, joints));
    }
    if (result && dual_quats) {
      result = anim::skinning_dual_quats(model_, skeleton_->inverse_bind,
                                         std::span(dual_quats_).subspan(first, joints),
                                         std::span(stretch_).subspan(first, joints),
                                         std::span(has_stretch_).subspan(first, joints));
    }
    if (!result) return std::string("crowd: ") + result.error;
  }
  const int per_instance = static_cast<int>(joints);
  if (matrices) {
    if (std::string error = palette.upload_matrices(matrices_, per_instance); !error.empty()) {
      return "crowd: " + error;
    }
  }
  if (dual_quats) {
    if (std::string error =
            palette.upload_dual_quats(dual_quats_, stretch_, has_stretch_, per_instance);
        !error.empty()) {
      return "crowd: " + error;
    }
  }
  return {};
}

}  // namespace render
