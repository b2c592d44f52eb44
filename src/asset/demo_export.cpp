#include "asset/demo_export.h"

#include <memory>
#include <vector>

#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>

#include "asset/demo_character.h"

namespace asset {
namespace {

// glm is column-major, assimp row-major; both use column vectors.
aiMatrix4x4 to_ai(const glm::mat4& m) {
  return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1],
                     m[0][2], m[1][2], m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]);
}
aiVector3D to_ai(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}
aiQuaternion to_ai(const glm::quat& q) {
  return {q.w, q.x, q.y, q.z};
}

// assimp's structures own their arrays with new[]; this hands them a copy.
template <typename T, typename Source, typename Convert>
T* new_array(const std::vector<Source>& source, Convert convert) {
  T* out = new T[source.size()];
  for (std::size_t i = 0; i < source.size(); ++i) out[i] = convert(source[i]);
  return out;
}

aiNode* joint_nodes(const anim::Skeleton& skeleton) {
  std::vector<aiNode*> nodes(skeleton.joint_count());
  std::vector<std::vector<aiNode*>> children(skeleton.joint_count());
  for (int i = 0; i < skeleton.joint_count(); ++i) {
    nodes[i] = new aiNode(skeleton.joint_names[i]);
    nodes[i]->mTransformation = to_ai(anim::to_matrix(skeleton.rest_pose[i]));
    if (skeleton.parents[i] != anim::kNoParent) children[skeleton.parents[i]].push_back(nodes[i]);
  }
  for (int i = 0; i < skeleton.joint_count(); ++i) {
    if (!children[i].empty())
      nodes[i]->addChildren(static_cast<unsigned>(children[i].size()), children[i].data());
  }
  return nodes.empty() ? nullptr : nodes[0];
}

aiMesh* export_mesh(const anim::SkinnedMesh& mesh, const anim::Skeleton& skeleton) {
  auto* out = new aiMesh();
  out->mName = mesh.name;
  out->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  out->mMaterialIndex = mesh.material < 0 ? 0u : static_cast<unsigned>(mesh.material);
  out->mNumVertices = static_cast<unsigned>(mesh.positions.size());
  out->mVertices =
      new_array<aiVector3D>(mesh.positions, [](const glm::vec3& v) { return to_ai(v); });
  if (!mesh.normals.empty()) {
    out->mNormals =
        new_array<aiVector3D>(mesh.normals, [](const glm::vec3& v) { return to_ai(v); });
  }
  out->mNumFaces = static_cast<unsigned>(mesh.indices.size() / 3);
  out->mFaces = new aiFace[out->mNumFaces];
  for (unsigned f = 0; f < out->mNumFaces; ++f) {
    out->mFaces[f].mNumIndices = 3;
    out->mFaces[f].mIndices =
        new unsigned[3]{mesh.indices[3 * f], mesh.indices[3 * f + 1], mesh.indices[3 * f + 2]};
  }
  // One bone per joint, so the skin lists the whole skeleton even where a joint moves no vertex.
  std::vector<std::vector<aiVertexWeight>> weights(skeleton.joint_count());
  const auto collect = [&](const std::vector<glm::uvec4>& joints, const std::vector<glm::vec4>& w) {
    for (std::size_t v = 0; v < joints.size(); ++v) {
      for (int k = 0; k < 4; ++k) {
        if (w[v][k] > 0.0f) {
          weights[joints[v][k]].push_back({static_cast<unsigned>(v), w[v][k]});
        }
      }
    }
  };
  collect(mesh.joints0, mesh.weights0);
  collect(mesh.joints1, mesh.weights1);
  out->mNumBones = static_cast<unsigned>(skeleton.joint_count());
  out->mBones = new aiBone*[out->mNumBones];
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    auto* bone = new aiBone();
    bone->mName = skeleton.joint_names[j];
    bone->mOffsetMatrix = to_ai(skeleton.inverse_bind[j]);
    bone->mNumWeights = static_cast<unsigned>(weights[j].size());
    bone->mWeights =
        new_array<aiVertexWeight>(weights[j], [](const aiVertexWeight& w) { return w; });
    out->mBones[j] = bone;
  }
  return out;
}

aiMaterial* export_material(const Material& material) {
  auto* out = new aiMaterial();
  const aiString name(material.name);
  out->AddProperty(&name, AI_MATKEY_NAME);
  const aiColor4D color(material.base_color.x, material.base_color.y, material.base_color.z,
                        material.base_color.w);
  out->AddProperty(&color, 1, AI_MATKEY_BASE_COLOR);
  out->AddProperty(&color, 1, AI_MATKEY_COLOR_DIFFUSE);
  return out;
}

// Times are written in milliseconds (1000 ticks per second), as assimp's own glTF reader does.
constexpr double kTicksPerSecond = 1000.0;

aiAnimation* export_clip(const anim::Clip& clip) {
  auto* out = new aiAnimation();
  out->mName = clip.name;
  out->mTicksPerSecond = kTicksPerSecond;
  out->mDuration = clip.duration_s * kTicksPerSecond;
  out->mNumChannels = static_cast<unsigned>(clip.tracks.size());
  out->mChannels = new aiNodeAnim*[out->mNumChannels];
  for (std::size_t t = 0; t < clip.tracks.size(); ++t) {
    const anim::JointTrack& track = clip.tracks[t];
    auto* channel = new aiNodeAnim();
    channel->mNodeName = track.joint_name;
    const auto vector_keys = [](const anim::Vec3Track& source, unsigned& count) {
      count = static_cast<unsigned>(source.times_s.size());
      auto* keys = new aiVectorKey[count];
      for (unsigned k = 0; k < count; ++k) {
        keys[k] = aiVectorKey(source.times_s[k] * kTicksPerSecond, to_ai(source.values[k]));
      }
      return keys;
    };
    channel->mPositionKeys = vector_keys(track.translation, channel->mNumPositionKeys);
    channel->mScalingKeys = vector_keys(track.scale, channel->mNumScalingKeys);
    channel->mNumRotationKeys = static_cast<unsigned>(track.rotation.times_s.size());
    channel->mRotationKeys = new aiQuatKey[channel->mNumRotationKeys];
    for (unsigned k = 0; k < channel->mNumRotationKeys; ++k) {
      channel->mRotationKeys[k] =
          aiQuatKey(track.rotation.times_s[k] * kTicksPerSecond, to_ai(track.rotation.values[k]));
    }
    out->mChannels[t] = channel;
  }
  return out;
}

}  // namespace

std::string export_character_glb(const Character& character, const std::string& path) {
  const anim::Skeleton& skeleton = character.skeleton;
  if (const std::string invalid = anim::validate(skeleton); !invalid.empty()) {
    return path + ": cannot export an invalid skeleton: " + invalid;
  }
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode("scene_root");
  std::vector<aiNode*> top;
  for (std::size_t m = 0; m < character.meshes.size(); ++m) {
    auto* node = new aiNode(character.meshes[m].name);
    node->mNumMeshes = 1;
    node->mMeshes = new unsigned[1]{static_cast<unsigned>(m)};
    top.push_back(node);
  }
  if (aiNode* root_joint = joint_nodes(skeleton)) top.push_back(root_joint);
  scene->mRootNode->addChildren(static_cast<unsigned>(top.size()), top.data());

  scene->mNumMeshes = static_cast<unsigned>(character.meshes.size());
  scene->mMeshes = new aiMesh*[scene->mNumMeshes];
  for (std::size_t m = 0; m < character.meshes.size(); ++m) {
    scene->mMeshes[m] = export_mesh(character.meshes[m], skeleton);
  }
  // glTF needs a material for every mesh: a neutral one stands in when the character has none.
  std::vector<Material> materials = character.materials;
  if (materials.empty()) materials.push_back(Material{.name = "default"});
  scene->mNumMaterials = static_cast<unsigned>(materials.size());
  scene->mMaterials = new aiMaterial*[scene->mNumMaterials];
  for (std::size_t m = 0; m < materials.size(); ++m)
    scene->mMaterials[m] = export_material(materials[m]);
  scene->mNumAnimations = static_cast<unsigned>(character.clips.size());
  scene->mAnimations = new aiAnimation*[scene->mNumAnimations];
  for (std::size_t c = 0; c < character.clips.size(); ++c) {
    scene->mAnimations[c] = export_clip(character.clips[c]);
  }

  Assimp::Exporter exporter;
  if (exporter.Export(scene.get(), "glb2", path) != aiReturn_SUCCESS) {
    return path + ": " + exporter.GetErrorString();
  }
  return {};
}

std::string export_demo_character(const std::string& path) {
  return export_character_glb(make_demo_character(), path);
}

}  // namespace asset
