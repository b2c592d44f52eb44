#pragma once
// Debug shapes of the post-process stack (drawn when Debug draw is on): each active look-at's
// and multi-bone IK's target as a cross with a line from the joint that reaches for it, and each
// spring chain's collision sphere as three circles. Positions are the entries' model space,
// placed by world. And the ghosts: the pose before each entry whose ghost is set, as a faint
// skeleton beside the live one, so what the entry changes shows as the gap between the two.

#include <span>

#include <glm/glm.hpp>

#include "anim/character_instance.h"
#include "anim/post_process_stack.h"
#include "render/line_renderer.h"

namespace render {

void add_post_process_debug(LineRenderer& lines, std::span<const anim::PostProcessEntry> entries,
                            std::span<const glm::mat4> model, const glm::mat4& world);

// The instance's ghosts (CharacterInstance::post_process_ghost) as skeletons of parents' bones.
void add_post_process_ghosts(LineRenderer& lines, const anim::CharacterInstance& instance,
                             std::span<const int> parents, const glm::mat4& world);

}  // namespace render
