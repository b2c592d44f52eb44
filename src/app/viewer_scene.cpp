#include "app/viewer_scene.h"

#include <cstdlib>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/pose.h"
#include "asset/rig_corrections.h"
#include "asset/rig_finder.h"

namespace app {

namespace {

// Clips without foot-contact markers get detected ones: the timeline shows them, and sync and
// foot locking use them.
void add_foot_contact_markers(const asset::Character& character, const asset::ProjectRig& rig,
                              std::span<anim::Clip> clips) {
  const anim::Skeleton& skeleton = character.skeleton;
  const anim::FootIkRig legs = asset::foot_ik_rig(character, asset::project_rig(character, rig));
  if (legs.legs.empty()) return;
  for (anim::Clip& clip : clips) {
    bool marked = false;
    for (std::size_t i = 0; i < legs.legs.size(); ++i) {
      marked = marked || anim::has_contact_markers(clip, anim::leg_contact_name(legs.legs, i));
    }
    if (marked) continue;
    for (anim::Marker& m : anim::detect_foot_contact_markers(skeleton, clip, legs.legs)) {
      clip.markers.push_back(std::move(m));
    }
  }
}

}  // namespace

std::string ViewerScene::open(asset::Character new_character, asset::Project new_project) {
  add_foot_contact_markers(new_character, new_project.rig, new_character.clips);
  asset::BoundProject new_bound;
  if (std::string e = asset::bind_project(new_project, new_character, new_bound); !e.empty()) {
    return e;
  }
  {
    // Checked on a scratch player first, so a graph that cannot play leaves the scene as it was.
    anim::CharacterPlayer check;
    anim::Parameters check_parameters = new_project.parameters;
    if (std::string e =
            check.init(new_bound.graph(new_character.skeleton), check_parameters, clip_binding);
        !e.empty()) {
      return new_character.source_path + ": " + e;
    }
  }
  character = std::move(new_character);
  project = std::move(new_project);
  bound = std::move(new_bound);
  comparison.unbind();
  parameters = project.parameters;
  player.init(bound.graph(character.skeleton), parameters, clip_binding);
  player.set_foot_ik_rig(asset::foot_ik_rig(character, asset::project_rig(character, project.rig)));
  settings.root_motion.root_joint = asset::find_root_motion_joint(character.skeleton);
  mode = bound.has_machine || !bound.blend_spaces.empty() ? PlayMode::Graph : PlayMode::ClipPreview;
  preview(bound.clips.empty() ? -1 : 0);
  clock.set_playing(true);
  loaded = true;
  return {};
}

std::string ViewerScene::rebind() {
  // Parameters edited live (added, removed, renamed in the state machine view) are the project's.
  project.parameters = parameters;
  asset::BoundProject new_bound;
  if (std::string e = asset::bind_project(project, character, new_bound); !e.empty()) return e;
  bound = std::move(new_bound);
  comparison.unbind();
  if (std::string e = player.init(bound.graph(character.skeleton), parameters, clip_binding);
      !e.empty()) {
    return e;
  }
  player.set_foot_ik_rig(asset::foot_ik_rig(character, asset::project_rig(character, project.rig)));
  return {};
}

std::string ViewerScene::add_clips(std::vector<anim::Clip> clips, const std::string& clip_file) {
  add_foot_contact_markers(character, project.rig, clips);
  const std::size_t clip_count = character.clips.size();
  const std::size_t name_count = project.clips.size();
  const std::size_t file_count = project.clip_files.size();
  for (anim::Clip& clip : clips) {
    project.clips.push_back(clip.name);
    character.clips.push_back(std::move(clip));
  }
  project.clip_files.push_back(clip_file);
  if (std::string e = rebind(); !e.empty()) {
    character.clips.resize(clip_count);
    project.clips.resize(name_count);
    project.clip_files.resize(file_count);
    rebind();
    return e;
  }
  return {};
}

std::string ViewerScene::set_parameter(const std::string& assignment) {
  const std::size_t eq = assignment.find('=');
  if (eq == std::string::npos) return "'" + assignment + "': expected NAME=VALUE";
  const std::string name = assignment.substr(0, eq);
  const int index = parameters.find(name);
  if (index < 0) return "'" + assignment + "': no parameter '" + name + "'";
  char* end = nullptr;
  const std::string text = assignment.substr(eq + 1);
  const float value = std::strtof(text.c_str(), &end);
  if (text.empty() || *end != '\0') return "'" + assignment + "': '" + text + "' is not a number";
  parameters.set(index, value);
  return {};
}

void ViewerScene::sample_preview_poses(std::span<const float> offsets_s,
                                       std::vector<std::vector<glm::mat4>>& out) const {
  out.clear();
  if (mode != PlayMode::ClipPreview || preview_clip < 0) return;
  const anim::Clip& clip = bound.clips[preview_clip];
  const anim::Skeleton& skeleton = character.skeleton;
  const anim::ClipBinding binding = anim::bind_clip(clip, skeleton, {.bake_uniform_frames = false});
  anim::SamplingCache cache(clip);
  std::vector<anim::Transform> local(skeleton.rest_pose.size());
  for (const float offset : offsets_s) {
    const float t = static_cast<float>(
        anim::wrap_time(clock.mode(), clock.time_s() + offset, clock.timeline().duration_s));
    anim::sample_clip(clip, binding, skeleton, t, cache, local);
    anim::remove_root_motion(skeleton, settings.root_motion, local);
    out.emplace_back(local.size());
    anim::local_to_model(skeleton, local, out.back());
  }
}

int ViewerScene::find_clip(const std::string& text) const {
  for (std::size_t i = 0; i < bound.clips.size(); ++i) {
    if (bound.clips[i].name == text) return static_cast<int>(i);
  }
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos &&
      text.size() < 9) {
    const int index = std::stoi(text);
    if (index < static_cast<int>(bound.clips.size())) return index;
  }
  return -1;
}

void ViewerScene::set_layer_weight(int layer, float weight) {
  if (layer < 0 || layer >= static_cast<int>(bound.layers.size())) return;
  project.layers[layer].weight = weight;
  bound.layers[layer].layer.weight = weight;
}

void ViewerScene::preview(int clip) {
  preview_clip = clip;
  if (clip < 0 || clip >= static_cast<int>(bound.clips.size())) return;
  clock.set_timeline(anim::timeline_of(bound.clips[clip]));
  clock.seek(0.0);
}

void ViewerScene::update(float dt_s, const ui::ViewSettings& view) {
  if (!loaded) return;
  if (mode == PlayMode::ClipPreview && preview_clip >= 0) {
    clock.advance(dt_s);
    player.set_preview(preview_clip, static_cast<float>(clock.time_s()));
  } else {
    player.play_graph();
  }
  player.update(dt_s, parameters, settings, terrain);
  comparison.update(*this, view, dt_s);
}

}  // namespace app
