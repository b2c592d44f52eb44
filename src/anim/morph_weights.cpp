#include "anim/morph_weights.h"

#include <cmath>

#include "anim/clip_sampling.h"

namespace anim {

std::vector<MorphChannel> morph_channels_of(std::span<const SkinnedMesh> meshes) {
  std::vector<MorphChannel> channels;
  std::vector<std::string> nodes;
  for (const SkinnedMesh& mesh : meshes) {
    if (mesh.morph_targets.empty()) continue;
    bool seen = false;
    for (const std::string& node : nodes) seen = seen || node == mesh.node_name;
    if (seen) continue;
    nodes.push_back(mesh.node_name);
    for (std::size_t t = 0; t < mesh.morph_targets.size(); ++t) {
      const float w = t < mesh.morph_weights.size() ? mesh.morph_weights[t] : 0.0f;
      channels.push_back({mesh.node_name, mesh.morph_targets[t].name, w});
    }
  }
  return channels;
}

std::vector<int> first_morph_channel_of(std::span<const SkinnedMesh> meshes,
                                        std::span<const MorphChannel> channels) {
  std::vector<int> first(meshes.size(), -1);
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    if (meshes[m].morph_targets.empty()) continue;
    for (std::size_t c = 0; c < channels.size(); ++c) {
      if (channels[c].node_name == meshes[m].node_name) {
        first[m] = static_cast<int>(c);
        break;
      }
    }
  }
  return first;
}

MorphBinding bind_morph_tracks(const Clip& clip, std::span<const MorphChannel> channels) {
  MorphBinding binding;
  binding.track_to_channel.assign(clip.morph_tracks.size(), -1);
  std::vector<bool> taken(channels.size(), false);
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    const MorphTrack& track = clip.morph_tracks[t];
    for (std::size_t c = 0; c < channels.size(); ++c) {
      if (!taken[c] && channels[c].node_name == track.node_name &&
          channels[c].target_name == track.target_name) {
        binding.track_to_channel[t] = static_cast<int>(c);
        taken[c] = true;
        break;
      }
    }
    if (binding.track_to_channel[t] < 0) {
      binding.missing_targets.push_back(track.node_name + "/" + track.target_name);
    }
  }
  return binding;
}

JobResult sample_morph_weights(const Clip& clip, const MorphBinding& binding,
                               std::span<const MorphChannel> channels, float time_s,
                               std::span<std::uint32_t> cursors, std::span<float> out) {
  if (binding.track_to_channel.size() != clip.morph_tracks.size()) {
    return JobResult::fail("sample_morph_weights: binding was not built for this clip");
  }
  if (cursors.size() != clip.morph_tracks.size()) {
    return JobResult::fail("sample_morph_weights: cursors are not one per morph track");
  }
  if (out.size() != channels.size()) {
    return JobResult::fail("sample_morph_weights: out is not one weight per channel");
  }
  for (std::size_t c = 0; c < channels.size(); ++c) out[c] = channels[c].default_weight;
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    const int c = binding.track_to_channel[t];
    if (c < 0 || static_cast<std::size_t>(c) >= out.size()) continue;
    out[c] = sample_track(clip.morph_tracks[t].weight, time_s, cursors[t], out[c]);
  }
  return JobResult::ok();
}

JobResult accumulate_morph_weights(std::span<const float> weights, float weight,
                                   std::span<float> sum) {
  if (weights.size() != sum.size()) {
    return JobResult::fail("accumulate_morph_weights: weights and sum differ in size");
  }
  if (!std::isfinite(weight))
    return JobResult::fail("accumulate_morph_weights: weight is not finite");
  for (std::size_t c = 0; c < sum.size(); ++c) sum[c] += weight * weights[c];
  return JobResult::ok();
}

JobResult normalize_morph_weights(std::span<const MorphChannel> channels, float total,
                                  std::span<float> sum) {
  if (sum.size() != channels.size()) {
    return JobResult::fail("normalize_morph_weights: sum is not one weight per channel");
  }
  if (!(total > 0.0f) || !std::isfinite(total)) {
    for (std::size_t c = 0; c < sum.size(); ++c) sum[c] = channels[c].default_weight;
    return JobResult::ok();
  }
  const float inverse = 1.0f / total;
  for (float& w : sum) w *= inverse;
  return JobResult::ok();
}

JobResult apply_morph_layer(const MorphBinding& layer_binding, LayerMode mode, float weight,
                            std::span<const MorphChannel> channels,
                            std::span<const float> layer_weights, std::span<float> weights) {
  if (layer_weights.size() != channels.size() || weights.size() != channels.size()) {
    return JobResult::fail("apply_morph_layer: weights are not one per channel");
  }
  if (!std::isfinite(weight)) return JobResult::fail("apply_morph_layer: weight is not finite");
  for (const int c : layer_binding.track_to_channel) {
    if (c < 0 || static_cast<std::size_t>(c) >= weights.size()) continue;
    if (mode == LayerMode::Additive) {
      weights[c] += weight * (layer_weights[c] - channels[c].default_weight);
    } else {
      weights[c] += weight * (layer_weights[c] - weights[c]);
    }
  }
  return JobResult::ok();
}

}  // namespace anim
