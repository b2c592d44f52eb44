#include "project/layer_edits.h"

#include <algorithm>

#include "anim/joint_mask.h"

namespace project {
namespace {

bool layer_named(const Project& project, const std::string& name) {
  return std::any_of(project.layers.begin(), project.layers.end(),
                     [&](const ProjectLayer& l) { return l.name == name; });
}

}  // namespace

std::string add_layer(Project& project, const anim::Skeleton& skeleton, const std::string& base,
                      int clip, int& index) {
  if (clip < 0 || clip >= static_cast<int>(project.clips.size())) {
    return "a layer needs a clip, and the project has " + std::to_string(project.clips.size());
  }
  std::string name = base.empty() ? "layer" : base;
  for (int n = 2; layer_named(project, name); ++n) name = base + " " + std::to_string(n);
  ProjectLayer layer;
  layer.name = std::move(name);
  layer.clip = clip;
  const std::vector<float> none(skeleton.joint_count(), 0.0f);
  anim::joint_mask_roots(skeleton, none, layer.mask_joints, layer.mask_excluded);
  project.layers.push_back(std::move(layer));
  index = static_cast<int>(project.layers.size()) - 1;
  return {};
}

std::string set_layer_mask_all(Project& project, const anim::Skeleton& skeleton, int index,
                               bool all) {
  if (index < 0 || index >= static_cast<int>(project.layers.size())) return "no such layer";
  const std::vector<float> mask(skeleton.joint_count(), all ? 1.0f : 0.0f);
  ProjectLayer& layer = project.layers[index];
  anim::joint_mask_roots(skeleton, mask, layer.mask_joints, layer.mask_excluded);
  return {};
}

std::string remove_layer(Project& project, int index) {
  if (index < 0 || index >= static_cast<int>(project.layers.size())) return "no such layer";
  project.layers.erase(project.layers.begin() + index);
  return {};
}

std::string layer_mask(const ProjectLayer& layer, const anim::Skeleton& skeleton,
                       std::vector<float>& out) {
  const std::string e =
      anim::make_joint_mask(skeleton, layer.mask_joints, layer.mask_excluded, out);
  return e.empty() ? e : "layer '" + layer.name + "': " + e;
}

std::string toggle_layer_mask_joint(Project& project, const anim::Skeleton& skeleton, int index,
                                    int joint) {
  if (index < 0 || index >= static_cast<int>(project.layers.size())) return "no such layer";
  ProjectLayer& layer = project.layers[index];
  std::vector<float> mask;
  if (std::string e = layer_mask(layer, skeleton, mask); !e.empty()) return e;
  if (!anim::toggle_joint_subtree(skeleton, joint, mask)) {
    return "layer '" + layer.name + "': no joint " + std::to_string(joint);
  }
  anim::joint_mask_roots(skeleton, mask, layer.mask_joints, layer.mask_excluded);
  return {};
}

}  // namespace project
