#include "app/graph_overlay.h"

#include <algorithm>
#include <cstdio>

namespace app {
namespace {

// Weights below this round to 0.00 and say nothing.
constexpr float kShownWeight = 0.005f;

}  // namespace

std::string blend_space_overlay_line(const std::string& name, glm::vec2 point, bool one_dimensional,
                                     std::span<const ClipWeight> weights, int top) {
  char text[64];
  if (one_dimensional) {
    std::snprintf(text, sizeof text, " (%.2f):", point.x);
  } else {
    std::snprintf(text, sizeof text, " (%.2f, %.2f):", point.x, point.y);
  }
  std::vector<ClipWeight> sorted(weights.begin(), weights.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const ClipWeight& a, const ClipWeight& b) { return a.weight > b.weight; });
  std::string line = "blend " + name + text;
  const char* separator = " ";
  for (int i = 0; i < std::min<int>(top, static_cast<int>(sorted.size())); ++i) {
    if (sorted[i].weight < kShownWeight) break;
    std::snprintf(text, sizeof text, " %.2f", sorted[i].weight);
    line += separator + sorted[i].clip + text;
    separator = ", ";
  }
  return line;
}

std::string state_overlay_line(const std::string& state, const std::string& from_state,
                               float progress) {
  if (from_state.empty()) return "state " + state;
  char percent[16];
  std::snprintf(percent, sizeof percent, " %.0f%%", progress * 100.0f);
  return "state " + from_state + " -> " + state + percent;
}

std::vector<std::string> graph_overlay_lines(const ViewerScene& scene) {
  std::vector<std::string> lines;
  if (!scene.loaded || scene.mode != PlayMode::Graph) return lines;
  const anim::CharacterInstance& instance = scene.instance;
  int blend_space = scene.graph().blend_spaces.empty() ? -1 : 0;
  if (instance.has_machine()) {
    const anim::StateMachinePlayer& machine = instance.machine();
    const std::vector<anim::State>& states = machine.machine()->states;
    const int active = machine.active_state();
    if (active < 0) return lines;
    const anim::TransitionStatus& t = machine.transition();
    lines.push_back(state_overlay_line(
        states[active].name, t.running ? states[t.from_state].name : std::string(), t.progress));
    blend_space = states[active].kind == anim::StateKind::BlendSpace ? states[active].index : -1;
  }
  if (blend_space < 0 || blend_space >= static_cast<int>(instance.blend_space_players().size()))
    return lines;
  const anim::BlendSpaceBinding& space = scene.graph().blend_spaces[blend_space];
  const std::span<const float> w = instance.blend_space_players()[blend_space].weights();
  std::vector<ClipWeight> weights;
  for (std::size_t i = 0; i < space.clips.size() && i < w.size(); ++i) {
    weights.push_back({scene.clips()[space.clips[i]].name, w[i]});
  }
  lines.push_back(blend_space_overlay_line(space.name, instance.blend_space_input(blend_space),
                                           space.one_dimensional, weights));
  return lines;
}

}  // namespace app
