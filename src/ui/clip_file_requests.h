#pragma once
// Clip files the user asked to bind to the open character, as they are or retargeted from
// another skeleton; the viewer's load queue takes them one at a time.

#include <string>
#include <vector>

namespace ui {

struct ClipFileRequests {
  bool browser_adds_clips = false;  // the file browser picks a clip file, not a character
  std::vector<std::string> to_add;  // clip files to add to the open character
  std::string retarget_offer;       // a clip file for another skeleton, offered for retargeting
  std::vector<std::string> to_retarget;  // clip files to retarget onto the character
};

}  // namespace ui
