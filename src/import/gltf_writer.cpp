#include "import/gltf_writer.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <type_traits>

#include "anim/common_keys.h"
#include "import/atomic_write.h"
#include "import/gltf_material_writer.h"
#include "import/gltf_model.h"
#include "import/gltf_model_builder.h"

namespace importer {
namespace {

template <int N>
std::vector<float> flat(const std::vector<glm::vec<N, float>>& values) {
  std::vector<float> out;
  out.reserve(values.size() * N);
  for (const auto& v : values) {
    for (int c = 0; c < N; ++c) out.push_back(v[c]);
  }
  return out;
}

std::vector<float> flat(const std::vector<glm::quat>& values) {
  std::vector<float> out;
  out.reserve(values.size() * 4);
  for (const glm::quat& q : values) out.insert(out.end(), {q.x, q.y, q.z, q.w});
  return out;
}

// glTF wants unit normals and tangents with w = +-1 (the validator checks).
glm::vec3 unit_or(const glm::vec3& v, const glm::vec3& fallback) {
  const float length = glm::length(v);
  return length > 0.0f && std::isfinite(length) ? v / length : fallback;
}

void add_joint_nodes(const anim::Skeleton& skeleton, tinygltf::Model& model) {
  // A skin's joints need a common root: several root joints hang from an identity node (which
  // the reader leaves out again).
  int roots = 0;
  for (const int parent : skeleton.parents) roots += parent == anim::kNoParent ? 1 : 0;
  int root_node = -1;
  if (roots > 1) {
    root_node = skeleton.joint_count();
    model.scenes[0].nodes.push_back(root_node);
  }
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    tinygltf::Node node;
    node.name = skeleton.joint_names[j];
    const anim::Transform& rest = skeleton.rest_pose[j];
    if (rest.translation != glm::vec3(0.0f)) {
      node.translation = {rest.translation.x, rest.translation.y, rest.translation.z};
    }
    const glm::quat r = glm::normalize(rest.rotation);
    if (r != glm::quat(1.0f, 0.0f, 0.0f, 0.0f)) node.rotation = {r.x, r.y, r.z, r.w};
    if (rest.scale != glm::vec3(1.0f)) node.scale = {rest.scale.x, rest.scale.y, rest.scale.z};
    model.nodes.push_back(std::move(node));
    if (skeleton.parents[j] != anim::kNoParent) {
      model.nodes[skeleton.parents[j]].children.push_back(j);
    } else if (root_node < 0) {
      model.scenes[0].nodes.push_back(j);
    }
  }
  if (root_node >= 0) {
    tinygltf::Node root;
    root.name = "animview_root";
    for (int j = 0; j < skeleton.joint_count(); ++j) {
      if (skeleton.parents[j] == anim::kNoParent) root.children.push_back(j);
    }
    model.nodes.push_back(std::move(root));
  }
}

// The influences of mesh as glTF wants them: joint 0 where the weight is 0, and the weights of
// each vertex summing to one across both sets.
void add_influences(const anim::SkinnedMesh& mesh, ModelBuilder& builder,
                    tinygltf::Primitive& primitive) {
  const std::size_t n = mesh.vertex_count();
  const bool second = mesh.joints1.size() == n && mesh.weights1.size() == n;
  std::vector<std::uint16_t> joints[2];
  std::vector<float> weights[2];
  for (std::size_t v = 0; v < n; ++v) {
    const glm::vec4 w0 = mesh.weights0[v];
    const glm::vec4 w1 = second ? mesh.weights1[v] : glm::vec4(0.0f);
    double total = 0.0;
    for (int k = 0; k < 4; ++k) total += std::max(w0[k], 0.0f) + std::max(w1[k], 0.0f);
    for (int set = 0; set < (second ? 2 : 1); ++set) {
      const glm::vec4& w = set == 0 ? w0 : w1;
      const glm::uvec4& j = set == 0 ? mesh.joints0[v] : mesh.joints1[v];
      for (int k = 0; k < 4; ++k) {
        const bool used = w[k] > 0.0f && total > 0.0;
        joints[set].push_back(used ? static_cast<std::uint16_t>(j[k]) : 0);
        weights[set].push_back(used ? static_cast<float>(w[k] / total) : 0.0f);
      }
    }
    if (!(total > 0.0)) weights[0][v * 4] = 1.0f;  // no influence: all on joint 0
  }
  for (int set = 0; set < (second ? 2 : 1); ++set) {
    const std::string suffix = std::to_string(set);
    primitive.attributes["JOINTS_" + suffix] = builder.add_integers(
        joints[set], TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC4, 4, kArrayBuffer);
    primitive.attributes["WEIGHTS_" + suffix] =
        builder.add_floats(weights[set], TINYGLTF_TYPE_VEC4, 4, kArrayBuffer);
  }
}

bool has_texture(const visual::Material& m) {
  return !m.base_color_texture.empty() || !m.metallic_roughness_texture.empty() ||
         !m.normal_texture.empty() || !m.occlusion_texture.empty() || !m.emissive_texture.empty();
}

// The mesh's morph targets on primitive: POSITION offsets for each, NORMAL and TANGENT offsets
// (zero where a target has none) when the mesh has normals or tangents and a target offsets them.
void add_morph_targets(const anim::SkinnedMesh& mesh, ModelBuilder& builder,
                       tinygltf::Primitive& primitive) {
  const std::size_t n = mesh.vertex_count();
  bool normals = false, tangents = false;
  for (const anim::MorphTarget& target : mesh.morph_targets) {
    normals = normals || (mesh.normals.size() == n && target.normals.size() == n);
    tangents = tangents || (mesh.tangents.size() == n && target.tangents.size() == n);
  }
  const std::vector<glm::vec3> zero(n, glm::vec3(0.0f));
  for (const anim::MorphTarget& target : mesh.morph_targets) {
    std::map<std::string, int> attributes;
    attributes["POSITION"] =
        builder.add_floats(flat(target.positions.size() == n ? target.positions : zero),
                           TINYGLTF_TYPE_VEC3, 3, kArrayBuffer, true);
    if (normals) {
      attributes["NORMAL"] =
          builder.add_floats(flat(target.normals.size() == n ? target.normals : zero),
                             TINYGLTF_TYPE_VEC3, 3, kArrayBuffer);
    }
    if (tangents) {
      attributes["TANGENT"] =
          builder.add_floats(flat(target.tangents.size() == n ? target.tangents : zero),
                             TINYGLTF_TYPE_VEC3, 3, kArrayBuffer);
    }
    primitive.targets.push_back(std::move(attributes));
  }
}

tinygltf::Primitive make_primitive(const anim::SkinnedMesh& mesh, bool skinned,
                                   const std::vector<visual::Material>& materials,
                                   ModelBuilder& builder) {
  const std::size_t n = mesh.vertex_count();
  tinygltf::Primitive primitive;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  primitive.attributes["POSITION"] =
      builder.add_floats(flat(mesh.positions), TINYGLTF_TYPE_VEC3, 3, kArrayBuffer, true);
  if (mesh.normals.size() == n) {
    std::vector<glm::vec3> normals;
    for (const glm::vec3& normal : mesh.normals) normals.push_back(unit_or(normal, {0, 1, 0}));
    primitive.attributes["NORMAL"] =
        builder.add_floats(flat(normals), TINYGLTF_TYPE_VEC3, 3, kArrayBuffer);
  }
  if (mesh.tangents.size() == n && mesh.normals.size() == n) {
    std::vector<glm::vec4> tangents;
    for (const glm::vec4& t : mesh.tangents) {
      tangents.emplace_back(unit_or(glm::vec3(t), {1, 0, 0}), t.w < 0.0f ? -1.0f : 1.0f);
    }
    primitive.attributes["TANGENT"] =
        builder.add_floats(flat(tangents), TINYGLTF_TYPE_VEC4, 4, kArrayBuffer);
  }
  const int material_count = static_cast<int>(materials.size());
  const bool textured =
      mesh.material >= 0 && mesh.material < material_count && has_texture(materials[mesh.material]);
  if (mesh.uvs.size() == n) {
    primitive.attributes["TEXCOORD_0"] =
        builder.add_floats(flat(mesh.uvs), TINYGLTF_TYPE_VEC2, 2, kArrayBuffer);
  } else if (textured) {
    // glTF wants UVs wherever a texture is bound; without any, the texture's first texel.
    primitive.attributes["TEXCOORD_0"] =
        builder.add_floats(std::vector<float>(2 * n, 0.0f), TINYGLTF_TYPE_VEC2, 2, kArrayBuffer);
  }
  if (mesh.colors.size() == n) {
    primitive.attributes["COLOR_0"] =
        builder.add_floats(flat(mesh.colors), TINYGLTF_TYPE_VEC4, 4, kArrayBuffer);
  }
  if (skinned) add_influences(mesh, builder, primitive);
  primitive.indices = builder.add_integers(mesh.indices, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT,
                                           TINYGLTF_TYPE_SCALAR, 1, kElementArrayBuffer);
  if (mesh.material >= 0 && mesh.material < material_count) primitive.material = mesh.material;
  add_morph_targets(mesh, builder, primitive);
  return primitive;
}

// Meshes written as one glTF mesh on one node: a mesh alone, or the meshes with morph targets
// that one file node held (its primitives, sharing its weights), so that weight channels find
// the node by its name again.
struct NodeMeshes {
  std::string node_name;
  std::vector<const anim::SkinnedMesh*> meshes;
};

std::vector<NodeMeshes> group_by_node(const std::vector<anim::SkinnedMesh>& meshes) {
  std::vector<NodeMeshes> groups;
  for (const anim::SkinnedMesh& mesh : meshes) {
    if (mesh.vertex_count() == 0 || mesh.indices.empty()) continue;
    const bool morphed = !mesh.morph_targets.empty() && !mesh.node_name.empty();
    auto same_node = [&](const NodeMeshes& g) {
      // glTF wants the same number of targets in every primitive of a mesh.
      return morphed && g.node_name == mesh.node_name &&
             g.meshes[0]->morph_targets.size() == mesh.morph_targets.size();
    };
    if (auto g = std::find_if(groups.begin(), groups.end(), same_node); g != groups.end()) {
      g->meshes.push_back(&mesh);
    } else {
      groups.push_back({morphed ? mesh.node_name : mesh.name, {&mesh}});
    }
  }
  return groups;
}

// Writes group as a mesh on a node; returns the node's index.
int add_node_meshes(const NodeMeshes& group, int skin,
                    const std::vector<visual::Material>& materials, ModelBuilder& builder) {
  tinygltf::Model& model = builder.model();
  tinygltf::Mesh out;
  out.name = group.meshes.size() == 1 ? group.meshes[0]->name : group.node_name;
  bool skinned_any = false;
  for (const anim::SkinnedMesh* mesh : group.meshes) {
    const bool skinned = skin >= 0 && mesh->joints0.size() == mesh->vertex_count() &&
                         mesh->weights0.size() == mesh->vertex_count();
    skinned_any = skinned_any || skinned;
    out.primitives.push_back(make_primitive(*mesh, skinned, materials, builder));
  }
  const anim::SkinnedMesh& first = *group.meshes[0];
  if (!first.morph_targets.empty()) {
    tinygltf::Value::Array names;
    for (const anim::MorphTarget& target : first.morph_targets) names.emplace_back(target.name);
    tinygltf::Value::Object extras;
    extras["targetNames"] = tinygltf::Value(std::move(names));
    out.extras = tinygltf::Value(std::move(extras));
    for (std::size_t t = 0; t < first.morph_targets.size(); ++t) {
      out.weights.push_back(t < first.morph_weights.size() ? first.morph_weights[t] : 0.0);
    }
  }
  model.meshes.push_back(std::move(out));
  // Skinned meshes sit on root nodes without a transform, as glTF recommends.
  tinygltf::Node node;
  node.name = group.node_name;
  node.mesh = static_cast<int>(model.meshes.size()) - 1;
  if (skinned_any) node.skin = skin;
  model.nodes.push_back(std::move(node));
  model.scenes[0].nodes.push_back(static_cast<int>(model.nodes.size()) - 1);
  return static_cast<int>(model.nodes.size()) - 1;
}

// A node holding morph targets: its index and its targets' names and default weights.
struct MorphNode {
  int node = -1;
  std::vector<std::string> targets;
  std::vector<float> defaults;
};

const char* interpolation_name(anim::Interpolation interpolation) {
  switch (interpolation) {
    case anim::Interpolation::Step:
      return "STEP";
    case anim::Interpolation::CubicSpline:
      return "CUBICSPLINE";
    case anim::Interpolation::Linear:
      break;
  }
  return "LINEAR";
}

// Holds a track's last value until end_s (sampling clamps after the last key, so the clip
// plays the same) so that the animation lasts as long as the clip.
template <typename T>
anim::Track<T> held_until(anim::Track<T> track, float end_s) {
  if (track.empty() || !(track.times_s.back() < end_s)) return track;
  track.times_s.push_back(end_s);
  if (track.interpolation == anim::Interpolation::CubicSpline) {
    const std::size_t last = track.values.size() - 2;     // the last key's value
    track.values.back() = T(track.values.back()) * 0.0f;  // its out-tangent: flat
    track.values.insert(track.values.end(),
                        {track.values.back(), track.values[last], track.values.back()});
  } else {
    track.values.push_back(track.values.back());
  }
  return track;
}

template <typename T>
void add_channel(const anim::Track<T>& track, int node, const char* path, int type, int components,
                 ModelBuilder& builder, tinygltf::Animation& animation) {
  if (track.empty()) return;
  std::vector<float> values = flat(track.values);
  if constexpr (std::is_same_v<T, glm::quat>) {
    // The validator wants unit quaternions for keys (not for cubic tangents).
    if (track.interpolation != anim::Interpolation::CubicSpline) {
      for (std::size_t i = 0; i + 3 < values.size(); i += 4) {
        const glm::vec4 q =
            glm::normalize(glm::vec4(values[i], values[i + 1], values[i + 2], values[i + 3]));
        for (int c = 0; c < 4; ++c) values[i + c] = q[c];
      }
    }
  }
  tinygltf::AnimationSampler sampler;
  sampler.input = builder.add_floats(track.times_s, TINYGLTF_TYPE_SCALAR, 1, 0, true);
  sampler.output = builder.add_floats(values, type, components, 0);
  sampler.interpolation = interpolation_name(track.interpolation);
  animation.samplers.push_back(std::move(sampler));
  tinygltf::AnimationChannel channel;
  channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
  channel.target_node = node;
  channel.target_path = path;
  animation.channels.push_back(std::move(channel));
}

tinygltf::Value clip_extras(const anim::Clip& clip) {
  tinygltf::Value::Array markers;
  for (const anim::Marker& marker : clip.markers) {
    tinygltf::Value::Object m;
    m["name"] = tinygltf::Value(marker.name);
    m["time"] = tinygltf::Value(static_cast<double>(marker.time_s));
    markers.emplace_back(std::move(m));
  }
  tinygltf::Value::Object extras;
  // tinygltf writes an empty array as null: no markers, no key.
  if (!markers.empty()) extras["markers"] = tinygltf::Value(std::move(markers));
  extras["loop"] = tinygltf::Value(clip.loop);
  extras["fps"] = tinygltf::Value(static_cast<double>(clip.source_fps));
  return tinygltf::Value(std::move(extras));
}

// One "weights" channel per node that clip's morph tracks animate: every target of the node on
// common keys (anim::on_common_keys), the targets the clip leaves alone at their default weight.
// Tracks for nodes or targets the character lacks are left out.
void add_weight_channels(const anim::Clip& clip, const std::map<std::string, MorphNode>& nodes,
                         float end_s, ModelBuilder& builder, tinygltf::Animation& animation) {
  for (const auto& [name, node] : nodes) {
    std::vector<const anim::FloatTrack*> tracks(node.targets.size(), nullptr);
    bool any = false;
    for (const anim::MorphTrack& track : clip.morph_tracks) {
      if (track.node_name != name) continue;
      for (std::size_t t = 0; t < node.targets.size(); ++t) {
        if (tracks[t] == nullptr && node.targets[t] == track.target_name) {
          tracks[t] = &track.weight;
          any = any || !track.weight.empty();
          break;
        }
      }
    }
    if (!any) continue;
    std::vector<anim::FloatTrack> keyed =
        anim::on_common_keys(tracks, node.defaults, clip.source_fps);
    for (anim::FloatTrack& track : keyed) track = held_until(std::move(track), end_s);
    // Per key, one weight per target (CubicSpline: all in-tangents, values, out-tangents).
    const std::size_t per_key = keyed[0].interpolation == anim::Interpolation::CubicSpline ? 3 : 1;
    std::vector<float> values;
    for (std::size_t k = 0; k < keyed[0].times_s.size(); ++k) {
      for (std::size_t i = 0; i < per_key; ++i) {
        for (const anim::FloatTrack& track : keyed) values.push_back(track.values[k * per_key + i]);
      }
    }
    tinygltf::AnimationSampler sampler;
    sampler.input = builder.add_floats(keyed[0].times_s, TINYGLTF_TYPE_SCALAR, 1, 0, true);
    sampler.output = builder.add_floats(values, TINYGLTF_TYPE_SCALAR, 1, 0);
    sampler.interpolation = interpolation_name(keyed[0].interpolation);
    animation.samplers.push_back(std::move(sampler));
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
    channel.target_node = node.node;
    channel.target_path = "weights";
    animation.channels.push_back(std::move(channel));
  }
}

void add_clip(const anim::Clip& clip, const anim::Skeleton& skeleton,
              const std::map<std::string, MorphNode>& morph_nodes, ModelBuilder& builder) {
  tinygltf::Animation animation;
  animation.name = clip.name;
  bool held = false;
  for (const anim::JointTrack& track : clip.tracks) {
    const int node = skeleton.find_joint(track.joint_name);
    if (node < 0) continue;
    // One channel holding its last key until the clip's end keeps the clip's duration.
    const float end = held ? 0.0f : clip.duration_s;
    const std::size_t before = animation.channels.size();
    add_channel(held_until(track.translation, end), node, "translation", TINYGLTF_TYPE_VEC3, 3,
                builder, animation);
    add_channel(held_until(track.rotation, end), node, "rotation", TINYGLTF_TYPE_VEC4, 4, builder,
                animation);
    add_channel(held_until(track.scale, end), node, "scale", TINYGLTF_TYPE_VEC3, 3, builder,
                animation);
    held = held || animation.channels.size() > before;
  }
  add_weight_channels(clip, morph_nodes, held ? 0.0f : clip.duration_s, builder, animation);
  if (animation.channels.empty() && skeleton.joint_count() > 0) {
    // glTF needs a channel: the first joint held at rest for the clip's duration.
    anim::Vec3Track rest;
    rest.times_s = {0.0f, clip.duration_s};
    rest.values = {skeleton.rest_pose[0].translation, skeleton.rest_pose[0].translation};
    add_channel(rest, 0, "translation", TINYGLTF_TYPE_VEC3, 3, builder, animation);
  }
  animation.extras = clip_extras(clip);
  builder.model().animations.push_back(std::move(animation));
}

}  // namespace

std::string write_glb(const Character& character, const std::string& path) {
  const anim::Skeleton& skeleton = character.skeleton;
  if (const std::string invalid = anim::validate(skeleton); !invalid.empty()) {
    return path + ": cannot export an invalid skeleton: " + invalid;
  }
  if (skeleton.joint_count() >= 65536) return path + ": more joints than glTF's JOINTS_n hold";
  ModelBuilder builder;
  tinygltf::Model& model = builder.model();
  model.scenes.emplace_back();
  model.defaultScene = 0;
  add_joint_nodes(skeleton, model);

  int skin = -1;
  if (!character.meshes.empty() && skeleton.joint_count() > 0) {
    tinygltf::Skin out;
    for (int j = 0; j < skeleton.joint_count(); ++j) out.joints.push_back(j);
    std::vector<float> matrices;
    for (const glm::mat4& m : skeleton.inverse_bind) {
      for (int c = 0; c < 4; ++c) {
        // glTF requires the affine last row exactly.
        for (int r = 0; r < 4; ++r) matrices.push_back(r == 3 ? (c == 3 ? 1.0f : 0.0f) : m[c][r]);
      }
    }
    out.inverseBindMatrices = builder.add_floats(matrices, TINYGLTF_TYPE_MAT4, 16, 0);
    model.skins.push_back(std::move(out));
    skin = 0;
  }
  MaterialWriter materials(builder);
  for (const visual::Material& material : character.materials) materials.add(material);
  std::map<std::string, MorphNode> morph_nodes;
  for (const NodeMeshes& group : group_by_node(character.meshes)) {
    const int node = add_node_meshes(group, skin, character.materials, builder);
    const anim::SkinnedMesh& first = *group.meshes[0];
    if (first.morph_targets.empty() || morph_nodes.count(group.node_name) > 0) continue;
    MorphNode& morph = morph_nodes[group.node_name];
    morph.node = node;
    for (std::size_t t = 0; t < first.morph_targets.size(); ++t) {
      morph.targets.push_back(first.morph_targets[t].name);
      morph.defaults.push_back(t < first.morph_weights.size() ? first.morph_weights[t] : 0.0f);
    }
  }
  for (const anim::Clip& clip : character.clips) add_clip(clip, skeleton, morph_nodes, builder);

  std::ostringstream stream;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&model, stream, false, true)) {
    return path + ": tinygltf could not serialize the model";
  }
  return write_file_atomically(path, stream.str());
}

}  // namespace importer
