#include "ui/warning_text.h"

namespace ui {

void warning_text(std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, kWarningColour);
  ImGui::PushTextWrapPos(0.0f);  // the window's content edge
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

}  // namespace ui
