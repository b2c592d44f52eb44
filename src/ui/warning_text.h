#pragma once
// A warning in a panel: the warning colour, wrapped at the panel's edge so that a long cause
// (a file path, a list of joints) is read whole rather than cut off.

#include <string_view>

#include <imgui.h>

namespace ui {

inline const ImVec4 kWarningColour{1.0f, 0.8f, 0.3f, 1.0f};

void warning_text(std::string_view text);

}  // namespace ui
