#include "ui/import_tab.h"

#include <imgui.h>

#include "import/unit_detection.h"

namespace ui {

ImportTabRequest draw_import_tab(importer::ImportSettings& settings,
                                 std::string& unit_scale_problem, std::string& unit_guess,
                                 bool can_reimport, const std::vector<std::string>& recent_files) {
  ImportTabRequest request;
  importer::ImportSettings& s = settings;
  ImGui::TextDisabled("FBX pivots are folded into the joints by assimp");
  // Applied on Enter, and only when sensible: -5 or NaN would silently mean "automatic".
  float unit_scale = s.unit_scale;
  if (ImGui::InputFloat("Unit scale (0 = auto)", &unit_scale, 0.0f, 0.0f, "%.4f",
                        ImGuiInputTextFlags_EnterReturnsTrue)) {
    unit_scale_problem = importer::unit_scale_problem(unit_scale);
    if (unit_scale_problem.empty()) {
      s.unit_scale = unit_scale;
      unit_guess.clear();  // the user's choice, not a guess
    }
  }
  if (!unit_scale_problem.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", unit_scale_problem.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!unit_guess.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Units guessed: %s", unit_guess.c_str());
    ImGui::PopTextWrapPos();
  }
  int up = static_cast<int>(s.up_axis);
  ImGui::Combo("Up axis", &up, "auto\0Y\0Z\0");
  s.up_axis = static_cast<importer::UpAxis>(up);
  ImGui::InputFloat("Frame rate (0 = file's)", &s.frame_rate_override, 0.0f, 0.0f, "%.2f");
  int eight = s.max_influences == 8 ? 1 : 0;
  ImGui::Combo("Influences", &eight,
               "4 per vertex\0"
               "8 per vertex\0");
  s.max_influences = eight ? 8 : 4;
  if (!can_reimport) ImGui::BeginDisabled();
  if (ImGui::Button("Re-import with these settings")) request.reimport = true;
  if (!can_reimport) ImGui::EndDisabled();
  ImGui::Separator();
  ImGui::TextUnformatted("Recent files");
  for (const std::string& path : recent_files) {
    if (ImGui::Selectable(path.c_str())) request.recent = path;
  }
  return request;
}

}  // namespace ui
