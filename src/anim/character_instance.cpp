#include "anim/character_instance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/pose.h"
#include "anim/skinning.h"

namespace anim {
namespace {

// Lends the caller's scratch poses to an instance for one update: its own buffers are swapped
// out (no copy) and back in when the update returns, whichever way it returns.
class LentPoses {
 public:
  LentPoses(std::vector<Transform>& local, std::vector<glm::mat4>& model, PoseScratch& scratch)
      : local_(local), model_(model), scratch_(scratch) {
    swap();
  }
  ~LentPoses() { swap(); }
  LentPoses(const LentPoses&) = delete;
  LentPoses& operator=(const LentPoses&) = delete;

 private:
  void swap() {
    local_.swap(scratch_.local);
    model_.swap(scratch_.model);
  }
  std::vector<Transform>& local_;
  std::vector<glm::mat4>& model_;
  PoseScratch& scratch_;
};

bool same_axes(const RootMotionSettings& a, const RootMotionSettings& b) {
  return a.root_joint == b.root_joint && a.extract_x == b.extract_x && a.extract_y == b.extract_y &&
         a.extract_z == b.extract_z && a.extract_yaw == b.extract_yaw;
}

int find_state(const StateMachine& machine, const std::string& name) {
  for (std::size_t i = 0; i < machine.states.size(); ++i) {
    if (machine.states[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

std::string CharacterInstance::build_graph_players(
    const GraphBinding& graph, const RootMotionSettings& root_motion, float input_half_life_s,
    std::vector<BlendSpacePlayer>& blend_players, std::vector<SamplingCache>& layer_caches,
    std::vector<BlendSpacePlayer>& layer_players) const {
  const BoundCharacter& character = *character_;
  const auto build = [&](const BlendSpaceBinding& b, BlendSpacePlayer& player) -> std::string {
    std::vector<const Clip*> clips;
    std::vector<const ClipBinding*> bindings;
    std::vector<const GroundMotion*> ground;
    for (int c : b.clips) {
      clips.push_back(&character.clips[c]);
      bindings.push_back(&character.bindings[c]);
      ground.push_back(character.ground_motion_of(c));
    }
    BlendSpacePlayerSettings settings;
    settings.extract_root_motion = true;
    settings.root_motion = root_motion;
    settings.damping_half_life_s = input_half_life_s;
    settings.clip_binding = character.storage;
    std::string e;
    if (b.one_dimensional) {
      std::vector<float> thresholds;
      for (const glm::vec2& p : b.positions) thresholds.push_back(p.x);
      e = player.build_1d(character.skeleton, clips, bindings, thresholds, settings);
    } else {
      e = player.build_2d(character.skeleton, clips, bindings, b.mode, b.positions, settings);
    }
    if (!e.empty()) return "blend space '" + b.name + "': " + e;
    player.set_ground_motion(ground);
    return {};
  };
  blend_players.clear();
  blend_players.resize(graph.blend_spaces.size());
  for (std::size_t i = 0; i < graph.blend_spaces.size(); ++i) {
    if (std::string e = build(graph.blend_spaces[i], blend_players[i]); !e.empty()) return e;
  }
  layer_caches.clear();
  layer_players.clear();
  layer_players.resize(graph.layers.size());
  for (std::size_t i = 0; i < graph.layers.size(); ++i) {
    const LayerBinding& l = graph.layers[i];
    if (l.blend_space >= 0) {
      layer_caches.emplace_back();
      if (std::string e = build(graph.blend_spaces[l.blend_space], layer_players[i]); !e.empty()) {
        return "layer '" + l.layer.name + "': " + e;
      }
    } else {
      layer_caches.emplace_back(character.clips[l.clip], character.bindings[l.clip]);
    }
  }
  return {};
}

std::string CharacterInstance::bind(const BoundCharacter& character, const GraphBinding& graph) {
  if (std::string e = validate(character.skeleton); !e.empty()) return e;
  if (character.bindings.size() != character.clips.size() ||
      character.morph_bindings.size() != character.clips.size()) {
    return "the character is not bound";
  }
  const BoundCharacter* previous_character = character_;
  character_ = &character;
  std::vector<BlendSpacePlayer> blend_players, layer_players;
  std::vector<SamplingCache> layer_caches;
  if (std::string e =
          build_graph_players(graph, settings_.root_motion, settings_.blend_input_half_life_s,
                              blend_players, layer_caches, layer_players);
      !e.empty()) {
    character_ = previous_character;
    return e;
  }
  inputs_.clear();
  layer_time_.clear();
  const std::size_t joints = character.skeleton.parents.size();
  // What every frame touches is allocated first, next to the blend-space players' contexts, and
  // the clip sources' caches last: a crowd's instances then keep their hot state on few pages
  // (a crowd of 1000: about 5 % faster). A machine's poses and the layers' are sized by
  // adopt_graph, for graphs that have them.
  local_ = character.skeleton.rest_pose;
  model_.assign(joints, glm::mat4(1.0f));
  set_post_process(std::vector<PostProcessEntry>(post_process_));
  palette_.assign(joints, glm::mat4(1.0f));
  dual_quats_.assign(joints, DualQuat{});
  stretch_.assign(joints, glm::mat3(1.0f));
  has_stretch_.assign(joints, 0);
  morph_weights_.clear();
  for (const MorphChannel& channel : character.morph_channels) {
    morph_weights_.push_back(channel.default_weight);
  }
  morph_scratch_ = morph_weights_;
  morph_layer_sum_ = morph_weights_;
  morph_layer_animated_ = morph_weights_;
  morph_pins_.assign(morph_weights_.size(), std::numeric_limits<float>::quiet_NaN());
  inertializer_.init(static_cast<int>(joints));
  weight_inertializer_.init(static_cast<int>(morph_weights_.size()));
  blend_layers_.resize(StateMachinePlayer::kMaxSources);
  clip_last_time_.assign(character.clips.size(), 0.0f);
  measure_root_frame();
  clip_lengths_.clear();
  for (const Clip& clip : character.clips) clip_lengths_.push_back(clip.duration_s);
  source_poses_.clear();
  previous_output_.clear();
  before_previous_output_.clear();
  previous_morph_output_.clear();
  before_previous_morph_output_.clear();
  layer_pose_.clear();
  source_ = GraphSource{};
  adopt_graph(graph, std::move(blend_players), std::move(layer_caches), std::move(layer_players));
  if (graph.has_machine) machine_.init(graph.machine, &graph.pose_matches, &graph.sync_markers);
  caches_.clear();
  for (std::size_t i = 0; i < character.clips.size(); ++i) {
    caches_.emplace_back(character.clips[i], character.bindings[i]);
  }
  // Bound here, the rig's checks and subtree ranges are found once, not every frame.
  rig_ = character.foot_ik_rig;
  if (rig_.legs.empty() || !bind_foot_ik_rig(character.skeleton, rig_).empty()) rig_ = {};
  contact_timelines_.clear();
  for (const Clip& clip : character.clips) {
    for (std::size_t i = 0; i < rig_.legs.size(); ++i) {
      contact_timelines_.push_back(contact_timeline(clip, leg_contact_name(rig_.legs, i)));
    }
  }
  reset();
  return {};
}

std::string CharacterInstance::set_graph(const GraphBinding& graph) {
  if (character_ == nullptr) return "the instance has no character";
  std::vector<BlendSpacePlayer> blend_players, layer_players;
  std::vector<SamplingCache> layer_caches;
  if (std::string e =
          build_graph_players(graph, settings_.root_motion, settings_.blend_input_half_life_s,
                              blend_players, layer_caches, layer_players);
      !e.empty()) {
    return e;
  }
  const GraphBinding* previous_graph = graph_;
  const std::vector<BlendSpacePlayer> previous_players = std::move(blend_players_);
  const StateMachinePlayer previous_machine = std::move(machine_);
  adopt_graph(graph, std::move(blend_players), std::move(layer_caches), std::move(layer_players));
  machine_ = StateMachinePlayer{};
  if (graph.has_machine) machine_.init(graph.machine, &graph.pose_matches, &graph.sync_markers);
  continue_graph(previous_graph, previous_players, previous_machine);
  return {};
}

std::string CharacterInstance::rebind(const BoundCharacter& character, const GraphBinding& graph) {
  CharacterInstance next;
  next.settings_ = settings_;
  if (std::string e = next.bind(character, graph); !e.empty()) return e;
  next.continue_graph(graph_, blend_players_, machine_);
  next.world_ = world_;
  next.foot_ik_state_ = foot_ik_state_;
  next.set_post_process(post_process_);  // same skeleton: the same joints (springs restart)
  const std::size_t clips = std::min(clip_last_time_.size(), next.clip_last_time_.size());
  std::copy_n(clip_last_time_.begin(), clips, next.clip_last_time_.begin());
  if (const PreviewClip* preview = std::get_if<PreviewClip>(&source_);
      preview && preview->clip < static_cast<int>(character.clips.size())) {
    next.source_ = *preview;
  }
  *this = std::move(next);
  return {};
}

void CharacterInstance::continue_graph(const GraphBinding* previous_graph,
                                       std::span<const BlendSpacePlayer> previous_players,
                                       const StateMachinePlayer& previous_machine) {
  const GraphBinding& graph = *graph_;
  // Blend spaces keep their cycle and input point by name.
  for (std::size_t i = 0; i < graph.blend_spaces.size(); ++i) {
    for (std::size_t j = 0;
         previous_graph && j < previous_graph->blend_spaces.size() && j < previous_players.size();
         ++j) {
      if (previous_graph->blend_spaces[j].name == graph.blend_spaces[i].name) {
        blend_players_[i].continue_from(previous_players[j]);
        break;
      }
    }
  }
  // The machine stays in the state of the same name, at the same normalized time.
  if (!graph.has_machine) return;
  int state = graph.machine.entry_state;
  float phase = 0.0f;
  const bool had_machine =
      previous_graph && previous_graph->has_machine && previous_machine.machine() != nullptr;
  if (had_machine) {
    const int old_state = previous_machine.active_state();
    if (old_state >= 0 && old_state < static_cast<int>(previous_graph->machine.states.size())) {
      const int same = find_state(graph.machine, previous_graph->machine.states[old_state].name);
      if (same >= 0) {
        state = same;
        phase = previous_machine.active_normalized_time();
      }
    }
  }
  machine_.resume(state, phase, had_machine ? &previous_machine : nullptr);
}

void CharacterInstance::adopt_graph(const GraphBinding& graph,
                                    std::vector<BlendSpacePlayer>&& blend_players,
                                    std::vector<SamplingCache>&& layer_caches,
                                    std::vector<BlendSpacePlayer>&& layer_players) {
  graph_ = &graph;
  blend_players_ = std::move(blend_players);
  layer_caches_ = std::move(layer_caches);
  layer_players_ = std::move(layer_players);
  touched_count_ = 0;
  blend_lengths_.assign(graph.blend_spaces.size(), 1.0f);
  inputs_.resize(graph.blend_spaces.size(), glm::vec2(0.0f));
  layer_time_.resize(graph.layers.size(), 0.0f);
  layer_weights_.clear();
  for (const LayerBinding& l : graph.layers) layer_weights_.push_back(l.layer.weight);
  const std::size_t joints = local_.size();
  if (graph.has_machine && source_poses_.empty()) {
    // A machine blends up to kMaxSources sources and inertializes from its last two outputs.
    source_poses_.assign(StateMachinePlayer::kMaxSources, std::vector<Transform>(joints));
    previous_output_ = local_;
    before_previous_output_ = local_;
    previous_morph_output_ = morph_weights_;
    before_previous_morph_output_ = morph_weights_;
  }
  if (!graph.layers.empty()) layer_pose_.resize(joints);
}

void CharacterInstance::set_layer_weight(int layer, float weight) {
  if (layer < 0 || layer >= static_cast<int>(layer_weights_.size()) || !std::isfinite(weight)) {
    return;
  }
  layer_weights_[layer] = std::clamp(weight, 0.0f, 1.0f);
}

void CharacterInstance::pin_morph_weight(int channel, float weight) {
  if (channel < 0 || channel >= static_cast<int>(morph_pins_.size()) || !std::isfinite(weight)) {
    return;
  }
  morph_pins_[channel] = weight;
  morph_weights_[channel] = weight;  // shown at once, before the next update
}

void CharacterInstance::unpin_morph_weight(int channel) {
  if (channel < 0 || channel >= static_cast<int>(morph_pins_.size())) return;
  morph_pins_[channel] = std::numeric_limits<float>::quiet_NaN();
}

bool CharacterInstance::morph_weight_pinned(int channel) const {
  return channel >= 0 && channel < static_cast<int>(morph_pins_.size()) &&
         !std::isnan(morph_pins_[channel]);
}

void CharacterInstance::set_preview(int clip, float time_s) {
  if (character_ == nullptr || clip < 0 || clip >= static_cast<int>(character_->clips.size())) {
    return;
  }
  const PreviewClip* previous = std::get_if<PreviewClip>(&source_);
  // Coming from another source, the preview goes on from where a bind leaves it: clip 0 at 0.
  const PreviewClip last = previous ? *previous : PreviewClip{0, 0.0f};
  if (clip != last.clip) {
    clip_last_time_[clip] = wrap_clip_time(character_->clips[clip], time_s);
  }
  // A scrub back, a loop's wrap or a jump: the springs start again from the pose.
  if (clip != last.clip || time_s < last.time_s || time_s > last.time_s + 0.25f) {
    post_state_.reset();
  }
  source_ = PreviewClip{clip, time_s};
}

void CharacterInstance::set_external_source(const ExternalPose& source) {
  if (source.pose.empty()) {
    source_ = GraphSource{};
    return;
  }
  source_ = source;
}

void CharacterInstance::note_touched(bool poses_kept) {
  const CharacterSettings& settings = settings_;
  // Besides the buffers (which move only with a new graph, character or settings, and then set
  // touched_count_ to 0), the ranges depend on which poses and palettes the frame wrote and which
  // clips the blend spaces played: an update that changes none of them, the usual one, notes
  // nothing. The players' versions only grow, so their sum changes when any of them does.
  std::uint64_t stamp = (poses_kept ? 1u : 0u) | (settings.matrix_palette ? 2u : 0u) |
                        (settings.dual_quat_palette ? 4u : 0u);
  for (const BlendSpacePlayer& player : blend_players_) {
    stamp += std::uint64_t{player.weighed_version()} << 3;
  }
  if (touched_count_ != 0 && stamp == touched_stamp_) return;
  touched_stamp_ = stamp;
  const std::span<PrefetchRange> out(touched_);
  std::size_t n = 0;
  if (poses_kept) {  // else they are the caller's scratch, already in cache
    out[n++] = range_of(std::span<const Transform>(local_));
    out[n++] = range_of(std::span<const glm::mat4>(model_));
  }
  if (settings.matrix_palette) out[n++] = range_of(std::span<const glm::mat4>(palette_));
  if (settings.dual_quat_palette) out[n++] = range_of(std::span<const DualQuat>(dual_quats_));
  note_range(std::span<const BlendSpacePlayer>(blend_players_), out, n);
  note_range(std::span<const glm::vec2>(inputs_), out, n);
  note_range(std::span<const float>(blend_lengths_), out, n);
  note_range(std::span<const float>(clip_last_time_), out, n);
  for (const BlendSpacePlayer& player : blend_players_) {
    n += player.touched_ranges(out.subspan(n));
  }
  touched_count_ = merge_ranges(out.first(n));
}

void CharacterInstance::set_post_process(std::span<const PostProcessEntry> entries) {
  std::vector<PostProcessEntry> stack;
  const bool has_foot_ik = std::any_of(entries.begin(), entries.end(), [](const auto& e) {
    return e.kind == PostProcessKind::FootIk;
  });
  if (!has_foot_ik) stack.emplace_back().kind = PostProcessKind::FootIk;
  stack.insert(stack.end(), entries.begin(), entries.end());
  post_process_ = std::move(stack);
  post_state_.resize(post_process_, character_ ? character_->skeleton.parents.size() : 0);
}

bool CharacterInstance::foot_ik_on(const CharacterSettings& settings) const {
  FootIkContext foot;
  foot.enabled = settings.foot_ik && !rig_.legs.empty();
  PostProcessFrame frame;
  frame.procedural = settings.post_process;
  frame.foot_ik = &foot;
  return foot_ik_runs(post_process_, frame);
}

FootIkContext CharacterInstance::foot_ik_context(const CharacterSettings& settings) {
  FootIkContext foot;
  foot.enabled = settings.foot_ik && !rig_.legs.empty();
  foot.rig = &rig_;
  foot.settings = &settings.foot_ik_settings;
  foot.ground = &ground_;
  foot.world_from_model = world_;
  foot.contacts = {contacts_.data(), rig_.legs.size()};
  foot.foot_shifts = {stride_state_.shift.data(), stride_state_.active ? rig_.legs.size() : 0};
  foot.state = &foot_ik_state_;
  foot.debug = &foot_debug_;
  return foot;
}

void CharacterInstance::reset() {
  post_state_.reset();
  if (graph_ && graph_->has_machine) machine_.reset();
  std::fill(clip_last_time_.begin(), clip_last_time_.end(), 0.0f);
  world_ = Transform::identity();
  foot_ik_state_ = {};
  stride_state_ = {};
  root_step_ = {};
}

void CharacterInstance::measure_root_frame() {
  const Skeleton& skeleton = character_->skeleton;
  const int root = settings_.root_motion.root_joint;
  root_frame_ = root >= 0 && root < skeleton.joint_count() ? root_rest_frame(skeleton, root)
                                                           : RootRestFrame{};
  clip_cursors_.assign(character_->clips.size(), RootMotionCursor{});
}

std::string CharacterInstance::set_settings(const CharacterSettings& settings) {
  if (settings == settings_) return {};
  if (character_ == nullptr || graph_ == nullptr ||
      (same_axes(settings.root_motion, settings_.root_motion) &&
       settings.blend_input_half_life_s == settings_.blend_input_half_life_s)) {
    settings_ = settings;
    return {};
  }
  // The blend-space players extract with these axes and smooth with this half-life.
  std::vector<BlendSpacePlayer> blend_players, layer_players;
  std::vector<SamplingCache> layer_caches;
  if (std::string e =
          build_graph_players(*graph_, settings.root_motion, settings.blend_input_half_life_s,
                              blend_players, layer_caches, layer_players);
      !e.empty()) {
    return "character instance: " + e;
  }
  for (std::size_t i = 0; i < blend_players.size(); ++i) {
    blend_players[i].continue_from(blend_players_[i]);
  }
  blend_players_ = std::move(blend_players);
  layer_caches_ = std::move(layer_caches);
  layer_players_ = std::move(layer_players);
  touched_count_ = 0;
  settings_ = settings;
  measure_root_frame();
  return {};
}

JobResult CharacterInstance::update(float dt_s, Parameters& parameters, const Terrain& terrain) {
  return compose_frame(dt_s, parameters, terrain, true);
}

JobResult CharacterInstance::update(float dt_s, Parameters& parameters, const Terrain& terrain,
                                    PoseScratch& scratch) {
  if (scratch.local.size() != local_.size() || scratch.model.size() != model_.size()) {
    return JobResult::fail("character instance: the pose scratch is not sized for the skeleton");
  }
  const LentPoses lent(local_, model_, scratch);
  return compose_frame(dt_s, parameters, terrain, false);
}

JobResult CharacterInstance::compose_frame(float dt_s, Parameters& parameters,
                                           const Terrain& terrain, bool poses_kept) {
  if (character_ == nullptr || graph_ == nullptr) {
    return JobResult::fail("character instance: not bound");
  }
  dt_s = std::isfinite(dt_s) ? std::clamp(dt_s, 0.0f, 0.25f) : 0.0f;
  if (!(ground_.terrain() == terrain)) ground_ = GroundProber(terrain);
  SourceMix mix;
  if (const ExternalPose* external = std::get_if<ExternalPose>(&source_)) {
    if (JobResult r = take_external_pose(*external); !r) return r;
    // Its clock ran at the play rate stride warping asked, as the graph's does (the
    // motion-matching controller plays its clip at warp_play_rate()): the gait's speed and the
    // stance left are measured at the authored pace.
    source_advance_s_ = dt_s * stride_state_.play_rate;
  } else {
    // The graph's clock (its machine's states and blend spaces) runs at stride warping's play
    // rate; the machine's transitions last their seconds of dt_s (pick_sources).
    const float source_dt_s = dt_s * stride_state_.play_rate;
    WeightedSource single;
    std::span<const WeightedSource> sources;
    if (JobResult r = pick_sources(dt_s, parameters, single, sources); !r) return r;
    if (JobResult r = mix_sources(sources, source_dt_s, parameters, mix); !r) return r;
  }
  track_dominant_clip_rate();
  if (JobResult r = inertialize(dt_s); !r) return r;
  if (JobResult r = apply_layers(dt_s, parameters); !r) return r;
  keep_outputs(dt_s);
  if (!rig_.legs.empty()) update_contacts();
  bool model_current = false;
  if (JobResult r = warp_locomotion(settings_, mix.heaviest_blend_space, dt_s, model_current); !r) {
    return r;
  }
  place_in_world(settings_);
  // The stack (foot IK one of its entries) works on a current model pose: the warps may have
  // left one.
  if (!model_current) {
    if (JobResult r = local_to_model(character_->skeleton, local_, model_); !r) return r;
  }
  return finish_pose(dt_s, poses_kept);
}

// Inertialization: at the switch the offset is taken from the last two outputs.
JobResult CharacterInstance::inertialize(float dt_s) {
  if (graph_->has_machine && std::holds_alternative<GraphSource>(source_) &&
      machine_.inertialization_started()) {
    if (JobResult r = inertializer_.start(before_previous_output_, previous_output_, local_,
                                          last_dt_, machine_.inertialization_duration_s());
        !r) {
      return r;
    }
    // The shapes decay from the source's last weights as the joints do.
    if (JobResult r = weight_inertializer_.start(before_previous_morph_output_,
                                                 previous_morph_output_, morph_weights_, last_dt_,
                                                 machine_.inertialization_duration_s());
        !r) {
      return r;
    }
  } else {
    inertializer_.advance(dt_s);
    weight_inertializer_.advance(dt_s);
  }
  if (JobResult r = inertializer_.apply(local_); !r) return r;
  return weight_inertializer_.apply(morph_weights_);
}

// Pinned shapes over the frame's weights, and the last two outputs for the machine's
// inertialized switches (a swap, not a second copy).
void CharacterInstance::keep_outputs(float dt_s) {
  for (std::size_t c = 0; c < morph_pins_.size(); ++c) {
    if (!std::isnan(morph_pins_[c])) morph_weights_[c] = morph_pins_[c];
  }
  if (graph_->has_machine) {
    previous_output_.swap(before_previous_output_);
    std::copy(local_.begin(), local_.end(), previous_output_.begin());
    previous_morph_output_.swap(before_previous_morph_output_);
    std::copy(morph_weights_.begin(), morph_weights_.end(), previous_morph_output_.begin());
  }
  if (dt_s > 0.0f) last_dt_ = dt_s;
}

void CharacterInstance::place_in_world(const CharacterSettings& settings) {
  if (settings.root_motion_mode == RootMotionMode::Applied) {
    world_ = accumulate_root_motion(world_, root_step_);
  } else if (settings.foot_ik && !rig_.legs.empty()) {
    // Held in place, the character treads on ground that runs back under it by the step it
    // did not take; its locked feet run with that ground.
    run_ground_under_locks(foot_ik_state_, treadmill_motion(world_, step_transform(root_step_)));
  }
  // The character stands on the ground under its root (stairs smoothed into a ramp, so the
  // root glides rather than jumps); foot IK then fits the feet.
  world_.translation.y = ground_.smoothed_height(world_.translation.x, world_.translation.z);
}

// The post-process stack (foot IK one of its entries) on the model pose, then the palettes.
JobResult CharacterInstance::finish_pose(float dt_s, bool poses_kept) {
  const CharacterSettings& settings = settings_;
  const Skeleton& skeleton = character_->skeleton;
  const FootIkContext foot = foot_ik_context(settings);
  PostProcessFrame frame;
  // Of the stack's entries only spring chains read the world matrix (run_entry): the usual stack,
  // foot IK alone, is spared building it every frame.
  const bool springs =
      std::any_of(post_process_.begin(), post_process_.end(),
                  [](const PostProcessEntry& e) { return e.kind == PostProcessKind::Spring; });
  if (springs) frame.world = world_matrix();
  frame.dt_s = dt_s;
  frame.procedural = settings.post_process;
  frame.foot_ik = &foot;
  if (JobResult r = run_post_process(skeleton, post_process_, frame, post_state_, local_, model_);
      !r) {
    return r;
  }
  if (note_touched_) note_touched(poses_kept);
  if (settings.matrix_palette) {
    if (JobResult r = anim::skinning_matrices(model_, skeleton.inverse_bind, palette_); !r)
      return r;
  }
  if (settings.dual_quat_palette) {
    return settings.matrix_palette
               ? anim::dual_quats_from_palette(palette_, dual_quats_, stretch_, has_stretch_)
               : anim::skinning_dual_quats(model_, skeleton.inverse_bind, dual_quats_, stretch_,
                                           has_stretch_);
  }
  return JobResult::ok();
}

}  // namespace anim
