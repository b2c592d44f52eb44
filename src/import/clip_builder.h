#pragma once
// Clip builder: converts every aiAnimation of a scene into an anim::Clip for the skeleton the
// skeleton builder made from the same scene.
//
// Times become seconds (ticks / ticks per second; 0 ticks per second falls back with a
// warning; the settings may override the rate). Keys are converted like the nodes: translations
// to metres, and top-level joints get the axis rotation and their static ancestors in front, so
// a clip plays in the same model space as the rest pose. assimp 5.2 turns every glTF
// sampler into linear keys (no interpolation mode survives), so tracks are Linear.

#include <string>
#include <vector>

#include <assimp/scene.h>

#include "anim/clip.h"
#include "import/import_settings.h"
#include "import/scene_conversion.h"
#include "import/skeleton_builder.h"

namespace importer {

// Builds one clip per animation into out. Clips without a name are called `clip_<index>`.
// Returns an empty string on success, otherwise the cause naming the clip, joint and channel
// (NaN or infinite keys, keys out of order). Problems a user can live with (zero length, unknown
// ticks per second, channels for nodes that are not joints) become warnings. Blend-shape weight
// channels become morph tracks (assimp_morph_tracks.h); those that do not fit are warnings that
// name file_name.
std::string build_clips(const aiScene& scene, const SceneConversion& conversion,
                        const SkeletonBuild& skeleton, const ImportSettings& settings,
                        const std::string& file_name, std::vector<anim::Clip>& out,
                        std::vector<std::string>& warnings);

}  // namespace importer
