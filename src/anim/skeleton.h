#pragma once
// Skeleton: the read-only joint hierarchy a character and its clips share.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/index.h"
#include "anim/transform.h"

namespace anim {

inline constexpr int kNoParent = -1;

// Joints are stored so that a parent always precedes its children (parents[i] < i), which lets
// local_to_model run as one forward loop. rest_pose holds local transforms; inverse_bind holds
// the model-space inverse bind matrices used by skinning (identity where a joint has none).
struct Skeleton {
  std::vector<std::string> joint_names;
  std::vector<int> parents;
  std::vector<Transform> rest_pose;
  std::vector<glm::mat4> inverse_bind;

  int joint_count() const { return static_cast<int>(parents.size()); }

  // Index of the joint called name, or -1.
  int find_joint(std::string_view name) const;
};

// Checks the invariants above (sizes agree, parents precede children, names unique and not
// empty, no NaN in the rest pose). Returns an empty string when valid, otherwise the cause.
std::string validate(const Skeleton& skeleton);

// Whether ancestor is strictly above joint in the hierarchy (joint's parent, its parent, ...).
bool is_ancestor(const Skeleton& skeleton, int ancestor, int joint);

// The end of the range [joint, end) that holds joint and the joints below it, when they are one
// range (a skeleton in depth-first order, as most are); -1 when they are not. Parents precede
// children, so the run ends at the first joint whose parent lies above joint, and a later joint
// is below joint only if its parent is in the run. A scan of the parents, cheaper than marking.
int contiguous_subtree_end(const Skeleton& skeleton, int joint);

// Calls visit_run(begin, end) for each range [begin, end) of consecutive joints among joint (a
// joint of skeleton) and the joints below it, in index order. A subtree that is one range is
// visited as one; otherwise one forward pass marks them, one bit a joint (a joint is below when
// its parent is: parents precede children); past the first kMarked joints each is tested by
// walking up instead.
template <typename VisitRun>
void for_each_run_in_subtree(const Skeleton& skeleton, int joint, VisitRun&& visit_run) {
  if (const int end = contiguous_subtree_end(skeleton, joint); end >= 0) {
    visit_run(as_size(joint), as_size(end));
    return;
  }
  constexpr std::size_t kMarked = 1024;
  std::array<std::uint64_t, kMarked / 64> marked{};
  const auto first = as_size(joint);
  std::size_t run_begin = first, run_end = first;  // the run being gathered
  for (std::size_t j = first; j < skeleton.parents.size(); ++j) {
    bool in_subtree = j == first;
    if (!in_subtree && j >= kMarked) {
      in_subtree = is_ancestor(skeleton, joint, static_cast<int>(j));
    } else if (!in_subtree && skeleton.parents[j] >= joint) {
      const auto p = as_size(skeleton.parents[j]);
      in_subtree = ((marked[p / 64] >> (p % 64)) & 1u) != 0;
    }
    if (!in_subtree) continue;
    if (j < kMarked) marked[j / 64] |= std::uint64_t{1} << (j % 64);
    if (j != run_end) {
      visit_run(run_begin, run_end);
      run_begin = j;
    }
    run_end = j + 1;
  }
  visit_run(run_begin, run_end);
}

// Calls visit(j) for joint (a joint of skeleton) and every joint below it, in index order.
template <typename Visit>
void for_each_in_subtree(const Skeleton& skeleton, int joint, Visit&& visit) {
  for_each_run_in_subtree(skeleton, joint, [&visit](std::size_t begin, std::size_t end) {
    for (std::size_t j = begin; j < end; ++j) visit(j);
  });
}

}  // namespace anim
