#include "ui/clip_browser.h"

#include <algorithm>
#include <cctype>

#include <imgui.h>
#include <imgui_stdlib.h>
#include <glm/glm.hpp>

#include "anim/playback.h"
#include "ui/fitted_text.h"
#include "ui/item_center.h"

namespace ui {
namespace {

bool contains_ignoring_case(std::string_view text, std::string_view word) {
  const auto equal = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) ==
           std::tolower(static_cast<unsigned char>(b));
  };
  return std::search(text.begin(), text.end(), word.begin(), word.end(), equal) != text.end();
}

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

void draw_loop_cell(const ClipRow& row) {
  if (row.loops_cleanly) {
    ImGui::TextUnformatted("yes");
  } else {
    ImGui::TextColored(ImVec4(0.95f, 0.65f, 0.3f, 1.0f), "no");
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("First/last pose: %.1f cm, %.1f deg (root motion removed)",
                      row.seam_position_m * 100.0f, row.seam_rotation_deg);
  }
}

}  // namespace

ClipRow make_clip_row(std::string file, int file_index, const anim::Clip& clip, int clip_index,
                      const anim::ClipLoopReport& report) {
  const anim::Timeline timeline = anim::timeline_of(clip);
  ClipRow row;
  row.file = std::move(file);
  row.clip = clip.name;
  row.duration_s = static_cast<float>(timeline.duration_s);
  row.frame_count = anim::frame_count(timeline);
  row.source_fps = static_cast<float>(timeline.fps);
  row.loops_cleanly = report.loops_cleanly;
  row.seam_position_m = report.seam_position_m;
  row.seam_rotation_deg = glm::degrees(report.seam_rotation_rad);
  row.has_root_motion = report.has_root_motion;
  row.root_displacement_m = report.root_displacement_m;
  row.root_yaw_deg = glm::degrees(report.root_yaw_rad);
  row.file_index = file_index;
  row.clip_index = clip_index;
  return row;
}

bool matches_search(const ClipRow& row, std::string_view query) {
  std::size_t i = 0;
  while (i < query.size()) {
    while (i < query.size() && is_space(query[i])) ++i;
    std::size_t end = i;
    while (end < query.size() && !is_space(query[end])) ++end;
    const std::string_view word = query.substr(i, end - i);
    if (!word.empty() && !contains_ignoring_case(row.clip, word) &&
        !contains_ignoring_case(row.file, word)) {
      return false;
    }
    i = end;
  }
  return true;
}

void pick_clip_row(std::vector<std::size_t>& picked, std::size_t row, bool add) {
  const auto it = std::find(picked.begin(), picked.end(), row);
  if (!add) {
    picked = {row};
  } else if (it != picked.end()) {
    picked.erase(it);
  } else {
    picked.push_back(row);
  }
}

std::optional<std::size_t> draw_clip_browser(std::span<const ClipRow> rows,
                                             ClipBrowserState& state) {
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputTextWithHint("##clip_search", "Search clips by name", &state.search);
  state.search_center = last_item_center();

  std::optional<std::size_t> chosen;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
  // The name and file columns start at a share of the panel (the user resizes them; the other
  // columns scroll into view) and shorten long names with an ellipsis and a tooltip.
  const float panel = ImGui::GetContentRegionAvail().x;
  if (!ImGui::BeginTable("##clips", 7, flags)) return chosen;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Clip", ImGuiTableColumnFlags_WidthFixed, panel * 0.55f);
  ImGui::TableSetupColumn("File", ImGuiTableColumnFlags_WidthFixed, panel * 0.3f);
  ImGui::TableSetupColumn("Length");
  ImGui::TableSetupColumn("Frames");
  ImGui::TableSetupColumn("FPS");
  ImGui::TableSetupColumn("Loops");
  ImGui::TableSetupColumn("Root motion");
  ImGui::TableHeadersRow();

  state.row_centers.assign(rows.size(), glm::vec2(0.0f));  // rows hidden by the search: none
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ClipRow& row = rows[i];
    if (!matches_search(row, state.search)) continue;
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const bool selected = state.selected == i || std::find(state.picked.begin(), state.picked.end(),
                                                           i) != state.picked.end();
    if (ImGui::Selectable("##row", selected,
                          ImGuiSelectableFlags_SpanAllColumns |
                              ImGuiSelectableFlags_AllowDoubleClick |
                              ImGuiSelectableFlags_AllowItemOverlap)) {
      state.selected = i;
      pick_clip_row(state.picked, i, ImGui::GetIO().KeyCtrl);
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) chosen = i;
    }
    // A row scrolled out of the table is not there to click: (0, 0) as for a hidden one.
    if (ImGui::IsItemVisible()) {
      state.row_centers[i] = last_item_center();
    }
    ImGui::SameLine(0.0f, 0.0f);
    fitted_text(row.clip.empty() ? "(unnamed)" : row.clip);
    ImGui::TableNextColumn();
    fitted_text(row.file);
    ImGui::TableNextColumn();
    ImGui::Text("%.2f s", row.duration_s);
    ImGui::TableNextColumn();
    ImGui::Text("%d", row.frame_count);
    ImGui::TableNextColumn();
    ImGui::Text("%g", row.source_fps);
    ImGui::TableNextColumn();
    draw_loop_cell(row);
    ImGui::TableNextColumn();
    if (row.has_root_motion) {
      ImGui::Text("%.2f m, %+.0f deg", row.root_displacement_m, row.root_yaw_deg);
    } else {
      ImGui::TextDisabled("-");
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  return chosen;
}

ClipFileButtons draw_clip_file_buttons(bool enabled) {
  ClipFileButtons buttons;
  ImGui::BeginDisabled(!enabled);
  buttons.add = ImGui::Button("Add clip file...");
  buttons.add_at = last_item_center();
  ImGui::SameLine();
  buttons.retarget = ImGui::Button("Retarget...");
  buttons.retarget_at = last_item_center();
  ImGui::EndDisabled();
  return buttons;
}

}  // namespace ui
