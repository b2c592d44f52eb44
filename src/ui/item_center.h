#pragma once
// Where the last ImGui item was drawn, for the state log: scripted end-to-end tests click there
// instead of at coordinates that move with the layout.

#include <glm/glm.hpp>

namespace ui {

// The centre of the last ImGui item drawn (window pixels).
glm::vec2 last_item_center();

}  // namespace ui
