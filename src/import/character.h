#pragma once
// Character: everything an import (or the demo generator) produces for the viewer.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/skinned_mesh.h"
#include "visual/material.h"

namespace importer {

// What the importer did to the data and what the user should know about it.
struct ImportReport {
  float unit_scale_applied = 1.0f;       // e.g. 0.01 for a centimetre scene
  bool up_axis_converted = false;        // Z-up scene rotated to Y-up
  int vertices_with_cut_influences = 0;  // had more influences than kept
  int vertices_renormalized = 0;         // weights did not sum to one
  std::vector<std::string> warnings;
  // The format's extensions the file uses (glTF's extensionsUsed): those animview reads
  // (compressed and quantized geometry, decoded on import) and those it ignores.
  std::vector<std::string> extensions_read;
  std::vector<std::string> extensions_ignored;
};

struct Character {
  std::string source_path;
  anim::Skeleton skeleton;
  std::vector<anim::SkinnedMesh> meshes;
  std::vector<visual::Material> materials;
  std::vector<anim::Clip> clips;
  ImportReport report;
};

}  // namespace importer

namespace importer {

// Per joint, whether it belongs to the skeleton's largest top-level tree: the character, apart
// from the other top-level nodes a file animates beside it (3ds Max scenes keep their cameras,
// their targets and a sky light 14 m up as nodes, which the importer makes joints). What a
// character's size and framing measure when it has no mesh. Allocates.
std::vector<bool> character_tree(const anim::Skeleton& skeleton);

// Axis-aligned bounds of all mesh vertices in the bind pose (or of the rest-pose joints of the
// character_tree when there is no mesh); min > max when the character is empty.
struct Bounds {
  glm::vec3 min{1e30f};
  glm::vec3 max{-1e30f};
  bool empty() const { return min.x > max.x; }
};
Bounds bind_pose_bounds(const Character& character);

}  // namespace importer
