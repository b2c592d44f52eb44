#include "anim/compressed_morph_tracks.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/quantization.h"

namespace anim {
namespace {

struct DecodedKey {
  float time_s;
  float weight;
};

float key_time(const QuantizedWeightKey& key, float duration_s) {
  return static_cast<float>(key.time) * (duration_s / kQuantizedMax);
}

float key_weight(const QuantizedWeightKey& key, const CompressedMorphTrack& track) {
  return track.min + track.extent * (static_cast<float>(key.value) / kQuantizedMax);
}

// track as a Linear (or constant) track: CubicSpline sampled on every frame at fps (as joint
// compression does), the others as they are.
FloatTrack as_linear(const FloatTrack& track, float duration_s, float fps) {
  if (track.interpolation != Interpolation::CubicSpline || track.times_s.empty()) return track;
  FloatTrack linear;
  const int frames = std::max(1, static_cast<int>(std::ceil(duration_s * fps - 1e-3f)));
  std::uint32_t cursor = 0;
  for (int f = 0; f <= frames; ++f) {
    const float t = std::min(static_cast<float>(f) / fps, duration_s);
    linear.times_s.push_back(t);
    linear.values.push_back(sample_track(track, t, cursor, 0.0f));
  }
  return linear;
}

// Whether the straight line between decoded keys a and j (a < j) stays within tolerance of the
// original keys between them, and of the original at the decoded keys' own times.
bool segment_fits(const FloatTrack& original, const std::vector<DecodedKey>& decoded, std::size_t a,
                  std::size_t j, float tolerance) {
  const DecodedKey& start = decoded[a];
  const DecodedKey& end = decoded[j];
  if (!(end.time_s > start.time_s)) return false;
  for (std::size_t k = a; k <= j; ++k) {
    const float s = (std::clamp(original.times_s[k], start.time_s, end.time_s) - start.time_s) /
                    (end.time_s - start.time_s);
    const float line = start.weight + (end.weight - start.weight) * s;
    if (std::fabs(line - original.values[k]) > tolerance) return false;
  }
  std::uint32_t cursor = 0;
  for (const DecodedKey* key : {&start, &end}) {
    if (std::fabs(sample_track(original, key->time_s, cursor, 0.0f) - key->weight) > tolerance) {
      return false;
    }
  }
  return true;
}

// The indices of the decoded keys to keep: from each kept key, the farthest key the segment to
// which fits (greedy). Empty when some key cannot be reached within tolerance.
std::vector<std::size_t> keys_to_keep(const FloatTrack& original,
                                      const std::vector<DecodedKey>& decoded, float tolerance) {
  std::vector<std::size_t> kept = {0};
  for (std::size_t a = 0; a + 1 < decoded.size();) {
    std::size_t best = 0;
    for (std::size_t j = a + 1; j < decoded.size(); ++j) {
      if (segment_fits(original, decoded, a, j, tolerance)) {
        best = j;
      } else if (best != 0) {
        break;
      }
    }
    if (best == 0) return {};
    kept.push_back(best);
    a = best;
  }
  return kept;
}

// The largest difference between the compressed track and original over the whole clip: both
// are straight between the union of their key times, so it is the largest at those times.
float largest_error(const FloatTrack& original, const CompressedMorphTracks& compressed,
                    std::size_t track) {
  const CompressedMorphTrack& entry = compressed.tracks[track];
  std::vector<float> times = original.times_s;
  for (std::uint32_t k = 0; k < entry.key_count; ++k) {
    times.push_back(key_time(compressed.keys[entry.first_key + k], compressed.duration_s));
  }
  times.push_back(0.0f);
  times.push_back(compressed.duration_s);
  std::sort(times.begin(), times.end());
  float worst = 0.0f;
  std::uint32_t original_cursor = 0, compressed_cursor = 0;
  for (float t : times) {
    const float a = sample_track(original, t, original_cursor, 0.0f);
    const float b = sample_compressed_morph_track(compressed, track, t, compressed_cursor);
    worst = std::max(worst, std::fabs(a - b));
  }
  return worst;
}

// Appends linear's keys, quantized and reduced within tolerance, as track of compressed.
// Returns false when no reduction fits (keys too close in time for 16 bits).
bool compress_track(const FloatTrack& linear, float tolerance, std::size_t track,
                    CompressedMorphTracks& compressed) {
  CompressedMorphTrack& entry = compressed.tracks[track];
  entry.first_key = static_cast<std::uint32_t>(compressed.keys.size());
  if (linear.values.empty()) return true;
  const auto [low, high] = std::minmax_element(linear.values.begin(), linear.values.end());
  entry.min = *low;
  entry.extent = *high - *low;
  std::vector<QuantizedWeightKey> quantized;
  std::vector<DecodedKey> decoded;
  for (std::size_t k = 0; k < linear.values.size(); ++k) {
    const QuantizedWeightKey key{quantize_unit(linear.times_s[k] / compressed.duration_s),
                                 entry.extent > 0.0f
                                     ? quantize_unit((linear.values[k] - entry.min) / entry.extent)
                                     : std::uint16_t{0}};
    quantized.push_back(key);
    decoded.push_back({key_time(key, compressed.duration_s), key_weight(key, entry)});
  }
  // The greedy fit checks the original's keys; a tighter pass covers what it cannot see (the
  // original between its keys where a decoded key time moved).
  for (float fit = tolerance; fit > tolerance * 0.1f; fit *= 0.5f) {
    const std::vector<std::size_t> kept = keys_to_keep(linear, decoded, fit);
    if (kept.empty()) break;
    compressed.keys.resize(entry.first_key);
    for (std::size_t k : kept) compressed.keys.push_back(quantized[k]);
    entry.key_count = static_cast<std::uint32_t>(kept.size());
    if (largest_error(linear, compressed, track) <= tolerance) return true;
  }
  compressed.keys.resize(entry.first_key);
  entry.key_count = 0;
  return false;
}

}  // namespace

std::size_t CompressedMorphTracks::byte_size() const {
  return keys.size() * sizeof(QuantizedWeightKey) + tracks.size() * sizeof(CompressedMorphTrack);
}

CompressedMorphTracks compress_morph_tracks(const Clip& clip,
                                            const std::vector<int>& track_to_channel,
                                            float tolerance_weight, std::string* why_not) {
  const auto fail = [&](std::string cause) {
    if (why_not) *why_not = "clip '" + clip.name + "': " + std::move(cause);
    return CompressedMorphTracks{};
  };
  if (clip.morph_tracks.empty()) return fail("no morph tracks");
  if (!(clip.duration_s > 0.0f) || !std::isfinite(clip.duration_s)) {
    return fail("the duration is not finite and positive");
  }
  if (!(tolerance_weight > 0.0f)) return fail("the weight tolerance is not positive");
  if (track_to_channel.size() != clip.morph_tracks.size()) {
    return fail("the binding was built for another clip");
  }
  CompressedMorphTracks compressed;
  compressed.duration_s = clip.duration_s;
  compressed.tracks.resize(clip.morph_tracks.size());
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    const MorphTrack& track = clip.morph_tracks[t];
    if (track_to_channel[t] < 0) continue;
    if (track.weight.interpolation == Interpolation::Step && track.weight.times_s.size() > 1) {
      return fail("shape '" + track.target_name + "' steps (Step tracks stay exact)");
    }
    const FloatTrack linear = as_linear(track.weight, clip.duration_s, clip.source_fps);
    if (!compress_track(linear, tolerance_weight, t, compressed)) {
      return fail("shape '" + track.target_name + "' has keys too close for 16-bit times");
    }
  }
  return compressed;
}

float sample_compressed_morph_track(const CompressedMorphTracks& compressed, std::size_t track,
                                    float time_s, std::uint32_t& cursor) {
  const CompressedMorphTrack& entry = compressed.tracks[track];
  const QuantizedWeightKey* keys = compressed.keys.data() + entry.first_key;
  const std::uint32_t n = entry.key_count;
  if (n == 0) return 0.0f;  // an unbound track: callers skip it
  if (n == 1) return key_weight(keys[0], entry);
  const float duration = compressed.duration_s;
  // The segment [k, k + 1] holding time_s, searched forward from the hint (playback moves on).
  std::uint32_t k = std::min(cursor, n - 2);
  if (key_time(keys[k], duration) > time_s) k = 0;
  while (k + 2 < n && key_time(keys[k + 1], duration) <= time_s) ++k;
  cursor = k;
  const float t0 = key_time(keys[k], duration);
  const float t1 = key_time(keys[k + 1], duration);
  const float w0 = key_weight(keys[k], entry);
  if (time_s <= t0) return w0;
  const float w1 = key_weight(keys[k + 1], entry);
  if (time_s >= t1) return w1;
  return w0 + (w1 - w0) * ((time_s - t0) / (t1 - t0));
}

}  // namespace anim
