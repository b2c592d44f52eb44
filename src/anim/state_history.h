#pragma once
// The transition record: what the character's state machine did over its last frames (a ring
// allocated once, so recording allocates nothing per frame), for the transition timeline (which
// state or transition was active when, the states' weights, the parameters' values) and for
// scrubbing back through them: each frame keeps the pose it showed (the skinning palettes and
// the model-space pose), so the viewer can draw a recorded frame exactly as it was drawn.
// Plain data: the viewer records, the timeline panel draws, project/transition_record_json.h
// writes it for bug reports.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/character_instance.h"
#include "anim/dual_quat.h"
#include "anim/parameters.h"

namespace anim {

// One recorded frame. time_s is the record's own clock: the sum of the frames' (slow-motion
// scaled) steps, so a 0.25 s transition spans 0.25 s of it at any speed.
struct HistoryFrame {
  double time_s = 0.0;
  int state = -1;  // the active state (a running transition's target); -1 without a machine
  bool transition = false;  // a transition was running
  int from_state = -1;      // with transition
  float weight = 1.0f;      // the target's (eased) weight while a transition runs, else 1
  // The sync group's leader and follower while they play (-1 otherwise), and whether the
  // follower matched by foot markers (false: by normalized time).
  int sync_leader = -1;
  int sync_follower = -1;
  bool sync_by_markers = false;
};

class StateHistory {
 public:
  // Makes room for capacity frames of a character with joints joints, states states and
  // parameters parameters, and forgets what was recorded. Allocates; call it after a load.
  void reset(int capacity, int joints, int states, int parameters);

  // Appends what instance shows after its update, dt_s after the previous frame (the oldest
  // frame is overwritten when the ring is full). Parameters beyond reset's count and a joint
  // count other than reset's are not recorded (the pose then stays unrecorded: has_pose false).
  // Never allocates.
  void record(double dt_s, const CharacterInstance& instance, const Parameters& parameters);

  int size() const { return size_; }
  int capacity() const { return capacity_; }
  int states() const { return states_; }
  int parameters() const { return parameters_; }
  // Frame i, 0 the oldest, size() - 1 the newest.
  const HistoryFrame& frame(int i) const { return frames_[slot(i)]; }
  // Each state's weight in frame i (the target's weight and its source's rest during a
  // transition; 1 for the active state otherwise).
  std::span<const float> state_weights(int i) const;
  std::span<const float> parameter_values(int i) const;
  // Each state's phase in frame i: its normalized time in [0, 1) while it plays (the active
  // state, and a smooth crossfade's source), -1 otherwise. Two states of a sync group show the
  // same foot at the same fraction of their marker intervals, not at the same phase.
  std::span<const float> state_phases(int i) const;
  bool has_pose(int i) const { return pose_recorded_[slot(i)] != 0; }
  std::span<const glm::mat4> model_pose(int i) const;
  std::span<const glm::mat4> skinning_matrices(int i) const;
  std::span<const DualQuat> skinning_dual_quats(int i) const;
  std::span<const glm::mat3> skinning_stretch(int i) const;
  std::span<const std::uint8_t> skinning_has_stretch(int i) const;
  glm::mat4 world_matrix(int i) const { return worlds_[slot(i)]; }

  // The newest frame at or before time_s (0 when time_s is before the oldest); -1 when empty.
  int frame_at(double time_s) const;

 private:
  int slot(int i) const { return (first_ + i) % capacity_; }

  int capacity_ = 0, joints_ = 0, states_ = 0, parameters_ = 0;
  int first_ = 0, size_ = 0;
  double clock_s_ = 0.0;
  std::vector<HistoryFrame> frames_;
  std::vector<float> weights_;       // capacity x states
  std::vector<float> phases_;        // capacity x states
  std::vector<float> values_;        // capacity x parameters
  std::vector<glm::mat4> models_;    // capacity x joints
  std::vector<glm::mat4> palettes_;  // capacity x joints
  std::vector<DualQuat> dual_quats_;
  std::vector<glm::mat3> stretch_;
  std::vector<std::uint8_t> has_stretch_;
  std::vector<std::uint8_t> pose_recorded_;
  std::vector<glm::mat4> worlds_;
};

}  // namespace anim
