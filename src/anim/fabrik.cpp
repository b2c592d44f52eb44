#include "anim/fabrik.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>

#include "anim/index.h"

namespace anim {

namespace {

const char* validate_fabrik(const Skeleton& skeleton, const FabrikChain& chain,
                            const FabrikGoal& goal) {
  if (const char* e = validate(skeleton, chain.joints, 2)) return e;
  for (int k = 0; k < chain.joints.count; ++k) {
    if (!(nth(chain.cone_rad, k) >= 0.0f)) return "fabrik: a cone is negative";
  }
  const glm::vec3& t = goal.target;
  if (!std::isfinite(t.x) || !std::isfinite(t.y) || !std::isfinite(t.z)) {
    return "fabrik: the target is not finite";
  }
  if (goal.max_iterations < 1) return "fabrik: max_iterations must be at least 1";
  return nullptr;
}

// to at length from origin, its direction kept within cone of reference_of() (unit or zero);
// reference zero or cone free leaves the direction as it is. reference_of is asked only when a
// cone limits the bone or to lies on origin (a free bone needs no square root for it).
template <typename Reference>
glm::vec3 place(const glm::vec3& origin, const glm::vec3& to, float length,
                Reference&& reference_of, float cone) {
  glm::vec3 d = to - origin;
  const float dl = glm::length(d);
  const bool limited = cone > 0.0f && cone < glm::pi<float>();
  if (!limited && dl > 1e-9f) return origin + d / dl * length;
  const glm::vec3 reference = reference_of();
  d = dl > 1e-9f ? d / dl : (reference != glm::vec3(0.0f) ? reference : glm::vec3(0, 1, 0));
  if (limited && reference != glm::vec3(0.0f)) {
    const float angle = std::acos(std::clamp(glm::dot(reference, d), -1.0f, 1.0f));
    if (angle > cone) {
      glm::vec3 side = d - glm::dot(d, reference) * reference;
      const float sl = glm::length(side);
      side =
          sl > 1e-7f ? side / sl : glm::normalize(glm::cross(reference, glm::vec3(0.3f, 1, 0.1f)));
      d = std::cos(cone) * reference + std::sin(cone) * side;
    }
  }
  return origin + d * length;
}

glm::vec3 unit_or_zero(const glm::vec3& v) {
  const float l = glm::length(v);
  return l > 1e-9f ? v / l : glm::vec3(0.0f);
}

}  // namespace

JobResult run_fabrik(const Skeleton& skeleton, const FabrikChain& chain, const FabrikGoal& goal,
                     std::span<Transform> local, std::span<glm::mat4> model,
                     FabrikResult* out_result) {
  if (const char* e = validate_fabrik(skeleton, chain, goal)) return JobResult::fail(e);
  const auto n = as_size(skeleton.joint_count());
  if (local.size() != n || model.size() != n) {
    return JobResult::fail("fabrik: local or model is not the skeleton's size");
  }
  const auto count = as_size(chain.joints.count);
  std::array<glm::vec3, kMaxChainJoints> p;
  std::array<float, kMaxChainJoints> length{};
  float total = 0.0f;
  for (std::size_t k = 0; k < count; ++k) {
    p[k] = glm::vec3(nth(model, chain.joints.joints[k])[3]);
    if (k > 0) total += length[k - 1] = glm::distance(p[k - 1], p[k]);
  }
  const int first_parent = nth(skeleton.parents, chain.joints.joints[0]);
  const glm::vec3 into_root = first_parent == kNoParent
                                  ? glm::vec3(0.0f)
                                  : unit_or_zero(p[0] - glm::vec3(nth(model, first_parent)[3]));
  const glm::vec3 root = p[0];
  const float tolerance = goal.tolerance * total;
  // The direction of the bone into joint k - 1 (its cone's reference), as the solve has it now.
  const auto bone_before = [&](std::size_t k) {
    return [&p, &into_root, k] { return k == 1 ? into_root : unit_or_zero(p[k - 1] - p[k - 2]); };
  };
  int iterations = 0;
  if (glm::distance(root, goal.target) >= total) {
    // Out of reach: straight toward the target (the cones still bend it where they must).
    for (std::size_t k = 1; k < count; ++k) {
      p[k] = place(p[k - 1], p[k - 1] + (goal.target - root), length[k - 1], bone_before(k),
                   chain.cone_rad[k - 1]);
    }
  } else {
    while (iterations < goal.max_iterations &&
           glm::distance(p[count - 1], goal.target) > tolerance) {
      ++iterations;
      p[count - 1] = goal.target;
      for (std::size_t k = count - 1; k-- > 0;) {
        p[k] = place(
            p[k + 1], p[k], length[k], [] { return glm::vec3(0.0f); }, 0.0f);
      }
      p[0] = root;
      for (std::size_t k = 1; k < count; ++k) {
        p[k] = place(p[k - 1], p[k], length[k - 1], bone_before(k), chain.cone_rad[k - 1]);
      }
    }
  }
  pose_chain_to_positions(skeleton, chain.joints, {p.data(), count}, local, model);
  if (out_result != nullptr) {
    const glm::vec3 end(nth(model, chain.joints.joints[count - 1])[3]);
    out_result->distance_m = glm::distance(end, goal.target);
    out_result->iterations = iterations;
    out_result->reached = out_result->distance_m <= 1e-4f * total;
  }
  return JobResult::ok();
}

}  // namespace anim
