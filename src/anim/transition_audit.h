#pragma once
// The clip library audit's transition check (seed 004: "the same similarity can be used when
// accepting clips, to judge whether a clip joins and blends well"): for the clips of one
// character, the pose-similarity matrix of best entries from each clip into each other, and a
// finding on each clip that some other clip has no good entry from it. Not for the per-frame path
// (it allocates); the state machine's pose matching (anim/pose_matching.h) picks entries at run
// time from the same kind of comparison.

#include <span>
#include <vector>

#include "anim/clip_audit.h"

namespace anim {

// Where a clip may be left and entered: a loop anywhere, a one-shot left at its end and entered
// within its first quarter (entering a jump in mid-air is no entry).
struct TransitionCell {
  float cost_m = 0.0f;  // the least pose-and-velocity distance between an exit and an entry
  int exit_frame = 0;   // of the source clip
  int entry_frame = 0;  // of the target clip
};

// cells[source * clips + target]; the diagonal holds the clip's own best re-entry (unused).
struct TransitionMatrix {
  int clips = 0;
  float height_m = 1.0f;  // the costs are judged as shares of it: the rest pose's highest joint
  std::vector<TransitionCell> cells;
  const TransitionCell& at(int source, int target) const { return cells[source * clips + target]; }
};

// The distance between two poses, in metres: the root-mean-square over the body's joints
// (AuditCharacter::body, else the measured ones) of
// the in-place position difference, with each joint's velocity difference counted as the
// distance it opens in kTransitionVelocityHorizon_s.
inline constexpr float kTransitionVelocityHorizon_s = 0.1f;

// Builds the matrix from the clips' sampled frames (sample_clip_frames of each; a clip with none
// gets cost infinity in its row and column) and appends to each source clip's audit one
// transition finding naming the clips it has no entry into within rules.transition_height_share of
// its height (a warning when a standing cycle, an idle, walk or run, lacks one into another
// standing cycle, else a note). Candidate frames are thinned to at most 48 exits and 48 entries a
// clip, so a character with a hundred long clips is judged in about a second.
TransitionMatrix audit_transitions(std::span<const ClipFrames> frames,
                                   const AuditCharacter& character, const AuditRules& rules,
                                   std::span<ClipAudit> audits);

}  // namespace anim
