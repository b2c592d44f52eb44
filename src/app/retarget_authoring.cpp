#include "app/retarget_authoring.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <utility>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "anim/transform.h"
#include "app/clip_file_adding.h"
#include "import/posed_bounds.h"
#include "project/project_paths.h"
#include "project/project_retarget_clips.h"
#include "project/project_retarget_json.h"
#include "project/rig_corrections.h"

namespace app {
namespace {

namespace fs = std::filesystem;

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return a == b || fs::equivalent(a, b, ec);
}

// The sources follow the project's entries; a new load starts them again.
void sync_sources(RetargetAuthoring& authoring, const Document& doc) {
  if (authoring.generation != doc.generation()) {
    authoring.sources.clear();
    authoring.generation = doc.generation();
  }
  authoring.sources.resize(doc.project().retargets.size());
}

// The character's clips that came from path, in order (indices into character.clips).
std::vector<std::size_t> clips_of(const std::string& path, const ViewerScene& scene,
                                  const ViewerUi& ui) {
  std::vector<std::size_t> out;
  for (std::size_t c = 0; c < scene.character.clips.size(); ++c) {
    const auto from = ui.clips.sources.find(scene.character.clips[c].name);
    if (from != ui.clips.sources.end() && same_file(from->second, path)) out.push_back(c);
  }
  return out;
}

// The places among the project's clips of the character's clips at slots: the only clips a
// retargeting again binds anew (a clip the project does not play is not bound).
std::vector<int> project_clips_of(const std::vector<std::size_t>& slots, const ViewerScene& scene,
                                  const Document& doc) {
  const std::vector<std::string>& names = doc.project().clips;
  std::vector<int> out;
  for (const std::size_t slot : slots) {
    const auto found = std::find(names.begin(), names.end(), scene.character.clips[slot].name);
    if (found != names.end()) out.push_back(static_cast<int>(found - names.begin()));
  }
  return out;
}

}  // namespace

void accept_retargeted_clips(LoadOutcome outcome, const std::string& file, Document& doc,
                             ViewerScene& scene, ViewerUi& ui) {
  const std::size_t files_before = doc.project().clip_files.size();
  const std::size_t loaded_before = doc.files().size();
  accept_added_clips(std::move(outcome), file, doc, scene, ui);
  if (doc.project().clip_files.size() != files_before + 1) return;  // refused: nothing added
  doc.project().clip_files.pop_back();
  project::ProjectRetarget entry;
  entry.file = file;
  doc.project().retargets.push_back(std::move(entry));
  // Adding the clips started the undo history again (accept_added_clips); it starts from the new
  // entry instead, so the panel's first edit undoes to the offer's settings and accepting adds
  // no step (an undo never removes the entry, so a step before it would undo nothing).
  doc.restart_history();
  if (doc.files().size() == loaded_before + 1) doc.forget_last_file();
  // The refusal that brought the offer is answered.
  for (std::size_t i = ui.errors.entries().size(); i-- > 0;) {
    const ui::ErrorReport& e = ui.errors.entries()[i];
    if (e.file == file && e.cause.find("made for another skeleton") != std::string::npos) {
      ui.errors.dismiss(i);
    }
  }
}

std::string retarget_again(RetargetAuthoring& authoring, int entry_index, Document& doc,
                           ViewerScene& scene, ViewerUi& ui) {
  sync_sources(authoring, doc);
  if (entry_index < 0 || entry_index >= static_cast<int>(authoring.sources.size())) {
    return "no retargeted file " + std::to_string(entry_index);
  }
  const auto start = std::chrono::steady_clock::now();
  const project::ProjectRetarget& entry =
      doc.project().retargets[static_cast<std::size_t>(entry_index)];
  RetargetedSource& source = authoring.sources[static_cast<std::size_t>(entry_index)];
  const std::string path = project::resolve_project_path(entry.file, doc.project_folder());
  const anim::Rig rig = ui.rig.rig.leg_count() > 0
                            ? ui.rig.rig
                            : project::project_rig(scene.character, doc.project().rig);
  // The source is imported once, as a project load does it; later edits retarget the cached one.
  const bool cached = source.path == path && source.source.skeleton.joint_count() > 0;
  if (!cached) {
    source = {};
    source.path = path;
  }
  importer::ClipRetargeting result =
      cached ? project::retarget_project_clips(entry, source.source, scene.character, rig)
             : project::retarget_project_file(entry, path, scene.character, rig,
                                              ui.import_tab.settings, source.source);
  if (!result.ok()) return source.error = result.error;
  // The file's clips in the character keep their names and places.
  const std::vector<std::size_t> slots = clips_of(path, scene, ui);
  if (slots.size() != result.clips.size()) {
    return source.error = path + ": the character has " + std::to_string(slots.size()) +
                          " of its clips, the retargeting gave " +
                          std::to_string(result.clips.size());
  }
  source.error.clear();
  source.map = std::move(result.map);
  source.retargeted_as = project::retargets_to_json({entry}).dump();
  // The target's mesh does not change between edits: skinned once.
  if (source.character_width_m == 0.0f) {
    const importer::Bounds bounds = importer::rest_pose_bounds(scene.character, glm::mat4(1.0f));
    source.character_width_m = bounds.empty() ? 0.0f : bounds.max.x - bounds.min.x;
  }
  source.clip_names.clear();
  source.source_clips.clear();
  for (std::size_t c = 0, k = 0; c < source.source.clips.size(); ++c) {
    if (!entry.clip.empty() && source.source.clips[c].name != entry.clip) continue;
    if (k >= slots.size()) break;
    source.clip_names.push_back(scene.character.clips[slots[k++]].name);
    source.source_clips.push_back(static_cast<int>(c));
  }
  std::vector<anim::Clip> before;
  for (std::size_t k = 0; k < slots.size(); ++k) {
    anim::Clip& clip = scene.character.clips[slots[k]];
    result.clips[k].name = clip.name;
    before.push_back(std::move(clip));
    clip = std::move(result.clips[k]);
  }
  // The timeline's clip may be one of them, its length changed: the timeline takes it again at
  // the same playhead and play state.
  const PlayMode mode = scene.mode;
  const int previewed = scene.preview_clip;
  const double time_s = scene.clock.time_s();
  const bool playing = scene.clock.playing();
  if (std::string e = scene.rebind_clips(doc.project(), project_clips_of(slots, scene, doc));
      !e.empty()) {
    for (std::size_t k = 0; k < slots.size(); ++k) {
      scene.character.clips[slots[k]] = std::move(before[k]);
    }
    return source.error = path + ": " + e;
  }
  if (mode == PlayMode::ClipPreview && previewed >= 0) {
    scene.preview(previewed);
    scene.clock.seek(time_s);
    scene.clock.set_playing(playing);
  }
  const float ms =
      std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - start).count();
  char line[160];
  std::snprintf(line, sizeof line, "retargeted %zu clip%s in %.0f ms", slots.size(),
                slots.size() == 1 ? "" : "s", static_cast<double>(ms));
  authoring.status = line;
  ++source.retargetings;
  return {};
}

void retarget_changed_entries(RetargetAuthoring& authoring, Document& doc, ViewerScene& scene,
                              ViewerUi& ui) {
  if (!scene.loaded) return;
  sync_sources(authoring, doc);
  for (std::size_t i = 0; i < authoring.sources.size(); ++i) {
    RetargetedSource& source = authoring.sources[i];
    if (source.retargeted_as.empty() ||
        source.retargeted_as == project::retargets_to_json({doc.project().retargets[i]}).dump()) {
      continue;
    }
    if (std::string e = retarget_again(authoring, static_cast<int>(i), doc, scene, ui);
        !e.empty()) {
      ui.errors.add(source.path, e);
      source.retargeted_as.clear();  // reported once
    }
  }
}

const RetargetQualityReport* quality_report(RetargetAuthoring& authoring, int entry,
                                            const ViewerScene& scene) {
  if (entry < 0 || entry >= static_cast<int>(authoring.sources.size())) return nullptr;
  RetargetedSource& source = authoring.sources[static_cast<std::size_t>(entry)];
  if (source.clip_names.empty() || source.map.joints.empty()) return nullptr;
  std::size_t shown = 0;
  if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0) {
    const std::string& previewed = scene.clips()[static_cast<std::size_t>(scene.preview_clip)].name;
    const auto it = std::find(source.clip_names.begin(), source.clip_names.end(), previewed);
    if (it != source.clip_names.end())
      shown = static_cast<std::size_t>(it - source.clip_names.begin());
  }
  RetargetQualityReport& quality = source.quality;
  if (quality.clip == source.clip_names[shown] && quality.retargeting == source.retargetings) {
    return &quality;
  }
  const int target = scene.find_clip(source.clip_names[shown]);
  if (target < 0) return nullptr;
  quality.clip = source.clip_names[shown];
  quality.retargeting = source.retargetings;
  quality.report = anim::report_retarget(
      source.map, source.source.clips[static_cast<std::size_t>(source.source_clips[shown])],
      scene.clips()[static_cast<std::size_t>(target)]);
  ++authoring.reports_made;
  return &quality;
}

void run_retarget_panel(RetargetAuthoring& authoring, Document& doc, ViewerScene& scene,
                        ViewerUi& ui) {
  if (!ImGui::IsAnyItemActive()) retarget_changed_entries(authoring, doc, scene, ui);
  ui::RetargetPanelState& panel = ui.retarget_panel;
  if (!panel.open || !scene.loaded) return;
  sync_sources(authoring, doc);
  const int shown =
      std::clamp(panel.entry, 0, std::max(0, static_cast<int>(authoring.sources.size()) - 1));
  // The panel shows the map of the file's last retargeting: the first time, it is made.
  if (!authoring.sources.empty()) {
    RetargetedSource& source = authoring.sources[static_cast<std::size_t>(shown)];
    if (source.map.joints.empty() && source.error.empty()) {
      if (std::string e = retarget_again(authoring, shown, doc, scene, ui); !e.empty()) {
        ui.errors.add(source.path, e);
      }
    }
  }
  const RetargetedSource* source =
      authoring.sources.empty() ? nullptr : &authoring.sources[static_cast<std::size_t>(shown)];
  const std::string& status =
      source != nullptr && !source->error.empty() ? source->error : authoring.status;
  ui::RetargetQuality quality;
  if (const RetargetQualityReport* made = quality_report(authoring, shown, scene)) {
    quality.clip = made->clip;
    quality.report = &made->report;
    quality.clips = source->clip_names;
  }
  const ui::RetargetPanelChange change = ui::draw_retarget_panel(
      doc.project().retargets,
      source != nullptr && !source->map.joints.empty() ? &source->map : nullptr, status, quality,
      panel);
  if (!change.show_clip.empty()) {
    if (const int clip = scene.find_clip(change.show_clip); clip >= 0) scene.preview(clip);
  }
  if (const int clip = scene.find_clip(quality.clip); change.seek_s >= 0.0f && clip >= 0) {
    if (scene.mode != PlayMode::ClipPreview || scene.preview_clip != clip) scene.preview(clip);
    scene.clock.set_playing(false);
    scene.clock.seek(change.seek_s);
  }
  if (change.retarget) {
    doc.record_edit();
    if (std::string e = retarget_again(authoring, panel.entry, doc, scene, ui); !e.empty()) {
      ui.errors.add(authoring.sources[static_cast<std::size_t>(panel.entry)].path, e);
    }
  }
}

const anim::Skeleton* source_skeleton_pose(const RetargetAuthoring& authoring,
                                           const ViewerScene& scene, std::vector<glm::mat4>& model,
                                           glm::mat4& world_from_model) {
  if (scene.mode != PlayMode::ClipPreview || scene.preview_clip < 0 || !scene.loaded) {
    return nullptr;
  }
  const std::string& previewed = scene.clips()[static_cast<std::size_t>(scene.preview_clip)].name;
  for (const RetargetedSource& source : authoring.sources) {
    const auto it = std::find(source.clip_names.begin(), source.clip_names.end(), previewed);
    if (it == source.clip_names.end() || source.map.joints.empty()) continue;
    const anim::Clip& clip = source.source.clips[static_cast<std::size_t>(
        source.source_clips[static_cast<std::size_t>(it - source.clip_names.begin())])];
    const anim::Skeleton& skeleton = source.source.skeleton;
    const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
    anim::SamplingCache cache(clip, binding);
    std::vector<anim::Transform> local(skeleton.rest_pose.size());
    model.resize(local.size());
    const float t = std::min(static_cast<float>(scene.clock.time_s()), clip.duration_s);
    if (!anim::sample_clip(clip, binding, skeleton, t, cache, local) ||
        !anim::local_to_model(skeleton, local, model)) {
      return nullptr;
    }
    const anim::RetargetMap& map = source.map;
    // Scaled to the target's leg length and turned to face as the target does, its pelvis beside
    // the character's across the ground.
    const glm::mat4 turn = glm::mat4_cast(glm::inverse(map.target_to_source));
    const glm::mat4 scale = glm::scale(glm::mat4(1.0f), glm::vec3(map.scale));
    const glm::vec3 source_pelvis =
        glm::vec3(turn * scale * model[static_cast<std::size_t>(map.source_rig.pelvis)][3]);
    const auto pelvis = static_cast<std::size_t>(map.target_rig.pelvis);
    const glm::vec3 target_pelvis = glm::vec3(scene.instance.model_pose()[pelvis][3]);
    // Sideways (the character's right), clear of half its bind-pose width (arms and props
    // spread) by a leg's length, so the two stand close enough to compare at a glance.
    const float gap = 0.5f * source.character_width_m + map.target_leg_length_m;
    const glm::vec3 beside(-std::max(gap, 1.2f * map.target_leg_length_m), 0.0f, 0.0f);
    const glm::vec3 shift(target_pelvis.x - source_pelvis.x + beside.x, 0.0f,
                          target_pelvis.z - source_pelvis.z + beside.z);
    world_from_model = anim::to_matrix(scene.instance.world()) *
                       glm::translate(glm::mat4(1.0f), shift) * turn * scale;
    return &skeleton;
  }
  return nullptr;
}

}  // namespace app
