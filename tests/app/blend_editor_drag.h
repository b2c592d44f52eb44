#pragma once
// The blend-space editor driven with the real mouse in end-to-end tests: where the viewer's
// state log says the editor is drawn, and a drag of its point in small steps, as a hand drags.

#include <filesystem>
#include <string>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace e2e {

// Waits (up to a minute) until the state log shows a drawn blend-space editor; returns that
// state, or null.
nlohmann::json wait_for_blend_editor(const std::filesystem::path& log);

// Drags the point with xdotool in window from `from` to `to` (axis units), placed by where
// state's editor says its axes are: press, ten steps of 0.1 s, release.
void drag_blend_point(const std::string& window, const nlohmann::json& state, glm::vec2 from,
                      glm::vec2 to);

}  // namespace e2e
