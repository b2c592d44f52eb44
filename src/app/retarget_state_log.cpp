#include "app/retarget_state_log.h"

#include <nlohmann/json.hpp>

namespace app {
namespace {

nlohmann::json point(const glm::vec2& p) {
  return {p.x, p.y};
}

}  // namespace

std::string with_retargeting(const std::string& line, const RetargetAuthoring& authoring,
                             const project::Project& project, const ViewerUi& ui) {
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object()) return line;
  nlohmann::json entries = nlohmann::json::array();
  for (const project::ProjectRetarget& e : project.retargets) {
    nlohmann::json corrections = nlohmann::json::array();
    for (const anim::RetargetCorrection& c : e.corrections) {
      corrections.push_back({c.target_joint, c.source_joint});
    }
    entries.push_back({{"file", e.file}, {"clip", e.clip}, {"corrections", corrections}});
  }
  const ui::RetargetPanelState& panel = ui.retarget_panel;
  nlohmann::json rows = nlohmann::json::object();
  for (const auto& [joint, at] : panel.row_combo_at) rows[joint] = point(at);
  nlohmann::json& r = j["retarget"];
  r["entries"] = entries;
  r["offer"] = ui.clip_files.retarget_offer;
  r["status"] = authoring.status;
  r["panel_open"] = panel.open;
  r["side_by_side"] = panel.side_by_side;
  r["add_clip_button"] = point(panel.add_clip_button_at);
  r["open_button"] = point(panel.open_button_at);
  r["offer_button"] = point(panel.offer_button_at);
  r["rows"] = rows;
  r["none_item"] = point(panel.none_item_at);
  r["side_by_side_box"] = point(panel.side_by_side_at);
  return j.dump();
}

}  // namespace app
