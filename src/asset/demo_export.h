#pragma once
// Writing a character as binary glTF 2.0 (.glb) through assimp's exporter, so that the built-in
// demo character can be opened in other tools (`animview export-demo OUT.glb`).

#include <string>

#include "asset/character.h"

namespace asset {

// Writes character to path as binary glTF 2.0: the skeleton as a node tree under a "scene_root"
// node (rest pose as node transforms), each skinned mesh with its normals, up to four
// influences per vertex (JOINTS_0/WEIGHTS_0) and a skin listing every joint with its inverse
// bind matrix, the materials' base colours, and each clip as an animation (Linear keys, times
// in seconds). Markers are not written: glTF has no place for them. Returns an empty string on
// success, otherwise "<path>: <cause>" (nothing is left behind on failure other than what the
// exporter wrote).
std::string export_character_glb(const Character& character, const std::string& path);

// make_demo_character() written with export_character_glb.
std::string export_demo_character(const std::string& path);

}  // namespace asset
