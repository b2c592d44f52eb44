#include "import/gltf_scene.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <unordered_set>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "import/gltf_accessor.h"
#include "import/skeleton_builder.h"

namespace importer {
namespace {

bool is_transform_path(const std::string& path) {
  return path == "translation" || path == "rotation" || path == "scale";
}

// The node's own local matrix in file units.
glm::mat4 file_local(const tinygltf::Node& node) {
  if (node.matrix.size() == 16) {
    glm::mat4 m;
    for (int i = 0; i < 16; ++i) glm::value_ptr(m)[i] = static_cast<float>(node.matrix[i]);
    return m;
  }
  anim::Transform t;
  if (node.translation.size() == 3) {
    t.translation = {node.translation[0], node.translation[1], node.translation[2]};
  }
  if (node.rotation.size() == 4) {
    // glTF stores x, y, z, w; a file's rotation need not be exactly unit length.
    t.rotation = glm::normalize(
        glm::quat(static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                  static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2])));
  }
  if (node.scale.size() == 3) t.scale = {node.scale[0], node.scale[1], node.scale[2]};
  return anim::to_matrix(t);
}

std::string build_tree(const tinygltf::Model& model, GltfScene& scene) {
  const int count = static_cast<int>(model.nodes.size());
  scene.parent.assign(count, -1);
  scene.in_scene.assign(count, false);
  scene.names.resize(count);
  std::vector<bool> has_parent(count, false);
  for (int n = 0; n < count; ++n) {
    scene.names[n] =
        model.nodes[n].name.empty() ? "nodes[" + std::to_string(n) + "]" : model.nodes[n].name;
    for (const int child : model.nodes[n].children) {
      if (child < 0 || child >= count) {
        return "node '" + scene.names[n] + "' has child " + std::to_string(child) +
               ", which does not exist";
      }
      if (has_parent[child]) {
        return "node " + std::to_string(child) + " has two parents; glTF nodes form a tree";
      }
      has_parent[child] = true;
      scene.parent[child] = n;
    }
  }
  std::vector<int> roots;
  if (!model.scenes.empty()) {
    const int index =
        model.defaultScene >= 0 && model.defaultScene < static_cast<int>(model.scenes.size())
            ? model.defaultScene
            : 0;
    roots = model.scenes[index].nodes;
  } else {
    for (int n = 0; n < count; ++n) {
      if (!has_parent[n]) roots.push_back(n);
    }
  }
  for (const int root : roots) {
    if (root < 0 || root >= count) {
      return "the scene lists node " + std::to_string(root) + ", which does not exist";
    }
    if (has_parent[root]) return "the scene lists node " + std::to_string(root) + ", a child";
  }
  // Depth-first in file order; a node met twice means a cycle.
  std::vector<int> stack(roots.rbegin(), roots.rend());
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    if (scene.in_scene[n]) {
      return "the node tree has a cycle through node '" + scene.names[n] + "'";
    }
    scene.in_scene[n] = true;
    scene.order.push_back(n);
    const std::vector<int>& children = model.nodes[n].children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  }
  // Nodes under a cycle that no root reaches are not in the scene; a cycle among them must
  // still not hang anything that walks parents, so cut those links.
  for (int n = 0; n < count; ++n) {
    if (!scene.in_scene[n]) scene.parent[n] = -1;
  }
  return {};
}

bool mesh_is_skinned(const tinygltf::Model& model, const tinygltf::Node& node) {
  if (node.skin < 0 || node.mesh < 0 || node.mesh >= static_cast<int>(model.meshes.size())) {
    return false;
  }
  for (const tinygltf::Primitive& primitive : model.meshes[node.mesh].primitives) {
    if (primitive.attributes.count("JOINTS_0") == 0) return false;
  }
  return true;
}

std::unordered_set<int> required_nodes(const tinygltf::Model& model, const GltfScene& scene) {
  std::unordered_set<int> required;
  const int count = static_cast<int>(model.nodes.size());
  for (const tinygltf::Skin& skin : model.skins) {
    for (const int joint : skin.joints) {
      if (joint >= 0 && joint < count && scene.in_scene[joint]) required.insert(joint);
    }
  }
  for (const tinygltf::Animation& animation : model.animations) {
    for (const tinygltf::AnimationChannel& channel : animation.channels) {
      const int node = channel.target_node;
      if (node >= 0 && node < count && scene.in_scene[node] &&
          is_transform_path(channel.target_path)) {
        required.insert(node);
      }
    }
  }
  if (required.empty()) return required;
  // Unskinned meshes follow their node, so that node must be a joint.
  for (const int n : scene.order) {
    const tinygltf::Node& node = model.nodes[n];
    if (node.mesh >= 0 && !mesh_is_skinned(model, node)) required.insert(n);
  }
  return required;
}

// A skin's inverse bind matrices in model space (unit scale and axis turn applied), one per
// joint it lists. Without inverseBindMatrices every one is the identity (glTF 2.0, 5.28).
std::string read_inverse_binds(const tinygltf::Model& model, const GltfScene& scene, std::size_t s,
                               std::vector<glm::mat4>& out) {
  const tinygltf::Skin& skin = model.skins[s];
  AccessorValues matrices;
  if (skin.inverseBindMatrices >= 0) {
    if (std::string cause = read_accessor(model, skin.inverseBindMatrices, matrices);
        !cause.empty()) {
      return "skin " + std::to_string(s) + ": " + cause;
    }
    if (matrices.components != 16 || matrices.count < skin.joints.size()) {
      return "skin " + std::to_string(s) + ": inverseBindMatrices holds " +
             std::to_string(matrices.count) + " elements for " +
             std::to_string(skin.joints.size()) + " joints (MAT4 each)";
    }
  }
  // Skinned vertices are in the skin's space, which is model space before the axis turn.
  const glm::mat4 model_to_mesh = glm::inverse(anim::to_matrix(scene.axis));
  out.assign(skin.joints.size(), glm::mat4(1.0f));
  for (std::size_t k = 0; k < skin.joints.size(); ++k) {
    const int node = skin.joints[k];
    if (node < 0 || node >= static_cast<int>(model.nodes.size())) {
      return "skin " + std::to_string(s) + " lists node " + std::to_string(node) +
             ", which does not exist";
    }
    glm::mat4& inverse_bind = out[k];
    if (!matrices.values.empty()) {
      for (int i = 0; i < 16; ++i) {
        glm::value_ptr(inverse_bind)[i] = static_cast<float>(matrices.values[k * 16 + i]);
      }
    }
    inverse_bind[3] = glm::vec4(glm::vec3(inverse_bind[3]) * scene.unit_scale, 1.0f);
    inverse_bind = inverse_bind * model_to_mesh;
  }
  return {};
}

bool nearly_equal(const glm::mat4& a, const glm::mat4& b, float tolerance) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!(std::fabs(a[c][r] - b[c][r]) <= tolerance)) return false;
    }
  }
  return true;
}

// What takes a skin's vertices into the space of the inverse binds already kept for its joints:
// kept^-1 * own, when that is one transform for every joint the skin shares with earlier skins
// (the identity when it shares none). False when the joints disagree on it.
bool bind_correction(const GltfScene& scene, const tinygltf::Skin& skin,
                     std::span<const glm::mat4> own, const std::vector<bool>& kept,
                     glm::mat4& correction) {
  correction = glm::mat4(1.0f);
  bool found = false;
  for (std::size_t k = 0; k < skin.joints.size(); ++k) {
    const int joint = scene.joint_of_node[skin.joints[k]];
    if (joint < 0 || !kept[joint]) continue;
    const glm::mat4 c = glm::inverse(scene.skeleton.inverse_bind[joint]) * own[k];
    if (!found) {
      correction = c;
      found = true;
      continue;
    }
    float size = 1.0f;
    for (int i = 0; i < 16; ++i) size = std::max(size, std::fabs(glm::value_ptr(correction)[i]));
    if (!nearly_equal(c, correction, 1e-4f * size)) return false;
  }
  return true;
}

void fill_inverse_bind(const tinygltf::Model& model, GltfScene& scene,
                       std::vector<std::string>& warnings, std::string& error) {
  anim::Skeleton& skeleton = scene.skeleton;
  const std::vector<glm::mat4> rest = rest_model(skeleton);
  skeleton.inverse_bind.resize(rest.size());
  std::vector<bool> kept(rest.size(), false);
  std::vector<glm::mat4> own;
  for (std::size_t s = 0; s < model.skins.size(); ++s) {
    if (error = read_inverse_binds(model, scene, s, own); !error.empty()) return;
    const tinygltf::Skin& skin = model.skins[s];
    glm::mat4 correction;
    if (!bind_correction(scene, skin, own, kept, correction)) {
      correction = glm::mat4(1.0f);
      warnings.push_back("skin " + std::to_string(s) +
                         " binds some joints differently from an earlier skin; the first "
                         "skin's inverse bind matrices are used");
    }
    scene.skin_to_bind[s] = correction;
    // A joint this skin brings binds so that its vertices, once corrected, skin as before.
    const glm::mat4 uncorrect = glm::inverse(correction);
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
      const int joint = scene.joint_of_node[skin.joints[k]];
      if (joint < 0 || kept[joint]) continue;
      skeleton.inverse_bind[joint] = own[k] * uncorrect;
      kept[joint] = true;
    }
  }
  // Joints of no skin (animated nodes, rigid mesh nodes) bind at their rest pose, so a rigid
  // mesh stored in model space stays in place at rest.
  for (std::size_t j = 0; j < rest.size(); ++j) {
    if (!kept[j]) skeleton.inverse_bind[j] = glm::inverse(rest[j]);
  }
}

}  // namespace

glm::mat4 GltfScene::local(int node) const {
  glm::mat4 m = file_local(model->nodes[node]);
  m[3] = glm::vec4(glm::vec3(m[3]) * unit_scale, 1.0f);
  return m;
}

glm::mat4 GltfScene::global(int node) const {
  glm::mat4 m(1.0f);
  for (int n = node; n >= 0; n = parent[n]) m = local(n) * m;
  return anim::to_matrix(axis) * m;
}

int GltfScene::rigid_joint(int node) const {
  for (int n = node; n >= 0; n = parent[n]) {
    if (joint_of_node[n] >= 0) return joint_of_node[n];
  }
  return 0;
}

bool gltf_is_animated_or_skinned(const tinygltf::Model& model) {
  if (!model.skins.empty()) return true;
  for (const tinygltf::Animation& animation : model.animations) {
    for (const tinygltf::AnimationChannel& channel : animation.channels) {
      if (is_transform_path(channel.target_path)) return true;
    }
  }
  return false;
}

std::string build_gltf_scene(const tinygltf::Model& model, const ImportSettings& settings,
                             GltfScene& scene, std::vector<std::string>& warnings) {
  scene = {};
  scene.model = &model;
  // glTF is in metres and Y-up; the settings override a file that says otherwise wrongly.
  scene.unit_scale = settings.unit_scale > 0.0f ? settings.unit_scale : 1.0f;
  if (settings.up_axis == UpAxis::kZ) {
    scene.axis.rotation = glm::angleAxis(glm::radians(-90.0f), glm::vec3(1.0f, 0.0f, 0.0f));
    scene.up_axis_converted = true;
  }
  if (std::string error = build_tree(model, scene); !error.empty()) return error;
  scene.joint_of_node.assign(model.nodes.size(), -1);
  scene.skin_to_bind.assign(model.skins.size(), glm::mat4(1.0f));
  anim::Skeleton& skeleton = scene.skeleton;

  const std::unordered_set<int> required = required_nodes(model, scene);
  if (required.empty()) {
    // A static mesh: one identity joint that every vertex follows.
    int roots = 0;
    for (const int n : scene.order) roots += scene.parent[n] < 0 ? 1 : 0;
    const bool named_root = roots == 1 && !model.nodes[scene.order[0]].name.empty();
    skeleton.joint_names.push_back(named_root ? scene.names[scene.order[0]] : "root");
    skeleton.parents.push_back(anim::kNoParent);
    skeleton.rest_pose.push_back(anim::Transform::identity());
    skeleton.inverse_bind.push_back(glm::mat4(1.0f));
    scene.node_of_joint.push_back(-1);
    return {};
  }
  // Every ancestor of a required node is a joint too, except a scene root with an identity
  // transform, which would only add a joint that does nothing.
  std::vector<bool> is_joint(model.nodes.size(), false);
  for (const int node : required) {
    for (int n = node; n >= 0 && !is_joint[n]; n = scene.parent[n]) {
      if (n != node && scene.parent[n] < 0 && scene.local(n) == glm::mat4(1.0f)) break;
      is_joint[n] = true;
    }
  }
  // Depth-first order puts parents first. The nodes between a joint and its parent joint are
  // only ever such identity roots, so a joint's local transform is its node's.
  for (const int n : scene.order) {
    if (!is_joint[n]) continue;
    int parent_joint = anim::kNoParent;
    for (int p = scene.parent[n]; p >= 0 && parent_joint < 0; p = scene.parent[p]) {
      parent_joint = scene.joint_of_node[p];
    }
    const glm::mat4 local = parent_joint == anim::kNoParent
                                ? anim::to_matrix(scene.axis) * scene.local(n)
                                : scene.local(n);
    scene.joint_of_node[n] = skeleton.joint_count();
    scene.node_of_joint.push_back(n);
    skeleton.joint_names.push_back(scene.names[n]);
    skeleton.parents.push_back(parent_joint);
    skeleton.rest_pose.push_back(anim::from_matrix(local));
  }
  if (std::string error = check_unique_names(skeleton); !error.empty()) return error;
  std::string error;
  fill_inverse_bind(model, scene, warnings, error);
  if (!error.empty()) return error;
  return anim::validate(skeleton);
}

}  // namespace importer
