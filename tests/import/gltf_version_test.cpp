#include "import/gltf_version.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "import/importer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace importer {
namespace {

namespace fs = std::filesystem;

TEST(GltfVersion, TellsGltf1FromGltf2InTheFilesThatCarryThem) {
  struct Case {
    fs::path path;
    int major;
    bool binary;
  };
  const Case cases[] = {
      // asset.version "1.0.2"; the milk truck writes the number 1.
      {test::assimp_model("glTF/BoxTextured-glTF/BoxTextured.gltf"), 1, false},
      {test::assimp_model("glTF/CesiumMilkTruck/CesiumMilkTruck.gltf"), 1, false},
      {test::assimp_model("glTF/BoxTextured-glTF-Binary/BoxTextured.glb"), 1, true},
      {test::assimp_model("glTF2/BoxTextured-glTF/BoxTextured.gltf"), 2, false},
      {test::shared_asset("khronos/Fox.glb"), 2, true},
      {test::shared_asset("khronos/cesium_man.gltf"), 2, false},
  };
  int checked = 0;
  for (const Case& c : cases) {
    if (!fs::exists(c.path)) continue;  // assimp-testmodels or ../shared/assets missing
    ++checked;
    const GltfVersion version = gltf_version(c.path.string());
    EXPECT_EQ(version.major, c.major) << c.path;
    EXPECT_EQ(version.binary, c.binary) << c.path;
  }
  if (checked == 0) GTEST_SKIP() << "neither assimp-testmodels nor ../shared/assets is installed";
}

TEST(GltfVersion, FallsBackOnTheShapeOfTheObjectsAndKnowsWhenItCannotTell) {
  const fs::path dir = test::make_temp_dir();
  // Writes text to a file of that name in the test's folder and returns its path.
  const auto write_file = [&dir](const std::string& name, const std::string& text) {
    test::write_file(dir / name, text);
    return (dir / name).string();
  };
  // No asset: glTF 1.0 keys its objects by id, 2.0 lists them.
  EXPECT_EQ(gltf_version(write_file("keyed.gltf", R"({"meshes": {"m": {}}})")).major, 1);
  EXPECT_EQ(gltf_version(write_file("listed.gltf", R"({"nodes": [{}]})")).major, 2);
  EXPECT_EQ(gltf_version(write_file("v2.gltf", R"({"asset": {"version": "2.0"}})")).major, 2);
  // The version decides before the shape, wherever it stands; 1.0 exporters wrote the number 1.
  EXPECT_EQ(gltf_version(write_file("v1.gltf", R"({"asset": {"version": 1}, "meshes": []})")).major,
            1);
  EXPECT_EQ(gltf_version(write_file("v2_keyed.gltf",
                                    R"({"meshes": {"m": {}}, "asset": {"version": "2.0"}})"))
                .major,
            2);
  // A version that is neither leaves it to the shape; "10.0" is not 1.
  EXPECT_EQ(gltf_version(write_file("v10.gltf", R"({"asset": {"version": "10.0"}, "nodes": [{}]})"))
                .major,
            2);
  EXPECT_EQ(gltf_version(write_file("array.gltf", "[1, 2]")).major, 0);
  // A truncated file's shape proves nothing; its version, read before the cut, does.
  EXPECT_EQ(gltf_version(write_file("cut_keyed.gltf", R"({"meshes": {"m": {)")).major, 0);
  EXPECT_EQ(gltf_version(write_file("cut_v1.gltf", R"({"asset": {"version": "1.0"}, "mes)")).major,
            1);
  EXPECT_EQ(gltf_version(write_file("empty.gltf", "")).major, 0);
  EXPECT_EQ(gltf_version(write_file("truncated.gltf", R"({"asset": {"vers)")).major, 0);
  EXPECT_EQ(gltf_version(write_file("v7.glb", std::string("glTF\x07\0\0\0", 8))).major, 0);
  EXPECT_EQ(gltf_version(write_file("short.glb", "glTF")).major, 0);
  EXPECT_EQ(gltf_version("/nonexistent/animview/x.gltf").major, 0);
  fs::remove_all(dir);
}

// glTF 1.0 goes to assimp, which reads it; a binary glTF 1.0 that assimp cannot read either is
// named as such.
TEST(GltfVersion, Gltf1FilesOpenThroughAssimpAndABinaryOneIsNamed) {
  const fs::path truck = test::assimp_model("glTF/CesiumMilkTruck/CesiumMilkTruck.gltf");
  SKIP_IF_ABSENT(truck);
  const Character c = test::import_ok(truck);
  EXPECT_EQ(c.meshes.size(), 5u);
  EXPECT_FALSE(c.materials.empty());

  const std::string glb = test::assimp_model("glTF/BoxTextured-glTF-Binary/BoxTextured.glb");
  const ImportResult binary = import_file_in_process(glb, {}, {});
  EXPECT_FALSE(binary.ok());
  EXPECT_EQ(binary.error.rfind(glb + ": ", 0), 0u) << binary.error;
  EXPECT_NE(binary.error.find("binary glTF 1.0"), std::string::npos) << binary.error;
}

}  // namespace
}  // namespace importer
