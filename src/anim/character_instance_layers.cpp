// CharacterInstance: the graph's layers over the base pose, and the shapes' weights the sources
// and layers add.
#include "anim/character_instance.h"

#include <algorithm>
#include <cmath>

#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/pose.h"

namespace anim {

JobResult CharacterInstance::apply_layers(float dt_s, const Parameters& parameters) {
  const Skeleton& skeleton = character_->skeleton;
  for (std::size_t i = 0; i < graph_->layers.size(); ++i) {
    const LayerBinding& l = graph_->layers[i];
    const float weight = layer_weights_[i];
    if (weight <= 0.0f) continue;
    if (l.blend_space >= 0) {
      const BlendSpaceBinding& b = graph_->blend_spaces[l.blend_space];
      const glm::vec2 input = b.input(parameters);
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

}  // namespace anim
