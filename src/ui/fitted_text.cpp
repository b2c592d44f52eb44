#include "ui/fitted_text.h"

#include <algorithm>

#include <imgui.h>

namespace ui {
namespace {

float text_width(std::string_view text) {
  return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
}

}  // namespace

std::string ellipsise(std::string_view text, float max_width) {
  if (text_width(text) <= max_width) return std::string(text);
  const float room = max_width - text_width("...");
  // Binary search on the prefix length: widths grow with length.
  std::size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (text_width(text.substr(0, mid)) <= room) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  // Never cut a UTF-8 sequence in two: back off to the start of a character.
  while (lo > 0 && lo < text.size() && (static_cast<unsigned char>(text[lo]) & 0xC0) == 0x80) --lo;
  return std::string(text.substr(0, lo)) + "...";
}

std::string initials(std::string_view name) {
  const auto separator = [](char c) { return c == '_' || c == '-' || c == '.' || c == ' '; };
  const auto small = [](char c) { return c >= 'a' && c <= 'z'; };
  const auto capital = [](char c) { return c >= 'A' && c <= 'Z'; };
  std::string letters;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (separator(name[i])) continue;
    const bool starts_word =
        i == 0 || separator(name[i - 1]) || (capital(name[i]) && small(name[i - 1]));
    if (starts_word) letters += name[i];
  }
  if (letters.size() > 1) return letters;
  if (name.size() <= 6) return std::string(name);
  return std::string(name.substr(0, 5)) + "...";
}

void fit_next_item_to_label(const char* label) {
  const float label_width =
      ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(
      std::max(ImGui::GetContentRegionAvail().x - label_width, ImGui::GetFontSize() * 4.0f));
}

void same_line_if_room(const char* next_label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float next = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                     ImGui::CalcTextSize(next_label, nullptr, true).x;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + next <= right) ImGui::SameLine();
}

void fitted_text(std::string_view text) {
  const std::string shown = ellipsise(text, ImGui::GetContentRegionAvail().x);
  ImGui::TextUnformatted(shown.c_str());
  if (shown.size() != text.size() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    ImGui::EndTooltip();
  }
}

}  // namespace ui
