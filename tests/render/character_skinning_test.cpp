// GPU skinning of real characters (the demo character, and Khronos glTF sample files from
// ../shared/assets) against the CPU reference, for both methods at several clip times.

#include <filesystem>
#include <string>
#include <vector>

#include "anim/clip_sampling.h"
#include "demo/demo_character.h"
#include "gl_fixture.h"
#include "import/importer.h"
#include "render/skinned_mesh_renderer.h"
#include "skinning_rigs.h"

namespace {

using visual::SkinningChoice;

class CharacterSkinningTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_EQ(renderer_.init(), "");
  }

  // Plays the character's first clip at a few times and checks every mesh, both methods.
  // Returns how many vertices were compared.
  std::size_t expect_gpu_matches_cpu(const importer::Character& character) {
    const anim::Skeleton& skeleton = character.skeleton;
    EXPECT_FALSE(character.clips.empty());
    EXPECT_FALSE(character.meshes.empty());
    if (character.clips.empty()) return 0;
    const anim::Clip& clip = character.clips.front();
    const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
    anim::SamplingCache cache(clip);
    std::vector<anim::Transform> local(static_cast<std::size_t>(skeleton.joint_count()));
    std::size_t compared = 0;
    for (const float fraction : {0.0f, 0.3f, 0.75f}) {
      const float time_s = fraction * clip.duration_s;
      const anim::JobResult sampled =
          anim::sample_clip(clip, binding, skeleton, time_s, cache, local);
      EXPECT_TRUE(sampled) << sampled.error;
      const skin_test::Palettes palettes = skin_test::make_palettes(skeleton, local);
      skin_test::upload(palettes, skeleton.joint_count(), palette_);
      for (const anim::SkinnedMesh& mesh : character.meshes) {
        render::GpuMesh gpu_mesh;
        EXPECT_EQ(gpu_mesh.upload(mesh, skeleton.joint_count()), "");
        for (SkinningChoice method : {SkinningChoice::Lbs, SkinningChoice::DualQuat}) {
          std::vector<glm::vec3> gpu(mesh.vertex_count());
          EXPECT_EQ(renderer_.capture_skinned_positions(gpu_mesh, palette_, method, gpu), "");
          const auto cpu = skin_test::cpu_skin(mesh, palettes, method);
          EXPECT_LT(skin_test::max_distance(gpu, cpu), 1e-4f)
              << character.source_path << " mesh " << mesh.name << " at " << time_s << " s, "
              << visual::to_string(method);
          compared += mesh.vertex_count();
        }
      }
    }
    return compared;
  }

  render::SkinnedMeshRenderer renderer_;
  render::SkinningPaletteBuffer palette_;
};

TEST_F(CharacterSkinningTest, DemoCharacterMatchesCpuReference) {
  EXPECT_GT(expect_gpu_matches_cpu(demo::make_demo_character()), 0u);
}

TEST_F(CharacterSkinningTest, KhronosSampleFilesMatchCpuReference) {
  const std::filesystem::path folder = std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos";
  if (!std::filesystem::is_directory(folder)) {
    GTEST_SKIP() << folder.string() << " is absent: the third-party assets are not installed";
  }
  for (const char* file : {"rigged_simple.gltf", "cesium_man.gltf"}) {
    const importer::ImportResult imported = importer::import_file((folder / file).string(), {});
    ASSERT_TRUE(imported.ok()) << imported.error;
    EXPECT_GT(expect_gpu_matches_cpu(imported.character), 0u) << file;
  }
}

}  // namespace
