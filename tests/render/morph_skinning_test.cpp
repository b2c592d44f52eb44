// GPU morph targets (applied before skinning in both skinning shaders) against the CPU
// reference (anim::morph_vertices, then anim::skin_vertices_lbs / _dq), through transform
// feedback: positions and normals to 1e-4 of the mesh's size.

#include <filesystem>
#include <string>
#include <vector>

#include "anim/morphing.h"
#include "gl_fixture.h"
#include "import/importer.h"
#include "render/skinned_mesh_renderer.h"
#include "skinning_rigs.h"

namespace {

using visual::SkinningChoice;

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
    for (SkinningChoice method : {SkinningChoice::Lbs, SkinningChoice::DualQuat}) {
      std::vector<glm::vec3> gpu(mesh.vertex_count()), gpu_normals(mesh.vertex_count());
      ASSERT_EQ(renderer_.capture_skinned_positions(gpu_mesh, palette_, method, gpu, gpu_normals,
                                                    weights),
                "");
      std::vector<glm::vec3> cpu_normals;
      const std::vector<glm::vec3> cpu =
          skin_test::cpu_skin(morphed, palettes, method, &cpu_normals);
      EXPECT_LT(skin_test::max_distance(gpu, cpu), 1e-4f * size)
          << label << ", " << visual::to_string(method);
      EXPECT_LT(skin_test::max_distance(gpu_normals, cpu_normals), 1e-4f)
          << label << " normals, " << visual::to_string(method);
      // The morph moved the mesh: without the weights the GPU gives another picture.
      std::vector<glm::vec3> unmorphed(mesh.vertex_count());
      ASSERT_EQ(renderer_.capture_skinned_positions(gpu_mesh, palette_, method, unmorphed), "");
      EXPECT_GT(skin_test::max_distance(unmorphed, cpu), 1e-2f * size) << label;
    }
  }

  render::SkinnedMeshRenderer renderer_;
  render::SkinningPaletteBuffer palette_;
};

// A three-joint arm with a "Bulge" target that pushes every vertex out along its normal, a
// "Twist" that moves them along the arm, and an unused "Rest" target.
skin_test::Rig morphing_arm() {
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
  return rig;
}

// The arm bent at both joints.
std::vector<anim::Transform> bent_arm(const anim::Skeleton& skeleton) {
  std::vector<anim::Transform> local = skeleton.rest_pose;
  local[1].rotation = glm::angleAxis(0.6f, glm::vec3(0, 0, 1));
  local[2].rotation = glm::angleAxis(-0.9f, glm::vec3(0, 1, 0));
  return local;
}

TEST_F(MorphSkinningTest, ABentArmWithTwoActiveTargetsMatchesTheCpuReference) {
  const skin_test::Rig rig = morphing_arm();
  expect_gpu_matches_cpu(rig.skeleton, rig.mesh, bent_arm(rig.skeleton), {0.7f, 0.0f, -0.4f},
                         "bent arm");
}

// An instanced draw of two copies (a crowd's), each in its own pose with its own weights: each
// copy gets its own CPU reference, not the first copy's shapes.
TEST_F(MorphSkinningTest, InstancesWithTheirOwnWeightsEachMatchTheirCpuReference) {
  const skin_test::Rig rig = morphing_arm();
  const anim::SkinnedMesh& mesh = rig.mesh;
  const std::vector<std::vector<anim::Transform>> poses = {bent_arm(rig.skeleton),
                                                           rig.skeleton.rest_pose};
  const std::vector<std::vector<float>> weights = {{0.7f, 0.0f, -0.4f}, {0.0f, 0.0f, 0.9f}};
  skin_test::Palettes both;  // instance-major, as a crowd's palettes
  std::vector<float> both_weights;
  for (std::size_t i = 0; i < 2; ++i) {
    const skin_test::Palettes p = skin_test::make_palettes(rig.skeleton, poses[i]);
    both.matrices.insert(both.matrices.end(), p.matrices.begin(), p.matrices.end());
    both.dual_quats.insert(both.dual_quats.end(), p.dual_quats.begin(), p.dual_quats.end());
    both.stretch.insert(both.stretch.end(), p.stretch.begin(), p.stretch.end());
    both.has_stretch.insert(both.has_stretch.end(), p.has_stretch.begin(), p.has_stretch.end());
    both_weights.insert(both_weights.end(), weights[i].begin(), weights[i].end());
  }
  skin_test::upload(both, rig.skeleton.joint_count(), palette_);
  render::GpuMesh gpu_mesh;
  ASSERT_EQ(gpu_mesh.upload(mesh, rig.skeleton.joint_count()), "");
  glm::vec3 low(1e30f), high(-1e30f);
  for (const glm::vec3& p : mesh.positions) {
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  const float size = glm::length(high - low);
  const std::size_t n = mesh.vertex_count();
  for (SkinningChoice method : {SkinningChoice::Lbs, SkinningChoice::DualQuat}) {
    std::vector<glm::vec3> gpu(2 * n), gpu_normals(2 * n);
    ASSERT_EQ(renderer_.capture_skinned_positions(gpu_mesh, palette_, method, gpu, gpu_normals,
                                                  both_weights),
              "");
    for (std::size_t i = 0; i < 2; ++i) {
      const skin_test::Palettes p = skin_test::make_palettes(rig.skeleton, poses[i]);
      const auto cpu_of = [&](const std::vector<float>& w, std::vector<glm::vec3>* normals) {
        anim::SkinnedMesh morphed = mesh;
        EXPECT_TRUE(anim::morph_vertices(mesh, w, morphed.positions, morphed.normals, {}));
        return skin_test::cpu_skin(morphed, p, method, normals);
      };
      std::vector<glm::vec3> cpu_normals;
      const std::vector<glm::vec3> cpu = cpu_of(weights[i], &cpu_normals);
      const std::span<const glm::vec3> copy(gpu.data() + i * n, n);
      const std::span<const glm::vec3> copy_normals(gpu_normals.data() + i * n, n);
      const std::string label = "copy " + std::to_string(i) + ", " + visual::to_string(method);
      EXPECT_LT(skin_test::max_distance(copy, cpu), 1e-4f * size) << label;
      EXPECT_LT(skin_test::max_distance(copy_normals, cpu_normals), 1e-4f) << label;
      // The other copy's weights give another shape: the copy's own were applied.
      EXPECT_GT(skin_test::max_distance(copy, cpu_of(weights[1 - i], nullptr)), 1e-2f * size)
          << label;
    }
  }
}

TEST_F(MorphSkinningTest, AnimatedMorphSphereMatchesTheCpuReference) {
  const auto path =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos/animated_morph_sphere.gltf";
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path.string() << " is absent: the third-party assets are not installed";
  }
  const importer::ImportResult imported = importer::import_file(path.string(), {});
  ASSERT_TRUE(imported.ok()) << imported.error;
  const importer::Character& c = imported.character;
  ASSERT_EQ(c.meshes.size(), 1u);
  expect_gpu_matches_cpu(c.skeleton, c.meshes[0], c.skeleton.rest_pose, {0.3f, 0.8f}, "sphere");
}

}  // namespace
