// CharacterInstance: the frame's sources (the previewed clip, the machine's states, a blend
// space, or an external pose), sampled and mixed into the base pose.
#include "anim/character_instance.h"

#include <algorithm>
#include <cmath>

#include "anim/blend_space_direction.h"
#include "anim/ground_motion.h"
#include "anim/heaviest_weight.h"
#include "anim/pose.h"

namespace anim {
namespace {

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

// The point a 2D blend space plays for the point asked: with orientation warping on, a direction
// its samples leave uncovered is played as the nearest covered one, and the hips turn the rest
// (blend_space_direction.h).
glm::vec2 played_point(const BlendSpaceBinding& space, glm::vec2 asked, bool orientation_warping) {
  if (!orientation_warping || space.one_dimensional) return asked;
  return turned_back(asked, uncovered_direction_angle(space.positions, asked));
}

// Whether a built player has not played yet: its weights are all still zero. One that sampled
// clips in its last play has not: it samples only clips of positive weight, and its weights
// change only when it plays, so the usual frame skips the scan.
bool never_played(const BlendSpacePlayer& player) {
  if (player.sampled_clip_count() > 0) return false;
  const std::span<const float> w = player.weights();
  return !w.empty() && std::none_of(w.begin(), w.end(), [](float x) { return x > 0.0f; });
}

}  // namespace

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
  step = ground
             ? extract_ground_motion(*ground, settings_.root_motion, clip_last_time_[clip_index],
                                     advance)
             : extract_root_motion(clip, binding, skeleton, settings_.root_motion, root_frame_,
                                   clip_last_time_[clip_index], advance, clip_cursors_[clip_index]);
  clip_last_time_[clip_index] = t;
  return remove_root_motion(skeleton, settings_.root_motion, root_frame_, out);
}

JobResult CharacterInstance::evaluate_source(const WeightedSource& source, float dt_s,
                                             const Parameters& parameters, std::span<Transform> out,
                                             RootMotionDelta& step) {
  if (source.kind == SourceKind::Clip)
    return sample_clip_source(source.index, source.time_s, out, step);
  const BlendSpaceBinding& b = graph_->blend_spaces[source.index];
  inputs_[source.index] = b.input(parameters);
  const glm::vec2 input = played_point(b, inputs_[source.index], settings_.orientation_warping);
  BlendSpacePlayer& player = blend_players_[source.index];
  if (!graph_->has_machine) return player.update(dt_s, input, out, step);
  // A machine's state plays its blend at the machine's normalized time: the shared phase over
  // its segment count (sync_group.h), so entry offsets and sync groups reach the blend.
  const double phase = source.normalized_time * player.sync().segment_count;
  return player.update_at(phase, dt_s, input, out, step);
}

JobResult CharacterInstance::pick_sources(float dt_s, Parameters& parameters,
                                          WeightedSource& single,
                                          std::span<const WeightedSource>& sources) {
  const GraphBinding& graph = *graph_;
  single.weight = 1.0f;
  sources = {};
  source_advance_s_ = dt_s * stride_state_.play_rate;
  const PreviewClip* preview = std::get_if<PreviewClip>(&source_);
  if (preview || (!graph.has_machine && graph.blend_spaces.empty())) {
    const PreviewClip clip = preview                     ? *preview
                             : character_->clips.empty() ? PreviewClip{}
                                                         : PreviewClip{0, 0.0f};
    if (clip.clip >= 0) {
      // The caller's clock drives the playhead: its move is the sources' advance.
      const Clip& played = character_->clips[clip.clip];
      source_advance_s_ =
          playhead_advance(played, clip_last_time_[clip.clip], wrap_clip_time(played, clip.time_s));
      single.kind = SourceKind::Clip;
      single.index = clip.clip;
      single.time_s = clip.time_s;
      sources = {&single, 1};
    }
  } else if (graph.has_machine) {
    if (JobResult r = time_blend_space_states(parameters); !r) return r;
    machine_.update(dt_s, parameters, {clip_lengths_, blend_lengths_}, stride_state_.play_rate);
    sources = machine_.sources();
  } else {
    single.kind = SourceKind::BlendSpace;
    single.index = 0;
    sources = {&single, 1};
  }
  return JobResult::ok();
}

// The machine's clock of a blend-space state counts the blend's segments (phase / count), so a
// cycle lasts segment_count times the blend's current segment. A player that has not played has
// no weights to time it by: it plays its phase once in place first (into local_, which the
// sources overwrite), so a first frame times it as one after a paused frame does.
JobResult CharacterInstance::time_blend_space_states(const Parameters& parameters) {
  for (std::size_t i = 0; i < blend_players_.size(); ++i) {
    BlendSpacePlayer& p = blend_players_[i];
    if (never_played(p)) {
      RootMotionDelta none;
      const BlendSpaceBinding& b = graph_->blend_spaces[i];
      const glm::vec2 input = played_point(b, b.input(parameters), settings_.orientation_warping);
      if (JobResult r = p.update_at(p.phase(), 0.0f, input, local_, none); !r) return r;
    }
    const int segment = std::min(static_cast<int>(p.phase()), p.sync().segment_count - 1);
    blend_lengths_[i] =
        p.weights().empty() ? 1.0f : p.sync().segment_count * p.pace().segment_s[as_size(segment)];
  }
  return JobResult::ok();
}

// The heaviest source names the frame's dominant clip and time.
void CharacterInstance::note_dominant(const WeightedSource& source) {
  if (source.kind == SourceKind::Clip) {
    dominant_clip_ = source.index;
    dominant_time_ = wrap_clip_time(character_->clips[source.index], source.time_s);
  } else if (const BlendSpacePlayer& p = blend_players_[source.index]; !p.weights().empty()) {
    const std::size_t best = heaviest_weight_index(p.weights());
    dominant_clip_ = graph_->blend_spaces[source.index].clips[best];
    dominant_time_ = p.clip_time(static_cast<int>(best));
  }
}

void CharacterInstance::track_dominant_clip_rate() {
  if (dominant_clip_ >= 0 && dominant_clip_ == rate_clip_ && source_advance_s_ > 0.0f) {
    const float rate =
        playhead_advance(character_->clips[dominant_clip_], rate_clip_time_s_, dominant_time_) /
        source_advance_s_;
    if (std::isfinite(rate) && rate > 0.0f) dominant_clip_rate_ = rate;
  }
  rate_clip_ = dominant_clip_;
  rate_clip_time_s_ = dominant_time_;
}

JobResult CharacterInstance::mix_sources(std::span<const WeightedSource> sources, float dt_s,
                                         const Parameters& parameters, SourceMix& mix) {
  root_step_ = {};
  contacts_clip_ = nullptr;
  float heaviest = -1.0f;
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
    mix.total += source.weight;
    if (source.weight > heaviest) {
      heaviest = source.weight;
      mix.heaviest_blend_space = source.kind == SourceKind::BlendSpace ? source.index : -1;
      note_dominant(source);
    }
    ++used;
  }
  if (mix.total > 0.0f) {
    root_step_.translation /= mix.total;
    root_step_.yaw_rad /= mix.total;
    if (!lone_source) {
      if (JobResult r =
              blend_poses({blend_layers_.data(), used}, character_->skeleton.rest_pose, local_);
          !r) {
        return r;
      }
    }
  } else {
    const std::vector<Transform>& rest = character_->skeleton.rest_pose;
    std::copy(rest.begin(), rest.end(), local_.begin());
  }
  if (JobResult r =
          normalize_morph_weights(character_->morph_channels, morph_total_, morph_weights_);
      !r) {
    return r;
  }
  root_motion_from_feet_ =
      mix.total > 0.0f && dominant_clip_ >= 0 && character_->ground_motion_of(dominant_clip_);
  return JobResult::ok();
}

JobResult CharacterInstance::take_external_pose(const ExternalPose& external) {
  if (external.pose.size() != local_.size()) {
    return JobResult::fail("character instance: the external pose is not one transform per joint");
  }
  std::copy(external.pose.begin(), external.pose.end(), local_.begin());
  root_step_ = external.step;
  dominant_clip_ = external.clip;
  dominant_time_ = external.clip_time_s;
  contacts_clip_ = external.contacts_clip;
  root_motion_from_feet_ = false;
  // It carries no morph weights: the defaults, as the rest pose.
  std::fill(morph_weights_.begin(), morph_weights_.end(), 0.0f);
  morph_total_ = 0.0f;
  return normalize_morph_weights(character_->morph_channels, morph_total_, morph_weights_);
}

}  // namespace anim
