#include "render/skinned_bounds.h"

#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/clip_sampling.h"
#include "anim/skinning.h"
#include "demo/demo_character.h"
#include "skinning_rigs.h"

namespace render {
namespace {

// Two joints: (0,0,0) and (1,0,0) follow joint 0, (0,1,0) joint 1, (0.5,0.5,0) both by half.
anim::SkinnedMesh two_joint_mesh() {
  anim::SkinnedMesh mesh;
  mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.5f, 0.5f, 0}};
  mesh.joints0 = {glm::uvec4(0), glm::uvec4(0), glm::uvec4(1, 0, 0, 0), glm::uvec4(0, 1, 0, 0)};
  mesh.weights0 = {glm::vec4(1, 0, 0, 0), glm::vec4(1, 0, 0, 0), glm::vec4(1, 0, 0, 0),
                   glm::vec4(0.5f, 0.5f, 0, 0)};
  return mesh;
}

void expect_vec3_eq(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-6f);
  EXPECT_NEAR(a.y, b.y, 1e-6f);
  EXPECT_NEAR(a.z, b.z, 1e-6f);
}

TEST(SkinnedBounds, EachJointCarriesTheBoxOfTheVerticesItMoves) {
  const std::vector<anim::SkinnedMesh> meshes = {two_joint_mesh()};
  SkinnedBounds bounds;
  bounds.build(meshes, 2);
  // Joint 0's box is x 0..1, y 0..0.5; joint 1's x 0..0.5, y 0.5..1, here lifted to z = 2.
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f),
                                          glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 2))};
  const std::optional<Box> box = bounds.skinned(palette);
  ASSERT_TRUE(box);
  expect_vec3_eq(box->min, {0, 0, 0});
  expect_vec3_eq(box->max, {1, 1, 2});
  // Joint 1 turned a quarter about z: its box (x 0..0.5, y 0.5..1) goes to x -1..-0.5, y 0..0.5.
  const std::vector<glm::mat4> turned = {
      glm::mat4(1.0f), glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1))};
  const std::optional<Box> turned_box = bounds.skinned(turned);
  ASSERT_TRUE(turned_box);
  expect_vec3_eq(turned_box->min, {-1, 0, 0});
  expect_vec3_eq(turned_box->max, {1, 0.5f, 0});
}

TEST(SkinnedBounds, VerticesWithoutWeightsKeepTheirBindPosition) {
  std::vector<anim::SkinnedMesh> meshes = {two_joint_mesh()};
  meshes[0].positions.push_back({0, 0, -3});
  meshes[0].joints0.push_back(glm::uvec4(0));
  meshes[0].weights0.push_back(glm::vec4(0.0f));
  SkinnedBounds bounds;
  bounds.build(meshes, 2);
  const glm::mat4 up = glm::translate(glm::mat4(1.0f), glm::vec3(0, 5, 0));
  const std::optional<Box> box = bounds.skinned(std::vector<glm::mat4>{up, up});
  ASSERT_TRUE(box);
  expect_vec3_eq(box->min, {0, 0, -3});  // the unweighted vertex stays put; the rest rise by 5
  expect_vec3_eq(box->max, {1, 6, 0});
}

TEST(SkinnedBounds, UnboundedWhereSkinningIsNotAWeightedMean) {
  const std::vector<glm::mat4> identity(2, glm::mat4(1.0f));
  SkinnedBounds bounds;
  std::vector<anim::SkinnedMesh> meshes = {two_joint_mesh()};
  meshes[0].weights0[3] = glm::vec4(0.5f, 0.3f, 0, 0);  // sums to 0.8
  bounds.build(meshes, 2);
  EXPECT_FALSE(bounds.skinned(identity));
  meshes = {two_joint_mesh()};
  meshes[0].morph_targets.resize(1);  // moves vertices before skinning
  bounds.build(meshes, 2);
  EXPECT_FALSE(bounds.skinned(identity));
  meshes = {two_joint_mesh()};
  bounds.build(meshes, 1);  // joint 1 is outside a one-joint skeleton
  EXPECT_FALSE(bounds.skinned(std::vector<glm::mat4>(1, glm::mat4(1.0f))));
  bounds.build(meshes, 2);
  EXPECT_TRUE(bounds.skinned(identity));
  EXPECT_FALSE(bounds.skinned(std::vector<glm::mat4>(3, glm::mat4(1.0f))));  // another palette
}

// The demo character's every skinned vertex (the CPU reference) lies in the box, through a walk.
TEST(SkinnedBounds, HoldsTheDemoCharacterInEveryPoseOfAClip) {
  const importer::Character character = demo::make_demo_character();
  const anim::Skeleton& skeleton = character.skeleton;
  ASSERT_FALSE(character.clips.empty());
  SkinnedBounds bounds;
  bounds.build(character.meshes, skeleton.joint_count());
  const anim::Clip& clip = character.clips.front();
  const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
  anim::SamplingCache cache(clip);
  std::vector<anim::Transform> local(static_cast<std::size_t>(skeleton.joint_count()));
  int inside = 0;
  for (int step = 0; step < 8; ++step) {
    ASSERT_TRUE(
        anim::sample_clip(clip, binding, skeleton, clip.duration_s * step / 8.0f, cache, local));
    const skin_test::Palettes palettes = skin_test::make_palettes(skeleton, local);
    const std::optional<Box> box = bounds.skinned(palettes.matrices);
    ASSERT_TRUE(box);
    for (const anim::SkinnedMesh& mesh : character.meshes) {
      std::vector<glm::vec3> skinned(mesh.vertex_count());
      ASSERT_TRUE(anim::skin_vertices_lbs(mesh, palettes.matrices, skinned, {}));
      for (const glm::vec3& p : skinned) {
        const bool in = glm::all(glm::greaterThanEqual(p, box->min - 1e-5f)) &&
                        glm::all(glm::lessThanEqual(p, box->max + 1e-5f));
        EXPECT_TRUE(in) << p.x << " " << p.y << " " << p.z;
        inside += in;
      }
    }
  }
  EXPECT_GT(inside, 1000);
}

}  // namespace
}  // namespace render
