#pragma once
// Compressed twins of real glTF files for tests: made at test time with npm's glTF tools
// (scripts/install_node_tools.sh), edited at the byte level to break them, and compared with
// their originals vertex by vertex, posed.

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "anim/clip.h"
#include "import/character.h"

namespace test {

// build/node_tools/node_modules/.bin/<name> (gltf-transform, gltfpack); empty when absent.
std::filesystem::path node_tool(const std::string& name);

// Runs tool with args (shell-quoted where needed) in dir; returns an empty string when it
// exits 0, otherwise its exit code and output.
std::string run_tool(const std::filesystem::path& tool, const std::string& args,
                     const std::filesystem::path& dir);

// args with {in} and {out} replaced by the quoted paths.
std::string with_files(const std::string& args, const std::filesystem::path& in,
                       const std::filesystem::path& out);

// A .glb's JSON chunk, parsed, and its BIN chunk as bytes.
struct Glb {
  nlohmann::json json;
  std::string bin;
};
Glb read_glb(const std::filesystem::path& path);
void write_glb(const Glb& glb, const std::filesystem::path& path);

// The largest distance between a vertex of a, skinned on the CPU at time_s of its clip
// clip_name (empty: the rest pose), and the nearest vertex of b posed the same way whose
// texture coordinates lie within uv_tolerance, taken both ways (a Hausdorff distance over
// vertices). Meshes are pooled, so a twin may merge or split them. Infinity when a vertex has
// no match.
float posed_vertex_distance(const importer::Character& a, const importer::Character& b,
                            const std::string& clip_name, float time_s, float uv_tolerance);

// The diagonal of the character's bind-pose bounds.
float character_size(const importer::Character& character);

}  // namespace test
