#pragma once
// The progress window of a load that runs in the background, with its Cancel button.

#include <string>

namespace ui {

// Draws the window in the middle of the screen: what is loading (a file name) and the fraction
// done (0 to 1). Returns true when the user pressed Cancel.
bool draw_load_progress(const std::string& what, float progress);

}  // namespace ui
