// Writes the seed corpora of the fuzz targets from the project's own data: the demo project
// (JSON), a minimal project, and the demo character cut down to a few kilobytes (binary glTF),
// so the fuzzers start from inputs that reach deep into the readers.
//   make_seeds OUT_DIR   ->  OUT_DIR/project_file/*, OUT_DIR/gltf_import/*

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "project/demo_project.h"
#include "project/project_file.h"

namespace {

// The demo's skeleton with its first clip cut to two keys a channel, and one triangle skinned
// to the first joints: every part of the reader, in a few kilobytes (libFuzzer mutates small
// inputs far faster).
importer::Character small_character() {
  importer::Character c = demo::make_demo_character();
  c.clips.resize(1);
  for (anim::JointTrack& t : c.clips[0].tracks) {
    const auto cut = [](auto& track) {
      const std::size_t keys = std::min<std::size_t>(track.times_s.size(), 2);
      track.times_s.resize(keys);
      track.values.resize(track.interpolation == anim::Interpolation::CubicSpline ? 3 * keys
                                                                                  : keys);
    };
    cut(t.translation);
    cut(t.rotation);
    cut(t.scale);
  }
  anim::SkinnedMesh& mesh = c.meshes.at(0);
  mesh.positions.resize(3);
  mesh.normals.resize(3);
  if (!mesh.uvs.empty()) mesh.uvs.resize(3);
  if (!mesh.tangents.empty()) mesh.tangents.resize(3);
  if (!mesh.colors.empty()) mesh.colors.resize(3);
  mesh.joints0.resize(3);
  mesh.weights0.resize(3);
  mesh.joints1.clear();
  mesh.weights1.clear();
  mesh.indices = {0, 1, 2};
  c.meshes.resize(1);
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_seeds OUT_DIR\n");
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out / "project_file");
  std::filesystem::create_directories(out / "gltf_import");
  const project::Project demo = project::make_demo_project();
  std::ofstream(out / "project_file" / "demo.json") << project::project_to_json(demo);
  project::Project small;
  small.character = "walk.glb";
  small.clips = {"walk"};
  small.state_machine.states.push_back({});
  small.state_machine.states[0].name = "walk";
  std::ofstream(out / "project_file" / "small.json") << project::project_to_json(small);
  const std::string glb = (out / "gltf_import" / "small.glb").string();
  if (const std::string error = demo::export_character_glb(small_character(), glb);
      !error.empty()) {
    std::fprintf(stderr, "make_seeds: %s\n", error.c_str());
    return 1;
  }
  return 0;
}
