#pragma once
// Per-instance morph targets for an instanced draw, so that each copy of a crowd plays its own
// shapes: for every instance, its targets of non-zero weight and their weights, chosen as
// anim::select_active_morph_targets chooses them for the CPU reference (at most
// kMaxActiveMorphTargets, the largest), packed as shaders/skin_common.glsl's InstanceMorphs and
// uploaded to one storage buffer that the vertex shaders index by gl_InstanceID.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/active_morph_targets.h"

namespace render {

// Storage buffer binding of the per-instance targets (shaders/skin_common.glsl).
inline constexpr unsigned kInstanceMorphsBinding = 5;

// One instance's active targets, laid out as the shader's std430 struct InstanceMorphs.
struct PackedInstanceMorphs {
  std::int32_t count = 0;
  std::int32_t targets[anim::kMaxActiveMorphTargets] = {};
  float weights[anim::kMaxActiveMorphTargets] = {};
};
static_assert(sizeof(PackedInstanceMorphs) == 4 + 8 * anim::kMaxActiveMorphTargets);

// Fills out (one per instance) from weights, instance-major: instance n's weight of target t at
// weights[n * target_count + t]. Returns "" or why not, writing nothing: target_count not
// positive, or weights not target_count times out's size.
std::string pack_instance_morphs(std::span<const float> weights, int target_count,
                                 std::span<PackedInstanceMorphs> out);

class InstanceMorphBuffer {
 public:
  InstanceMorphBuffer() = default;
  InstanceMorphBuffer(const InstanceMorphBuffer&) = delete;
  InstanceMorphBuffer& operator=(const InstanceMorphBuffer&) = delete;
  ~InstanceMorphBuffer();

  // Packs instance_count instances' weights (as pack_instance_morphs) and uploads them. Grows
  // the buffer and its staging copy when needed, so steady frames do not allocate. Returns ""
  // or the packer's cause (then nothing is uploaded).
  std::string upload(std::span<const float> weights, int target_count, int instance_count);

  // Binds the buffer to kInstanceMorphsBinding.
  void bind() const;

 private:
  unsigned buffer_ = 0;
  std::size_t capacity_ = 0;  // bytes
  std::vector<PackedInstanceMorphs> staging_;
};

}  // namespace render
