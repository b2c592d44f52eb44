#include "project/project_binding.h"

#include <algorithm>
#include <numeric>
#include <span>

#include "anim/ground_motion.h"
#include "anim/joint_mask.h"
#include "anim/orientation_warping.h"
#include "import/rig_finder.h"
#include "project/clip_marker_edits.h"
#include "project/rig_corrections.h"

namespace project {
namespace {

int find_clip(const importer::Character& character, const std::string& name) {
  for (std::size_t i = 0; i < character.clips.size(); ++i) {
    if (character.clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int find_name(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

// Resolves a blend space's sample clip names to project clip indices and its parameters.
std::string bind_blend_space(const ProjectBlendSpace& space, const Project& project,
                             anim::BlendSpaceBinding& out) {
  out.name = space.name;
  out.one_dimensional = space.dimensions == 1;
  auto add_sample = [&](const std::string& clip, glm::vec2 position) -> std::string {
    const int index = find_name(project.clips, clip);
    if (index < 0) return "blend space '" + space.name + "': unknown clip '" + clip + "'";
    out.clips.push_back(index);
    out.positions.push_back(position);
    return {};
  };
  if (out.one_dimensional) {
    for (const anim::BlendSample1D& s : space.space_1d.samples) {
      if (std::string e = add_sample(s.clip_name, {s.threshold, 0.0f}); !e.empty()) return e;
    }
    out.x_parameter = project.parameters.find(space.space_1d.parameter_name);
    if (out.x_parameter < 0) {
      return "blend space '" + space.name + "': unknown parameter '" +
             space.space_1d.parameter_name + "'";
    }
    return {};
  }
  out.mode = space.space_2d.mode;
  for (const anim::BlendSample2D& s : space.space_2d.samples) {
    if (std::string e = add_sample(s.clip_name, s.position); !e.empty()) return e;
  }
  out.x_parameter = project.parameters.find(space.x_parameter);
  out.y_parameter = project.parameters.find(space.y_parameter);
  if (out.x_parameter < 0 || out.y_parameter < 0) {
    return "blend space '" + space.name + "': unknown parameter '" +
           (out.x_parameter < 0 ? space.x_parameter : space.y_parameter) + "'";
  }
  return {};
}

// The markers the user edited replace the clip's own (after mirroring, which renames sides:
// the user edited the clip as it plays), sorted by time and kept inside the clip.
void apply_project_markers(const Project& project, anim::Clip& clip) {
  const ProjectClipMarkers* edited = find_clip_markers(project, clip.name);
  if (edited == nullptr) return;
  clip.markers = edited->markers;
  for (anim::Marker& m : clip.markers) m.time_s = std::clamp(m.time_s, 0.0f, clip.duration_s);
  std::stable_sort(
      clip.markers.begin(), clip.markers.end(),
      [](const anim::Marker& a, const anim::Marker& b) { return a.time_s < b.time_s; });
}

// The project's clips at indices (into Project::clips) as they are bound: copied from
// character, mirrored where the project says so, with the markers the user edited.
std::string project_clips(const Project& project, const importer::Character& character,
                          std::span<const int> indices, std::vector<anim::Clip>& out) {
  out.clear();
  for (const int i : indices) {
    const std::string& name = project.clips[static_cast<std::size_t>(i)];
    const int index = find_clip(character, name);
    if (index < 0) {
      return character.source_path + ": the project's clip '" + name + "' is not in the character";
    }
    out.push_back(character.clips[static_cast<std::size_t>(index)]);
  }
  if (std::string e = mirror_project_clips(project, character, out); !e.empty()) return e;
  for (anim::Clip& clip : out) apply_project_markers(project, clip);
  return {};
}

}  // namespace

std::string bind_project_graph(const Project& project, const anim::BoundCharacter& character,
                               anim::GraphBinding& out, const anim::GraphBinding* previous) {
  anim::GraphBinding graph;
  for (const ProjectBlendSpace& space : project.blend_spaces) {
    anim::BlendSpaceBinding binding;
    if (std::string e = bind_blend_space(space, project, binding); !e.empty()) return e;
    graph.blend_spaces.push_back(std::move(binding));
  }
  for (const ProjectLayer& layer : project.layers) {
    anim::LayerBinding binding;
    if (!layer.blend_space.empty()) {
      for (std::size_t b = 0; b < project.blend_spaces.size(); ++b) {
        if (project.blend_spaces[b].name == layer.blend_space)
          binding.blend_space = static_cast<int>(b);
      }
      if (binding.blend_space < 0) {
        return "layer '" + layer.name + "': no blend space '" + layer.blend_space + "'";
      }
    } else if (layer.clip < 0 || layer.clip >= static_cast<int>(character.clips.size())) {
      return "layer '" + layer.name + "': no clip";
    }
    binding.layer.name = layer.name;
    binding.layer.mode = layer.mode;
    binding.layer.weight = layer.weight;
    binding.clip = layer.clip;
    if (!layer.mask_joints.empty() || !layer.mask_excluded.empty()) {
      const std::string e = anim::make_joint_mask(character.skeleton, layer.mask_joints,
                                                  layer.mask_excluded, binding.layer.joint_mask);
      if (!e.empty()) return "layer '" + layer.name + "': " + e;
    }
    if (!layer.mask_shapes.empty() || !layer.mask_shapes_excluded.empty()) {
      const std::string e =
          anim::make_shape_mask(character.morph_channels, layer.mask_shapes,
                                layer.mask_shapes_excluded, binding.layer.shape_mask);
      if (!e.empty()) return "layer '" + layer.name + "': " + e;
    }
    graph.layers.push_back(std::move(binding));
  }
  graph.has_machine = !project.state_machine.states.empty();
  graph.machine = project.state_machine;
  if (std::string e = anim::bind_graph(character, project.parameters, graph, previous);
      !e.empty()) {
    return e;
  }
  out = std::move(graph);
  return {};
}

std::string bind_project(const Project& project, const importer::Character& character,
                         const anim::BindOptions& storage, BoundProject& out) {
  std::vector<int> all(project.clips.size());
  std::iota(all.begin(), all.end(), 0);
  std::vector<anim::Clip> clips;
  if (std::string e = project_clips(project, character, all, clips); !e.empty()) return e;
  const anim::Rig rig = project_rig(character, project.rig);
  anim::FootIkRig foot_ik_rig = importer::foot_ik_rig(character, rig);
  // Found before binding: each clip's binding measures the root motion joint's keys.
  anim::BindOptions root_storage = storage;
  root_storage.root_motion_joint =
      importer::find_root_motion_joint(character.skeleton, foot_ik_rig);
  auto bound_character = std::make_shared<anim::BoundCharacter>();
  if (std::string e =
          anim::bind_character(character.skeleton, std::move(clips), root_storage, *bound_character,
                               anim::morph_channels_of(character.meshes));
      !e.empty()) {
    return character.source_path + ": " + e;
  }
  bound_character->foot_ik_rig = std::move(foot_ik_rig);
  bound_character->torso =
      anim::torso_chain(character.skeleton, bound_character->foot_ik_rig.pelvis,
                        rig.head >= 0   ? rig.head
                        : rig.neck >= 0 ? rig.neck
                                        : rig.chest);
  bound_character->ground_motion = anim::synthesize_ground_motions(
      bound_character->skeleton, bound_character->clips, bound_character->foot_ik_rig,
      bound_character->root_motion_joint);
  auto graph = std::make_shared<anim::GraphBinding>();
  if (std::string e = bind_project_graph(project, *bound_character, *graph); !e.empty()) return e;
  out.character = std::move(bound_character);
  out.graph = std::move(graph);
  return {};
}

std::string rebind_project_clips(const Project& project, const importer::Character& character,
                                 const BoundProject& previous, std::span<const int> clips,
                                 BoundProject& out) {
  for (const int i : clips) {
    if (i < 0 || i >= static_cast<int>(project.clips.size()) ||
        i >= static_cast<int>(previous.character->clips.size())) {
      return "clip " + std::to_string(i) + " is not one of the bound project's clips";
    }
  }
  std::vector<anim::Clip> fresh;
  if (std::string e = project_clips(project, character, clips, fresh); !e.empty()) return e;
  // The other clips' bindings, morph bindings and ground motions come along unchanged.
  auto next = std::make_shared<anim::BoundCharacter>(*previous.character);
  const float morph_tolerance =
      next->storage.compress ? next->storage.compression.morph_weight : 0.0f;
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    anim::Clip& clip = fresh[k];
    if (std::string e = anim::validate(clip); !e.empty()) {
      return character.source_path + ": clip '" + clip.name + "': " + e;
    }
    const auto i = static_cast<std::size_t>(clips[k]);
    next->bindings[i] = anim::bind_clip(clip, next->skeleton, next->storage);
    next->morph_bindings[i] = anim::bind_morph_tracks(clip, next->morph_channels, morph_tolerance);
    if (i < next->ground_motion.size()) {
      next->ground_motion[i] = anim::synthesize_ground_motions(
          next->skeleton, std::span(&clip, 1), next->foot_ik_rig, next->root_motion_joint)[0];
    }
    next->clips[i] = std::move(clip);
  }
  auto graph = std::make_shared<anim::GraphBinding>();
  if (std::string e = bind_project_graph(project, *next, *graph); !e.empty()) return e;
  out.character = std::move(next);
  out.graph = std::move(graph);
  return {};
}

Project preview_project(const importer::Character& character, const std::string& character_path) {
  Project project;
  project.character = character_path;
  for (const anim::Clip& clip : character.clips) project.clips.push_back(clip.name);
  return project;
}

}  // namespace project
