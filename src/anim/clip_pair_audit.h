#pragma once
// The clip library audit's checks between the clips of one character: mirror pairs (a *_left
// clip against its *_right twin, compared through the mirror table) and duplicates (two clips
// whose poses agree everywhere). Not for the per-frame path (it allocates).

#include <span>
#include <string>

#include "anim/clip_audit.h"
#include "anim/mirror.h"

namespace anim {

// The name of the other side of a mirror pair (walk_left <-> walk_right, turn_L <-> turn_R,
// TurnLeft <-> TurnRight), or empty when name ends in no side.
std::string mirror_partner_name(const std::string& name);
// The same, with left set to whether name is the left one.
std::string mirror_partner_name(const std::string& name, bool& left);

// Compares each left clip whose right twin is among clips with the twin mirrored through table
// (a mirror finding on the right clip: where they differ most, or their lengths), and each pair of
// clips of the same frame count whose in-place poses agree within rules.duplicate_m (a duplicate
// finding on the later one). clips, frames (sample_clip_frames of each) and audits run in
// parallel; findings are appended to audits.
void audit_clip_pairs(std::span<const Clip> clips, std::span<const ClipFrames> frames,
                      const AuditCharacter& character, const MirrorTable& table,
                      const AuditRules& rules, std::span<ClipAudit> audits);

}  // namespace anim
