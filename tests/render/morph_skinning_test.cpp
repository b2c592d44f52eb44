// GPU morph targets (applied before skinning in both skinning shaders) against the CPU
// reference (anim::morph_vertices, then anim::skin_vertices_lbs / _dq), through transform
// feedback: positions and normals to 1e-4 of the mesh's size.

#include <filesystem>
#include <string>
#include <vector>

#include "anim/morphing.h"
#include "asset/importer.h"
#include "gl_fixture.h"
#include "render/skinned_mesh_renderer.h"
#include "skinning_rigs.h"

namespace {

using render::SkinningMethod;

class MorphSkinningTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_EQ(renderer_.init(), "");
  }

  // Morphs mesh by weights and skins it in the pose local, on the GPU and the CPU, both
  // methods; expects the same positions and normals to 1e-4 of the mesh's size.
  void expect_gpu_matches_cpu(const anim::Skeleton& skeleton, const anim::SkinnedMesh& mesh,
                              std::span<const anim::Transform> local,
                              const std::vector<float>& weights, const std::string& label) {
    const skin_test::Palettes palettes = skin_test::make_palettes(skeleton, local);
    skin_test::upload(palettes, skeleton.joint_count(), palette_);
    render::GpuMesh gpu_mesh;
    ASSERT_EQ(gpu_mesh.upload(mesh, skeleton.joint_count()), "");
    ASSERT_EQ(gpu_mesh.morph_target_count(), static_cast<int>(mesh.morph_targets.size()));
    anim::SkinnedMesh morphed = mesh;
    ASSERT_TRUE(anim::morph_vertices(mesh, weights, morphed.positions, morphed.normals, {}));
    glm::vec3 low(1e30f), high(-1e30f);
    for (const glm::vec3& p : mesh.positions) {
      low = glm::min(low, p);
      high = glm::max(high, p);
    }
    const float size = glm::length(high - low);
    for (SkinningMethod method : {SkinningMethod::Lbs, SkinningMethod::DualQuat}) {
      std::vector<glm::vec3> gpu(mesh.vertex_count()), gpu_normals(mesh.vertex_count());
      ASSERT_EQ(renderer_.capture_skinned_positions(gpu_mesh, palette_, method, gpu, gpu_normals,
                                                    weights),
                "");
      std::vector<glm::vec3> cpu_normals;
      const std::vector<glm::vec3> cpu =
          skin_test::cpu_skin(morphed, palettes, method, &cpu_normals);
      EXPECT_LT(skin_test::max_distance(gpu, cpu), 1e-4f * size)
          << label << ", " << render::to_string(method);
      EXPECT_LT(skin_test::max_distance(gpu_normals, cpu_normals), 1e-4f)
          << label << " normals, " << render::to_string(method);
      // The morph moved the mesh: without the weights the GPU gives another picture.
      std::vector<glm::vec3> unmorphed(mesh.vertex_count());
      ASSERT_EQ(renderer_.capture_skinned_positions(gpu_mesh, palette_, method, unmorphed), "");
      EXPECT_GT(skin_test::max_distance(unmorphed, cpu), 1e-2f * size) << label;
    }
  }

  render::SkinnedMeshRenderer renderer_;
  render::SkinningPaletteBuffer palette_;
};

// A three-joint arm bent at both joints, with a "Bulge" target that pushes every vertex out
// along its normal, a "Twist" that moves them along the arm, and an unused "Rest" target.
TEST_F(MorphSkinningTest, ABentArmWithTwoActiveTargetsMatchesTheCpuReference) {
  skin_test::Rig rig = skin_test::make_arm(3, 0.5f, 0.1f, 13, 12);
  anim::SkinnedMesh& mesh = rig.mesh;
  const std::size_t n = mesh.vertex_count();
  anim::MorphTarget bulge{"Bulge", {}, {}, {}}, twist{"Twist", {}, {}, {}},
      rest{"Rest", {}, {}, {}};
  for (std::size_t v = 0; v < n; ++v) {
    bulge.positions.push_back(0.05f * mesh.normals[v]);
    bulge.normals.push_back(glm::vec3(0.3f, 0.0f, 0.0f));
    twist.positions.push_back(glm::vec3(0.1f * mesh.positions[v].y, 0.0f, 0.02f));
    twist.normals.push_back(glm::vec3(0.0f));
    rest.positions.push_back(glm::vec3(1.0f, 2.0f, 3.0f));
  }
  mesh.morph_targets = {bulge, rest, twist};
  mesh.morph_weights = {0.0f, 0.0f, 0.0f};
  std::vector<anim::Transform> local = rig.skeleton.rest_pose;
  local[1].rotation = glm::angleAxis(0.6f, glm::vec3(0, 0, 1));
  local[2].rotation = glm::angleAxis(-0.9f, glm::vec3(0, 1, 0));
  expect_gpu_matches_cpu(rig.skeleton, mesh, local, {0.7f, 0.0f, -0.4f}, "bent arm");
}

TEST_F(MorphSkinningTest, AnimatedMorphSphereMatchesTheCpuReference) {
  const auto path =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos/animated_morph_sphere.gltf";
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path.string() << " is absent: the third-party assets are not installed";
  }
  const asset::ImportResult imported = asset::import_file(path.string(), {});
  ASSERT_TRUE(imported.ok()) << imported.error;
  const asset::Character& c = imported.character;
  ASSERT_EQ(c.meshes.size(), 1u);
  expect_gpu_matches_cpu(c.skeleton, c.meshes[0], c.skeleton.rest_pose, {0.3f, 0.8f}, "sphere");
}

}  // namespace
