#include "ui/fitted_text.h"

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
