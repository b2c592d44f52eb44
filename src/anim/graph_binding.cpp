#include "anim/graph_binding.h"

#include "anim/blend_space_1d.h"

namespace anim {
namespace {

std::string check_blend_space(const BlendSpaceBinding& b, int clip_count, int parameter_count) {
  if (b.clips.empty() || b.clips.size() != b.positions.size()) {
    return "blend space '" + b.name + "' has no samples or a position count that differs";
  }
  for (int c : b.clips) {
    if (c < 0 || c >= clip_count) return "blend space '" + b.name + "' names a missing clip";
  }
  const auto in_range = [&](int p) { return p >= 0 && p < parameter_count; };
  if (!in_range(b.x_parameter) || (!b.one_dimensional && !in_range(b.y_parameter))) {
    return "blend space '" + b.name + "' names a missing parameter";
  }
  // The layout rules weights need: the player builds the same shapes and must never fail.
  std::string e;
  if (b.one_dimensional) {
    std::vector<float> thresholds;
    for (const glm::vec2& p : b.positions) thresholds.push_back(p.x);
    e = validate_thresholds_1d(thresholds);
  } else {
    e = validate_positions_2d(b.mode, b.positions);
  }
  return e.empty() ? e : "blend space '" + b.name + "': " + e;
}

std::string build_pose_matches(const BoundCharacter& character, GraphBinding& graph,
                               const GraphBinding* previous) {
  graph.pose_matches.tables.clear();
  if (!graph.has_machine) return {};
  const StateMachine& m = graph.machine;
  PoseMatchWeights weights;
  weights.joint_weights.assign(character.skeleton.parents.size(), 1.0f);
  for (const Transition& t : m.transitions) {
    if (!t.pose_matched_entry || t.source == kAnyState) continue;
    const State& from = m.states[t.source];
    const State& to = m.states[t.target];
    if (from.kind != StateKind::Clip || to.kind != StateKind::Clip) continue;
    if (graph.pose_matches.find(from.index, to.index)) continue;
    if (const PoseMatchTable* built =
            previous ? previous->pose_matches.find(from.index, to.index) : nullptr) {
      graph.pose_matches.tables.push_back(*built);
      continue;
    }
    PoseMatchTable table;
    const std::string e =
        build_pose_match_table(character.skeleton, character.clips[from.index], from.index,
                               character.clips[to.index], to.index, weights, table);
    if (!e.empty()) return "pose matching '" + from.name + "' -> '" + to.name + "': " + e;
    graph.pose_matches.tables.push_back(std::move(table));
  }
  return {};
}

}  // namespace

std::string bind_graph(const BoundCharacter& character, const Parameters& parameters,
                       GraphBinding& graph, const GraphBinding* previous) {
  const int clip_count = static_cast<int>(character.clips.size());
  const int parameter_count = parameters.count();
  for (const BlendSpaceBinding& b : graph.blend_spaces) {
    if (std::string e = check_blend_space(b, clip_count, parameter_count); !e.empty()) return e;
  }
  for (const LayerBinding& l : graph.layers) {
    if (l.blend_space >= static_cast<int>(graph.blend_spaces.size())) {
      return "layer '" + l.layer.name + "' has no blend space";
    }
    if (l.blend_space < 0 && (l.clip < 0 || l.clip >= clip_count)) {
      return "layer '" + l.layer.name + "' has no clip";
    }
    if (!l.layer.joint_mask.empty() &&
        l.layer.joint_mask.size() != character.skeleton.parents.size()) {
      return "layer '" + l.layer.name + "' has a mask for another skeleton";
    }
    if (!l.layer.shape_mask.empty() &&
        l.layer.shape_mask.size() != character.morph_channels.size()) {
      return "layer '" + l.layer.name + "' has a shape mask for other shapes";
    }
  }
  if (graph.has_machine) {
    const std::string e = validate(graph.machine, parameters, clip_count,
                                   static_cast<int>(graph.blend_spaces.size()));
    if (!e.empty()) return e;
  }
  graph.sync_markers = {};
  if (graph.has_machine) {
    std::vector<SyncGroup> blend_syncs;
    for (const BlendSpaceBinding& b : graph.blend_spaces) {
      std::vector<const Clip*> clips;
      for (int clip : b.clips) clips.push_back(&character.clips[clip]);
      blend_syncs.push_back(build_sync_group(clips));
    }
    graph.sync_markers = build_state_sync_markers(graph.machine, character.clips, blend_syncs);
  }
  return build_pose_matches(character, graph, previous);
}

}  // namespace anim
