#pragma once
// The post-process stack: procedural layers applied after the clips and foot IK, in the order
// the user saved them (the book's solve order: a look-at before the springs it swings differs
// from one after). Each entry is one kind of job with its settings, blended by its weight
// against the pose before it; solo plays only the soloed entries, mute skips one. The entries
// are plain data (bound joint indices); the state that lives across frames (spring particles)
// and the scratch pose are a PostProcessState the caller owns, sized once. No allocation per
// frame.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/fabrik.h"
#include "anim/job_result.h"
#include "anim/look_at.h"
#include "anim/skeleton.h"
#include "anim/spring_bones.h"
#include "anim/transform.h"
#include "anim/twist_correction.h"

namespace anim {

enum class PostProcessKind { LookAt, Twist, Spring, MultiBoneIk };

const char* to_string(PostProcessKind kind);

// One entry: its kind picks which of the settings below it reads.
struct PostProcessEntry {
  PostProcessKind kind = PostProcessKind::LookAt;
  float weight = 1.0f;  // in [0, 1]: 0 leaves the pose before it, 1 takes the job's result
  bool solo = false;
  bool mute = false;
  LookAtRig look_at;
  LookAtGoal look_at_goal;
  TwistRig twist;
  JointChain spring_chain;
  SpringChainSettings spring;
  FabrikChain ik_chain;
  FabrikGoal ik_goal;
};

// What the stack keeps between frames: one spring state per entry (unused by other kinds) and
// the pose before the entry being blended.
struct PostProcessState {
  std::vector<SpringChainState> springs;
  std::vector<Transform> before;

  // Sizes the state for entry_count entries on a skeleton of joint_count joints (allocates; call
  // when the stack or the character changes), the springs starting afresh.
  void resize(std::size_t entry_count, std::size_t joint_count);
  // Starts every spring afresh from the next pose (a scrub, a loop, a jump).
  void reset();
};

// Whether entry runs in a stack where some entry is soloed (any_solo): not muted, and soloed
// when any is.
bool entry_active(const PostProcessEntry& entry, bool any_solo);

// Runs the active entries in order on local (a local pose) and model (its model matrices, kept
// up to date), each blended by its weight against the pose before it (translations lerped,
// rotations nlerped; a weight of 0 skips the entry). world places the model in the world (for
// the springs); dt_s is the frame's time. A muted or inactive spring entry is reset, so it
// starts from the pose when it comes back. Fails with the first failing entry's message (local
// and model then hold the entries before it), or when state was not sized for entries and the
// skeleton, a weight is outside [0, 1], or local or model is not the skeleton's size.
JobResult run_post_process(const Skeleton& skeleton, std::span<const PostProcessEntry> entries,
                           const glm::mat4& world, float dt_s, PostProcessState& state,
                           std::span<Transform> local, std::span<glm::mat4> model);

}  // namespace anim
