#include "ui/error_panel.h"

#include <algorithm>
#include <optional>

#include <imgui.h>

namespace ui {

void ErrorLog::add(std::string file, std::string cause) {
  if (!file.empty() && cause.size() > file.size() + 2 && cause.starts_with(file) &&
      cause.compare(file.size(), 2, ": ") == 0) {
    cause.erase(0, file.size() + 2);
  }
  const auto same = [&](const ErrorReport& e) { return e.file == file && e.cause == cause; };
  if (auto it = std::find_if(entries_.begin(), entries_.end(), same); it != entries_.end()) {
    ++it->count;
    return;
  }
  entries_.push_back({std::move(file), std::move(cause), 1});
}

void ErrorLog::dismiss(std::size_t index) {
  if (index < entries_.size())
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(index));
}

void print_errors(const ErrorLog& log, const char* prefix, std::FILE* out) {
  for (const ErrorReport& e : log.entries()) {
    std::fprintf(out, "%s: %s%s%s\n", prefix, e.file.c_str(), e.file.empty() ? "" : ": ",
                 e.cause.c_str());
  }
}

void draw_error_panel(ErrorLog& log, float top_centre_x, float top_y) {
  if (log.empty()) return;
  ImGui::SetNextWindowPos(ImVec2(top_centre_x, top_y), ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(360.0f, 0.0f), ImVec2(720.0f, 400.0f));
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::Begin("Errors", nullptr, flags)) {
    // Dismissing changes the list: act after drawing it.
    std::optional<std::size_t> dismissed;
    const auto& entries = log.entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const ErrorReport& e = entries[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 600.0f);
      ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s",
                         e.file.empty() ? "(no file)" : e.file.c_str());
      if (e.count > 1) {
        ImGui::SameLine();
        ImGui::TextDisabled("x%d", e.count);
      }
      ImGui::TextUnformatted(e.cause.c_str());
      ImGui::PopTextWrapPos();
      if (ImGui::SmallButton("Dismiss")) dismissed = i;
      ImGui::Separator();
      ImGui::PopID();
    }
    if (dismissed) log.dismiss(*dismissed);
    if (entries.size() > 1 && ImGui::Button("Dismiss all")) log.clear();
  }
  ImGui::End();
}

}  // namespace ui
