#include "ui/blend_space_editor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#define GLFW_INCLUDE_NONE  // only the key codes are needed, not a GL header
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/fitted_text.h"

namespace ui {
namespace {

constexpr float kLabelMargin = 40.0f;  // room left of the space for the y range labels ("-4.89")

// Room below the space: a line of range labels, then the x axis's caption, at any UI scale.
float bottom_margin() {
  return 4.0f + 2.5f * ImGui::GetTextLineHeight();
}

constexpr float kPickRadiusPx = 9.0f;
constexpr float kSampleRadiusPx = 5.0f;
constexpr float kFullWeightRadiusPx = 26.0f;
constexpr float kHandleRadiusPx = 7.0f;
constexpr int kRegionCells = 40;
constexpr float kControlsHeightPx = 300.0f;  // room under the 2D space for its controls  //
                                             // influence regions are drawn on a kRegionCells^2 grid

constexpr ImU32 kBackground = IM_COL32(28, 30, 36, 255);
constexpr ImU32 kGridColor = IM_COL32(60, 64, 74, 255);
constexpr ImU32 kZeroAxisColor = IM_COL32(110, 116, 130, 255);
constexpr ImU32 kTextColor = IM_COL32(200, 204, 214, 255);
constexpr ImU32 kHandleColor = IM_COL32(250, 250, 250, 255);
constexpr ImU32 kTriangleColor = IM_COL32(150, 160, 190, 160);
constexpr ImU32 kErrorColor = IM_COL32(240, 90, 80, 255);

// Distinct hues for samples, repeated when there are more samples.
ImU32 sample_color(int i, int alpha = 255) {
  static constexpr ImU32 kPalette[] = {
      IM_COL32(235, 110, 90, 255),  IM_COL32(90, 180, 235, 255),  IM_COL32(120, 210, 110, 255),
      IM_COL32(235, 190, 80, 255),  IM_COL32(190, 120, 230, 255), IM_COL32(80, 210, 190, 255),
      IM_COL32(240, 140, 190, 255), IM_COL32(170, 170, 90, 255),
  };
  const ImU32 c = kPalette[i % static_cast<int>(std::size(kPalette))];
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

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

float distance_px(ImVec2 a, ImVec2 b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

// A clip picker; returns whether the choice changed.
bool clip_combo(const char* label, std::span<const std::string> clip_names, int& index) {
  bool changed = false;
  const char* preview =
      index >= 0 && index < static_cast<int>(clip_names.size()) ? clip_names[index].c_str() : "";
  if (ImGui::BeginCombo(label, preview)) {
    for (int i = 0; i < static_cast<int>(clip_names.size()); ++i) {
      if (ImGui::Selectable(clip_names[i].c_str(), i == index)) {
        index = i;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

int clip_index(std::span<const std::string> clip_names, const std::string& name) {
  const auto it = std::find(clip_names.begin(), clip_names.end(), name);
  return it == clip_names.end() ? -1 : static_cast<int>(it - clip_names.begin());
}

// The row under the editors for the selected sample (1D or 2D): its clip, where it sits
// (edit_position draws that widget) and Remove. Returns whether the space changed.
template <typename Sample, typename EditPosition>
bool edit_selected_sample(int& selected, std::vector<Sample>& samples,
                          std::span<const std::string> clip_names, float position_width,
                          EditPosition edit_position) {
  if (selected < 0) return false;
  bool changed = false;
  Sample& s = samples[selected];
  ImGui::PushID("selected");
  int clip = clip_index(clip_names, s.clip_name);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.35f);
  if (clip_combo("##clip", clip_names, clip)) {
    s.clip_name = clip_names[clip];
    changed = true;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * position_width);
  changed |= edit_position(s);
  ImGui::SameLine();
  if (ImGui::Button("Remove")) {
    samples.erase(samples.begin() + selected);
    selected = -1;
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

// The row that adds a sample: a clip combo and "Add sample at point", which appends the chosen
// clip at position and selects it. Returns whether the space changed.
template <typename Sample, typename Position>
bool add_sample_row(std::span<const std::string> clip_names, int& clip_to_add,
                    std::vector<Sample>& samples, int& selected, Position position) {
  if (clip_names.empty()) return false;
  clip_to_add = std::clamp(clip_to_add, 0, static_cast<int>(clip_names.size()) - 1);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  clip_combo("##add clip", clip_names, clip_to_add);
  ImGui::SameLine();
  if (!ImGui::Button("Add sample at point")) return false;
  samples.push_back({clip_names[clip_to_add], position});
  selected = static_cast<int>(samples.size()) - 1;
  return true;
}

// Arrow keys while the mouse is over the space: the step in axis units along x and y (the
// right arrow moves the point to the plot's right, whichever way x is drawn).
glm::vec2 arrow_key_step(glm::vec2 range, bool flip_x, bool flip_y) {
  const float fraction = ImGui::GetIO().KeyShift ? 1.0f / 20.0f : 1.0f / 200.0f;
  glm::vec2 step{0.0f};
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) step.x -= range.x * fraction;
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) step.x += range.x * fraction;
  if (ImGui::IsKeyPressed(GLFW_KEY_DOWN)) step.y -= range.y * fraction;
  if (ImGui::IsKeyPressed(GLFW_KEY_UP)) step.y += range.y * fraction;
  return {flip_x ? -step.x : step.x, flip_y ? -step.y : step.y};
}

void draw_text_centered(ImDrawList* draw, ImVec2 centre, ImU32 color, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  draw->AddText({centre.x - size.x * 0.5f, centre.y - size.y * 0.5f}, color, text);
}

// Axis range controls; returns whether anything changed.
// An axis's name and range. mirrored: the plot shows the axis negated (a character that faces
// -Z walks forward at negative velocity z), so the range is shown and typed in the plot's terms,
// as its edge labels read: stored -4.892..1 is shown -1..4.892.
bool axis_controls(const char* id, std::string& name, float& min, float& max,
                   bool mirrored = false) {
  ImGui::PushID(id);
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
  changed |= ImGui::InputText("##name", &name);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.75f);
  glm::vec2 range = mirrored_range({min, max}, mirrored);
  if (ImGui::DragFloat2("##range", &range.x, 0.05f)) {
    const glm::vec2 stored = mirrored_range(range, mirrored);
    min = stored.x;
    max = stored.y;
    changed = true;
  }
  if (mirrored && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("In the character's terms; stored mirrored: %s from %g to %g", name.c_str(),
                      static_cast<double>(min), static_cast<double>(max));
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(id);
  ImGui::PopID();
  return changed;
}

// Returns the rectangle of the y axis's caption (inside the plot, top-left), which sample labels
// keep clear of: min x, min y, max x, max y.
ImVec4 draw_grid_and_axes(ImDrawList* draw, const Mapping& map, const anim::BlendAxis& x,
                          const anim::BlendAxis& y, int divisions) {
  draw->AddRectFilled(map.min_px, map.max_px, kBackground);
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
      draw->AddLine(p, c, (colour & ~IM_COL32_A_MASK) | (160u << IM_COL32_A_SHIFT));
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

// After the "Compute positions" button: its tooltip and the in-place option, a typed speed
// (1D and 2D spaces offer the same choice).
void compute_options(const char* tooltip, bool& in_place_typed_speed, float& typed_speed_mps) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tooltip);
  ImGui::SameLine();
  ImGui::Checkbox("in place: typed speed", &in_place_typed_speed);
  if (in_place_typed_speed) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(70.0f);
    ImGui::InputFloat("m/s", &typed_speed_mps, 0.0f, 0.0f, "%.2f");
    typed_speed_mps = std::clamp(typed_speed_mps, 0.0f, 20.0f);
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

}  // namespace

void draw_input_smoothing(float& half_life_s) {
  const char* label = "smoothing half-life (s)";
  fit_next_item_to_label(label);
  ImGui::SliderFloat(label, &half_life_s, 0.0f, 1.0f, "%.3f");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "How quickly the played point follows the point and the parameters (0: at "
        "once)");
  }
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
  ImDrawList* draw = ImGui::GetWindowDrawList();
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
  const glm::vec2 range = map.max - map.min;
  auto clamp_to_axes = [&](glm::vec2 p) { return glm::clamp(p, map.min, map.max); };
  auto snapped = [&](glm::vec2 p) {
    if (!state.snap_to_grid) return p;
    return glm::vec2(snap_to_grid(p.x, map.min.x, map.max.x, state.grid_divisions),
                     snap_to_grid(p.y, map.min.y, map.max.y, state.grid_divisions));
  };

  if (axes_valid) {
    // Mouse: press on a sample to drag it, anywhere else to move the handle there.
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
      const glm::vec2 p = snapped(clamp_to_axes(map.to_space(mouse)));
      if (p != space.samples[state.dragged_sample].position) {
        space.samples[state.dragged_sample].position = p;
        change.space = true;
        if (state.dragged_sample < static_cast<int>(state.computed.size())) {
          state.computed[state.dragged_sample].clear();
        }
      }
    } else if (active && state.dragging_point) {
      const glm::vec2 p = snapped(clamp_to_axes(map.to_space(mouse)));
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
      const glm::vec2 step = arrow_key_step(range, map.flip_x, map.flip_y);
      if (step != glm::vec2(0.0f)) {
        state.point = clamp_to_axes(state.point + step);
        change.point = true;
      }
    }
  }
  if (ImGui::BeginPopup("sample menu")) {
    if (state.selected_sample >= 0 && ImGui::MenuItem("Remove sample")) {
      space.samples.erase(space.samples.begin() + state.selected_sample);
      state.selected_sample = -1;
      change.space = true;
    }
    ImGui::EndPopup();
  }

  if (change.space) state.prepared_current = false;
  if (!state.prepared_current) {
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

  if (axes_valid) {
    draw->PushClipRect(origin, {origin.x + width, origin.y + height}, true);
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

  // Controls.
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
    change.space = true;
  }
  ImGui::Checkbox("snap to grid", &state.snap_to_grid);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90.0f);
  ImGui::SliderInt("grid", &state.grid_divisions, 2, 24);
  ImGui::SameLine();
  ImGui::Checkbox(space.mode == anim::BlendMode2D::Delaunay ? "triangulation" : "regions",
                  &state.show_regions);
  change.space |= axis_controls("x axis", space.x_axis.name, space.x_axis.min, space.x_axis.max,
                                state.x_grows_left);
  change.space |= axis_controls("y axis", space.y_axis.name, space.y_axis.min, space.y_axis.max,
                                state.y_grows_down);

  change.space |= add_sample_row(clip_names, state.clip_to_add, space.samples,
                                 state.selected_sample, snapped(state.point));
  ImGui::BeginDisabled(clip_velocities.size() != clip_names.size() || clip_names.empty());
  if (ImGui::Button("Compute positions")) {
    state.computed.assign(space.samples.size(), "");
    for (std::size_t i = 0; i < space.samples.size(); ++i) {
      const int clip = clip_index(clip_names, space.samples[i].clip_name);
      if (clip < 0) continue;
      const anim::ClipVelocity v =
          state.in_place_typed_speed
              ? anim::with_typed_speed(clip_velocities[clip], state.typed_speed_mps)
              : clip_velocities[clip];
      space.samples[i].position = v.velocity;
      state.computed[i] = anim::to_string(v.source);
    }
    fit_axes(space);
    change.space = true;
  }
  ImGui::EndDisabled();
  compute_options(
      "Place every sample at its clip's average ground velocity (x, z): the root's where it "
      "travels; for in-place clips the planted feet's, or the typed speed in their direction",
      state.in_place_typed_speed, state.typed_speed_mps);
  if (state.computed.size() != space.samples.size()) state.computed.clear();
  if (!state.computed.empty() && ImGui::TreeNode("Computed positions")) {
    for (std::size_t i = 0; i < space.samples.size(); ++i) {
      const glm::vec2 p = space.samples[i].position;
      ImGui::Text("%s (%.2f, %.2f): %s", space.samples[i].clip_name.c_str(),
                  static_cast<double>(p.x), static_cast<double>(p.y),
                  state.computed[i].empty() ? "moved by hand" : state.computed[i].c_str());
    }
    ImGui::TreePop();
  }

  change.space |= edit_selected_sample(
      state.selected_sample, space.samples, clip_names, 0.6f,
      [](anim::BlendSample2D& s) { return ImGui::DragFloat2("##position", &s.position.x, 0.01f); });
  if (change.space) state.prepared_current = false;
  return change;
}

BlendSpaceEditorChange draw_blend_space_1d_editor(
    BlendSpace1DEditorState& state, anim::BlendSpace1D& space,
    std::span<const std::string> clip_names, std::span<const float> weights,
    std::span<const anim::ClipVelocity> clip_velocities) {
  BlendSpaceEditorChange change;
  const int sample_count = static_cast<int>(space.samples.size());
  if (state.selected_sample >= sample_count) state.selected_sample = -1;
  if (state.dragged_sample >= sample_count) state.dragged_sample = -1;
  const bool range_valid = space.min < space.max;

  const float width = std::max(160.0f, ImGui::GetContentRegionAvail().x);
  const float height = 110.0f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##axis", {width, height}, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float left = origin.x + 12.0f;
  const float right = origin.x + width - 12.0f;
  const float axis_y = origin.y + height - 34.0f;
  auto to_x = [&](float v) {
    return left + (v - space.min) / (space.max - space.min) * (right - left);
  };
  auto to_value = [&](float x) {
    return space.min + (x - left) / (right - left) * (space.max - space.min);
  };
  auto clamp_value = [&](float v) { return std::clamp(v, space.min, space.max); };

  if (range_valid) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    int under_mouse = -1;
    for (int i = 0; i < sample_count; ++i) {
      if (distance_px({to_x(space.samples[i].threshold), axis_y}, mouse) <= kPickRadiusPx) {
        under_mouse = i;
      }
    }
    if (ImGui::IsItemActivated()) {
      if (under_mouse >= 0) {
        state.dragged_sample = under_mouse;
        state.selected_sample = under_mouse;
      } else {
        state.dragging_point = true;
      }
    }
    if (active && state.dragged_sample >= 0) {
      float v = clamp_value(to_value(mouse.x));
      if (state.snap_to_grid) v = snap_to_grid(v, space.min, space.max, state.grid_divisions);
      if (v != space.samples[state.dragged_sample].threshold) {
        space.samples[state.dragged_sample].threshold = v;
        change.space = true;
      }
    } else if (active && state.dragging_point) {
      const float v = clamp_value(to_value(mouse.x));
      if (v != state.point) {
        state.point = v;
        change.point = true;
      }
    }
    if (!active) {
      state.dragged_sample = -1;
      state.dragging_point = false;
    }
    if (hovered) {
      const float step = arrow_key_step({space.max - space.min, 0.0f}, false, false).x;
      if (step != 0.0f) {
        state.point = clamp_value(state.point + step);
        change.point = true;
      }
    }

    draw->AddRectFilled(origin, {origin.x + width, origin.y + height}, kBackground);
    for (int i = 0; i <= state.grid_divisions; ++i) {
      const float x = left + (right - left) * static_cast<float>(i) /
                                 static_cast<float>(std::max(state.grid_divisions, 1));
      draw->AddLine({x, axis_y - 4.0f}, {x, axis_y + 4.0f}, kGridColor);
    }
    draw->AddLine({left, axis_y}, {right, axis_y}, kZeroAxisColor, 1.5f);
    char text[160];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(space.min));
    draw->AddText({left, axis_y + 8.0f}, kTextColor, text);
    std::snprintf(text, sizeof text, "%g", static_cast<double>(space.max));
    draw->AddText({right - ImGui::CalcTextSize(text).x, axis_y + 8.0f}, kTextColor, text);
    draw_text_centered(draw, {(left + right) * 0.5f, axis_y + 16.0f}, kTextColor,
                       space.parameter_name.c_str());
    const bool show_weights = static_cast<int>(weights.size()) == sample_count;
    for (int i = 0; i < sample_count; ++i) {
      const float x = to_x(space.samples[i].threshold);
      if (show_weights) {
        // A bar whose height is the weight, up to the top of the strip.
        draw->AddRectFilled({x - 5.0f, axis_y - weights[i] * (axis_y - origin.y - 22.0f)},
                            {x + 5.0f, axis_y}, sample_color(i, 120));
      }
      draw->AddCircleFilled({x, axis_y}, kSampleRadiusPx, sample_color(i));
      if (i == state.selected_sample) {
        draw->AddCircle({x, axis_y}, kSampleRadiusPx + 3.0f, kHandleColor);
      }
      if (show_weights) {
        std::snprintf(text, sizeof text, "%s %.2f", space.samples[i].clip_name.c_str(),
                      static_cast<double>(weights[i]));
      } else {
        std::snprintf(text, sizeof text, "%s", space.samples[i].clip_name.c_str());
      }
      draw->AddText({x + 6.0f, origin.y + 4.0f + 14.0f * static_cast<float>(i % 2)}, kTextColor,
                    text);
    }
    const float hx = to_x(state.point);
    draw->AddTriangleFilled({hx, axis_y - 2.0f}, {hx - 7.0f, axis_y - 14.0f},
                            {hx + 7.0f, axis_y - 14.0f}, kHandleColor);
  }

  char point_text[64];
  std::snprintf(point_text, sizeof point_text, "point %.3f", static_cast<double>(state.point));
  ImGui::TextUnformatted(point_text);
  state.error = anim::validate(space);
  if (!state.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
    ImGui::TextWrapped("%s", state.error.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Checkbox("snap to grid", &state.snap_to_grid);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90.0f);
  ImGui::SliderInt("grid", &state.grid_divisions, 2, 24);
  change.space |= axis_controls("parameter", space.parameter_name, space.min, space.max);
  const float at = state.snap_to_grid
                       ? snap_to_grid(state.point, space.min, space.max, state.grid_divisions)
                       : state.point;
  change.space |=
      add_sample_row(clip_names, state.clip_to_add, space.samples, state.selected_sample, at);
  ImGui::BeginDisabled(clip_velocities.size() != clip_names.size() || clip_names.empty());
  if (ImGui::Button("Compute positions")) {
    state.computed.assign(space.samples.size(), "");
    for (std::size_t i = 0; i < space.samples.size(); ++i) {
      anim::BlendSample1D& s = space.samples[i];
      const int clip = clip_index(clip_names, s.clip_name);
      if (clip < 0) continue;
      const anim::ClipVelocity& v = clip_velocities[clip];
      s.threshold = anim::speed_threshold(v, state.in_place_typed_speed, state.typed_speed_mps);
      const bool typed = state.in_place_typed_speed && v.source == anim::VelocitySource::Feet;
      state.computed[i] = anim::to_string(typed ? anim::VelocitySource::TypedSpeed : v.source);
      space.min = std::min(space.min, s.threshold);
      space.max = std::max(space.max, s.threshold);
    }
    change.space = true;
  }
  ImGui::EndDisabled();
  compute_options(
      "Place every sample at its clip's ground speed: the root's where it travels; for in-place "
      "clips the planted feet's, or the typed speed",
      state.in_place_typed_speed, state.typed_speed_mps);
  if (state.computed.size() != space.samples.size()) state.computed.clear();
  if (!state.computed.empty() && ImGui::TreeNode("Computed thresholds")) {
    for (std::size_t i = 0; i < space.samples.size(); ++i) {
      ImGui::Text("%s %.2f: %s", space.samples[i].clip_name.c_str(),
                  static_cast<double>(space.samples[i].threshold),
                  state.computed[i].empty() ? "moved by hand" : state.computed[i].c_str());
    }
    ImGui::TreePop();
  }
  change.space |= edit_selected_sample(
      state.selected_sample, space.samples, clip_names, 0.5f,
      [](anim::BlendSample1D& s) { return ImGui::DragFloat("##threshold", &s.threshold, 0.01f); });
  return change;
}

}  // namespace ui
