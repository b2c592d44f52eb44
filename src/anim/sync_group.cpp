#include "anim/sync_group.h"

#include <algorithm>
#include <cmath>

#include "anim/state_machine.h"

namespace anim {
namespace {

float wrap01(double t) {
  const double w = t - std::floor(t);
  return w >= 1.0 ? 0.0f : static_cast<float>(w);
}

// The signed distance from `from` to `to` round a cycle of one, in [-0.5, 0.5).
float cyclic_delta(float from, float to) {
  return wrap01(to - from + 0.5) - 0.5f;
}

}  // namespace

StateSyncMarkers build_state_sync_markers(const StateMachine& machine, std::span<const Clip> clips,
                                          std::span<const SyncGroup> blend_spaces) {
  StateSyncMarkers result;
  result.states.resize(machine.states.size());
  const auto in_range = [](int index, std::size_t size) {
    return index >= 0 && index < static_cast<int>(size);
  };
  for (std::size_t i = 0; i < machine.states.size(); ++i) {
    const State& s = machine.states[i];
    if (s.sync_group.empty() || !s.loop) continue;
    StateSyncMarkers::Entry& entry = result.states[i];
    if (s.kind == StateKind::Clip && in_range(s.index, clips.size()) &&
        clips[s.index].duration_s > 0.0f) {
      const Clip* clip = &clips[s.index];
      entry.timeline = build_sync_group(std::span<const Clip* const>(&clip, 1));
    } else if (s.kind == StateKind::BlendSpace && in_range(s.index, blend_spaces.size())) {
      entry.timeline = blend_phase_timeline(blend_spaces[s.index]);
    } else {
      continue;
    }
    entry.takes_part = true;
    entry.steps = down_markers_only(entry.timeline);
  }
  return result;
}

SyncGroup blend_phase_timeline(const SyncGroup& group) {
  SyncGroup timeline;
  timeline.by_markers = group.by_markers;
  timeline.segment_count = group.segment_count;
  timeline.durations_s = {1.0f};
  std::vector<float> starts(group.segment_count);
  for (int k = 0; k < group.segment_count; ++k) {
    starts[k] = static_cast<float>(k) / static_cast<float>(group.segment_count);
  }
  timeline.segment_starts_s = {std::move(starts)};
  timeline.marker_names = group.marker_names;
  return timeline;
}

SyncGroup down_markers_only(const SyncGroup& timeline) {
  SyncGroup steps;
  steps.durations_s = timeline.durations_s;
  std::vector<float> starts;
  for (int k = 0; timeline.by_markers && k < timeline.segment_count; ++k) {
    if (!timeline.marker_names[k].ends_with("_down")) continue;
    starts.push_back(timeline.segment_starts_s[0][k]);
    steps.marker_names.push_back(timeline.marker_names[k]);
  }
  steps.by_markers = !starts.empty();
  steps.segment_count = steps.by_markers ? static_cast<int>(starts.size()) : 1;
  if (!steps.by_markers) starts = {0.0f};
  steps.segment_starts_s = {std::move(starts)};
  return steps;
}

bool share_sync_group(const StateMachine& machine, const StateSyncMarkers& markers, int a, int b) {
  const int n = static_cast<int>(markers.states.size());
  if (a < 0 || b < 0 || a >= n || b >= n || a == b) return false;
  if (!markers.states[a].takes_part || !markers.states[b].takes_part) return false;
  return machine.states[a].sync_group == machine.states[b].sync_group;
}

SyncedPhase follow_leader(const SyncGroup& leader, float leader_time, const SyncGroup& follower,
                          float reference, SyncSearch search) {
  const SyncedPhase fallback{wrap01(leader_time), false};
  if (!leader.by_markers || !follower.by_markers) return fallback;
  // The leader's marker interval (from name a to name b) and its fraction through it.
  const double leader_phase =
      phase_at_clip_time(leader, 0, wrap01(leader_time) * leader.durations_s[0]);
  const int n = leader.segment_count;
  const int k = std::clamp(static_cast<int>(leader_phase), 0, n - 1);
  const double fraction = leader_phase - k;
  const std::string& a = leader.marker_names[k];
  const std::string& b = leader.marker_names[(k + 1) % n];

  const int m = follower.segment_count;
  const float duration = follower.durations_s[0];
  const float ref = wrap01(reference);
  SyncedPhase best = fallback;
  float best_distance = 2.0f;
  for (int j = 0; j < m; ++j) {
    if (follower.marker_names[j] != a || follower.marker_names[(j + 1) % m] != b) continue;
    const float candidate = wrap01(clip_time_at_phase(follower, 0, j + fraction) / duration);
    const float distance = search == SyncSearch::Forward ? wrap01(candidate - ref)
                                                         : std::abs(cyclic_delta(ref, candidate));
    if (distance < best_distance) {
      best_distance = distance;
      best = {candidate, true};
    }
  }
  return best;
}

std::optional<SyncedPhase> sync_to_leader(const StateMachine& machine,
                                          const StateSyncMarkers* markers, int leader_state,
                                          float leader_time, int state, float reference,
                                          SyncSearch search) {
  if (markers == nullptr || !share_sync_group(machine, *markers, leader_state, state)) {
    return std::nullopt;
  }
  const StateSyncMarkers::Entry& leader = markers->states[leader_state];
  const StateSyncMarkers::Entry& follower = markers->states[state];
  const SyncedPhase full =
      follow_leader(leader.timeline, leader_time, follower.timeline, reference, search);
  if (full.by_markers) return full;
  return follow_leader(leader.steps, leader_time, follower.steps, reference, search);
}

float move_to_phase(float unwrapped, float target) {
  return unwrapped + cyclic_delta(wrap01(unwrapped), target);
}

}  // namespace anim
