// libFuzzer target: the glTF 2.0 reader with the conversion to a Character (skeleton, clips,
// meshes, materials), in this process (the isolation would hide the findings), and the version
// sniffing that picks a reader. Inputs starting with glTF's binary magic are read as .glb, the
// others as .gltf. Files the sniffing calls glTF 1.0 go to assimp in the product, which runs
// isolated: assimp's own readers are not fuzzed here.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "import/gltf_reader.h"
#include "import/gltf_version.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const bool binary =
      size >= 4 && data[0] == 'g' && data[1] == 'l' && data[2] == 'T' && data[3] == 'F';
  static const std::string base = "/tmp/animview_fuzz_" + std::to_string(getpid());
  const std::string path = base + (binary ? ".glb" : ".gltf");
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  importer::ImportSettings settings;
  settings.limits.isolated = false;
  const importer::GltfVersion version = importer::gltf_version(path);
  if (version.major < 0 || version.major > 2) __builtin_trap();
  const importer::ImportResult result = importer::read_gltf(path, settings, {});
  if (result.ok() && !anim::validate(result.character.skeleton).empty()) __builtin_trap();
  return 0;
}
