#pragma once
// Motion-matching database (Clavet, GDC 2016; Holden et al., "Learned Motion Matching", 2020):
// one feature vector per frame of the chosen clips, sampled at a fixed rate, describing the pose
// (feet positions and velocities, hips velocity) and the future root trajectory (positions and
// facing 20, 40 and 60 frames ahead), all in the character's ground frame. Each feature group
// is normalised by its standard deviation and weighted, so a search is a plain nearest
// neighbour under the squared Euclidean distance (motion_matching_search.h).
//
// The character's ground frame at a time is the root-motion joint projected on the ground: its
// x and z (y = 0) and its heading about +Y, measured as root_motion.h measures it, so the
// trajectory features agree with extract_root_motion. Axes: +x to the character's left, +z
// forward, +y up.
//
// Built once when the clips or the settings change (it allocates); read-only afterwards. The
// weights can be changed without resampling (set_feature_weights).

#include <array>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/job_result.h"
#include "anim/skeleton.h"

namespace anim {

// The feature groups, in the order they appear in a feature vector.
enum class FeatureGroup {
  FootPositions,         // left then right foot, 3 each
  FootVelocities,        // left then right foot, 3 each
  HipsVelocity,          // 3
  TrajectoryPositions,   // (x, z) at each trajectory point
  TrajectoryDirections,  // facing (x, z) at each trajectory point
};
inline constexpr int kFeatureGroupCount = 5;
inline constexpr int kTrajectoryPointCount = 3;
inline constexpr int kFeatureDimension = 6 + 6 + 3 + 2 * kTrajectoryPointCount * 2;

// Where a group lives in a feature vector, and its name (for panels, files and reports).
struct FeatureGroupLayout {
  int offset = 0;
  int size = 0;
  const char* name = "";
};
const FeatureGroupLayout& feature_group_layout(FeatureGroup group);
const FeatureGroupLayout& feature_group_layout(int group_index);

// How much each group counts in a match (multiplies the normalised features; 0 ignores it).
// The defaults favour the trajectory: a database of looping clips without starts, stops or
// turns between them (the demo's) must still leave a gait when the input asks for another.
struct FeatureWeights {
  std::array<float, kFeatureGroupCount> group{0.75f, 0.5f, 0.5f, 2.0f, 1.5f};
};

// The joints the features are measured on. Taken as inputs so any rig finder can supply them.
struct MotionMatchingJoints {
  int left_foot = -1;
  int right_foot = -1;
  int hips = -1;
  int root = -1;  // the joint that carries root motion (often the hips)
};

// One clip to put in the database. A mirrored copy swaps the left and right features and
// negates their sideways (x) components: the features a left/right mirror of the clip would
// have. start_time_s shifts its sampling grid (frames at start_time_s + k / frame_rate), which
// repeats a clip at other phases.
struct DatabaseSource {
  const Clip* clip = nullptr;
  const ClipBinding* binding = nullptr;
  int clip_index = 0;  // the caller's index of the clip (what a match reports)
  bool mirrored = false;
  float start_time_s = 0.0f;
};

struct DatabaseSettings {
  float frame_rate = 60.0f;
  // Trajectory points, in frames ahead at frame_rate.
  std::array<int, kTrajectoryPointCount> trajectory_frames{20, 40, 60};
  MotionMatchingJoints joints;
  FeatureWeights weights;
  // A clip counts as having no root motion when its root travels less than this over the clip
  // while a foot sweeps more than in_place_foot_sweep_m forward and back: it is left out with a
  // notice (its trajectory features would say "standing" while its feet walk).
  float in_place_root_travel_m = 0.05f;
  float in_place_foot_sweep_m = 0.2f;
};

// The frames of one source: database frames [first_frame, first_frame + frame_count), frame k at
// clip time start_time_s + k / frame_rate. Frames too close to the end of a clip that does not
// loop (its trajectory would run past the end) are not in the database.
struct DatabaseRange {
  int clip_index = 0;
  bool mirrored = false;
  float start_time_s = 0.0f;
  int first_frame = 0;
  int frame_count = 0;
};

struct MotionMatchingDatabase {
  float frame_rate = 60.0f;
  std::array<int, kTrajectoryPointCount> trajectory_frames{20, 40, 60};
  std::vector<DatabaseRange> ranges;
  std::vector<float> raw;       // frame-major, kFeatureDimension per frame, as measured
  std::vector<float> features;  // (raw - mean) / scale * weight, what the search compares
  std::array<float, kFeatureDimension> mean{};
  std::array<float, kFeatureDimension> scale{};  // per group: the mean of its dims' deviations
  FeatureWeights weights;
  std::vector<std::string> notices;  // clips left out, unmirrored or given ground motion, and why

  int frame_count() const { return static_cast<int>(raw.size() / kFeatureDimension); }
  std::span<const float> raw_frame(int frame) const {
    return {raw.data() + as_size(frame) * kFeatureDimension, kFeatureDimension};
  }
  std::span<const float> frame_features(int frame) const {
    return {features.data() + as_size(frame) * kFeatureDimension, kFeatureDimension};
  }
  // The range holding frame (binary search), or -1 when frame is out of range.
  int range_of(int frame) const;
  // The clip time of a database frame.
  float frame_time_s(int frame) const;
  // The database frame nearest to time_s in range, or -1 when time_s lies outside its frames.
  int frame_at(int range, float time_s) const;
};

// Builds the database: samples every source at settings.frame_rate, measures the features (see
// the top of this file), computes the normalisation and applies settings.weights. Sources whose
// clip, binding or skeleton are unusable, or whose clip has no root motion (see
// DatabaseSettings), are left out with a notice naming the clip. Fails (an empty database and
// the cause in *error) when a joint of settings.joints is not a joint of skeleton, the frame rate
// or trajectory frames are not positive, or no frame remains.
MotionMatchingDatabase build_motion_matching_database(const Skeleton& skeleton,
                                                      std::span<const DatabaseSource> sources,
                                                      const DatabaseSettings& settings,
                                                      std::string* error = nullptr);

// Appends the frames and ranges of from to into (their clip indices shifted by
// clip_index_offset), so clips of several skeletons share one database, then recomputes the
// normalisation and features of into with its weights. Fails when the trajectory frames or frame
// rates differ.
JobResult append_database(MotionMatchingDatabase& into, const MotionMatchingDatabase& from,
                          int clip_index_offset);

// Recomputes mean and scale from raw (a group whose values never vary gets scale 1).
void compute_normalisation(MotionMatchingDatabase& database);

// Replaces the weights and recomputes features from raw, mean and scale. Any search bounds
// built on the old features must be rebuilt.
void set_feature_weights(MotionMatchingDatabase& database, const FeatureWeights& weights);

// Normalises and weights one raw feature vector as the database's frames are, so it can be
// compared with them. Fails when raw or out is not kFeatureDimension long.
JobResult normalize_features(const MotionMatchingDatabase& database, std::span<const float> raw,
                             std::span<float> out);

// The mirrored form of a raw feature vector (see DatabaseSource). in and out may alias.
void mirror_features(std::span<const float, kFeatureDimension> in,
                     std::span<float, kFeatureDimension> out);

}  // namespace anim
