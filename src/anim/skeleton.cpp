#include "anim/skeleton.h"

#include <bit>
#include <cmath>
#include <limits>
#include <span>
#include <unordered_set>

#include "anim/index.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace anim {

int Skeleton::find_joint(std::string_view name) const {
  for (int i = 0; i < joint_count(); ++i) {
    if (joint_names[i] == name) return i;
  }
  return -1;
}

std::string validate(const Skeleton& s) {
  const std::size_t n = s.parents.size();
  if (s.joint_names.size() != n || s.rest_pose.size() != n || s.inverse_bind.size() != n) {
    return "joint names, parents, rest pose and inverse bind matrices differ in count";
  }
  std::unordered_set<std::string_view> seen;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& name = s.joint_names[i];
    if (name.empty()) return "joint " + std::to_string(i) + " has no name";
    if (!seen.insert(name).second) return "duplicate joint name '" + name + "'";
    if (s.parents[i] != kNoParent && (s.parents[i] < 0 || s.parents[i] >= static_cast<int>(i))) {
      return "joint '" + name + "' does not come after its parent";
    }
    if (!finite(s.rest_pose[i])) return "joint '" + name + "' has a non-finite rest pose";
  }
  return {};
}

bool is_ancestor(const Skeleton& skeleton, int ancestor, int joint) {
  for (int j = nth(skeleton.parents, joint); j != kNoParent; j = nth(skeleton.parents, j)) {
    if (j <= ancestor) return j == ancestor;  // parents precede children: the rest is above it
  }
  return false;
}

namespace {

// The first index from from on whose parent lies in [low, high), or the joint count. Four
// parents a compare with SSE2: foot IK asks this of the legs and the pelvis every frame.
std::size_t first_with_parent_in(std::span<const int> parents, std::size_t from, int low,
                                 int high) {
  std::size_t j = from;
#if defined(__SSE2__)
  const __m128i low4 = _mm_set1_epi32(low), high4 = _mm_set1_epi32(high);
  // Bit k set where parents[at + k] lies in the range.
  const auto hits_at = [&](std::size_t at) {
    const __m128i p = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&parents[at]));
    const __m128i in = _mm_andnot_si128(_mm_cmplt_epi32(p, low4), _mm_cmplt_epi32(p, high4));
    return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(in)));
  };
  for (; j + 4 <= parents.size(); j += 4) {
    if (const unsigned hits = hits_at(j); hits != 0) return j + as_size(std::countr_zero(hits));
  }
  // The last one to three parents: the last four, less those before j.
  if (j < parents.size() && parents.size() >= 4) {
    const std::size_t last4 = parents.size() - 4;
    const unsigned hits = hits_at(last4) >> (j - last4);
    return hits != 0 ? j + as_size(std::countr_zero(hits)) : parents.size();
  }
#endif
  for (; j < parents.size(); ++j) {
    if (parents[j] >= low && parents[j] < high) return j;
  }
  return parents.size();
}

}  // namespace

int contiguous_subtree_end(const Skeleton& skeleton, int joint) {
  const std::span<const int> parents = skeleton.parents;
  const std::size_t end =
      first_with_parent_in(parents, as_size(joint) + 1, std::numeric_limits<int>::min(), joint);
  const bool later_below =
      first_with_parent_in(parents, end, joint, static_cast<int>(end)) < parents.size();
  return later_below ? -1 : static_cast<int>(end);
}

}  // namespace anim
