#include "anim/character_player.h"

#include <algorithm>
#include <cmath>

#include "anim/foot_contact.h"
#include "anim/pose.h"
#include "anim/skinning.h"

namespace anim {
namespace {

bool same_axes(const RootMotionSettings& a, const RootMotionSettings& b) {
  return a.root_joint == b.root_joint && a.extract_x == b.extract_x && a.extract_y == b.extract_y &&
         a.extract_z == b.extract_z && a.extract_yaw == b.extract_yaw;
}

// How far a clip's playhead moved from `from` to `to`, both wrapped into the clip: a looping
// clip that jumped back by more than half its length has wrapped forward (and vice versa).
float playhead_advance(const Clip& clip, float from, float to) {
  float d = to - from;
  if (clip.loop && clip.duration_s > 0.0f) {
    if (d < -0.5f * clip.duration_s) d += clip.duration_s;
    if (d > 0.5f * clip.duration_s) d -= clip.duration_s;
  }
  return d;
}

}  // namespace

std::size_t CharacterPlayer::clip_memory_bytes() const {
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < bindings_.size() && i < graph_.clips.size(); ++i) {
    bytes += sampled_bytes(graph_.clips[i], bindings_[i]);
  }
  return bytes;
}

std::string CharacterPlayer::init(const CharacterGraph& graph, const Parameters& parameters,
                                  const BindOptions& clip_binding) {
  if (!graph.skeleton) return "no skeleton";
  if (std::string e = validate(*graph.skeleton); !e.empty()) return e;
  const Skeleton& skeleton = *graph.skeleton;
  const int clip_count = static_cast<int>(graph.clips.size());
  for (const BlendSpaceBinding& b : graph.blend_spaces) {
    if (b.clips.empty() || b.clips.size() != b.positions.size()) {
      return "blend space '" + b.name + "' has no samples or a position count that differs";
    }
    for (int c : b.clips) {
      if (c < 0 || c >= clip_count) return "blend space '" + b.name + "' names a missing clip";
    }
  }
  for (const LayerBinding& l : graph.layers) {
    if (l.clip < 0 || l.clip >= clip_count) return "layer '" + l.layer.name + "' has no clip";
  }
  if (graph.machine) {
    const std::string e = validate(*graph.machine, parameters, clip_count,
                                   static_cast<int>(graph.blend_spaces.size()));
    if (!e.empty()) return e;
  }
  graph_ = graph;
  const std::size_t joints = skeleton.parents.size();
  bindings_.clear();
  caches_.clear();
  clip_binding_ = clip_binding;
  for (const Clip& clip : graph.clips) {
    bindings_.push_back(bind_clip(clip, skeleton, clip_binding));
    caches_.emplace_back(clip, bindings_.back());
  }
  clip_last_time_.assign(graph.clips.size(), 0.0f);
  clip_lengths_.clear();
  for (const Clip& clip : graph.clips) clip_lengths_.push_back(clip.duration_s);
  blend_lengths_.assign(graph.blend_spaces.size(), 1.0f);
  inputs_.assign(graph.blend_spaces.size(), glm::vec2(0.0f));
  if (std::string e = build_blend_players(built_root_motion_, built_input_half_life_s_);
      !e.empty()) {
    return e;
  }
  if (graph.machine) {
    if (std::string e = build_pose_matches(); !e.empty()) return e;
    machine_.init(*graph.machine, &pose_matches_);
  }
  inertializer_.init(static_cast<int>(joints));
  source_poses_.assign(StateMachinePlayer::kMaxSources, std::vector<Transform>(joints));
  blend_layers_.resize(StateMachinePlayer::kMaxSources);
  local_ = skeleton.rest_pose;
  previous_output_ = local_;
  before_previous_output_ = local_;
  layer_pose_.assign(joints, Transform{});
  layer_caches_.clear();
  layer_time_.assign(graph.layers.size(), 0.0f);
  for (const LayerBinding& l : graph.layers) {
    layer_caches_.emplace_back(graph.clips[l.clip], bindings_[l.clip]);
  }
  model_.assign(joints, glm::mat4(1.0f));
  palette_.assign(joints, glm::mat4(1.0f));
  dual_quats_.assign(joints, DualQuat{});
  stretch_.assign(joints, glm::mat3(1.0f));
  has_stretch_.assign(joints, 0);
  preview_clip_ = graph.clips.empty() ? -1 : 0;
  reset();
  return {};
}

std::string CharacterPlayer::build_pose_matches() {
  // One table per clip pair that a pose-matched transition between two clip states joins.
  pose_matches_.tables.clear();
  const StateMachine& m = *graph_.machine;
  PoseMatchWeights weights;
  weights.joint_weights.assign(graph_.skeleton->parents.size(), 1.0f);
  for (const Transition& t : m.transitions) {
    if (!t.pose_matched_entry || t.source == kAnyState) continue;
    const State& from = m.states[t.source];
    const State& to = m.states[t.target];
    if (from.kind != StateKind::Clip || to.kind != StateKind::Clip) continue;
    if (pose_matches_.find(from.index, to.index)) continue;
    PoseMatchTable table;
    const std::string e =
        build_pose_match_table(*graph_.skeleton, graph_.clips[from.index], from.index,
                               graph_.clips[to.index], to.index, weights, table);
    if (!e.empty()) return "pose matching '" + from.name + "' -> '" + to.name + "': " + e;
    pose_matches_.tables.push_back(std::move(table));
  }
  return {};
}

std::string CharacterPlayer::build_blend_players(const RootMotionSettings& root_motion,
                                                 float input_half_life_s) {
  built_root_motion_ = root_motion;
  built_input_half_life_s_ = input_half_life_s;
  blend_players_.clear();
  blend_players_.resize(graph_.blend_spaces.size());
  for (std::size_t i = 0; i < graph_.blend_spaces.size(); ++i) {
    const BlendSpaceBinding& b = graph_.blend_spaces[i];
    std::vector<const Clip*> clips;
    for (int c : b.clips) clips.push_back(&graph_.clips[c]);
    BlendSpacePlayerSettings settings;
    settings.extract_root_motion = true;
    settings.root_motion = root_motion;
    settings.damping_half_life_s = input_half_life_s;
    settings.clip_binding = clip_binding_;
    std::string e;
    if (b.one_dimensional) {
      std::vector<float> thresholds;
      for (const glm::vec2& p : b.positions) thresholds.push_back(p.x);
      e = blend_players_[i].build_1d(*graph_.skeleton, clips, thresholds, settings);
    } else {
      e = blend_players_[i].build_2d(*graph_.skeleton, clips, b.mode, b.positions, settings);
    }
    if (!e.empty()) return "blend space '" + b.name + "': " + e;
  }
  return {};
}

std::string CharacterPlayer::set_foot_ik_rig(const FootIkRig& rig) {
  if (!graph_.skeleton) return "no skeleton";
  if (!rig.legs.empty()) {
    if (std::string e = validate(*graph_.skeleton, rig); !e.empty()) return e;
  }
  rig_ = rig;
  foot_ik_state_ = {};
  return {};
}

void CharacterPlayer::set_preview(int clip, float time_s) {
  if (clip < 0 || clip >= static_cast<int>(graph_.clips.size())) return;
  if (clip != preview_clip_) clip_last_time_[clip] = wrap_clip_time(graph_.clips[clip], time_s);
  preview_clip_ = clip;
  preview_time_ = time_s;
  previewing_ = true;
}

void CharacterPlayer::reset() {
  if (graph_.machine) machine_.reset();
  std::fill(clip_last_time_.begin(), clip_last_time_.end(), 0.0f);
  world_ = Transform::identity();
  foot_ik_state_ = {};
  root_step_ = {};
}

void CharacterPlayer::sample_clip_source(int clip_index, float time_s, std::span<Transform> out,
                                         RootMotionDelta& step) {
  const Clip& clip = graph_.clips[clip_index];
  const Skeleton& skeleton = *graph_.skeleton;
  const float t = wrap_clip_time(clip, time_s);
  sample_clip(clip, bindings_[clip_index], skeleton, t, caches_[clip_index], out);
  const float advance = playhead_advance(clip, clip_last_time_[clip_index], t);
  step = extract_root_motion(clip, bindings_[clip_index], skeleton, built_root_motion_,
                             clip_last_time_[clip_index], advance);
  clip_last_time_[clip_index] = t;
  remove_root_motion(skeleton, built_root_motion_, out);
}

void CharacterPlayer::evaluate_source(const WeightedSource& source, float dt_s,
                                      const Parameters& parameters, std::span<Transform> out,
                                      RootMotionDelta& step) {
  if (source.kind == SourceKind::Clip) {
    sample_clip_source(source.index, source.time_s, out, step);
    return;
  }
  const BlendSpaceBinding& b = graph_.blend_spaces[source.index];
  const glm::vec2 input(parameters.get(b.x_parameter), parameters.get(b.y_parameter));
  inputs_[source.index] = input;
  blend_players_[source.index].update(dt_s, input, out, step);
}

void CharacterPlayer::update(float dt_s, Parameters& parameters, const CharacterSettings& settings,
                             const Terrain& terrain) {
  if (!graph_.skeleton) return;
  const Skeleton& skeleton = *graph_.skeleton;
  if (!same_axes(settings.root_motion, built_root_motion_) ||
      settings.blend_input_half_life_s != built_input_half_life_s_) {
    // A settings edit, not a per-frame cost.
    build_blend_players(settings.root_motion, settings.blend_input_half_life_s);
  }
  dt_s = std::isfinite(dt_s) ? std::clamp(dt_s, 0.0f, 0.25f) : 0.0f;

  // Sources and their weights: the previewed clip alone, the machine's, or the first blend space.
  WeightedSource single;
  single.weight = 1.0f;
  std::span<const WeightedSource> sources;
  if (previewing_ || (!graph_.machine && graph_.blend_spaces.empty())) {
    if (preview_clip_ >= 0) {
      single.kind = SourceKind::Clip;
      single.index = preview_clip_;
      single.time_s = preview_time_;
      sources = {&single, 1};
    }
  } else if (graph_.machine) {
    for (std::size_t i = 0; i < blend_players_.size(); ++i) {
      const BlendSpacePlayer& p = blend_players_[i];
      blend_lengths_[i] =
          p.weights().empty() ? 1.0f : blended_cycle_duration(p.sync(), p.weights());
    }
    machine_.update(dt_s, parameters, {clip_lengths_, blend_lengths_});
    sources = machine_.sources();
  } else {
    single.kind = SourceKind::BlendSpace;
    single.index = 0;
    sources = {&single, 1};
  }

  // Sample every source, blend poses and root motion.
  root_step_ = {};
  float total = 0.0f, heaviest = -1.0f;
  std::size_t used = 0;
  for (const WeightedSource& source : sources) {
    if (used >= source_poses_.size() || source.weight <= 0.0f) continue;
    RootMotionDelta step;
    evaluate_source(source, dt_s, parameters, source_poses_[used], step);
    blend_layers_[used] = {source_poses_[used], source.weight, {}};
    root_step_.translation += step.translation * source.weight;
    root_step_.yaw_rad += step.yaw_rad * source.weight;
    total += source.weight;
    if (source.weight > heaviest) {
      heaviest = source.weight;
      if (source.kind == SourceKind::Clip) {
        dominant_clip_ = source.index;
        dominant_time_ = wrap_clip_time(graph_.clips[source.index], source.time_s);
      } else {
        const BlendSpacePlayer& p = blend_players_[source.index];
        const auto w = p.weights();
        const auto best = std::max_element(w.begin(), w.end()) - w.begin();
        dominant_clip_ = graph_.blend_spaces[source.index].clips[best];
        dominant_time_ = p.clip_time(static_cast<int>(best));
      }
    }
    ++used;
  }
  if (total > 0.0f) {
    root_step_.translation /= total;
    root_step_.yaw_rad /= total;
    blend_poses({blend_layers_.data(), used}, skeleton.rest_pose, local_);
  } else {
    std::copy(skeleton.rest_pose.begin(), skeleton.rest_pose.end(), local_.begin());
  }

  // Inertialization: at the switch the offset is taken from the last two outputs.
  if (graph_.machine && !previewing_ && machine_.inertialization_started()) {
    inertializer_.start(before_previous_output_, previous_output_, local_, last_dt_,
                        machine_.inertialization_duration_s());
  } else {
    inertializer_.advance(dt_s);
  }
  inertializer_.apply(local_);

  apply_layers(dt_s);
  std::copy(previous_output_.begin(), previous_output_.end(), before_previous_output_.begin());
  std::copy(local_.begin(), local_.end(), previous_output_.begin());
  if (dt_s > 0.0f) last_dt_ = dt_s;

  if (settings.root_motion_mode == RootMotionMode::Applied) {
    world_ = accumulate_root_motion(world_, root_step_);
  }
  // The character stands on the ground under its root (stairs smoothed into a ramp, so the
  // root glides rather than jumps); foot IK then fits the feet.
  world_.translation.y = smoothed_height(terrain, world_.translation.x, world_.translation.z);

  local_to_model(skeleton, local_, model_);
  if (settings.foot_ik && !rig_.legs.empty()) {
    FootIkSettings ik = settings.foot_ik_settings;
    update_contacts();
    solve_foot_ik(skeleton, rig_, ik, terrain, world_, {contacts_.data(), rig_.legs.size()}, dt_s,
                  foot_ik_state_, local_, model_, &foot_debug_);
  } else {
    foot_debug_ = {};
  }
  anim::skinning_matrices(model_, skeleton.inverse_bind, palette_);
  anim::skinning_dual_quats(model_, skeleton.inverse_bind, dual_quats_, stretch_, has_stretch_);
}

void CharacterPlayer::apply_layers(float dt_s) {
  const Skeleton& skeleton = *graph_.skeleton;
  for (std::size_t i = 0; i < graph_.layers.size(); ++i) {
    const LayerBinding& l = graph_.layers[i];
    if (l.layer.weight <= 0.0f) continue;
    const Clip& clip = graph_.clips[l.clip];
    layer_time_[i] = wrap_clip_time(clip, layer_time_[i] + dt_s);
    sample_clip(clip, bindings_[l.clip], skeleton, layer_time_[i], layer_caches_[i], layer_pose_);
    if (l.layer.mode == LayerMode::Additive) {
      make_additive_delta(skeleton.rest_pose, layer_pose_, layer_pose_);
    }
    apply_layer(l.layer, layer_pose_, local_);
  }
}

void CharacterPlayer::update_contacts() {
  contacts_.fill(false);
  if (dominant_clip_ < 0) return;
  const Clip& clip = graph_.clips[dominant_clip_];
  for (std::size_t i = 0; i < rig_.legs.size(); ++i) {
    contacts_[i] = foot_planted_at(clip, leg_contact_name(rig_.legs, i), dominant_time_);
  }
}

}  // namespace anim
