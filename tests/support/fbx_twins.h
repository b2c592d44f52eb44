#pragma once
// FBX twins of glTF files for the assimp FBX path: written by assimp's own FBX exporter in its
// ASCII form (the one assimp 5.2.5 reads back), and, since that exporter cannot write weight
// curves, the same text with hand-made blend-shape "DeformPercent" curves spliced in.

#include <cstdint>
#include <filesystem>
#include <optional>

namespace test {

// FBX keeps time in ticks.
inline constexpr std::int64_t kFbxTicksPerSecond = 46186158000;

// The FBX twin of a glTF file, written into a fresh temporary folder.
std::filesystem::path fbx_twin(const std::filesystem::path& gltf);

// The FBX twin of a glTF file with one mesh of two blend shapes (the Khronos morph sphere), its
// blend-shape channels named "Squash" and "Bulge", and weight curves in the animation stack the
// exporter writes ("Globe", LocalStart 0, LocalStop 7 s):
//   Squash: 0 % at 0 s, 100 % at 1 s, 25 % at 2 s;
//   Bulge: 40 % at 0.5 s, 80 % at 2 s;
//   and a third channel, "Unshaped", without a shape of its own: 50 % at 0 s.
// local_start_ticks replaces the stack's LocalStart; nullopt removes LocalStart and LocalStop.
std::filesystem::path fbx_twin_with_shape_curves(const std::filesystem::path& gltf,
                                                 std::optional<std::int64_t> local_start_ticks = 0);

}  // namespace test
