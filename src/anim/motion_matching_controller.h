#pragma once
// Motion-matching controller: a source of the frame that turns a desired velocity and facing
// into a local pose and a root-motion step. Per update it
//   - moves a simulated character with critically damped springs (trajectory_spring.h) and
//     predicts its trajectory at the database's trajectory points;
//   - every search_interval_s, or at once when the clip playing runs out or its trajectory
//     drifts from the desired one by more than trajectory_error_m, searches the database with
//     the pose features of the frame playing and the desired trajectory, favouring the frame
//     playing by current_bias;
//   - on a new frame, switches to it through inertialization (anim/inertialization.h);
//   - plays the clip on, extracts its root motion (the pose stays in place) and keeps the
//     character and the simulation in step: the character is pulled towards the simulation
//     (sync_half_life_s) and the simulation is clamped to within max_sync_distance_m of it, as in
//     Holden's open Motion-Matching code.
// Mirrored database ranges play the clips' mirrored copies (anim/mirror.h), made once when the
// database is built; without them, mirrored ranges are never chosen.
// init allocates; update never does.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/inertialization.h"
#include "anim/job_result.h"
#include "anim/motion_matching_database.h"
#include "anim/motion_matching_search.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/trajectory_spring.h"

namespace anim {

struct MotionMatchingControllerSettings {
  float search_interval_s = 0.1f;
  float current_bias = 0.05f;
  float blend_time_s = 0.2f;
  float trajectory_error_m = 0.5f;
  float position_half_life_s = 0.3f;
  float facing_half_life_s = 0.25f;
  float sync_half_life_s = 0.2f;
  float max_sync_distance_m = 0.3f;
};

// What the player asks for this frame, in the world: a velocity on the ground (m/s) and a
// facing (yaw about +Y, 0 facing +Z), and per clip of the database (by clip index) whether it
// may be chosen (empty: every clip). play_rate: the rate the clip plays at (stride warping's,
// CharacterInstance::warp_play_rate, where the legs reach no longer stride): the clip's time and
// root motion advance by dt times it, while the simulation, the searches and the blends (real
// seconds, as Unreal's blend times) advance by dt.
struct MotionMatchingInput {
  glm::vec3 desired_velocity{0.0f};
  float desired_yaw_rad = 0.0f;
  std::span<const std::uint8_t> clip_enabled;
  float play_rate = 1.0f;
};

// What the last search saw, for debug views and coverage.
struct MotionMatchingSearchReport {
  MotionMatchingMatch match;
  std::array<float, kFeatureGroupCount> best_costs{};
  std::array<float, kFeatureGroupCount> runner_up_costs{};
  bool switched = false;
};

// The clips a controller plays, indexed by the database ranges' clip_index: clips and their
// bindings, and for mirrored ranges the clips' mirrored copies (mirror_clip) and theirs. A
// mirrored range is played only when its clip has a mirrored copy with tracks; mirrored may be
// empty (no range mirrored is played) or one per clip.
struct MotionMatchingClips {
  std::span<const Clip> clips;
  std::span<const ClipBinding> bindings;
  std::span<const Clip> mirrored;
  std::span<const ClipBinding> mirrored_bindings;
};

class MotionMatchingController {
 public:
  // Binds the controller to a skeleton, the clips it plays (see MotionMatchingClips), the
  // database and its bounds; all must outlive the controller. Starts on the first playable frame
  // at the world origin facing +Z. Fails when a range names a clip outside clips, bindings is not
  // clips' size, mirrored is neither empty nor clips' size, mirrored_bindings is not mirrored's
  // size, no range is playable, or root_joint is not a joint.
  JobResult init(const Skeleton& skeleton, const MotionMatchingClips& clips,
                 const MotionMatchingDatabase& database, const MotionMatchingBounds& bounds,
                 int root_joint, const MotionMatchingControllerSettings& settings = {});
  // The same without mirrored copies: mirrored ranges are never played.
  JobResult init(const Skeleton& skeleton, std::span<const Clip> clips,
                 std::span<const ClipBinding> bindings, const MotionMatchingDatabase& database,
                 const MotionMatchingBounds& bounds, int root_joint,
                 const MotionMatchingControllerSettings& settings = {});

  // Plays a database frame from the next update on, as if a search had chosen it (through
  // inertialization once playing): for tools that replay what a session chose. The next
  // update still searches. Fails when not initialised, frame is not a frame, or its range is
  // not playable.
  JobResult play_frame(int frame);

  // Moves on by dt_s: writes the in-place local pose (root motion removed, inertialized) into
  // out_local and the root's step over this update into out_step (apply it with
  // accumulate_root_motion, as for any clip). Fails when not initialised, out_local is not the
  // skeleton's size, or dt_s is not positive and finite.
  JobResult update(const MotionMatchingInput& input, float dt_s, std::span<Transform> out_local,
                   RootMotionDelta& out_step);

  // Puts the character and the simulation back at the origin, facing +Z, still playing.
  void reset_position();
  // Puts the character (its ground position) where the caller moved it instead of the step the
  // last update gave (locomotion warping moved it at the trajectory's speed): the next update
  // goes on from there, the simulation kept within max_sync_distance_m of it.
  void place_character(glm::vec3 position);

  MotionMatchingControllerSettings& settings() { return settings_; }
  const MotionMatchingControllerSettings& settings() const { return settings_; }

  int current_range() const { return range_; }
  // The clip playing (the index in clips), and whether its mirrored copy is what plays.
  int current_clip() const;
  bool current_mirrored() const;
  float current_time_s() const { return time_s_; }
  // The database frame playing, or -1 when the clip has run past its last database frame.
  int current_frame() const { return database_ ? database_->frame_at(range_, time_s_) : -1; }
  int search_count() const { return search_count_; }
  int switch_count() const { return switch_count_; }
  const MotionMatchingSearchReport& last_search() const { return last_search_; }

  // The root motion of the clip over the last update (before the character was pulled towards
  // the simulation): how far the animation itself carried the character.
  const RootMotionDelta& clip_step() const { return clip_step_; }

  // The character's ground position and heading, and the simulation's.
  glm::vec3 character_position() const { return character_position_; }
  float character_yaw_rad() const { return character_yaw_; }
  const VelocitySpringState& simulation() const { return simulation_; }
  const YawSpringState& simulation_facing() const { return simulation_facing_; }

  // The desired trajectory (world positions and yaws at the database's trajectory points), and
  // the trajectory of the frame playing placed at the character (what it would do).
  std::span<const glm::vec3> desired_positions() const { return desired_positions_; }
  std::span<const float> desired_yaws_rad() const { return desired_yaws_; }
  std::array<glm::vec3, kTrajectoryPointCount> matched_positions() const;

  // The raw query of the last search (kFeatureDimension values).
  std::span<const float> last_query() const { return query_raw_; }

 private:
  // The frame playing and how far the desired trajectory is from the one it will travel.
  struct QueryFrame {
    int frame = -1;
    float trajectory_error = 0.0f;
  };
  // update's steps, in order.
  JobResult simulate(const MotionMatchingInput& input, float dt_s);
  QueryFrame build_query(const MotionMatchingInput& input);
  JobResult search_when_due(const QueryFrame& query_frame);
  JobResult play_on(float dt_s, float play_rate, std::span<Transform> out_local,
                    RootMotionDelta& out_clip_step);
  void follow_root_motion(const RootMotionDelta& clip_step, float dt_s, RootMotionDelta& out_step);
  // Clamps the simulation to within max_sync_distance_m of the character.
  void keep_simulation_near();

  JobResult switch_to(int frame, float dt_s);
  JobResult sample_in_place(int range, float time_s, std::span<Transform> out);
  bool playable(const DatabaseRange& range) const;
  // A range's clip among clips_ then mirrored_ (its sampling cache's index too).
  std::size_t slot(int range) const;
  const Clip& slot_clip(std::size_t slot) const;
  const ClipBinding& slot_binding(std::size_t slot) const;

  const Skeleton* skeleton_ = nullptr;
  MotionMatchingClips clips_;
  const MotionMatchingDatabase* database_ = nullptr;
  const MotionMatchingBounds* bounds_ = nullptr;
  RootMotionSettings root_settings_;
  MotionMatchingControllerSettings settings_;

  std::vector<SamplingCache> caches_;  // one per slot
  std::vector<Transform> pose_, previous_output_, current_output_;
  std::vector<std::uint8_t> range_enabled_;
  Inertializer inertializer_;

  int range_ = 0;
  float time_s_ = 0.0f;
  float search_timer_s_ = 0.0f;
  float last_dt_s_ = 1.0f / 60.0f;
  bool have_output_ = false;
  int search_count_ = 0;
  int switch_count_ = 0;
  MotionMatchingSearchReport last_search_;
  RootMotionDelta clip_step_;

  glm::vec3 character_position_{0.0f};
  float character_yaw_ = 0.0f;
  VelocitySpringState simulation_;
  YawSpringState simulation_facing_;
  std::array<float, kTrajectoryPointCount> trajectory_times_s_{};
  std::array<glm::vec3, kTrajectoryPointCount> desired_positions_{};
  std::array<float, kTrajectoryPointCount> desired_yaws_{};
  std::array<float, kFeatureDimension> query_raw_{};
  std::array<float, kFeatureDimension> query_{};
};

}  // namespace anim
