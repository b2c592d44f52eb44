#pragma once
// Text burnt into an exported picture (a playblast's file and clip name, frame number and
// timecode), drawn on the CPU into the read-back image with Dear ImGui's built-in font, so a
// headless export needs no ImGui frame and the text looks as it does in the viewer.

#include <string>
#include <string_view>
#include <vector>

#include "render/frame_capture.h"

namespace ui {

// Draws lines (printable ASCII; others show as '?') white on a dark band along the bottom of
// image, the first line on top. The font is scaled by a whole factor that keeps it about 1/40
// of the picture's height (at least 1: ImGui's 13-pixel font), so it reads the same at any
// size. Lines too long for the picture wrap (fit_burn_in_lines).
void burn_in_text(render::Image& image, const std::vector<std::string>& lines);

// lines as burn_in_text draws them on a picture of width x height: each too long for it broken
// at its last space that fits, the rest on the next line (a narrow GIF keeps a blend space's
// weights); a word longer than the picture alone is cut at the right edge.
std::vector<std::string> fit_burn_in_lines(const std::vector<std::string>& lines, int width,
                                           int height);

// How many pixels wide text is in the font burn_in_text uses on a picture height pixels high.
float burn_in_text_width(std::string_view text, int height);

}  // namespace ui
