#pragma once
// Text burnt into an exported picture (a playblast's file and clip name, frame number and
// timecode), drawn on the CPU into the read-back image with Dear ImGui's built-in font, so a
// headless export needs no ImGui frame and the text looks as it does in the viewer.

#include <string>
#include <vector>

#include "render/frame_capture.h"

namespace ui {

// Draws lines (printable ASCII; others show as '?') white on a dark band along the bottom of
// image, the first line on top. The font is scaled by a whole factor that keeps it about 1/40
// of the picture's height (at least 1: ImGui's 13-pixel font), so it reads the same at any
// size. Lines too long for the picture are cut at its right edge.
void burn_in_text(render::Image& image, const std::vector<std::string>& lines);

}  // namespace ui
