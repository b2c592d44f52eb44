// Broken compressed glTF gives a message naming the file, the mesh and the cause, never a
// crash: a Draco stream cut short, a corrupt meshopt stream, a meshopt codec version Debian's
// meshoptimizer (0.18) cannot decode, and extensions animview does not read.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "import/importer.h"
#include "support/gltf_twins.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;

// The twin of a shared asset made by tool with args ({in}, {out} replaced); empty path (and the
// test skipped by the caller) when the asset or the tool is absent.
fs::path make_twin(const std::string& asset, const std::string& tool_name, const std::string& args,
                   const fs::path& dir) {
  const fs::path original = test::shared_asset(asset);
  const fs::path tool = test::node_tool(tool_name);
  if (!fs::exists(original) || tool.empty()) return {};
  const fs::path twin = dir / "twin.glb";
  EXPECT_EQ(test::run_tool(tool, test::with_files(args, original, twin), dir), "");
  return twin;
}

#define SKIP_WITHOUT_TWIN(twin)                                                                \
  do {                                                                                         \
    if ((twin).empty()) {                                                                      \
      GTEST_SKIP() << "the shared assets or npm's glTF tools (scripts/install_node_tools.sh) " \
                      "are absent";                                                            \
    }                                                                                          \
  } while (false)

void expect_error(const fs::path& file, const std::vector<std::string>& parts) {
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_FALSE(result.ok()) << file << " imported";
  EXPECT_EQ(result.error.rfind(file.string() + ": ", 0), 0u) << result.error;
  for (const std::string& part : parts) {
    EXPECT_NE(result.error.find(part), std::string::npos)
        << "no '" << part << "' in " << result.error;
  }
}

TEST(CompressedGltfBadInput, ADracoStreamCutShortNamesTheFileMeshAndCause) {
  const fs::path dir = test::make_temp_dir();
  const fs::path twin = make_twin("khronos/Fox.glb", "gltf-transform", "draco {in} {out}", dir);
  SKIP_WITHOUT_TWIN(twin);
  test::Glb glb = test::read_glb(twin);
  nlohmann::json& primitive = glb.json["meshes"][0]["primitives"][0];
  const int view = primitive["extensions"]["KHR_draco_mesh_compression"]["bufferView"];
  glb.json["bufferViews"][view]["byteLength"] =
      glb.json["bufferViews"][view]["byteLength"].get<int>() / 2;
  const fs::path cut = dir / "draco_cut_short.glb";
  test::write_glb(glb, cut);
  expect_error(cut, {"mesh '" + glb.json["meshes"][0]["name"].get<std::string>() + "'",
                     "Draco cannot decode its Draco bufferView " + std::to_string(view)});
}

TEST(CompressedGltfBadInput, ADracoStreamPastTheEndOfItsBufferIsNamed) {
  const fs::path dir = test::make_temp_dir();
  const fs::path twin = make_twin("khronos/Fox.glb", "gltf-transform", "draco {in} {out}", dir);
  SKIP_WITHOUT_TWIN(twin);
  test::Glb glb = test::read_glb(twin);
  const int view = glb.json["meshes"][0]["primitives"][0]["extensions"]
                           ["KHR_draco_mesh_compression"]["bufferView"];
  glb.json["bufferViews"][view]["byteOffset"] = glb.bin.size() - 16;
  const fs::path bad = dir / "draco_past_end.glb";
  test::write_glb(glb, bad);
  expect_error(bad, {"mesh '", "reaches past the end of buffer 0"});
}

// The first vertex stream that meshopt compresses, with the accessor of a mesh reading it.
int first_meshopt_attribute_view(const nlohmann::json& doc, const std::string& extension) {
  for (std::size_t v = 0; v < doc["bufferViews"].size(); ++v) {
    const nlohmann::json& view = doc["bufferViews"][v];
    if (view.contains("extensions") && view["extensions"].contains(extension) &&
        view["extensions"][extension]["mode"] == "ATTRIBUTES" && view.contains("target")) {
      return static_cast<int>(v);
    }
  }
  return -1;
}

TEST(CompressedGltfBadInput, ACorruptMeshoptStreamNamesTheFileMeshAndCause) {
  const fs::path dir = test::make_temp_dir();
  const fs::path twin = make_twin("khronos/Fox.glb", "gltf-transform", "meshopt {in} {out}", dir);
  SKIP_WITHOUT_TWIN(twin);
  const test::Glb original = test::read_glb(twin);
  const int view = first_meshopt_attribute_view(original.json, "EXT_meshopt_compression");
  ASSERT_GE(view, 0);
  const nlohmann::json& ext =
      original.json["bufferViews"][view]["extensions"]["EXT_meshopt_compression"];
  const std::size_t offset = ext.value("byteOffset", 0);

  test::Glb cut = original;  // the stream cut to its first 8 bytes
  cut.json["bufferViews"][view]["extensions"]["EXT_meshopt_compression"]["byteLength"] = 8;
  test::write_glb(cut, dir / "meshopt_cut.glb");
  expect_error(dir / "meshopt_cut.glb",
               {"mesh '", "meshopt bufferView " + std::to_string(view), "is corrupt"});

  test::Glb garbled = original;  // a header byte that is no vertex codec's
  garbled.bin[offset] = 0x13;
  test::write_glb(garbled, dir / "meshopt_header.glb");
  expect_error(dir / "meshopt_header.glb", {"mesh '", "ATTRIBUTES stream is corrupt"});
}

// gltfpack -ce khr writes KHR_meshopt_compression with vertex codec version 1, which only
// meshoptimizer 0.23 and later decode.
TEST(CompressedGltfBadInput, AMeshoptCodecVersionDebianCannotDecodeIsNamed) {
  const fs::path dir = test::make_temp_dir();
  const fs::path twin =
      make_twin("quaternius/RobotExpressive.glb", "gltfpack", "-i {in} -o {out} -cc -ce khr", dir);
  SKIP_WITHOUT_TWIN(twin);
  expect_error(twin, {"meshopt bufferView", "vertex codec version 1",
                      "Debian's meshoptimizer 0.18 cannot decode"});
}

TEST(CompressedGltfBadInput, ARequiredExtensionAnimviewDoesNotReadIsNamedInTheError) {
  test::GltfWriter gltf;
  const int node = gltf.add_node("plate");
  gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  gltf.json()["extensionsUsed"] = {"KHR_mesh_quantization", "EXT_made_up_geometry"};
  gltf.json()["extensionsRequired"] = {"KHR_mesh_quantization", "EXT_made_up_geometry"};
  const fs::path file = gltf.write(test::make_temp_dir() / "required.gltf");
  expect_error(file, {"it requires EXT_made_up_geometry, which animview cannot read"});
}

TEST(CompressedGltfBadInput, AnOptionalExtensionAnimviewIgnoresIsNamedInTheWarnings) {
  test::GltfWriter gltf;
  const int node = gltf.add_node("plate");
  gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  gltf.json()["extensionsUsed"] = {"KHR_materials_variants"};
  const fs::path file = gltf.write(test::make_temp_dir() / "optional.gltf");
  const importer::Character character = test::import_ok(file);
  bool warned = false;
  for (const std::string& w : character.report.warnings) {
    warned = warned || w.find("the file uses KHR_materials_variants, which animview ignores") !=
                           std::string::npos;
  }
  EXPECT_TRUE(warned);
  EXPECT_EQ(character.report.extensions_ignored,
            std::vector<std::string>{"KHR_materials_variants"});
  EXPECT_TRUE(character.report.extensions_read.empty());
}

}  // namespace
