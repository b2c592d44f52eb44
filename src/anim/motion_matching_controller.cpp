#include "anim/motion_matching_controller.h"

#include <algorithm>
#include <cmath>

#include "anim/index.h"

namespace anim {

namespace {

glm::vec3 rotate_y(float yaw_rad, const glm::vec3& v) {
  const float c = std::cos(yaw_rad), s = std::sin(yaw_rad);
  return {c * v.x + s * v.z, v.y, -s * v.x + c * v.z};
}

// Fraction of a gap closed over dt by an exponential decay with this half-life.
float approach_fraction(float dt_s, float half_life_s) {
  return 1.0f - std::exp2(-dt_s / std::max(half_life_s, 1e-5f));
}

// A mirrored range plays its clip's mirrored copy, when there is one.
bool playable(const MotionMatchingClips& clips, const DatabaseRange& range) {
  if (!range.mirrored) return true;
  const auto c = as_size(range.clip_index);
  return c < clips.mirrored.size() && !clips.mirrored[c].tracks.empty();
}

}  // namespace

JobResult MotionMatchingController::init(const Skeleton& skeleton, std::span<const Clip> clips,
                                         std::span<const ClipBinding> bindings,
                                         const MotionMatchingDatabase& database,
                                         const MotionMatchingBounds& bounds, int root_joint,
                                         const MotionMatchingControllerSettings& settings) {
  return init(skeleton, MotionMatchingClips{clips, bindings, {}, {}}, database, bounds, root_joint,
              settings);
}

JobResult MotionMatchingController::init(const Skeleton& skeleton, const MotionMatchingClips& clips,
                                         const MotionMatchingDatabase& database,
                                         const MotionMatchingBounds& bounds, int root_joint,
                                         const MotionMatchingControllerSettings& settings) {
  if (clips.bindings.size() != clips.clips.size()) {
    return JobResult::fail("motion matching controller: bindings is not the size of clips");
  }
  if (!clips.mirrored.empty() && clips.mirrored.size() != clips.clips.size()) {
    return JobResult::fail("motion matching controller: mirrored is not one per clip");
  }
  if (clips.mirrored_bindings.size() != clips.mirrored.size()) {
    return JobResult::fail(
        "motion matching controller: mirrored_bindings is not the size of mirrored");
  }
  if (root_joint < 0 || root_joint >= skeleton.joint_count()) {
    return JobResult::fail("motion matching controller: root_joint is not a joint");
  }
  int first_playable = -1;
  for (std::size_t r = 0; r < database.ranges.size(); ++r) {
    const DatabaseRange& range = database.ranges[r];
    if (range.clip_index < 0 || range.clip_index >= static_cast<int>(clips.clips.size())) {
      return JobResult::fail("motion matching controller: a range names a clip outside clips");
    }
    if (anim::playable(clips, range) && first_playable < 0) first_playable = static_cast<int>(r);
  }
  if (first_playable < 0) {
    return JobResult::fail("motion matching controller: the database has no playable range");
  }
  skeleton_ = &skeleton;
  clips_ = clips;
  database_ = &database;
  bounds_ = &bounds;
  root_settings_ = {};
  root_settings_.root_joint = root_joint;
  settings_ = settings;
  caches_.clear();
  for (std::size_t c = 0; c < clips.clips.size() + clips.mirrored.size(); ++c) {
    caches_.emplace_back(slot_clip(c), slot_binding(c));
  }
  const std::size_t joints = skeleton.parents.size();
  pose_.assign(joints, Transform{});
  previous_output_.assign(joints, Transform{});
  current_output_.assign(joints, Transform{});
  range_enabled_.assign(database.ranges.size(), 1);
  inertializer_.init(static_cast<int>(joints));
  for (int p = 0; p < kTrajectoryPointCount; ++p) {
    nth(trajectory_times_s_, p) =
        static_cast<float>(nth(database.trajectory_frames, p)) / database.frame_rate;
  }
  range_ = first_playable;
  time_s_ = nth(database.ranges, range_).start_time_s;
  search_timer_s_ = 0.0f;
  have_output_ = false;
  search_count_ = switch_count_ = 0;
  last_search_ = {};
  reset_position();
  return JobResult::ok();
}

bool MotionMatchingController::playable(const DatabaseRange& range) const {
  return anim::playable(clips_, range);
}

std::size_t MotionMatchingController::slot(int range) const {
  const DatabaseRange& r = nth(database_->ranges, range);
  return as_size(r.clip_index) + (r.mirrored ? clips_.clips.size() : 0);
}

const Clip& MotionMatchingController::slot_clip(std::size_t slot) const {
  return slot < clips_.clips.size() ? clips_.clips[slot]
                                    : clips_.mirrored[slot - clips_.clips.size()];
}

const ClipBinding& MotionMatchingController::slot_binding(std::size_t slot) const {
  return slot < clips_.bindings.size() ? clips_.bindings[slot]
                                       : clips_.mirrored_bindings[slot - clips_.bindings.size()];
}

JobResult MotionMatchingController::play_frame(int frame) {
  if (!database_) return JobResult::fail("motion matching controller: not initialised");
  if (frame < 0 || frame >= database_->frame_count()) {
    return JobResult::fail("motion matching controller: play_frame's frame is not a frame");
  }
  if (!playable(nth(database_->ranges, database_->range_of(frame)))) {
    return JobResult::fail(
        "motion matching controller: play_frame's frame is mirrored and has no mirrored clip");
  }
  return switch_to(frame, last_dt_s_);
}

void MotionMatchingController::reset_position() {
  character_position_ = glm::vec3(0.0f);
  character_yaw_ = 0.0f;
  simulation_ = {};
  simulation_facing_ = {};
}

void MotionMatchingController::place_character(glm::vec3 position) {
  position.y = 0.0f;
  character_position_ = position;
  keep_simulation_near();
}

int MotionMatchingController::current_clip() const {
  if (!database_) return -1;
  return nth(database_->ranges, range_).clip_index;
}

bool MotionMatchingController::current_mirrored() const {
  return database_ && nth(database_->ranges, range_).mirrored;
}

std::array<glm::vec3, kTrajectoryPointCount> MotionMatchingController::matched_positions() const {
  std::array<glm::vec3, kTrajectoryPointCount> out{};
  const int frame = current_frame();
  if (frame < 0) {
    out.fill(character_position_);
    return out;
  }
  const std::span<const float> raw = database_->raw_frame(frame);
  const int offset = feature_group_layout(FeatureGroup::TrajectoryPositions).offset;
  for (int p = 0; p < kTrajectoryPointCount; ++p) {
    const auto i = as_size(offset + 2 * p);
    nth(out, p) = character_position_ + rotate_y(character_yaw_, {raw[i], 0.0f, raw[i + 1]});
  }
  return out;
}

JobResult MotionMatchingController::sample_in_place(int range, float time_s,
                                                    std::span<Transform> out) {
  const std::size_t s = slot(range);
  if (JobResult r = sample_clip(slot_clip(s), slot_binding(s), *skeleton_, time_s, caches_[s], out);
      !r) {
    return r;
  }
  return remove_root_motion(*skeleton_, root_settings_, out);
}

JobResult MotionMatchingController::switch_to(int frame, float dt_s) {
  range_ = database_->range_of(frame);
  time_s_ = database_->frame_time_s(frame);
  ++switch_count_;
  if (!have_output_) return JobResult::ok();
  // The target's pose at the switch: the offsets from the last two outputs decay from here.
  if (JobResult r = sample_in_place(range_, time_s_, pose_); !r) return r;
  return inertializer_.start(previous_output_, current_output_, pose_, dt_s,
                             settings_.blend_time_s);
}

JobResult MotionMatchingController::update(const MotionMatchingInput& input, float dt_s,
                                           std::span<Transform> out_local,
                                           RootMotionDelta& out_step) {
  if (!database_) return JobResult::fail("motion matching controller: not initialised");
  if (out_local.size() != pose_.size()) {
    return JobResult::fail("motion matching controller: out_local is not the skeleton's size");
  }
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) {
    return JobResult::fail("motion matching controller: dt_s is not positive and finite");
  }
  if (JobResult r = simulate(input, dt_s); !r) return r;
  const QueryFrame query = build_query(input);
  search_timer_s_ -= dt_s;
  if (JobResult r = search_when_due(query); !r) return r;
  RootMotionDelta step;
  const float play_rate =
      std::isfinite(input.play_rate) && input.play_rate > 0.0f ? input.play_rate : 1.0f;
  if (JobResult r = play_on(dt_s, play_rate, out_local, step); !r) return r;
  follow_root_motion(step, dt_s, out_step);
  return JobResult::ok();
}

// 1. The simulated character and its desired trajectory.
JobResult MotionMatchingController::simulate(const MotionMatchingInput& input, float dt_s) {
  simulation_ = advance_velocity_spring(simulation_, input.desired_velocity,
                                        settings_.position_half_life_s, dt_s);
  simulation_facing_ = advance_yaw_spring(simulation_facing_, input.desired_yaw_rad,
                                          settings_.facing_half_life_s, dt_s);
  return predict_trajectory(simulation_, simulation_facing_, input.desired_velocity,
                            input.desired_yaw_rad, settings_.position_half_life_s,
                            settings_.facing_half_life_s, trajectory_times_s_, desired_positions_,
                            desired_yaws_);
}

// 2. The query: the pose of the frame playing, the desired trajectory in the character's frame.
MotionMatchingController::QueryFrame MotionMatchingController::build_query(
    const MotionMatchingInput& input) {
  const MotionMatchingDatabase& db = *database_;
  for (std::size_t r = 0; r < db.ranges.size(); ++r) {
    const DatabaseRange& range = db.ranges[r];
    const bool clip_on = input.clip_enabled.empty() ||
                         (range.clip_index < static_cast<int>(input.clip_enabled.size()) &&
                          nth(input.clip_enabled, range.clip_index) != 0);
    range_enabled_[r] = clip_on && playable(range) ? 1 : 0;
  }
  const DatabaseRange& playing = nth(db.ranges, range_);
  QueryFrame out;
  out.frame = db.frame_at(range_, time_s_);
  const int pose_frame =
      playing.first_frame +
      std::clamp(static_cast<int>(std::lround((time_s_ - playing.start_time_s) * db.frame_rate)), 0,
                 playing.frame_count - 1);
  const std::span<const float> pose_raw = db.raw_frame(pose_frame);
  const int trajectory_offset = feature_group_layout(FeatureGroup::TrajectoryPositions).offset;
  std::copy(pose_raw.begin(), pose_raw.begin() + trajectory_offset, query_raw_.begin());
  const int direction_offset = feature_group_layout(FeatureGroup::TrajectoryDirections).offset;
  for (int p = 0; p < kTrajectoryPointCount; ++p) {
    const auto pi = as_size(p);
    const glm::vec3 local = rotate_y(-character_yaw_, desired_positions_[pi] - character_position_);
    const float yaw = desired_yaws_[pi] - character_yaw_;
    const auto pos = as_size(trajectory_offset + 2 * p);
    const auto dir = as_size(direction_offset + 2 * p);
    query_raw_[pos] = local.x;
    query_raw_[pos + 1] = local.z;
    query_raw_[dir] = std::sin(yaw);
    query_raw_[dir + 1] = std::cos(yaw);
    out.trajectory_error = std::max(
        out.trajectory_error, std::hypot(local.x - pose_raw[pos], local.z - pose_raw[pos + 1]));
  }
  return out;
}

// 3. Search when it is time, when the clip ran out or when the trajectory drifted away.
JobResult MotionMatchingController::search_when_due(const QueryFrame& query_frame) {
  const MotionMatchingDatabase& db = *database_;
  const int frame = query_frame.frame;
  const bool current_enabled = frame >= 0 && nth(range_enabled_, range_);
  if (search_timer_s_ > 0.0f && current_enabled && have_output_ &&
      query_frame.trajectory_error <= settings_.trajectory_error_m) {
    return JobResult::ok();
  }
  if (JobResult r = normalize_features(db, query_raw_, query_); !r) return r;
  MotionMatchingQuery query;
  query.features = query_;
  query.range_enabled = range_enabled_;
  query.current_frame = current_enabled ? frame : -1;
  query.current_bias = settings_.current_bias;
  query.runner_up = true;
  MotionMatchingMatch match;
  if (JobResult r = search(db, *bounds_, query, match); !r) return r;
  ++search_count_;
  search_timer_s_ = settings_.search_interval_s;
  last_search_.match = match;
  last_search_.switched = false;
  if (match.frame >= 0) {
    if (JobResult r = group_costs(db, query_, match.frame, last_search_.best_costs); !r) return r;
  }
  if (match.runner_up_frame >= 0) {
    if (JobResult r = group_costs(db, query_, match.runner_up_frame, last_search_.runner_up_costs);
        !r) {
      return r;
    }
  } else {
    last_search_.runner_up_costs.fill(0.0f);
  }
  // A frame a little ahead in the clip playing is the clip playing: no switch.
  const bool just_ahead = frame >= 0 && db.range_of(match.frame) == range_ &&
                          match.frame >= frame && match.frame - frame <= 3;
  if (match.frame >= 0 && match.frame != frame && !just_ahead) {
    if (JobResult r = switch_to(match.frame, last_dt_s_); !r) return r;
    last_search_.switched = true;
  }
  return JobResult::ok();
}

// 4. Play on: root motion out of the pose, inertialization on top. The clip at the play rate,
// the blend in real seconds.
JobResult MotionMatchingController::play_on(float dt_s, float play_rate,
                                            std::span<Transform> out_local,
                                            RootMotionDelta& out_clip_step) {
  const std::size_t playing_slot = slot(range_);
  const Clip& clip = slot_clip(playing_slot);
  const float clip_dt_s = dt_s * play_rate;
  out_clip_step = extract_root_motion(clip, slot_binding(playing_slot), *skeleton_, root_settings_,
                                      time_s_, clip_dt_s);
  clip_step_ = out_clip_step;
  time_s_ = clip.loop ? wrap_clip_time(clip, time_s_ + clip_dt_s)
                      : std::min(time_s_ + clip_dt_s, clip.duration_s);
  if (JobResult r = sample_in_place(range_, time_s_, pose_); !r) return r;
  inertializer_.advance(dt_s);
  if (JobResult r = inertializer_.apply(pose_); !r) return r;
  if (have_output_) {
    previous_output_.swap(current_output_);
  } else {
    std::copy(pose_.begin(), pose_.end(), previous_output_.begin());
  }
  std::copy(pose_.begin(), pose_.end(), current_output_.begin());
  std::copy(pose_.begin(), pose_.end(), out_local.begin());
  have_output_ = true;
  last_dt_s_ = dt_s;
  return JobResult::ok();
}

// 5. The character follows its root motion, pulled towards the simulation; the simulation is
// kept within reach of the character.
void MotionMatchingController::follow_root_motion(const RootMotionDelta& clip_step, float dt_s,
                                                  RootMotionDelta& out_step) {
  const glm::vec3 old_position = character_position_;
  const float old_yaw = character_yaw_;
  glm::vec3 position = old_position + rotate_y(old_yaw, clip_step.translation);
  float yaw = old_yaw + clip_step.yaw_rad;
  const float pull = approach_fraction(dt_s, settings_.sync_half_life_s);
  glm::vec3 gap = simulation_.position - position;
  gap.y = 0.0f;
  position += gap * pull;
  yaw += wrap_angle_rad(simulation_facing_.yaw_rad - yaw) * pull;
  character_position_ = position;
  character_yaw_ = yaw;
  keep_simulation_near();
  out_step.translation = rotate_y(-old_yaw, position - old_position);
  out_step.yaw_rad = yaw - old_yaw;
}

void MotionMatchingController::keep_simulation_near() {
  glm::vec3 gap = simulation_.position - character_position_;
  gap.y = 0.0f;
  const float distance = glm::length(gap);
  if (distance > settings_.max_sync_distance_m) {
    simulation_.position = character_position_ + gap * (settings_.max_sync_distance_m / distance);
  }
}

}  // namespace anim
