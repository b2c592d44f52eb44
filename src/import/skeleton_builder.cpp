#include "import/skeleton_builder.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace importer {
namespace {

constexpr std::string_view kPivotMarker = "_$AssimpFbx$_";

// The node a channel or bone name refers to. A pivot helper's animation belongs to the joint
// named before the marker (assimp puts T, R and S curves on separate helpers).
const aiNode* find_node(const aiScene& scene, std::string_view name) {
  const std::size_t marker = name.find(kPivotMarker);
  if (marker != std::string_view::npos) name = name.substr(0, marker);
  return scene.mRootNode->FindNode(aiString(std::string(name)));
}

void count_names(const aiNode* root, std::unordered_map<std::string, int>& counts) {
  std::vector<const aiNode*> stack{root};
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    ++counts[node->mName.C_Str()];
    for (unsigned i = 0; i < node->mNumChildren; ++i) stack.push_back(node->mChildren[i]);
  }
}

// Bones and channels name their node: two nodes of that name make the reference ambiguous.
std::string check_unambiguous(const std::unordered_map<std::string, int>& counts,
                              const aiNode& node) {
  const auto it = counts.find(node.mName.C_Str());
  if (it == counts.end() || it->second < 2) return {};
  return std::string("two joints are named '") + node.mName.C_Str() +
         "'; bones and clips refer to joints by name, so joint names must be unique";
}

// The nodes that must be joints: every bone's and every animated node, and the nodes of
// unskinned meshes in a skinned or animated scene. A bone without a node (an exporter that left
// part of the skeleton out) is a warning: its weights are left out by the mesh builder.
void collect_required(const aiScene& scene, std::unordered_set<const aiNode*>& required,
                      std::string& error, std::vector<std::string>& warnings) {
  std::unordered_map<std::string, int> name_counts;
  count_names(scene.mRootNode, name_counts);
  bool has_bones = false;
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[m];
    std::string missing;
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
      const aiNode* node = find_node(scene, mesh.mBones[b]->mName.C_Str());
      if (node == nullptr) {
        missing +=
            (missing.empty() ? "'" : ", '") + std::string(mesh.mBones[b]->mName.C_Str()) + "'";
        continue;
      }
      if (error = check_unambiguous(name_counts, *node); !error.empty()) return;
      required.insert(node);
      has_bones = true;
    }
    if (!missing.empty()) {
      warnings.push_back("mesh '" + std::string(mesh.mName.C_Str()) + "' is skinned to bones (" +
                         missing +
                         ") that are not nodes of the scene; their weights are left out, and "
                         "vertices left without weights follow the mesh's node");
    }
  }
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& anim = *scene.mAnimations[a];
    for (unsigned c = 0; c < anim.mNumChannels; ++c) {
      // Channels for nodes that do not exist are reported by the clip builder.
      if (const aiNode* node = find_node(scene, anim.mChannels[c]->mNodeName.C_Str())) {
        if (error = check_unambiguous(name_counts, *node); !error.empty()) return;
        required.insert(node);
      }
    }
  }
  if (!has_bones && scene.mNumAnimations == 0) return;
  // Unskinned meshes follow their node, so that node must be a joint.
  std::vector<const aiNode*> stack{scene.mRootNode};
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
      if (scene.mMeshes[node->mMeshes[i]]->mNumBones == 0) required.insert(node);
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) stack.push_back(node->mChildren[i]);
  }
}

// Adds the joints of the tree under root, depth-first in child order so parents precede
// children. Iterative, so a file's nesting never decides the stack depth; the non-joint nodes
// between a joint and its parent joint (folded into its rest pose) are kept as a chain of
// links, not copied per level.
void add_joints(const aiNode* root, const SceneConversion& conversion,
                const std::unordered_set<const aiNode*>& is_joint, SkeletonBuild& out) {
  struct Link {
    const aiNode* node;
    int previous;  // the link before it, or -1
  };
  struct Visit {
    const aiNode* node;
    int parent_joint;
    int pending;  // the last link of the non-joint nodes since the parent joint, or -1
  };
  std::vector<Link> links;
  std::vector<Visit> stack{{root, anim::kNoParent, -1}};
  while (!stack.empty()) {
    const Visit visit = stack.back();
    stack.pop_back();
    const aiNode* node = visit.node;
    int joint = visit.parent_joint;
    int pending = visit.pending;
    if (is_joint.count(node) != 0) {
      joint = static_cast<int>(out.joint_nodes.size());
      std::vector<const aiNode*> folded;
      for (int link = pending; link >= 0; link = links[link].previous) {
        folded.push_back(links[link].node);
      }
      std::reverse(folded.begin(), folded.end());
      out.skeleton.joint_names.emplace_back(node->mName.C_Str());
      out.skeleton.parents.push_back(visit.parent_joint);
      glm::mat4 local = visit.parent_joint == anim::kNoParent ? anim::to_matrix(conversion.axis)
                                                              : glm::mat4(1.0f);
      for (const aiNode* f : folded) local *= converted_local(conversion, f);
      local *= converted_local(conversion, node);
      out.skeleton.rest_pose.push_back(anim::from_matrix(local));
      out.joint_nodes.push_back(node);
      out.folded_nodes.push_back(std::move(folded));
      out.joint_of_node[node] = joint;
      pending = -1;
    } else {
      links.push_back({node, pending});
      pending = static_cast<int>(links.size()) - 1;
    }
    for (unsigned i = node->mNumChildren; i-- > 0;) {
      stack.push_back({node->mChildren[i], joint, pending});
    }
  }
}

}  // namespace

std::string check_unique_names(const anim::Skeleton& skeleton) {
  std::unordered_map<std::string_view, int> first;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const auto [it, inserted] = first.emplace(skeleton.joint_names[j], j);
    if (!inserted) {
      return "two joints are named '" + skeleton.joint_names[j] + "' (joints " +
             std::to_string(it->second) + " and " + std::to_string(j) +
             "); clips bind to joints by name, so joint names must be unique";
    }
    if (skeleton.joint_names[j].empty()) {
      return "joint " + std::to_string(j) + " has no name; clips bind to joints by name";
    }
  }
  return {};
}

// Model-space rest matrices, to invert for joints that no bone gives an inverse bind matrix.
std::vector<glm::mat4> rest_model(const anim::Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    const glm::mat4 local = anim::to_matrix(skeleton.rest_pose[j]);
    model[j] = skeleton.parents[j] == anim::kNoParent ? local : model[skeleton.parents[j]] * local;
  }
  return model;
}

namespace {

void fill_inverse_bind(const aiScene& scene, const SceneConversion& conversion,
                       SkeletonBuild& out) {
  const std::vector<glm::mat4> model = rest_model(out.skeleton);
  std::vector<bool> from_bone(model.size(), false);
  out.skeleton.inverse_bind.resize(model.size());
  // A bone's offset maps its mesh's space to bone space; meshes are stored in model space, so
  // the mesh node's model transform is undone first.
  std::vector<const aiNode*> stack{scene.mRootNode};
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
      const aiMesh& mesh = *scene.mMeshes[node->mMeshes[i]];
      if (mesh.mNumBones == 0) continue;
      const glm::mat4 model_to_mesh = glm::inverse(mesh_to_model(conversion, node, true));
      for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const int joint = out.joint_of(find_node(scene, mesh.mBones[b]->mName.C_Str()));
        if (joint < 0 || from_bone[joint]) continue;
        glm::mat4 offset = to_glm(mesh.mBones[b]->mOffsetMatrix);
        offset[3] = glm::vec4(glm::vec3(offset[3]) * conversion.unit_scale, 1.0f);
        out.skeleton.inverse_bind[joint] = offset * model_to_mesh;
        from_bone[joint] = true;
      }
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) stack.push_back(node->mChildren[i]);
  }
  // Joints without a bone (animated helpers, rigid mesh nodes) bind at their rest pose, so a
  // rigid mesh stored in model space stays in place at rest.
  for (std::size_t j = 0; j < model.size(); ++j) {
    if (!from_bone[j]) out.skeleton.inverse_bind[j] = glm::inverse(model[j]);
  }
}

}  // namespace

bool is_fbx_pivot_helper(const aiNode& node) {
  return std::string_view(node.mName.C_Str()).find(kPivotMarker) != std::string_view::npos;
}

bool root_is_animated(const aiScene& scene) {
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& anim = *scene.mAnimations[a];
    for (unsigned c = 0; c < anim.mNumChannels; ++c) {
      if (find_node(scene, anim.mChannels[c]->mNodeName.C_Str()) == scene.mRootNode) return true;
    }
  }
  return false;
}

std::string build_skeleton(const aiScene& scene, const SceneConversion& conversion,
                           SkeletonBuild& out, std::vector<std::string>& warnings) {
  out = {};
  std::unordered_set<const aiNode*> required;
  std::string error;
  collect_required(scene, required, error, warnings);
  if (!error.empty()) return error;

  if (required.empty()) {
    out.static_scene = true;
    const std::string root_name = scene.mRootNode->mName.C_Str();
    out.skeleton.joint_names.push_back(root_name.empty() ? "root" : root_name);
    out.skeleton.parents.push_back(anim::kNoParent);
    out.skeleton.rest_pose.push_back(anim::Transform::identity());
    out.skeleton.inverse_bind.push_back(glm::mat4(1.0f));
    out.joint_nodes.push_back(nullptr);
    out.folded_nodes.emplace_back();
    return {};
  }

  // Every ancestor of a required node is a joint too, except pivot helpers and an identity root
  // node (FBX's "RootNode", assimp's synthetic glTF "ROOT"), which would only add a joint that
  // does nothing.
  const bool root_is_identity = converted_local(conversion, scene.mRootNode) == glm::mat4(1.0f);
  std::unordered_set<const aiNode*> is_joint;
  for (const aiNode* node : required) {
    for (const aiNode* n = node; n != nullptr; n = n->mParent) {
      if (n != node && ((n == scene.mRootNode && root_is_identity) || is_fbx_pivot_helper(*n))) {
        continue;
      }
      if (!is_joint.insert(n).second) break;
    }
  }
  add_joints(scene.mRootNode, conversion, is_joint, out);
  if (error = check_unique_names(out.skeleton); !error.empty()) return error;
  fill_inverse_bind(scene, conversion, out);
  return anim::validate(out.skeleton);
}

}  // namespace importer
