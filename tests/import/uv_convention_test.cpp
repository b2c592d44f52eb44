// Every importer path hands over UVs in glTF's convention: (0, 0) is the image's first stored
// row. assimp flips v to a bottom-left origin on import; the mesh builder flips it back.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "import/importer.h"
#include "support/gltf_writer.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;

TEST(UvConvention, GltfUvsComeThroughAsTheFileHasThem) {
  test::GltfWriter writer;
  const int node = writer.add_node("triangle");
  const int mesh = writer.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  writer.json()["meshes"][mesh]["primitives"][0]["attributes"]["TEXCOORD_0"] =
      writer.add_floats({0.125f, 0.25f, 0.75f, 0.0f, 0.5f, 1.0f}, "VEC2");
  const fs::path dir = test::make_temp_dir();
  const importer::ImportResult result =
      importer::import_file(writer.write(dir / "triangle.gltf").string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.character.meshes.size(), 1u);
  const std::vector<glm::vec2>& uvs = result.character.meshes[0].uvs;
  ASSERT_EQ(uvs.size(), 3u);
  // Each file vertex's UV, wherever the importer put the vertex.
  const glm::vec2 expected[3] = {{0.125f, 0.25f}, {0.75f, 0.0f}, {0.5f, 1.0f}};
  for (int v = 0; v < 3; ++v) {
    const glm::vec3 p = result.character.meshes[0].positions[v];
    const int file_vertex = p.x > 0.5f ? 1 : (p.y > 0.5f ? 2 : 0);
    EXPECT_NEAR(uvs[v].x, expected[file_vertex].x, 1e-6f) << v;
    EXPECT_NEAR(uvs[v].y, expected[file_vertex].y, 1e-6f) << v;
  }
  fs::remove_all(dir);
}

TEST(UvConvention, ObjUvsWithABottomLeftOriginAreFlipped) {
  // OBJ's vt has v = 0 at the image's bottom row: glTF's v = 1.
  const fs::path dir = test::make_temp_dir();
  const fs::path path = dir / "triangle.obj";
  std::ofstream(path) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.25 0\nvt 1 0.25\nvt 0 1\n"
                         "vn 0 0 1\nf 1/1/1 2/2/1 3/3/1\n";
  const importer::ImportResult result = importer::import_file(path.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = result.character.meshes[0];
  ASSERT_EQ(mesh.uvs.size(), 3u);
  const glm::vec2 expected[3] = {{0.25f, 1.0f}, {1.0f, 0.75f}, {0.0f, 0.0f}};
  for (int v = 0; v < 3; ++v) {
    const glm::vec3 p = mesh.positions[v];
    const int file_vertex = p.x > 0.5f ? 1 : (p.y > 0.5f ? 2 : 0);
    EXPECT_NEAR(mesh.uvs[v].x, expected[file_vertex].x, 1e-6f) << v;
    EXPECT_NEAR(mesh.uvs[v].y, expected[file_vertex].y, 1e-6f) << v;
  }
  fs::remove_all(dir);
}

}  // namespace
