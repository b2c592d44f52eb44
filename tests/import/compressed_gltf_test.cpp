// Compressed twins of the shared characters, made at test time with npm's glTF tools
// (gltf-transform draco / meshopt, gltfpack -cc), must import as their originals do: the same
// skeleton, the same vertices posed at rest and in a clip (skinned on the CPU, texture
// coordinates matched), the same `animview pose --json`, and the same pictures from `animview
// render` at rest and in a clip (a twin decoded wrong is shown to fail that comparison).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "import/importer.h"
#include "support/cli_runner.h"
#include "support/gltf_twins.h"
#include "support/import_test_util.h"
#include "support/rendered_picture.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;

#define SKIP_WITHOUT_TOOL(tool)                                                         \
  do {                                                                                  \
    if ((tool).empty()) {                                                               \
      GTEST_SKIP() << "npm's glTF tools are absent: run scripts/install_node_tools.sh"; \
    }                                                                                   \
  } while (false)

// Joint name -> (parent name, model-space rest matrix).
std::map<std::string, std::pair<std::string, glm::mat4>> joints_by_name(
    const importer::Character& character) {
  const std::vector<glm::mat4> rest = test::model_pose(character, nullptr, 0.0f);
  std::map<std::string, std::pair<std::string, glm::mat4>> out;
  const anim::Skeleton& skeleton = character.skeleton;
  for (std::size_t j = 0; j < skeleton.joint_names.size(); ++j) {
    const int parent = skeleton.parents[j];
    out[skeleton.joint_names[j]] = {parent == anim::kNoParent ? "" : skeleton.joint_names[parent],
                                    rest[j]};
  }
  return out;
}

float largest_difference(const glm::mat4& a, const glm::mat4& b) {
  float worst = 0.0f;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) worst = std::max(worst, std::abs(a[c][r] - b[c][r]));
  }
  return worst;
}

// Same joint names, parents, and rest pose within tolerance (metres), but for the rest poses
// of the joints in moved (which the twin's tool may change: see rigid_mesh_nodes).
void expect_same_skeleton(const importer::Character& original, const importer::Character& twin,
                          float tolerance, const std::set<std::string>& moved) {
  const auto a = joints_by_name(original);
  const auto b = joints_by_name(twin);
  ASSERT_EQ(a.size(), b.size());
  for (const auto& [name, joint] : a) {
    const auto it = b.find(name);
    ASSERT_NE(it, b.end()) << "the twin lacks joint " << name;
    EXPECT_EQ(it->second.first, joint.first) << name << "'s parent";
    if (moved.count(name) != 0) continue;
    EXPECT_LE(largest_difference(it->second.second, joint.second), tolerance) << name;
  }
}

// The names of a .glb's nodes that hold a mesh without a skin. KHR_mesh_quantization moves
// such a mesh's dequantization into its node's transform (gltf-transform quantize does), so the
// node, a joint here, changes while what it draws does not.
std::set<std::string> rigid_mesh_nodes(const fs::path& glb) {
  std::set<std::string> names;
  const nlohmann::json json = test::read_glb(glb).json;
  for (const nlohmann::json& node : json.value("nodes", nlohmann::json::array())) {
    if (node.contains("mesh") && !node.contains("skin")) names.insert(node.value("name", ""));
  }
  return names;
}

// The largest difference between the model matrices of `animview pose --json` of two files,
// but for the joints in skipped.
float pose_json_difference(const fs::path& a, const fs::path& b, const std::string& clip,
                           float time_s, const fs::path& dir,
                           const std::set<std::string>& skipped) {
  const auto pose = [&](const fs::path& file) {
    const test::ProcessResult run =
        test::run_animview("pose '" + file.string() + "' --clip '" + clip + "' --time " +
                               std::to_string(time_s) + " --json",
                           dir);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    std::map<std::string, glm::mat4> joints;
    const nlohmann::json doc = nlohmann::json::parse(run.out, nullptr, false);
    if (doc.is_discarded() || !doc.contains("joints")) return joints;
    for (const nlohmann::json& joint : doc["joints"]) {
      glm::mat4 m;
      for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = joint["matrix"][i].get<float>();
      joints[joint["name"].get<std::string>()] = m;
    }
    return joints;
  };
  const auto pa = pose(a);
  const auto pb = pose(b);
  EXPECT_FALSE(pa.empty());
  EXPECT_EQ(pa.size(), pb.size());
  float worst = 0.0f;
  for (const auto& [name, m] : pa) {
    if (skipped.count(name) != 0) continue;
    const auto it = pb.find(name);
    if (it == pb.end()) return INFINITY;
    worst = std::max(worst, largest_difference(m, it->second));
  }
  return worst;
}

// Pictures compared: pixels whose colour differs by more than this in a channel count (a vertex
// moved by quantization shifts an edge by a pixel, shading changes by a few levels).
constexpr int kPixelTolerance = 32;

// The share of the pixels of `animview render`'s pictures of a and b that differ (1 when one
// could not be rendered).
float picture_difference(const fs::path& a, const fs::path& b, const std::string& clip,
                         float time_s, const fs::path& dir) {
  const std::string at =
      clip.empty() ? std::string() : "--clip '" + clip + "' --time " + std::to_string(time_s);
  const std::vector<unsigned char> pa = test::rendered_picture(a, at, dir);
  const std::vector<unsigned char> pb = test::rendered_picture(b, at, dir);
  if (pa.empty() || pa.size() != pb.size()) return 1.0f;
  int differ = 0;
  for (std::size_t i = 0; i < pa.size(); i += 3) {
    bool differs = false;
    for (std::size_t c = 0; c < 3; ++c)
      differs = differs || std::abs(pa[i + c] - pb[i + c]) > kPixelTolerance;
    differ += differs;
  }
  return static_cast<float>(differ) / static_cast<float>(pa.size() / 3);
}

// At most this share of a twin's picture may differ from its original's.
constexpr float kPictureShare = 0.005f;

struct TwinCase {
  std::string asset;  // under the shared assets
  std::string tool;   // gltf-transform or gltfpack
  std::string args;   // with {in} and {out}
  std::string clip;   // a clip to pose
  float time_s;
  float vertex_tolerance;  // fraction of the character's size (quantization, posed)
  float pose_tolerance;    // fraction of the character's size
  bool quantized = false;  // rigid mesh nodes carry the dequantization (see rigid_mesh_nodes)
};

class CompressedTwin : public ::testing::TestWithParam<TwinCase> {};

// The extension each tool's twin is written with, which the import reports as read.
std::string twin_extension(const TwinCase& c) {
  if (c.args.rfind("draco", 0) == 0) return "KHR_draco_mesh_compression";
  if (c.args.rfind("quantize", 0) == 0) return "KHR_mesh_quantization";
  return "EXT_meshopt_compression";  // gltf-transform meshopt, gltfpack -cc
}

TEST_P(CompressedTwin, ImportsWithTheSameSkeletonVerticesAndPose) {
  const TwinCase& c = GetParam();
  const fs::path original = test::shared_asset(c.asset);
  SKIP_IF_ABSENT(original);
  const fs::path tool = test::node_tool(c.tool);
  SKIP_WITHOUT_TOOL(tool);
  const fs::path dir = test::make_temp_dir();
  const fs::path twin = dir / "twin.glb";
  ASSERT_EQ(test::run_tool(tool, test::with_files(c.args, original, twin), dir), "");

  const importer::Character a = test::import_ok(original);
  const importer::Character b = test::import_ok(twin);
  const float size = test::character_size(a);
  const std::set<std::string> moved =
      c.quantized ? rigid_mesh_nodes(original) : std::set<std::string>{};
  const std::vector<std::string>& read = b.report.extensions_read;
  EXPECT_NE(std::find(read.begin(), read.end(), twin_extension(c)), read.end())
      << twin_extension(c) << " is not among the extensions read";
  EXPECT_TRUE(b.report.extensions_ignored.empty());
  EXPECT_TRUE(a.report.extensions_read.empty());
  expect_same_skeleton(a, b, 1e-4f * size, moved);
  EXPECT_EQ(a.clips.size(), b.clips.size());

  // Texture coordinates keep 12 bits or more in all three tools.
  constexpr float kUv = 2e-3f;
  const float rest = test::posed_vertex_distance(a, b, "", 0.0f, kUv);
  const float posed = test::posed_vertex_distance(a, b, c.clip, c.time_s, kUv);
  EXPECT_LE(rest, c.vertex_tolerance * size) << "at rest";
  EXPECT_LE(posed, c.vertex_tolerance * size) << c.clip << " at " << c.time_s << " s";
  // The sanitizer build has no executable: there the imports alone are compared.
  const float pose = fs::exists(ANIMVIEW_EXE)
                         ? pose_json_difference(original, twin, c.clip, c.time_s, dir, moved)
                         : 0.0f;
  EXPECT_LE(pose, c.pose_tolerance * size);
  std::printf("%s %s: size %.4g m, vertices %.3g / %.3g of size (rest / posed), pose %.3g\n",
              c.asset.c_str(), c.tool.c_str(), size, rest / size, posed / size, pose / size);
  if (!test::can_render()) return;
  const float rest_picture = picture_difference(original, twin, "", 0.0f, dir);
  const float clip_picture = picture_difference(original, twin, c.clip, c.time_s, dir);
  EXPECT_LE(rest_picture, kPictureShare) << "at rest";
  EXPECT_LE(clip_picture, kPictureShare) << c.clip << " at " << c.time_s << " s";
  std::printf("  pictures: %.4f / %.4f of the pixels differ (rest / posed)\n", rest_picture,
              clip_picture);
}

// The picture comparison above can fail: a quantized twin whose positions are read as integers
// (their accessor's "normalized" flag dropped, as a decoder that ignored it would) draws the
// Knight a thousand times too large.
TEST(CompressedGltf, ATwinDecodedWrongDrawsAnotherPicture) {
  const fs::path original = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(original);
  const fs::path tool = test::node_tool("gltf-transform");
  SKIP_WITHOUT_TOOL(tool);
  if (!test::can_render()) GTEST_SKIP() << "no executable or no display to render on";
  const fs::path dir = test::make_temp_dir();
  const fs::path twin = dir / "twin.glb";
  ASSERT_EQ(test::run_tool(tool, test::with_files("quantize {in} {out}", original, twin), dir), "");
  test::Glb glb = test::read_glb(twin);
  int dropped = 0;
  for (nlohmann::json& mesh : glb.json["meshes"]) {
    for (nlohmann::json& primitive : mesh["primitives"]) {
      nlohmann::json& accessor =
          glb.json["accessors"][primitive["attributes"]["POSITION"].get<int>()];
      if (accessor.value("normalized", false)) {
        accessor["normalized"] = false;
        ++dropped;
      }
    }
  }
  ASSERT_GT(dropped, 0) << "the twin's positions are not normalized integers";
  const fs::path broken = dir / "broken.glb";
  test::write_glb(glb, broken);
  EXPECT_LE(picture_difference(original, twin, "", 0.0f, dir), kPictureShare);
  EXPECT_GT(picture_difference(original, broken, "", 0.0f, dir), 20 * kPictureShare);
}

// Draco quantizes positions to 14 bits and skin weights to 12 by default (gltf-transform) and
// leaves animation alone; meshopt twins are quantized too (positions 14 bits, weights 8) and
// their animation is compressed with the QUATERNION and EXPONENTIAL filters; gltfpack also
// resamples clips at 30 Hz and keeps rotations to 12 bits unless told (-af 0 -ar 16; it then
// still quantizes rotations to 16 bits and translations to 16: up to 7 mm on RobotExpressive's
// fingers). -vpf keeps float positions (EXPONENTIAL filter) and -kn the named nodes, so the
// skeleton stays the original's: gltfpack otherwise adds nodes that dequantize meshes.
INSTANTIATE_TEST_SUITE_P(
    SharedCharacters, CompressedTwin,
    ::testing::Values(TwinCase{"khronos/Fox.glb", "gltf-transform", "draco {in} {out}", "Walk",
                               0.4f, 1e-3f, 1e-5f},
                      TwinCase{"kaykit/Knight.glb", "gltf-transform", "draco {in} {out}",
                               "Walking_A", 0.3f, 1e-3f, 1e-5f},
                      TwinCase{"khronos/Fox.glb", "gltf-transform", "meshopt {in} {out}", "Walk",
                               0.4f, 1e-3f, 1e-5f},
                      TwinCase{"quaternius/RobotExpressive.glb", "gltfpack",
                               "-i {in} -o {out} -cc -vpf -kn -af 0 -ar 16", "Walking", 0.4f, 1e-3f,
                               2e-3f},
                      // KHR_mesh_quantization: a skinned mesh's dequantization is folded into
                      // its skin's inverse binds, so RobotExpressive's skins disagree, and a
                      // rigid mesh's into its node, whose rewritten transform moves the joints
                      // below it by 6.6e-5 of the size.
                      TwinCase{"quaternius/RobotExpressive.glb", "gltf-transform",
                               "quantize {in} {out}", "Walking", 0.4f, 1e-3f, 2e-4f, true},
                      TwinCase{"kaykit/Knight.glb", "gltf-transform", "quantize {in} {out}",
                               "Walking_A", 0.3f, 1e-3f, 1e-5f, true}),
    [](const ::testing::TestParamInfo<TwinCase>& info) {
      std::string name = info.param.asset.substr(info.param.asset.find('/') + 1);
      name = name.substr(0, name.find('.')) + "_" + info.param.tool + "_" +
             info.param.args.substr(0, info.param.args.find(' '));
      for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      }
      return name;
    });

// assimp's test models ship the Cesium 2CylinderEngine both Draco-compressed (using the
// extension without requiring it, its accessors without bufferViews) and as a plain .glb.
TEST(CompressedGltf, AssimpsDracoEngineMatchesItsPlainTwin) {
  const fs::path draco = test::assimp_model("glTF2/draco/2CylinderEngine.gltf");
  const fs::path plain =
      test::assimp_model("glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb");
  SKIP_IF_ABSENT(draco);
  SKIP_IF_ABSENT(plain);
  const importer::Character a = test::import_ok(plain);
  const importer::Character b = test::import_ok(draco);
  // The two were not made from the same tessellation (121496 triangles plain, 110336 Draco),
  // so they are compared by their meshes, their triangle counts and their bounds.
  EXPECT_EQ(a.meshes.size(), b.meshes.size());
  std::size_t triangles = 0;
  for (const anim::SkinnedMesh& mesh : b.meshes) triangles += mesh.indices.size() / 3;
  EXPECT_EQ(triangles, 110336u);
  const importer::Bounds ba = importer::bind_pose_bounds(a);
  const importer::Bounds bb = importer::bind_pose_bounds(b);
  const float size = test::character_size(a);
  EXPECT_LE(glm::length(ba.min - bb.min), 1e-3f * size);
  EXPECT_LE(glm::length(ba.max - bb.max), 1e-3f * size);
}

}  // namespace
