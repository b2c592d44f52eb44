#pragma once
// GraphBinding: what a character plays (blend spaces, state machine, layers), resolved against
// one BoundCharacter and validated. Cheap to build, so the viewer builds a new one on every
// edit; a CharacterInstance switches to it and keeps playing (CharacterInstance::set_graph).

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_2d.h"
#include "anim/bound_character.h"
#include "anim/layer.h"
#include "anim/parameters.h"
#include "anim/pose_matching.h"
#include "anim/state_machine.h"
#include "anim/sync_group.h"

namespace anim {

// A blend space as a graph plays it: its clips (indices into the character's clips), where each
// sits, and the parameters that move its input point (x_parameter alone for 1D).
struct BlendSpaceBinding {
  std::string name;
  bool one_dimensional = false;
  BlendMode2D mode = BlendMode2D::FreeformDirectional;
  std::vector<int> clips;
  std::vector<glm::vec2> positions;  // 1D: the threshold in x
  int x_parameter = -1;
  int y_parameter = -1;
  // The input point for the current parameter values (x alone for 1D).
  glm::vec2 input(const Parameters& parameters) const {
    return {parameters.get(x_parameter), parameters.get(y_parameter)};
  }
};

// A layer over the base pose that plays one clip (looping on its own clock), or a blend space of
// the graph (blend_space >= 0; clip is then unused) through a player of its own, driven by the
// space's parameters, with its own phase. For an additive layer the pose is turned into a delta
// against the skeleton's rest pose, so a clip that holds a lean adds that lean.
struct LayerBinding {
  Layer layer;
  int clip = -1;
  int blend_space = -1;
};

struct GraphBinding {
  std::vector<BlendSpaceBinding> blend_spaces;
  std::vector<LayerBinding> layers;
  StateMachine machine;
  bool has_machine = false;  // without one the graph plays its first blend space
  // Built by bind_graph: one table per clip pair a pose-matched transition joins.
  PoseMatchLibrary pose_matches;
  // Built by bind_graph: the marker timelines of the machine's states in sync groups.
  StateSyncMarkers sync_markers;

  const StateMachine* state_machine() const { return has_machine ? &machine : nullptr; }
};

// Checks graph against character and parameters and completes it. Fails, naming the blend
// space, layer or state, when a clip or parameter index is out of range, a blend space has no
// samples or a layout its mode cannot weight (the rules of blend_weights_2d and
// blend_weights_1d: coincident samples, a Simple Directional space with two samples in one
// direction, ...), or the machine is invalid. Then builds the sync groups' marker timelines and
// the pose-match tables, taking those previous already has for the same clip pairs (an edit
// rarely changes them). graph is left unusable on failure: keep the last good binding.
[[nodiscard]] std::string bind_graph(const BoundCharacter& character, const Parameters& parameters,
                                     GraphBinding& graph, const GraphBinding* previous = nullptr);

}  // namespace anim
