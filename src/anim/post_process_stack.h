#pragma once
// The post-process stack: procedural layers applied after the clips, foot IK among them, in the
// order the user saved them (the book's solve order: a look-at before the springs it swings
// differs from one after; foot IK before a look-at differs from one after). Each entry is one
// kind of job with its settings, blended by its weight against the pose before it; solo plays
// only the soloed entries, mute skips one. The entries are plain data (bound joint indices); the
// state kept across frames (spring particles, ghosts) and the scratch pose are a PostProcessState
// the caller owns, sized once. No allocation per frame.

#include <cstddef>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/fabrik.h"
#include "anim/foot_ik.h"
#include "anim/job_result.h"
#include "anim/look_at.h"
#include "anim/skeleton.h"
#include "anim/spring_bones.h"
#include "anim/terrain.h"
#include "anim/transform.h"
#include "anim/twist_correction.h"

namespace anim {

enum class PostProcessKind { LookAt, Twist, Spring, MultiBoneIk, FootIk };

const char* to_string(PostProcessKind kind);

// One entry: its kind picks which of the settings below it reads.
struct PostProcessEntry {
  PostProcessKind kind = PostProcessKind::LookAt;
  float weight = 1.0f;  // in [0, 1]: 0 leaves the pose before it, 1 takes the job's result
  bool solo = false;
  bool mute = false;
  // Keep the model matrices of the pose before this entry (PostProcessState::ghost), for a
  // debug view of what it changes. Setting it wants PostProcessState::resize again.
  bool ghost = false;
  LookAtRig look_at;
  LookAtGoal look_at_goal;
  TwistRig twist;
  JointChain spring_chain;
  SpringChainSettings spring;
  FabrikChain ik_chain;
  FabrikGoal ik_goal;
};

// What the stack keeps between frames: one spring state per entry (unused by other kinds), the
// pose before the entry being blended, and the ghosts: for each entry with ghost set, the model
// matrices before it in the last run.
struct PostProcessState {
  std::vector<SpringChainState> springs;
  std::vector<Transform> before;
  std::vector<int> ghost_slot;         // per entry: its ghost's index in ghosts, or -1
  std::vector<glm::mat4> ghost_model;  // the ghosts, joint_count matrices each, one after another

  // Sizes the state for entry_count entries on a skeleton of joint_count joints (allocates; call
  // when the stack or the character changes), the springs starting afresh; no ghosts.
  void resize(std::size_t entry_count, std::size_t joint_count);
  // The same, with a ghost for each entry of entries whose ghost flag is set.
  void resize(std::span<const PostProcessEntry> entries, std::size_t joint_count);
  // Starts every spring afresh from the next pose (a scrub, a loop, a jump).
  void reset();
  // The model matrices before entry in the last run; empty when it has no ghost.
  std::span<const glm::mat4> ghost(std::size_t entry) const;
};

// What the foot-IK entry reads and writes each frame, owned by the caller (the character
// instance): the rig and settings, the terrain (as its prober) and where the model stands on it,
// the planted feet and the shifts stride warping asks of them (both empty or one per leg), the
// state kept between frames, and where the frame's debug goes (may be null). enabled is the foot-IK
// toggle: without it the entry is skipped as if muted.
struct FootIkContext {
  bool enabled = false;
  const FootIkRig* rig = nullptr;
  const FootIkSettings* settings = nullptr;
  const GroundProber* ground = nullptr;
  Transform world_from_model;
  std::span<const bool> contacts;
  std::span<const glm::vec3> foot_shifts;
  FootIkState* state = nullptr;
  FootIkDebug* debug = nullptr;
};

// One run's inputs besides the entries: world places the model in the world (for the springs),
// dt_s is the frame's time, procedural says whether the entries other than foot IK run (the
// post-process toggle), and foot_ik is the foot-IK entry's context (null: that entry is
// skipped).
struct PostProcessFrame {
  glm::mat4 world{1.0f};
  float dt_s = 0.0f;
  bool procedural = true;
  const FootIkContext* foot_ik = nullptr;
};

// Whether entry runs in a stack where some entry is soloed (any_solo): not muted, and soloed
// when any is.
bool entry_active(const PostProcessEntry& entry, bool any_solo);

// Whether the foot-IK entry of entries runs in frame: there is one, the context is given and
// enabled, and the entry is active with a weight above 0. A caller that warps the stride asks
// this to know whether foot IK will take the feet's shifts.
bool foot_ik_runs(std::span<const PostProcessEntry> entries, const PostProcessFrame& frame);

// Runs the active entries in order on local (a local pose) and model (its model matrices, kept
// up to date; the caller builds them first), each blended by its weight against the pose before
// it (translations lerped, rotations nlerped; a weight of 0 skips the entry). The foot-IK entry
// runs solve_foot_ik_on_model with frame.foot_ik's context; when it does not run, that context's
// debug is cleared. Before each entry with a ghost slot, the model matrices are kept in state's
// ghost, whether the entry runs or not. A muted or inactive spring entry is reset, so it starts
// from the pose when it comes back. Fails with the first failing entry's message (local and
// model then hold the entries before it), or when state was not sized for entries and the
// skeleton, a weight is outside [0, 1], or local or model is not the skeleton's size.
JobResult run_post_process(const Skeleton& skeleton, std::span<const PostProcessEntry> entries,
                           const PostProcessFrame& frame, PostProcessState& state,
                           std::span<Transform> local, std::span<glm::mat4> model);

// The same without foot IK (its entries are skipped): world and dt_s as in PostProcessFrame.
JobResult run_post_process(const Skeleton& skeleton, std::span<const PostProcessEntry> entries,
                           const glm::mat4& world, float dt_s, PostProcessState& state,
                           std::span<Transform> local, std::span<glm::mat4> model);

}  // namespace anim
