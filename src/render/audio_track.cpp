#include "render/audio_track.h"

#include <sndfile.h>

#include <algorithm>
#include <cmath>

namespace render {

std::string read_audio_file(const std::filesystem::path& path, AudioTrack& out) {
  out = {};
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (!file) return path.string() + ": cannot read audio: " + sf_strerror(nullptr);
  std::string error;
  if (info.channels < 1 || info.channels > 8) {
    error = path.string() + ": " + std::to_string(info.channels) +
            " audio channels (1 to 8 can be muxed)";
  } else if (info.frames <= 0 || info.samplerate <= 0) {
    error = path.string() + ": the audio file holds no sound";
  } else {
    out.sample_rate = info.samplerate;
    out.channels = info.channels;
    out.samples.resize(static_cast<std::size_t>(info.frames) * info.channels);
    const sf_count_t read = sf_readf_float(file, out.samples.data(), info.frames);
    if (read != info.frames) {
      error = path.string() + ": the audio ends early (" + std::to_string(read) + " of " +
              std::to_string(info.frames) + " frames read)";
      out = {};
    }
  }
  sf_close(file);
  return error;
}

AudioTrack place_audio(const AudioTrack& source, double offset_s, double duration_s) {
  AudioTrack placed;
  placed.sample_rate = source.sample_rate;
  placed.channels = source.channels;
  const long long frames = std::llround(std::max(0.0, duration_s) * source.sample_rate);
  placed.samples.assign(static_cast<std::size_t>(frames) * source.channels, 0.0f);
  // Timeline frame f plays source frame f - shift.
  const long long shift = std::llround(offset_s * source.sample_rate);
  const long long first = std::max(0LL, shift);
  const long long last = std::min(frames, shift + source.frames());
  for (long long f = first; f < last; ++f) {
    std::copy_n(source.samples.begin() + (f - shift) * source.channels, source.channels,
                placed.samples.begin() + f * source.channels);
  }
  return placed;
}

}  // namespace render
