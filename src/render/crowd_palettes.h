#pragma once
// The palettes of a crowd (anim::Crowd) for one instanced draw: each instance's skinning
// palette with its grid placement and world transform baked in, so the skinning shaders need
// nothing per instance but gl_InstanceID. Sampling happened in the crowd's frame; this only
// composes and uploads.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/crowd.h"
#include "anim/dual_quat.h"
#include "render/skinning_palette_buffer.h"

namespace render {

class CrowdPalettes {
 public:
  // Uploads the matrix palettes (for LBS) and/or the dual quaternions with stretch (for DQ) of
  // every instance of crowd, which must have built them (CharacterSettings' palettes). Buffers
  // grow to the crowd's size once. Returns "" or the cause.
  std::string upload(const anim::Crowd& crowd, bool matrices, bool dual_quats,
                     SkinningPaletteBuffer& palette);

 private:
  std::vector<glm::mat4> matrices_;
  std::vector<anim::DualQuat> dual_quats_;
  std::vector<glm::mat3> stretch_;
  std::vector<std::uint8_t> has_stretch_;
};

}  // namespace render
