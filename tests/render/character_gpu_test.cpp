#include "render/character_gpu.h"

#include <unistd.h>

#include <filesystem>
#include <string>

#include "anim/active_morph_targets.h"
#include "gl_fixture.h"
#include "import/importer.h"
#include "skinning_rigs.h"

namespace {

namespace fs = std::filesystem;

const fs::path kDuckFolder = "/usr/share/assimp/models/Collada";

class CharacterGpuTest : public GlTest {};

// The parts of character the GPU upload reads (app::character_source, without the bounds).
render::CharacterSource source_of(const importer::Character& character) {
  return {character.source_path, character.skeleton.joint_count(), character.meshes,
          character.materials};
}

// A user types `animview models/duck.dae`: the importer resolves the image against the model's
// folder, and the upload must use that path as it is (it used to resolve it a second time, and
// looked for models/models/duckCM.tga).
TEST_F(CharacterGpuTest, AModelOpenedByARelativePathFindsItsTexture) {
  if (!fs::exists(kDuckFolder / "duck.dae")) GTEST_SKIP() << "assimp-testmodels not installed";
  const fs::path folder = fs::temp_directory_path() / ("animview_gpu_" + std::to_string(getpid()));
  fs::create_directories(folder);
  fs::copy_file(kDuckFolder / "duck.dae", folder / "duck.dae",
                fs::copy_options::overwrite_existing);
  fs::copy_file(kDuckFolder / "duckCM.tga", folder / "duckCM.tga",
                fs::copy_options::overwrite_existing);
  const std::string relative = fs::relative(folder / "duck.dae", fs::current_path()).string();
  ASSERT_TRUE(fs::path(relative).is_relative()) << relative;

  importer::ImportResult imported = importer::import_file_in_process(relative, {});
  ASSERT_TRUE(imported.ok()) << imported.error;
  ASSERT_EQ(imported.character.materials.size(), 1u);
  render::CharacterGpu gpu;
  gpu.upload(source_of(imported.character));
  EXPECT_TRUE(gpu.warnings.empty()) << gpu.warnings.front();
  ASSERT_EQ(gpu.textures.size(), 1u);
  EXPECT_TRUE(gpu.textures[0].base_color.valid());
  EXPECT_EQ(gpu.textures[0].base_color.width(), 512);
  EXPECT_EQ(gpu.materials[0].base_color_texture, &gpu.textures[0].base_color);

  // Without its image the duck is drawn with the checkerboard, and the warning names the path.
  fs::remove(folder / "duckCM.tga");
  gpu.upload(source_of(imported.character));
  const std::string image = (fs::path(relative).parent_path() / "duckCM.tga").string();
  ASSERT_EQ(gpu.warnings.size(), 1u);
  EXPECT_EQ(gpu.warnings[0],
            relative + ": " + image + ": texture not found (material 'blinn3' base colour)");
  EXPECT_EQ(gpu.materials[0].base_color_texture, &gpu.checker);
  fs::remove_all(folder);
}

// A face with more shapes than the shaders apply at once (kMaxActiveMorphTargets): loading it
// warns once, naming the mesh, where the viewer and the command line report warnings; a mesh
// within the limit gives no warning.
TEST_F(CharacterGpuTest, AMeshWithMoreShapesThanTheShadersApplyWarnsNamingIt) {
  skin_test::Rig rig = skin_test::make_arm(2, 0.5f, 0.1f, 6, 4);
  importer::Character character;
  character.source_path = "face.glb";
  character.skeleton = rig.skeleton;
  rig.mesh.name = "Face";
  rig.mesh.node_name = "Face";
  const std::size_t n = rig.mesh.vertex_count();
  for (int t = 0; t <= anim::kMaxActiveMorphTargets; ++t) {
    rig.mesh.morph_targets.push_back(
        {"shape" + std::to_string(t), std::vector<glm::vec3>(n, glm::vec3(0.01f)), {}, {}});
  }
  rig.mesh.morph_weights.assign(rig.mesh.morph_targets.size(), 0.0f);
  character.meshes.push_back(rig.mesh);
  render::CharacterGpu gpu;
  gpu.upload(source_of(character));
  ASSERT_EQ(gpu.warnings.size(), 1u);
  EXPECT_EQ(gpu.warnings[0],
            "face.glb: mesh 'Face' has 65 morph targets; when more than 64 are active at once, "
            "only those of largest weight are applied");
  character.meshes[0].morph_targets.pop_back();
  character.meshes[0].morph_weights.pop_back();
  gpu.upload(source_of(character));
  EXPECT_TRUE(gpu.warnings.empty()) << gpu.warnings.front();
}

}  // namespace
