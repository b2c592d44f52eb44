#include "anim/post_process_stack.h"

#include <algorithm>

#include "anim/index.h"
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
    case PostProcessKind::FootIk:
      return "foot_ik";
  }
  return "unknown";
}

void PostProcessState::resize(std::size_t entry_count, std::size_t joint_count) {
  springs.assign(entry_count, SpringChainState{});
  before.assign(joint_count, Transform::identity());
  ghost_slot.clear();
  ghost_model.clear();
}

void PostProcessState::resize(std::span<const PostProcessEntry> entries, std::size_t joint_count) {
  resize(entries.size(), joint_count);
  ghost_slot.assign(entries.size(), -1);
  int slots = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].ghost) ghost_slot[i] = slots++;
  }
  ghost_model.assign(as_size(slots) * joint_count, glm::mat4(1.0f));
}

void PostProcessState::reset() {
  std::fill(springs.begin(), springs.end(), SpringChainState{});
}

std::span<const glm::mat4> PostProcessState::ghost(std::size_t entry) const {
  if (entry >= ghost_slot.size() || ghost_slot[entry] < 0) return {};
  const std::size_t n = before.size();
  return std::span<const glm::mat4>(ghost_model).subspan(as_size(ghost_slot[entry]) * n, n);
}

bool entry_active(const PostProcessEntry& entry, bool any_solo) {
  return !entry.mute && (!any_solo || entry.solo);
}

namespace {

bool any_soloed(std::span<const PostProcessEntry> entries) {
  return std::any_of(entries.begin(), entries.end(),
                     [](const PostProcessEntry& e) { return e.solo && !e.mute; });
}

// Whether entry e runs in frame (any_solo: whether some entry of its stack is soloed).
bool entry_runs(const PostProcessEntry& e, const PostProcessFrame& frame, bool any_solo) {
  if (!entry_active(e, any_solo) || e.weight == 0.0f) return false;
  if (e.kind != PostProcessKind::FootIk) return frame.procedural;
  return frame.foot_ik != nullptr && frame.foot_ik->enabled;
}

JobResult run_foot_ik(const Skeleton& skeleton, const FootIkContext& c, float dt_s,
                      std::span<Transform> local, std::span<glm::mat4> model) {
  if (c.rig == nullptr || c.settings == nullptr || c.ground == nullptr || c.state == nullptr) {
    return JobResult::fail(
        "post-process: the foot-IK context lacks its rig, settings, terrain "
        "or state");
  }
  return solve_foot_ik_on_model(skeleton, *c.rig, *c.settings, *c.ground, c.world_from_model,
                                c.contacts, dt_s, *c.state, local, model, c.foot_shifts, c.debug);
}

JobResult run_entry(const Skeleton& skeleton, const PostProcessEntry& e,
                    const PostProcessFrame& frame, SpringChainState& spring,
                    std::span<Transform> local, std::span<glm::mat4> model) {
  const glm::mat4& world = frame.world;
  const float dt_s = frame.dt_s;
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
    case PostProcessKind::FootIk:
      return run_foot_ik(skeleton, *frame.foot_ik, dt_s, local, model);
  }
  return JobResult::fail("post-process: unknown kind");
}

}  // namespace

bool foot_ik_runs(std::span<const PostProcessEntry> entries, const PostProcessFrame& frame) {
  const bool any_solo = any_soloed(entries);
  return std::any_of(entries.begin(), entries.end(), [&](const PostProcessEntry& e) {
    return e.kind == PostProcessKind::FootIk && entry_runs(e, frame, any_solo);
  });
}

JobResult run_post_process(const Skeleton& skeleton, std::span<const PostProcessEntry> entries,
                           const PostProcessFrame& frame, PostProcessState& state,
                           std::span<Transform> local, std::span<glm::mat4> model) {
  const auto n = as_size(skeleton.joint_count());
  if (local.size() != n || model.size() != n) {
    return JobResult::fail("post-process: local or model is not the skeleton's size");
  }
  if (state.springs.size() != entries.size() || state.before.size() != n ||
      (!state.ghost_slot.empty() && state.ghost_slot.size() != entries.size())) {
    return JobResult::fail("post-process: the state is not sized for the stack");
  }
  const bool any_solo = any_soloed(entries);
  bool foot_ik_ran = false;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const PostProcessEntry& e = entries[i];
    if (!(e.weight >= 0.0f && e.weight <= 1.0f)) {
      return JobResult::fail("post-process: a weight is not in [0, 1]");
    }
    if (i < state.ghost_slot.size() && state.ghost_slot[i] >= 0) {
      std::copy(model.begin(), model.end(),
                state.ghost_model.begin() +
                    static_cast<std::ptrdiff_t>(as_size(state.ghost_slot[i]) * n));
    }
    if (!entry_runs(e, frame, any_solo)) {
      // A spring state is some 600 bytes: cleared once, not on every frame it stays off.
      if (state.springs[i].started) state.springs[i] = {};
      continue;
    }
    foot_ik_ran |= e.kind == PostProcessKind::FootIk;
    const bool blend = e.weight < 1.0f;
    if (blend) std::copy(local.begin(), local.end(), state.before.begin());
    if (JobResult r = run_entry(skeleton, e, frame, state.springs[i], local, model); !r) {
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
  // Foot IK writes a foot's debug below leg_count only, so a debug without legs or offset reads
  // as clear: it is cleared once after foot IK stops, not in every frame (about 260 bytes, 1%
  // of a 3-clip update).
  if (!foot_ik_ran && frame.foot_ik != nullptr && frame.foot_ik->debug != nullptr &&
      (frame.foot_ik->debug->leg_count != 0 || frame.foot_ik->debug->pelvis_offset_m != 0.0f)) {
    *frame.foot_ik->debug = {};
  }
  return JobResult::ok();
}

JobResult run_post_process(const Skeleton& skeleton, std::span<const PostProcessEntry> entries,
                           const glm::mat4& world, float dt_s, PostProcessState& state,
                           std::span<Transform> local, std::span<glm::mat4> model) {
  PostProcessFrame frame;
  frame.world = world;
  frame.dt_s = dt_s;
  return run_post_process(skeleton, entries, frame, state, local, model);
}

}  // namespace anim
