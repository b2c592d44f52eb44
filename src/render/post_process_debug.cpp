#include "render/post_process_debug.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>

#include "render/skeleton_overlay.h"

namespace render {
namespace {

const glm::vec4 kLookAtColor(1.0f, 0.85f, 0.2f, 1.0f);
const glm::vec4 kIkColor(1.0f, 0.3f, 0.9f, 1.0f);
const glm::vec4 kSphereColor(0.3f, 0.9f, 1.0f, 0.8f);
// Faint, so the live skeleton stays in front.
const glm::vec4 kGhostColor(0.75f, 0.85f, 1.0f, 0.35f);

glm::vec3 place(const glm::mat4& world, const glm::vec3& p) {
  return glm::vec3(world * glm::vec4(p, 1.0f));
}

// A cross at target and a line to it from joint (when in range).
void add_target(LineRenderer& lines, const glm::mat4& world, std::span<const glm::mat4> model,
                int joint, const glm::vec3& target, const glm::vec4& color) {
  const glm::vec3 t = place(world, target);
  for (int axis = 0; axis < 3; ++axis) {
    glm::vec3 d(0.0f);
    d[axis] = 0.05f;
    lines.add(t - d, t + d, color);
  }
  if (joint >= 0 && static_cast<std::size_t>(joint) < model.size()) {
    lines.add(place(world, glm::vec3(model[static_cast<std::size_t>(joint)][3])), t, color);
  }
}

void add_sphere(LineRenderer& lines, const glm::mat4& world, const glm::vec3& center,
                float radius) {
  constexpr int kSegments = 24;
  for (int axis = 0; axis < 3; ++axis) {
    for (int s = 0; s < kSegments; ++s) {
      const auto point = [&](int i) {
        const float a = glm::two_pi<float>() * static_cast<float>(i) / kSegments;
        glm::vec3 p(0.0f);
        p[(axis + 1) % 3] = radius * std::cos(a);
        p[(axis + 2) % 3] = radius * std::sin(a);
        return place(world, center + p);
      };
      lines.add(point(s), point(s + 1), kSphereColor);
    }
  }
}

}  // namespace

void add_post_process_debug(LineRenderer& lines, std::span<const anim::PostProcessEntry> entries,
                            std::span<const glm::mat4> model, const glm::mat4& world) {
  const bool any_solo =
      std::any_of(entries.begin(), entries.end(),
                  [](const anim::PostProcessEntry& e) { return e.solo && !e.mute; });
  for (const anim::PostProcessEntry& e : entries) {
    if (!anim::entry_active(e, any_solo)) continue;
    if (e.kind == anim::PostProcessKind::LookAt && e.look_at.joints.count > 0) {
      const int aim = e.look_at.joints.joints[static_cast<std::size_t>(e.look_at.joints.count - 1)];
      add_target(lines, world, model, aim, e.look_at_goal.target, kLookAtColor);
    } else if (e.kind == anim::PostProcessKind::MultiBoneIk && e.ik_chain.joints.count > 0) {
      const int end =
          e.ik_chain.joints.joints[static_cast<std::size_t>(e.ik_chain.joints.count - 1)];
      add_target(lines, world, model, end, e.ik_goal.target, kIkColor);
    } else if (e.kind == anim::PostProcessKind::Spring && e.spring.sphere_radius_m > 0.0f) {
      add_sphere(lines, world, e.spring.sphere_center, e.spring.sphere_radius_m);
    }
  }
}

void add_post_process_ghosts(LineRenderer& lines, const anim::CharacterInstance& instance,
                             std::span<const int> parents, const glm::mat4& world) {
  for (std::size_t i = 0; i < instance.post_process().size(); ++i) {
    const std::span<const glm::mat4> ghost = instance.post_process_ghost(i);
    if (ghost.empty() || ghost.size() != parents.size()) continue;
    add_skeleton(lines, ghost, parents, world, BoneStyle::Lines, kGhostColor);
  }
}

}  // namespace render
