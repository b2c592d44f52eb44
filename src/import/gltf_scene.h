#pragma once
// The node tree of a glTF file as the glTF reader builds a Character from it: which nodes are
// joints, and node transforms in animview's model space (metres, Y-up).
//
// Joints are the skins' joints, the animated nodes and (when the file has skins or animation)
// the nodes with unskinned meshes, plus every ancestor of those, as the assimp path picks them;
// a scene root with an identity transform that is none of those is left out. The unit scale is
// baked into translations; a Z-up conversion sits above the top-level joints.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/skeleton.h"
#include "anim/transform.h"
#include "import/gltf_model.h"
#include "import/import_settings.h"

namespace importer {

struct GltfScene {
  const tinygltf::Model* model = nullptr;
  std::vector<int> parent;         // per node; -1 for roots and nodes outside the scene
  std::vector<bool> in_scene;      // per node
  std::vector<int> order;          // the scene's nodes depth-first in file order
  std::vector<std::string> names;  // per node: its name, or "nodes[<index>]" when unnamed
  float unit_scale = 1.0f;         // metres per file unit
  anim::Transform axis;            // file space to Y-up (identity unless Z-up was asked for)
  bool up_axis_converted = false;

  anim::Skeleton skeleton;
  std::vector<int> joint_of_node;  // per node: its joint, or -1
  std::vector<int> node_of_joint;  // per joint: its node (-1 for a static scene's joint)
  // Per skin: what moves its vertices (in model space) into the space the kept inverse binds
  // expect. The identity, except for a skin whose inverse binds differ from an earlier skin's
  // by one transform of the mesh: gltf-transform's quantize, for one, folds each mesh's
  // dequantization into its skin's inverse binds.
  std::vector<glm::mat4> skin_to_bind;

  // The node's local transform, translation in metres.
  glm::mat4 local(int node) const;
  // The node's model-space matrix (axis conversion and every ancestor).
  glm::mat4 global(int node) const;
  // The joint a node's geometry follows: its own, else its nearest joint ancestor, else 0.
  int rigid_joint(int node) const;
};

// Builds scene from model's default scene (or its first; all root nodes when it has none):
// the tree (a node with two parents or a cycle is an error), the names, the joints and the
// skeleton with its inverse bind matrices (from the skins, identity where a skin has none;
// joints of no skin bind at their rest pose). Returns an empty string on success, otherwise
// the cause. Warnings (skins disagreeing on a joint's inverse bind) go to warnings.
std::string build_gltf_scene(const tinygltf::Model& model, const ImportSettings& settings,
                             GltfScene& scene, std::vector<std::string>& warnings);

// True when model has a skin, or an animation with a channel on a node's transform.
bool gltf_is_animated_or_skinned(const tinygltf::Model& model);

}  // namespace importer
