#pragma once
// The clip library audit's report as one self-contained web page (no network, no external
// scripts or fonts): a summary table of the findings, sortable by severity with a few lines of
// inline script, and per clip its measures, inline SVG plots (root speed, joint acceleration
// with its pops marked, slide per foot) and findings linking to their frame in the plots.

#include <string>

#include <nlohmann/json.hpp>

namespace app {

// The page for report ({"files": [...]}, asset/audit_report.h).
std::string audit_html(const nlohmann::json& report);

}  // namespace app
