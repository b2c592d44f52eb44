#include "ui/retarget_offer.h"

#include <imgui.h>

#include <filesystem>

#include "ui/item_center.h"
#include "ui/retarget_panel.h"

namespace ui {

RetargetOfferChoice draw_retarget_offer(const std::string& file, glm::vec2* retarget_at) {
  RetargetOfferChoice choice = RetargetOfferChoice::kNone;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->WorkPos.x + 0.5f * viewport->WorkSize.x, viewport->WorkPos.y + 80.0f),
      ImGuiCond_Appearing, ImVec2(0.5f, 0.0f));
  if (ImGui::Begin("Retarget clips?", nullptr,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    ImGui::Text("%s was made for another skeleton.",
                std::filesystem::path(file).filename().string().c_str());
    ImGui::TextUnformatted(
        "Retarget its clips onto this character (by the rigs' roles: pelvis, spine, limbs)?");
    if (ImGui::Button("Retarget")) choice = RetargetOfferChoice::kRetarget;
    // A window sized to its contents is laid out hidden on its first frame, elsewhere: the
    // button's place is known from the second (a script clicking the first missed it).
    if (retarget_at != nullptr) {
      *retarget_at = ImGui::IsWindowAppearing() ? glm::vec2(0.0f) : last_item_center();
    }
    ImGui::SameLine();
    if (ImGui::Button("Not now")) choice = RetargetOfferChoice::kDismiss;
  }
  ImGui::End();
  return choice;
}

}  // namespace ui
