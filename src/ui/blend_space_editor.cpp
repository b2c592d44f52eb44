#include "ui/blend_space_editor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#define GLFW_INCLUDE_NONE  // only the key codes are needed, not a GL header
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/blend_space_widgets.h"
#include "ui/fitted_text.h"

namespace ui {
namespace {

using namespace blend_space_widgets;

constexpr float kLabelMargin = 40.0f;  // room left of the space for the y range labels ("-4.89")

// Room below the space: a line of range labels, then the x axis's caption, at any UI scale.
float bottom_margin() {
  return 4.0f + 2.5f * ImGui::GetTextLineHeight();
}

constexpr float kFullWeightRadiusPx = 26.0f;
constexpr float kHandleRadiusPx = 7.0f;
constexpr int kRegionCells = 40;             // influence regions are drawn on a kRegionCells^2 grid
constexpr float kControlsHeightPx = 300.0f;  // room under the 2D space for its controls

constexpr ImU32 kTriangleColor = IM_COL32(150, 160, 190, 160);

// Maps a rectangle of the space (axis units) onto a rectangle of the screen (pixels, y down).
// flip_x (flip_y) draws the space's x (y) growing leftwards (downwards): the character's right
// on the plot's right and its forward up, whatever the file's axis convention.
struct Mapping {
  ImVec2 min_px;
  ImVec2 max_px;
  glm::vec2 min;
  glm::vec2 max;
  bool flip_x = false;
  bool flip_y = false;

  ImVec2 to_screen(glm::vec2 p) const {
    glm::vec2 t = (p - min) / (max - min);
    if (flip_x) t.x = 1.0f - t.x;
    if (flip_y) t.y = 1.0f - t.y;
    return {min_px.x + t.x * (max_px.x - min_px.x), max_px.y - t.y * (max_px.y - min_px.y)};
  }
  glm::vec2 to_space(ImVec2 s) const {
    glm::vec2 t{(s.x - min_px.x) / (max_px.x - min_px.x), (max_px.y - s.y) / (max_px.y - min_px.y)};
    if (flip_x) t.x = 1.0f - t.x;
    if (flip_y) t.y = 1.0f - t.y;
    return min + t * (max - min);
  }
  // The value the character's terms give a stored coordinate (sideways + right, forward +).
  glm::vec2 shown(glm::vec2 p) const { return {flip_x ? -p.x : p.x, flip_y ? -p.y : p.y}; }
};

// Returns the rectangle of the y axis's caption (inside the plot, top-left), which sample labels
// keep clear of: min x, min y, max x, max y.
ImVec4 draw_grid_and_axes(ImDrawList* draw, const Mapping& map, const anim::BlendAxis& x,
                          const anim::BlendAxis& y, int divisions) {
  draw->AddRectFilled(map.min_px, map.max_px, kPlotBackground);
  for (int i = 0; i <= divisions; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(divisions);
    const float px = map.min_px.x + t * (map.max_px.x - map.min_px.x);
    const float py = map.min_px.y + t * (map.max_px.y - map.min_px.y);
    draw->AddLine({px, map.min_px.y}, {px, map.max_px.y}, kGridColor);
    draw->AddLine({map.min_px.x, py}, {map.max_px.x, py}, kGridColor);
  }
  // The zero lines, where the range contains them: the origin matters to directional modes.
  if (x.min < 0.0f && x.max > 0.0f) {
    const float px = map.to_screen({0.0f, 0.0f}).x;
    draw->AddLine({px, map.min_px.y}, {px, map.max_px.y}, kZeroAxisColor, 1.5f);
  }
  if (y.min < 0.0f && y.max > 0.0f) {
    const float py = map.to_screen({0.0f, 0.0f}).y;
    draw->AddLine({map.min_px.x, py}, {map.max_px.x, py}, kZeroAxisColor, 1.5f);
  }
  // Range labels in the character's terms: the value at each edge, sideways + right.
  const glm::vec2 lo = map.shown(map.to_space(ImVec2(map.min_px.x, map.max_px.y)));
  const glm::vec2 hi = map.shown(map.to_space(ImVec2(map.max_px.x, map.min_px.y)));
  char text[64];
  std::snprintf(text, sizeof text, "%.3g", static_cast<double>(lo.x));
  draw->AddText({map.min_px.x, map.max_px.y + 4.0f}, kTextColor, text);
  std::snprintf(text, sizeof text, "%.3g", static_cast<double>(hi.x));
  draw->AddText({map.max_px.x - ImGui::CalcTextSize(text).x, map.max_px.y + 4.0f}, kTextColor,
                text);
  // Short enough for the graph panel's width: which way is positive, then the axis's name.
  const std::string x_caption = "+ right: " + x.name + (map.flip_x ? ", mirrored" : "");
  // On the line below the range labels, which a caption wider than the plot would cover.
  const float caption_y = map.max_px.y + 4.0f + 1.5f * ImGui::GetTextLineHeight();
  draw_text_centered(draw, {(map.min_px.x + map.max_px.x) * 0.5f, caption_y}, kTextColor,
                     x_caption.c_str());
  // Right-aligned against the plot, three digits: "4.892" would run into the y caption.
  const auto y_label = [&](float value, float y) {
    std::snprintf(text, sizeof text, "%.3g", static_cast<double>(value));
    draw->AddText({map.min_px.x - 4.0f - ImGui::CalcTextSize(text).x, y}, kTextColor, text);
  };
  y_label(lo.y, map.max_px.y - ImGui::GetTextLineHeight());
  y_label(hi.y, map.min_px.y);
  const std::string y_caption = "+ forward: " + y.name + (map.flip_y ? ", mirrored" : "");
  const ImVec2 caption_at{map.min_px.x + 4.0f, map.min_px.y + 2.0f};
  draw->AddText(caption_at, kTextColor, y_caption.c_str());
  const ImVec2 caption_size = ImGui::CalcTextSize(y_caption.c_str());
  return {caption_at.x, caption_at.y, caption_at.x + caption_size.x, caption_at.y + caption_size.y};
}

// Places label at the first of eight spots around the sample at p that stays inside the plot
// and clear of the rectangles taken (unless hovered), joined to the sample by a leader line when
// it sits away from it (may_cover: over them); boxed draws it on a dark box. Returns false when
// no spot is free.
bool place_label(ImDrawList* draw, const Mapping& map, ImVec2 p, const char* label, ImU32 colour,
                 bool boxed, bool bright, bool may_cover, std::vector<ImVec4>& taken) {
  const ImVec2 size = ImGui::CalcTextSize(label);
  const ImVec2 pad{3.0f, 1.0f};
  const float near = 8.0f, far = 26.0f;
  const ImVec2 spots[] = {
      {p.x + near, p.y - size.y - 2.0f},          {p.x + near, p.y + 2.0f},
      {p.x - near - size.x, p.y - size.y - 2.0f}, {p.x - near - size.x, p.y + 2.0f},
      {p.x - size.x * 0.5f, p.y - size.y - far},  {p.x - size.x * 0.5f, p.y + far},
      {p.x + far, p.y - size.y * 0.5f},           {p.x - far - size.x, p.y - size.y * 0.5f},
  };
  const auto overlaps = [&](ImVec2 a, ImVec2 b) {
    for (const ImVec4& r : taken) {
      if (a.x < r.z && b.x > r.x && a.y < r.w && b.y > r.y) return true;
    }
    return false;
  };
  for (int k = 0; k < static_cast<int>(std::size(spots)); ++k) {
    const ImVec2 a{spots[k].x - pad.x, spots[k].y - pad.y};
    const ImVec2 b{spots[k].x + size.x + pad.x, spots[k].y + size.y + pad.y};
    const bool inside =
        a.x >= map.min_px.x && b.x <= map.max_px.x && a.y >= map.min_px.y && b.y <= map.max_px.y;
    if (!inside || (overlaps(a, b) && !may_cover)) continue;
    taken.push_back({a.x, a.y, b.x, b.y});
    if (k >= 4) {
      const ImVec2 c{std::clamp(p.x, a.x, b.x), std::clamp(p.y, a.y, b.y)};
      draw->AddLine(p, c, with_alpha(colour, 160));
    }
    if (boxed) {
      draw->AddRectFilled(a, b, IM_COL32(10, 10, 14, 230), 3.0f);
      draw->AddRect(a, b, colour, 3.0f);
    }
    draw->AddText(spots[k], bright ? kHandleColor : kTextColor, label);
    return true;
  }
  return false;
}

// Sample labels placed without overlap (place_label), the heaviest first. A label with no free
// spot even when shortened is left out (hovering the sample shows it). The heaviest sample's
// label gets a dark box.
void draw_sample_labels(ImDrawList* draw, const Mapping& map, const anim::BlendSpace2D& space,
                        std::span<const float> weights, ImVec2 mouse, ImVec4 keep_clear) {
  const int count = static_cast<int>(space.samples.size());
  const bool show_weights = static_cast<int>(weights.size()) == count;
  std::vector<int> order(count);
  for (int i = 0; i < count; ++i) order[i] = i;
  if (show_weights) {
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return weights[a] > weights[b]; });
  }
  std::vector<ImVec4> taken{keep_clear};  // placed rectangles: min x, min y, max x, max y
  // Sample dots are obstacles too, so labels do not hide other samples.
  for (int i = 0; i < count; ++i) {
    const ImVec2 p = map.to_screen(space.samples[i].position);
    taken.push_back({p.x - kSampleRadiusPx, p.y - kSampleRadiusPx, p.x + kSampleRadiusPx,
                     p.y + kSampleRadiusPx});
  }
  for (int rank = 0; rank < count; ++rank) {
    const int i = order[rank];
    const ImVec2 p = map.to_screen(space.samples[i].position);
    const std::string& name = space.samples[i].clip_name;
    char weight[32] = "";
    if (show_weights)
      std::snprintf(weight, sizeof weight, " %.2f", static_cast<double>(weights[i]));
    const bool heaviest = show_weights && rank == 0 && weights[i] > 0.0f;
    const bool hovered = distance_px(p, mouse) <= kPickRadiusPx * 2.0f;
    // In a small plot a label that does not fit whole is tried shorter: the name alone (the
    // heaviest keeps its weight), cut to about ten characters, then the name's initials
    // ("jbl" for jog_backward_left). The heaviest's label may cover dots rather than vanish.
    const float char_px = ImGui::CalcTextSize("m").x;
    const std::string whole = name + weight;
    const std::string suffix = heaviest ? weight : "";
    const std::string candidates[] = {
        whole, name + suffix, ellipsise(name, char_px * 10.0f) + suffix, initials(name) + suffix};
    const std::string* placed = nullptr;
    for (const bool may_cover : {hovered, heaviest || hovered}) {
      for (const std::string& label : candidates) {
        if (place_label(draw, map, p, label.c_str(), sample_color(i), heaviest || hovered, heaviest,
                        may_cover, taken)) {
          placed = &label;
          break;
        }
      }
      if (placed != nullptr) break;
    }
    if (hovered && (placed == nullptr || *placed != whole)) {
      ImGui::SetTooltip("%s", whole.c_str());
    }
  }
}

// Delaunay: the triangles. Other modes: each cell of a coarse grid tinted with the colour of the
// sample that dominates there, more opaque where its weight is higher.
void draw_regions(ImDrawList* draw, const Mapping& map,
                  const anim::PreparedBlendSpace2D& prepared) {
  if (prepared.positions.empty()) return;
  if (prepared.mode == anim::BlendMode2D::Delaunay) {
    for (const auto& t : prepared.triangulation.triangles) {
      draw->AddTriangle(map.to_screen(prepared.positions[t[0]]),
                        map.to_screen(prepared.positions[t[1]]),
                        map.to_screen(prepared.positions[t[2]]), kTriangleColor, 1.5f);
    }
    for (const auto& e : prepared.triangulation.boundary) {
      draw->AddLine(map.to_screen(prepared.positions[e[0]]),
                    map.to_screen(prepared.positions[e[1]]), kTriangleColor, 2.5f);
    }
    return;
  }
  std::vector<float> w(prepared.positions.size());
  const glm::vec2 cell = (map.max - map.min) / static_cast<float>(kRegionCells);
  for (int iy = 0; iy < kRegionCells; ++iy) {
    for (int ix = 0; ix < kRegionCells; ++ix) {
      const glm::vec2 lo = map.min + cell * glm::vec2(ix, iy);
      anim::blend_weights_2d(prepared, lo + 0.5f * cell, w);
      const auto top = std::max_element(w.begin(), w.end());
      const int alpha = static_cast<int>(25.0f + 90.0f * *top);
      const ImVec2 a = map.to_screen(lo);
      const ImVec2 b = map.to_screen(lo + cell);
      draw->AddRectFilled({a.x, b.y}, {b.x, a.y},
                          sample_color(static_cast<int>(top - w.begin()), alpha));
    }
  }
}

// Grows the axes' ranges to hold every sample with a little room, after "Compute positions".
void fit_axes(anim::BlendSpace2D& space) {
  for (const anim::BlendSample2D& s : space.samples) {
    const glm::vec2 margin =
        0.1f * glm::vec2(space.x_axis.max - space.x_axis.min, space.y_axis.max - space.y_axis.min);
    space.x_axis.min = std::min(space.x_axis.min, s.position.x - margin.x);
    space.x_axis.max = std::max(space.x_axis.max, s.position.x + margin.x);
    space.y_axis.min = std::min(space.y_axis.min, s.position.y - margin.y);
    space.y_axis.max = std::max(space.y_axis.max, s.position.y + margin.y);
  }
}

// p kept inside the axes.
glm::vec2 clamp_to_axes(const Mapping& map, glm::vec2 p) {
  return glm::clamp(p, map.min, map.max);
}

// p on the nearest grid lines when the editor snaps, else p.
glm::vec2 snapped(const BlendSpaceEditorState& state, const Mapping& map, glm::vec2 p) {
  if (!state.snap_to_grid) return p;
  return glm::vec2(snap_to_grid(p.x, map.min.x, map.max.x, state.grid_divisions),
                   snap_to_grid(p.y, map.min.y, map.max.y, state.grid_divisions));
}

// Mouse and keys over the space (the canvas being the last item): press on a sample to drag it,
// anywhere else to move the handle there; right-click a sample for its menu; the arrow keys move
// the handle.
void handle_space_input(BlendSpaceEditorState& state, anim::BlendSpace2D& space, const Mapping& map,
                        bool hovered, bool active, BlendSpaceEditorChange& change) {
  const int sample_count = static_cast<int>(space.samples.size());
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int under_mouse = -1;
  for (int i = 0; i < sample_count; ++i) {
    if (distance_px(map.to_screen(space.samples[i].position), mouse) <= kPickRadiusPx) {
      under_mouse = i;
    }
  }
  const bool on_handle = distance_px(map.to_screen(state.point), mouse) <= kPickRadiusPx;
  if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (under_mouse >= 0 && !on_handle) {
      state.dragged_sample = under_mouse;
      state.selected_sample = under_mouse;
    } else {
      state.dragging_point = true;
    }
  }
  if (active && state.dragged_sample >= 0) {
    const glm::vec2 p = snapped(state, map, clamp_to_axes(map, map.to_space(mouse)));
    if (p != space.samples[state.dragged_sample].position) {
      space.samples[state.dragged_sample].position = p;
      change.space = true;
      if (state.dragged_sample < static_cast<int>(state.computed.size())) {
        state.computed[state.dragged_sample].clear();
      }
    }
  } else if (active && state.dragging_point) {
    const glm::vec2 p = snapped(state, map, clamp_to_axes(map, map.to_space(mouse)));
    if (p != state.point) {
      state.point = p;
      change.point = true;
    }
  }
  if (!active) {
    state.dragged_sample = -1;
    state.dragging_point = false;
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right) && under_mouse >= 0) {
    state.selected_sample = under_mouse;
    ImGui::OpenPopup("sample menu");
  }
  if (hovered) {
    const glm::vec2 step = arrow_key_step(map.max - map.min, map.flip_x, map.flip_y);
    if (step != glm::vec2(0.0f)) {
      state.point = clamp_to_axes(map, state.point + step);
      change.point = true;
    }
  }
}

// The selected sample's right-click menu: Remove sample.
void sample_menu(BlendSpaceEditorState& state, anim::BlendSpace2D& space,
                 BlendSpaceEditorChange& change) {
  if (ImGui::BeginPopup("sample menu")) {
    if (state.selected_sample >= 0 && ImGui::MenuItem("Remove sample")) {
      space.samples.erase(space.samples.begin() + state.selected_sample);
      state.selected_sample = -1;
      change.space = true;
    }
    ImGui::EndPopup();
  }
}

// After an edit: whether the space can be played (state.error) and the weights' precomputation
// its regions are drawn with.
void prepare_regions(BlendSpaceEditorState& state, const anim::BlendSpace2D& space) {
  if (state.prepared_current) return;
  state.error = anim::validate(space);
  if (state.error.empty()) {
    std::vector<glm::vec2> positions;
    for (const anim::BlendSample2D& s : space.samples) positions.push_back(s.position);
    state.error = anim::prepare_blend_space_2d(space.mode, positions, state.prepared);
  } else {
    state.prepared = {};
  }
  state.prepared_current = true;
}

// Draws the space into the canvas (origin, size): grid and axes, the regions when asked, the
// samples with their weights (weights, one per sample, or none) and labels, and the handle.
void draw_space(ImDrawList* draw, const Mapping& map, ImVec2 origin, ImVec2 size,
                const BlendSpaceEditorState& state, const anim::BlendSpace2D& space,
                std::span<const float> weights) {
  const int sample_count = static_cast<int>(space.samples.size());
  draw->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
  const ImVec4 caption =
      draw_grid_and_axes(draw, map, space.x_axis, space.y_axis, state.grid_divisions);
  if (state.show_regions && state.error.empty()) {
    draw->PushClipRect(map.min_px, map.max_px, true);
    draw_regions(draw, map, state.prepared);
    draw->PopClipRect();
  }
  const bool show_weights = static_cast<int>(weights.size()) == sample_count;
  for (int i = 0; i < sample_count; ++i) {
    const ImVec2 p = map.to_screen(space.samples[i].position);
    if (show_weights && weights[i] > 0.0f) {
      draw->AddCircleFilled(p, weight_circle_radius(weights[i], kFullWeightRadiusPx),
                            sample_color(i, 70));
      draw->AddCircle(p, weight_circle_radius(weights[i], kFullWeightRadiusPx), sample_color(i));
    }
    draw->AddCircleFilled(p, kSampleRadiusPx, sample_color(i));
    if (i == state.selected_sample) draw->AddCircle(p, kSampleRadiusPx + 3.0f, kHandleColor);
  }
  draw_sample_labels(draw, map, space, show_weights ? weights : std::span<const float>{},
                     ImGui::GetIO().MousePos, caption);
  const ImVec2 h = map.to_screen(state.point);
  draw->AddCircle(h, kHandleRadiusPx, kHandleColor, 0, 2.0f);
  draw->AddLine({h.x - 11.0f, h.y}, {h.x + 11.0f, h.y}, kHandleColor);
  draw->AddLine({h.x, h.y - 11.0f}, {h.x, h.y + 11.0f}, kHandleColor);
  draw->PopClipRect();
}

// Under the space: the point in the character's terms, why the space cannot play, the mode, the
// grid and the axes. Returns whether the space changed.
bool draw_space_settings(BlendSpaceEditorState& state, anim::BlendSpace2D& space,
                         const Mapping& map) {
  bool changed = false;
  char point_text[128];
  // Adding zero turns the mirrored axis's -0 into 0, which would print as "-0.000".
  const glm::vec2 shown = map.shown(state.point) + glm::vec2(0.0f);
  std::snprintf(point_text, sizeof point_text, "point: sideways %.3f (right +), forward %.3f",
                static_cast<double>(shown.x), static_cast<double>(shown.y));
  ImGui::TextUnformatted(point_text);
  if (!state.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
    ImGui::TextWrapped("%s", state.error.c_str());
    ImGui::PopStyleColor();
  }
  int mode = static_cast<int>(space.mode);
  static constexpr const char* kModes[] = {"Simple Directional", "Freeform Directional",
                                           "Freeform Cartesian", "Delaunay"};
  if (ImGui::Combo("mode", &mode, kModes, static_cast<int>(std::size(kModes)))) {
    space.mode = static_cast<anim::BlendMode2D>(mode);
    changed = true;
  }
  ImGui::Checkbox("snap to grid", &state.snap_to_grid);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90.0f);
  ImGui::SliderInt("grid", &state.grid_divisions, 2, 24);
  ImGui::SameLine();
  ImGui::Checkbox(space.mode == anim::BlendMode2D::Delaunay ? "triangulation" : "regions",
                  &state.show_regions);
  changed |= axis_controls("x axis", space.x_axis.name, space.x_axis.min, space.x_axis.max,
                           state.x_grows_left);
  changed |= axis_controls("y axis", space.y_axis.name, space.y_axis.min, space.y_axis.max,
                           state.y_grows_down);
  return changed;
}

// "Compute positions" (each sample at its clip's ground velocity), its options, and the list of
// where each position came from. Returns whether the space changed.
bool compute_velocities_row(BlendSpaceEditorState& state, anim::BlendSpace2D& space,
                            std::span<const std::string> clip_names,
                            std::span<const anim::ClipVelocity> clip_velocities) {
  const auto place = [&](anim::BlendSample2D& s, const anim::ClipVelocity& measured) {
    const anim::ClipVelocity v = state.in_place_typed_speed
                                     ? anim::with_typed_speed(measured, state.typed_speed_mps)
                                     : measured;
    s.position = v.velocity;
    return std::string(anim::to_string(v.source));
  };
  const auto describe = [](const anim::BlendSample2D& s) {
    char text[192];
    std::snprintf(text, sizeof text, "%s (%.2f, %.2f)", s.clip_name.c_str(),
                  static_cast<double>(s.position.x), static_cast<double>(s.position.y));
    return std::string(text);
  };
  const bool changed = compute_positions_row(
      "Place every sample at its clip's average ground velocity (x, z): the root's where it "
      "travels; for in-place clips the planted feet's, or the typed speed in their direction",
      "Computed positions", space.samples, state.computed, state.in_place_typed_speed,
      state.typed_speed_mps, clip_names, clip_velocities, place, describe);
  if (changed) fit_axes(space);
  return changed;
}

}  // namespace

bool draw_input_smoothing(float& half_life_s) {
  const char* label = "smoothing half-life (s)";
  fit_next_item_to_label(label);
  const bool changed = ImGui::SliderFloat(label, &half_life_s, 0.0f, 1.0f, "%.3f");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "How quickly the played point follows the point and the parameters (0: at "
        "once)");
  }
  return changed;
}

float snap_to_grid(float value, float min, float max, int divisions) {
  if (divisions < 1 || !(max > min)) return value;
  const float cell = (max - min) / static_cast<float>(divisions);
  return min + std::round((value - min) / cell) * cell;
}

float weight_circle_radius(float weight, float full_radius) {
  return full_radius * std::sqrt(std::clamp(weight, 0.0f, 1.0f));
}

glm::vec2 mirrored_range(glm::vec2 range, bool mirrored) {
  return mirrored ? glm::vec2(-range.y, -range.x) : range;
}

BlendSpaceEditorChange draw_blend_space_editor(
    BlendSpaceEditorState& state, anim::BlendSpace2D& space,
    std::span<const std::string> clip_names, std::span<const float> weights,
    std::span<const anim::ClipVelocity> clip_velocities) {
  BlendSpaceEditorChange change;
  const int sample_count = static_cast<int>(space.samples.size());
  if (state.selected_sample >= sample_count) state.selected_sample = -1;
  if (state.dragged_sample >= sample_count) state.dragged_sample = -1;
  const bool axes_valid =
      space.x_axis.min < space.x_axis.max && space.y_axis.min < space.y_axis.max;

  // The space fills the panel's width, and its height down to the controls below.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float width = std::max(160.0f, avail.x);
  const float height = std::max(160.0f, avail.y - kControlsHeightPx);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##space", {width, height},
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const Mapping map{{origin.x + kLabelMargin, origin.y},
                    {origin.x + width - 4.0f, origin.y + height - bottom_margin()},
                    {space.x_axis.min, space.y_axis.min},
                    {space.x_axis.max, space.y_axis.max},
                    state.x_grows_left,
                    state.y_grows_down};
  const ImVec2 corner_min = map.to_screen(map.min);
  const ImVec2 corner_max = map.to_screen(map.max);
  state.screen_of_min = {corner_min.x, corner_min.y};
  state.screen_of_max = {corner_max.x, corner_max.y};

  if (axes_valid) handle_space_input(state, space, map, hovered, active, change);
  sample_menu(state, space, change);
  if (change.space) state.prepared_current = false;
  prepare_regions(state, space);
  if (axes_valid) {
    draw_space(ImGui::GetWindowDrawList(), map, origin, {width, height}, state, space, weights);
  }

  change.space |= draw_space_settings(state, space, map);
  change.space |= add_sample_row(clip_names, state.clip_to_add, space.samples,
                                 state.selected_sample, snapped(state, map, state.point));
  change.space |= compute_velocities_row(state, space, clip_names, clip_velocities);
  change.space |= edit_selected_sample(
      state.selected_sample, space.samples, clip_names, 0.6f,
      [](anim::BlendSample2D& s) { return ImGui::DragFloat2("##position", &s.position.x, 0.01f); });
  if (change.space) state.prepared_current = false;
  return change;
}

}  // namespace ui
