#include "app/viewer_scene.h"

#include <cmath>
#include <cstdlib>
#include <variant>

#include "anim/clip_lookup.h"
#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "app/joint_inspection.h"
#include "app/post_process_targets.h"
#include "app/probe_frames.h"
#include "project/project_opening.h"

namespace app {

const std::vector<anim::Clip>& ViewerScene::clips() const {
  static const std::vector<anim::Clip> none;
  return bound.character ? bound.character->clips : none;
}

int ViewerScene::timeline_clip() const {
  if (!loaded || mode != PlayMode::ClipPreview) return -1;
  if (preview_clip < 0 || preview_clip >= static_cast<int>(clips().size())) return -1;
  return preview_clip;
}

namespace {

// The project's stack bound to character, handed to instance, with the look-at entries that
// drive parameters; "" or the cause.
std::string set_post_process(const project::Project& project, const importer::Character& character,
                             anim::CharacterInstance& instance, std::vector<AimDriver>& drivers) {
  std::vector<anim::PostProcessEntry> entries;
  if (std::string e = project::bind_post_process(project.post_process, character, entries);
      !e.empty()) {
    return e;
  }
  for (std::size_t i = 0; i < project.post_process.size(); ++i) {  // the aim offset's inputs
    const project::ProjectPostProcess& p = project.post_process[i];
    for (const auto& [field, name] : {std::pair{".aim_yaw_parameter", &p.aim_yaw_parameter},
                                      std::pair{".aim_pitch_parameter", &p.aim_pitch_parameter}}) {
      if (!name->empty() && project.parameters.find(*name) < 0) {
        return "post_process[" + std::to_string(i) + "]" + field + ": no parameter '" + *name + "'";
      }
    }
  }
  instance.set_post_process(entries);
  drivers.clear();
  for (std::size_t i = 0; i < project.post_process.size(); ++i) {
    const project::ProjectPostProcess& p = project.post_process[i];
    if (p.kind != anim::PostProcessKind::LookAt ||
        (p.aim_yaw_parameter.empty() && p.aim_pitch_parameter.empty())) {
      continue;
    }
    const int b =
        bound_entry_of(project.post_process, instance.post_process(), static_cast<int>(i));
    if (b >= 0) drivers.push_back({b, p.aim_yaw_parameter, p.aim_pitch_parameter});
  }
  return {};
}

// The onion skin's ghosts play the character's settings where the clip puts them (in place, no
// foot IK) and are drawn from their poses alone (no palettes).
anim::CharacterSettings onion_settings(anim::CharacterSettings settings) {
  settings.root_motion_mode = anim::RootMotionMode::InPlace;
  settings.foot_ik = false;
  settings.matrix_palette = settings.dual_quat_palette = false;
  return settings;
}

// The settings an instance can refuse are those that rebuild its blend-space players: named as
// the user knows them, those that differ between played and asked.
std::string rebuilding_settings(const anim::CharacterSettings& played,
                                const anim::CharacterSettings& asked) {
  const anim::RootMotionSettings& a = played.root_motion;
  const anim::RootMotionSettings& b = asked.root_motion;
  std::vector<std::string> names;
  if (a.root_joint != b.root_joint) names.push_back("root motion joint");
  if (a.extract_x != b.extract_x || a.extract_y != b.extract_y || a.extract_z != b.extract_z ||
      a.extract_yaw != b.extract_yaw) {
    names.push_back("root motion axes");
  }
  if (played.blend_input_half_life_s != asked.blend_input_half_life_s) {
    names.push_back("input smoothing");
  }
  if (names.empty()) return "settings";
  std::string text = names[0];
  for (std::size_t i = 1; i < names.size(); ++i) text += " and " + names[i];
  return text;
}

// Hands asked to one of the scene's players (who names it): an instance, or the crowd's every
// instance. A refusal leaves the player playing what it played, and says which setting it
// refused and why.
template <class Player>
std::string hand_settings(Player& player, const anim::CharacterSettings& asked,
                          const std::string& who) {
  const anim::CharacterSettings played = player.settings();
  if (std::string e = player.set_settings(asked); !e.empty()) {
    return who + ": " + rebuilding_settings(played, asked) + " refused, kept as it was: " + e;
  }
  return {};
}

// Each copy of the crowd treads in place at its spot on the grid.
anim::CharacterSettings crowd_settings(anim::CharacterSettings settings) {
  settings.root_motion_mode = anim::RootMotionMode::InPlace;
  return settings;
}

}  // namespace

std::string ViewerScene::rebind_post_process(const project::Project& project) {
  std::string e = set_post_process(project, character, instance, aim_drivers);
  if (e.empty()) ++post_process_revision;
  return e;
}

std::string ViewerScene::open(importer::Character new_character,
                              const project::Project& new_project) {
  project::add_foot_contact_markers(new_character, new_project.rig, new_character.clips);
  project::BoundProject new_bound;
  if (std::string e = project::bind_project(new_project, new_character, clip_binding, new_bound);
      !e.empty()) {
    return e;
  }
  // Checked on a scratch instance first, so a graph that cannot play leaves the scene as it was.
  anim::CharacterInstance check;
  if (std::string e = check.bind(*new_bound.character, *new_bound.graph); !e.empty()) {
    return new_character.source_path + ": " + e;
  }
  std::vector<AimDriver> drivers;
  if (std::string e = set_post_process(new_project, new_character, check, drivers); !e.empty()) {
    return new_character.source_path + ": " + e;
  }
  // A mode's override belonged to the character it started on.
  anim::CharacterSettings new_settings = settings;
  new_settings.root_motion_mode = user_root_motion();
  new_settings.root_motion.root_joint = new_bound.character->root_motion_joint;
  if (std::string e = check.set_settings(new_settings); !e.empty()) {
    return new_character.source_path + ": " + e;
  }
  chosen_root_motion.reset();
  settings = new_settings;
  character = std::move(new_character);
  bound = std::move(new_bound);
  comparison.unbind();
  crowd = {};
  onion_ = {};  // it played the character and graph just freed
  parameters = new_project.parameters;
  instance = std::move(check);
  aim_drivers = std::move(drivers);
  ++post_process_revision;
  mode = graph().has_machine || !graph().blend_spaces.empty() ? PlayMode::Graph
                                                              : PlayMode::ClipPreview;
  preview(clips().empty() ? -1 : 0);
  clock.set_playing(true);
  loaded = true;
  return {};
}

void ViewerScene::override_root_motion(anim::RootMotionMode forced) {
  if (!chosen_root_motion) chosen_root_motion = settings.root_motion_mode;
  settings.root_motion_mode = forced;
  static_cast<void>(apply_settings());  // the mode alone: no player is rebuilt
}

void ViewerScene::end_root_motion_override() {
  if (chosen_root_motion) settings.root_motion_mode = *chosen_root_motion;
  chosen_root_motion.reset();
  static_cast<void>(apply_settings());  // the mode alone: no player is rebuilt
}

std::string ViewerScene::apply_settings() {
  if (std::string e = hand_settings(instance, settings, character.source_path); !e.empty()) {
    settings = instance.settings();  // what the panels show is what plays
    return e;
  }
  // The onion skin and the crowd, once set up, play the same settings their way.
  if (onion_.character()) {
    if (std::string e = hand_settings(onion_, onion_settings(settings), "onion skin"); !e.empty()) {
      return e;
    }
  }
  if (crowd.count() > 0) {
    if (std::string e = hand_settings(crowd, crowd_settings(settings), "crowd"); !e.empty()) {
      return e;
    }
  }
  return {};
}

std::string ViewerScene::rebind_graph(project::Project& project) {
  // Parameters edited live (added, removed, renamed in the state machine view) are the project's.
  project.parameters = parameters;
  auto graph = std::make_shared<anim::GraphBinding>();
  if (std::string e =
          project::bind_project_graph(project, *bound.character, *graph, bound.graph.get());
      !e.empty()) {
    return e;
  }
  if (std::string e = instance.set_graph(*graph); !e.empty()) return e;
  bound.graph = std::move(graph);
  // Set up again on the next update, over the new graph: they played the one just freed.
  crowd = {};
  onion_ = {};
  return {};
}

std::string ViewerScene::rebind_character(project::Project& project) {
  project.parameters = parameters;
  project::BoundProject new_bound;
  if (std::string e = project::bind_project(project, character, clip_binding, new_bound);
      !e.empty()) {
    return e;
  }
  return carry_on_with(std::move(new_bound));
}

std::string ViewerScene::rebind_clips(project::Project& project, std::span<const int> clips) {
  project.parameters = parameters;
  project::BoundProject new_bound;
  if (std::string e = project::rebind_project_clips(project, character, bound, clips, new_bound);
      !e.empty()) {
    return e;
  }
  return carry_on_with(std::move(new_bound));
}

std::string ViewerScene::carry_on_with(project::BoundProject new_bound) {
  // The instance keeps playing where it was (its place, clip playheads, machine state).
  if (std::string e = instance.rebind(*new_bound.character, *new_bound.graph); !e.empty()) {
    return e;
  }
  bound = std::move(new_bound);
  comparison.unbind();
  crowd = {};
  onion_ = {};
  return {};
}

std::string ViewerScene::add_clips(std::vector<anim::Clip> clips, const std::string& clip_file,
                                   project::Project& project) {
  project::add_foot_contact_markers(character, project.rig, clips);
  const std::size_t clip_count = character.clips.size();
  const std::size_t name_count = project.clips.size();
  const std::size_t file_count = project.clip_files.size();
  for (anim::Clip& clip : clips) {
    project.clips.push_back(clip.name);
    character.clips.push_back(std::move(clip));
  }
  project.clip_files.push_back(clip_file);
  // The new clips come after the old ones, so the playhead and the graph's indices stay.
  if (std::string e = rebind_character(project); !e.empty()) {
    character.clips.resize(clip_count);
    project.clips.resize(name_count);
    project.clip_files.resize(file_count);
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
  if (!std::isfinite(value)) return "'" + assignment + "': not a finite number";
  parameters.set(index, value);
  return {};
}

std::string ViewerScene::update_onion_skin(const visual::SceneView& view) {
  onion_offsets_s.clear();
  onion_poses.clear();
  if (!view.onion_skin || mode != PlayMode::ClipPreview || preview_clip < 0) return {};
  if (onion_.character() != bound.character.get()) {
    if (std::string e = onion_.bind(*bound.character, graph()); !e.empty()) {
      return "onion skin: " + e;
    }
    // What the character plays (settings it refused stay out), as apply_settings hands it.
    if (std::string e = hand_settings(onion_, onion_settings(instance.settings()), "onion skin");
        !e.empty()) {
      onion_ = {};  // set up again at a later update
      return e;
    }
  }
  const double frame_s = 1.0 / clock.timeline().fps;
  for (int k = -view.onion_frames; k <= view.onion_frames; ++k) {
    if (k != 0) onion_offsets_s.push_back(static_cast<float>(k * view.onion_step * frame_s));
  }
  onion_poses.resize(onion_offsets_s.size());
  for (std::size_t i = 0; i < onion_offsets_s.size(); ++i) {
    const float t = static_cast<float>(anim::wrap_time(
        clock.mode(), clock.time_s() + onion_offsets_s[i], clock.timeline().duration_s));
    onion_.set_preview(preview_clip, t);
    if (anim::JobResult r = onion_.update(0.0f, parameters, terrain); !r) {
      onion_poses.clear();
      return std::string("onion skin: ") + r.error;
    }
    onion_poses[i].assign(onion_.model_pose().begin(), onion_.model_pose().end());
  }
  return {};
}

struct ViewerScene::TrailProbe {
  FrameProbe probe;
  ProbeKey reported_failure;
};

std::string ViewerScene::update_joint_trails(const visual::SceneView& view) {
  if (!view.motion_trails || trail_joints.empty()) {
    joint_trails.clear();
    return {};
  }
  if (!trail_probe_) trail_probe_ = std::make_shared<TrailProbe>();
  std::string error;
  joint_trails =
      app::joint_trails(*this, trail_probe_->probe, trail_joints,
                        view.motion_trail_whole_clip ? 0.0f : view.motion_trail_window_s, error);
  if (error.empty() ||
      !first_failure_for(probe_key(*this, trail_joints), trail_probe_->reported_failure)) {
    return {};
  }
  return "motion trails: " + error;
}

int ViewerScene::find_clip(const std::string& text) const {
  if (!bound.character) return -1;
  return anim::find_clip_by_name_or_index(clips(), text);
}

void ViewerScene::set_layer_weight(int layer, float weight) {
  if (layer < 0 || layer >= static_cast<int>(graph().layers.size())) return;
  // Played at once by the instance; the binding (shared, read by the crowd) takes it at the
  // next rebind_graph, which the layer tab asks for when the drag ends.
  instance.set_layer_weight(layer, weight);
}

void ViewerScene::preview(int clip) {
  preview_clip = clip;
  if (clip < 0 || clip >= static_cast<int>(clips().size())) return;
  clock.set_timeline(anim::timeline_of(clips()[clip]));
  clock.seek(0.0);
}

std::string ViewerScene::update(float dt_s, const visual::SceneView& view) {
  if (!loaded) return {};
  const bool previewing = mode == PlayMode::ClipPreview && preview_clip >= 0;
  // Stride warping asks the previewed clip played faster where the legs reach no longer stride.
  clock_play_rate = instance.warp_play_rate();
  if (previewing) clock.advance(dt_s * clock_play_rate);
  // A motion-matching controller's pose, set before this update, plays until the mode stops.
  if (!std::holds_alternative<anim::ExternalPose>(instance.source())) {
    if (previewing) {
      instance.set_preview(preview_clip, static_cast<float>(clock.time_s()));
    } else if (mode == PlayMode::RestPose) {
      instance.show_rest_pose();
    } else {
      instance.play_graph();
    }
  }
  drive_aim_parameters(*this);
  if (anim::JobResult r = instance.update(dt_s, parameters, terrain); !r) {
    return character.source_path + ": " + r.error;
  }
  comparison.update(*this, view, dt_s);
  const std::string onion_error = update_onion_skin(view);
  const std::string trails_error = update_joint_trails(view);
  const std::string crowd_error = update_crowd(view, dt_s, previewing);
  if (!onion_error.empty()) return onion_error;
  return trails_error.empty() ? crowd_error : trails_error;
}

std::string ViewerScene::update_crowd(const visual::SceneView& view, float dt_s, bool previewing) {
  if (view.crowd <= 1) {
    crowd = {};
    return {};
  }
  if (crowd.count() != view.crowd) {
    const int clip = instance.dominant_clip();
    const float stagger_s = clip >= 0 ? clips()[clip].duration_s : 1.0f;
    if (std::string e = crowd.setup(*bound.character, graph(), parameters, view.crowd, 1.2f,
                                    stagger_s, crowd_settings(settings));
        !e.empty()) {
      return e;
    }
  }
  if (previewing) {
    // Each copy plays the clip at its own stride warping's rate: the seconds the clock played
    // this frame (as it advanced them: times its speed, in its direction) lead it on.
    const float direction = clock.running_backwards() ? -1.0f : 1.0f;
    const float played_s =
        clock.playing() ? direction * dt_s * static_cast<float>(clock.speed()) : 0.0f;
    crowd.set_preview(preview_clip, static_cast<float>(clock.time_s()), played_s, clock_play_rate);
  } else {
    crowd.play_graph();
  }
  if (anim::JobResult r = crowd.update(dt_s, parameters, terrain); !r) {
    return std::string("crowd: ") + r.error;
  }
  return {};
}

}  // namespace app
