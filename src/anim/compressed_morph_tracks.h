#pragma once
// Compressed morph weight tracks: a clip's shape tracks in the runtime's compact form, as joint
// tracks are compressed (compressed_clip.h). Each bound track's keys are quantized to 4 bytes (a
// 16-bit time, a fraction of the clip's duration, and a 16-bit weight, a fraction of the track's
// range), then reduced: keys that linear interpolation between the kept ones reproduces are
// dropped. The error bound is stated in weight units and checked on the decoded keys: at every
// time in the clip, the compressed track is within the tolerance of the original (of its samples
// at the source frame rate, for CubicSpline tracks). Built once per (clip, channels) pair,
// outside the per-frame path.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/clip.h"

namespace anim {

// One key (4 bytes): time_s = time / 65535 * duration, weight = min + extent * value / 65535.
struct QuantizedWeightKey {
  std::uint16_t time;
  std::uint16_t value;
};
static_assert(sizeof(QuantizedWeightKey) == 4);

// One of the clip's morph tracks: its keys are keys[first_key, first_key + key_count). An unbound
// track (no channel) has none. A constant track has one.
struct CompressedMorphTrack {
  float min = 0.0f;
  float extent = 0.0f;
  std::uint32_t first_key = 0;
  std::uint32_t key_count = 0;
};

struct CompressedMorphTracks {
  float duration_s = 0.0f;
  std::vector<CompressedMorphTrack> tracks;  // one per morph track of the clip, in its order
  std::vector<QuantizedWeightKey> keys;

  bool empty() const { return tracks.empty(); }
  // The bytes of the compressed form: keys and per-track ranges (container overhead excluded).
  std::size_t byte_size() const;
};

// Compresses the morph tracks of clip that track_to_channel binds (MorphBinding's, one entry per
// morph track; -1: unbound, not stored) within tolerance_weight (see above; the viewer's is
// CompressionTolerance::morph_weight). Linear and constant
// tracks are compressed directly, CubicSpline tracks after sampling at clip.source_fps. Returns
// an empty form, with the cause in *why_not when given, for a clip it cannot represent: no
// morph tracks, a Step track, a duration that is not finite and positive, a tolerance that is
// not positive, a binding for another clip, or a track the 16-bit keys cannot follow within
// the tolerance (keys closer than 1/65535 of the duration that differ by more).
CompressedMorphTracks compress_morph_tracks(const Clip& clip,
                                            const std::vector<int>& track_to_channel,
                                            float tolerance_weight, std::string* why_not = nullptr);

// The weight of track (an index into tracks, with keys) at time_s (within the clip; before the
// first key the first weight, after the last the last), interpolating linearly between keys.
// cursor is the track's key hint, read and updated. No allocation.
float sample_compressed_morph_track(const CompressedMorphTracks& compressed, std::size_t track,
                                    float time_s, std::uint32_t& cursor);

}  // namespace anim
