#include "project/demo_project.h"

#include <gtest/gtest.h>

#include "anim/blend_space_2d.h"
#include "anim/root_motion.h"
#include "demo/demo_gait.h"
#include "support/demo_test_support.h"

namespace project {
namespace {

using demo::demo_test::clip_named;
using demo::demo_test::demo;

TEST(DemoProject, IsValidForTheRuntimeAndNamesOnlyDemoClips) {
  const Project project = make_demo_project();
  EXPECT_EQ(project.character, demo::kDemoSourcePath);
  EXPECT_EQ(project.clips.size(), demo().clips.size());
  for (const std::string& name : project.clips) EXPECT_EQ(clip_named(name).name, name);
  EXPECT_EQ(anim::validate(project.state_machine, project.parameters,
                           static_cast<int>(project.clips.size()),
                           static_cast<int>(project.blend_spaces.size())),
            "");
  ASSERT_EQ(project.blend_spaces.size(), 1u);
  EXPECT_EQ(anim::validate(project.blend_spaces[0].space_2d), "");
  EXPECT_GE(project.parameters.find(project.blend_spaces[0].x_parameter), 0);
  EXPECT_GE(project.parameters.find(project.blend_spaces[0].y_parameter), 0);
  for (const ProjectLayer& layer : project.layers) {
    ASSERT_GE(layer.clip, 0);
    ASSERT_LT(layer.clip, static_cast<int>(project.clips.size()));
    EXPECT_EQ(project.clips[layer.clip], layer.name);
    for (const std::string& joint : layer.mask_joints) {
      EXPECT_GE(demo().skeleton.find_joint(joint), 0) << joint;
    }
  }
}

// Each sample sits at the velocity its clip actually moves with (root motion per cycle over the
// cycle's duration), so dragging the point to a velocity moves the character at that velocity.
TEST(DemoProject, BlendSamplesSitAtTheVelocityTheirClipsMove) {
  const Project project = make_demo_project();
  const anim::BlendSpace2D& space = project.blend_spaces[0].space_2d;
  ASSERT_EQ(space.samples.size(), 17u);  // idle, 8 walks, 8 jogs
  EXPECT_EQ(space.samples[0].clip_name, "idle");
  EXPECT_EQ(space.samples[0].position, glm::vec2(0.0f));
  for (const anim::BlendSample2D& sample : space.samples) {
    const anim::Clip& clip = clip_named(sample.clip_name);
    ASSERT_EQ(clip.name, sample.clip_name);
    const anim::ClipBinding binding = anim::bind_clip(clip, demo().skeleton);
    const anim::RootMotionDelta cycle =
        anim::extract_root_motion(clip, binding, demo().skeleton, {}, 0.0f, clip.duration_s);
    const glm::vec2 velocity =
        glm::vec2(cycle.translation.x, cycle.translation.z) / clip.duration_s;
    EXPECT_LE(glm::length(velocity - sample.position),
              std::max(0.01f * glm::length(sample.position), 1e-4f))
        << sample.clip_name;
    EXPECT_LE(std::abs(sample.position.x), space.x_axis.max + 1e-6f);
    EXPECT_LE(std::abs(sample.position.y), space.y_axis.max + 1e-6f);
  }
}

// With no arguments the viewer opens the demo project walking: its parameters start the
// locomotion point on walk_forward, which then takes all the weight.
TEST(DemoProject, StartsWalkingForward) {
  const Project project = make_demo_project();
  const ProjectBlendSpace& locomotion = project.blend_spaces[0];
  const anim::Parameters& parameters = project.parameters;
  const glm::vec2 point{parameters.get(parameters.find(locomotion.x_parameter)),
                        parameters.get(parameters.find(locomotion.y_parameter))};
  EXPECT_EQ(point, glm::vec2(0.0f, demo::kDemoWalkSpeed_mps));
  std::vector<glm::vec2> positions;
  for (const anim::BlendSample2D& sample : locomotion.space_2d.samples)
    positions.push_back(sample.position);
  anim::PreparedBlendSpace2D prepared;
  ASSERT_EQ(anim::prepare_blend_space_2d(locomotion.space_2d.mode, positions, prepared), "");
  std::vector<float> weights(positions.size());
  anim::blend_weights_2d(prepared, point, weights);
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const bool walk_forward = locomotion.space_2d.samples[i].clip_name == "walk_forward";
    EXPECT_NEAR(weights[i], walk_forward ? 1.0f : 0.0f, 1e-5f)
        << locomotion.space_2d.samples[i].clip_name;
  }
}

TEST(DemoProject, SurvivesTheProjectFileFormat) {
  const Project project = make_demo_project();
  Project read;
  ASSERT_EQ(parse_project(project_to_json(project), "demo", read), "");
  EXPECT_EQ(read.clips, project.clips);
  ASSERT_EQ(read.blend_spaces.size(), 1u);
  EXPECT_EQ(read.blend_spaces[0].space_2d.samples.size(),
            project.blend_spaces[0].space_2d.samples.size());
  EXPECT_EQ(read.state_machine.states.size(), 3u);
  EXPECT_EQ(read.state_machine.transitions.size(), 4u);
  EXPECT_EQ(read.layers.size(), 3u);
}

}  // namespace
}  // namespace project
