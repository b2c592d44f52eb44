#pragma once
// The transition record (anim/state_history.h) as JSON, for bug reports.

#include <string>
#include <vector>

#include "anim/state_history.h"

namespace project {

// The record as JSON text, for bug reports (File > Export transition record..., and
// --history-log): {"format": "animview-transition-record", "version": 1, "states": [names],
// "parameters": [names], "frames": [{"time_s", "state", "transition": {"from", "to", "weight"}
// (only while one runs), "weights": {state: weight, ... non-zero only}, "phases": {state:
// normalized time in [0, 1), the playing states only}, "parameters": {name: value}}]}, oldest
// frame first. Poses are not exported.
std::string history_to_json(const anim::StateHistory& history,
                            const std::vector<std::string>& state_names,
                            const std::vector<std::string>& parameter_names);

}  // namespace project
