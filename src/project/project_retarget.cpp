#include "project/project_retarget.h"

#include <algorithm>

namespace project {

anim::RetargetOptions retarget_options(const ProjectRetarget& entry) {
  anim::RetargetOptions options;
  options.leg_mode = entry.leg_mode;
  options.arm_mode = entry.arm_mode;
  options.corrections = entry.corrections;
  options.chain_offsets = entry.chain_offsets;
  return options;
}

void set_retarget_correction(ProjectRetarget& entry, const std::string& target_joint,
                             const std::string& source_joint) {
  std::erase_if(entry.corrections,
                [&](const anim::RetargetCorrection& c) { return c.target_joint == target_joint; });
  entry.corrections.push_back({target_joint, source_joint});
}

anim::RetargetChainOffset& chain_offset(ProjectRetarget& entry, anim::LimbRole role,
                                        anim::LimbSide side, bool front) {
  for (anim::RetargetChainOffset& o : entry.chain_offsets) {
    if (o.role == role && o.side == side && o.front == front) return o;
  }
  entry.chain_offsets.push_back({role, side, front, glm::vec3(0.0f)});
  return entry.chain_offsets.back();
}

}  // namespace project
