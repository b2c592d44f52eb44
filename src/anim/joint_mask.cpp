#include "anim/joint_mask.h"

#include <algorithm>

namespace anim {
namespace {

constexpr float kIn = 0.5f;

// Marks the joints named in names with value in marks; "" or the unknown name's message.
std::string mark_roots(const Skeleton& skeleton, std::span<const std::string> names, int value,
                       std::vector<int>& marks) {
  for (const std::string& name : names) {
    const int joint = skeleton.find_joint(name);
    if (joint < 0) return "joint mask: the skeleton has no joint '" + name + "'";
    if (marks[joint] != 0 && marks[joint] != value) {
      return "joint mask: joint '" + name + "' is both included and excluded";
    }
    marks[joint] = value;
  }
  return {};
}

}  // namespace

std::string make_joint_mask(const Skeleton& skeleton, std::span<const std::string> included,
                            std::span<const std::string> excluded, std::vector<float>& out) {
  // Per joint: +1 an included root, -1 an excluded one, 0 inherits from its parent.
  std::vector<int> marks(skeleton.joint_count(), 0);
  if (std::string e = mark_roots(skeleton, included, 1, marks); !e.empty()) return e;
  if (std::string e = mark_roots(skeleton, excluded, -1, marks); !e.empty()) return e;
  const float top = included.empty() ? 1.0f : 0.0f;
  std::vector<float> mask(skeleton.joint_count(), 0.0f);
  // Parents precede children, so one forward pass carries each root's choice down its branch.
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int parent = skeleton.parents[j];
    const float inherited = parent == kNoParent ? top : mask[parent];
    mask[j] = marks[j] > 0 ? 1.0f : marks[j] < 0 ? 0.0f : inherited;
  }
  out = std::move(mask);
  return {};
}

bool toggle_joint_subtree(const Skeleton& skeleton, int joint, std::span<float> mask) {
  const int count = skeleton.joint_count();
  if (joint < 0 || joint >= count || static_cast<int>(mask.size()) != count) return false;
  const float value = mask[joint] >= kIn ? 0.0f : 1.0f;
  // Descendants come after their ancestors: a joint is below `joint` when its parent is.
  std::vector<bool> below(count, false);
  below[joint] = true;
  mask[joint] = value;
  for (int j = joint + 1; j < count; ++j) {
    const int parent = skeleton.parents[j];
    if (parent != kNoParent && below[parent]) {
      below[j] = true;
      mask[j] = value;
    }
  }
  return true;
}

void joint_mask_roots(const Skeleton& skeleton, std::span<const float> mask,
                      std::vector<std::string>& included, std::vector<std::string>& excluded) {
  included.clear();
  excluded.clear();
  const int count = std::min(skeleton.joint_count(), static_cast<int>(mask.size()));
  const bool whole =
      std::all_of(mask.begin(), mask.begin() + count, [](float v) { return v >= kIn; });
  if (whole) return;
  for (int j = 0; j < count; ++j) {
    const int parent = skeleton.parents[j];
    const bool in = mask[j] >= kIn;
    // A top joint inherits "out" once the included list is not empty.
    const bool parent_in = parent != kNoParent && mask[parent] >= kIn;
    if (in && !parent_in) included.push_back(skeleton.joint_names[j]);
    if (!in && parent_in) excluded.push_back(skeleton.joint_names[j]);
  }
  if (!included.empty()) return;
  // Nothing is in: an empty included list means the whole body, so exclude it from the top.
  for (int j = 0; j < count; ++j) {
    if (skeleton.parents[j] == kNoParent) excluded.push_back(skeleton.joint_names[j]);
  }
}

std::string make_shape_mask(std::span<const MorphChannel> channels,
                            std::span<const std::string> included,
                            std::span<const std::string> excluded, std::vector<float>& out) {
  auto names = [](const MorphChannel& c, const std::string& name) {
    return name == c.target_name || name == c.node_name + "/" + c.target_name;
  };
  for (const std::string& name : included) {
    if (std::find(excluded.begin(), excluded.end(), name) != excluded.end()) {
      return "shape '" + name + "' is both included and excluded";
    }
  }
  for (const auto& list : {included, excluded}) {
    for (const std::string& name : list) {
      if (std::none_of(channels.begin(), channels.end(),
                       [&](const MorphChannel& c) { return names(c, name); })) {
        return "no shape '" + name + "'";
      }
    }
  }
  std::vector<float> mask(channels.size(), included.empty() ? 1.0f : 0.0f);
  for (std::size_t c = 0; c < channels.size(); ++c) {
    for (const std::string& name : included) mask[c] = names(channels[c], name) ? 1.0f : mask[c];
    for (const std::string& name : excluded) mask[c] = names(channels[c], name) ? 0.0f : mask[c];
  }
  out = std::move(mask);
  return {};
}

}  // namespace anim
