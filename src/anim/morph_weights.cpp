#include "anim/morph_weights.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/index.h"

namespace anim {
namespace {

// Whether track has a key on each of frame_count frames at fps (to float rounding), or at most
// one key (constant), and interpolates linearly between them.
bool on_frame_grid(const FloatTrack& track, float fps, int frame_count) {
  if (track.times_s.size() < 2) return true;
  if (track.interpolation != Interpolation::Linear) return false;
  if (track.times_s.size() != as_size(frame_count)) return false;
  for (int k = 0; k < frame_count; ++k) {
    const float t = track.times_s[k];
    if (std::abs(t - static_cast<float>(k) / fps) > 1e-6f * std::max(1.0f, t)) return false;
  }
  return true;
}

// Bakes clip's bound tracks into binding (see bind_morph_tracks), when they all qualify.
void bake(const Clip& clip, std::span<const MorphChannel> channels, MorphBinding& binding) {
  const float fps = clip.source_fps;
  if (!(fps > 0.0f) || !(clip.duration_s > 0.0f) || clip.morph_tracks.empty()) return;
  const float frames_f = clip.duration_s * fps;
  const int frame_count = static_cast<int>(std::lround(frames_f)) + 1;
  if (std::abs(frames_f - static_cast<float>(frame_count - 1)) > 1e-4f || frame_count < 2) return;
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    if (binding.track_to_channel[t] >= 0 &&
        !on_frame_grid(clip.morph_tracks[t].weight, fps, frame_count)) {
      return;
    }
  }
  const std::size_t n = channels.size();
  std::vector<float> frames(as_size(frame_count) * n);
  for (std::size_t f = 0; f < as_size(frame_count); ++f) {
    for (std::size_t c = 0; c < n; ++c) frames[f * n + c] = channels[c].default_weight;
  }
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    const int c = binding.track_to_channel[t];
    const std::vector<float>& values = clip.morph_tracks[t].weight.values;
    if (c < 0 || values.empty()) continue;
    for (std::size_t f = 0; f < as_size(frame_count); ++f) {
      frames[f * n + as_size(c)] = values[values.size() == 1 ? 0 : f];
    }
  }
  binding.baked_frames = std::move(frames);
  binding.baked_frame_rate = fps;
  binding.baked_frame_count = frame_count;
}

}  // namespace

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

MorphBinding bind_morph_tracks(const Clip& clip, std::span<const MorphChannel> channels,
                               float compress_tolerance) {
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
  if (compress_tolerance > 0.0f) {
    binding.compressed = compress_morph_tracks(clip, binding.track_to_channel, compress_tolerance);
  }
  if (binding.compressed.empty()) bake(clip, channels, binding);
  return binding;
}

std::size_t morph_key_bytes(const Clip& clip) {
  std::size_t bytes = 0;
  for (const MorphTrack& track : clip.morph_tracks) {
    bytes += (track.weight.times_s.size() + track.weight.values.size()) * sizeof(float);
  }
  return bytes;
}

std::size_t morph_sampled_bytes(const Clip& clip, const MorphBinding& binding) {
  if (!binding.compressed.empty()) return binding.compressed.byte_size();
  if (binding.baked()) return binding.baked_frames.size() * sizeof(float);
  return morph_key_bytes(clip);
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
  const std::size_t n = channels.size();
  if (!binding.compressed.empty() && binding.compressed.clip_track_count == cursors.size()) {
    const CompressedMorphTracks& compressed = binding.compressed;
    if (!compressed.channels_in_order || compressed.track_count() != n) {
      for (std::size_t c = 0; c < n; ++c) out[c] = channels[c].default_weight;
    }
    // The shared times need one cursor for the whole clip: the first track's.
    sample_compressed_morph_tracks(binding.compressed, time_s, cursors[0], out);
    return JobResult::ok();
  }
  if (binding.baked() && binding.baked_frames.size() == as_size(binding.baked_frame_count) * n) {
    const float frame = std::clamp(time_s * binding.baked_frame_rate, 0.0f,
                                   static_cast<float>(binding.baked_frame_count - 1));
    const int k = std::min(static_cast<int>(frame), binding.baked_frame_count - 2);
    const float s = frame - static_cast<float>(k);
    const float* a = &binding.baked_frames[as_size(k) * n];
    const float* b = a + n;
    for (std::size_t c = 0; c < n; ++c) out[c] = a[c] + (b[c] - a[c]) * s;
    return JobResult::ok();
  }
  for (std::size_t c = 0; c < n; ++c) out[c] = channels[c].default_weight;
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    const int c = binding.track_to_channel[t];
    if (c < 0 || as_size(c) >= out.size()) continue;
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

JobResult accumulate_layer_morph(const MorphBinding& binding, std::span<const float> sampled,
                                 float weight, std::span<float> sum, std::span<float> animated) {
  if (sampled.size() != sum.size() || animated.size() != sum.size()) {
    return JobResult::fail("accumulate_layer_morph: sampled, sum and animated differ in size");
  }
  if (!std::isfinite(weight)) {
    return JobResult::fail("accumulate_layer_morph: weight is not finite");
  }
  for (std::size_t c = 0; c < sum.size(); ++c) sum[c] += weight * sampled[c];
  for (const int c : binding.track_to_channel) {
    if (c >= 0 && as_size(c) < animated.size()) animated[c] = 1.0f;
  }
  return JobResult::ok();
}

JobResult apply_morph_layer(LayerMode mode, float weight, std::span<const float> shape_mask,
                            std::span<const MorphChannel> channels,
                            std::span<const float> layer_weights, std::span<const float> animated,
                            std::span<float> weights) {
  const std::size_t n = channels.size();
  if (layer_weights.size() != n || animated.size() != n || weights.size() != n) {
    return JobResult::fail("apply_morph_layer: weights are not one per channel");
  }
  if (!shape_mask.empty() && shape_mask.size() != n) {
    return JobResult::fail("apply_morph_layer: the shape mask is not one value per channel");
  }
  if (!std::isfinite(weight)) return JobResult::fail("apply_morph_layer: weight is not finite");
  for (std::size_t c = 0; c < n; ++c) {
    if (!(animated[c] > 0.0f)) continue;
    const float w = shape_mask.empty() ? weight : weight * shape_mask[c];
    if (mode == LayerMode::Additive) {
      weights[c] += w * (layer_weights[c] - channels[c].default_weight);
    } else {
      weights[c] += w * (layer_weights[c] - weights[c]);
    }
  }
  return JobResult::ok();
}

}  // namespace anim
