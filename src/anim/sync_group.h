#pragma once
// Sync groups of a state machine: states that name the same group play in step across a
// transition. While two states of a group are active (a crossfade), the heavier leads and the
// other follows its foot-marker phase every update; a state entered from a state of its group
// starts at that state's marker phase, so left foot down meets left foot down. Markers are
// matched by name, interval by interval: a walk between foot_l_down and foot_r_down puts a run
// between its own foot_l_down and foot_r_down at the same fraction, even when the run takes two
// steps of each foot per cycle. When the two states' markers do not correspond (no marker, or no
// interval with the leader's names) the follower takes the leader's normalized time instead.
//
// Looping clip and blend-space states take part (nested states, and states that do not loop,
// keep their own clocks). The marker timelines reuse anim/sync.h: each clip is a SyncGroup of its
// own, whose phase counts its marker intervals. A blend-space state's normalized time is its
// blend's shared phase over the segment count (phase 1.5 of 2 segments: 0.75), so its timeline
// is one clip of length 1 with a segment per 1 / segment_count, named by the blend's markers.
// When the full marker sequences share no interval (a walk's foot_r_up falls before its
// foot_r_down, a run's after), the foot_*_down markers alone are matched before falling back.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/sync.h"

namespace anim {

struct StateMachine;

// The marker timeline of every state of one machine, by state index, built when the graph is
// bound (it allocates). A state outside any group, or one that cannot take part, has
// takes_part false.
struct StateSyncMarkers {
  struct Entry {
    bool takes_part = false;
    SyncGroup timeline;  // of the state's clip alone, or of its blend's phase
    SyncGroup steps;     // the same with only the foot_*_down markers
  };
  std::vector<Entry> states;
};

// Builds the timelines of machine's states (not of its sub-machines) from clips, which the clip
// states index, and blend_spaces, the phase sync of each blend space (build_sync_group of its
// clips), which the blend-space states index. Out-of-range indices make a state not take part
// (validate() reports them).
StateSyncMarkers build_state_sync_markers(const StateMachine& machine, std::span<const Clip> clips,
                                          std::span<const SyncGroup> blend_spaces = {});

// The timeline of a blend-space state whose blend syncs by group: one clip of length 1 whose
// segment k starts at k / segment_count, with group's marker names.
SyncGroup blend_phase_timeline(const SyncGroup& group);

// timeline (of one clip) with only the segments that start at a foot_*_down marker; not by
// markers when it has none.
SyncGroup down_markers_only(const SyncGroup& timeline);

// Whether states a and b are both taking part and name the same (non-empty) group.
bool share_sync_group(const StateMachine& machine, const StateSyncMarkers& markers, int a, int b);

// Where a follower finds the leader's marker interval when it occurs more than once in the
// follower's cycle: the occurrence whose position is nearest the follower's own normalized time
// (a follower already playing stays on its step), or the first at or after it (an entering
// state searches forward from the transition's offset: "the next marker of the same name").
enum class SyncSearch { Nearest, Forward };

struct SyncedPhase {
  float normalized_time = 0.0f;  // in [0, 1)
  bool by_markers = false;       // false: the leader's normalized time (fallback)
};

// The follower's normalized time for a leader at leader_time (normalized, wrapped or not), with
// the follower's own time reference (normalized) for the search. Never allocates.
SyncedPhase follow_leader(const SyncGroup& leader, float leader_time, const SyncGroup& follower,
                          float reference, SyncSearch search);

// For the player: where state plays when leader_state is at leader_time (normalized), or nothing
// when the two do not share a group (or markers is null): by their full marker timelines, else
// by their foot_*_down markers alone, else in normalized time. reference and search as above.
std::optional<SyncedPhase> sync_to_leader(const StateMachine& machine,
                                          const StateSyncMarkers* markers, int leader_state,
                                          float leader_time, int state, float reference,
                                          SyncSearch search);

// An unwrapped normalized time moved to target (in [0, 1)) the short way round the cycle, so the
// loops it has played stay counted (exit times compare unwrapped times).
float move_to_phase(float unwrapped, float target);

// What the last sync did, for the views: the leader and follower states (follower -1 while no
// follower is active) and whether markers matched.
struct SyncGroupStatus {
  int leader = -1;
  int follower = -1;
  bool by_markers = false;
};

}  // namespace anim
