// The glTF writer: what it writes reads back to the same character (markers, textures, every
// material field, each interpolation), and every file passes the Khronos glTF-Validator.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <memory>

#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "import/importer.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

using test::import_ok;

// A 2x2 RGB PNG (red, green / blue, white).
const std::vector<std::uint8_t> kPng = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xfd,
    0xd4, 0x9a, 0x73, 0x00, 0x00, 0x00, 0x12, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8,
    0xcf, 0xc0, 0xc0, 0x00, 0xc2, 0x0c, 0xff, 0x81, 0x00, 0x00, 0x1f, 0xee, 0x05, 0xfb, 0x0b,
    0xd9, 0x68, 0x8b, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

std::filesystem::path validator_modules() {
  return std::filesystem::path(ANIMVIEW_NODE_TOOLS) / "node_modules";
}

// Runs the Khronos glTF-Validator on file through node; returns its summary and errors.
// exit_code: 0 when the file has no errors.
std::string validate(const std::filesystem::path& file, int& exit_code) {
  const std::filesystem::path script =
      std::filesystem::path(ANIMVIEW_TEST_DATA).parent_path() / "support" / "gltf_validate.js";
  const std::string command = "node '" + script.string() + "' '" + validator_modules().string() +
                              "' '" + file.string() + "' 2>&1";
  std::string output;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) {
    exit_code = -1;
    return "cannot run node";
  }
  std::array<char, 4096> chunk;
  while (std::fgets(chunk.data(), chunk.size(), pipe) != nullptr) output += chunk.data();
  const int status = ::pclose(pipe);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

#define SKIP_WITHOUT_VALIDATOR()                                                      \
  do {                                                                                \
    if (std::system("command -v node > /dev/null 2>&1") != 0) {                       \
      GTEST_SKIP() << "node is not installed: the Khronos glTF-Validator cannot run"; \
    }                                                                                 \
    ASSERT_TRUE(std::filesystem::exists(validator_modules() / "gltf-validator"))      \
        << "gltf-validator is missing: run scripts/install_node_tools.sh";            \
  } while (false)

void expect_valid(const std::filesystem::path& file) {
  int exit_code = -1;
  const std::string report = validate(file, exit_code);
  EXPECT_EQ(exit_code, 0) << file << ":\n" << report;
  EXPECT_NE(report.find("errors 0 "), std::string::npos) << file << ":\n" << report;
}

// The demo with every material field set and textures of both kinds (bytes and a file).
importer::Character textured_demo(const std::filesystem::path& dir) {
  importer::Character c = demo::make_demo_character();
  test::write_file(dir / "albedo.png", std::string(kPng.begin(), kPng.end()));
  // UVs from a projection onto the XY plane, so the textures have somewhere to go.
  for (anim::SkinnedMesh& mesh : c.meshes) {
    mesh.uvs.clear();
    for (const glm::vec3& p : mesh.positions) mesh.uvs.emplace_back(p.x, 1.0f - p.y);
  }
  visual::Material& m = c.materials.at(0);
  m.base_color = {0.9f, 0.5f, 0.25f, 0.75f};
  m.base_color_texture.path = (dir / "albedo.png").string();
  m.metallic = 0.25f;
  m.roughness = 0.4f;
  m.metallic_roughness_texture.encoded = kPng;
  m.normal_texture.encoded = kPng;
  m.normal_scale = 0.5f;
  m.occlusion_texture.encoded = kPng;
  m.occlusion_strength = 0.7f;
  m.emissive = {0.1f, 0.2f, 0.3f};
  m.emissive_texture.encoded = kPng;
  m.alpha_mode = visual::AlphaMode::kMask;
  m.alpha_cutoff = 0.3f;
  m.double_sided = true;
  return c;
}

TEST(GltfExport, TheDemoComesBackWithItsMarkers) {
  const auto file = test::make_temp_dir() / "demo.glb";
  ASSERT_EQ(demo::export_demo_character(file.string()), "");
  const importer::Character demo = demo::make_demo_character();
  const importer::Character read = import_ok(file);
  EXPECT_TRUE(read.report.warnings.empty()) << read.report.warnings.front();
  ASSERT_EQ(read.clips.size(), demo.clips.size());
  std::size_t markers = 0;
  for (std::size_t c = 0; c < demo.clips.size(); ++c) {
    const anim::Clip& original = demo.clips[c];
    const anim::Clip& clip = read.clips[c];
    EXPECT_EQ(clip.name, original.name);
    EXPECT_EQ(clip.loop, original.loop);
    EXPECT_NEAR(clip.duration_s, original.duration_s, 1e-6f) << clip.name;
    ASSERT_EQ(clip.markers.size(), original.markers.size()) << clip.name;
    for (std::size_t m = 0; m < clip.markers.size(); ++m) {
      EXPECT_EQ(clip.markers[m].name, original.markers[m].name);
      EXPECT_NEAR(clip.markers[m].time_s, original.markers[m].time_s, 1e-6f);
    }
    markers += clip.markers.size();
  }
  EXPECT_GT(markers, 0u);  // the demo's gaits carry foot contacts
}

// A clip keeps its frame rate: RobotExpressive's are keyed at 24 fps, but the key the writer
// holds to each track's end made the keys alone read back as 144 or 168 fps.
TEST(GltfExport, ClipsKeepTheirFrameRate) {
  const std::filesystem::path robot = test::shared_asset("quaternius/RobotExpressive.glb");
  SKIP_IF_ABSENT(robot);
  const importer::Character original = import_ok(robot);
  const auto file = test::make_temp_dir() / "robot.glb";
  ASSERT_EQ(demo::export_character_glb(original, file.string()), "");
  const importer::Character read = import_ok(file);
  ASSERT_EQ(read.clips.size(), original.clips.size());
  for (std::size_t c = 0; c < read.clips.size(); ++c) {
    EXPECT_EQ(original.clips[c].source_fps, 24.0f) << original.clips[c].name;
    EXPECT_EQ(read.clips[c].source_fps, original.clips[c].source_fps) << read.clips[c].name;
  }
}

TEST(GltfExport, EveryMaterialFieldAndTextureComesBack) {
  const auto dir = test::make_temp_dir();
  const importer::Character original = textured_demo(dir);
  const auto file = dir / "textured.glb";
  ASSERT_EQ(demo::export_character_glb(original, file.string()), "");
  std::filesystem::remove(dir / "albedo.png");  // embedded: the .glb no longer needs it
  const importer::Character read = import_ok(file);
  ASSERT_EQ(read.materials.size(), original.materials.size());
  const visual::Material& a = original.materials[0];
  const visual::Material& b = read.materials[read.meshes.at(0).material];
  EXPECT_EQ(b.name, a.name);
  EXPECT_LT(glm::length(b.base_color - a.base_color), 1e-6f);
  EXPECT_FLOAT_EQ(b.metallic, a.metallic);
  EXPECT_FLOAT_EQ(b.roughness, a.roughness);
  EXPECT_FLOAT_EQ(b.normal_scale, a.normal_scale);
  EXPECT_FLOAT_EQ(b.occlusion_strength, a.occlusion_strength);
  EXPECT_LT(glm::length(b.emissive - a.emissive), 1e-6f);
  EXPECT_EQ(b.alpha_mode, a.alpha_mode);
  EXPECT_FLOAT_EQ(b.alpha_cutoff, a.alpha_cutoff);
  EXPECT_EQ(b.double_sided, a.double_sided);
  for (const visual::Texture* t : {&b.base_color_texture, &b.metallic_roughness_texture,
                                   &b.normal_texture, &b.occlusion_texture, &b.emissive_texture}) {
    EXPECT_EQ(t->encoded, kPng);
  }
}

TEST(GltfExport, EachInterpolationComesBackWithTheSamePoses) {
  importer::Character c = demo::make_demo_character();
  anim::Clip clip;
  clip.name = "modes";
  clip.duration_s = 2.0f;
  clip.markers = {{"sync", 0.5f}};
  anim::JointTrack track;
  track.joint_name = c.skeleton.joint_names.at(1);
  const glm::vec3 rest = c.skeleton.rest_pose[1].translation;
  track.translation.interpolation = anim::Interpolation::CubicSpline;
  track.translation.times_s = {0.0f, 1.0f};
  track.translation.values = {
      glm::vec3(0), rest, glm::vec3(0, 1, 0), glm::vec3(1, 0, 0), rest + glm::vec3(0, 0.2f, 0),
      glm::vec3(0)};
  track.rotation.interpolation = anim::Interpolation::Step;
  track.rotation.times_s = {0.0f, 0.7f, 1.5f};
  track.rotation.values = {glm::quat(1, 0, 0, 0), glm::angleAxis(0.5f, glm::vec3(0, 1, 0)),
                           glm::angleAxis(-0.5f, glm::vec3(1, 0, 0))};
  clip.tracks = {track};
  c.clips = {clip};
  const auto file = test::make_temp_dir() / "modes.glb";
  ASSERT_EQ(demo::export_character_glb(c, file.string()), "");
  const importer::Character read = import_ok(file);
  ASSERT_EQ(read.clips.size(), 1u);
  const anim::Clip& back = read.clips[0];
  EXPECT_FLOAT_EQ(back.duration_s, 2.0f);  // the keys end at 1.5 s: a held key keeps it
  ASSERT_EQ(back.markers.size(), 1u);
  EXPECT_EQ(back.markers[0].name, "sync");
  ASSERT_EQ(back.tracks.size(), 1u);
  EXPECT_EQ(back.tracks[0].translation.interpolation, anim::Interpolation::CubicSpline);
  EXPECT_EQ(back.tracks[0].rotation.interpolation, anim::Interpolation::Step);
  for (const float t : {0.0f, 0.3f, 0.69f, 0.71f, 1.2f, 1.6f, 1.99f}) {
    const std::vector<glm::mat4> expected = test::model_pose(c, &c.clips[0], t);
    const std::vector<glm::mat4> actual = test::model_pose(read, &back, t);
    for (int j = 0; j < c.skeleton.joint_count(); ++j) {
      const int k = read.skeleton.find_joint(c.skeleton.joint_names[j]);
      ASSERT_GE(k, 0);
      for (int col = 0; col < 4; ++col) {
        ASSERT_LT(glm::length(actual[k][col] - expected[j][col]), 1e-5f) << t << " " << j;
      }
    }
  }
}

TEST(GltfExport, EveryFileTheProjectWritesPassesTheKhronosValidator) {
  SKIP_WITHOUT_VALIDATOR();
  const auto dir = test::make_temp_dir();
  ASSERT_EQ(demo::export_demo_character((dir / "demo.glb").string()), "");
  expect_valid(dir / "demo.glb");
  ASSERT_EQ(demo::export_character_glb(textured_demo(dir), (dir / "textured.glb").string()), "");
  expect_valid(dir / "textured.glb");
  // Characters read from other files, written again (interpolations, several meshes, skins).
  for (const char* name :
       {"khronos/Fox.glb", "khronos/interpolation_test.gltf", "khronos/animated_morph_sphere.gltf",
        "quaternius/RobotExpressive.glb", "kaykit/Knight.glb"}) {
    const auto source = test::shared_asset(name);
    if (!std::filesystem::exists(source)) continue;
    const importer::Character character = import_ok(source);
    const auto out = dir / (std::filesystem::path(name).stem().string() + ".glb");
    ASSERT_EQ(demo::export_character_glb(character, out.string()), "");
    expect_valid(out);
  }
}

TEST(GltfExport, TheValidatorFindsErrorsInABrokenFile) {
  SKIP_WITHOUT_VALIDATOR();
  test::GltfWriter gltf;
  const int node = gltf.add_node("plate");
  gltf.add_mesh(node, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 7});  // index 7 of 3 vertices
  const auto file = gltf.write(test::make_temp_dir() / "broken.gltf");
  int exit_code = -1;
  const std::string report = validate(file, exit_code);
  EXPECT_EQ(exit_code, 1) << report;
  EXPECT_NE(report.find("ACCESSOR_INDEX_OOB"), std::string::npos) << report;
}

}  // namespace
