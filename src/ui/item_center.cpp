#include "ui/item_center.h"

#include <imgui.h>

namespace ui {

glm::vec2 last_item_center() {
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  return {0.5f * (a.x + b.x), 0.5f * (a.y + b.y)};
}

}  // namespace ui
