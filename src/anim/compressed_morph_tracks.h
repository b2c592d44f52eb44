#pragma once
// Compressed morph weight tracks: a clip's shape tracks in the runtime's compact form, as joint
// tracks are compressed (compressed_clip.h). All bound tracks share one list of key times (16-bit
// fractions of the clip's duration), and each stores one 16-bit weight (a fraction of the
// track's range) per shared time, time-major: a sample finds its pair of times once for the
// whole clip (a cursor that playback moves forward), then per track it is two loads and a lerp,
// as the baked form is. The shared times are the union of the tracks' key times, reduced
// together: a time is dropped when linear interpolation between its kept neighbours reproduces
// every track there. The error bound is stated in weight units and checked on the decoded form:
// at every time in the clip, each compressed track is within the tolerance of the original (of
// its samples at the source frame rate, for CubicSpline tracks). Built once per (clip, channels)
// pair, outside the per-frame path.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"

namespace anim {

struct CompressedMorphTracks {
  float duration_s = 0.0f;
  std::size_t clip_track_count = 0;  // the clip's morph tracks, bound or not
  std::size_t channel_span = 0;      // the largest stored channel + 1
  // The bound tracks with keys, in the clip's order (an unbound track is not stored), as
  // parallel arrays the sampler sweeps: track i goes to channels[i], and its stored value v is
  // the weight mins[i] + scales[i] * v (scale: the range's extent / 65535).
  std::vector<std::uint32_t> channels;
  std::vector<float> mins;
  std::vector<float> scales;
  // Whether channels[i] == i for every track (a face clip's usual case): the sampler then writes
  // out[0, tracks) in one straight, vectorizable sweep instead of scattering.
  bool channels_in_order = false;
  std::vector<std::uint16_t> times;   // shared key times: time_s = time / 65535 * duration
  std::vector<std::uint16_t> values;  // values[k * track_count() + i]: track i at times[k]

  std::size_t track_count() const { return channels.size(); }
  bool empty() const { return channels.empty(); }
  // The bytes of the compressed form: times, values and per-track channels and ranges
  // (container overhead excluded).
  std::size_t byte_size() const;
};

// Compresses the morph tracks of clip that track_to_channel binds (MorphBinding's, one entry per
// morph track; -1: unbound, not stored) within tolerance_weight (see above; the viewer's is
// CompressionTolerance::morph_weight). Linear and constant tracks are compressed directly,
// CubicSpline tracks after sampling at clip.source_fps. Returns an empty form, with the cause in
// *why_not when given, for a clip it cannot represent: no bound morph tracks with keys, a Step
// track, a duration that is not finite and positive, a tolerance that is not positive, a binding
// for another clip, or a track the 16-bit form cannot follow within the tolerance.
CompressedMorphTracks compress_morph_tracks(const Clip& clip,
                                            const std::vector<int>& track_to_channel,
                                            float tolerance_weight, std::string* why_not = nullptr);

// Writes each stored track's weight at time_s (within the clip; before the first time the first
// weight, after the last the last) into out[its channel]; other entries are left as they are.
// cursor is the clip's hint into the shared times, read and updated. Writes nothing when out is
// shorter than channel_span. No allocation.
void sample_compressed_morph_tracks(const CompressedMorphTracks& compressed, float time_s,
                                    std::uint32_t& cursor, std::span<float> out);

}  // namespace anim
