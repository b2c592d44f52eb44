#pragma once
// The glTF 2.0 reader (.gltf, .glb) through tinygltf, the reference loader: the same Character
// the assimp path builds (metres, Y-up, joints picked the same way, unnamed nodes called
// "nodes[<index>]" as assimp calls them), with what assimp loses kept: each sampler's
// interpolation (STEP, LINEAR, CUBICSPLINE), skins without inverseBindMatrices, several skins,
// sparse and quantized accessors, every material field, tangents, vertex colours, default
// morph weights, and the markers animview writes into an animation's extras.

#include <string>

#include "import/importer.h"

namespace importer {

// True for the file names this reader takes (.gltf and .glb, any case).
bool is_gltf_path(const std::string& path);

// Imports path as import_file does (same result, errors "<path>: <cause>"; tinygltf's own
// message when it cannot parse the file).
ImportResult read_gltf(const std::string& path, const ImportSettings& settings,
                       const ProgressCallback& progress);

}  // namespace importer
