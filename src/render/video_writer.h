#pragma once
// Writes pictures as a video through FFmpeg's libraries: MP4 (H.264, yuv420p), WebM (VP9,
// yuv420p) or GIF (one palette made for all its frames, dithered), chosen by the file's
// extension, with an optional sound track (AAC in MP4, Vorbis in WebM). The file is written
// under a temporary name beside it and renamed only when complete, so a failure or a cancel
// never leaves a partial video under the asked name.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "render/audio_track.h"
#include "render/frame_capture.h"

namespace render {

enum class VideoContainer { Mp4, WebM, Gif };

// The container the extension of path names (.mp4, .webm, .gif, in any case); nullopt for any
// other extension.
std::optional<VideoContainer> video_container_of(const std::filesystem::path& path);

// GIF delays are whole hundredths of a second and browsers slow down delays under 2/100 s:
// the fastest GIF that plays at its speed everywhere is 50 fps.
inline constexpr double kMaxGifFps = 50.0;

struct VideoSettings {
  int width = 0;  // pixels; even for MP4 and WebM (4:2:0 chroma)
  int height = 0;
  double fps = 30.0;  // frames per second, > 0 (at most kMaxGifFps for a GIF)
  // Constant-quality factor (CRF: lower is better and larger): 0 to 51 for MP4, 0 to 63 for
  // WebM; -1 picks the codec's usual default (23 and 31). A GIF ignores it.
  int quality = -1;
  // Sound placed on the video's timeline (place_audio), muxed into MP4 and WebM; empty: none.
  AudioTrack audio;
};

// One video being written: open, write every frame in order, finish. Destroying a writer that
// was not finished (an error, a cancel) removes what it wrote.
class VideoWriter {
 public:
  VideoWriter();
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;
  ~VideoWriter();

  // Starts writing path with settings. Returns "" or the cause, naming path: an unknown
  // extension, an odd size for MP4/WebM, a GIF faster than kMaxGifFps, sound in a GIF, a
  // quality out of range, an encoder this FFmpeg lacks, a folder that cannot be written.
  std::string open(const std::filesystem::path& path, const VideoSettings& settings);

  // Encodes the next frame (its picture must have the settings' size). Returns "" or the cause
  // naming the file (a full disk, a write error).
  std::string write_frame(const Image& image);

  // Flushes the encoders, writes the sound up to the video's end and the container's index,
  // and renames the file to its name. Returns "" or the cause naming the file; on failure
  // nothing is left under either name.
  std::string finish();

  int frames_written() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace render
