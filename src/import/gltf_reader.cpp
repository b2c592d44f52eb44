#include "import/gltf_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <filesystem>

#include "import/gltf_accessor.h"
#include "import/gltf_clip_reader.h"
#include "import/gltf_load.h"
#include "import/gltf_material_reader.h"
#include "import/gltf_morph_target_names.h"
#include "import/gltf_scene.h"
#include "import/import_path.h"
#include "import/non_finite_vertices.h"
#include "import/skeleton_builder.h"
#include "import/vertex_influences.h"

namespace importer {
namespace {

// How close to the spec a pose must stay, as a fraction of the character's size.
constexpr float kPoseTolerance = 1e-5f;

std::string lower_extension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

// An attribute of primitive as vectors of N floats; empty when absent.
template <int N>
std::string read_attribute(const tinygltf::Model& model,
                           const std::map<std::string, int>& attributes, const std::string& name,
                           std::size_t vertices, std::vector<glm::vec<N, float>>& out,
                           int min_components = N) {
  out.clear();
  const auto it = attributes.find(name);
  if (it == attributes.end()) return {};
  AccessorValues values;
  if (std::string cause = read_accessor(model, it->second, values); !cause.empty()) {
    return name + ": " + cause;
  }
  if (values.components < min_components || values.components > N) {
    return name + " has " + std::to_string(values.components) + " components per vertex";
  }
  if (vertices != 0 && values.count != vertices) {
    return name + " has " + std::to_string(values.count) + " elements for " +
           std::to_string(vertices) + " vertices";
  }
  out.assign(values.count, glm::vec<N, float>(0.0f));
  for (std::size_t v = 0; v < values.count; ++v) {
    for (int c = 0; c < values.components; ++c) {
      out[v][c] = static_cast<float>(values.values[v * values.components + c]);
    }
  }
  return {};
}

// Triangles from the primitive's indices (or 0..n-1) in its mode; out-of-range ones dropped.
std::string read_triangles(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                           std::size_t vertices, std::vector<std::uint32_t>& out, int& dropped) {
  std::vector<std::uint32_t> indices;
  if (primitive.indices >= 0) {
    AccessorValues values;
    if (std::string cause = read_accessor(model, primitive.indices, values); !cause.empty()) {
      return "indices: " + cause;
    }
    if (values.components != 1) return "indices are not SCALAR";
    indices.reserve(values.count);
    // An index outside the vertices (a mutated file may give a float accessor of any value, and
    // one past uint32's range must not reach the cast) becomes UINT32_MAX, which add() drops.
    const double end = std::min(static_cast<double>(vertices), 4294967295.0);
    for (const double i : values.values) {
      indices.push_back(i >= 0.0 && i < end ? static_cast<std::uint32_t>(i) : UINT32_MAX);
    }
  } else {
    for (std::size_t i = 0; i < vertices; ++i) indices.push_back(static_cast<std::uint32_t>(i));
  }
  const auto add = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    if (a >= vertices || b >= vertices || c >= vertices) {
      ++dropped;
      return;
    }
    out.insert(out.end(), {a, b, c});
  };
  const std::size_t n = indices.size();
  if (primitive.mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
    for (std::size_t i = 2; i < n; ++i) {
      // Every other triangle of a strip is flipped to keep the winding.
      if (i % 2 == 0) {
        add(indices[i - 2], indices[i - 1], indices[i]);
      } else {
        add(indices[i - 1], indices[i - 2], indices[i]);
      }
    }
  } else if (primitive.mode == TINYGLTF_MODE_TRIANGLE_FAN) {
    for (std::size_t i = 2; i < n; ++i) add(indices[0], indices[i - 1], indices[i]);
  } else {
    for (std::size_t i = 0; i + 2 < n; i += 3) add(indices[i], indices[i + 1], indices[i + 2]);
  }
  return {};
}

// Area-weighted vertex normals, for primitives without NORMAL.
std::vector<glm::vec3> smooth_normals(const std::vector<glm::vec3>& positions,
                                      const std::vector<std::uint32_t>& triangles) {
  std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.0f));
  for (std::size_t i = 0; i + 2 < triangles.size(); i += 3) {
    const glm::vec3& a = positions[triangles[i]];
    const glm::vec3 face =
        glm::cross(positions[triangles[i + 1]] - a, positions[triangles[i + 2]] - a);
    for (int k = 0; k < 3; ++k) normals[triangles[i + k]] += face;
  }
  return normals;
}

struct MeshContext {
  const GltfScene& scene;
  const ImportSettings& settings;
  InfluenceStats stats;
  int dropped_triangles = 0;
  std::vector<std::string> warnings;
};

// Deltas of one attribute of target, taken into model space by linear (a delta is a direction)
// and scaled per vertex by scale (so that the morphed normal or tangent, normalized, is the
// file's). Non-finite deltas become zero and are counted in non_finite. Absent: empty.
std::string read_morph_deltas(const tinygltf::Model& model,
                              const std::map<std::string, int>& target, const std::string& name,
                              std::size_t vertices, const glm::mat3& linear,
                              const std::vector<float>& scale, std::vector<glm::vec3>& out,
                              std::size_t& non_finite) {
  if (std::string cause = read_attribute<3>(model, target, name, vertices, out); !cause.empty()) {
    out.clear();
    return cause;
  }
  for (std::size_t v = 0; v < out.size(); ++v) {
    glm::vec3& delta = out[v];
    if (!std::isfinite(delta.x) || !std::isfinite(delta.y) || !std::isfinite(delta.z)) {
      delta = glm::vec3(0.0f);
      ++non_finite;
      continue;
    }
    delta = linear * delta * scale[v];
  }
  return {};
}

// The primitive's morph targets and the default weights (the node's, else the mesh's), in model
// space like the base mesh. Called before the base mesh is transformed: base_normals and
// mesh.tangents are still the file's. A target that
// cannot be read (a different vertex count, a bad accessor) is kept without offsets, so that
// weights still find their targets by index, and reported in context.warnings.
void read_morph_targets(const tinygltf::Node& node, const tinygltf::Mesh& source,
                        const tinygltf::Primitive& primitive, MeshContext& context,
                        const std::vector<glm::vec3>& base_normals, const glm::mat4& to_model,
                        float unit, anim::SkinnedMesh& mesh) {
  if (primitive.targets.empty()) return;
  const tinygltf::Model& model = *context.scene.model;
  const std::size_t n = mesh.positions.size();
  const glm::mat3 linear(to_model);
  const glm::mat3 normal_linear = glm::transpose(glm::inverse(linear));
  // What each base normal and tangent was divided by when normalized in model space.
  std::vector<float> position_scale(n, unit), normal_scale(n, 1.0f), tangent_scale(n, 1.0f);
  for (std::size_t v = 0; v < n && v < base_normals.size(); ++v) {
    const float length = glm::length(normal_linear * base_normals[v]);
    if (length > 0.0f && std::isfinite(length)) normal_scale[v] = 1.0f / length;
  }
  for (std::size_t v = 0; v < n && v < mesh.tangents.size(); ++v) {
    const float length = glm::length(linear * glm::vec3(mesh.tangents[v]));
    if (length > 0.0f && std::isfinite(length)) tangent_scale[v] = 1.0f / length;
  }
  const std::vector<std::string> names = gltf_morph_target_names(source);
  mesh.morph_weights.assign(primitive.targets.size(), 0.0f);
  const std::vector<double>& defaults = !node.weights.empty() ? node.weights : source.weights;
  for (std::size_t t = 0; t < defaults.size() && t < mesh.morph_weights.size(); ++t) {
    mesh.morph_weights[t] = std::isfinite(defaults[t]) ? static_cast<float>(defaults[t]) : 0.0f;
  }
  std::size_t non_finite = 0;
  for (std::size_t t = 0; t < primitive.targets.size(); ++t) {
    anim::MorphTarget target;
    target.name = t < names.size() ? names[t] : "target " + std::to_string(t);
    const auto& attributes = primitive.targets[t];
    std::string cause = read_morph_deltas(model, attributes, "POSITION", n, linear, position_scale,
                                          target.positions, non_finite);
    if (cause.empty() && !base_normals.empty()) {
      cause = read_morph_deltas(model, attributes, "NORMAL", n, normal_linear, normal_scale,
                                target.normals, non_finite);
    }
    if (cause.empty() && !mesh.tangents.empty()) {
      cause = read_morph_deltas(model, attributes, "TANGENT", n, linear, tangent_scale,
                                target.tangents, non_finite);
    }
    if (!cause.empty()) {
      context.warnings.push_back("mesh '" + mesh.name + "', morph target '" + target.name +
                                 "': " + cause + "; the target is kept without offsets");
      target.normals.clear();
      target.tangents.clear();
    }
    if (target.positions.size() != n) target.positions.assign(n, glm::vec3(0.0f));
    mesh.morph_targets.push_back(std::move(target));
  }
  if (non_finite > 0) {
    context.warnings.push_back("mesh '" + mesh.name + "': " + std::to_string(non_finite) +
                               " morph target offsets are not finite numbers; they are zero");
  }
}

std::string read_influences(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                            const tinygltf::Skin& skin, const GltfScene& scene,
                            std::size_t vertices, std::vector<std::vector<Influence>>& per_vertex) {
  for (int set = 0;; ++set) {
    const std::string joints_name = "JOINTS_" + std::to_string(set);
    const std::string weights_name = "WEIGHTS_" + std::to_string(set);
    if (primitive.attributes.count(joints_name) == 0) return {};
    std::vector<glm::vec4> joints;
    std::vector<glm::vec4> weights;
    if (std::string cause =
            read_attribute<4>(model, primitive.attributes, joints_name, vertices, joints);
        !cause.empty()) {
      return cause;
    }
    if (std::string cause =
            read_attribute<4>(model, primitive.attributes, weights_name, vertices, weights);
        !cause.empty()) {
      return cause;
    }
    if (weights.size() != vertices) return weights_name + " is missing beside " + joints_name;
    for (std::size_t v = 0; v < vertices; ++v) {
      for (int k = 0; k < 4; ++k) {
        const float w = weights[v][k];
        if (!(w > 0.0f) || !std::isfinite(w)) continue;
        // Checked as a float first: a value past size_t's range must not reach the cast.
        const float index = joints[v][k];
        if (!(index >= 0.0f) || !(index < static_cast<float>(skin.joints.size()))) {
          return joints_name + " of vertex " + std::to_string(v) + " names joint " +
                 std::to_string(index) + " of a skin with " + std::to_string(skin.joints.size());
        }
        const auto slot = static_cast<std::size_t>(index);
        const int joint = scene.joint_of_node[skin.joints[slot]];
        if (joint >= 0) per_vertex[v].emplace_back(static_cast<unsigned>(joint), w);
      }
    }
  }
}

// The primitive's vertex attributes as the file stores them (normals apart, to be taken to model
// space with its morph targets) and its triangles; "" or the cause.
std::string read_vertices(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                          anim::SkinnedMesh& mesh, std::vector<glm::vec3>& normals,
                          MeshContext& context) {
  const auto& attributes = primitive.attributes;
  if (std::string cause = read_attribute<3>(model, attributes, "POSITION", 0, mesh.positions);
      !cause.empty()) {
    return cause;
  }
  const std::size_t n = mesh.positions.size();
  if (std::string cause = read_attribute<3>(model, attributes, "NORMAL", n, normals);
      !cause.empty()) {
    return cause;
  }
  if (std::string cause = read_attribute<2>(model, attributes, "TEXCOORD_0", n, mesh.uvs);
      !cause.empty()) {
    return cause;
  }
  if (std::string cause = read_attribute<4>(model, attributes, "TANGENT", n, mesh.tangents);
      !cause.empty()) {
    return cause;
  }
  if (std::string cause = read_attribute<4>(model, attributes, "COLOR_0", n, mesh.colors, 3);
      !cause.empty()) {
    return cause;
  }
  if (!mesh.colors.empty() &&
      model.accessors[attributes.at("COLOR_0")].type == TINYGLTF_TYPE_VEC3) {
    for (glm::vec4& c : mesh.colors) c.w = 1.0f;
  }
  if (std::string cause =
          read_triangles(model, primitive, n, mesh.indices, context.dropped_triangles);
      !cause.empty()) {
    return cause;
  }
  return {};
}

std::string read_primitive(const tinygltf::Node& node, int node_index, const tinygltf::Mesh& source,
                           std::size_t p, MeshContext& context, anim::SkinnedMesh& mesh) {
  const GltfScene& scene = context.scene;
  const tinygltf::Model& model = *scene.model;
  const tinygltf::Primitive& primitive = source.primitives[p];
  const bool skinned = node.skin >= 0 && node.skin < static_cast<int>(model.skins.size()) &&
                       primitive.attributes.count("JOINTS_0") != 0;
  // glTF skins vertices in the skin's space and ignores the skinned mesh node's transform; a
  // skin whose inverse binds were not kept takes its vertices into the kept ones' space.
  const glm::mat4 to_model = skinned ? scene.skin_to_bind[node.skin] * anim::to_matrix(scene.axis)
                                     : scene.global(node_index);
  const glm::mat3 normal_to_model = glm::transpose(glm::inverse(glm::mat3(to_model)));
  std::vector<glm::vec3> normals;
  if (std::string cause = read_vertices(model, primitive, mesh, normals, context); !cause.empty()) {
    return cause;
  }
  const std::size_t n = mesh.positions.size();
  if (normals.empty()) normals = smooth_normals(mesh.positions, mesh.indices);

  const float unit = scene.unit_scale;
  mesh.node_name = scene.names[node_index];
  read_morph_targets(node, source, primitive, context, normals, to_model, unit, mesh);
  for (glm::vec3& position : mesh.positions) {
    position = glm::vec3(to_model * glm::vec4(position * unit, 1.0f));
  }
  mesh.normals.assign(n, glm::vec3(0.0f, 1.0f, 0.0f));
  for (std::size_t v = 0; v < n; ++v) {
    const glm::vec3 normal = normal_to_model * normals[v];
    const float length = glm::length(normal);
    if (length > 0.0f && std::isfinite(length)) mesh.normals[v] = normal / length;
  }
  for (glm::vec4& tangent : mesh.tangents) {
    const glm::vec3 t = glm::mat3(to_model) * glm::vec3(tangent);
    const float length = glm::length(t);
    if (length > 0.0f && std::isfinite(length)) tangent = glm::vec4(t / length, tangent.w);
  }
  mesh.material =
      primitive.material >= 0 && primitive.material < static_cast<int>(model.materials.size())
          ? primitive.material
          : -1;

  std::vector<std::vector<Influence>> per_vertex(n);
  if (skinned) {
    if (std::string cause =
            read_influences(model, primitive, model.skins[node.skin], scene, n, per_vertex);
        !cause.empty()) {
      return cause;
    }
  }
  InfluenceStats stats;
  write_influences(per_vertex, context.settings.max_influences == 8 ? 8 : 4,
                   static_cast<unsigned>(scene.rigid_joint(node_index)), mesh, stats);
  context.stats.cut += stats.cut;
  context.stats.renormalized += stats.renormalized;
  // Unskinned meshes are all "unweighted" by design; only skinned ones deserve a warning.
  if (skinned) context.stats.unweighted += stats.unweighted;
  return {};
}

std::string read_meshes(const GltfScene& scene, const ImportSettings& settings,
                        std::vector<anim::SkinnedMesh>& out, ImportReport& report) {
  const tinygltf::Model& model = *scene.model;
  MeshContext context{scene, settings, {}, 0, {}};
  std::size_t non_finite = 0;
  for (const int n : scene.order) {
    const tinygltf::Node& node = model.nodes[n];
    if (node.mesh < 0) continue;
    if (node.mesh >= static_cast<int>(model.meshes.size())) {
      return "node '" + scene.names[n] + "' refers to a mesh that does not exist";
    }
    const tinygltf::Mesh& source = model.meshes[node.mesh];
    const std::string name = !source.name.empty() ? source.name : scene.names[n];
    for (std::size_t p = 0; p < source.primitives.size(); ++p) {
      anim::SkinnedMesh mesh;
      // Named as assimp names them: one mesh per primitive, numbered when there are several.
      mesh.name = source.primitives.size() > 1 ? name + "-" + std::to_string(p) : name;
      const int mode = source.primitives[p].mode;
      if (mode != TINYGLTF_MODE_TRIANGLES && mode != TINYGLTF_MODE_TRIANGLE_STRIP &&
          mode != TINYGLTF_MODE_TRIANGLE_FAN && mode != -1) {
        report.warnings.push_back("mesh '" + mesh.name +
                                  "' has no triangles (points or lines only); skipped");
        continue;
      }
      if (std::string cause = read_primitive(node, n, source, p, context, mesh); !cause.empty()) {
        return "mesh '" + mesh.name + "': " + cause;
      }
      non_finite += drop_non_finite_triangles(mesh);
      out.push_back(std::move(mesh));
    }
  }
  report.vertices_with_cut_influences += context.stats.cut;
  report.vertices_renormalized += context.stats.renormalized;
  if (context.stats.unweighted > 0) {
    report.warnings.push_back(std::to_string(context.stats.unweighted) +
                              " skinned vertices have no weights; they follow their mesh's node");
  }
  if (context.dropped_triangles > 0) {
    report.warnings.push_back(std::to_string(context.dropped_triangles) +
                              " triangles refer to vertices that do not exist; dropped");
  }
  if (non_finite > 0) report.warnings.push_back(non_finite_triangles_warning(non_finite));
  report.warnings.insert(report.warnings.end(), context.warnings.begin(), context.warnings.end());
  return {};
}

// Per joint, how far its rotation may stray (radians) for the pose to stay within
// kPoseTolerance of the character's size. A rotation error e at joint j moves a point p of its
// subtree by e * |p - j|; a point has at most `depth` joints above it, so giving each joint
// kPoseTolerance * size / (depth * reach_j), where reach_j bounds |p - j| over the joint's
// subtree at rest (its descendant joints and the vertices they move), keeps every point within
// the bound. A joint that moves nothing still keeps its own orientation to 1 / kMinReach of that.
std::vector<float> rotation_tolerances(const anim::Skeleton& skeleton,
                                       const std::vector<anim::SkinnedMesh>& meshes, float size) {
  constexpr float kMinReach = 0.05f;
  const std::size_t joints = skeleton.parents.size();
  const std::vector<glm::mat4> rest = rest_model(skeleton);
  std::vector<float> reach(joints, 0.0f);
  std::vector<int> depth(joints, 1);
  int deepest = 1;
  const auto spread = [&](int joint, const glm::vec3& point) {
    for (int a = joint; a != anim::kNoParent; a = skeleton.parents[a]) {
      reach[a] = std::max(reach[a], glm::length(point - glm::vec3(rest[a][3])));
    }
  };
  for (std::size_t j = 0; j < joints; ++j) {
    if (skeleton.parents[j] != anim::kNoParent) depth[j] = depth[skeleton.parents[j]] + 1;
    deepest = std::max(deepest, depth[j]);
    spread(static_cast<int>(j), glm::vec3(rest[j][3]));
  }
  for (const anim::SkinnedMesh& mesh : meshes) {
    for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
      for (int k = 0; k < 4; ++k) {
        if (mesh.weights0[v][k] > 0.0f)
          spread(static_cast<int>(mesh.joints0[v][k]), mesh.positions[v]);
        if (mesh.has_second_influence_set() && mesh.weights1[v][k] > 0.0f) {
          spread(static_cast<int>(mesh.joints1[v][k]), mesh.positions[v]);
        }
      }
    }
  }
  std::vector<float> tolerance(joints);
  for (std::size_t j = 0; j < joints; ++j) {
    tolerance[j] = kPoseTolerance * size /
                   (static_cast<float>(deepest) * std::max(reach[j], kMinReach * size));
  }
  return tolerance;
}

bool report_progress(const ProgressCallback& progress, float fraction) {
  return !progress || progress(fraction);
}

std::string convert(const tinygltf::Model& model, const std::string& path,
                    const ImportSettings& settings, const ProgressCallback& progress,
                    Character& character, bool& cancelled) {
  character.source_path = path;
  ImportReport& report = character.report;
  if (model.meshes.empty() && !gltf_is_animated_or_skinned(model)) {
    return "contains neither meshes nor animation";
  }
  GltfScene scene;
  if (std::string error = build_gltf_scene(model, settings, scene, report.warnings);
      !error.empty()) {
    return error;
  }
  report.unit_scale_applied = scene.unit_scale;
  report.up_axis_converted = scene.up_axis_converted;
  if (!report_progress(progress, 0.6f)) return cancelled = true, "import cancelled";
  if (std::string error = read_meshes(scene, settings, character.meshes, report); !error.empty()) {
    return error;
  }
  character.materials =
      read_materials(model, std::filesystem::path(path).parent_path().string(), report.warnings);
  if (!report_progress(progress, 0.8f)) return cancelled = true, "import cancelled";
  character.skeleton = scene.skeleton;
  const importer::Bounds bounds = bind_pose_bounds(character);
  const float size = bounds.empty() ? 1.0f : std::max(glm::length(bounds.max - bounds.min), 1e-6f);
  const std::vector<float> tolerances = rotation_tolerances(scene.skeleton, character.meshes, size);
  if (std::string error =
          read_gltf_clips(scene, settings, tolerances, character.clips, report.warnings);
      !error.empty()) {
    return error;
  }
  if (!report_progress(progress, 1.0f)) return cancelled = true, "import cancelled";
  return {};
}

}  // namespace

bool is_gltf_path(const std::string& path) {
  const std::string extension = lower_extension(path);
  return extension == ".gltf" || extension == ".glb";
}

ImportResult read_gltf(const std::string& path, const ImportSettings& settings,
                       const ProgressCallback& progress) {
  ImportResult result;
  std::string error;
  try {
    tinygltf::Model model;
    error = check_import_path(path);
    if (error.empty()) error = load_gltf_model(path, model, result.character.report);
    if (error.empty() && !report_progress(progress, 0.5f)) {
      result.cancelled = true;
      error = "import cancelled";
    }
    if (error.empty()) {
      error = convert(model, path, settings, progress, result.character, result.cancelled);
    }
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!error.empty()) result = {{}, path + ": " + error, result.cancelled};
  return result;
}

}  // namespace importer
