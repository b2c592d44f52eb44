#pragma once
// The state log's "retarget" object (--state-log; the window tests read it): the project's
// retargeted files with their corrections, the pending offer, the panel's last retargeting and
// where its controls are.

#include <string>

#include "app/retarget_authoring.h"

namespace app {

// line (a state-log line, a JSON object) with the "retarget" object added.
std::string with_retargeting(const std::string& line, const RetargetAuthoring& authoring,
                             const project::Project& project, const ViewerUi& ui);

}  // namespace app
