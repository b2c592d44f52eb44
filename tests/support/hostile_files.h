#pragma once
// Files that crash, abort or exhaust assimp 5.2.5, made by the tests themselves (header-only, so
// the end-to-end tests of the app layer use them too). Each writes into dir and returns the
// path.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace hostile {

// A valid glTF 2.0 binary: a skinned triangle whose skin has no inverseBindMatrices (optional
// in the spec; assimp's glTF2 importer dereferences it anyway: upstream issue #3465).
inline std::filesystem::path skin_without_inverse_bind(const std::filesystem::path& dir) {
  // One buffer: 3 positions (36 bytes), 3 x JOINTS_0 as 4 ubytes (12), 3 x WEIGHTS_0 (48).
  std::string bin;
  const float positions[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  bin.append(reinterpret_cast<const char*>(positions), sizeof positions);
  const std::uint8_t joints[12] = {0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  bin.append(reinterpret_cast<const char*>(joints), sizeof joints);
  const float weights[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  bin.append(reinterpret_cast<const char*>(weights), sizeof weights);
  const nlohmann::json doc = {
      {"asset", {{"version", "2.0"}}},
      {"scene", 0},
      {"scenes", {{{"nodes", {0, 1}}}}},
      {"nodes",
       {{{"name", "body"}, {"mesh", 0}, {"skin", 0}},
        {{"name", "hip"}, {"children", {2}}},
        {{"name", "knee"}, {"translation", {0, -0.5, 0}}}}},
      {"skins", {{{"joints", {1, 2}}}}},
      {"meshes",
       {{{"primitives",
          {{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}}}}}}},
      {"buffers", {{{"byteLength", bin.size()}}}},
      {"bufferViews",
       {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
        {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 12}},
        {{"buffer", 0}, {"byteOffset", 48}, {"byteLength", 48}}}},
      {"accessors",
       {{{"bufferView", 0},
         {"componentType", 5126},
         {"count", 3},
         {"type", "VEC3"},
         {"min", {0, 0, 0}},
         {"max", {1, 1, 0}}},
        {{"bufferView", 1}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}},
        {{"bufferView", 2}, {"componentType", 5126}, {"count", 3}, {"type", "VEC4"}}}}};
  std::string json = doc.dump();
  while (json.size() % 4 != 0) json += ' ';
  while (bin.size() % 4 != 0) bin += '\0';
  const auto u32 = [](std::string& out, std::uint32_t v) {
    out.append(reinterpret_cast<const char*>(&v), 4);
  };
  std::string glb = "glTF";
  u32(glb, 2);
  u32(glb, static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin.size()));
  u32(glb, static_cast<std::uint32_t>(json.size()));
  glb += "JSON" + json;
  u32(glb, static_cast<std::uint32_t>(bin.size()));
  glb += std::string("BIN\0", 4) + bin;
  const std::filesystem::path path = dir / "skin_without_ibm.glb";
  std::ofstream(path, std::ios::binary) << glb;
  return path;
}

// Collada: a triangle whose <p> refers to vertex 9 of a 3-vertex source.
inline std::filesystem::path collada_index_past_source(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / "index_past_source.dae";
  std::ofstream(path) << R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_geometries>
    <geometry id="tri" name="tri"><mesh>
      <source id="tri-pos"><float_array id="tri-pos-array" count="9">0 0 0 1 0 0 0 1 0</float_array>
        <technique_common><accessor source="#tri-pos-array" count="3" stride="3">
          <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
        </accessor></technique_common></source>
      <vertices id="tri-vtx"><input semantic="POSITION" source="#tri-pos"/></vertices>
      <triangles count="1"><input semantic="VERTEX" source="#tri-vtx" offset="0"/>
        <p>0 1 9</p></triangles>
    </mesh></geometry>
  </library_geometries>
  <library_visual_scenes><visual_scene id="scene">
    <node id="n" name="n"><instance_geometry url="#tri"/></node>
  </visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)";
  return path;
}

// BVH: a chain of `depth` joints, each the only child of the one before, and one frame.
inline std::filesystem::path deep_bvh(const std::filesystem::path& dir, int depth) {
  const std::filesystem::path path = dir / "deep.bvh";
  std::ofstream out(path);
  out << "HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
  for (int i = 1; i < depth; ++i) {
    out << "JOINT j" << i << "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
  }
  out << "End Site\n{\nOFFSET 0 1 0\n}\n";
  for (int i = 0; i < depth; ++i) out << "}\n";
  out << "MOTION\nFrames: 1\nFrame Time: 0.033333\n";
  for (int i = 0; i < depth; ++i) out << "0 0 0 ";
  out << "\n";
  return path;
}

// A sparse file of `bytes` zeros (it takes no disk space) named like an FBX file.
inline std::filesystem::path huge_sparse_file(const std::filesystem::path& dir,
                                              std::uintmax_t bytes) {
  const std::filesystem::path path = dir / "huge.fbx";
  std::ofstream(path, std::ios::binary) << '\0';
  std::filesystem::resize_file(path, bytes);
  return path;
}

}  // namespace hostile
