#include "ui/motion_matching_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/foot_slide_readout.h"
#include "ui/stats_overlay.h"
#include "ui/warning_text.h"

namespace ui {

namespace {

// The window's first lines, which its width fits.
constexpr const char* kPlayLabel = "Play (WASD)";
constexpr const char* kMirroredLabel = "With mirrored clips";

// A colour per clip, spread round the hue circle, so the timeline tells clips apart.
ImU32 clip_colour(int clip) {
  const float hue = std::fmod(static_cast<float>(clip) * 0.61803f, 1.0f);
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(hue, 0.6f, 0.9f, r, g, b);
  return ImGui::ColorConvertFloat4ToU32({r, g, b, 1.0f});
}

std::string clip_name(const MotionMatchingPanelView& view, int clip) {
  if (clip < 0 || clip >= static_cast<int>(view.clip_names.size())) return "?";
  return view.clip_names[static_cast<std::size_t>(clip)];
}

// The clip of a database range, marked when the range plays its mirrored copy.
std::string range_name(const MotionMatchingPanelView& view, const anim::DatabaseRange& range) {
  return clip_name(view, range.clip_index) + (range.mirrored ? " (mirrored)" : "");
}

std::string frame_name(const MotionMatchingPanelView& view, int frame) {
  const anim::MotionMatchingDatabase& db = *view.database;
  return frame < 0 ? "?"
                   : range_name(view, db.ranges[static_cast<std::size_t>(db.range_of(frame))]);
}

// A cost in three significant digits: standing costs are often below a thousandth, which a fixed
// three decimals would show as 0.000.
void draw_cost(float cost) {
  ImGui::Text("%.3g", cost);
}

void draw_costs(const MotionMatchingPanelView& view) {
  const anim::MotionMatchingController& c = *view.controller;
  const anim::MotionMatchingDatabase& db = *view.database;
  const anim::MotionMatchingSearchReport& r = c.last_search();
  ImGui::Text("Playing %s, frame %d, %.2f s",
              range_name(view, db.ranges[static_cast<std::size_t>(c.current_range())]).c_str(),
              c.current_frame(), c.current_time_s());
  ImGui::Text("Searches %d, switches %d", c.search_count(), c.switch_count());
  if (r.match.frame < 0) return;
  const bool runner_up = r.match.runner_up_frame >= 0;
  if (ImGui::BeginTable("costs", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableSetupColumn("group");
    ImGui::TableSetupColumn(("best: " + frame_name(view, r.match.frame)).c_str());
    ImGui::TableSetupColumn(("runner-up: " + frame_name(view, r.match.runner_up_frame)).c_str());
    ImGui::TableHeadersRow();
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(anim::feature_group_layout(g).name);
      ImGui::TableNextColumn();
      draw_cost(r.best_costs[static_cast<std::size_t>(g)]);
      ImGui::TableNextColumn();
      if (runner_up) draw_cost(r.runner_up_costs[static_cast<std::size_t>(g)]);
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("total");
    ImGui::TableNextColumn();
    draw_cost(r.match.cost);
    ImGui::TableNextColumn();
    if (runner_up) draw_cost(r.match.runner_up_cost);
    ImGui::EndTable();
  }
}

// The last 20 s of the session: one coloured bar per clip span, the clip's name on hover.
void draw_history(const MotionMatchingPanelView& view) {
  constexpr float kWindow_s = 20.0f;
  const float width = ImGui::GetContentRegionAvail().x, height = 18.0f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, {origin.x + width, origin.y + height}, IM_COL32(40, 40, 40, 255));
  const float start = std::max(0.0f, view.session_time_s - kWindow_s);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (const ClipSpan& span : view.history) {
    if (span.to_s < start) continue;
    const float x0 = origin.x + (std::max(span.from_s, start) - start) / kWindow_s * width;
    const float x1 = origin.x + (span.to_s - start) / kWindow_s * width;
    draw->AddRectFilled({x0, origin.y}, {std::max(x1, x0 + 1.0f), origin.y + height},
                        clip_colour(span.clip));
    if (mouse.x >= x0 && mouse.x < x1 && mouse.y >= origin.y && mouse.y < origin.y + height) {
      ImGui::SetTooltip("%s (%.1f - %.1f s)", clip_name(view, span.clip).c_str(), span.from_s,
                        span.to_s);
    }
  }
  ImGui::Dummy({width, height});
}

// Per clip, its database frames as cells shaded by how often they played.
void draw_coverage(const MotionMatchingPanelView& view) {
  const anim::MotionMatchingDatabase& db = *view.database;
  std::uint32_t most = 1;
  for (std::uint32_t c : view.coverage) most = std::max(most, c);
  const float width = ImGui::GetContentRegionAvail().x * 0.65f, height = 10.0f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (const anim::DatabaseRange& range : db.ranges) {
    int played = 0;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    for (int k = 0; k < range.frame_count; ++k) {
      const std::uint32_t count =
          view.coverage.empty() ? 0u
                                : view.coverage[static_cast<std::size_t>(range.first_frame + k)];
      if (count > 0) ++played;
      const float shade = std::sqrt(static_cast<float>(count) / static_cast<float>(most));
      const float x0 = origin.x + width * static_cast<float>(k) / range.frame_count;
      const float x1 = origin.x + width * static_cast<float>(k + 1) / range.frame_count;
      const ImU32 colour = count == 0 ? IM_COL32(60, 30, 30, 255)
                                      : ImGui::ColorConvertFloat4ToU32(
                                            {0.2f + 0.8f * shade, 0.5f + 0.5f * shade, 0.2f, 1.0f});
      draw->AddRectFilled({x0, origin.y}, {x1, origin.y + height}, colour);
    }
    ImGui::Dummy({width, height});
    ImGui::SameLine();
    ImGui::Text("%s %d%%", range_name(view, range).c_str(),
                100 * played / std::max(range.frame_count, 1));
  }
}

}  // namespace

MotionMatchingPanelPlacement motion_matching_panel_placement(float viewport_x, float viewport_y,
                                                             float viewport_width) {
  constexpr float kGap = 8.0f;  // from the viewport's edge and the overlay
  const ImGuiStyle& style = ImGui::GetStyle();
  const float first_lines =
      std::max(ImGui::CalcTextSize(kPlayLabel).x, ImGui::CalcTextSize(kMirroredLabel).x) +
      ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + 2.0f * style.WindowPadding.x;
  const float left_third = viewport_width / 3.0f - 2.0f * kGap;
  const float width = std::max(first_lines, std::min(left_third, 25.0f * ImGui::GetFontSize()));
  return {{viewport_x + kGap, stats_overlay_bottom(viewport_y, kMaxFootSlideLines) + kGap},
          {width, 0.0f}};
}

MotionMatchingPanelChange draw_motion_matching_panel(MotionMatchingPanelState& state,
                                                     const MotionMatchingPanelView& view,
                                                     const MotionMatchingPanelPlacement& opens) {
  MotionMatchingPanelChange change;
  ImGui::SetNextWindowSize({opens.size.x, opens.size.y}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos({opens.origin.x, opens.origin.y}, ImGuiCond_FirstUseEver);
  // A session shows its clip, costs and history below the switches: the window grows to show
  // them (a height of 0 fits the contents), and shrinks back when the session ends.
  const bool session = view.database && view.controller;
  if (session != state.showed_session && state.width > 0.0f) {
    ImGui::SetNextWindowSize({state.width, 0.0f});
  }
  state.showed_session = session;
  if (!ImGui::Begin("Motion matching")) {
    ImGui::End();
    return change;
  }
  state.width = ImGui::GetWindowWidth();
  if (ImGui::Checkbox(kPlayLabel, &state.active)) change.toggled = true;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Steer with WASD (Shift runs), a gamepad, or Ctrl+drag a target on the ground");
  }
  // The database is rebuilt with or without the mirrored copies.
  change.mirrored = ImGui::Checkbox(kMirroredLabel, &state.mirrored);
  if (!state.error.empty()) ImGui::TextColored({1.0f, 0.4f, 0.4f, 1.0f}, "%s", state.error.c_str());
  if (ImGui::CollapsingHeader("Weights")) {
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      change.weights |=
          ImGui::SliderFloat(anim::feature_group_layout(g).name,
                             &state.weights.group[static_cast<std::size_t>(g)], 0.0f, 4.0f);
    }
  }
  if (ImGui::CollapsingHeader("Clips")) {
    state.clip_enabled.resize(view.clip_names.size(), 1);
    for (std::size_t c = 0; c < view.clip_names.size(); ++c) {
      bool on = state.clip_enabled[c] != 0;
      // A clip the default leaves out reads dimmed (the window is narrow: a note beside the
      // name would be cut off), and says why when hovered.
      const bool left_out =
          c < state.left_out_by_default.size() && !state.left_out_by_default[c].empty();
      if (left_out) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      }
      if (ImGui::Checkbox(view.clip_names[c].c_str(), &on)) {
        state.clip_enabled[c] = on ? 1 : 0;
        change.clips = true;
      }
      if (left_out) {
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) {
          ImGui::SetTooltip("Not a standing clip, left out by default: %s",
                            state.left_out_by_default[c].c_str());
        }
      }
    }
  }
  if (view.database && view.controller) {
    ImGui::Separator();
    draw_costs(view);
    ImGui::TextUnformatted("Clips played (last 20 s):");
    draw_history(view);
    if (ImGui::CollapsingHeader("Coverage")) {
      draw_coverage(view);
      ImGui::SliderFloat("poor match above cost", &state.poor_match_cost, 0.5f, 50.0f);
      ImGui::Text("Poorly matched requests: %zu", view.poor_matches.size());
      for (auto it = view.poor_matches.rbegin();
           it != view.poor_matches.rend() && it - view.poor_matches.rbegin() < 12; ++it) {
        const glm::vec2 end = it->desired.back();
        ImGui::Text("%6.1f s  cost %6.2f  wanted (%.2f, %.2f) m in 1 s, got %s", it->session_time_s,
                    it->cost, end.x, end.y, clip_name(view, it->clip).c_str());
      }
    }
    // A library's build notes a line per clip left out or changed: folded, so that they do not
    // push the window over the view.
    const std::string notes =
        "Build notes (" + std::to_string(view.database->notices.size()) + ")###notes";
    if (!view.database->notices.empty() && ImGui::CollapsingHeader(notes.c_str())) {
      for (const std::string& notice : view.database->notices) warning_text(notice);
    }
  }
  ImGui::End();
  return change;
}

}  // namespace ui
