// Bad and unusual input, each written as a small file into a temporary folder: every failure
// must name the file and the cause, and the unusual-but-valid cases must import.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "import/importer.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

using test::GltfWriter;

// A two-joint chain "hip" -> "knee" animated over one second: the knee's translation goes
// from (0, 1, 0) to (0, 3, 0).
GltfWriter animated_chain(const std::string& knee_name = "knee") {
  GltfWriter gltf;
  const int hip = gltf.add_node("hip", {0.0f, 1.0f, 0.0f});
  const int knee = gltf.add_node(knee_name, {0.0f, 1.0f, 0.0f});
  gltf.add_child(hip, knee);
  gltf.add_animation("rise", {{knee, "translation", {0.0f, 1.0f}, {0, 1, 0, 0, 3, 0}}});
  return gltf;
}

void expect_error_names(const importer::ImportResult& result, const std::filesystem::path& file,
                        const std::string& cause) {
  EXPECT_FALSE(result.ok());
  EXPECT_NE(result.error.find(file.string()), std::string::npos) << result.error;
  EXPECT_NE(result.error.find(cause), std::string::npos) << result.error;
}

TEST(BadInput, MissingFileNamesTheFile) {
  const auto file = test::make_temp_dir() / "nothing_here.fbx";
  expect_error_names(importer::import_file(file.string(), {}), file, "does not exist");
}

TEST(BadInput, DirectoryIsRefused) {
  const auto dir = test::make_temp_dir();
  expect_error_names(importer::import_file(dir.string(), {}), dir, "directory");
}

TEST(BadInput, EmptyFileIsRefused) {
  const auto file = test::make_temp_dir() / "empty.glb";
  test::write_file(file, "");
  expect_error_names(importer::import_file(file.string(), {}), file, "empty");
}

TEST(BadInput, UnknownExtensionIsRefused) {
  const auto file = test::make_temp_dir() / "notes.animviewxyz";
  test::write_file(file, "hello");
  expect_error_names(importer::import_file(file.string(), {}), file, "not a format");
}

// assimp's cause, or tinygltf's for glTF files: both say "<library> cannot read it: ...".
TEST(BadInput, CorruptFilesFailWithTheLibrarysCause) {
  const auto dir = test::make_temp_dir();
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919 + 13) % 251);
  for (const char* name : {"corrupt.fbx", "corrupt.glb", "corrupt.gltf", "corrupt.dae"}) {
    test::write_file(dir / name, garbage);
    expect_error_names(importer::import_file((dir / name).string(), {}), dir / name,
                       "cannot read it");
  }
}

TEST(BadInput, TruncatedGltfFails) {
  const auto dir = test::make_temp_dir();
  const auto whole = animated_chain().write(dir / "whole.gltf");
  std::string bytes;
  ASSERT_TRUE(test::read_file(whole, bytes)) << whole;
  const auto cut = dir / "truncated.gltf";
  test::write_file(cut, bytes.substr(0, bytes.size() / 2));
  expect_error_names(importer::import_file(cut.string(), {}), cut, "tinygltf cannot read it");
}

TEST(BadInput, TruncatedBinaryFbxFails) {
  const auto source = test::shared_asset("pab/arnaud.fbx");
  SKIP_IF_ABSENT(source);
  std::string bytes;
  ASSERT_TRUE(test::read_file(source, bytes)) << source;
  const auto cut = test::make_temp_dir() / "truncated.fbx";
  test::write_file(cut, bytes.substr(0, bytes.size() / 3));
  const importer::ImportResult result = importer::import_file(cut.string(), {});
  expect_error_names(result, cut, "assimp cannot read it");
}

TEST(BadInput, NanKeysNameTheClipJointAndChannel) {
  GltfWriter gltf;
  const int hip = gltf.add_node("hip");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  gltf.add_animation("broken", {{hip, "translation", {0.0f, 1.0f}, {0, 0, 0, nan, 1, 0}}});
  const auto file = gltf.write(test::make_temp_dir() / "nan_keys.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  expect_error_names(result, file, "'hip'");
  EXPECT_NE(result.error.find("translation"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("'broken'"), std::string::npos) << result.error;
}

TEST(BadInput, ZeroLengthClipBecomesAOneFramePoseWithAWarning) {
  GltfWriter gltf;
  const int hip = gltf.add_node("hip");
  gltf.add_animation("pose", {{hip, "translation", {0.0f}, {0, 2, 0}}});
  const auto file = gltf.write(test::make_temp_dir() / "zero_length.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.character.clips.size(), 1u);
  const anim::Clip& clip = result.character.clips[0];
  EXPECT_GT(clip.duration_s, 0.0f);
  EXPECT_FLOAT_EQ(clip.duration_s, 1.0f / clip.source_fps);
  ASSERT_EQ(result.character.report.warnings.size(), 1u);
  EXPECT_NE(result.character.report.warnings[0].find("zero length"), std::string::npos);
  const glm::vec3 hip_at(test::model_pose(result.character, &clip, 0.0f)[0][3]);
  EXPECT_FLOAT_EQ(hip_at.y, 2.0f);
}

TEST(BadInput, DuplicateJointNamesAreRefused) {
  const auto file = animated_chain("hip").write(test::make_temp_dir() / "duplicates.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  expect_error_names(result, file, "two joints are named 'hip'");
  EXPECT_NE(result.error.find("unique"), std::string::npos) << result.error;
}

TEST(UnusualInput, MeshOnlyFileIsAStaticMeshWithOneJoint) {
  GltfWriter gltf;
  const int node = gltf.add_node("plate", {1.0f, 2.0f, 3.0f});
  gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  const auto file = gltf.write(test::make_temp_dir() / "mesh_only.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  const importer::Character& c = result.character;
  EXPECT_EQ(c.skeleton.joint_count(), 1);
  EXPECT_TRUE(c.clips.empty());
  ASSERT_EQ(c.meshes.size(), 1u);
  // Baked into model space by the node's translation; all weight on the single joint.
  EXPECT_EQ(c.meshes[0].positions[1], glm::vec3(2.0f, 2.0f, 3.0f));
  EXPECT_EQ(c.meshes[0].joints0[1], glm::uvec4(0u));
  EXPECT_EQ(c.meshes[0].weights0[1], glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
  EXPECT_EQ(c.meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(UnusualInput, ClipOnlyFileGetsItsSkeletonFromTheAnimatedNodes) {
  const auto file = animated_chain().write(test::make_temp_dir() / "clip_only.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  const importer::Character& c = result.character;
  EXPECT_EQ(c.skeleton.joint_names, (std::vector<std::string>{"hip", "knee"}));
  EXPECT_EQ(c.skeleton.parents, (std::vector<int>{-1, 0}));
  EXPECT_TRUE(c.meshes.empty());
  ASSERT_EQ(c.clips.size(), 1u);
  EXPECT_EQ(c.clips[0].name, "rise");
  EXPECT_FLOAT_EQ(c.clips[0].duration_s, 1.0f);
  // Knee at t = 0.25: hip (0, 1, 0) + lerp((0, 1, 0), (0, 3, 0), 0.25) = (0, 2.5, 0).
  const glm::vec3 knee(test::model_pose(c, &c.clips[0], 0.25f)[1][3]);
  EXPECT_NEAR(knee.y, 2.5f, 1e-5f);
  EXPECT_NEAR(knee.x, 0.0f, 1e-6f);
}

TEST(UnusualInput, UnskinnedMeshFollowsItsAnimatedNode) {
  GltfWriter gltf = animated_chain();
  gltf.add_mesh(1, {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}, {0, 1, 2});  // on the knee
  const auto file = gltf.write(test::make_temp_dir() / "rigid.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  const importer::Character& c = result.character;
  ASSERT_EQ(c.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = c.meshes[0];
  // In model space at the knee's rest (0, 2, 0), fully weighted to the knee (joint 1).
  EXPECT_EQ(mesh.positions[1], glm::vec3(1.0f, 2.0f, 0.0f));
  EXPECT_EQ(mesh.joints0[1].x, 1u);
  EXPECT_FLOAT_EQ(mesh.weights0[1].x, 1.0f);
  // Its palette entry at rest is the identity, so the rest mesh stays where it is.
  const glm::mat4 model = test::model_pose(c, nullptr, 0.0f)[1];
  const glm::vec4 skinned = model * c.skeleton.inverse_bind[1] * glm::vec4(mesh.positions[1], 1);
  EXPECT_NEAR(glm::length(glm::vec3(skinned) - mesh.positions[1]), 0.0f, 1e-5f);
}

// One triangle skinned to six joints: vertex 0 has six influences, vertex 1 weights summing to
// 0.8, vertex 2 a single influence.
GltfWriter six_influence_triangle() {
  GltfWriter gltf;
  std::vector<int> joints;
  for (const char* name : {"j0", "j1", "j2", "j3", "j4", "j5"}) {
    joints.push_back(gltf.add_node(name, {0.1f * static_cast<float>(joints.size()), 0.0f, 0.0f}));
  }
  const int mesh_node = gltf.add_node("skin");
  gltf.add_mesh(mesh_node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2},
                {{0, 1, 2, 3, 0, 1, 0, 0, 5, 0, 0, 0}, {4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
                {{0.05f, 0.3f, 0.1f, 0.2f, 0.5f, 0.3f, 0, 0, 1, 0, 0, 0},
                 {0.25f, 0.1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
  std::vector<glm::mat4> inverse_bind;
  for (int j = 0; j < 6; ++j) {
    inverse_bind.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(-0.1f * j, 0.0f, 0.0f)));
  }
  gltf.add_skin(mesh_node, joints, inverse_bind);
  return gltf;
}

TEST(Influences, KeepsTheFourStrongestRenormalizedAndCountsWhatChanged) {
  const auto file = six_influence_triangle().write(test::make_temp_dir() / "six.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  const importer::Character& c = result.character;
  ASSERT_EQ(c.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = c.meshes[0];
  ASSERT_EQ(mesh.vertex_count(), 3u);
  EXPECT_FALSE(mesh.has_second_influence_set());
  // Vertex 0: j1 0.3, j4 0.25, j3 0.2, j2 0.1 kept (j5 0.1 ties j2 and loses: file order), 0.85.
  const int j1 = c.skeleton.find_joint("j1");
  const int j4 = c.skeleton.find_joint("j4");
  const int j3 = c.skeleton.find_joint("j3");
  EXPECT_EQ(mesh.joints0[0].x, static_cast<unsigned>(j1));
  EXPECT_EQ(mesh.joints0[0].y, static_cast<unsigned>(j4));
  EXPECT_EQ(mesh.joints0[0].z, static_cast<unsigned>(j3));
  EXPECT_NEAR(mesh.weights0[0].x, 0.3f / 0.85f, 1e-5f);
  EXPECT_NEAR(mesh.weights0[0].y, 0.25f / 0.85f, 1e-5f);
  EXPECT_NEAR(mesh.weights0[0].z, 0.2f / 0.85f, 1e-5f);
  EXPECT_NEAR(mesh.weights0[0].w, 0.1f / 0.85f, 1e-5f);
  // Vertex 1: 0.5 and 0.3 become 0.625 and 0.375.
  EXPECT_NEAR(mesh.weights0[1].x, 0.625f, 1e-5f);
  EXPECT_NEAR(mesh.weights0[1].y, 0.375f, 1e-5f);
  EXPECT_EQ(c.report.vertices_with_cut_influences, 1);
  EXPECT_EQ(c.report.vertices_renormalized, 1);  // vertex 1; vertex 0 summed to one
}

TEST(Influences, KeepsEightInTwoSetsWhenAllowed) {
  const auto file = six_influence_triangle().write(test::make_temp_dir() / "six.gltf");
  importer::ImportSettings settings;
  settings.max_influences = 8;
  const importer::ImportResult result = importer::import_file(file.string(), settings);
  ASSERT_TRUE(result.ok()) << result.error;
  const anim::SkinnedMesh& mesh = result.character.meshes[0];
  ASSERT_TRUE(mesh.has_second_influence_set());
  EXPECT_EQ(result.character.report.vertices_with_cut_influences, 0);
  const glm::vec4 sum4(1.0f);
  EXPECT_NEAR(glm::dot(mesh.weights0[0], sum4) + glm::dot(mesh.weights1[0], sum4), 1.0f, 1e-5f);
  EXPECT_NEAR(mesh.weights1[0].x, 0.1f, 1e-5f);   // the fifth strongest
  EXPECT_NEAR(mesh.weights1[0].y, 0.05f, 1e-5f);  // the sixth
  EXPECT_EQ(mesh.weights1[2], glm::vec4(0.0f));
}

TEST(ClipImport, ClipForAnotherSkeletonListsTheUnmatchedJoints) {
  const auto dir = test::make_temp_dir();
  const auto character_file = animated_chain().write(dir / "chain.gltf");
  GltfWriter other;
  const int a = other.add_node("tail_1");
  const int b = other.add_node("tail_2");
  other.add_child(a, b);
  other.add_animation("wag", {{b, "rotation", {0.0f, 1.0f}, {0, 0, 0, 1, 0, 0, 1, 0}},
                              {a, "translation", {0.0f, 1.0f}, {0, 0, 0, 1, 0, 0}}});
  const auto clip_file = other.write(dir / "tail.gltf");
  const importer::ImportResult character = importer::import_file(character_file.string(), {});
  ASSERT_TRUE(character.ok()) << character.error;
  const importer::ClipImportResult result =
      importer::import_clips(clip_file.string(), character.character.skeleton, {});
  EXPECT_FALSE(result.ok());
  EXPECT_NE(result.error.find(clip_file.string()), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("another skeleton"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("tail_1"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("tail_2"), std::string::npos) << result.error;

  const importer::ClipImportResult own =
      importer::import_clips(character_file.string(), character.character.skeleton, {});
  ASSERT_TRUE(own.ok()) << own.error;
  ASSERT_EQ(own.clips.size(), 1u);
  EXPECT_TRUE(own.clips[0].unmatched_joints.empty());
}

}  // namespace
