#include "ui/retarget_panel.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <initializer_list>

#include "anim/retarget_report_text.h"
#include "ui/item_center.h"

namespace ui {
namespace {

constexpr anim::ChainMode kModes[] = {anim::ChainMode::Rotation, anim::ChainMode::KeepContacts,
                                      anim::ChainMode::SourcePosition};

// A combo of the chain modes; true when the user picked another.
bool mode_combo(const char* label, anim::ChainMode& mode) {
  bool changed = false;
  if (ImGui::BeginCombo(label, anim::to_string(mode))) {
    for (const anim::ChainMode m : kModes) {
      if (ImGui::Selectable(anim::to_string(m), m == mode) && m != mode) {
        mode = m;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The mapping table: one row per target joint, a combo of every source joint (and "none").
bool draw_mapping(const anim::RetargetMap& map, project::ProjectRetarget& entry,
                  RetargetPanelState& state) {
  bool changed = false;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  const float height = ImGui::GetTextLineHeightWithSpacing() * 14.0f;
  if (!ImGui::BeginTable("mapping", 3, flags, ImVec2(0.0f, height))) return false;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Target joint", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("<- source joint", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("via", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  for (std::size_t t = 0; t < map.joints.size(); ++t) {
    const anim::RetargetJoint& j = map.joints[t];
    const std::string& target = map.target.joint_names[t];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(target.c_str());
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(t));
    const bool mapped = j.source_a >= 0;
    std::string shown =
        mapped ? map.source.joint_names[static_cast<std::size_t>(j.source_a)] : "(none)";
    if (mapped && j.source_b != j.source_a && j.weight_b > 0.0f) {
      shown += " + " + map.source.joint_names[static_cast<std::size_t>(j.source_b)];
    }
    ImGui::SetNextItemWidth(-1.0f);
    const bool open = ImGui::BeginCombo("##source", shown.c_str());
    if (ImGui::IsItemVisible()) state.row_combo_at[target] = last_item_center();
    if (open) {
      const bool none = ImGui::Selectable("(none)", !mapped);
      state.none_item_at = last_item_center();
      if (none && mapped) {
        project::set_retarget_correction(entry, target, "");
        changed = true;
      }
      for (std::size_t s = 0; s < map.source.joint_names.size(); ++s) {
        const bool is = mapped && static_cast<std::size_t>(j.source_a) == s;
        if (ImGui::Selectable(map.source.joint_names[s].c_str(), is) && !is) {
          project::set_retarget_correction(entry, target, map.source.joint_names[s]);
          changed = true;
        }
      }
      ImGui::EndCombo();
    }
    ImGui::PopID();
    ImGui::TableNextColumn();
    // A joint unmapped by the user says so; one the roles and names left says nothing.
    const bool corrected =
        std::any_of(entry.corrections.begin(), entry.corrections.end(),
                    [&](const anim::RetargetCorrection& c) { return c.target_joint == target; });
    ImGui::TextDisabled("%s", mapped      ? anim::to_string(j.via)
                              : corrected ? anim::to_string(anim::RetargetVia::Correction)
                                          : "-");
  }
  ImGui::EndTable();
  return changed;
}

// Per target chain, its rotation offset in the reference pose (degrees about X, Y, Z).
bool draw_adjustments(const anim::RetargetMap& map, project::ProjectRetarget& entry) {
  bool finished = false;
  for (const anim::RetargetChain& chain : map.chains) {
    const anim::Limb& limb = map.target_rig.limbs[static_cast<std::size_t>(chain.target_limb)];
    const std::string label = std::string(anim::to_string(limb.role)) + " " +
                              anim::to_string(limb.side) + (limb.front ? " (front)" : "");
    anim::RetargetChainOffset& offset =
        project::chain_offset(entry, limb.role, limb.side, limb.front);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.65f);
    ImGui::SliderFloat3(label.c_str(), &offset.rotation_deg.x, -90.0f, 90.0f, "%.1f deg");
    // Retargeted once the slider is let go, not on every frame of the drag.
    finished = finished || ImGui::IsItemDeactivatedAfterEdit();
  }
  // Offsets left at zero are not kept (the project stays as it was).
  std::erase_if(entry.chain_offsets, [](const anim::RetargetChainOffset& o) {
    return o.rotation_deg == glm::vec3(0.0f);
  });
  return finished;
}

// A figure's cell: past the limits, in the warning colour and marked as the command marks it.
void figure_cell(const std::string& text, bool marked) {
  ImGui::TableNextColumn();
  if (marked) {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.3f, 1.0f), "%s !", text.c_str());
  } else {
    ImGui::TextUnformatted(text.c_str());
  }
}

bool begin_quality_table(const char* id, std::initializer_list<const char*> headers) {
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable(id, static_cast<int>(headers.size()), flags)) return false;
  for (const char* header : headers) ImGui::TableSetupColumn(header);
  ImGui::TableHeadersRow();
  return true;
}

// A row past the limits is tinted.
void begin_quality_row(bool marked) {
  ImGui::TableNextRow();
  if (marked) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(120, 40, 20, 90));
  ImGui::TableNextColumn();
}

// With more than one clip in the file, a combo to measure another; returns the one picked.
std::string pick_quality_clip(const RetargetQuality& quality, RetargetPanelState& state) {
  std::string picked;
  if (quality.clips.size() < 2) return picked;
  const bool open = ImGui::BeginCombo("Clip", quality.clip.c_str());
  state.clip_combo_at = last_item_center();
  if (!open) {
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Measure and show another clip of this file");
    return picked;
  }
  for (std::size_t i = 0; i < quality.clips.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(quality.clips[i].c_str(), quality.clips[i] == quality.clip) &&
        quality.clips[i] != quality.clip) {
      picked = quality.clips[i];
    }
    state.clip_item_at[quality.clips[i]] = last_item_center();
    ImGui::PopID();
  }
  ImGui::EndCombo();
  return picked;
}

// The chains' table (each limb's end against the scaled source's, its worst moment a button)
// and the feet's (planted soles' height and slide); returns the moment clicked (negative: none).
float draw_quality(const RetargetQuality& quality, RetargetPanelState& state) {
  if (quality.report == nullptr) {
    ImGui::TextDisabled("No retargeted clip of this file to measure.");
    return -1.0f;
  }
  ImGui::TextWrapped("'%s' against its source, scaled (figures marked ! are past the limits):",
                     quality.clip.c_str());
  if (!quality.report->error.empty()) {
    ImGui::TextWrapped("No report: %s", quality.report->error.c_str());
    return -1.0f;
  }
  const std::vector<anim::RetargetChainReport>& chains = quality.report->chains;
  float seek_s = -1.0f;
  if (begin_quality_table("chains", {"Chain", "End off, cm", "% of leg", "Worst at, s"})) {
    for (std::size_t c = 0; c < chains.size(); ++c) {
      const anim::RetargetChainMarks marks = anim::mark_retarget_chain(chains[c]);
      const anim::RetargetChainFigures f = anim::retarget_chain_figures(chains[c]);
      begin_quality_row(marks.end_error);
      ImGui::TextUnformatted(chains[c].name.c_str());
      figure_cell(f.end_cm, marks.end_error);
      figure_cell(f.end_leg_percent, marks.end_error);
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(c));
      if (ImGui::SmallButton(f.worst_s.c_str())) seek_s = chains[c].end_error_time_s;
      state.worst_time_at.push_back(last_item_center());
      ImGui::PopID();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show this moment on the timeline");
      state.quality_rows.push_back({chains[c].name, f.end_cm, f.end_leg_percent, f.worst_s});
    }
    ImGui::EndTable();
  }
  const auto is_leg = [](const anim::RetargetChainReport& c) {
    return c.role == anim::LimbRole::Leg;
  };
  if (std::none_of(chains.begin(), chains.end(), is_leg)) return seek_s;
  // One line, the columns' meaning and the why in its tooltip: the mapping below stays in view.
  ImGui::TextWrapped("Planted feet %s:", state.planted_feet.brief.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "%s\nThe table: the planted sole's height off the source's, and the mean slide of a step "
        "(per cent of the leg), the target's and the source's.",
        state.planted_feet.why.c_str());
  }
  if (begin_quality_table("feet",
                          {"Foot", "Sole, cm", "% of leg", "Slide %", "Source %", "Steps"})) {
    for (const anim::RetargetChainReport& chain : chains) {
      if (!is_leg(chain)) continue;
      const anim::RetargetChainMarks marks = anim::mark_retarget_chain(chain);
      const anim::RetargetChainFigures f = anim::retarget_chain_figures(chain);
      begin_quality_row(marks.planted_height || marks.slide);
      ImGui::TextUnformatted(chain.name.c_str());
      figure_cell(f.sole_cm, marks.planted_height);
      figure_cell(f.sole_leg_percent, marks.planted_height);
      figure_cell(f.slide_leg_percent, marks.slide);
      figure_cell(f.source_slide_leg_percent, false);
      figure_cell(f.steps, false);
      state.feet_rows.push_back({chain.name, f.sole_cm, f.sole_leg_percent, f.slide_leg_percent,
                                 f.source_slide_leg_percent, f.steps});
    }
    ImGui::EndTable();
  }
  return seek_s;
}

// Forgets where last frame's widgets were drawn (a closed panel draws none).
void clear_drawn(RetargetPanelState& state) {
  state.row_combo_at.clear();
  state.quality_rows.clear();
  state.feet_rows.clear();
  state.worst_time_at.clear();
  state.planted_feet = {};
  state.clip_combo_at = glm::vec2(0.0f);
  state.clip_item_at.clear();
  state.none_item_at = glm::vec2(0.0f);
  state.side_by_side_at = glm::vec2(0.0f);
}

// The combo of retargeted files (and their clips); returns the chosen entry.
project::ProjectRetarget& pick_entry(std::span<project::ProjectRetarget> entries,
                                     RetargetPanelState& state) {
  state.entry = std::clamp(state.entry, 0, static_cast<int>(entries.size()) - 1);
  const auto name_of = [](const project::ProjectRetarget& e) {
    return std::filesystem::path(e.file).filename().string() +
           (e.clip.empty() ? "" : ": " + e.clip);
  };
  if (ImGui::BeginCombo("File", name_of(entries[static_cast<std::size_t>(state.entry)]).c_str())) {
    for (std::size_t i = 0; i < entries.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(name_of(entries[i]).c_str(), static_cast<int>(i) == state.entry)) {
        state.entry = static_cast<int>(i);
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  return entries[static_cast<std::size_t>(state.entry)];
}

// The sections under the file's header: leg and arm modes, quality, mapping, unmapped joints,
// chain adjustments.
void draw_map_sections(const anim::RetargetMap& map, const RetargetQuality& quality,
                       project::ProjectRetarget& entry, RetargetPanelState& state,
                       RetargetPanelChange& change) {
  change.retarget = mode_combo("Legs", entry.leg_mode) || change.retarget;
  change.retarget = mode_combo("Arms", entry.arm_mode) || change.retarget;
  if (ImGui::CollapsingHeader("Quality", ImGuiTreeNodeFlags_DefaultOpen)) {
    change.show_clip = pick_quality_clip(quality, state);
    state.planted_feet = anim::describe_planted_feet(map);
    change.seek_s = draw_quality(quality, state);
  }
  if (ImGui::CollapsingHeader("Mapping", ImGuiTreeNodeFlags_DefaultOpen)) {
    change.retarget = draw_mapping(map, entry, state) || change.retarget;
    if (!entry.corrections.empty() && ImGui::Button("Clear corrections")) {
      entry.corrections.clear();
      change.retarget = true;
    }
  }
  if (ImGui::CollapsingHeader("Unmapped (keep their rest pose)")) {
    if (map.unmapped.empty()) ImGui::TextDisabled("none: every target joint follows the source");
    for (const int t : map.unmapped) {
      ImGui::BulletText("%s", map.target.joint_names[static_cast<std::size_t>(t)].c_str());
    }
  }
  if (ImGui::CollapsingHeader("Chain adjustments", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::TextWrapped("Turns a limb in the common reference pose (degrees about X, Y, Z).");
    change.retarget = draw_adjustments(map, entry) || change.retarget;
  }
}

}  // namespace

RetargetPanelChange draw_retarget_panel(std::span<project::ProjectRetarget> entries,
                                        const anim::RetargetMap* map, const std::string& status,
                                        const RetargetQuality& quality, RetargetPanelState& state) {
  RetargetPanelChange change;
  clear_drawn(state);
  if (!state.open) return change;
  // Over the viewport's right part: the clip browser on the left stays free, and the
  // side-by-side view puts the source on the character's right (the screen's left).
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->WorkPos.x + 0.6f * viewport->WorkSize.x, viewport->WorkPos.y + 40.0f),
      ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(440.0f, 560.0f), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Retarget", &state.open)) {
    if (entries.empty()) {
      ImGui::TextWrapped(
          "No retargeted clip files. Add a clip file made for another skeleton (File > Add clip "
          "file...) and accept the offer to retarget it.");
    } else {
      project::ProjectRetarget& entry = pick_entry(entries, state);
      if (!status.empty()) ImGui::TextDisabled("%s", status.c_str());
      ImGui::Checkbox("Side by side (source skeleton beside the character)", &state.side_by_side);
      state.side_by_side_at = last_item_center();
      if (map != nullptr && !map->joints.empty()) {
        draw_map_sections(*map, quality, entry, state, change);
      }
    }
  }
  ImGui::End();
  return change;
}

}  // namespace ui
