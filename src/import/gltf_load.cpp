#include "import/gltf_load.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "import/draco_decoding.h"
#include "import/gltf_compressed_json.h"
#include "import/gltf_extensions.h"
#include "import/meshopt_decoding.h"

namespace importer {
namespace {

std::string trimmed(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

bool is_binary(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".glb";
}

// Keeps images as they are stored: encoded bytes for the renderer to decode. Refuses image
// bytes that tinygltf found through a bufferView reaching past its buffer (it does not check).
bool keep_encoded(tinygltf::Image* image, const int index, std::string* err, std::string*, int, int,
                  const unsigned char* bytes, int size, void* user_data) {
  const auto* model = static_cast<const tinygltf::Model*>(user_data);
  for (const tinygltf::Buffer& buffer : model->buffers) {
    const unsigned char* begin = buffer.data.data();
    const unsigned char* end = begin + buffer.data.size();
    if (bytes >= begin && bytes <= end && size > end - bytes) {
      if (err != nullptr) {
        *err += "image " + std::to_string(index) + " reaches past the end of its buffer\n";
      }
      return false;
    }
  }
  image->image.assign(bytes, bytes + std::max(size, 0));
  image->as_is = true;
  return true;
}

}  // namespace

std::string load_gltf_model(const std::string& path, tinygltf::Model& model, ImportReport& report) {
  std::ifstream in(path, std::ios::binary);
  std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) return "cannot be read";
  // tinygltf takes an unsigned int length.
  if (file.size() > 0xFFFFFFFFu) return "is larger than 4 GiB";
  const bool binary = is_binary(path);
  prepare_compressed_json(file, binary);

  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(&keep_encoded, &model);
  loader.SetStoreOriginalJSONForExtrasAndExtensions(true);
  std::string error;
  std::string warning;
  const std::string directory = std::filesystem::path(path).parent_path().string();
  const auto length = static_cast<unsigned int>(file.size());
  const bool ok =
      binary ? loader.LoadBinaryFromMemory(&model, &error, &warning,
                                           reinterpret_cast<const unsigned char*>(file.data()),
                                           length, directory)
             : loader.LoadASCIIFromString(&model, &error, &warning, file.data(), length, directory);
  if (!ok) {
    return "tinygltf cannot read it: " +
           (error.empty() ? std::string("no cause given") : trimmed(error));
  }
  if (!trimmed(warning).empty()) report.warnings.push_back("tinygltf: " + trimmed(warning));
  if (std::string cause = check_gltf_extensions(model, report); !cause.empty()) return cause;
  // Decoded whatever extensionsUsed says: a file that compresses without listing it (assimp's
  // Draco engine) would otherwise read as zeros.
  if (std::string cause = decode_meshopt_views(model); !cause.empty()) return cause;
  return decode_draco_primitives(model);
}

}  // namespace importer
