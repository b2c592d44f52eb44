// The glTF reader against the spec: interpolation modes on Khronos' interpolation_test, real
// characters' poses against an independent evaluator of the file (tests/support/gltf_reference),
// and the parts of glTF assimp loses (skins without inverse binds, several skins, sparse and
// quantized accessors), each in a small file written here.

#include "import/gltf_reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/skinning.h"
#include "import/importer.h"
#include "support/gltf_reference.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

using test::import_ok;
using test::shared_asset;

float size_of(const importer::Character& character) {
  const importer::Bounds bounds = importer::bind_pose_bounds(character);
  return glm::length(bounds.max - bounds.min);
}

// Every joint's model matrix at each time of clip equals the file evaluated by the reference
// (rotations slerped, as the spec says) to tolerance (metres).
void expect_clip_matches(const importer::Character& character, const test::GltfReference& reference,
                         const std::string& clip_name, const std::vector<float>& times,
                         float tolerance) {
  const anim::Clip* clip = test::find_clip(character.clips, clip_name);
  ASSERT_NE(clip, nullptr) << clip_name;
  int animation = -1;
  const auto& animations = reference.json()["animations"];
  for (std::size_t a = 0; a < animations.size(); ++a) {
    const std::string name = animations[a].value("name", "");
    if ((name.empty() ? "clip_" + std::to_string(a) : name) == clip_name) {
      animation = static_cast<int>(a);
    }
  }
  ASSERT_GE(animation, 0) << clip_name;
  for (const float t : times) {
    if (t > clip->duration_s) continue;  // looping clips wrap; the reference clamps
    const std::vector<glm::mat4> model = test::model_pose(character, clip, t);
    float worst = 0.0f;
    std::string worst_joint;
    for (int j = 0; j < character.skeleton.joint_count(); ++j) {
      const std::string& name = character.skeleton.joint_names[j];
      const int node = reference.find_node(name);
      ASSERT_GE(node, 0) << name;
      const glm::mat4 expected = reference.global(node, animation, t);
      for (int c = 0; c < 4; ++c) {
        // Columns 0-2 are directions (scaled by the node's scale); column 3 is the position.
        const float error = glm::length(glm::vec3(model[j][c]) - glm::vec3(expected[c]));
        if (error > worst) {
          worst = error;
          worst_joint = name;
        }
      }
    }
    EXPECT_LT(worst, tolerance) << clip_name << " at " << t << " s, joint " << worst_joint;
  }
}

TEST(GltfInterpolation, EverySamplerModeMatchesTheSpecOnKhronosInterpolationTest) {
  const auto file = shared_asset("khronos/interpolation_test.gltf");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  EXPECT_EQ(character.clips.size(), 9u);
  const test::GltfReference reference(file);
  for (const char* name : {"Step Translation", "Linear Translation", "CubicSpline Translation",
                           "Step Rotation", "Linear Rotation", "CubicSpline Rotation", "Step Scale",
                           "Linear Scale", "CubicSpline Scale"}) {
    expect_clip_matches(character, reference, name,
                        {0.0f, 0.1f, 0.3f, 0.45f, 0.62f, 0.9f, 1.1f, 1.4f, 1.69f, 2.0f}, 1e-4f);
  }
}

TEST(GltfInterpolation, StepAndCubicTranslationsKeepTheirShape) {
  const auto file = shared_asset("khronos/interpolation_test.gltf");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  // "Step Translation" (Cube.006): keys y = 6.665226 at 0 s and 10 at 0.458333 s. STEP holds
  // the first until the second: at 0.1 s y is 6.665226 (linear would give 7.396).
  const anim::Clip* step = test::find_clip(character.clips, "Step Translation");
  ASSERT_NE(step, nullptr);
  const int cube6 = character.skeleton.find_joint("Cube.006");
  ASSERT_GE(cube6, 0);
  EXPECT_NEAR(test::model_pose(character, step, 0.1f)[cube6][3].y, 6.665226f, 1e-4f);
  EXPECT_NEAR(test::model_pose(character, step, 0.46f)[cube6][3].y, 10.0f, 1e-4f);
  // "CubicSpline Translation" (Cube.008): keys y = 6.640117 at 0 s and 10 at 0.416667 s with
  // zero tangents: halfway the Hermite basis weighs both values 1/2: y = 8.320059.
  const anim::Clip* cubic = test::find_clip(character.clips, "CubicSpline Translation");
  ASSERT_NE(cubic, nullptr);
  const int cube8 = character.skeleton.find_joint("Cube.008");
  EXPECT_NEAR(test::model_pose(character, cubic, 0.4166666567f / 2)[cube8][3].y, 8.320059f, 1e-4f);
  // A quarter in: (2u^3 - 3u^2 + 1) = 0.84375 of the first value.
  EXPECT_NEAR(test::model_pose(character, cubic, 0.4166666567f / 4)[cube8][3].y,
              0.84375f * 6.640117f + 0.15625f * 10.0f, 1e-4f);
  EXPECT_EQ(character.clips[0].tracks[0].scale.interpolation, anim::Interpolation::Step);
}

// The Khronos and KayKit characters: every joint at several times of several clips against the
// reference, to 1e-4 of the character's size.
struct PoseCase {
  const char* file;
  std::vector<const char*> clips;
};

class GltfPoses : public ::testing::TestWithParam<PoseCase> {};

TEST_P(GltfPoses, EqualTheSpecsEvaluationToATenThousandthOfTheSize) {
  const auto file = shared_asset(GetParam().file);
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  const test::GltfReference reference(file);
  const float size = size_of(character);
  ASSERT_GT(size, 0.0f);
  for (const char* clip_name : GetParam().clips) {
    const anim::Clip* clip = test::find_clip(character.clips, clip_name);
    ASSERT_NE(clip, nullptr) << clip_name;
    const float d = clip->duration_s;
    expect_clip_matches(character, reference, clip_name,
                        {0.0f, 0.137f * d, 0.31f * d, 0.5f * d, 0.777f * d, 0.93f * d},
                        1e-4f * size);
  }
}

INSTANTIATE_TEST_SUITE_P(SharedAssets, GltfPoses,
                         ::testing::Values(PoseCase{"khronos/Fox.glb", {"Survey", "Walk", "Run"}},
                                           PoseCase{"khronos/cesium_man.gltf", {"clip_0"}},
                                           PoseCase{"kaykit/Knight.glb",
                                                    {"Idle", "Walking_A", "Running_A",
                                                     "Dodge_Forward", "Jump_Full_Long"}},
                                           PoseCase{"quaternius/RobotExpressive.glb",
                                                    {"Dance", "Walking", "Wave"}}),
                         [](const auto& info) {
                           std::string name =
                               std::filesystem::path(info.param.file).stem().string();
                           for (char& c : name)
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

TEST(GltfSkins, RobotExpressiveLoadsAllFourSkinsIntoOneSkeleton) {
  const auto file = shared_asset("quaternius/RobotExpressive.glb");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  const test::GltfReference reference(file);
  const auto& skins = reference.json()["skins"];
  ASSERT_EQ(skins.size(), 4u);
  for (const auto& skin : skins) {
    for (const auto& node : skin["joints"]) {
      EXPECT_GE(character.skeleton.find_joint(reference.node_name(node.get<int>())), 0)
          << reference.node_name(node.get<int>());
    }
  }
  EXPECT_EQ(character.clips.size(), 14u);
  // Every skinned primitive of every skinned node is a mesh, and its vertices are weighted to
  // joints that some skin lists.
  std::size_t skinned_primitives = 0;
  for (const auto& node : reference.json()["nodes"]) {
    if (!node.contains("skin")) continue;
    skinned_primitives += reference.json()["meshes"][node["mesh"].get<int>()]["primitives"].size();
  }
  std::size_t weighted = 0;
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    bool moves = false;
    for (const glm::uvec4& j : mesh.joints0) moves = moves || j != mesh.joints0[0];
    weighted += moves ? 1 : 0;
  }
  EXPECT_GE(character.meshes.size(), skinned_primitives);
  EXPECT_GE(weighted, 4u);
  // Its head carries morph targets: they come through with their names, and every clip animates
  // them (no longer skipped with a warning).
  std::vector<std::string> targets;
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    for (const anim::MorphTarget& target : mesh.morph_targets) targets.push_back(target.name);
  }
  EXPECT_NE(std::find(targets.begin(), targets.end(), "Angry"), targets.end());
  EXPECT_NE(std::find(targets.begin(), targets.end(), "Surprised"), targets.end());
  EXPECT_NE(std::find(targets.begin(), targets.end(), "Sad"), targets.end());
  for (const anim::Clip& clip : character.clips)
    EXPECT_FALSE(clip.morph_tracks.empty()) << clip.name;
  for (const std::string& w : character.report.warnings) {
    EXPECT_EQ(w.find("morph"), std::string::npos) << w;
  }
}

// A two-joint arm skinning one triangle: "shoulder" at (0, 1, 0), "elbow" 1 m along +X.
test::GltfWriter two_joint_arm() {
  test::GltfWriter gltf;
  const int shoulder = gltf.add_node("shoulder", {0.0f, 1.0f, 0.0f});
  const int elbow = gltf.add_node("elbow", {1.0f, 0.0f, 0.0f});
  gltf.add_child(shoulder, elbow);
  const int mesh_node = gltf.add_node("arm_mesh");
  gltf.add_mesh(mesh_node, {{0, 1, 0}, {1, 1, 0}, {2, 1, 0}}, {0, 1, 2},
                {{0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}}, {{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}});
  gltf.add_skin(mesh_node, {shoulder, elbow},
                {glm::translate(glm::mat4(1.0f), glm::vec3(0, -1, 0)),
                 glm::translate(glm::mat4(1.0f), glm::vec3(-1, -1, 0))});
  return gltf;
}

TEST(GltfSkins, ASkinWithoutInverseBindMatricesBindsWithIdentities) {
  test::GltfWriter gltf = two_joint_arm();
  gltf.json()["skins"][0].erase("inverseBindMatrices");
  const auto file = gltf.write(test::make_temp_dir() / "no_inverse_bind.gltf");
  const importer::Character character = import_ok(file);
  ASSERT_EQ(character.skeleton.joint_count(), 2);
  for (const glm::mat4& m : character.skeleton.inverse_bind) EXPECT_EQ(m, glm::mat4(1.0f));
  // With identity inverse binds the spec moves each vertex by its joint's global transform:
  // vertex (2, 1, 0) on the elbow (global translation (1, 1, 0)) lands at (3, 2, 0).
  const std::vector<glm::mat4> model = test::model_pose(character, nullptr, 0.0f);
  std::vector<glm::mat4> palette(model.size());
  ASSERT_TRUE(anim::skinning_matrices(model, character.skeleton.inverse_bind, palette));
  std::vector<glm::vec3> skinned(character.meshes[0].vertex_count());
  ASSERT_TRUE(anim::skin_vertices_lbs(character.meshes[0], palette, skinned, {}));
  EXPECT_LT(glm::length(skinned[2] - glm::vec3(3, 2, 0)), 1e-6f);
  EXPECT_LT(glm::length(skinned[0] - glm::vec3(0, 2, 0)), 1e-6f);
}

TEST(GltfSkins, InverseBindMatricesGiveTheRestMeshBack) {
  const auto file = two_joint_arm().write(test::make_temp_dir() / "arm.gltf");
  const importer::Character character = import_ok(file);
  const std::vector<glm::mat4> model = test::model_pose(character, nullptr, 0.0f);
  std::vector<glm::mat4> palette(model.size());
  ASSERT_TRUE(anim::skinning_matrices(model, character.skeleton.inverse_bind, palette));
  std::vector<glm::vec3> skinned(3);
  ASSERT_TRUE(anim::skin_vertices_lbs(character.meshes[0], palette, skinned, {}));
  for (int v = 0; v < 3; ++v) {
    EXPECT_LT(glm::length(skinned[v] - character.meshes[0].positions[v]), 1e-6f);
  }
}

TEST(GltfAccessors, QuantizedAndSparseAttributesDecodeAsTheSpecSays) {
  test::GltfWriter gltf;
  const int node = gltf.add_node("plate", {0.0f, 0.0f, 0.0f});
  gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  nlohmann::json& doc = gltf.json();
  // KHR_mesh_quantization: POSITION as unsigned shorts (not normalized) under a 0.5 scale,
  // TEXCOORD_0 as normalized unsigned shorts.
  doc["extensionsUsed"] = {"KHR_mesh_quantization"};
  doc["extensionsRequired"] = {"KHR_mesh_quantization"};
  const int positions = gltf.add_ushorts({0, 0, 0, 4, 0, 0, 0, 2, 0}, "VEC3");
  doc["accessors"][positions]["min"] = {0, 0, 0};
  doc["accessors"][positions]["max"] = {4, 2, 0};
  const int uvs = gltf.add_ushorts({0, 0, 65535, 0, 0, 32768}, "VEC2");
  doc["accessors"][uvs]["normalized"] = true;
  // Sparse: vertex colours all zero (no bufferView) but vertex 2, set to (0.25, 0.5, 1, 1).
  const int index_accessor = gltf.add_ushorts({2}, "SCALAR");
  const int value_accessor = gltf.add_floats({0.25f, 0.5f, 1.0f, 1.0f}, "VEC4");
  doc["accessors"].push_back(
      {{"componentType", 5126},
       {"count", 3},
       {"type", "VEC4"},
       {"sparse",
        {{"count", 1},
         {"indices",
          {{"bufferView", doc["accessors"][index_accessor]["bufferView"]},
           {"componentType", 5123}}},
         {"values", {{"bufferView", doc["accessors"][value_accessor]["bufferView"]}}}}}});
  const int colors = static_cast<int>(doc["accessors"].size()) - 1;
  auto& attributes = doc["meshes"][0]["primitives"][0]["attributes"];
  attributes["POSITION"] = positions;
  attributes["TEXCOORD_0"] = uvs;
  attributes["COLOR_0"] = colors;
  doc["nodes"][node]["scale"] = {0.5, 0.5, 0.5};
  const auto file = gltf.write(test::make_temp_dir() / "quantized.gltf");
  const importer::Character character = import_ok(file);
  ASSERT_EQ(character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = character.meshes[0];
  EXPECT_EQ(mesh.positions[1], glm::vec3(2.0f, 0.0f, 0.0f));
  EXPECT_EQ(mesh.positions[2], glm::vec3(0.0f, 1.0f, 0.0f));
  ASSERT_EQ(mesh.uvs.size(), 3u);
  EXPECT_FLOAT_EQ(mesh.uvs[1].x, 1.0f);
  EXPECT_NEAR(mesh.uvs[2].y, 32768.0f / 65535.0f, 1e-7f);
  ASSERT_EQ(mesh.colors.size(), 3u);
  EXPECT_EQ(mesh.colors[0], glm::vec4(0.0f));
  EXPECT_EQ(mesh.colors[2], glm::vec4(0.25f, 0.5f, 1.0f, 1.0f));
}

TEST(GltfAccessors, UnnamedNodesGetStableNames) {
  const auto file = shared_asset("khronos/box_animated.gltf");
  SKIP_IF_ABSENT(file);
  const importer::Character character = import_ok(file);
  ASSERT_EQ(character.clips.size(), 1u);
  for (const std::string& name : character.skeleton.joint_names) {
    EXPECT_EQ(name.rfind("nodes[", 0), 0u) << name;
  }
  const test::GltfReference reference(file);
  expect_clip_matches(character, reference, "clip_0", {0.0f, 0.6f, 1.3f, 2.1f, 3.3f}, 1e-4f);
}

TEST(GltfSettings, UnitScaleUpAxisAndFrameRateApplyAsForOtherFormats) {
  // The arm's elbow rests at (1, 1, 0); a clip turns nothing but lasts 1 s with keys 1/30 s
  // apart (30 fps).
  test::GltfWriter gltf = two_joint_arm();
  std::vector<float> times;
  std::vector<float> values;
  for (int k = 0; k <= 30; ++k) {
    times.push_back(static_cast<float>(k) / 30.0f);
    values.insert(values.end(), {0.0f, 0.0f, 0.0f, 1.0f});
  }
  gltf.add_animation("hold", {{1, "rotation", times, values}});
  const auto file = gltf.write(test::make_temp_dir() / "arm_clip.gltf");
  const importer::Character plain = import_ok(file);
  ASSERT_EQ(plain.clips.size(), 1u);
  EXPECT_FLOAT_EQ(plain.clips[0].source_fps, 30.0f);
  const int elbow = plain.skeleton.find_joint("elbow");

  importer::ImportSettings settings;
  settings.unit_scale = 0.01f;
  const importer::Character small = import_ok(file, settings);
  EXPECT_FLOAT_EQ(small.report.unit_scale_applied, 0.01f);
  EXPECT_LT(glm::length(glm::vec3(test::model_pose(small, nullptr, 0.0f)[elbow][3]) -
                        glm::vec3(0.01f, 0.01f, 0.0f)),
            1e-7f);
  EXPECT_LT(glm::length(small.meshes[0].positions[2] - glm::vec3(0.02f, 0.01f, 0.0f)), 1e-7f);

  settings = {};
  settings.up_axis = importer::UpAxis::kZ;  // (x, y, z) -> (x, z, -y)
  const importer::Character turned = import_ok(file, settings);
  EXPECT_TRUE(turned.report.up_axis_converted);
  EXPECT_LT(glm::length(glm::vec3(test::model_pose(turned, nullptr, 0.0f)[elbow][3]) -
                        glm::vec3(1.0f, 0.0f, -1.0f)),
            1e-6f);
  EXPECT_LT(glm::length(turned.meshes[0].positions[2] - glm::vec3(2.0f, 0.0f, -1.0f)), 1e-6f);

  settings = {};
  settings.frame_rate_override = 60.0f;  // the 30 fps keys replayed at 60: half as long
  const importer::Character fast = import_ok(file, settings);
  EXPECT_NEAR(fast.clips[0].duration_s, 0.5f, 1e-6f);
  EXPECT_FLOAT_EQ(fast.clips[0].source_fps, 60.0f);
}

TEST(GltfBadInput, BrokenFilesNameTheFileAndTinygltfsCause) {
  const auto dir = test::make_temp_dir();
  const auto whole = two_joint_arm().write(dir / "whole.gltf");
  std::string bytes;
  ASSERT_TRUE(test::read_file(whole, bytes)) << whole;
  const auto cut = dir / "cut.gltf";
  test::write_file(cut, bytes.substr(0, bytes.size() / 2));
  importer::ImportResult result = importer::import_file(cut.string(), {});
  EXPECT_FALSE(result.ok());
  EXPECT_NE(result.error.find(cut.string()), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("tinygltf cannot read it"), std::string::npos) << result.error;

  // A binary file cut short: its header promises more than there is.
  const auto knight = shared_asset("kaykit/Knight.glb");
  if (std::filesystem::exists(knight)) {
    std::string data;
    ASSERT_TRUE(test::read_file(knight, data)) << knight;
    for (const std::size_t length : {std::size_t{20}, data.size() / 3, data.size() - 9}) {
      const auto truncated = dir / ("knight_" + std::to_string(length) + ".glb");
      test::write_file(truncated, data.substr(0, length));
      result = importer::import_file(truncated.string(), {});
      EXPECT_FALSE(result.ok()) << length;
      EXPECT_NE(result.error.find(truncated.string()), std::string::npos) << result.error;
    }
  }

  // Accessors that reach past their buffer: a message, not a read outside it.
  test::GltfWriter gltf = two_joint_arm();
  gltf.json()["accessors"][0]["count"] = 1000000;
  const auto oversized = gltf.write(dir / "oversized.gltf");
  result = importer::import_file(oversized.string(), {});
  EXPECT_FALSE(result.ok());
  EXPECT_NE(result.error.find("reach past the end"), std::string::npos) << result.error;

  // A cycle in the node tree.
  test::GltfWriter cyclic = two_joint_arm();
  cyclic.json()["nodes"][1]["children"] = {0};
  const auto cycle = cyclic.write(dir / "cycle.gltf");
  result = importer::import_file(cycle.string(), {});
  EXPECT_FALSE(result.ok());
  EXPECT_NE(result.error.find(cycle.string()), std::string::npos) << result.error;
}

// animview's clip extras: a marker whose time is not a number a float holds (1e300 would be
// stored as infinity) or is not a number at all is skipped with a warning; the others stay.
TEST(GltfBadInput, MarkersWithTimesBeyondAFloatAreSkippedWithAWarning) {
  test::GltfWriter gltf = two_joint_arm();
  gltf.add_animation("wave", {{1, "rotation", {0.0f, 1.0f}, {0, 0, 0, 1, 0, 0, 0, 1}}});
  gltf.json()["animations"][0]["extras"] = nlohmann::json::parse(
      R"({"markers": [{"name": "plant", "time": 0.25}, {"name": "far", "time": 1e300},
                      {"name": "word", "time": "soon"}, {"name": "lift", "time": -3.5e38}]})");
  const auto file = gltf.write(test::make_temp_dir() / "far_markers.gltf");
  const importer::ImportResult result = importer::import_file(file.string(), {});
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.character.clips.size(), 1u);
  const anim::Clip& clip = result.character.clips[0];
  ASSERT_EQ(clip.markers.size(), 1u);
  EXPECT_EQ(clip.markers[0].name, "plant");
  EXPECT_FLOAT_EQ(clip.markers[0].time_s, 0.25f);
  bool warned = false;
  for (const std::string& w : result.character.report.warnings) {
    warned = warned || w.find("'wave': some markers") != std::string::npos;
  }
  EXPECT_TRUE(warned);
}

// A fuzz run found an index of 1.2e27 in a float accessor reaching an integer cast (undefined
// behaviour under UBSan). Indices outside the vertices, whatever their type, drop their triangle.
TEST(GltfBadInput, TriangleIndicesPastTheVerticesDropTheirTriangle) {
  test::GltfWriter gltf;
  const int node = gltf.add_node("plate", {0.0f, 0.0f, 0.0f});
  gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  const int indices =
      gltf.add_floats({0.0f, 1.0f, 1.2e27f, 0.0f, 1.0f, 2.0f, 2.0f, -1.0f, 0.0f}, "SCALAR");
  gltf.json()["meshes"][0]["primitives"][0]["indices"] = indices;
  const auto file = gltf.write(test::make_temp_dir() / "float_indices.gltf");
  const importer::Character character = import_ok(file);
  ASSERT_EQ(character.meshes.size(), 1u);
  EXPECT_EQ(character.meshes[0].indices, (std::vector<std::uint32_t>{0u, 1u, 2u}));
}

TEST(GltfBadInput, AssimpsBrokenTestModelsGiveMessagesNotCrashes) {
  for (const char* name :
       {"glTF2/RecursiveNodes/RecursiveNodes.gltf", "glTF2/IndexOutOfRange/IndexOutOfRange.gltf",
        "glTF2/IndexOutOfRange/AllIndicesOutOfRange.gltf",
        "glTF2/SchemaFailures/sceneWrongType.gltf", "glTF2/IncorrectVertexArrays/Cube.gltf"}) {
    const auto file = test::assimp_model(name);
    if (!std::filesystem::exists(file)) continue;
    const importer::ImportResult result = importer::import_file(file.string(), {});
    if (!result.ok()) {
      EXPECT_NE(result.error.find(file.string()), std::string::npos) << result.error;
    }
  }
}

}  // namespace
