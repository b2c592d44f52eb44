// CPU reference morphing: base vertices plus the weighted target offsets, normals and tangents
// normalized again; values by hand.
#include "anim/morphing.h"

#include <gtest/gtest.h>

namespace {

using namespace anim;

// One triangle, normals +z, tangents +x; "Lift" raises vertex 2 by 1 m and tilts its normal
// towards +y; "Push" moves every vertex 2 m along +x.
SkinnedMesh lifted_triangle() {
  SkinnedMesh mesh;
  mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh.normals.assign(3, {0, 0, 1});
  mesh.tangents.assign(3, {1, 0, 0, -1});
  MorphTarget lift;
  lift.name = "Lift";
  lift.positions = {{0, 0, 0}, {0, 0, 0}, {0, 0, 1}};
  lift.normals = {{0, 0, 0}, {0, 0, 0}, {0, 1, -1}};
  lift.tangents = {{0, 0, 0}, {0, 0, 0}, {-1, 1, 0}};
  MorphTarget push;
  push.name = "Push";
  push.positions.assign(3, {2, 0, 0});
  mesh.morph_targets = {lift, push};
  mesh.morph_weights = {0.0f, 0.0f};
  return mesh;
}

TEST(Morphing, AddsEachTargetTimesItsWeightAndNormalizesNormalsAndTangents) {
  const SkinnedMesh mesh = lifted_triangle();
  const std::vector<float> weights = {0.5f, 0.25f};
  std::vector<glm::vec3> positions(3), normals(3);
  std::vector<glm::vec4> tangents(3);
  ASSERT_TRUE(morph_vertices(mesh, weights, positions, normals, tangents));
  EXPECT_EQ(positions[0], glm::vec3(0.5f, 0, 0));     // Push: 0.25 * 2
  EXPECT_EQ(positions[2], glm::vec3(0.5f, 1, 0.5f));  // and Lift: 0.5 * 1 up
  EXPECT_EQ(normals[0], glm::vec3(0, 0, 1));
  // (0, 0, 1) + 0.5 (0, 1, -1) = (0, 0.5, 0.5), normalized.
  EXPECT_NEAR(normals[2].y, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(normals[2].z, std::sqrt(0.5f), 1e-6f);
  // (1, 0, 0) + 0.5 (-1, 1, 0) = (0.5, 0.5, 0), normalized; the handedness stays.
  EXPECT_NEAR(tangents[2].x, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(tangents[2].y, std::sqrt(0.5f), 1e-6f);
  EXPECT_EQ(tangents[2].w, -1.0f);
}

TEST(Morphing, ZeroWeightsGiveTheBaseMesh) {
  const SkinnedMesh mesh = lifted_triangle();
  std::vector<glm::vec3> positions(3), normals(3);
  ASSERT_TRUE(morph_vertices(mesh, mesh.morph_weights, positions, normals, {}));
  EXPECT_EQ(positions, mesh.positions);
  EXPECT_EQ(normals, mesh.normals);
}

TEST(Morphing, RejectsEachMismatchedArgumentAndWritesNothing) {
  SkinnedMesh mesh = lifted_triangle();
  const std::vector<float> weights = {1.0f, 1.0f}, one_weight = {1.0f};
  std::vector<glm::vec3> positions(3, glm::vec3(7.0f)), short_positions(2), normals(2);
  std::vector<glm::vec4> tangents(1);
  EXPECT_FALSE(morph_vertices(mesh, one_weight, positions, {}, {}));
  EXPECT_FALSE(morph_vertices(mesh, weights, short_positions, {}, {}));
  EXPECT_FALSE(morph_vertices(mesh, weights, positions, normals, {}));
  EXPECT_FALSE(morph_vertices(mesh, weights, positions, {}, tangents));
  mesh.morph_targets[1].positions.pop_back();
  EXPECT_FALSE(morph_vertices(mesh, weights, positions, {}, {}));
  EXPECT_EQ(positions, std::vector<glm::vec3>(3, glm::vec3(7.0f)));
}

}  // namespace
