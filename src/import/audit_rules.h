#pragma once
// The rules file of `animview audit`: thresholds per measure, clip naming rules and required
// markers, as JSON:
//   {"thresholds": {"pop_m": {"warning": 0.02, "error": 0.1}, "seam_m": {...}, ...},
//    "loop_names": "[Ll]oop|[Ww]alk", "sign_flip": "info", "denormal": "warning",
//    "duplicate_m": 0.001,
//    "naming": [{"pattern": "[a-z0-9_]+", "message": "snake_case", "severity": "warning"}],
//    "markers": [{"clips": "walk|run", "markers": ["foot_l_down"], "severity": "error"}]}
// Anything left out keeps its default (anim::AuditRules).

#include <string>

#include <nlohmann/json.hpp>

#include "anim/clip_audit.h"

namespace importer {

// Reads rules from json into out (starting from out's values). Returns the cause (naming the
// key) when a value has the wrong type, a severity is unknown or a pattern is not a valid
// regular expression; empty on success.
std::string read_audit_rules(const nlohmann::json& json, anim::AuditRules& out);

// Reads the rules file at path. Returns "<path>: <cause>" when it cannot be read or parsed.
std::string load_audit_rules(const std::string& path, anim::AuditRules& out);

}  // namespace importer
