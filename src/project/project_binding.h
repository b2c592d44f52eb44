#pragma once
// Binds a project to a loaded character: resolves the clip names, parameters and joints the
// project refers to, and produces what anim::CharacterInstance plays: the bound character
// (once per load) and the graph (again on every edit).

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "anim/bound_character.h"
#include "anim/graph_binding.h"
#include "import/character.h"
#include "project/project_file.h"

namespace project {

// What a project plays on a character: the character bound with the project's clips (in the
// project's order), its legs and root-motion joint found, and the graph over those clips. Shared:
// instances borrow both, so whoever plays them keeps a copy of the pointers.
struct BoundProject {
  std::shared_ptr<const anim::BoundCharacter> character;
  std::shared_ptr<const anim::GraphBinding> graph;
};

// Binds project's clips (copied from character) in storage, finds the legs and the root-motion
// joint, and binds the graph (bind_project_graph). Returns "" or the cause naming what is
// missing (a clip name the character does not have, a parameter a blend space names, an unknown
// mask joint, a layout a blend mode cannot weight). out is only written on success.
[[nodiscard]] std::string bind_project(const Project& project, const importer::Character& character,
                                       const anim::BindOptions& storage, BoundProject& out);

// Binds again only clips (indices into project.clips) of previous, a binding of project on
// character: those clips are copied from character again with the project's markers and
// mirroring, bound, and their ground motion found; every other clip's data comes over from
// previous unchanged. Then the graph is bound again (sync groups read the markers). For edits
// that touch single clips (their markers), so the instance can carry on (CharacterInstance::
// rebind). out is only written on success.
[[nodiscard]] std::string rebind_project_clips(const Project& project,
                                               const importer::Character& character,
                                               const BoundProject& previous,
                                               std::span<const int> clips, BoundProject& out);

// The project's graph (blend spaces, layers, machine) over character, which must be bound with
// the project's clips: what an edit rebuilds. previous, if given, lends the pose-match tables it
// already built. out is only written on success.
[[nodiscard]] std::string bind_project_graph(const Project& project,
                                             const anim::BoundCharacter& character,
                                             anim::GraphBinding& out,
                                             const anim::GraphBinding* previous = nullptr);

// A project that previews the character's clips: every clip by name, no machine.
Project preview_project(const importer::Character& character, const std::string& character_path);

}  // namespace project
