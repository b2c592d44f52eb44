#include "anim/character_instance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/pose.h"
#include "anim/skinning.h"

namespace anim {
namespace {

// The poses of the frames that do not keep them (CharacterSettings::keep_poses): one pair per
// thread, grown to the largest skeleton it has composed.
struct ThreadPoses {
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
};

ThreadPoses& thread_poses() {
  static thread_local ThreadPoses poses;
  return poses;
}

// Lends the thread's poses to an instance for one update: its own buffers are swapped out (no
// copy) and back in when the update returns, whichever way it returns.
class LentPoses {
 public:
  LentPoses(std::vector<Transform>& local, std::vector<glm::mat4>& model, bool lend)
      : local_(local), model_(model), lent_(lend) {
    if (!lent_) return;
    ThreadPoses& poses = thread_poses();
    poses.local.resize(local_.size());
    poses.model.resize(model_.size());
    swap();
  }
  ~LentPoses() {
    if (lent_) swap();
  }
  LentPoses(const LentPoses&) = delete;
  LentPoses& operator=(const LentPoses&) = delete;

 private:
  void swap() {
    local_.swap(thread_poses().local);
    model_.swap(thread_poses().model);
  }
  std::vector<Transform>& local_;
  std::vector<glm::mat4>& model_;
  bool lent_;
};

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

int find_state(const StateMachine& machine, const std::string& name) {
  for (std::size_t i = 0; i < machine.states.size(); ++i) {
    if (machine.states[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// The input point of blend space b for the current parameter values (x alone for 1D).
glm::vec2 blend_input(const BlendSpaceBinding& b, const Parameters& parameters) {
  return {parameters.get(b.x_parameter), parameters.get(b.y_parameter)};
}

// Whether a built player has not played yet: its weights are all still zero.
bool never_played(const BlendSpacePlayer& player) {
  const std::span<const float> w = player.weights();
  return !w.empty() && std::none_of(w.begin(), w.end(), [](float x) { return x > 0.0f; });
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
  if (std::string e = build_graph_players(graph, built_root_motion_, built_input_half_life_s_,
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
  preview_clip_ = character.clips.empty() ? -1 : 0;
  adopt_graph(graph, std::move(blend_players), std::move(layer_caches), std::move(layer_players));
  if (graph.has_machine) machine_.init(graph.machine, &graph.pose_matches, &graph.sync_markers);
  caches_.clear();
  for (std::size_t i = 0; i < character.clips.size(); ++i) {
    caches_.emplace_back(character.clips[i], character.bindings[i]);
  }
  rig_ = {};
  if (!character.foot_ik_rig.legs.empty() &&
      validate(character.skeleton, character.foot_ik_rig).empty()) {
    rig_ = character.foot_ik_rig;
  }
  reset();
  return {};
}

std::string CharacterInstance::set_graph(const GraphBinding& graph) {
  if (character_ == nullptr) return "the instance has no character";
  std::vector<BlendSpacePlayer> blend_players, layer_players;
  std::vector<SamplingCache> layer_caches;
  if (std::string e = build_graph_players(graph, built_root_motion_, built_input_half_life_s_,
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
  if (std::string e = next.bind(character, graph); !e.empty()) return e;
  next.continue_graph(graph_, blend_players_, machine_);
  next.world_ = world_;
  next.foot_ik_state_ = foot_ik_state_;
  next.set_post_process(post_process_);  // same skeleton: the same joints (springs restart)
  const std::size_t clips = std::min(clip_last_time_.size(), next.clip_last_time_.size());
  std::copy_n(clip_last_time_.begin(), clips, next.clip_last_time_.begin());
  if (previewing_ && preview_clip_ < static_cast<int>(character.clips.size())) {
    next.previewing_ = true;
    next.preview_clip_ = preview_clip_;
    next.preview_time_ = preview_time_;
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
  if (clip != preview_clip_) {
    clip_last_time_[clip] = wrap_clip_time(character_->clips[clip], time_s);
  }
  // A scrub back, a loop's wrap or a jump: the springs start again from the pose.
  if (clip != preview_clip_ || time_s < preview_time_ || time_s > preview_time_ + 0.25f) {
    post_state_.reset();
  }
  preview_clip_ = clip;
  preview_time_ = time_s;
  previewing_ = true;
}

void CharacterInstance::prefetch() const {
  anim::prefetch(std::span<const PrefetchRange>(touched_.data(), touched_count_));
}

void CharacterInstance::note_touched(const CharacterSettings& settings) {
  const std::span<PrefetchRange> out(touched_);
  std::size_t n = 0;
  if (settings.keep_poses) {  // else they are the thread's, already in cache
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
  touched_count_ = n;
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

FootIkContext CharacterInstance::foot_ik_context(const CharacterSettings& settings,
                                                 const Terrain& terrain) {
  FootIkContext foot;
  foot.enabled = settings.foot_ik && !rig_.legs.empty();
  foot.rig = &rig_;
  foot.settings = &settings.foot_ik_settings;
  foot.terrain = &terrain;
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

JobResult CharacterInstance::sample_clip_source(int clip_index, float time_s,
                                                std::span<Transform> out, RootMotionDelta& step) {
  const Clip& clip = character_->clips[clip_index];
  const ClipBinding& binding = character_->bindings[clip_index];
  const Skeleton& skeleton = character_->skeleton;
  const float t = wrap_clip_time(clip, time_s);
  if (JobResult r = sample_clip(clip, binding, skeleton, t, caches_[clip_index], out); !r) return r;
  const float advance = playhead_advance(clip, clip_last_time_[clip_index], t);
  // A clip played in place moves by the ground motion its feet give (foot locking needs it).
  const GroundMotion* ground = character_->ground_motion_of(clip_index);
  step =
      ground
          ? extract_ground_motion(*ground, built_root_motion_, clip_last_time_[clip_index], advance)
          : extract_root_motion(clip, binding, skeleton, built_root_motion_, root_frame_,
                                clip_last_time_[clip_index], advance, clip_cursors_[clip_index]);
  clip_last_time_[clip_index] = t;
  return remove_root_motion(skeleton, built_root_motion_, root_frame_, out);
}

void CharacterInstance::measure_root_frame() {
  const Skeleton& skeleton = character_->skeleton;
  const int root = built_root_motion_.root_joint;
  root_frame_ = root >= 0 && root < skeleton.joint_count() ? root_rest_frame(skeleton, root)
                                                           : RootRestFrame{};
  clip_cursors_.assign(character_->clips.size(), RootMotionCursor{});
}

JobResult CharacterInstance::evaluate_source(const WeightedSource& source, float dt_s,
                                             const Parameters& parameters, std::span<Transform> out,
                                             RootMotionDelta& step) {
  if (source.kind == SourceKind::Clip)
    return sample_clip_source(source.index, source.time_s, out, step);
  const BlendSpaceBinding& b = graph_->blend_spaces[source.index];
  const glm::vec2 input = blend_input(b, parameters);
  inputs_[source.index] = input;
  BlendSpacePlayer& player = blend_players_[source.index];
  if (!graph_->has_machine) return player.update(dt_s, input, out, step);
  // A machine's state plays its blend at the machine's normalized time: the shared phase over
  // its segment count (sync_group.h), so entry offsets and sync groups reach the blend.
  const double phase = source.normalized_time * player.sync().segment_count;
  return player.update_at(phase, dt_s, input, out, step);
}

void CharacterInstance::set_external_source(std::span<const Transform> pose,
                                            const RootMotionDelta& step, int clip,
                                            float clip_time_s, const Clip* contacts_clip) {
  external_pose_ = pose;
  external_step_ = step;
  external_clip_ = clip;
  external_time_s_ = clip_time_s;
  external_contacts_clip_ = contacts_clip;
}

JobResult CharacterInstance::update(float dt_s, Parameters& parameters,
                                    const CharacterSettings& settings, const Terrain& terrain) {
  if (character_ == nullptr || graph_ == nullptr) {
    return JobResult::fail("character instance: not bound");
  }
  const LentPoses lent(local_, model_, !settings.keep_poses);
  const Skeleton& skeleton = character_->skeleton;
  const GraphBinding& graph = *graph_;
  if (!same_axes(settings.root_motion, built_root_motion_) ||
      settings.blend_input_half_life_s != built_input_half_life_s_) {
    // A settings edit, not a per-frame cost: the blend-space players extract with these axes.
    std::vector<BlendSpacePlayer> blend_players, layer_players;
    std::vector<SamplingCache> layer_caches;
    if (!build_graph_players(graph, settings.root_motion, settings.blend_input_half_life_s,
                             blend_players, layer_caches, layer_players)
             .empty()) {
      return JobResult::fail("character instance: the root motion joint is not in the skeleton");
    }
    for (std::size_t i = 0; i < blend_players.size(); ++i) {
      blend_players[i].continue_from(blend_players_[i]);
    }
    blend_players_ = std::move(blend_players);
    layer_caches_ = std::move(layer_caches);
    layer_players_ = std::move(layer_players);
    touched_count_ = 0;
    built_root_motion_ = settings.root_motion;
    built_input_half_life_s_ = settings.blend_input_half_life_s;
    measure_root_frame();
  }
  dt_s = std::isfinite(dt_s) ? std::clamp(dt_s, 0.0f, 0.25f) : 0.0f;

  // Sources and their weights: the previewed clip alone, the machine's, or the first blend space.
  WeightedSource single;
  single.weight = 1.0f;
  std::span<const WeightedSource> sources;
  if (previewing_ || (!graph.has_machine && graph.blend_spaces.empty())) {
    if (preview_clip_ >= 0) {
      single.kind = SourceKind::Clip;
      single.index = preview_clip_;
      single.time_s = preview_time_;
      sources = {&single, 1};
    }
  } else if (graph.has_machine) {
    // The machine's clock of a blend-space state counts the blend's segments (phase / count),
    // so a cycle lasts segment_count times the blend's current segment. A player that has not
    // played has no weights to time it by: it plays its phase once in place first (into local_,
    // which the sources overwrite), so a first frame times it as one after a paused frame does.
    for (std::size_t i = 0; i < blend_players_.size(); ++i) {
      BlendSpacePlayer& p = blend_players_[i];
      if (never_played(p)) {
        RootMotionDelta none;
        const glm::vec2 input = blend_input(graph.blend_spaces[i], parameters);
        if (JobResult r = p.update_at(p.phase(), 0.0f, input, local_, none); !r) return r;
      }
      const int segment = std::min(static_cast<int>(p.phase()), p.sync().segment_count - 1);
      blend_lengths_[i] =
          p.weights().empty()
              ? 1.0f
              : p.sync().segment_count * blended_segment_duration(p.sync(), p.weights(), segment);
    }
    machine_.update(dt_s, parameters, {clip_lengths_, blend_lengths_});
    sources = machine_.sources();
  } else {
    single.kind = SourceKind::BlendSpace;
    single.index = 0;
    sources = {&single, 1};
  }

  const bool external = external_pose_.size() == local_.size();
  if (external) sources = {};  // the external source replaces them

  // Sample every source, blend poses and root motion.
  root_step_ = {};
  contacts_clip_ = nullptr;
  float total = 0.0f, heaviest = -1.0f;
  int heaviest_blend_space = -1;
  std::size_t used = 0;
  // A lone source is the frame's pose: it is evaluated straight into local_, without a blend
  // pass that would only copy it (the crowd and the 3-clip frame play one blend space).
  const bool lone_source = sources.size() == 1;
  std::fill(morph_weights_.begin(), morph_weights_.end(), 0.0f);
  morph_total_ = 0.0f;
  for (const WeightedSource& source : sources) {
    if (source.weight <= 0.0f || (!lone_source && used >= source_poses_.size())) continue;
    RootMotionDelta step;
    const std::span<Transform> pose =
        lone_source ? std::span<Transform>(local_) : std::span<Transform>(source_poses_[used]);
    if (JobResult r = evaluate_source(source, dt_s, parameters, pose, step); !r) return r;
    if (JobResult r = accumulate_source_morph(source); !r) return r;
    if (!lone_source) blend_layers_[used] = {source_poses_[used], source.weight, {}};
    root_step_.translation += step.translation * source.weight;
    root_step_.yaw_rad += step.yaw_rad * source.weight;
    total += source.weight;
    if (source.weight > heaviest) {
      heaviest = source.weight;
      heaviest_blend_space = source.kind == SourceKind::BlendSpace ? source.index : -1;
      if (source.kind == SourceKind::Clip) {
        dominant_clip_ = source.index;
        dominant_time_ = wrap_clip_time(character_->clips[source.index], source.time_s);
      } else if (const BlendSpacePlayer& p = blend_players_[source.index]; !p.weights().empty()) {
        const auto w = p.weights();
        const auto best = std::max_element(w.begin(), w.end()) - w.begin();
        dominant_clip_ = graph.blend_spaces[source.index].clips[best];
        dominant_time_ = p.clip_time(static_cast<int>(best));
      }
    }
    ++used;
  }
  if (total > 0.0f) {
    root_step_.translation /= total;
    root_step_.yaw_rad /= total;
    if (!lone_source) {
      if (JobResult r = blend_poses({blend_layers_.data(), used}, skeleton.rest_pose, local_); !r) {
        return r;
      }
    }
  } else if (external) {
    std::copy(external_pose_.begin(), external_pose_.end(), local_.begin());
    root_step_ = external_step_;
    dominant_clip_ = external_clip_;
    dominant_time_ = external_time_s_;
    contacts_clip_ = external_contacts_clip_;
  } else {
    std::copy(skeleton.rest_pose.begin(), skeleton.rest_pose.end(), local_.begin());
  }
  // An external source (motion matching) carries no weights: the defaults, as the rest pose.
  if (JobResult r =
          normalize_morph_weights(character_->morph_channels, morph_total_, morph_weights_);
      !r) {
    return r;
  }
  root_motion_from_feet_ =
      total > 0.0f && dominant_clip_ >= 0 && character_->ground_motion_of(dominant_clip_);

  // Inertialization: at the switch the offset is taken from the last two outputs.
  if (graph.has_machine && !previewing_ && machine_.inertialization_started()) {
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
  if (JobResult r = weight_inertializer_.apply(morph_weights_); !r) return r;

  if (JobResult r = apply_layers(dt_s, parameters); !r) return r;
  for (std::size_t c = 0; c < morph_pins_.size(); ++c) {
    if (!std::isnan(morph_pins_[c])) morph_weights_[c] = morph_pins_[c];
  }
  // The last two outputs, for the machine's inertialized switches (a swap, not a second copy).
  if (graph.has_machine) {
    previous_output_.swap(before_previous_output_);
    std::copy(local_.begin(), local_.end(), previous_output_.begin());
    previous_morph_output_.swap(before_previous_morph_output_);
    std::copy(morph_weights_.begin(), morph_weights_.end(), previous_morph_output_.begin());
  }
  if (dt_s > 0.0f) last_dt_ = dt_s;
  if (!rig_.legs.empty()) update_contacts();
  bool model_current = false;
  if (JobResult r = warp_locomotion(settings, heaviest_blend_space, dt_s, model_current); !r) {
    return r;
  }

  if (settings.root_motion_mode == RootMotionMode::Applied) {
    world_ = accumulate_root_motion(world_, root_step_);
  } else if (settings.foot_ik && !rig_.legs.empty()) {
    // Held in place, the character treads on ground that runs back under it by the step it
    // did not take; its locked feet run with that ground.
    run_ground_under_locks(
        foot_ik_state_,
        compose(compose(world_, inverse(step_transform(root_step_))), inverse(world_)));
  }
  // The character stands on the ground under its root (stairs smoothed into a ramp, so the
  // root glides rather than jumps); foot IK then fits the feet.
  world_.translation.y = smoothed_height(terrain, world_.translation.x, world_.translation.z);

  // The stack (foot IK one of its entries) works on a current model pose: the warps may have
  // left one.
  if (!model_current) {
    if (JobResult r = local_to_model(skeleton, local_, model_); !r) return r;
  }
  const FootIkContext foot = foot_ik_context(settings, terrain);
  PostProcessFrame frame;
  frame.world = world_matrix();
  frame.dt_s = dt_s;
  frame.procedural = settings.post_process;
  frame.foot_ik = &foot;
  if (JobResult r = run_post_process(skeleton, post_process_, frame, post_state_, local_, model_);
      !r) {
    return r;
  }
  if (note_touched_) note_touched(settings);
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

JobResult CharacterInstance::apply_layers(float dt_s, const Parameters& parameters) {
  const Skeleton& skeleton = character_->skeleton;
  for (std::size_t i = 0; i < graph_->layers.size(); ++i) {
    const LayerBinding& l = graph_->layers[i];
    const float weight = layer_weights_[i];
    if (weight <= 0.0f) continue;
    if (l.blend_space >= 0) {
      const BlendSpaceBinding& b = graph_->blend_spaces[l.blend_space];
      const glm::vec2 input = blend_input(b, parameters);
      RootMotionDelta step;
      if (JobResult r = layer_players_[i].update(dt_s, input, layer_pose_, step); !r) return r;
    } else {
      const Clip& clip = character_->clips[l.clip];
      layer_time_[i] = wrap_clip_time(clip, layer_time_[i] + dt_s);
      if (JobResult r = sample_clip(clip, character_->bindings[l.clip], skeleton, layer_time_[i],
                                    layer_caches_[i], layer_pose_);
          !r) {
        return r;
      }
    }
    if (l.layer.mode == LayerMode::Additive) {
      if (JobResult r = make_additive_delta(skeleton.rest_pose, layer_pose_, layer_pose_); !r) {
        return r;
      }
    }
    if (JobResult r = apply_layer_morph(i, weight); !r) return r;
    if (JobResult r = apply_layer(l.layer, weight, layer_pose_, local_); !r) return r;
  }
  return JobResult::ok();
}

JobResult CharacterInstance::apply_layer_morph(std::size_t layer, float weight) {
  if (morph_weights_.empty()) return JobResult::ok();
  const LayerBinding& l = graph_->layers[layer];
  std::fill(morph_layer_sum_.begin(), morph_layer_sum_.end(), 0.0f);
  std::fill(morph_layer_animated_.begin(), morph_layer_animated_.end(), 0.0f);
  float total = 0.0f;
  // The layer's clip, or its blend space's clips by their weights at their synced times.
  auto gather = [&](int clip, float time_s, float clip_weight,
                    std::span<std::uint32_t> cursors) -> JobResult {
    const MorphBinding& binding = character_->morph_bindings[clip];
    if (JobResult r =
            sample_morph_weights(character_->clips[clip], binding, character_->morph_channels,
                                 time_s, cursors, morph_scratch_);
        !r) {
      return r;
    }
    total += clip_weight;
    return accumulate_layer_morph(binding, morph_scratch_, clip_weight, morph_layer_sum_,
                                  morph_layer_animated_);
  };
  if (l.blend_space < 0) {
    if (JobResult r = gather(l.clip, layer_time_[layer], 1.0f, layer_caches_[layer].morph_cursors);
        !r) {
      return r;
    }
  } else {
    const BlendSpacePlayer& player = layer_players_[layer];
    const std::vector<int>& clips = graph_->blend_spaces[l.blend_space].clips;
    const std::span<const float> weights = player.weights();
    for (std::size_t c = 0; c < weights.size() && c < clips.size(); ++c) {
      if (weights[c] <= 0.0f) continue;
      const Clip& clip = character_->clips[clips[c]];
      if (JobResult r =
              gather(clips[c], wrap_clip_time(clip, player.clip_time(static_cast<int>(c))),
                     weights[c], caches_[clips[c]].morph_cursors);
          !r) {
        return r;
      }
    }
  }
  if (JobResult r = normalize_morph_weights(character_->morph_channels, total, morph_layer_sum_);
      !r) {
    return r;
  }
  return apply_morph_layer(l.layer.mode, weight, l.layer.shape_mask, character_->morph_channels,
                           morph_layer_sum_, morph_layer_animated_, morph_weights_);
}

JobResult CharacterInstance::accumulate_clip_morph(int clip_index, float time_s, float weight) {
  const Clip& clip = character_->clips[clip_index];
  if (JobResult r = sample_morph_weights(clip, character_->morph_bindings[clip_index],
                                         character_->morph_channels, wrap_clip_time(clip, time_s),
                                         caches_[clip_index].morph_cursors, morph_scratch_);
      !r) {
    return r;
  }
  morph_total_ += weight;
  return accumulate_morph_weights(morph_scratch_, weight, morph_weights_);
}

JobResult CharacterInstance::accumulate_source_morph(const WeightedSource& source) {
  if (morph_weights_.empty()) return JobResult::ok();
  if (source.kind == SourceKind::Clip) {
    return accumulate_clip_morph(source.index, source.time_s, source.weight);
  }
  // A blend space's clips, each with its share of the source's weight at its synced time.
  const BlendSpacePlayer& player = blend_players_[source.index];
  const std::span<const float> weights = player.weights();
  const std::vector<int>& clips = graph_->blend_spaces[source.index].clips;
  for (std::size_t i = 0; i < weights.size() && i < clips.size(); ++i) {
    if (weights[i] <= 0.0f) continue;
    if (JobResult r = accumulate_clip_morph(clips[i], player.clip_time(static_cast<int>(i)),
                                            source.weight * weights[i]);
        !r) {
      return r;
    }
  }
  return JobResult::ok();
}

bool CharacterInstance::aim_warp(const CharacterSettings& settings, int blend_space, float dt_s) {
  const glm::vec3 actual =
      glm::vec3(root_step_.translation.x, 0.0f, root_step_.translation.z) / dt_s;
  const float actual_speed = glm::length(actual);
  glm::vec3 requested = actual_speed > 0.0f ? actual / actual_speed : glm::vec3(0.0f);
  if (blend_space >= 0 && graph_->blend_spaces[blend_space].one_dimensional) {
    requested *= inputs_[blend_space].x;
  } else if (blend_space >= 0) {
    requested = glm::vec3(inputs_[blend_space].x, 0.0f, inputs_[blend_space].y);
  } else if (settings.stride_warping_settings.requested_speed_mps > 0.0f) {
    requested *= settings.stride_warping_settings.requested_speed_mps;
  } else {
    return false;
  }
  warp_direction_ = actual;
  hip_warp_angle_rad_ =
      settings.orientation_warping
          ? hip_warp_angle(travel_angle(actual, requested), settings.orientation_warping_settings)
          : 0.0f;
  // The stride is scaled against the speed of the gait over its cycle, not this frame's; the
  // character moves at the speed asked within the stride's range (past it the feet slide).
  const float mean_speed = track_mean_speed(stride_state_, actual_speed, dt_s);
  stride_warp_ratio_ = settings.stride_warping ? stride_ratio(glm::length(requested), mean_speed,
                                                              settings.stride_warping_settings)
                                               : 1.0f;
  requested_speed_mps_ = stride_warp_ratio_ * mean_speed;
  return true;
}

JobResult CharacterInstance::warp_locomotion(const CharacterSettings& settings, int blend_space,
                                             float dt_s, bool& model_current) {
  model_current = false;
  // A paused frame (dt 0) has no speed to go by: it keeps the last frame's warp.
  if ((!settings.stride_warping && !settings.orientation_warping) || rig_.legs.empty() ||
      (dt_s > 0.0f && !aim_warp(settings, blend_space, dt_s))) {
    stride_warp_ratio_ = 1.0f;
    hip_warp_angle_rad_ = 0.0f;
    warp_direction_ = glm::vec3(0.0f);
    stride_state_ = {};
    return JobResult::ok();
  }
  // The model pose is built once here and kept current by the warps (the legs alone after
  // the pelvis's turn), so foot IK starts from it.
  const glm::quat turn = glm::angleAxis(hip_warp_angle_rad_, glm::vec3(0.0f, 1.0f, 0.0f));
  if (settings.orientation_warping) {
    if (JobResult r = warp_orientation(character_->skeleton, rig_.pelvis, character_->torso,
                                       hip_warp_angle_rad_, settings.orientation_warping_settings,
                                       local_, model_);
        !r) {
      return r;
    }
    root_step_.translation = turn * root_step_.translation;
  } else if (JobResult r = local_to_model(character_->skeleton, local_, model_); !r) {
    return r;
  }
  model_current = true;
  // Orientation warping alone pins the planted feet too (a stride ratio of 1): the hips' turn
  // changes as the point or the travel's sway does, and would swing them.
  StrideWarp warp;
  warp.ratio = stride_warp_ratio_;
  warp.direction = turn * warp_direction_;
  warp.travel = root_step_.translation;
  warp.moved = settings.stride_warping ? warped_step(warp.travel, requested_speed_mps_,
                                                     stride_state_.mean_speed_mps, dt_s)
                                       : warp.travel;
  warp.dt_s = dt_s;
  warp.planted = {contacts_.data(), rig_.legs.size()};
  // Foot IK, when on, moves the feet by the stride's shifts and solves the legs once.
  const JobResult r =
      foot_ik_on(settings)
          ? stride_foot_shifts(character_->skeleton, rig_, warp, stride_state_, model_)
          : warp_stride(character_->skeleton, rig_, warp, stride_state_, local_, model_);
  if (!r) {
    model_current = false;
    return r;
  }
  root_step_.translation = warp.moved;
  return JobResult::ok();
}

void CharacterInstance::update_contacts() {
  contacts_.fill(false);
  const Clip* clip = contacts_clip_ != nullptr ? contacts_clip_
                     : dominant_clip_ >= 0     ? &character_->clips[dominant_clip_]
                                               : nullptr;
  if (clip == nullptr) return;
  for (std::size_t i = 0; i < rig_.legs.size(); ++i) {
    contacts_[i] = foot_planted_at(*clip, leg_contact_name(rig_.legs, i), dominant_time_);
  }
}

}  // namespace anim
