#pragma once
// A docked panel's tab bar, so a panel's wiring names its tabs and draws the open one's contents
// without pairing ImGui's begin and end calls itself:
//   ui::PanelTabs tabs("left tabs");
//   if (tabs.tab("Clips", &clips_tab_center)) { ...the Clips tab's contents... }
// A tab's contents are drawn right after its tab() returns true, before the next tab() call.

#include <glm/glm.hpp>

namespace ui {

class PanelTabs {
 public:
  explicit PanelTabs(const char* id);  // begins the tab bar in the current window
  ~PanelTabs();                        // ends the open tab and the bar
  PanelTabs(const PanelTabs&) = delete;
  PanelTabs& operator=(const PanelTabs&) = delete;

  // Adds the tab name (ending the one before) and returns whether it is the open one. center,
  // when given, gets where the tab's label is (window pixels), for the state log.
  bool tab(const char* name, glm::vec2* center = nullptr);

 private:
  bool bar_open_ = false;
  bool tab_open_ = false;
};

}  // namespace ui
