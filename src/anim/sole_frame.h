#pragma once
// One frame of a character's feet as the foot-slide measure reads them (anim/foot_slide.h): each
// leg's heel and toe points on the ground's frame and whether the foot is planted. The slide
// command and the viewer's live meter both take their frames from here, so they measure alike.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/foot_ik.h"

namespace anim {

struct SoleFrame {
  int legs = 0;  // the entries used below
  std::array<glm::vec3, kMaxFootIkLegs> heel{};
  std::array<glm::vec3, kMaxFootIkLegs> toe{};
  std::array<bool, kMaxFootIkLegs> planted{};
};

// The rig's legs' heel and toe points of the model pose carried by world (world * model; the
// ground is the xz plane of world space), each planted as contacts_clip's contacts say at
// time_s (foot_planted_at; none planted without a clip). Legs past kMaxFootIkLegs are left out.
// No allocation.
SoleFrame sole_frame(const FootIkRig& rig, std::span<const glm::mat4> model, const glm::mat4& world,
                     const Clip* contacts_clip, float time_s);

}  // namespace anim
