#include "import/non_finite_vertices.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>

#include "import/importer.h"
#include "support/import_test_util.h"

namespace importer {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// A quad of two triangles, then a third triangle on a NaN vertex and a fourth on an infinite one.
TEST(NonFiniteVertices, TrianglesOnThemAreDroppedAndTheVerticesMoveOntoAFiniteOne) {
  anim::SkinnedMesh mesh;
  mesh.positions = {{1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {NAN, 0, 0}, {0, -kInf, 0}};
  mesh.indices = {0, 1, 2, 0, 2, 3, 0, 4, 3, 5, 1, 2};
  EXPECT_EQ(drop_non_finite_triangles(mesh), 2u);
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
  EXPECT_EQ(mesh.positions[4], glm::vec3(1, 0, 0));  // onto the first finite vertex
  EXPECT_EQ(mesh.positions[5], glm::vec3(1, 0, 0));
  EXPECT_EQ(drop_non_finite_triangles(mesh), 0u);  // nothing left to drop

  anim::SkinnedMesh nothing_finite;
  nothing_finite.positions = {{NAN, 0, 0}, {0, kInf, 0}, {0, 0, -kInf}};
  nothing_finite.indices = {0, 1, 2};
  EXPECT_EQ(drop_non_finite_triangles(nothing_finite), 1u);
  EXPECT_TRUE(nothing_finite.indices.empty());
  EXPECT_EQ(nothing_finite.positions[1], glm::vec3(0.0f));
}

// assimp's BoxWithInfinites: every one of its box's 24 vertices has x = +-inf. It used to import
// silently with infinite bounds (render showed nothing and said nothing).
TEST(NonFiniteVertices, TheBoxWithInfinitesImportsWithAWarningAndFiniteBounds) {
  const auto file = test::assimp_model("glTF2/BoxWithInfinites-glTF-Binary/BoxWithInfinites.glb");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "assimp-testmodels not installed";
  const ImportResult result = import_file_in_process(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = result.character.meshes[0];
  for (const glm::vec3& p : mesh.positions) {
    EXPECT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
  }
  EXPECT_TRUE(mesh.indices.empty());  // all 12 triangles
  const auto& warnings = result.character.report.warnings;
  EXPECT_NE(std::find(warnings.begin(), warnings.end(), non_finite_triangles_warning(12)),
            warnings.end());
  const Bounds bounds = bind_pose_bounds(result.character);
  EXPECT_TRUE(std::isfinite(bounds.min.x) && std::isfinite(bounds.max.x));
}

}  // namespace
}  // namespace importer
