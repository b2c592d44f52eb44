#pragma once
// The frames of a playblast (`animview render --out x.mp4|.webm|.gif`): fixed time steps at
// the video's frame rate, so the same options always give the same video, each with the clip
// time it shows, the turntable's angle, and the text burnt into it with --overlay.

#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace app {

struct PlayblastRequest {
  // The video covers [from_s, to_s): frame n shows from_s + n / fps, and the video lasts
  // to_s - from_s (rounded to whole frames), so a looping clip loops without a doubled frame.
  double from_s = 0.0;
  double to_s = 0.0;
  double fps = 30.0;
  // Times past the clip's end wrap to its start (a turntable longer than its clip loops it).
  double clip_duration_s = 0.0;
  // The camera orbits this far about the vertical axis over the whole video (0: it stays).
  double turntable_deg = 0.0;
};

struct PlayblastFrame {
  int index = 0;        // in the video, from 0
  double time_s = 0.0;  // on the clip
  double turntable_rad = 0.0;
};

// A live recording's or a graph's video rate when none is asked (a GIF's is at most
// render::kMaxGifFps): recordings are replayed in steps of the video's frames.
inline constexpr double kReplayFps = 30.0;

// The most frames one playblast may plan (an hour at 60 fps is 216000): a guard against a typo
// in the range filling the disk.
inline constexpr int kMaxPlayblastFrames = 250000;

// Plans request into out: round((to_s - from_s) * fps) frames (at least one). Returns "" or the
// cause naming the bad value (out is then empty): a range or rate that is not finite, a rate
// not above 0, a range that starts below 0 or does not end after it starts, more than
// kMaxPlayblastFrames frames.
std::string plan_playblast(const PlayblastRequest& request, std::vector<PlayblastFrame>& out);

// What a turntable frame puts before the view-projection: the world turned by -angle_rad about
// the vertical axis through pivot, which is the camera orbiting it by angle_rad (the lights and
// ground turn with the character, as on a real turntable seen by a fixed camera).
glm::mat4 turntable_orbit(const glm::vec3& pivot, double angle_rad);

// The frame rate a playblast of a clip at clip_fps gets when none is asked: the clip's own, at
// most max_fps (a clip keyed at 120 fps plays as smoothly at 60, in half the file).
double default_playblast_fps(double clip_fps, double max_fps);

// frame as a non-drop timecode HH:MM:SS:FF at fps (FF counts the whole frames of a second).
std::string timecode(int frame, double fps);

// The burn-in text of frame of a total-frame video at fps: the file's name and what plays (the
// clip's name, "graph", "recording NAME"), then the frame number, the timecode and, with
// clip_time, the clip time (a replay's timecode is already its time: it has no clip time).
std::vector<std::string> overlay_lines(const std::string& file_name, const std::string& source,
                                       const PlayblastFrame& frame, int total, double fps,
                                       bool clip_time);

}  // namespace app
