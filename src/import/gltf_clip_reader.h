#pragma once
// glTF animations to anim::Clip, keeping each sampler's interpolation as glTF defines it.

#include <string>
#include <vector>

#include "anim/clip.h"
#include "import/gltf_scene.h"
#include "import/import_settings.h"

namespace importer {

// Builds one clip per animation of scene's model into out. Clips without a name are called
// `clip_<index>`. STEP, LINEAR and CUBICSPLINE samplers become Step, Linear and CubicSpline
// tracks (values converted like the nodes: translations to metres, the up-axis turn in front of
// top-level joints, tangents too). The runtime nlerps Linear rotations: where that would leave
// the spec's slerp by more than the joint's max_rotation_error_rad (one per joint of scene's
// skeleton), keys on the slerp path are inserted. STEP tracks holding one value become Linear.
// Markers, the loop flag and the frame rate come from the animation's extras (`{"markers":
// [{"name", "time"}], "loop": bool, "fps": number}`, as the glTF writer stores them); without
// "fps" the rate is the smallest key interval's. A morph weight channel becomes one MorphTrack
// per target of its node's mesh (named by gltf_morph_target_names); one that cannot be read
// (no targets, a size that does not fit them, NaN) is skipped with a warning. Returns an empty
// string on success, otherwise the cause naming the clip, joint and channel (NaN keys, times out of
// order, accessors that do not fit).
std::string read_gltf_clips(const GltfScene& scene, const ImportSettings& settings,
                            const std::vector<float>& max_rotation_error_rad,
                            std::vector<anim::Clip>& out, std::vector<std::string>& warnings);

}  // namespace importer
