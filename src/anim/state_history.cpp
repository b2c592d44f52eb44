#include "anim/state_history.h"

#include <algorithm>
#include <cmath>

#include "anim/index.h"

namespace anim {
namespace {

template <typename T>
std::span<const T> row(const std::vector<T>& all, int slot, int width) {
  return {all.data() + as_size(slot) * width, as_size(width)};
}

template <typename T>
void copy_row(std::span<const T> from, std::vector<T>& all, int slot, int width) {
  std::copy(from.begin(), from.end(), all.begin() + static_cast<std::ptrdiff_t>(slot) * width);
}

}  // namespace

void StateHistory::reset(int capacity, int joints, int states, int parameters) {
  capacity_ = std::max(capacity, 1);
  joints_ = std::max(joints, 0);
  states_ = std::max(states, 0);
  parameters_ = std::max(parameters, 0);
  first_ = size_ = 0;
  clock_s_ = 0.0;
  const auto frames = as_size(capacity_);
  frames_.assign(frames, {});
  weights_.assign(frames * states_, 0.0f);
  phases_.assign(frames * states_, -1.0f);
  values_.assign(frames * parameters_, 0.0f);
  models_.assign(frames * joints_, glm::mat4(1.0f));
  palettes_.assign(frames * joints_, glm::mat4(1.0f));
  dual_quats_.assign(frames * joints_, DualQuat{});
  stretch_.assign(frames * joints_, glm::mat3(1.0f));
  has_stretch_.assign(frames * joints_, 0);
  pose_recorded_.assign(frames, 0);
  worlds_.assign(frames, glm::mat4(1.0f));
}

void StateHistory::record(double dt_s, const CharacterInstance& instance,
                          const Parameters& parameters) {
  if (capacity_ == 0) return;
  const int s = size_ < capacity_ ? slot(size_) : first_;
  if (size_ < capacity_) {
    ++size_;
  } else {
    first_ = (first_ + 1) % capacity_;
  }
  clock_s_ += dt_s;
  HistoryFrame& f = frames_[s];
  f = {};
  f.time_s = clock_s_;
  float* weights = weights_.data() + as_size(s) * states_;
  std::fill(weights, weights + states_, 0.0f);
  float* phases = phases_.data() + as_size(s) * states_;
  std::fill(phases, phases + states_, -1.0f);
  const auto note_phase = [&](int state, float unwrapped) {
    if (state >= 0 && state < states_) phases[state] = unwrapped - std::floor(unwrapped);
  };
  if (instance.has_machine()) {
    const StateMachinePlayer& machine = instance.machine();
    const TransitionStatus& t = machine.transition();
    f.state = machine.active_state();
    f.transition = t.running;
    f.from_state = t.running ? t.from_state : -1;
    f.weight = t.running ? t.weight : 1.0f;
    if (f.state >= 0 && f.state < states_) weights[f.state] += f.weight;
    if (f.from_state >= 0 && f.from_state < states_) weights[f.from_state] += 1.0f - f.weight;
    note_phase(machine.crossfade_source_state(), machine.crossfade_source_normalized_time());
    note_phase(f.state, machine.active_normalized_time());
    const SyncGroupStatus& sync = machine.sync_status();
    f.sync_leader = sync.leader;
    f.sync_follower = sync.follower;
    f.sync_by_markers = sync.by_markers;
  }
  float* values = values_.data() + as_size(s) * parameters_;
  for (int p = 0; p < parameters_; ++p) {
    values[p] = p < parameters.count() ? parameters.at(p).value : 0.0f;
  }
  const bool pose = static_cast<int>(instance.model_pose().size()) == joints_ &&
                    static_cast<int>(instance.skinning_matrices().size()) == joints_ &&
                    static_cast<int>(instance.skinning_dual_quats().size()) == joints_ &&
                    static_cast<int>(instance.skinning_stretch().size()) == joints_ &&
                    static_cast<int>(instance.skinning_has_stretch().size()) == joints_;
  pose_recorded_[s] = pose ? 1 : 0;
  worlds_[s] = instance.world_matrix();
  if (!pose) return;
  copy_row(instance.model_pose(), models_, s, joints_);
  copy_row(instance.skinning_matrices(), palettes_, s, joints_);
  copy_row(instance.skinning_dual_quats(), dual_quats_, s, joints_);
  copy_row(instance.skinning_stretch(), stretch_, s, joints_);
  copy_row(instance.skinning_has_stretch(), has_stretch_, s, joints_);
}

std::span<const float> StateHistory::state_weights(int i) const {
  return row(weights_, slot(i), states_);
}
std::span<const float> StateHistory::state_phases(int i) const {
  return row(phases_, slot(i), states_);
}
std::span<const float> StateHistory::parameter_values(int i) const {
  return row(values_, slot(i), parameters_);
}
std::span<const glm::mat4> StateHistory::model_pose(int i) const {
  return row(models_, slot(i), joints_);
}
std::span<const glm::mat4> StateHistory::skinning_matrices(int i) const {
  return row(palettes_, slot(i), joints_);
}
std::span<const DualQuat> StateHistory::skinning_dual_quats(int i) const {
  return row(dual_quats_, slot(i), joints_);
}
std::span<const glm::mat3> StateHistory::skinning_stretch(int i) const {
  return row(stretch_, slot(i), joints_);
}
std::span<const std::uint8_t> StateHistory::skinning_has_stretch(int i) const {
  return row(has_stretch_, slot(i), joints_);
}

int StateHistory::frame_at(double time_s) const {
  if (size_ == 0) return -1;
  int found = 0;
  for (int i = 0; i < size_ && frame(i).time_s <= time_s; ++i) found = i;
  return found;
}

}  // namespace anim
