#pragma once
// What a written video holds, read back with Debian's ffprobe and ffmpeg (package ffmpeg), for
// the playblast tests: they check the file as a player sees it, not as the writer meant it.

#include <filesystem>
#include <string>
#include <vector>

#include "picture_diff.h"

namespace probe {

// True when ffprobe and ffmpeg can be run; otherwise why_not says so.
bool available(std::string& why_not);

struct Stream {
  std::string type;  // "video" or "audio"
  std::string codec;
  std::string pix_fmt;
  int width = 0, height = 0;
  int sample_rate = 0;
  long long frames = -1;     // decoded, counted by ffprobe
  double duration_s = -1.0;  // the stream's, or its container tag's (Matroska)
};

struct Video {
  std::string format;  // ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2"
  double duration_s = -1.0;
  std::vector<Stream> streams;
  // The first stream of type, or nullptr.
  const Stream* find(const std::string& type) const;
};

// Probes path (an empty Video when ffprobe cannot read it).
Video read(const std::filesystem::path& path);

// The durations in seconds of the video packets of path, in order (a GIF's frame delays).
std::vector<double> frame_durations(const std::filesystem::path& path);

// Decodes frame `index` of path to a PNG at png and loads it (empty when it fails).
pictures::Picture decode_frame(const std::filesystem::path& path, int index,
                               const std::filesystem::path& png);

// The peak signal-to-noise ratio of b against a (same size), over RGB, in dB.
double psnr(const pictures::Picture& a, const pictures::Picture& b);

}  // namespace probe
