#include "render/crowd.h"

#include <vector>

#include "gl_fixture.h"
#include "render/skinned_mesh_renderer.h"
#include "skinning_rigs.h"

namespace {

using render::SkinningMethod;

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

class CrowdTest : public GlTest {};

TEST_F(CrowdTest, EachInstanceIsItsOwnClipTimeAtItsOwnPlace) {
  const skin_test::Rig rig = skin_test::make_arm(3, 0.5f, 0.1f, 13, 8);
  const anim::Clip clip = bend_clip();
  render::Crowd crowd;
  ASSERT_EQ(crowd.setup(rig.skeleton, clip, 5, 2.0f), "");
  ASSERT_EQ(crowd.count(), 5);
  render::SkinningPaletteBuffer palette;
  ASSERT_EQ(crowd.update(0.2f, true, true, palette), "");
  EXPECT_EQ(palette.instance_count(SkinningMethod::Lbs), 5);
  EXPECT_EQ(palette.instance_count(SkinningMethod::DualQuat), 5);

  render::SkinnedMeshRenderer renderer;
  ASSERT_EQ(renderer.init(), "");
  render::GpuMesh mesh;
  ASSERT_EQ(mesh.upload(rig.mesh, 3), "");
  const std::size_t n = rig.mesh.vertex_count();
  const anim::ClipBinding binding = anim::bind_clip(clip, rig.skeleton);
  for (SkinningMethod method : {SkinningMethod::Lbs, SkinningMethod::DualQuat}) {
    std::vector<glm::vec3> gpu(5 * n);
    ASSERT_EQ(renderer.capture_skinned_positions(mesh, palette, method, gpu), "");
    for (int i = 0; i < 5; ++i) {
      // The pose sample_clip gives at the instance's time, skinned on the CPU, then placed.
      auto pose = rig.skeleton.rest_pose;
      anim::SamplingCache cache(clip);
      ASSERT_TRUE(anim::sample_clip(clip, binding, rig.skeleton, crowd.instance_time(i, 0.2f),
                                    cache, pose));
      const auto cpu =
          skin_test::cpu_skin(rig.mesh, skin_test::make_palettes(rig.skeleton, pose), method);
      const glm::mat4& place = crowd.placement(i);
      for (std::size_t v = 0; v < n; ++v) {
        EXPECT_LT(glm::distance(gpu[i * n + v], glm::vec3(place * glm::vec4(cpu[v], 1.0f))), 1e-4f)
            << "instance " << i << ", " << render::to_string(method);
      }
    }
  }
  // Staggered: neighbours play different times, and the grid keeps them 2 m apart.
  EXPECT_NEAR(crowd.instance_time(1, 0.2f) - crowd.instance_time(0, 0.2f), 0.618034f, 1e-5f);
  EXPECT_NEAR(glm::distance(glm::vec3(crowd.placement(0)[3]), glm::vec3(crowd.placement(1)[3])),
              2.0f, 1e-6f);
}

TEST_F(CrowdTest, BadSetupIsReported) {
  const skin_test::Rig rig = skin_test::make_arm(2, 0.5f, 0.1f, 3, 4);
  const anim::Clip clip = bend_clip();
  render::Crowd crowd;
  EXPECT_NE(crowd.setup(rig.skeleton, clip, 0, 1.0f).find("at least 1"), std::string::npos);
  anim::Clip empty = clip;
  empty.duration_s = 0.0f;
  EXPECT_NE(crowd.setup(rig.skeleton, empty, 3, 1.0f).find("has no duration"), std::string::npos);
  render::SkinningPaletteBuffer palette;
  EXPECT_NE(crowd.update(0.0f, true, false, palette).find("before setup"), std::string::npos);
}

}  // namespace
