#pragma once
// Sound for a playblast: a WAV or FLAC file read with libsndfile, and placed on the video's
// timeline (shifted by an offset, trimmed or padded with silence to the video's duration), so
// lip-sync and footsteps can be reviewed against the picture.

#include <filesystem>
#include <string>
#include <vector>

namespace render {

// Interleaved float samples in [-1, 1].
struct AudioTrack {
  int sample_rate = 0;  // Hz
  int channels = 0;
  std::vector<float> samples;  // frames * channels

  long long frames() const {
    return channels > 0 ? static_cast<long long>(samples.size()) / channels : 0;
  }
};

// Reads path (any format libsndfile reads: WAV, FLAC, AIFF, Ogg) into out. Returns "" or the
// cause naming path (missing, unreadable, not audio, more than 8 channels, empty).
std::string read_audio_file(const std::filesystem::path& path, AudioTrack& out);

// source placed on a timeline of duration_s seconds: its first sample plays at offset_s (a
// negative offset skips the start of the sound), silence fills what it does not cover, and what
// runs past duration_s is cut. The result holds exactly round(duration_s * sample_rate) frames.
AudioTrack place_audio(const AudioTrack& source, double offset_s, double duration_s);

}  // namespace render
