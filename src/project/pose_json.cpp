#include "project/pose_json.h"

#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "anim/transform.h"

namespace project {

nlohmann::json pose_to_json(const std::string& file, const std::string& clip, float time_s,
                            float duration_s, const anim::Skeleton& skeleton,
                            std::span<const glm::mat4> model) {
  nlohmann::json joints = nlohmann::json::array();
  for (int j = 0; j < skeleton.joint_count() && j < static_cast<int>(model.size()); ++j) {
    const anim::Transform t = anim::from_matrix(model[j]);
    const float* m = glm::value_ptr(model[j]);  // column-major, as glm stores it
    const int parent = skeleton.parents[j];
    joints.push_back({{"name", skeleton.joint_names[j]},
                      {"parent", parent < 0 ? nlohmann::json(nullptr)
                                            : nlohmann::json(skeleton.joint_names[parent])},
                      {"translation", {t.translation.x, t.translation.y, t.translation.z}},
                      {"rotation", {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w}},
                      {"scale", {t.scale.x, t.scale.y, t.scale.z}},
                      {"matrix", std::vector<float>(m, m + 16)}});
  }
  return {{"file", file},
          {"clip", clip.empty() ? nlohmann::json(nullptr) : nlohmann::json(clip)},
          {"time", time_s},
          {"duration", duration_s},
          {"joints", joints}};
}

nlohmann::json morph_weights_to_json(std::span<const anim::MorphChannel> channels,
                                     std::span<const float> weights) {
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t c = 0; c < channels.size() && c < weights.size(); ++c) {
    // morph_channels_of lists each node's targets together.
    if (c == 0 || channels[c].node_name != channels[c - 1].node_name) {
      nodes.push_back({{"node", channels[c].node_name},
                       {"targets", nlohmann::json::array()},
                       {"weights", nlohmann::json::array()}});
    }
    nodes.back()["targets"].push_back(channels[c].target_name);
    nodes.back()["weights"].push_back(weights[c]);
  }
  return nodes;
}

}  // namespace project
