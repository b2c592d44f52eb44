#include "render/tangent_generation.h"

#include <gtest/gtest.h>

namespace {

// A square facing +Z, 2 m wide, as in a glTF file: UV (0, 0) at its top-left corner.
anim::SkinnedMesh square(std::vector<glm::vec2> uvs) {
  anim::SkinnedMesh mesh;
  mesh.positions = {{-1, 1, 0}, {1, 1, 0}, {1, -1, 0}, {-1, -1, 0}};
  mesh.normals.assign(4, {0, 0, 1});
  mesh.uvs = std::move(uvs);
  mesh.indices = {0, 3, 2, 0, 2, 1};
  return mesh;
}

TEST(TangentGenerationTest, TangentFollowsUAndBitangentPointsToTheImageTop) {
  const std::vector<glm::vec4> t =
      render::generate_tangents(square({{0, 0}, {1, 0}, {1, 1}, {0, 1}}));
  ASSERT_EQ(t.size(), 4u);
  for (const glm::vec4& v : t) {
    EXPECT_NEAR(v.x, 1.0f, 1e-5f);  // u grows along +X
    EXPECT_NEAR(v.y, 0.0f, 1e-5f);
    EXPECT_NEAR(v.z, 0.0f, 1e-5f);
    // cross(+Z, +X) = +Y, the image's top (v = 0 is the top row): w = +1.
    EXPECT_EQ(v.w, 1.0f);
  }
}

TEST(TangentGenerationTest, MirroredMappingFlipsTheHandedness) {
  // u runs right to left: the tangent is -X; cross(+Z, -X) = -Y points to the image's bottom.
  const std::vector<glm::vec4> t =
      render::generate_tangents(square({{1, 0}, {0, 0}, {0, 1}, {1, 1}}));
  ASSERT_EQ(t.size(), 4u);
  for (const glm::vec4& v : t) {
    EXPECT_NEAR(v.x, -1.0f, 1e-5f);
    EXPECT_EQ(v.w, -1.0f);
  }
}

TEST(TangentGenerationTest, NoUvsGiveNoTangentsAndDegenerateUvsGiveAnOrthogonalOne) {
  EXPECT_TRUE(render::generate_tangents(square({})).empty());
  const std::vector<glm::vec4> t =
      render::generate_tangents(square({{0, 0}, {0, 0}, {0, 0}, {0, 0}}));
  ASSERT_EQ(t.size(), 4u);
  EXPECT_NEAR(glm::dot(glm::vec3(t[0]), glm::vec3(0, 0, 1)), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(glm::vec3(t[0])), 1.0f, 1e-5f);
}

}  // namespace
