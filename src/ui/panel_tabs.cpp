#include "ui/panel_tabs.h"

#include <imgui.h>

#include "ui/item_center.h"

namespace ui {

// Scrolled, not shrunk, when the tabs do not fit: a narrow panel keeps whole names ("Character",
// not "Cha..."), with arrows to reach the rest.
PanelTabs::PanelTabs(const char* id)
    : bar_open_(ImGui::BeginTabBar(id, ImGuiTabBarFlags_FittingPolicyScroll)) {}

PanelTabs::~PanelTabs() {
  if (tab_open_) ImGui::EndTabItem();
  if (bar_open_) ImGui::EndTabBar();
}

bool PanelTabs::tab(const char* name, glm::vec2* center) {
  if (tab_open_) ImGui::EndTabItem();
  tab_open_ = bar_open_ && ImGui::BeginTabItem(name);
  if (bar_open_ && center != nullptr) *center = last_item_center();
  return tab_open_;
}

}  // namespace ui
