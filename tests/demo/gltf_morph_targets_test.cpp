// glTF morph targets (blend shapes) and their weight channels through the importer: the targets'
// deltas, names and default weights, and the weights sampled from the clips (STEP, LINEAR and
// CUBICSPLINE as glTF 2.0 defines them) against values computed by hand from the files' keys.
// Bad input (a target of another vertex count, a weights channel that does not fit its targets,
// NaN offsets) is a warning that names the cause, and the import goes on.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "anim/morph_weights.h"
#include "demo/demo_export.h"
#include "import/gltf_reader.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

TEST(GltfMorphTargets, AnimatedMorphSphereKeepsItsTargetsAndPlaysItsWeights) {
  const auto path = test::shared_asset("khronos/animated_morph_sphere.gltf");
  SKIP_IF_ABSENT(path);
  const importer::Character character = test::import_ok(path);
  ASSERT_EQ(character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = character.meshes[0];
  EXPECT_EQ(mesh.node_name, "AnimatedMorphSphere");
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  // The file names no targets (no extras.targetNames).
  EXPECT_EQ(mesh.morph_targets[0].name, "target 0");
  EXPECT_EQ(mesh.morph_targets[1].name, "target 1");
  EXPECT_EQ(mesh.morph_weights, (std::vector<float>{0.0f, 0.0f}));
  for (const anim::MorphTarget& target : mesh.morph_targets) {
    EXPECT_EQ(target.positions.size(), mesh.vertex_count());
    EXPECT_EQ(target.normals.size(), mesh.vertex_count());
    EXPECT_EQ(target.tangents.size(), mesh.vertex_count());
  }
  EXPECT_FALSE(test::warned(character, "morph"));
  ASSERT_EQ(character.clips.size(), 1u);
  EXPECT_EQ(character.clips[0].morph_tracks.size(), 2u);

  // Expected: the LINEAR sampler's keys (accessor 10: times, accessor 11: two weights per key),
  // read from AnimatedMorphSphere.bin with python3's struct: key 30 at 1.0000003576 s holds
  // (0, 0.5325884819), key 60 at 1.9999994040 s (0.0035331273, 0.9964668751), key 61 at
  // 2.0333328247 s (0.0068593263, 0.9931406379), key 100 at 3.3333315849 s (0.6339441538,
  // 0.3660558760), key 101 at 3.3666648865 s (0.6539884210, 0.3460115790). In between: the
  // lerp of the two keys, a quarter of the way from key 60 and half way from key 100.
  struct Expected {
    float time_s;
    float w0, w1;
  };
  const Expected expected[] = {
      {0.0f, 0.0f, 0.0f},
      {1.0000003576278687f, 0.0f, 0.5325884819030762f},
      {1.9999994039535522f, 0.0035331272520124912f, 0.996466875076294f},
      {2.008332759141922f, 0.00436467700637877f, 0.9956353157758713f},
      {3.33333158493042f, 0.6339441537857056f, 0.3660558760166168f},
      {3.3499982357025146f, 0.6439662873744965f, 0.35603372752666473f},
  };
  for (const Expected& e : expected) {
    const std::vector<float> w = test::morph_weights_at(character, "Globe", e.time_s);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_NEAR(w[0], e.w0, 2e-6f) << "at " << e.time_s << " s";
    EXPECT_NEAR(w[1], e.w1, 2e-6f) << "at " << e.time_s << " s";
  }
}

// One triangle on node "Face" with two named targets, and the animations a test adds.
test::GltfWriter face_with_two_targets(std::vector<float> second_target_offsets = {}) {
  test::GltfWriter gltf;
  const int node = gltf.add_node("Face");
  const int mesh = gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
  if (second_target_offsets.empty()) second_target_offsets = {0, 0.5f, 0, 0, 0.5f, 0, 0, 0.5f, 0};
  nlohmann::json& m = gltf.json()["meshes"][mesh];
  m["primitives"][0]["targets"] = {
      {{"POSITION", gltf.add_floats({0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3")}},
      {{"POSITION", gltf.add_floats(second_target_offsets, "VEC3")}}};
  m["extras"]["targetNames"] = {"Smile", "Blink"};
  m["weights"] = {0.25, 0.0};
  return gltf;
}

TEST(GltfMorphTargets, NamesDefaultWeightsAndDeltasComeFromTheFile) {
  const auto dir = test::make_temp_dir();
  test::GltfWriter gltf = face_with_two_targets();
  gltf.json()["nodes"][0]["weights"] = {0.5, 0.75};  // the node's win over the mesh's
  const importer::Character character = test::import_ok(gltf.write(dir / "face.gltf"));
  ASSERT_EQ(character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = character.meshes[0];
  EXPECT_EQ(mesh.node_name, "Face");
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  EXPECT_EQ(mesh.morph_targets[0].name, "Smile");
  EXPECT_EQ(mesh.morph_targets[1].name, "Blink");
  EXPECT_EQ(mesh.morph_weights, (std::vector<float>{0.5f, 0.75f}));
  // The base mesh is the file's, without the targets at their default weights.
  EXPECT_NEAR(mesh.positions[1].x, 1.0f, 1e-6f);
  EXPECT_NEAR(mesh.positions[1].z, 0.0f, 1e-6f);
  EXPECT_NEAR(mesh.morph_targets[0].positions[2].z, 1.0f, 1e-6f);
  EXPECT_NEAR(mesh.morph_targets[1].positions[2].y, 0.5f, 1e-6f);
  const std::vector<anim::MorphChannel> channels = anim::morph_channels_of(character.meshes);
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_EQ(channels[1].node_name, "Face");
  EXPECT_EQ(channels[1].target_name, "Blink");
  EXPECT_EQ(channels[1].default_weight, 0.75f);
  std::filesystem::remove_all(dir);
}

// Targets read through the same accessor reader as the mesh: Smile sparse (all zero but vertex
// 1), Blink quantized (KHR_mesh_quantization: unsigned shorts), under a node scaled by 0.5 (a
// delta is a direction: the scale applies, no translation).
TEST(GltfMorphTargets, SparseAndQuantizedTargetsDecodeAndFollowTheNodesScale) {
  const auto dir = test::make_temp_dir();
  test::GltfWriter gltf = face_with_two_targets();
  nlohmann::json& doc = gltf.json();
  doc["extensionsUsed"] = {"KHR_mesh_quantization"};
  doc["extensionsRequired"] = {"KHR_mesh_quantization"};
  const int index_accessor = gltf.add_ushorts({1}, "SCALAR");
  const int value_accessor = gltf.add_floats({0, 0, 2}, "VEC3");
  doc["accessors"].push_back(
      {{"componentType", 5126},
       {"count", 3},
       {"type", "VEC3"},
       {"sparse",
        {{"count", 1},
         {"indices",
          {{"bufferView", doc["accessors"][index_accessor]["bufferView"]},
           {"componentType", 5123}}},
         {"values", {{"bufferView", doc["accessors"][value_accessor]["bufferView"]}}}}}});
  const int sparse = static_cast<int>(doc["accessors"].size()) - 1;
  const int quantized = gltf.add_ushorts({0, 2, 0, 0, 2, 0, 0, 2, 0}, "VEC3");
  doc["meshes"][0]["primitives"][0]["targets"] = {{{"POSITION", sparse}},
                                                  {{"POSITION", quantized}}};
  doc["nodes"][0]["translation"] = {5, 0, 0};
  doc["nodes"][0]["scale"] = {0.5, 0.5, 0.5};
  const importer::Character character = test::import_ok(gltf.write(dir / "sparse.gltf"));
  ASSERT_EQ(character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = character.meshes[0];
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  EXPECT_EQ(mesh.morph_targets[0].positions[0], glm::vec3(0.0f));
  EXPECT_EQ(mesh.morph_targets[0].positions[1], glm::vec3(0.0f, 0.0f, 1.0f));
  EXPECT_EQ(mesh.morph_targets[0].positions[2], glm::vec3(0.0f));
  for (const glm::vec3& d : mesh.morph_targets[1].positions) EXPECT_EQ(d, glm::vec3(0, 1, 0));
  std::filesystem::remove_all(dir);
}

TEST(GltfMorphTargets, StepWeightsHoldEachKeyUntilTheNext) {
  const auto dir = test::make_temp_dir();
  test::GltfWriter gltf = face_with_two_targets();
  // Per key: Smile, Blink.
  gltf.add_animation("blink",
                     {{0, "weights", {0, 1, 2}, {0.2f, 0.9f, 0.7f, 0.1f, 1, 0.5f}, "STEP"}});
  const importer::Character character = test::import_ok(gltf.write(dir / "step.gltf"));
  ASSERT_EQ(character.clips.size(), 1u);
  EXPECT_EQ(character.clips[0].morph_tracks[0].weight.interpolation, anim::Interpolation::Step);
  const struct {
    float time_s, smile, blink;
  } expected[] = {{0.0f, 0.2f, 0.9f}, {0.5f, 0.2f, 0.9f},  {0.999f, 0.2f, 0.9f},
                  {1.0f, 0.7f, 0.1f}, {1.99f, 0.7f, 0.1f}, {2.0f, 1.0f, 0.5f}};
  for (const auto& e : expected) {
    const std::vector<float> w = test::morph_weights_at(character, "blink", e.time_s);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_FLOAT_EQ(w[0], e.smile) << "at " << e.time_s << " s";
    EXPECT_FLOAT_EQ(w[1], e.blink) << "at " << e.time_s << " s";
  }
  std::filesystem::remove_all(dir);
}

TEST(GltfMorphTargets, CubicSplineWeightsFollowTheHermiteSplineWithScaledTangents) {
  const auto dir = test::make_temp_dir();
  test::GltfWriter gltf = face_with_two_targets();
  // Keys at 0 and 2 s (interval 2). Per key: in-tangents (Smile, Blink), values, out-tangents.
  // Key 0: in (0, 0), value (0, 1), out (1, -0.5); key 1: in (0.5, 0), value (1, 0), out (0, 0).
  gltf.add_animation(
      "smile",
      {{0, "weights", {0, 2}, {0, 0, 0, 1, 1, -0.5f, 0.5f, 0, 1, 0, 0, 0}, "CUBICSPLINE"}});
  const importer::Character character = test::import_ok(gltf.write(dir / "cubic.gltf"));
  // By hand, glTF 2.0 appendix C: p(s) = (2s^3 - 3s^2 + 1) v0 + d (s^3 - 2s^2 + s) b0
  // + (-2s^3 + 3s^2) v1 + d (s^3 - s^2) a1, with d = 2 s, b0 the out-tangent of key 0 and a1
  // the in-tangent of key 1. At s = 0.5 (t = 1 s): Smile 2 * 0.125 + 0.5 - 0.5 * 2 * 0.125 =
  // 0.625, Blink 0.5 - 0.5 * 2 * 0.125 = 0.375. At s = 0.25 (t = 0.5 s): Smile
  // 2 * 0.140625 + 0.15625 - 2 * 0.5 * 0.046875 = 0.390625, Blink 0.84375 - 0.140625 = 0.703125.
  const struct {
    float time_s, smile, blink;
  } expected[] = {
      {0.0f, 0.0f, 1.0f}, {0.5f, 0.390625f, 0.703125f}, {1.0f, 0.625f, 0.375f}, {2.0f, 1.0f, 0.0f}};
  for (const auto& e : expected) {
    const std::vector<float> w = test::morph_weights_at(character, "smile", e.time_s);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_NEAR(w[0], e.smile, 1e-6f) << "at " << e.time_s << " s";
    EXPECT_NEAR(w[1], e.blink, 1e-6f) << "at " << e.time_s << " s";
  }
  std::filesystem::remove_all(dir);
}

TEST(GltfMorphTargets, BadTargetsAndChannelsAreWarningsAndTheImportGoesOn) {
  const auto dir = test::make_temp_dir();
  // The second target has offsets for two vertices of three, the first a NaN offset.
  test::GltfWriter gltf = face_with_two_targets({0, 1, 0, 0, 1, 0});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  gltf.json()["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] =
      gltf.add_floats({0, 0, 1, nan, 0, 1, 0, 0, 1}, "VEC3");
  // Three keys of two targets need six weights: five do not fit.
  gltf.add_animation("short", {{0, "weights", {0, 1, 2}, {0, 1, 0, 1, 0}}});
  const importer::Character character = test::import_ok(gltf.write(dir / "bad.gltf"));
  ASSERT_EQ(character.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = character.meshes[0];
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  EXPECT_TRUE(test::warned(character, "morph target 'Blink'")) << "the short target is named";
  EXPECT_TRUE(test::warned(character, "not finite")) << "the NaN offset is reported";
  EXPECT_TRUE(test::warned(character, "channel 0 (morph weights of 'Face')"));
  // The short target is kept without offsets (weights still find their targets by index); the
  // NaN offset is zero, the others stay.
  for (const glm::vec3& d : mesh.morph_targets[1].positions) EXPECT_EQ(d, glm::vec3(0.0f));
  EXPECT_EQ(mesh.morph_targets[0].positions[1], glm::vec3(0.0f));
  EXPECT_NEAR(mesh.morph_targets[0].positions[2].z, 1.0f, 1e-6f);
  ASSERT_EQ(character.clips.size(), 1u);
  EXPECT_TRUE(character.clips[0].morph_tracks.empty());
  std::filesystem::remove_all(dir);
}

// A float track of the given interpolation.
anim::MorphTrack shape_track(const std::string& target, anim::Interpolation interpolation,
                             std::vector<float> times, std::vector<float> values) {
  anim::MorphTrack track;
  track.node_name = "Face";
  track.target_name = target;
  track.weight.interpolation = interpolation;
  track.weight.times_s = std::move(times);
  track.weight.values = std::move(values);
  return track;
}

TEST(GltfMorphTargets, ShapeTracksTheWriterWritesReadBackEqual) {
  const auto dir = test::make_temp_dir();
  importer::Character face = test::import_ok(face_with_two_targets().write(dir / "face.gltf"));
  // "Talk": both Linear on different keys (written on their union); "Pop": Smile CubicSpline
  // (in-tangent, value, out-tangent per key), Blink left at its default.
  anim::Clip talk;
  talk.name = "Talk";
  talk.duration_s = 2.0f;
  talk.morph_tracks = {
      shape_track("Smile", anim::Interpolation::Linear, {0.0f, 1.0f, 2.0f}, {0.0f, 1.0f, 0.5f}),
      shape_track("Blink", anim::Interpolation::Linear, {0.0f, 0.5f, 2.0f}, {0.0f, 0.8f, 0.2f})};
  anim::Clip pop;
  pop.name = "Pop";
  pop.duration_s = 1.0f;
  pop.morph_tracks = {shape_track("Smile", anim::Interpolation::CubicSpline, {0.0f, 1.0f},
                                  {0.0f, 0.0f, 2.0f, 0.0f, 1.0f, 0.0f})};
  face.clips = {talk, pop};
  const auto file = dir / "face.glb";
  ASSERT_EQ(demo::export_character_glb(face, file.string()), "");
  const importer::Character read = test::import_ok(file);
  EXPECT_FALSE(test::warned(read, "morph")) << read.report.warnings.front();
  ASSERT_EQ(read.meshes.size(), 1u);
  EXPECT_EQ(read.meshes[0].node_name, "Face");
  ASSERT_EQ(read.meshes[0].morph_targets.size(), 2u);
  EXPECT_EQ(read.meshes[0].morph_targets[0].name, "Smile");
  EXPECT_EQ(read.meshes[0].morph_targets[1].name, "Blink");
  EXPECT_EQ(read.meshes[0].morph_weights, (std::vector<float>{0.25f, 0.0f}));
  EXPECT_NEAR(read.meshes[0].morph_targets[1].positions[2].y, 0.5f, 1e-6f);
  // By hand: Talk at 0.25 s: Smile 0.25, Blink 0.4; at 1 s: 1 and 0.8 - 0.6 / 3 = 0.6; at 1.5 s:
  // 0.75 and 0.4. Pop at 0.5 s: Hermite h00 0 + h10 2 / 8 + h01 1 / 2 = 0.75; Blink 0.
  struct Expected {
    const char* clip;
    float time_s, smile, blink;
  };
  for (const Expected& e :
       {Expected{"Talk", 0.25f, 0.25f, 0.4f}, Expected{"Talk", 1.0f, 1.0f, 0.6f},
        Expected{"Talk", 1.5f, 0.75f, 0.4f}, Expected{"Talk", 2.0f, 0.5f, 0.2f},
        Expected{"Pop", 0.5f, 0.75f, 0.0f}, Expected{"Pop", 1.0f, 1.0f, 0.0f}}) {
    const std::vector<float> before = test::morph_weights_at(face, e.clip, e.time_s);
    const std::vector<float> after = test::morph_weights_at(read, e.clip, e.time_s);
    ASSERT_EQ(after.size(), 2u);
    EXPECT_NEAR(before[0], e.smile, 1e-6f) << e.clip << " " << e.time_s;
    EXPECT_NEAR(before[1], e.blink, 1e-6f) << e.clip << " " << e.time_s;
    EXPECT_NEAR(after[0], e.smile, 1e-6f) << e.clip << " " << e.time_s;
    EXPECT_NEAR(after[1], e.blink, 1e-6f) << e.clip << " " << e.time_s;
  }
}

TEST(GltfMorphTargets, RobotExpressiveFaceWrittenAgainPlaysTheSameWeights) {
  const auto path = test::shared_asset("quaternius/RobotExpressive.glb");
  SKIP_IF_ABSENT(path);
  const importer::Character robot = test::import_ok(path);
  const auto file = test::make_temp_dir() / "robot.glb";
  ASSERT_EQ(demo::export_character_glb(robot, file.string()), "");
  const importer::Character read = test::import_ok(file);
  ASSERT_EQ(anim::morph_channels_of(read.meshes).size(),
            anim::morph_channels_of(robot.meshes).size());
  std::size_t compared = 0;
  for (const anim::Clip& clip : robot.clips) {
    if (clip.morph_tracks.empty()) continue;
    for (const float t : {0.0f, 0.1f, 0.37f, clip.duration_s * 0.5f, clip.duration_s}) {
      const std::vector<float> before = test::morph_weights_at(robot, clip.name, t);
      const std::vector<float> after = test::morph_weights_at(read, clip.name, t);
      ASSERT_EQ(after.size(), before.size());
      for (std::size_t c = 0; c < before.size(); ++c) {
        EXPECT_NEAR(after[c], before[c], 1e-6f) << clip.name << " at " << t << " channel " << c;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 0u);
}

}  // namespace
