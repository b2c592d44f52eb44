#include "demo/demo_export.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "import/importer.h"
#include "support/demo_test_support.h"

namespace demo {
namespace {

using demo_test::demo;

// CTest may run the tests of this file in parallel processes: each writes its own file.
std::string temp_path(const std::string& name) {
  const std::string unique = std::to_string(::getpid()) + "_" + name;
  return (std::filesystem::temp_directory_path() / unique).string();
}

// Model-space joint matrices of clip at time_s on skeleton.
std::vector<glm::mat4> model_pose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                  float time_s) {
  const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
  anim::SamplingCache cache(clip);
  std::vector<anim::Transform> local(skeleton.joint_count());
  std::vector<glm::mat4> model(skeleton.joint_count());
  EXPECT_TRUE(anim::sample_clip(clip, binding, skeleton, time_s, cache, local));
  EXPECT_TRUE(anim::local_to_model(skeleton, local, model));
  return model;
}

class DemoExport : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    path_ = new std::string(temp_path("animview_demo_export_test.glb"));
    error_ = new std::string(export_demo_character(*path_));
    if (error_->empty())
      imported_ =
          new importer::ImportResult(importer::import_file(*path_, importer::ImportSettings{}));
  }
  static void TearDownTestSuite() {
    std::filesystem::remove(*path_);
    delete imported_;
    delete error_;
    delete path_;
  }
  void SetUp() override {
    ASSERT_TRUE(error_->empty()) << *error_;
    ASSERT_TRUE(imported_->ok()) << imported_->error;
  }
  static const importer::Character& imported() { return imported_->character; }

  static std::string* path_;
  static std::string* error_;
  static importer::ImportResult* imported_;
};
std::string* DemoExport::path_ = nullptr;
std::string* DemoExport::error_ = nullptr;
importer::ImportResult* DemoExport::imported_ = nullptr;

TEST_F(DemoExport, SkeletonComesBackWithTheSameJointsAndRestPose) {
  const anim::Skeleton& original = demo().skeleton;
  const anim::Skeleton& read = imported().skeleton;
  ASSERT_EQ(read.joint_count(), original.joint_count());
  for (int i = 0; i < original.joint_count(); ++i) {
    const int j = read.find_joint(original.joint_names[i]);
    ASSERT_GE(j, 0) << original.joint_names[i];
    const int parent = original.parents[i];
    EXPECT_EQ(
        read.parents[j] == anim::kNoParent ? std::string("-") : read.joint_names[read.parents[j]],
        parent == anim::kNoParent ? std::string("-") : original.joint_names[parent]);
    EXPECT_LT(glm::length(read.rest_pose[j].translation - original.rest_pose[i].translation), 1e-5f)
        << original.joint_names[i];
    EXPECT_GT(std::abs(glm::dot(read.rest_pose[j].rotation, original.rest_pose[i].rotation)),
              1.0f - 1e-6f);
    for (int c = 0; c < 4; ++c) {
      EXPECT_LT(glm::length(read.inverse_bind[j][c] - original.inverse_bind[i][c]), 1e-5f);
    }
  }
}

TEST_F(DemoExport, MeshComesBackWithItsWeights) {
  ASSERT_EQ(imported().meshes.size(), 1u);
  const anim::SkinnedMesh& original = demo().meshes[0];
  const anim::SkinnedMesh& read = imported().meshes[0];
  EXPECT_EQ(read.indices.size(), original.indices.size());
  ASSERT_EQ(read.vertex_count(), original.vertex_count());
  ASSERT_EQ(read.weights0.size(), read.vertex_count());
  // Per vertex, the weight each joint (by name) has must match, whatever order assimp keeps.
  const auto weight_of = [](const anim::SkinnedMesh& mesh, const anim::Skeleton& skeleton,
                            std::size_t v, const std::string& joint) {
    float w = 0.0f;
    for (int k = 0; k < 4; ++k) {
      if (mesh.weights0[v][k] > 0.0f && skeleton.joint_names[mesh.joints0[v][k]] == joint) {
        w += mesh.weights0[v][k];
      }
    }
    return w;
  };
  for (std::size_t v = 0; v < original.vertex_count(); v += 7) {
    EXPECT_LT(glm::length(read.positions[v] - original.positions[v]), 1e-6f);
    for (const std::string& joint : demo().skeleton.joint_names) {
      ASSERT_NEAR(weight_of(read, imported().skeleton, v, joint),
                  weight_of(original, demo().skeleton, v, joint), 1e-5f)
          << "vertex " << v << " joint " << joint;
    }
  }
  // assimp's reader may add its own default material; the mesh's own one must come back.
  ASSERT_GE(read.material, 0);
  ASSERT_LT(read.material, static_cast<int>(imported().materials.size()));
  const visual::Material& material = imported().materials[read.material];
  EXPECT_EQ(material.name, demo().materials[0].name);
  EXPECT_LT(glm::length(material.base_color - demo().materials[0].base_color), 1e-6f);
}

TEST_F(DemoExport, ClipsComeBackWithTheSameDurationsAndPoses) {
  ASSERT_EQ(imported().clips.size(), demo().clips.size());
  const anim::Skeleton& read_skeleton = imported().skeleton;
  for (std::size_t c = 0; c < demo().clips.size(); ++c) {
    const anim::Clip& original = demo().clips[c];
    const anim::Clip& read = imported().clips[c];
    EXPECT_EQ(read.name, original.name);
    EXPECT_NEAR(read.duration_s, original.duration_s, 1e-4f) << original.name;
    for (float t : {0.0f, 0.123f, 0.37f, 0.5f * original.duration_s}) {
      const auto expected = model_pose(demo().skeleton, original, t);
      const auto actual = model_pose(read_skeleton, read, t);
      for (int i = 0; i < demo().skeleton.joint_count(); ++i) {
        const int j = read_skeleton.find_joint(demo().skeleton.joint_names[i]);
        for (int col = 0; col < 4; ++col) {
          ASSERT_LT(glm::length(actual[j][col] - expected[i][col]), 1e-4f)
              << original.name << " at " << t << " joint " << demo().skeleton.joint_names[i];
        }
      }
    }
  }
}

TEST(DemoExportErrors, AnUnwritablePathGivesAMessageNamingIt) {
  const std::string path = "/nonexistent-folder/demo.glb";
  const std::string error = export_demo_character(path);
  EXPECT_NE(error.find(path), std::string::npos) << error;
}

}  // namespace
}  // namespace demo
