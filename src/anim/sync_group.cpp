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

StateSyncMarkers build_state_sync_markers(const StateMachine& machine,
                                          std::span<const Clip> clips) {
  StateSyncMarkers result;
  result.states.resize(machine.states.size());
  for (std::size_t i = 0; i < machine.states.size(); ++i) {
    const State& s = machine.states[i];
    if (s.sync_group.empty() || s.kind != StateKind::Clip || !s.loop || s.index < 0 ||
        s.index >= static_cast<int>(clips.size()) || !(clips[s.index].duration_s > 0.0f)) {
      continue;
    }
    const Clip* clip = &clips[s.index];
    result.states[i].takes_part = true;
    result.states[i].timeline = build_sync_group(std::span<const Clip* const>(&clip, 1));
  }
  return result;
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
  return follow_leader(markers->states[leader_state].timeline, leader_time,
                       markers->states[state].timeline, reference, search);
}

float move_to_phase(float unwrapped, float target) {
  return unwrapped + cyclic_delta(wrap01(unwrapped), target);
}

}  // namespace anim
