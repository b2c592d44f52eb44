#pragma once
// Reading glTF accessors with every bound checked: a file that lies about its sizes gives a
// message, never a read outside its buffers (tinygltf checks the JSON, not the data).

#include <string>
#include <vector>

#include "import/gltf_model.h"

namespace importer {

// The values of accessor index of model, count * components of them in order (a MAT4 is 16
// column-major values). Integer components are converted as the spec says: normalized ones to
// [0, 1] or [-1, 1] (KHR_mesh_quantization, quantized animation), others to their value.
// Sparse accessors get their substitutions applied; an accessor without a bufferView starts
// from zeros. Returns an empty string on success, otherwise the cause naming the accessor.
struct AccessorValues {
  std::vector<double> values;
  int components = 0;  // per element: 1 (SCALAR) to 16 (MAT4)
  std::size_t count = 0;
};
std::string read_accessor(const tinygltf::Model& model, int index, AccessorValues& out);

// The number of components of an accessor type (TINYGLTF_TYPE_*: 1 for SCALAR to 16 for
// MAT4); 0 for an unknown type.
int component_count(int type);

}  // namespace importer
