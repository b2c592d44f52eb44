#include "anim/playback.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>

namespace anim {

const char* to_string(PlaybackMode mode) {
  switch (mode) {
    case PlaybackMode::Once:
      return "once";
    case PlaybackMode::PingPong:
      return "ping_pong";
    case PlaybackMode::Loop:
      break;
  }
  return "loop";
}

bool parse_playback_mode(std::string_view text, PlaybackMode& out) {
  if (text == "loop") {
    out = PlaybackMode::Loop;
  } else if (text == "once") {
    out = PlaybackMode::Once;
  } else if (text == "ping_pong") {
    out = PlaybackMode::PingPong;
  } else {
    return false;
  }
  return true;
}
namespace {

// Every public function accepts any Timeline, so the rules of timeline_of are applied on read.
double valid_fps(const Timeline& timeline) {
  return std::isfinite(timeline.fps) && timeline.fps > 0.0 ? timeline.fps : kDefaultFps;
}

double valid_duration(const Timeline& timeline) {
  return std::isfinite(timeline.duration_s) && timeline.duration_s > 0.0 ? timeline.duration_s
                                                                         : 0.0;
}

// floor() of a frame position, kept inside int (a corrupt duration must not overflow).
int whole_frame(double frame_position) {
  return static_cast<int>(std::clamp(std::floor(frame_position), 0.0, double{INT_MAX - 1}));
}

}  // namespace

Timeline timeline_of(const Clip& clip) {
  Timeline timeline{clip.duration_s, clip.source_fps};
  timeline.fps = valid_fps(timeline);
  timeline.duration_s = valid_duration(timeline);
  return timeline;
}

int last_frame(const Timeline& timeline) {
  return whole_frame(valid_duration(timeline) * valid_fps(timeline) + kFrameTolerance);
}

int frame_count(const Timeline& timeline) {
  return last_frame(timeline) + 1;
}

double frame_time(const Timeline& timeline, int frame) {
  return frame / valid_fps(timeline);
}

int frame_at(const Timeline& timeline, double time_s) {
  if (!std::isfinite(time_s)) return 0;
  return std::min(whole_frame(time_s * valid_fps(timeline) + kFrameTolerance),
                  last_frame(timeline));
}

double wrap_time(PlaybackMode mode, double time_s, double duration_s) {
  if (!std::isfinite(time_s) || !std::isfinite(duration_s) || duration_s <= 0.0) return 0.0;
  switch (mode) {
    case PlaybackMode::Loop: {
      double wrapped = std::fmod(time_s, duration_s);
      if (wrapped < 0.0) wrapped += duration_s;
      // fmod of a tiny negative time can round up to exactly the duration.
      return wrapped < duration_s ? wrapped : 0.0;
    }
    case PlaybackMode::Once:
      return std::clamp(time_s, 0.0, duration_s);
    case PlaybackMode::PingPong: {
      const double period = 2.0 * duration_s;
      double phase = std::fmod(time_s, period);
      if (phase < 0.0) phase += period;
      return phase <= duration_s ? phase : period - phase;
    }
  }
  return 0.0;
}

std::vector<double> event_times(const Clip& clip, TimelineEvents events) {
  const Timeline timeline = timeline_of(clip);
  std::vector<double> times;
  const auto add = [&](float t) {
    if (std::isfinite(t)) times.push_back(std::clamp<double>(t, 0.0, timeline.duration_s));
  };
  if (events != TimelineEvents::Keys) {
    for (const Marker& marker : clip.markers) add(marker.time_s);
  }
  if (events != TimelineEvents::Markers) {
    for (const JointTrack& track : clip.tracks) {
      for (float t : track.translation.times_s) add(t);
      for (float t : track.rotation.times_s) add(t);
      for (float t : track.scale.times_s) add(t);
    }
  }
  std::sort(times.begin(), times.end());
  const double tolerance_s = kFrameTolerance / timeline.fps;
  times.erase(std::unique(times.begin(), times.end(),
                          [&](double a, double b) { return b - a < tolerance_s; }),
              times.end());
  return times;
}

void PlaybackClock::set_timeline(const Timeline& timeline) {
  timeline_.fps = valid_fps(timeline);
  timeline_.duration_s = valid_duration(timeline);
  time_s_ = std::clamp(time_s_, 0.0, timeline_.duration_s);
}

void PlaybackClock::toggle_playing() {
  if (!playing_ && mode_ == PlaybackMode::Once) {
    const double end = timeline_.duration_s;
    if (!reverse_ && time_s_ >= end - tolerance_s()) time_s_ = 0.0;
    if (reverse_ && time_s_ <= tolerance_s()) time_s_ = end;
  }
  playing_ = !playing_;
}

void PlaybackClock::set_speed(double speed) {
  if (std::isfinite(speed)) speed_ = std::clamp(speed, 0.0, kMaxSpeed);
}

void PlaybackClock::advance(double dt_s) {
  const double end = timeline_.duration_s;
  const double distance = dt_s * speed_;
  if (!playing_ || !std::isfinite(distance) || distance <= 0.0 || end <= 0.0) return;
  switch (mode_) {
    case PlaybackMode::Loop:
      time_s_ = wrap_time(PlaybackMode::Loop, time_s_ + (reverse_ ? -distance : distance), end);
      // Rounding can leave a sum of frame times a hair before the end: that is the next start.
      if (end - time_s_ < tolerance_s()) time_s_ = 0.0;
      return;
    case PlaybackMode::Once: {
      const double t = time_s_ + (reverse_ ? -distance : distance);
      if (t >= end || t <= 0.0) playing_ = false;
      time_s_ = std::clamp(t, 0.0, end);
      return;
    }
    case PlaybackMode::PingPong: {
      // Unfold the bounce into one loop of length 2 * duration: the first half runs forward,
      // the second half backward.
      const double period = 2.0 * end;
      const double unfolded =
          std::fmod((running_backwards() ? period - time_s_ : time_s_) + distance, period);
      const bool backwards = unfolded > end;
      bounced_ = backwards != reverse_;
      time_s_ = backwards ? period - unfolded : unfolded;
      return;
    }
  }
}

void PlaybackClock::seek(double time_s) {
  if (std::isfinite(time_s)) time_s_ = std::clamp(time_s, 0.0, timeline_.duration_s);
}

void PlaybackClock::seek_frame(int frame) {
  const int clamped = std::clamp(frame, 0, last_frame(timeline_));
  time_s_ = std::min(frame_time(timeline_, clamped), timeline_.duration_s);
}

void PlaybackClock::step_frames(int count) {
  playing_ = false;
  const double position = frame_position();
  // From between two frames, a step forward lands on the next frame and a step back on the
  // previous one: start from the frame on the side the step leaves from.
  const long long from = count >= 0 ? static_cast<long long>(std::floor(position + kFrameTolerance))
                                    : static_cast<long long>(std::ceil(position - kFrameTolerance));
  const long long frames = static_cast<long long>(last_frame(timeline_)) + 1;
  long long target = from + count;
  if (mode_ == PlaybackMode::Loop) {
    target = ((target % frames) + frames) % frames;
  } else {
    target = std::clamp(target, 0LL, frames - 1);
  }
  seek_frame(static_cast<int>(target));
}

void PlaybackClock::go_to_first() {
  playing_ = false;
  seek_frame(0);
}

void PlaybackClock::go_to_last() {
  playing_ = false;
  seek_frame(last_frame(timeline_));
}

bool PlaybackClock::go_to_next_event(std::span<const double> sorted_event_times) {
  const auto it = std::upper_bound(sorted_event_times.begin(), sorted_event_times.end(),
                                   time_s_ + tolerance_s());
  if (it == sorted_event_times.end() || !std::isfinite(*it)) return false;
  seek(*it);
  return true;
}

bool PlaybackClock::go_to_previous_event(std::span<const double> sorted_event_times) {
  const auto it = std::lower_bound(sorted_event_times.begin(), sorted_event_times.end(),
                                   time_s_ - tolerance_s());
  if (it == sorted_event_times.begin() || !std::isfinite(*std::prev(it))) return false;
  seek(*std::prev(it));
  return true;
}

}  // namespace anim
