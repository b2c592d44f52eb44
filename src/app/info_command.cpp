#include "app/info_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "anim/compressed_morph_tracks.h"
#include "anim/compression_report.h"
#include "anim/morph_weights.h"
#include "app/project_check.h"
#include "app/subcommand.h"
#include "import/character_units.h"
#include "import/image_search.h"
#include "import/importer.h"
#include "import/rig_finder.h"

namespace app {
namespace {

struct InfoOptions {
  std::string file;
  bool json = false;
};

// The most keys any channel of the track has: the frame count of a baked clip.
std::size_t key_count(const anim::JointTrack& track) {
  return std::max({track.translation.times_s.size(), track.rotation.times_s.size(),
                   track.scale.times_s.size()});
}

std::size_t clip_keys(const anim::Clip& clip) {
  std::size_t keys = 0;
  for (const anim::JointTrack& track : clip.tracks) keys = std::max(keys, key_count(track));
  return keys;
}

std::vector<std::string> morph_target_names(const anim::SkinnedMesh& mesh) {
  std::vector<std::string> names;
  for (const anim::MorphTarget& target : mesh.morph_targets) names.push_back(target.name);
  return names;
}

// "node/target" of each shape clip animates, in its tracks' order.
// The memory of a clip's shape tracks: their keys, and compressed as the viewer compresses them
// (every track bound; 0 with the cause when the clip cannot be).
struct ShapeMemory {
  std::size_t key_bytes = 0;
  std::size_t compressed_bytes = 0;
  std::string why_not;
};

ShapeMemory shape_memory(const anim::Clip& clip) {
  ShapeMemory memory{anim::morph_key_bytes(clip), 0, {}};
  std::vector<int> every_track(clip.morph_tracks.size());
  for (std::size_t t = 0; t < every_track.size(); ++t) every_track[t] = static_cast<int>(t);
  memory.compressed_bytes =
      anim::compress_morph_tracks(clip, every_track, anim::CompressionTolerance{}.morph_weight,
                                  &memory.why_not)
          .byte_size();
  return memory;
}

std::vector<std::string> animated_shapes(const anim::Clip& clip) {
  std::vector<std::string> shapes;
  for (const anim::MorphTrack& track : clip.morph_tracks) {
    shapes.push_back(track.node_name + "/" + track.target_name);
  }
  return shapes;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// The most influences (non-zero weights) any vertex of mesh has.
int max_influences(const anim::SkinnedMesh& mesh) {
  int most = 0;
  for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
    int count = 0;
    for (int k = 0; k < 4; ++k) {
      count += mesh.weights0[v][k] > 0.0f;
      if (mesh.has_second_influence_set()) count += mesh.weights1[v][k] > 0.0f;
    }
    most = std::max(most, count);
  }
  return most;
}

// The rig found on the character (rig, or error: why none was found): its kind, limbs (joint
// names) and how it was found, or the reason.
nlohmann::json rig_json(const importer::Character& c, const anim::Rig& rig,
                        const std::string& error) {
  auto name = [&](int j) {
    return j < 0 ? nlohmann::json(nullptr) : nlohmann::json(c.skeleton.joint_names[j]);
  };
  nlohmann::json limbs = nlohmann::json::array();
  for (const anim::Limb& limb : rig.limbs) {
    nlohmann::json joints = nlohmann::json::array();
    for (int j : limb.joints) joints.push_back(c.skeleton.joint_names[j]);
    limbs.push_back({{"role", anim::to_string(limb.role)},
                     {"side", anim::to_string(limb.side)},
                     {"front", limb.front},
                     {"joints", joints}});
  }
  nlohmann::json spine = nlohmann::json::array();
  for (int j : rig.spine) spine.push_back(c.skeleton.joint_names[j]);
  nlohmann::json out = {
      {"kind", anim::rig_kind(rig)},
      {"pelvis", name(rig.pelvis)},
      {"spine", spine},
      {"chest", name(rig.chest)},
      {"neck", name(rig.neck)},
      {"head", name(rig.head)},
      {"limbs", limbs},
      {"found_by", rig.limbs.empty() ? nlohmann::json(nullptr) : nlohmann::json(rig.found_by)}};
  if (rig.limbs.empty()) out["error"] = error;
  return out;
}

nlohmann::json to_json(const importer::Character& c) {
  nlohmann::json joints = nlohmann::json::array();
  for (int j = 0; j < c.skeleton.joint_count(); ++j) {
    const int parent = c.skeleton.parents[j];
    joints.push_back({{"name", c.skeleton.joint_names[j]},
                      {"parent", parent < 0 ? nullptr : nlohmann::json(parent)}});
  }
  nlohmann::json clips = nlohmann::json::array();
  for (const anim::Clip& clip : c.clips) {
    const anim::CompressionReport compression = anim::measure_compression(clip, c.skeleton);
    const ShapeMemory shapes = shape_memory(clip);
    nlohmann::json compressed = nullptr;
    if (compression.compressed) {
      compressed = {{"bytes", compression.compressed_bytes},
                    {"bytes_per_joint_second", compression.bytes_per_joint_second},
                    {"max_error_m", compression.max_error_m}};
    }
    clips.push_back({{"name", clip.name},
                     {"duration", clip.duration_s},
                     {"source_fps", clip.source_fps},
                     {"keys", clip_keys(clip)},
                     {"joints_animated", clip.tracks.size()},
                     {"shapes_animated", animated_shapes(clip)},
                     {"shape_key_bytes", shapes.key_bytes},
                     {"shapes_compressed_bytes", shapes.compressed_bytes > 0
                                                     ? nlohmann::json(shapes.compressed_bytes)
                                                     : nlohmann::json(nullptr)},
                     {"key_bytes", compression.key_bytes},
                     {"compressed", compressed}});
  }
  nlohmann::json meshes = nlohmann::json::array();
  for (const anim::SkinnedMesh& mesh : c.meshes) {
    meshes.push_back({{"name", mesh.name},
                      {"vertices", mesh.vertex_count()},
                      {"triangles", mesh.indices.size() / 3},
                      {"max_influences", max_influences(mesh)},
                      {"node", mesh.node_name},
                      {"morph_targets", morph_target_names(mesh)},
                      {"morph_weights", mesh.morph_weights},
                      {"material", mesh.material}});
  }
  nlohmann::json materials = nlohmann::json::array();
  for (const visual::Material& m : c.materials) {
    const glm::vec4& color = m.base_color;
    materials.push_back(
        {{"name", m.name},
         {"base_color", {color.x, color.y, color.z, color.w}},
         {"texture", m.base_color_texture.encoded.empty() ? m.base_color_texture.path
                                                          : std::string("(embedded)")},
         {"missing_images", importer::missing_images(m)}});
  }
  // One rig for both: the rig's own entry and the units guessed with it.
  std::string rig_error;
  const anim::Rig rig = importer::find_character_rig(c, &rig_error);
  const importer::CharacterUnits units = importer::guess_character_units(c, rig);
  const nlohmann::json guess =
      units.guess.changed() ? nlohmann::json{{"unit", units.guess.unit},
                                             {"metres_per_unit", units.guess.metres_per_unit},
                                             {"unit_scale", units.unit_scale}}
                            : nlohmann::json(nullptr);
  return {{"file", c.source_path},
          {"unit_scale_applied", c.report.unit_scale_applied},
          {"height", units.height},
          {"unit_guess", guess},
          {"up_axis_converted", c.report.up_axis_converted},
          {"skeleton", {{"joint_count", c.skeleton.joint_count()}, {"joints", joints}}},
          {"clips", clips},
          {"meshes", meshes},
          {"materials", materials},
          {"rig", rig_json(c, rig, rig_error)},
          {"vertices_with_cut_influences", c.report.vertices_with_cut_influences},
          {"vertices_renormalized", c.report.vertices_renormalized},
          {"extensions",
           {{"read", c.report.extensions_read}, {"ignored", c.report.extensions_ignored}}},
          {"warnings", c.report.warnings}};
}

// Each clip: its length, keys, animated joints and shapes, and its memory, kept and compressed.
void print_clips(const importer::Character& c) {
  std::printf("clips: %zu\n", c.clips.size());
  for (const anim::Clip& clip : c.clips) {
    std::printf("  %s: %.3f s, %zu keys, %zu joints animated, %g fps\n", clip.name.c_str(),
                clip.duration_s, clip_keys(clip), clip.tracks.size(), clip.source_fps);
    if (!clip.morph_tracks.empty()) {
      std::printf("    shapes animated: %s\n", joined(animated_shapes(clip)).c_str());
      const ShapeMemory shapes = shape_memory(clip);
      if (shapes.compressed_bytes > 0) {
        std::printf("    shape memory: %.1f KB of keys, %.1f KB compressed\n",
                    static_cast<double>(shapes.key_bytes) / 1000.0,
                    static_cast<double>(shapes.compressed_bytes) / 1000.0);
      } else {
        std::printf("    shape memory: %.1f KB of keys, not compressible: %s\n",
                    static_cast<double>(shapes.key_bytes) / 1000.0, shapes.why_not.c_str());
      }
    }
    const anim::CompressionReport r = anim::measure_compression(clip, c.skeleton);
    if (r.compressed) {
      std::printf(
          "    memory: %.1f KB of keys, %.1f KB compressed (%.0f B per joint-second), "
          "largest error %.2f mm at %s\n",
          static_cast<double>(r.key_bytes) / 1000.0,
          static_cast<double>(r.compressed_bytes) / 1000.0, r.bytes_per_joint_second,
          r.max_error_m * 1000.0f,
          r.worst_joint >= 0 ? c.skeleton.joint_names[r.worst_joint].c_str() : "-");
    } else {
      std::printf("    memory: %.1f KB of keys, not compressible: %s\n",
                  static_cast<double>(r.key_bytes) / 1000.0, r.why_not.c_str());
    }
  }
}

void print_text(const importer::Character& c) {
  std::printf("file: %s\n", c.source_path.c_str());
  std::printf("unit scale applied: %g, up axis converted: %s\n", c.report.unit_scale_applied,
              c.report.up_axis_converted ? "yes (Z-up to Y-up)" : "no");
  // The units the viewer, pose and render would guess (asset/character_units.h).
  const importer::CharacterUnits units =
      importer::guess_character_units(c, importer::find_character_rig(c));
  if (units.guess.changed()) {
    std::printf("units guessed: %s; the viewer, pose and render import it at --unit-scale %g\n",
                units.description.c_str(), units.unit_scale);
  } else {
    std::printf("height: %.3f (metres, as imported)\n", units.height);
  }
  if (!c.report.extensions_read.empty() || !c.report.extensions_ignored.empty()) {
    std::string line;
    for (const std::string& e : c.report.extensions_read) line += " " + e + " (read)";
    for (const std::string& e : c.report.extensions_ignored) line += " " + e + " (ignored)";
    std::printf("extensions:%s\n", line.c_str());
  }
  std::printf("skeleton: %d joints\n", c.skeleton.joint_count());
  std::vector<int> depth(c.skeleton.parents.size(), 0);
  for (int j = 0; j < c.skeleton.joint_count(); ++j) {
    const int parent = c.skeleton.parents[j];
    depth[j] = parent < 0 ? 0 : depth[parent] + 1;
    // Indentation stops growing at 32 levels: a 30000-deep chain would print gigabytes.
    std::printf("  %*s%s\n", 2 * std::min(depth[j], 32), "", c.skeleton.joint_names[j].c_str());
  }
  print_clips(c);
  std::printf("meshes: %zu\n", c.meshes.size());
  for (const anim::SkinnedMesh& mesh : c.meshes) {
    std::printf("  %s: %zu vertices, %zu triangles, up to %d influences\n", mesh.name.c_str(),
                mesh.vertex_count(), mesh.indices.size() / 3, max_influences(mesh));
    if (!mesh.morph_targets.empty()) {
      std::printf("    morph targets (node %s): %s\n", mesh.node_name.c_str(),
                  joined(morph_target_names(mesh)).c_str());
    }
  }
  std::printf("materials: %zu\n", c.materials.size());
  for (const visual::Material& m : c.materials) {
    const glm::vec4& color = m.base_color;
    const std::string texture = !m.base_color_texture.encoded.empty() ? "(embedded)"
                                : m.base_color_texture.path.empty()   ? "none"
                                                                      : m.base_color_texture.path;
    std::printf("  %s: base colour %.3g %.3g %.3g %.3g, texture %s\n", m.name.c_str(), color.x,
                color.y, color.z, color.w, texture.c_str());
    for (const std::string& missing : importer::missing_images(m))
      std::printf("    %s\n", missing.c_str());
  }
  if (c.report.vertices_with_cut_influences > 0 || c.report.vertices_renormalized > 0) {
    std::printf("influences: %d vertices cut to the strongest, %d renormalized\n",
                c.report.vertices_with_cut_influences, c.report.vertices_renormalized);
  }
  std::printf("warnings: %zu\n", c.report.warnings.size());
  for (const std::string& w : c.report.warnings) std::printf("  %s\n", w.c_str());
}

// info on a project file: it opens as in the viewer, or the first problem is named.
int run_project_info(const InfoOptions& options) {
  const ProjectCheck check = check_project(options.file, importer::ImportSettings{});
  if (!check.first_problem.empty()) {
    std::fprintf(stderr, "animview info: %s\n", check.first_problem.c_str());
    return 1;
  }
  const project::Project& p = check.loaded.project;
  if (options.json) {
    nlohmann::json j = {{"project", options.file},
                        {"clips", p.clips},
                        {"parameters", p.parameters.count()},
                        {"blend_spaces", p.blend_spaces.size()},
                        {"states", p.state_machine.states.size()},
                        {"layers", p.layers.size()},
                        {"character", to_json(check.loaded.character)},
                        {"warnings", check.loaded.warnings}};
    std::cout << j.dump(2) << '\n';
  } else {
    std::printf("project: %s (opens and binds)\n", options.file.c_str());
    std::printf("clips: %zu, parameters: %d, blend spaces: %zu, states: %zu, layers: %zu\n",
                p.clips.size(), p.parameters.count(), p.blend_spaces.size(),
                p.state_machine.states.size(), p.layers.size());
    print_text(check.loaded.character);
  }
  return 0;
}

int run_info(const InfoOptions& options) {
  if (std::filesystem::path(options.file).extension() == ".json") return run_project_info(options);
  const importer::ImportResult result =
      importer::import_file(options.file, importer::ImportSettings{});
  if (!result.ok()) {
    std::fprintf(stderr, "animview info: %s\n", result.error.c_str());
    return 1;
  }
  if (options.json) {
    std::cout << to_json(result.character).dump(2) << '\n';
  } else {
    print_text(result.character);
  }
  return 0;
}

}  // namespace

void add_info_command(CLI::App& app, int& exit_code) {
  const auto [info, options] =
      add_subcommand(app, "info", "Print a file's skeleton, clips, meshes and import warnings",
                     exit_code, run_info);
  info->add_option("file", options->file,
                   "Character or clip file; a project (.json) is checked as the viewer opens it")
      ->required();
  info->add_flag("--json", options->json, "Print JSON instead of text");
}

}  // namespace app
