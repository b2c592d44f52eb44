#pragma once
// The file's own node pose on the GPU: `animview render --rest-pose` draws what f3d draws,
// which can differ from the skin's bind pose (a file may bind its skin in another pose).

#include <string>

#include "anim/skeleton.h"
#include "render/skinning_palette_buffer.h"

namespace app {

// Uploads both skinning palettes (matrices and dual quaternions) of skeleton's rest pose: the
// local rest transforms through anim::local_to_model, times the inverse bind matrices. Returns
// "" or why a step failed.
std::string upload_rest_pose_palette(const anim::Skeleton& skeleton,
                                     render::SkinningPaletteBuffer& palette);

}  // namespace app
