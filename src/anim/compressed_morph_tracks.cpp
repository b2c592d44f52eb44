#include "anim/compressed_morph_tracks.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/quantization.h"

namespace anim {
namespace {

// The longest run of shared times one kept segment may span: bounds the reduction's work
// (quadratic in a segment's length) on long clips whose tracks are all straight.
constexpr std::size_t kLongestSegment = 256;

// A bound track to store: as a Linear (or constant) track, and its channel.
struct Source {
  FloatTrack linear;
  std::uint32_t channel = 0;
  const std::string* name = nullptr;
};

// The shared times, decoded, with every track's original weight and decoded weight at each
// (time-major, as CompressedMorphTracks::values), before the reduction.
struct Unreduced {
  std::vector<std::uint16_t> times;
  std::vector<float> times_s;
  std::vector<std::uint16_t> values;
  std::vector<float> exact;
  std::vector<float> decoded;
};

float decode_time(std::uint16_t time, float duration_s) {
  return static_cast<float>(time) * (duration_s / kQuantizedMax);
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

// The union of the tracks' key times (of those with more than one key) and the clip's ends,
// quantized, sorted and without repeats; with each track sampled there and quantized to its
// range. Writes each track's channel and range into compressed.
Unreduced unreduced_form(const std::vector<Source>& sources, float duration_s,
                         CompressedMorphTracks& compressed) {
  Unreduced u;
  u.times = {0, static_cast<std::uint16_t>(kQuantizedMax)};
  for (const Source& source : sources) {
    if (source.linear.times_s.size() < 2) continue;
    for (float t : source.linear.times_s) u.times.push_back(quantize_unit(t / duration_s));
  }
  std::sort(u.times.begin(), u.times.end());
  u.times.erase(std::unique(u.times.begin(), u.times.end()), u.times.end());
  for (std::uint16_t t : u.times) u.times_s.push_back(decode_time(t, duration_s));
  const std::size_t m = sources.size();
  u.exact.resize(u.times.size() * m);
  u.values.resize(u.exact.size());
  u.decoded.resize(u.exact.size());
  for (std::size_t i = 0; i < m; ++i) {
    std::uint32_t cursor = 0;
    float low = INFINITY, high = -INFINITY;
    for (std::size_t k = 0; k < u.times.size(); ++k) {
      const float w = sample_track(sources[i].linear, u.times_s[k], cursor, 0.0f);
      u.exact[k * m + i] = w;
      low = std::min(low, w);
      high = std::max(high, w);
    }
    const float scale = (high - low) / kQuantizedMax;
    compressed.channels.push_back(sources[i].channel);
    compressed.mins.push_back(low);
    compressed.scales.push_back(scale);
    for (std::size_t k = 0; k < u.times.size(); ++k) {
      const float w = u.exact[k * m + i];
      const std::uint16_t v = high > low ? quantize_unit((w - low) / (high - low)) : 0;
      u.values[k * m + i] = v;
      u.decoded[k * m + i] = low + scale * static_cast<float>(v);
    }
  }
  return u;
}

// Whether every track's straight line between the decoded weights at shared times a and j
// (a < j) stays within tolerance of its original weights at the times between, and the decoded
// weights at both ends within tolerance of the original.
bool segment_fits(const Unreduced& u, std::size_t m, std::size_t a, std::size_t j,
                  float tolerance) {
  const float span = u.times_s[j] - u.times_s[a];
  for (std::size_t i = 0; i < m; ++i) {
    const float start = u.decoded[a * m + i];
    const float end = u.decoded[j * m + i];
    if (std::fabs(start - u.exact[a * m + i]) > tolerance ||
        std::fabs(end - u.exact[j * m + i]) > tolerance) {
      return false;
    }
    for (std::size_t k = a + 1; k < j; ++k) {
      const float line = start + (end - start) * ((u.times_s[k] - u.times_s[a]) / span);
      if (std::fabs(line - u.exact[k * m + i]) > tolerance) return false;
    }
  }
  return true;
}

// The indices of the shared times to keep: from each kept time, the farthest one the segment to
// which fits (greedy, at most kLongestSegment on). Neighbours always fit unless quantization
// alone exceeds tolerance; then the (failing) neighbour is kept and the check reports it.
std::vector<std::size_t> times_to_keep(const Unreduced& u, std::size_t m, float tolerance) {
  std::vector<std::size_t> kept = {0};
  const std::size_t n = u.times.size();
  for (std::size_t a = 0; a + 1 < n;) {
    std::size_t best = a + 1;
    for (std::size_t j = a + 2; j < n && j - a <= kLongestSegment; ++j) {
      if (!segment_fits(u, m, a, j, tolerance)) break;
      best = j;
    }
    kept.push_back(best);
    a = best;
  }
  return kept;
}

void store(const Unreduced& u, const std::vector<std::size_t>& kept,
           CompressedMorphTracks& compressed) {
  const std::size_t m = compressed.track_count();
  compressed.times.clear();
  compressed.values.clear();
  for (std::size_t k : kept) {
    compressed.times.push_back(u.times[k]);
    compressed.values.insert(compressed.values.end(), u.values.begin() + k * m,
                             u.values.begin() + (k + 1) * m);
  }
}

// The first source whose compressed track differs from its original by more than tolerance
// somewhere in the clip, or -1. Both are straight between the union of their key times and the
// clip's ends, so the largest difference is at one of those.
int track_over_tolerance(const std::vector<Source>& sources,
                         const CompressedMorphTracks& compressed, float tolerance) {
  std::vector<float> times = {0.0f, compressed.duration_s};
  for (const Source& source : sources) {
    times.insert(times.end(), source.linear.times_s.begin(), source.linear.times_s.end());
  }
  for (std::uint16_t t : compressed.times) times.push_back(decode_time(t, compressed.duration_s));
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());  // tracks share key times
  std::vector<float> weights(compressed.channel_span);
  std::vector<std::uint32_t> cursors(sources.size(), 0);
  std::uint32_t cursor = 0;
  for (float t : times) {
    sample_compressed_morph_tracks(compressed, t, cursor, weights);
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const float original = sample_track(sources[i].linear, t, cursors[i], 0.0f);
      if (std::fabs(weights[sources[i].channel] - original) > tolerance) {
        return static_cast<int>(i);
      }
    }
  }
  return -1;
}

}  // namespace

std::size_t CompressedMorphTracks::byte_size() const {
  return (times.size() + values.size()) * sizeof(std::uint16_t) +
         channels.size() * sizeof(std::uint32_t) + (mins.size() + scales.size()) * sizeof(float);
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
  std::vector<Source> sources;
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) {
    const MorphTrack& track = clip.morph_tracks[t];
    if (track_to_channel[t] < 0 || track.weight.values.empty()) continue;
    if (track.weight.interpolation == Interpolation::Step && track.weight.times_s.size() > 1) {
      return fail("shape '" + track.target_name + "' steps (Step tracks stay exact)");
    }
    sources.push_back({as_linear(track.weight, clip.duration_s, clip.source_fps),
                       static_cast<std::uint32_t>(track_to_channel[t]), &track.target_name});
  }
  if (sources.empty()) return fail("no bound morph track has keys");
  CompressedMorphTracks compressed;
  compressed.duration_s = clip.duration_s;
  compressed.clip_track_count = clip.morph_tracks.size();
  compressed.channels_in_order = true;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    compressed.channel_span =
        std::max<std::size_t>(compressed.channel_span, sources[i].channel + 1);
    compressed.channels_in_order = compressed.channels_in_order && sources[i].channel == i;
  }
  const Unreduced unreduced = unreduced_form(sources, clip.duration_s, compressed);
  // The reduction checks the original at the shared times; a tighter pass covers what it cannot
  // see (the original between its keys where a quantized time moved).
  int over = 0;
  for (float fit = tolerance_weight; fit > tolerance_weight * 0.1f; fit *= 0.5f) {
    store(unreduced, times_to_keep(unreduced, sources.size(), fit), compressed);
    over = track_over_tolerance(sources, compressed, tolerance_weight);
    if (over < 0) return compressed;
  }
  return fail("shape '" + *nth(sources, over).name +
              "' cannot be followed within the tolerance by 16-bit times and weights");
}

void sample_compressed_morph_tracks(const CompressedMorphTracks& compressed, float time_s,
                                    std::uint32_t& cursor, std::span<float> out) {
  const std::size_t m = compressed.track_count();
  const std::size_t n = compressed.times.size();
  if (m == 0 || n < 2 || out.size() < compressed.channel_span) return;
  const std::uint16_t* times = compressed.times.data();
  // The pair of shared times holding time_s, searched forward from the hint (playback moves on).
  const float q = time_s * (kQuantizedMax / compressed.duration_s);
  std::size_t k = std::min<std::size_t>(cursor, n - 2);
  if (static_cast<float>(times[k]) > q) k = 0;
  while (k + 2 < n && static_cast<float>(times[k + 1]) <= q) ++k;
  cursor = static_cast<std::uint32_t>(k);
  const float t0 = static_cast<float>(times[k]);
  const float s = std::clamp((q - t0) / (static_cast<float>(times[k + 1]) - t0), 0.0f, 1.0f);
  const std::uint16_t* a = compressed.values.data() + k * m;
  const std::uint16_t* b = a + m;
  const float* mins = compressed.mins.data();
  const float* scales = compressed.scales.data();
  const auto weight = [&](std::size_t i) {
    const float v0 = static_cast<float>(a[i]);
    return mins[i] + scales[i] * (v0 + (static_cast<float>(b[i]) - v0) * s);
  };
  if (compressed.channels_in_order) {
    float* weights = out.data();
    for (std::size_t i = 0; i < m; ++i) weights[i] = weight(i);
  } else {
    for (std::size_t i = 0; i < m; ++i) out[compressed.channels[i]] = weight(i);
  }
}

}  // namespace anim
