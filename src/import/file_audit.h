#pragma once
// One file of the clip library audit (`animview audit`): the file imported, its character's rig,
// legs, units and mirror table found, and every clip audited (anim/clip_audit.h,
// anim/clip_pair_audit.h), as the report's JSON entry:
//   {"file", "error" (when unreadable), "unit", "clips": [{"name", "duration", "fps", ...,
//    "findings": [{"kind", "severity", "frame", "time", "joint", "value", "message"}],
//    "plots": {"root_speed", "acceleration", "slide": [[...] per leg]}}],
//    "transitions" (two clips or more): see transition_matrix_json}

#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "anim/clip_audit.h"
#include "anim/transition_audit.h"
#include "import/character.h"
#include "import/import_limits.h"

namespace importer {

// The audit of an imported character's clips (the "clips" and "unit" of its entry).
nlohmann::json audit_character(const Character& character, const anim::AuditRules& rules);

// Imports path and audits it in a child process within limits (import/import_isolation.h), so a
// file that crashes or hangs the importer becomes an entry with "error" naming the file and the
// cause, and the caller goes on. With character_path (a project's clip file), path's clips are
// bound by joint name to that character and audited on it (its rig, legs and units), and the
// entry names it as "character". Thread-safe: run several at once for several files.
nlohmann::json audit_file(const std::string& path, const anim::AuditRules& rules,
                          const ImportLimits& limits, const std::string& character_path = {});

// The entry's "transitions": {"clips": [names], "height_m" (what the costs are judged against),
// "cost_m": [[per source, per target; null on the diagonal]], "exit_frame": [[...]],
// "entry_frame": [[...]]}.
nlohmann::json transition_matrix_json(const anim::TransitionMatrix& matrix,
                                      std::span<const anim::ClipAudit> audits);

// The entry's clip JSON for audit; plots are thinned to at most plot_points values each.
nlohmann::json clip_audit_json(const anim::ClipAudit& audit, int plot_points = 240);

}  // namespace importer
