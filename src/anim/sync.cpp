#include "anim/sync.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "anim/index.h"

namespace anim {
namespace {

struct SyncMarkers {
  std::vector<float> times_s;
  std::vector<std::string> names;
};

// Clip's sync markers in time order.
SyncMarkers sync_markers(const Clip& clip) {
  std::vector<Marker> markers;
  for (const Marker& m : clip.markers) {
    if (is_sync_marker(m.name)) markers.push_back(m);
  }
  std::stable_sort(markers.begin(), markers.end(),
                   [](const Marker& a, const Marker& b) { return a.time_s < b.time_s; });
  SyncMarkers result;
  for (const Marker& m : markers) {
    result.times_s.push_back(m.time_s);
    result.names.push_back(m.name);
  }
  return result;
}

std::string describe(const Clip& clip) {
  return "clip '" + clip.name + "'";
}

// Why clip cannot take part in marker sync (empty when it can); on success rotated and names hold
// its sync markers starting at the first one called first_name.
std::string rotate_to_marker(const Clip& clip, const std::string& first_name,
                             std::vector<float>& rotated, std::vector<std::string>& names) {
  const SyncMarkers markers = sync_markers(clip);
  if (markers.times_s.empty()) return describe(clip) + " has no foot markers";
  for (std::size_t k = 0; k < markers.times_s.size(); ++k) {
    const float t = markers.times_s[k];
    if (!(t >= 0.0f && t < clip.duration_s)) {
      return describe(clip) + " has a foot marker outside [0, duration)";
    }
    if (k > 0 && t <= markers.times_s[k - 1]) {
      return describe(clip) + " has two foot markers at the same time";
    }
  }
  const std::size_t n = markers.names.size();
  std::size_t offset = 0;
  while (offset < n && markers.names[offset] != first_name) ++offset;
  if (offset == n) return describe(clip) + " has no '" + first_name + "' marker";
  rotated.clear();
  names.clear();
  for (std::size_t k = 0; k < n; ++k) {
    // Markers before the reference one come after it, one loop later: starts keep increasing.
    const float loop = offset + k >= n ? clip.duration_s : 0.0f;
    rotated.push_back(markers.times_s[(offset + k) % n] + loop);
    names.push_back(markers.names[(offset + k) % n]);
  }
  return {};
}

// Segment k of clip i: its start (unwrapped, may pass the duration) and length.
void segment_of(const SyncGroup& group, int clip, int k, double& start, double& length) {
  const std::vector<float>& starts = group.segment_starts_s[clip];
  start = starts[k];
  const double end =
      k + 1 < group.segment_count ? starts[k + 1] : starts[0] + group.durations_s[clip];
  length = end - start;
}

bool sets_pace(const SyncGroup& group, std::size_t clip) {
  return clip >= group.sets_pace.size() || group.sets_pace[clip];
}

// The two running sums of one weight-average: over every clip that weighs, and over the clips
// among them that set the pace.
struct PaceSums {
  double all = 0.0;
  double pacers = 0.0;

  void add(double term, bool pacer) {
    all += term;
    if (pacer) pacers += term;
  }

  // The average of these weighted sums over the weights' sums: over the pacers when any of them
  // weighs, over every clip otherwise; 0 when nothing weighs.
  float average(const PaceSums& weights) const {
    const bool pacers_weigh = weights.pacers > 0.0;
    const double sum = pacers_weigh ? weights.pacers : weights.all;
    const double weighted = pacers_weigh ? pacers : all;
    return sum > 0.0 ? static_cast<float>(weighted / sum) : 0.0f;
  }
};

// The weight-average of value(i) over the clips that weigh, counting only the clips that set the
// pace when any of them weighs. One pass keeps both sums side by side; each sum adds the same
// terms in the same order as a pass over its own clips would.
template <typename Value>
float pace_average(const SyncGroup& group, std::span<const float> weights, Value value) {
  PaceSums weight;
  PaceSums weighted;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const float w = weights[i];
    if (w <= 0.0f) continue;
    const bool pacer = sets_pace(group, i);
    weight.add(w, pacer);
    weighted.add(w * value(i), pacer);
  }
  return weighted.average(weight);
}

// The segments measure_pace averages in one pass over the clips (a gait has two to four).
constexpr int kSegmentsPerPass = 4;

}  // namespace

bool is_sync_marker(std::string_view name) {
  return name.starts_with("foot_");
}

SyncGroup build_sync_group(std::span<const Clip* const> clips) {
  SyncGroup group;
  for (const Clip* clip : clips) group.durations_s.push_back(clip->duration_s);

  bool any_markers = false;
  for (const Clip* clip : clips) {
    group.sets_pace.push_back(!sync_markers(*clip).names.empty());
    any_markers = any_markers || group.sets_pace.back();
  }
  if (!any_markers) group.sets_pace.assign(clips.size(), true);
  if (any_markers && !clips.empty()) {
    // The reference sequence starts at the alphabetically first name of the first clip
    // (foot_l_down before foot_r_down), so phase 0 is a left foot contact when there is one.
    const SyncMarkers first = sync_markers(*clips[0]);
    std::string why = first.names.empty() ? describe(*clips[0]) + " has no foot markers" : "";
    std::vector<std::string> reference;
    std::vector<float> rotated;
    std::vector<std::string> names;
    std::vector<std::vector<float>> starts;
    for (std::size_t i = 0; i < clips.size() && why.empty(); ++i) {
      why = rotate_to_marker(*clips[i], *std::min_element(first.names.begin(), first.names.end()),
                             rotated, names);
      if (!why.empty()) break;
      if (i == 0) reference = names;
      if (names != reference) {
        why = describe(*clips[i]) + "'s foot markers come in a different order or number";
      }
      starts.push_back(rotated);
    }
    if (why.empty()) {
      group.by_markers = true;
      group.segment_count = static_cast<int>(reference.size());
      group.segment_starts_s = std::move(starts);
      group.marker_names = std::move(reference);
      return group;
    }
    group.fallback_reason = why + ": playing in normalized time instead";
  }
  group.segment_starts_s.assign(clips.size(), std::vector<float>{0.0f});
  return group;
}

float blended_segment_duration(const SyncGroup& group, std::span<const float> weights,
                               int segment) {
  assert(weights.size() == group.durations_s.size());
  return pace_average(group, weights, [&](std::size_t i) {
    double start = 0.0;
    double length = 0.0;
    segment_of(group, static_cast<int>(i), segment, start, length);
    return length;
  });
}

float blended_cycle_duration(const SyncGroup& group, std::span<const float> weights) {
  assert(weights.size() == group.durations_s.size());
  return pace_average(group, weights, [&](std::size_t i) { return group.durations_s[i]; });
}

namespace {

// advance_phase with the blended cycle and segment_length(segment), the blended duration of a
// segment, however they are measured.
template <typename SegmentLength>
double advance_phase_by(const SyncGroup& group, double cycle, SegmentLength segment_length,
                        double phase, float dt_s) {
  if (!(cycle > 0.0) || !std::isfinite(dt_s)) return phase;
  // Whole cycles first (they advance the phase by exactly segment_count), then the rest segment
  // by segment, so a huge dt costs no more than one cycle's segments.
  const double cycles = std::trunc(dt_s / cycle);
  double remaining = dt_s - cycles * cycle;
  phase += cycles * group.segment_count;
  const double direction = remaining < 0.0 ? -1.0 : 1.0;
  remaining = std::abs(remaining);
  for (int guard = 0; guard <= 2 * group.segment_count && remaining > 0.0; ++guard) {
    const double wrapped = wrap_phase(group, phase);
    const int segment = std::min(static_cast<int>(wrapped), group.segment_count - 1);
    const double fraction = wrapped - segment;
    const double length = segment_length(segment);
    // Time to the segment's end going forward, to its start going backward (a whole segment
    // when already on the start).
    double to_edge = (direction > 0.0 ? 1.0 - fraction : fraction) * length;
    if (direction < 0.0 && fraction == 0.0) to_edge = length;
    if (remaining < to_edge || length <= 0.0) {
      phase += direction * (length > 0.0 ? remaining / length : 0.0);
      break;
    }
    const double step = direction > 0.0 ? 1.0 - fraction : (fraction == 0.0 ? 1.0 : fraction);
    phase += direction * step;
    remaining -= to_edge;
  }
  return phase;
}

}  // namespace

double advance_phase(const SyncGroup& group, std::span<const float> weights, double phase,
                     float dt_s) {
  return advance_phase_by(
      group, blended_cycle_duration(group, weights),
      [&](int segment) { return blended_segment_duration(group, weights, segment); }, phase, dt_s);
}

namespace {

// measure_pace over the clips clip(0) .. clip(clip_count - 1), clip indices in increasing order
// that hold every clip of positive weight (others are skipped).
template <typename ClipAt>
void measure_pace_over(const SyncGroup& group, std::span<const float> weights,
                       std::size_t clip_count, ClipAt clip, BlendedPace& pace) {
  assert(weights.size() == group.durations_s.size());
  const int segments = group.segment_count;
  pace.segment_s.resize(as_size(segments));
  // blended_cycle_duration and blended_segment_duration's sums, the same terms in the same
  // order, but the cycle and up to kSegmentsPerPass segments in one pass over the clips: a blend
  // space's clips are many (17 in the demo's) and mostly out of the blend.
  for (int first = 0; first == 0 || first < segments; first += kSegmentsPerPass) {
    const int count = std::clamp(segments - first, 0, kSegmentsPerPass);
    PaceSums weight;
    PaceSums cycle;
    std::array<PaceSums, kSegmentsPerPass> segment;
    for (std::size_t n = 0; n < clip_count; ++n) {
      const std::size_t i = clip(n);
      const float w = weights[i];
      if (w <= 0.0f) continue;
      const bool pacer = sets_pace(group, i);
      weight.add(w, pacer);
      if (first == 0) cycle.add(w * group.durations_s[i], pacer);
      // segment_of's lengths, the clip's starts looked up once.
      const float* starts = group.segment_starts_s[i].data();
      const float loop_end = starts[0] + group.durations_s[i];
      for (int k = 0; k < count; ++k) {
        const int at = first + k;
        const double end = at + 1 < segments ? starts[at + 1] : loop_end;
        segment[as_size(k)].add(w * (end - starts[at]), pacer);
      }
    }
    if (first == 0) pace.cycle_s = cycle.average(weight);
    for (int k = 0; k < count; ++k) {
      pace.segment_s[as_size(first + k)] = segment[as_size(k)].average(weight);
    }
  }
}

}  // namespace

void measure_pace(const SyncGroup& group, std::span<const float> weights, BlendedPace& pace) {
  measure_pace_over(
      group, weights, weights.size(), [](std::size_t n) { return n; }, pace);
}

void measure_pace(const SyncGroup& group, std::span<const float> weights,
                  std::span<const std::uint32_t> weighed, BlendedPace& pace) {
  measure_pace_over(
      group, weights, weighed.size(), [&](std::size_t n) { return std::size_t{weighed[n]}; }, pace);
}

double advance_phase(const SyncGroup& group, const BlendedPace& pace, double phase, float dt_s) {
  return advance_phase_by(
      group, pace.cycle_s, [&](int segment) { return pace.segment_s[as_size(segment)]; }, phase,
      dt_s);
}

double wrap_phase(const SyncGroup& group, double phase) {
  const double n = group.segment_count;
  if (phase >= 0.0 && phase < n) return phase;  // fmod's result, without its cost
  double wrapped = std::fmod(phase, n);
  if (wrapped < 0.0) wrapped += n;
  return wrapped >= n ? 0.0 : wrapped;
}

double unwrapped_clip_time(const SyncGroup& group, int clip, double phase) {
  const double n = group.segment_count;
  // Within the cycle, as a step's phases mostly are, floor's result without its cost.
  const double cycles = phase >= 0.0 && phase < n ? 0.0 : std::floor(phase / n);
  const double wrapped = phase - cycles * n;
  const int segment = std::clamp(static_cast<int>(wrapped), 0, group.segment_count - 1);
  double start = 0.0;
  double length = 0.0;
  segment_of(group, clip, segment, start, length);
  return cycles * group.durations_s[clip] + start + (wrapped - segment) * length;
}

float clip_time_at_phase(const SyncGroup& group, int clip, double phase) {
  return wrapped_clip_time(group, clip, unwrapped_clip_time(group, clip, phase));
}

float wrapped_clip_time(const SyncGroup& group, int clip, double unwrapped_time_s) {
  const double duration = group.durations_s[clip];
  // Within the clip, as one step's ends are, fmod's result without its cost.
  if (unwrapped_time_s >= 0.0 && unwrapped_time_s < duration) {
    return static_cast<float>(unwrapped_time_s);
  }
  double t = std::fmod(unwrapped_time_s, duration);
  if (t < 0.0) t += duration;
  return t >= duration ? 0.0f : static_cast<float>(t);
}

double phase_at_clip_time(const SyncGroup& group, int clip, float time_s) {
  const double duration = group.durations_s[clip];
  for (int k = 0; k < group.segment_count; ++k) {
    double start = 0.0;
    double length = 0.0;
    segment_of(group, clip, k, start, length);
    // The time measured from this segment's start, once round the loop.
    double offset = std::fmod(time_s - start, duration);
    if (offset < 0.0) offset += duration;
    if (offset < length) return k + offset / length;
  }
  return 0.0;
}

double synced_clip_time(TimeSync sync, PlaybackMode mode, double a_time_s, double a_duration_s,
                        double b_duration_s) {
  if (!std::isfinite(a_time_s) || !std::isfinite(a_duration_s) || !std::isfinite(b_duration_s) ||
      b_duration_s <= 0.0) {
    return 0.0;
  }
  if (sync == TimeSync::Seconds) return wrap_time(mode, a_time_s, b_duration_s);
  if (a_duration_s <= 0.0) return 0.0;
  const double phase = std::clamp(a_time_s / a_duration_s, 0.0, 1.0);
  return phase * b_duration_s;
}

}  // namespace anim
