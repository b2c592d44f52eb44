#pragma once
// Writing a character as binary glTF 2.0 (.glb), so that the built-in demo character (and
// retargeted or exported clips) can be opened in other tools (`animview export-demo OUT.glb`).

#include <string>

#include "import/character.h"

namespace demo {

// Writes character to path as binary glTF 2.0 with the glTF writer (import/gltf_writer.h): the
// skeleton as a node tree (rest pose as node transforms), each skinned mesh with a skin over
// every joint and its inverse bind matrices, the materials with their textures embedded, and
// each clip as an animation keeping its interpolation, with its markers in the animation's
// extras. Returns an empty string on success, otherwise "<path>: <cause>" (a failed export
// leaves no file behind).
std::string export_character_glb(const importer::Character& character, const std::string& path);

// make_demo_character() written with export_character_glb.
std::string export_demo_character(const std::string& path);

}  // namespace demo
