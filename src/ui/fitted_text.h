#pragma once
// Text that must fit a column: shortened with an ellipsis, the whole text in a tooltip.

#include <string>
#include <string_view>

namespace ui {

// The longest prefix of text that, followed by "...", is at most max_width pixels wide in the
// current ImGui font; text itself when it fits. Needs a current ImGui context (between NewFrame
// and Render). A width too small for even "..." gives "...".
std::string ellipsise(std::string_view text, float max_width);

// Draws text shortened to the space left on the current line (or column); hovering shows the
// whole text when it was shortened.
void fitted_text(std::string_view text);

}  // namespace ui
