#pragma once
// Skeleton builder: picks the joints of an assimp scene and builds the anim::Skeleton.
//
// Joints are the skin bones, the animated nodes and the nodes that carry unskinned meshes (when
// the scene has bones or animation), plus every node between them and the scene root. The root
// node itself is a joint only when it is one of those (BVH roots are animated); otherwise its
// transform and the axis conversion are folded into the top-level joints. FBX pivot helper
// nodes never become joints: they are folded into the joint below them. A scene with neither
// bones nor animation (a static mesh) gets a single identity joint.

#include <string>
#include <unordered_map>
#include <vector>

#include <assimp/scene.h>
#include <glm/glm.hpp>

#include "anim/skeleton.h"
#include "import/scene_conversion.h"

namespace importer {

// True for the `<joint>_$AssimpFbx$_<kind>` helper nodes assimp makes for FBX pivots.
bool is_fbx_pivot_helper(const aiNode& node);

struct SkeletonBuild {
  anim::Skeleton skeleton;
  // Per joint: its node (nullptr for the single joint of a static mesh).
  std::vector<const aiNode*> joint_nodes;
  // Per joint: the non-joint nodes between its parent joint and it, top-down (pivot helpers;
  // for top-level joints, the static ancestors up to the root). Their transforms are part of the
  // joint's local transform; top-level joints also get the axis rotation in front.
  std::vector<std::vector<const aiNode*>> folded_nodes;
  std::unordered_map<const aiNode*, int> joint_of_node;
  // The skeleton was synthesized for a scene without bones or animation.
  bool static_scene = false;

  int joint_of(const aiNode* node) const {
    const auto it = joint_of_node.find(node);
    return it == joint_of_node.end() ? -1 : it->second;
  }
};

// True when some animation of scene has a channel for the root node (so the root is a joint and
// its scale must not be taken out by the scene conversion).
bool root_is_animated(const aiScene& scene);

// An empty string when every joint has a unique, non-empty name; otherwise the cause.
std::string check_unique_names(const anim::Skeleton& skeleton);

// Model-space rest matrices of skeleton's joints.
std::vector<glm::mat4> rest_model(const anim::Skeleton& skeleton);

// Builds the skeleton of scene. Returns an empty string on success, otherwise the cause (e.g.
// two joints sharing a name). Bones that name no node of the scene are a warning.
std::string build_skeleton(const aiScene& scene, const SceneConversion& conversion,
                           SkeletonBuild& out, std::vector<std::string>& warnings);

}  // namespace importer
