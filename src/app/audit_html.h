#pragma once
// The clip library audit's report as one self-contained web page (no network, no external
// scripts or fonts): a summary table of the findings, sortable by severity with a few lines of
// inline script, and per clip its measures, inline SVG plots (root speed, joint acceleration
// with its pops marked, slide per foot), a contact sheet of rendered frames, findings linking to
// their frame, and per character the transition matrix of its clips.

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace app {

// Pictures of the clips (a contact sheet each): by file path, clip index and frame, a picture as a
// data URI (app/audit_contact_sheets.h).
using ContactSheetPictures = std::map<std::string, std::map<int, std::map<int, std::string>>>;

// The page for report ({"files": [...]}, import/audit_report.h), with each clip's contact sheet
// from sheets where it has one; a finding's frame links to its picture when there is one.
std::string audit_html(const nlohmann::json& report, const ContactSheetPictures& sheets = {});

}  // namespace app
