#include "anim/layer.h"

#include <algorithm>
#include <cmath>

#include "anim/pose.h"

namespace anim {

std::string make_joint_mask(const Skeleton& skeleton, std::span<const std::string> root_joints,
                            std::vector<float>& out) {
  std::vector<float> mask(skeleton.joint_count(), 0.0f);
  for (const std::string& name : root_joints) {
    const int joint = skeleton.find_joint(name);
    if (joint < 0) return "joint mask: the skeleton has no joint '" + name + "'";
    mask[joint] = 1.0f;
  }
  // Parents precede children, so one forward pass spreads the mask down every branch.
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int parent = skeleton.parents[j];
    if (parent != kNoParent && mask[parent] > 0.0f) mask[j] = 1.0f;
  }
  out = std::move(mask);
  return {};
}

JobResult apply_layer(const Layer& layer, std::span<const Transform> layer_pose,
                      std::span<Transform> pose) {
  return apply_layer(layer, layer.weight, layer_pose, pose);
}

JobResult apply_layer(const Layer& layer, float weight, std::span<const Transform> layer_pose,
                      std::span<Transform> pose) {
  if (layer_pose.size() != pose.size()) return JobResult::fail("layer_pose: wrong joint count");
  if (!layer.joint_mask.empty() && layer.joint_mask.size() != pose.size()) {
    return JobResult::fail("layer.joint_mask: wrong joint count");
  }
  if (!std::isfinite(weight)) return JobResult::fail("layer.weight: not finite");
  if (layer.mode == LayerMode::Additive) {
    return apply_additive(pose, layer_pose, weight, layer.joint_mask, pose);
  }
  for (std::size_t j = 0; j < pose.size(); ++j) {
    const float mask = layer.joint_mask.empty() ? 1.0f : layer.joint_mask[j];
    const float w = std::clamp(weight * mask, 0.0f, 1.0f);
    if (w <= 0.0f) continue;
    Transform& out = pose[j];
    const Transform& in = layer_pose[j];
    out.translation = glm::mix(out.translation, in.translation, w);
    out.rotation = nlerp(out.rotation, in.rotation, w);
    out.scale = glm::mix(out.scale, in.scale, w);
  }
  return JobResult::ok();
}

const char* to_string(LayerMode mode) {
  return mode == LayerMode::Override ? "override" : "additive";
}

bool parse_layer_mode(std::string_view text, LayerMode& out) {
  if (text == "override") {
    out = LayerMode::Override;
  } else if (text == "additive") {
    out = LayerMode::Additive;
  } else {
    return false;
  }
  return true;
}

}  // namespace anim
