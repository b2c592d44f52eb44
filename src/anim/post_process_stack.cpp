#include "anim/post_process_stack.h"

#include <algorithm>

#include "anim/pose.h"

namespace anim {

const char* to_string(PostProcessKind kind) {
  switch (kind) {
    case PostProcessKind::LookAt:
      return "look_at";
    case PostProcessKind::Twist:
      return "twist";
    case PostProcessKind::Spring:
      return "spring";
    case PostProcessKind::MultiBoneIk:
      return "multi_bone_ik";
  }
  return "unknown";
}

void PostProcessState::resize(std::size_t entry_count, std::size_t joint_count) {
  springs.assign(entry_count, SpringChainState{});
  before.assign(joint_count, Transform::identity());
}

void PostProcessState::reset() {
  std::fill(springs.begin(), springs.end(), SpringChainState{});
}

bool entry_active(const PostProcessEntry& entry, bool any_solo) {
  return !entry.mute && (!any_solo || entry.solo);
}

namespace {

JobResult run_entry(const Skeleton& skeleton, const PostProcessEntry& e, const glm::mat4& world,
                    float dt_s, SpringChainState& spring, std::span<Transform> local,
                    std::span<glm::mat4> model) {
  switch (e.kind) {
    case PostProcessKind::LookAt:
      return run_look_at(skeleton, e.look_at, e.look_at_goal, local, model);
    case PostProcessKind::Twist:
      return run_twist_correction(skeleton, e.twist, local, model);
    case PostProcessKind::Spring:
      return run_spring_chain(skeleton, e.spring_chain, e.spring, world, dt_s, spring, local,
                              model);
    case PostProcessKind::MultiBoneIk:
      return run_fabrik(skeleton, e.ik_chain, e.ik_goal, local, model);
  }
  return JobResult::fail("post-process: unknown kind");
}

}  // namespace

JobResult run_post_process(const Skeleton& skeleton, std::span<const PostProcessEntry> entries,
                           const glm::mat4& world, float dt_s, PostProcessState& state,
                           std::span<Transform> local, std::span<glm::mat4> model) {
  const auto n = static_cast<std::size_t>(skeleton.joint_count());
  if (local.size() != n || model.size() != n) {
    return JobResult::fail("post-process: local or model is not the skeleton's size");
  }
  if (state.springs.size() != entries.size() || state.before.size() != n) {
    return JobResult::fail("post-process: the state is not sized for the stack");
  }
  const bool any_solo = std::any_of(entries.begin(), entries.end(),
                                    [](const PostProcessEntry& e) { return e.solo && !e.mute; });
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const PostProcessEntry& e = entries[i];
    if (!(e.weight >= 0.0f && e.weight <= 1.0f)) {
      return JobResult::fail("post-process: a weight is not in [0, 1]");
    }
    if (!entry_active(e, any_solo) || e.weight == 0.0f) {
      state.springs[i] = {};
      continue;
    }
    const bool blend = e.weight < 1.0f;
    if (blend) std::copy(local.begin(), local.end(), state.before.begin());
    if (JobResult r = run_entry(skeleton, e, world, dt_s, state.springs[i], local, model); !r) {
      return r;
    }
    if (!blend) continue;
    for (std::size_t j = 0; j < n; ++j) {
      const Transform& b = state.before[j];
      local[j].translation = glm::mix(b.translation, local[j].translation, e.weight);
      local[j].rotation = nlerp(b.rotation, local[j].rotation, e.weight);
    }
    if (JobResult r = local_to_model(skeleton, local, model); !r) return r;
  }
  return JobResult::ok();
}

}  // namespace anim
