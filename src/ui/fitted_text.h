#pragma once
// Text and widgets that must fit a narrow panel (800x600 windows): text shortened with an
// ellipsis and the whole in a tooltip, initials, labels kept whole, rows that wrap.

#include <string>
#include <string_view>

namespace ui {

// The longest prefix of text that, followed by "...", is at most max_width pixels wide in the
// current ImGui font; text itself when it fits. Needs a current ImGui context (between NewFrame
// and Render). A width too small for even "..." gives "...".
std::string ellipsise(std::string_view text, float max_width);

// The first letter of each word of a name, words split at '_', '-', '.', ' ' and where a capital
// follows a small letter: "jog_backward_left" -> "jbl", "WalkForward" -> "WF". A name of one word
// is kept whole up to six characters, else cut to five and "...".
std::string initials(std::string_view name);

// Sets the next widget's width so that its label, drawn after it, fits whole on the line (the
// widget keeps at least four font sizes): "Step height (m)" stays readable in a narrow panel.
void fit_next_item_to_label(const char* label);

// ImGui::SameLine when a checkbox or radio button labelled next_label still fits on the current
// line, else nothing (it goes on the next line): a row of toggles wraps instead of being cut.
void same_line_if_room(const char* next_label);

// Draws text shortened to the space left on the current line (or column); hovering shows the
// whole text when it was shortened.
void fitted_text(std::string_view text);

}  // namespace ui
