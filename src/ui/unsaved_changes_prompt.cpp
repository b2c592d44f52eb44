#include "ui/unsaved_changes_prompt.h"

#include <imgui.h>

namespace ui {
namespace {

// Opens the modal id (on the first frame open is true) centred in the window, width pixels
// wide (0: as wide as its contents); true while it shows, then EndPopup is due.
bool begin_prompt(const char* id, bool open, float width = 0.0f) {
  if (!open) return false;
  if (!ImGui::IsPopupOpen(id)) ImGui::OpenPopup(id);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (width > 0.0f) ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
  return ImGui::BeginPopupModal(
      id, nullptr, width > 0.0f ? ImGuiWindowFlags_None : ImGuiWindowFlags_AlwaysAutoResize);
}

}  // namespace

UnsavedChoice draw_unsaved_changes_prompt(bool& open, const std::string& action,
                                          const std::string& project) {
  UnsavedChoice choice = UnsavedChoice::None;
  if (begin_prompt("Unsaved changes", open, 440.0f)) {
    ImGui::Text("%s has unsaved changes.", project.c_str());
    ImGui::Text("Save them before %s?", action.c_str());
    if (ImGui::Button("Save")) choice = UnsavedChoice::Save;
    ImGui::SameLine();
    if (ImGui::Button("Discard")) choice = UnsavedChoice::Discard;
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      choice = UnsavedChoice::Cancel;
    }
    if (choice != UnsavedChoice::None) {
      ImGui::CloseCurrentPopup();
      open = false;
    }
    ImGui::EndPopup();
  }
  return choice;
}

RecoveryChoice draw_recovery_prompt(bool& open, const std::string& file) {
  RecoveryChoice choice = RecoveryChoice::None;
  // A fixed width and the buttons above the (long) file name: they stay in one place.
  if (begin_prompt("Recover unsaved work", open, 520.0f)) {
    ImGui::TextUnformatted("animview did not quit cleanly last time. Open the recovery copy of");
    ImGui::TextUnformatted("the project it had open?");
    if (ImGui::Button("Open")) choice = RecoveryChoice::Open;
    ImGui::SameLine();
    if (ImGui::Button("Discard")) choice = RecoveryChoice::Discard;
    ImGui::TextWrapped("%s", file.c_str());
    if (choice != RecoveryChoice::None) {
      ImGui::CloseCurrentPopup();
      open = false;
    }
    ImGui::EndPopup();
  }
  return choice;
}

}  // namespace ui
