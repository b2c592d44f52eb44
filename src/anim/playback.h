#pragma once
// Playback: frame <-> time arithmetic at a clip's source frame rate, and the playback clock that
// the timeline drives (play/pause, loop / once / ping-pong, reverse, speed, frame steps, jumps to
// markers and keys). The playhead is a double in seconds that is always mapped back into the
// clip, so hours of looping do not drift; frames are derived from it, never accumulated.

#include <span>
#include <string_view>
#include <vector>

#include "anim/clip.h"

namespace anim {

// The frame rate used when a clip does not know its own (source_fps not finite or not > 0).
inline constexpr double kDefaultFps = 30.0;

// How close, in frames, a time must be to a frame to count as on it. Key and marker times are
// floats, so a time meant to sit on frame 40 can read 39.9999 frames; a thousandth of a frame is
// far above that error and far below anything a user can see (8 us at 120 fps).
inline constexpr double kFrameTolerance = 1e-3;

// A clip's time axis: its duration and the frame rate it was authored at. Frame f sits at time
// f / fps; frames run from 0 to the last whole frame that is not after the duration.
struct Timeline {
  double duration_s = 0.0;
  double fps = kDefaultFps;
};

// The timeline of clip. A source_fps that is not finite or not positive becomes kDefaultFps; a
// duration that is not finite or negative becomes 0.
Timeline timeline_of(const Clip& clip);

// The last frame: the last whole frame not after the duration (within kFrameTolerance), e.g. 40
// for 1.3333 s at 30 fps. 0 for an empty timeline.
int last_frame(const Timeline& timeline);

// The number of frames, first and last included (last_frame + 1).
int frame_count(const Timeline& timeline);

// The time of frame, in seconds (frame / fps; not clamped, so frame -1 is before the clip).
double frame_time(const Timeline& timeline, int frame);

// The frame shown at time_s: the last frame whose time is not after time_s (within
// kFrameTolerance), clamped to [0, last_frame]. Non-finite times give frame 0.
int frame_at(const Timeline& timeline, double time_s);

// How the playhead behaves at the ends of the clip.
enum class PlaybackMode {
  Loop,      // wraps from the end to the start (and from the start to the end in reverse)
  Once,      // stops at the end it travels towards
  PingPong,  // bounces between the ends, reversing direction at each
};

const char* to_string(PlaybackMode mode);  // "loop", "once", "ping_pong"
bool parse_playback_mode(std::string_view text, PlaybackMode& out);

// Maps an unbounded playhead time onto the clip, as playing from 0 at speed 1 for time_s seconds
// would: Loop wraps into [0, duration) (negative times wrap backwards), Once clamps to
// [0, duration], PingPong is a triangle wave of period 2 * duration (0 -> duration -> 0).
// Gives 0 for a zero duration or a non-finite time. Used to keep two clips in sync from one
// shared time.
double wrap_time(PlaybackMode mode, double time_s, double duration_s);

// Which clip events the previous/next jumps stop at.
enum class TimelineEvents { Markers, Keys, MarkersAndKeys };

// The times of the clip's markers and/or keys (every key of every channel), clamped to
// [0, duration], sorted, with times closer than kFrameTolerance frames merged. Allocates: build
// it once per clip and hand it to PlaybackClock::go_to_next_event and the timeline panel.
std::vector<double> event_times(const Clip& clip, TimelineEvents events);

// The playback state of one player: where the playhead is and how it moves. The playhead always
// stays within [0, duration]. All member functions are O(1) (the event jumps O(log events)),
// never allocate and accept any input: non-finite values are ignored.
class PlaybackClock {
 public:
  // The fastest playback speed accepted; slow motion goes down to 0 (frozen).
  static constexpr double kMaxSpeed = 16.0;

  PlaybackClock() = default;
  explicit PlaybackClock(const Timeline& timeline) { set_timeline(timeline); }

  // Switches to another timeline (another clip, or the same clip reloaded), keeping the playhead
  // time where it still fits and clamping it otherwise. Play state, mode and speed are kept.
  void set_timeline(const Timeline& timeline);
  const Timeline& timeline() const { return timeline_; }

  double time_s() const { return time_s_; }
  // The frame at the playhead (frame_at of the current time).
  int frame() const { return frame_at(timeline_, time_s_); }
  // The playhead position in frames, with the fraction between frames (for a scrub bar).
  double frame_position() const { return time_s_ * timeline_.fps; }

  bool playing() const { return playing_; }
  void set_playing(bool playing) { playing_ = playing; }
  // Play/pause. Starting a Once clip that stands at the end it travels towards restarts it
  // from the other end, so Space replays a finished clip.
  void toggle_playing();

  PlaybackMode mode() const { return mode_; }
  void set_mode(PlaybackMode mode) {
    mode_ = mode;
    bounced_ = false;
  }

  // The user's Reverse: time runs backwards. PingPong's bounces do not change it (a checkbox
  // that ticked itself at every end would read as a setting changing on its own).
  bool reverse() const { return reverse_; }
  void set_reverse(bool reverse) { reverse_ = reverse; }
  // Whether the playhead moves backwards now: Reverse, turned around by each PingPong bounce.
  bool running_backwards() const { return reverse_ != bounced_; }

  // Playback rate: 1 is real time, 0.25 quarter-speed slow motion. Clamped to [0, kMaxSpeed].
  double speed() const { return speed_; }
  void set_speed(double speed);

  // Moves the playhead by dt_s seconds of wall time times the speed, in the current direction,
  // when playing; applies the mode at the ends (several wraps or bounces in one call are fine).
  // A Once clip that reaches its end stops playing there. Negative dt_s is ignored.
  void advance(double dt_s);

  // Puts the playhead at time_s, clamped to [0, duration] (scrubbing). Play state is kept.
  void seek(double time_s);
  // Puts the playhead on frame, clamped to [0, last_frame].
  void seek_frame(int frame);

  // Steps count frames (negative: backwards) from the frame at the playhead and pauses, so
  // Left/Right inspect one frame at a time. From between two frames, +1 lands on the next frame
  // and -1 on the previous one. Loop wraps around the frames [0, last_frame]; Once and PingPong
  // stop at the first and last frame.
  void step_frames(int count);
  // Jumps to frame 0 / the last frame and pauses.
  void go_to_first();
  void go_to_last();

  // Jumps to the first event after (before) the playhead, more than kFrameTolerance frames
  // away; sorted_event_times comes from event_times(). Returns false and stays when there is
  // none. Play state is kept.
  bool go_to_next_event(std::span<const double> sorted_event_times);
  bool go_to_previous_event(std::span<const double> sorted_event_times);

 private:
  double tolerance_s() const { return kFrameTolerance / timeline_.fps; }

  Timeline timeline_;
  double time_s_ = 0.0;
  double speed_ = 1.0;
  PlaybackMode mode_ = PlaybackMode::Loop;
  bool playing_ = false;
  bool reverse_ = false;
  bool bounced_ = false;  // PingPong: an odd number of bounces since Reverse was last set
};

}  // namespace anim
