#pragma once
// Binds a project to a loaded character: resolves the clip names, parameters and joints the
// project refers to, and produces the graph that anim::CharacterPlayer plays.

#include <string>
#include <vector>

#include "anim/character_player.h"
#include "asset/character.h"
#include "asset/project_file.h"

namespace asset {

// The storage behind an anim::CharacterGraph: clips in the project's order (copied from the
// character), blend spaces and layers with indices resolved, and the state machine.
struct BoundProject {
  std::vector<anim::Clip> clips;
  std::vector<anim::BlendSpaceBinding> blend_spaces;
  std::vector<anim::LayerBinding> layers;
  anim::StateMachine machine;
  bool has_machine = false;

  // The graph over this storage (valid while this object lives and is not changed).
  anim::CharacterGraph graph(const anim::Skeleton& skeleton) const;
};

// Resolves project against character. Returns "" or the cause naming what is missing (a clip
// name the character does not have, a parameter a blend space names, an unknown mask joint).
// out is only written on success.
std::string bind_project(const Project& project, const Character& character, BoundProject& out);

// A project that previews the character's clips: every clip by name, no machine.
Project preview_project(const Character& character, const std::string& character_path);

}  // namespace asset
