#include "anim/sole_frame.h"

#include <algorithm>

#include "anim/foot_contact.h"
#include "anim/index.h"

namespace anim {

SoleFrame sole_frame(const FootIkRig& rig, std::span<const glm::mat4> model, const glm::mat4& world,
                     const Clip* contacts_clip, float time_s) {
  SoleFrame frame;
  frame.legs = static_cast<int>(std::min<std::size_t>(rig.legs.size(), kMaxFootIkLegs));
  for (int i = 0; i < frame.legs; ++i) {
    const Leg& leg = rig.legs[i];
    frame.heel[i] = glm::vec3(world * glm::vec4(heel_point(leg, model), 1.0f));
    frame.toe[i] = glm::vec3(world * glm::vec4(toe_point(leg, model), 1.0f));
    frame.planted[i] =
        contacts_clip != nullptr &&
        foot_planted_at(*contacts_clip, leg_contact_name(rig.legs, as_size(i)), time_s);
  }
  return frame;
}

}  // namespace anim
