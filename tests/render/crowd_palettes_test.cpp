#include "render/crowd_palettes.h"

#include <vector>

#include "gl_fixture.h"
#include "render/skinned_mesh_renderer.h"
#include "skinning_rigs.h"

namespace {

using visual::SkinningChoice;

// A 1 s clip that bends joint 1 from 0 to 90 degrees about Z, linearly.
anim::Clip bend_clip() {
  anim::Clip clip;
  clip.name = "bend";
  clip.duration_s = 1.0f;
  anim::JointTrack track;
  track.joint_name = "j1";
  track.rotation.times_s = {0.0f, 1.0f};
  track.rotation.values = {glm::quat(1, 0, 0, 0),
                           glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1))};
  clip.tracks.push_back(track);
  return clip;
}

class CrowdPalettesTest : public GlTest {};

// The crowd's frame runs on the CPU (anim::Crowd); the palettes uploaded for the instanced draw
// must skin each copy as its own instance's pose, placed at its spot on the grid.
TEST_F(CrowdPalettesTest, EachCopyIsItsInstancesPoseAtItsPlace) {
  const skin_test::Rig rig = skin_test::make_arm(3, 0.5f, 0.1f, 13, 8);
  anim::BoundCharacter character;
  ASSERT_EQ(anim::bind_character(rig.skeleton, {bend_clip()}, {}, character), "");
  const anim::GraphBinding no_graph;
  anim::Parameters parameters;
  anim::Crowd crowd;
  const anim::CharacterSettings settings;
  ASSERT_EQ(crowd.setup(character, no_graph, parameters, 5, 2.0f, 1.0f, settings), "");
  crowd.set_preview(0, 0.2f);
  ASSERT_EQ(crowd.set_settings(settings), "");
  ASSERT_TRUE(crowd.update(0.0f, parameters, anim::Terrain{}));
  render::CrowdPalettes palettes;
  render::SkinningPaletteBuffer palette;
  ASSERT_EQ(palettes.upload(crowd, true, true, palette), "");
  EXPECT_EQ(palette.instance_count(SkinningChoice::Lbs), 5);
  EXPECT_EQ(palette.instance_count(SkinningChoice::DualQuat), 5);

  render::SkinnedMeshRenderer renderer;
  ASSERT_EQ(renderer.init(), "");
  render::GpuMesh mesh;
  ASSERT_EQ(mesh.upload(rig.mesh, 3), "");
  const std::size_t n = rig.mesh.vertex_count();
  for (SkinningChoice method : {SkinningChoice::Lbs, SkinningChoice::DualQuat}) {
    std::vector<glm::vec3> gpu(5 * n);
    ASSERT_EQ(renderer.capture_skinned_positions(mesh, palette, method, gpu), "");
    for (int i = 0; i < 5; ++i) {
      // The clip sampled at the instance's own time, skinned on the CPU, then placed.
      auto pose = rig.skeleton.rest_pose;
      anim::SamplingCache cache(character.clips[0]);
      ASSERT_TRUE(anim::sample_clip(
          character.clips[0], character.bindings[0], rig.skeleton,
          anim::wrap_clip_time(character.clips[0], 0.2f + crowd.offset_s(i)), cache, pose));
      const auto cpu =
          skin_test::cpu_skin(rig.mesh, skin_test::make_palettes(rig.skeleton, pose), method);
      const glm::mat4& place = crowd.placement(i);
      for (std::size_t v = 0; v < n; ++v) {
        EXPECT_LT(glm::distance(gpu[i * n + v], glm::vec3(place * glm::vec4(cpu[v], 1.0f))), 1e-4f)
            << "instance " << i << ", " << visual::to_string(method);
      }
    }
  }
  // Staggered: neighbours play different times, and the grid keeps them 2 m apart.
  EXPECT_NEAR(crowd.offset_s(1) - crowd.offset_s(0), 0.618034f, 1e-5f);
  EXPECT_NEAR(glm::distance(glm::vec3(crowd.placement(0)[3]), glm::vec3(crowd.placement(1)[3])),
              2.0f, 1e-6f);
}

TEST_F(CrowdPalettesTest, AnEmptyCrowdIsReported) {
  const anim::Crowd crowd;
  render::CrowdPalettes palettes;
  render::SkinningPaletteBuffer palette;
  EXPECT_NE(palettes.upload(crowd, true, false, palette).find("no instances"), std::string::npos);
}

}  // namespace
