#pragma once
// Phase sync: the clips of a blend space play in step. They share one phase; where every clip
// carries the same sequence of foot markers, the phase counts marker intervals so that
// "foot_l_down" lines up across clips of different lengths (as Unreal's sync markers do);
// otherwise the phase is the normalized time (as Unity does). Either way the phase advances at
// the weight-averaged rate of the clips that step, so the blend's cycle lasts their
// weight-averaged duration: a clip that takes no steps (an idle among gaits) follows their pace,
// as a sync group's follower does in Unreal, rather than slowing them.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.h"
#include "anim/playback.h"

namespace anim {

// Markers whose name starts with "foot_" (foot_l_down, foot_r_down, foot_l_up, ...) drive sync;
// other markers are user events and are ignored here.
bool is_sync_marker(std::string_view name);

// How the clips of a group map the shared phase onto their own time. The phase runs over
// [0, segment_count): its integer part is the segment, its fraction the position inside it.
// Segment k of clip i starts at segment_starts_s[i][k] and ends where segment k + 1 starts (the
// last one ends at the first start plus the clip's duration). Starts increase; markers that come
// before the first one in the clip are counted one loop later (their time plus the duration).
struct SyncGroup {
  bool by_markers = false;  // false: normalized time, one segment starting at 0 per clip
  int segment_count = 1;
  std::vector<float> durations_s;
  std::vector<std::vector<float>> segment_starts_s;
  std::vector<std::string> marker_names;  // the sync marker sequence, when by_markers
  // Whether clip i sets the pace: false for a clip without foot markers while another clip has
  // some (it takes no steps, so its length says nothing of the gait's cycle). Empty: all do.
  std::vector<bool> sets_pace;
  // Why markers were not used although some clip has them (empty otherwise), for the UI.
  std::string fallback_reason;
};

// Builds the group for clips (each with a positive duration). Marker sync is used when every
// clip has sync markers at distinct times and, after rotating each clip's sequence to start at
// the same marker name, the name sequences are equal; otherwise normalized time is used and
// fallback_reason says why (when any clip had markers). Allocates: call it once per edit.
SyncGroup build_sync_group(std::span<const Clip* const> clips);

// The weight-averaged length of the segment of the phase, in seconds: the time the blend takes to
// cross it. weights (one per clip, >= 0, not all 0) need not be normalized. Only the clips that
// set the pace count while any of them has weight (renormalised over them); all clips otherwise.
float blended_segment_duration(const SyncGroup& group, std::span<const float> weights, int segment);

// The weight-averaged cycle duration: sum_i w_i * duration_i / sum_i w_i, over the clips that
// set the pace as for blended_segment_duration.
float blended_cycle_duration(const SyncGroup& group, std::span<const float> weights);

// Advances phase by dt_s (negative plays backwards) at the weight-averaged rate, segment by
// segment, and returns the new phase unwrapped (it may leave [0, segment_count), so callers can
// measure how far each clip moved; wrap_phase brings it back). No allocation.
double advance_phase(const SyncGroup& group, std::span<const float> weights, double phase,
                     float dt_s);

// The blended durations that advancing the phase reads, measured once for a set of weights: a
// player keeps them while its weights stay (a point held still) instead of averaging every
// clip's durations several times a frame.
struct BlendedPace {
  float cycle_s = 0.0f;          // blended_cycle_duration
  std::vector<float> segment_s;  // blended_segment_duration of each segment
};

// Measures pace for weights (as blended_cycle_duration and blended_segment_duration take them,
// the same values bit for bit). Allocates only when pace.segment_s does not yet hold
// group.segment_count values.
void measure_pace(const SyncGroup& group, std::span<const float> weights, BlendedPace& pace);

// The same for a caller that knows which clips weigh: weighed lists, in increasing order, the
// clips whose weight is above zero (at least those), and only they are visited.
void measure_pace(const SyncGroup& group, std::span<const float> weights,
                  std::span<const std::uint32_t> weighed, BlendedPace& pace);

// advance_phase with the durations of pace, measured for the weights: the same phase.
double advance_phase(const SyncGroup& group, const BlendedPace& pace, double phase, float dt_s);

// The phase reduced into [0, segment_count).
double wrap_phase(const SyncGroup& group, double phase);

// Clip i's time at an unwrapped phase, unwrapped too: whole cycles of the phase add whole
// durations, so the difference between two calls is how far the clip played. Use
// wrap_clip_time (clip_sampling.h) or clip_time_at_phase to sample.
double unwrapped_clip_time(const SyncGroup& group, int clip, double phase);

// Clip i's time at phase, in [0, duration).
float clip_time_at_phase(const SyncGroup& group, int clip, double phase);

// Clip i's time in [0, duration) from its unwrapped time (unwrapped_clip_time): the same as
// clip_time_at_phase at that phase, for callers that need both times and so measure the phase once.
float wrapped_clip_time(const SyncGroup& group, int clip, double unwrapped_time_s);

// The phase at which clip i is at time_s (inverse of clip_time_at_phase), to start a group in
// step with one clip's current time.
double phase_at_clip_time(const SyncGroup& group, int clip, float time_s);

// How a second clip follows a first one's playhead: at the same normalized phase (a walk against
// a run, feet down together), or at the same time in seconds.
enum class TimeSync { Phase, Seconds };

// Where clip B's playhead is when clip A's is at a_time_s (within [0, a_duration_s]).
// Phase: the same normalized phase, (a_time_s / a_duration_s) * b_duration_s; a zero A duration
// counts as phase 0. Seconds: the same time, mapped onto B as the timeline's mode maps a
// playhead (Loop wraps into [0, b_duration_s), Once clamps to [0, b_duration_s], PingPong
// bounces), see wrap_time. Gives 0 for a zero B duration or non-finite input.
double synced_clip_time(TimeSync sync, PlaybackMode mode, double a_time_s, double a_duration_s,
                        double b_duration_s);

}  // namespace anim
