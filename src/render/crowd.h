#pragma once
// Crowd mode: N copies of one character playing one clip at staggered times, laid out on a
// grid and drawn with one instanced draw. Each instance's placement is baked into its block of
// the palette, so the skinning shaders need nothing per instance but gl_InstanceID.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/dual_quat.h"
#include "anim/skeleton.h"
#include "anim/transform.h"
#include "render/skinning_palette_buffer.h"

namespace render {

class Crowd {
 public:
  // Prepares count instances of skeleton playing clip, spacing_m apart on a square grid on the
  // ground (y = 0) centred on the origin. skeleton and clip must outlive the crowd. Every buffer
  // is allocated here, so update() does not allocate. Returns "" or the cause (count < 1, an
  // invalid skeleton, a clip without duration).
  std::string setup(const anim::Skeleton& skeleton, const anim::Clip& clip, int count,
                    float spacing_m);

  int count() const { return static_cast<int>(placements_.size()); }

  // Where instance i stands (a translation on the grid).
  const glm::mat4& placement(int i) const { return placements_[static_cast<std::size_t>(i)]; }

  // The clip time instance i plays when the crowd's time is time_s: time_s plus an offset that
  // spreads the instances over the clip (multiples of the golden ratio, so neighbours differ).
  float instance_time(int i, float time_s) const;

  // Samples every instance at its time, converts to model space, places it, and uploads the
  // palettes asked for (matrices for Lbs, dual quaternions with stretch for DualQuat; both for
  // the difference view). Returns "" or the failing job's message.
  std::string update(float time_s, bool matrices, bool dual_quats, SkinningPaletteBuffer& palette);

 private:
  const anim::Skeleton* skeleton_ = nullptr;
  const anim::Clip* clip_ = nullptr;
  anim::ClipBinding binding_;
  std::vector<anim::SamplingCache> caches_;  // one per instance
  std::vector<glm::mat4> placements_;
  std::vector<anim::Transform> local_;  // one instance's scratch pose
  std::vector<glm::mat4> model_;        // one instance's scratch model-space pose
  // All instances, instance-major.
  std::vector<glm::mat4> matrices_;
  std::vector<anim::DualQuat> dual_quats_;
  std::vector<glm::mat3> stretch_;
  std::vector<std::uint8_t> has_stretch_;
};

}  // namespace render
