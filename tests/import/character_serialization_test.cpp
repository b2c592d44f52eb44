// The binary form that carries import results from the importing child process back: every
// field survives the round trip (a field added to the types and forgotten in the serializer
// fails the size checks in character_serialization.cpp, and then this test), and broken bytes
// are an error, never a read out of bounds.

#include "import/character_serialization.h"

#include <gtest/gtest.h>

namespace importer {
namespace {

// Distinct, non-default values in every field, so a field read into the wrong place shows.
Character full_character() {
  Character c;
  c.source_path = "/tmp/walk.fbx";
  c.skeleton.joint_names = {"hips", "spine"};
  c.skeleton.parents = {-1, 0};
  c.skeleton.rest_pose.resize(2);
  c.skeleton.rest_pose[1].translation = {0.1f, 0.2f, 0.3f};
  c.skeleton.rest_pose[1].rotation = {0.5f, 0.5f, 0.5f, 0.5f};
  c.skeleton.rest_pose[1].scale = {2.0f, 3.0f, 4.0f};
  c.skeleton.inverse_bind = {glm::mat4(1.0f), glm::mat4(2.0f)};

  anim::SkinnedMesh mesh;
  mesh.name = "body";
  mesh.positions = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  mesh.normals = {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}};
  mesh.uvs = {{0.1f, 0.2f}, {0.3f, 0.4f}, {0.5f, 0.6f}};
  mesh.tangents = {{1, 0, 0, -1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
  mesh.colors = {{1, 0, 0, 1}, {0, 1, 0, 0.5f}, {0, 0, 1, 0.25f}};
  mesh.joints0 = {{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}};
  mesh.weights0 = {{0.5f, 0.5f, 0, 0}, {1, 0, 0, 0}, {0.25f, 0.25f, 0.25f, 0.25f}};
  mesh.joints1 = {{1, 1, 1, 1}, {0, 0, 0, 0}, {1, 0, 1, 0}};
  mesh.weights1 = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0.125f}};
  mesh.indices = {0, 1, 2};
  mesh.node_name = "Body";
  anim::MorphTarget smile{"Smile", {{0, 0, 1}, {0, 0, 2}, {0, 0, 3}}, {}, {}};
  anim::MorphTarget blink{"Blink",
                          {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}},
                          {{0, 1, 0}, {0, 2, 0}, {0, 3, 0}},
                          {{0, 0, 4}, {0, 0, 5}, {0, 0, 6}}};
  mesh.morph_targets = {smile, blink};
  mesh.morph_weights = {0.25f, 0.75f};
  mesh.material = 1;
  c.meshes = {mesh, anim::SkinnedMesh{}};

  visual::Material m;
  m.name = "skin";
  m.base_color = {0.1f, 0.2f, 0.3f, 0.4f};
  m.base_color_texture = {"albedo.png", {}, {{0.5f, -0.25f}, 0.3f, {2.0f, 1.5f}}};
  m.metallic = 0.7f;
  m.roughness = 0.2f;
  m.metallic_roughness_texture = {"", {1, 2, 3}, {}};
  m.normal_texture = {"n.png", {4, 5}, {}};
  m.normal_scale = 0.9f;
  m.occlusion_texture = {"ao.png", {}, {}};
  m.occlusion_strength = 0.3f;
  m.emissive = {0.5f, 0.6f, 0.7f};
  m.emissive_texture = {"", {255, 0, 7}, {}};
  m.alpha_mode = visual::AlphaMode::kMask;
  m.alpha_cutoff = 0.25f;
  m.double_sided = true;
  c.materials = {visual::Material{}, m};

  anim::Clip clip;
  clip.name = "walk";
  clip.duration_s = 1.25f;
  clip.source_fps = 24.0f;
  clip.loop = false;
  anim::JointTrack track;
  track.joint_name = "spine";
  track.translation = {{0.0f, 1.0f}, {{1, 2, 3}, {4, 5, 6}}, anim::Interpolation::Step};
  track.rotation = {
      {0.5f}, {{0, 0, 0, 1}, {1, 0, 0, 0}, {0, 1, 0, 0}}, anim::Interpolation::CubicSpline};
  track.scale = {{0.25f}, {{2, 2, 2}}, anim::Interpolation::Linear};
  clip.tracks = {track, anim::JointTrack{}};
  clip.markers = {{"foot_l_down", 0.5f}, {"foot_r_down", 1.0f}};
  anim::MorphTrack blink_track{"Body", "Blink", {}};
  blink_track.weight.times_s = {0.0f, 1.0f};
  blink_track.weight.values = {0.0f, 0.5f, 1.0f, 0.25f, 0.5f, 0.75f};
  blink_track.weight.interpolation = anim::Interpolation::CubicSpline;
  clip.morph_tracks = {blink_track};
  c.clips = {clip};

  c.report.unit_scale_applied = 0.01f;
  c.report.up_axis_converted = true;
  c.report.vertices_with_cut_influences = 30;
  c.report.vertices_renormalized = 7;
  c.report.warnings = {"first", "second"};
  c.report.extensions_read = {"KHR_draco_mesh_compression"};
  c.report.extensions_ignored = {"KHR_materials_variants", "EXT_other"};
  return c;
}

template <typename T>
void expect_track_eq(const anim::Track<T>& a, const anim::Track<T>& b) {
  EXPECT_EQ(a.times_s, b.times_s);
  EXPECT_EQ(a.values, b.values);
  EXPECT_EQ(a.interpolation, b.interpolation);
}

void expect_clip_eq(const anim::Clip& a, const anim::Clip& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.duration_s, b.duration_s);
  EXPECT_EQ(a.source_fps, b.source_fps);
  EXPECT_EQ(a.loop, b.loop);
  ASSERT_EQ(a.tracks.size(), b.tracks.size());
  for (std::size_t t = 0; t < a.tracks.size(); ++t) {
    EXPECT_EQ(a.tracks[t].joint_name, b.tracks[t].joint_name);
    expect_track_eq(a.tracks[t].translation, b.tracks[t].translation);
    expect_track_eq(a.tracks[t].rotation, b.tracks[t].rotation);
    expect_track_eq(a.tracks[t].scale, b.tracks[t].scale);
  }
  ASSERT_EQ(a.morph_tracks.size(), b.morph_tracks.size());
  for (std::size_t t = 0; t < a.morph_tracks.size(); ++t) {
    EXPECT_EQ(a.morph_tracks[t].node_name, b.morph_tracks[t].node_name);
    EXPECT_EQ(a.morph_tracks[t].target_name, b.morph_tracks[t].target_name);
    expect_track_eq(a.morph_tracks[t].weight, b.morph_tracks[t].weight);
  }
  ASSERT_EQ(a.markers.size(), b.markers.size());
  for (std::size_t k = 0; k < a.markers.size(); ++k) {
    EXPECT_EQ(a.markers[k].name, b.markers[k].name);
    EXPECT_EQ(a.markers[k].time_s, b.markers[k].time_s);
  }
}

void expect_texture_eq(const visual::Texture& a, const visual::Texture& b) {
  EXPECT_EQ(a.path, b.path);
  EXPECT_EQ(a.encoded, b.encoded);
  EXPECT_EQ(a.transform.offset, b.transform.offset);
  EXPECT_EQ(a.transform.rotation, b.transform.rotation);
  EXPECT_EQ(a.transform.scale, b.transform.scale);
}

void expect_character_eq(const Character& a, const Character& b) {
  EXPECT_EQ(a.source_path, b.source_path);
  EXPECT_EQ(a.skeleton.joint_names, b.skeleton.joint_names);
  EXPECT_EQ(a.skeleton.parents, b.skeleton.parents);
  ASSERT_EQ(a.skeleton.rest_pose.size(), b.skeleton.rest_pose.size());
  for (std::size_t j = 0; j < a.skeleton.rest_pose.size(); ++j) {
    EXPECT_EQ(a.skeleton.rest_pose[j].translation, b.skeleton.rest_pose[j].translation);
    EXPECT_EQ(a.skeleton.rest_pose[j].rotation, b.skeleton.rest_pose[j].rotation);
    EXPECT_EQ(a.skeleton.rest_pose[j].scale, b.skeleton.rest_pose[j].scale);
  }
  EXPECT_EQ(a.skeleton.inverse_bind, b.skeleton.inverse_bind);
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  for (std::size_t i = 0; i < a.meshes.size(); ++i) {
    const anim::SkinnedMesh& x = a.meshes[i];
    const anim::SkinnedMesh& y = b.meshes[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.positions, y.positions);
    EXPECT_EQ(x.normals, y.normals);
    EXPECT_EQ(x.uvs, y.uvs);
    EXPECT_EQ(x.tangents, y.tangents);
    EXPECT_EQ(x.colors, y.colors);
    EXPECT_EQ(x.joints0, y.joints0);
    EXPECT_EQ(x.weights0, y.weights0);
    EXPECT_EQ(x.joints1, y.joints1);
    EXPECT_EQ(x.weights1, y.weights1);
    EXPECT_EQ(x.indices, y.indices);
    EXPECT_EQ(x.node_name, y.node_name);
    ASSERT_EQ(x.morph_targets.size(), y.morph_targets.size());
    for (std::size_t t = 0; t < x.morph_targets.size(); ++t) {
      EXPECT_EQ(x.morph_targets[t].name, y.morph_targets[t].name);
      EXPECT_EQ(x.morph_targets[t].positions, y.morph_targets[t].positions);
      EXPECT_EQ(x.morph_targets[t].normals, y.morph_targets[t].normals);
      EXPECT_EQ(x.morph_targets[t].tangents, y.morph_targets[t].tangents);
    }
    EXPECT_EQ(x.morph_weights, y.morph_weights);
    EXPECT_EQ(x.material, y.material);
  }
  ASSERT_EQ(a.materials.size(), b.materials.size());
  for (std::size_t i = 0; i < a.materials.size(); ++i) {
    const visual::Material& x = a.materials[i];
    const visual::Material& y = b.materials[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.base_color, y.base_color);
    expect_texture_eq(x.base_color_texture, y.base_color_texture);
    EXPECT_EQ(x.metallic, y.metallic);
    EXPECT_EQ(x.roughness, y.roughness);
    expect_texture_eq(x.metallic_roughness_texture, y.metallic_roughness_texture);
    expect_texture_eq(x.normal_texture, y.normal_texture);
    EXPECT_EQ(x.normal_scale, y.normal_scale);
    expect_texture_eq(x.occlusion_texture, y.occlusion_texture);
    EXPECT_EQ(x.occlusion_strength, y.occlusion_strength);
    EXPECT_EQ(x.emissive, y.emissive);
    expect_texture_eq(x.emissive_texture, y.emissive_texture);
    EXPECT_EQ(x.alpha_mode, y.alpha_mode);
    EXPECT_EQ(x.alpha_cutoff, y.alpha_cutoff);
    EXPECT_EQ(x.double_sided, y.double_sided);
  }
  ASSERT_EQ(a.clips.size(), b.clips.size());
  for (std::size_t i = 0; i < a.clips.size(); ++i) expect_clip_eq(a.clips[i], b.clips[i]);
  EXPECT_EQ(a.report.unit_scale_applied, b.report.unit_scale_applied);
  EXPECT_EQ(a.report.up_axis_converted, b.report.up_axis_converted);
  EXPECT_EQ(a.report.vertices_with_cut_influences, b.report.vertices_with_cut_influences);
  EXPECT_EQ(a.report.vertices_renormalized, b.report.vertices_renormalized);
  EXPECT_EQ(a.report.warnings, b.report.warnings);
  EXPECT_EQ(a.report.extensions_read, b.report.extensions_read);
  EXPECT_EQ(a.report.extensions_ignored, b.report.extensions_ignored);
}

TEST(CharacterSerialization, ImportResultSurvivesTheRoundTripFieldByField) {
  ImportResult result;
  result.character = full_character();
  result.error = "walk.fbx: something";
  result.cancelled = true;
  const ImportResult back = deserialize_import_result(serialize(result));
  expect_character_eq(result.character, back.character);
  EXPECT_EQ(back.error, result.error);
  EXPECT_TRUE(back.cancelled);
}

TEST(CharacterSerialization, ClipImportResultSurvivesTheRoundTripFieldByField) {
  ClipImportResult result;
  result.clips.push_back({full_character().clips[0], {"tail", "ear"}});
  result.clips.push_back({anim::Clip{}, {}});
  result.warnings = {"clip 'walk' animates joints the character lacks"};
  result.error = "";
  result.cancelled = false;
  const ClipImportResult back = deserialize_clip_import_result(serialize(result));
  ASSERT_EQ(back.clips.size(), 2u);
  expect_clip_eq(result.clips[0].clip, back.clips[0].clip);
  expect_clip_eq(result.clips[1].clip, back.clips[1].clip);
  EXPECT_EQ(back.clips[0].unmatched_joints, result.clips[0].unmatched_joints);
  EXPECT_TRUE(back.clips[1].unmatched_joints.empty());
  EXPECT_EQ(back.warnings, result.warnings);
  EXPECT_TRUE(back.ok());
  EXPECT_FALSE(back.cancelled);
}

TEST(CharacterSerialization, EveryTruncationIsAnErrorNotAnOutOfBoundsRead) {
  ImportResult result;
  result.character = full_character();
  const std::string bytes = serialize(result);
  for (std::size_t size = 0; size < bytes.size(); size += 7) {
    EXPECT_THROW(deserialize_import_result(bytes.substr(0, size)), MalformedResult) << size;
  }
  EXPECT_THROW(deserialize_import_result(bytes + "x"), MalformedResult);
}

TEST(CharacterSerialization, AHugeLengthIsRefusedBeforeAnythingIsAllocated) {
  // A length field of 2^62 where the source path's length belongs.
  std::string bytes = serialize(ImportResult{});
  const std::uint64_t huge = std::uint64_t{1} << 62;
  bytes.replace(0, sizeof huge, reinterpret_cast<const char*>(&huge), sizeof huge);
  EXPECT_THROW(deserialize_import_result(bytes), MalformedResult);
}

TEST(CharacterSerialization, AnEnumOutOfRangeIsRefused) {
  ClipImportResult result;
  anim::Clip clip;
  anim::JointTrack track;
  track.translation.times_s = {0.0f};
  track.translation.values = {glm::vec3(1.0f)};
  clip.tracks = {track};
  result.clips.push_back({clip, {}});
  std::string bytes = serialize(result);
  // The translation's interpolation follows its one time and one value.
  const std::size_t at =
      bytes.find(std::string(reinterpret_cast<const char*>(&track.translation.values[0]), 12)) + 12;
  const std::int32_t bad = 7;
  bytes.replace(at, sizeof bad, reinterpret_cast<const char*>(&bad), sizeof bad);
  EXPECT_THROW(deserialize_clip_import_result(bytes), MalformedResult);
}

}  // namespace
}  // namespace importer
