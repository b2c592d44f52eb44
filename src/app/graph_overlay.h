#pragma once
// What a playblast's --overlay (and the viewer's Export video overlay) adds while the graph
// plays (#40): the blend space's input point with its heaviest clips' weights, and the state
// machine's active state with the transition running into it.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "app/viewer_scene.h"

namespace app {

struct ClipWeight {
  std::string clip;
  float weight = 0.0f;
};

// "blend NAME (x, y): clip w, clip w, clip w": the input point (x alone in a 1D space) and the
// top (at most) weights, heaviest first (ties in their order), those below 0.005 left out; two
// decimals each.
std::string blend_space_overlay_line(const std::string& name, glm::vec2 point, bool one_dimensional,
                                     std::span<const ClipWeight> weights, int top = 3);

// "state NAME", or while a transition runs "state FROM -> NAME 40%" (its progress).
std::string state_overlay_line(const std::string& state, const std::string& from_state,
                               float progress);

// The lines above for scene as its last update left it: the state line when a machine plays,
// the blend-space line for the blend space that plays (the active state's, or the graph's first
// without a machine). None when a clip is previewed or the rest pose shown.
std::vector<std::string> graph_overlay_lines(const ViewerScene& scene);

}  // namespace app
