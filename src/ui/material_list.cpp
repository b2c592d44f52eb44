#include "ui/material_list.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "import/image_search.h"
#include "ui/warning_text.h"

namespace ui {
namespace {

// The sRGB encoding of a linear channel (IEC 61966-2-1).
float srgb_from_linear(float c) {
  c = std::clamp(c, 0.0f, 1.0f);
  return c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
}

}  // namespace

std::vector<MaterialRow> list_materials(const importer::Character& character) {
  std::vector<MaterialRow> rows;
  for (const visual::Material& m : character.materials) {
    MaterialRow row;
    row.name = m.name.empty() ? "(unnamed)" : m.name;
    const glm::vec4& c = m.base_color;
    row.swatch = {srgb_from_linear(c.x), srgb_from_linear(c.y), srgb_from_linear(c.z), c.w};
    const visual::Texture& base = m.base_color_texture;
    row.image = !base.encoded.empty() ? "embedded"
                : base.path.empty()   ? "none"
                                      : std::filesystem::path(base.path).filename().string();
    if (base.encoded.empty()) row.image_path = base.path;
    row.missing = importer::missing_images(m);
    rows.push_back(std::move(row));
  }
  return rows;
}

void draw_material_list(std::span<const MaterialRow> rows) {
  if (rows.empty()) return;
  std::size_t missing = 0;
  for (const MaterialRow& row : rows) missing += row.missing.size();
  char label[96];
  if (missing > 0) {
    std::snprintf(label, sizeof(label), "Materials: %zu, %zu image%s missing###materials",
                  rows.size(), missing, missing == 1 ? "" : "s");
  } else {
    std::snprintf(label, sizeof(label), "Materials: %zu###materials", rows.size());
  }
  if (!ImGui::CollapsingHeader(label, missing > 0 ? ImGuiTreeNodeFlags_DefaultOpen : 0)) return;
  const float size = ImGui::GetTextLineHeight();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const MaterialRow& row = rows[i];
    ImGui::PushID(static_cast<int>(i));
    const glm::vec4& s = row.swatch;
    ImGui::ColorButton("##base", ImVec4(s.x, s.y, s.z, s.w),
                       ImGuiColorEditFlags_NoPicker | ImGuiColorEditFlags_AlphaPreviewHalf,
                       ImVec2(size, size));
    ImGui::SameLine();
    ImGui::Text("%s: %s", row.name.c_str(), row.image.c_str());
    if (!row.image_path.empty() && ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", row.image_path.c_str());
    for (const std::string& m : row.missing) {
      ImGui::Indent();
      warning_text(m);
      ImGui::Unindent();
    }
    ImGui::PopID();
  }
}

}  // namespace ui
