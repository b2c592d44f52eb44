#pragma once
// The left panel's Clips tab between frames: the rows it lists, where each clip came from, and
// what the browser has selected.

#include <map>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "ui/clip_browser.h"

namespace ui {

struct ClipListState {
  ClipBrowserState browser;
  std::vector<ClipRow> rows;  // rebuilt when a character is opened
  // Clip name -> the file the clip came from (the rows' File column).
  std::map<std::string, std::string> sources;
  glm::vec2 tab_center{0.0f};  // where the tab is (window pixels, for scripted clicks)
};

}  // namespace ui
