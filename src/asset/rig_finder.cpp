#include "asset/rig_finder.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "anim/pose.h"

namespace asset {

anim::FootIkRig find_biped_legs(const anim::Skeleton& skeleton, std::string* error) {
  std::vector<glm::mat4> model(skeleton.parents.size());
  if (!anim::local_to_model(skeleton, skeleton.rest_pose, model) || model.empty()) {
    if (error) *error = "no skeleton";
    return {};
  }
  float ground = model[0][3].y;
  for (const glm::mat4& m : model) ground = std::min(ground, m[3].y);
  return anim::find_biped_rig(skeleton, model, ground, error);
}

int find_root_motion_joint(const anim::Skeleton& skeleton) {
  for (const char* key : {"hips", "pelvis"}) {
    for (int i = 0; i < skeleton.joint_count(); ++i) {
      std::string name = skeleton.joint_names[i];
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char c) { return std::tolower(c); });
      // "mixamorig:Hips" and "pelvis" qualify; "hip_l" or "LeftHip" do not.
      const bool sided = name.find("left") != std::string::npos ||
                         name.find("right") != std::string::npos || name.ends_with("_l") ||
                         name.ends_with("_r") || name.ends_with(".l") || name.ends_with(".r");
      if (name.find(key) != std::string::npos && !sided) return i;
    }
  }
  for (int i = 0; i < skeleton.joint_count(); ++i) {
    if (skeleton.parents[i] >= 0 && skeleton.parents[skeleton.parents[i]] >= 0) {
      return skeleton.parents[i];
    }
  }
  return 0;
}

}  // namespace asset
