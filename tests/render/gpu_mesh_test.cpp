#include "render/gpu_mesh.h"

#include "gl_fixture.h"
#include "skinning_rigs.h"

namespace {

class GpuMeshTest : public GlTest {
 protected:
  // A valid 3-joint arm; each test breaks one input.
  anim::SkinnedMesh mesh_ = skin_test::make_arm(3, 0.5f, 0.1f, 4, 5).mesh;
  render::GpuMesh gpu_;

  std::string upload_error(int joints = 3) { return gpu_.upload(mesh_, joints); }
};

TEST_F(GpuMeshTest, UploadsEveryAttributeAndReportsTheSizes) {
  ASSERT_EQ(upload_error(), "");
  EXPECT_NE(gpu_.vertex_array(), 0u);
  EXPECT_EQ(gpu_.vertex_count(), 20);
  EXPECT_EQ(gpu_.index_count(), 3 * 5 * 2 * 3);
  EXPECT_EQ(gpu_.joint_count(), 3);
  EXPECT_TRUE(gpu_.has_uvs());
  EXPECT_FALSE(gpu_.has_second_influence_set());
  // positions, normals (12 B), uvs (8 B), tangents generated from the uvs, joints0 and
  // weights0 (16 B each) + 4 B per index.
  EXPECT_EQ(gpu_.bytes(), 20u * (12 + 12 + 8 + 16 + 16 + 16) + 90u * 4);
}

TEST_F(GpuMeshTest, SecondInfluenceSetAndMissingUvsAreSupported) {
  mesh_.uvs.clear();
  mesh_.joints1.assign(mesh_.vertex_count(), glm::uvec4(2));
  mesh_.weights1.assign(mesh_.vertex_count(), glm::vec4(0.0f));
  ASSERT_EQ(upload_error(), "");
  EXPECT_TRUE(gpu_.has_second_influence_set());
  EXPECT_FALSE(gpu_.has_uvs());
}

TEST_F(GpuMeshTest, EachInconsistentInputIsNamed) {
  mesh_.normals.pop_back();
  EXPECT_EQ(upload_error(), "mesh 'arm': 19 normals for 20 vertices");
  mesh_.normals.push_back({0, 1, 0});
  mesh_.uvs.pop_back();
  EXPECT_EQ(upload_error(), "mesh 'arm': 19 uvs for 20 vertices");
  mesh_.uvs.push_back({0, 0});
  mesh_.weights0.pop_back();
  EXPECT_EQ(upload_error(), "mesh 'arm': 19 weights0 for 20 vertices");
  mesh_.weights0.push_back({1, 0, 0, 0});
  mesh_.joints1.assign(3, glm::uvec4(0));
  EXPECT_EQ(upload_error(), "mesh 'arm': 3 joints1 for 20 vertices");
  mesh_.joints1.clear();
  mesh_.indices.push_back(0);
  EXPECT_EQ(upload_error(), "mesh 'arm': 91 indices is not a whole number of triangles");
  mesh_.indices.insert(mesh_.indices.end(), {1, 20});
  EXPECT_EQ(upload_error(), "mesh 'arm': index 92 refers to vertex 20 of 20");
  mesh_.indices.resize(90);
  mesh_.joints0[7].w = 3;
  EXPECT_EQ(upload_error(), "mesh 'arm': vertex 7 refers to a joint beyond the skeleton's 3");
  EXPECT_EQ(upload_error(4), "");
  EXPECT_EQ(upload_error(0), "mesh 'arm': skeleton has no joints");
  mesh_ = {};
  EXPECT_EQ(upload_error(), "mesh '(unnamed)': has no vertices");
}

TEST_F(GpuMeshTest, FailedUploadKeepsThePreviousMesh) {
  ASSERT_EQ(upload_error(), "");
  const unsigned vao = gpu_.vertex_array();
  mesh_.normals.clear();
  EXPECT_NE(upload_error(), "");
  EXPECT_EQ(gpu_.vertex_array(), vao);
  EXPECT_EQ(gpu_.vertex_count(), 20);
}

}  // namespace
