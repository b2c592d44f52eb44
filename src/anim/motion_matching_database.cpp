#include "anim/motion_matching_database.h"

#include <algorithm>
#include <cmath>

#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/root_motion.h"

namespace anim {

namespace {

constexpr std::array<FeatureGroupLayout, kFeatureGroupCount> kLayout{{
    {0, 6, "foot_positions"},
    {6, 6, "foot_velocities"},
    {12, 3, "hips_velocity"},
    {15, 2 * kTrajectoryPointCount, "trajectory_positions"},
    {15 + 2 * kTrajectoryPointCount, 2 * kTrajectoryPointCount, "trajectory_directions"},
}};
static_assert(kLayout[4].offset + kLayout[4].size == kFeatureDimension);

bool valid_joint(const Skeleton& skeleton, int joint) {
  return joint >= 0 && joint < skeleton.joint_count();
}

// The character's ground frame: the root's ground position and heading (see the header).
struct GroundFrame {
  glm::vec3 position{0.0f};
  float yaw_rad = 0.0f;

  glm::vec3 to_local_direction(const glm::vec3& v) const {
    return glm::angleAxis(-yaw_rad, glm::vec3(0, 1, 0)) * v;
  }
  glm::vec3 to_local_point(const glm::vec3& p) const { return to_local_direction(p - position); }
};

// What one sampled frame of a clip gives the features.
struct SampledFrame {
  float time_s = 0.0f;
  GroundFrame ground;
  glm::vec3 left_foot{0.0f}, right_foot{0.0f}, hips{0.0f};  // model space
};

// The whole clip of source sampled on the database's grid: the ground frame under the root, the
// feet and the hips. Empty when a frame cannot be sampled.
std::vector<SampledFrame> sample_source(const Skeleton& skeleton, const DatabaseSource& source,
                                        const DatabaseSettings& settings) {
  const Clip& clip = *source.clip;
  const ClipBinding& binding = *source.binding;
  const float dt = 1.0f / settings.frame_rate;
  const MotionMatchingJoints& joints = settings.joints;
  const Transform root_parent = parent_rest_model(skeleton, joints.root);
  const glm::quat rest_root = compose(root_parent, nth(skeleton.rest_pose, joints.root)).rotation;
  std::vector<SampledFrame> frames;
  std::vector<Transform> local(skeleton.parents.size());
  std::vector<glm::mat4> model(skeleton.parents.size());
  SamplingCache cache(clip, binding);
  for (int k = 0;; ++k) {
    const float t = source.start_time_s + static_cast<float>(k) * dt;
    if (clip.loop ? t >= clip.duration_s : t > clip.duration_s + 1e-5f) break;
    if (!sample_clip(clip, binding, skeleton, std::min(t, clip.duration_s), cache, local) ||
        !local_to_model(skeleton, local, model)) {
      break;
    }
    SampledFrame f;
    f.time_s = t;
    const Transform root = compose(root_parent, nth(local, joints.root));
    f.ground.position = {root.translation.x, 0.0f, root.translation.z};
    f.ground.yaw_rad = heading_yaw(root.rotation, rest_root);
    f.left_foot = position(nth(model, joints.left_foot));
    f.right_foot = position(nth(model, joints.right_foot));
    f.hips = position(nth(model, joints.hips));
    frames.push_back(f);
  }
  return frames;
}

// A locomotion clip authored in place: its trajectory features would say "standing still".
bool steps_in_place(std::span<const SampledFrame> frames, const DatabaseSettings& settings) {
  float foot_min = 1e30f, foot_max = -1e30f;
  for (const SampledFrame& f : frames) {
    for (const glm::vec3& foot : {f.left_foot, f.right_foot}) {
      const float z = f.ground.to_local_point(foot).z;
      foot_min = std::min(foot_min, z);
      foot_max = std::max(foot_max, z);
    }
  }
  const float travel = glm::length(frames.back().ground.position - frames.front().ground.position);
  return travel < settings.in_place_root_travel_m &&
         foot_max - foot_min > settings.in_place_foot_sweep_m;
}

// The raw features of frames[k]: feet positions, feet and hips velocities, and the trajectory
// ahead from the clip's root motion.
void frame_features(const Skeleton& skeleton, const DatabaseSource& source,
                    const DatabaseSettings& settings, std::span<const SampledFrame> frames,
                    std::size_t k, std::array<float, kFeatureDimension>& v) {
  const SampledFrame& f = frames[k];
  // Velocities: backward differences (forward at the first frame), so a looping clip's wrap
  // never enters a difference.
  const SampledFrame& a = k == 0 ? frames[0] : frames[k - 1];
  const SampledFrame& b = k == 0 ? frames[1] : frames[k];
  const float inv_dt = 1.0f / (b.time_s - a.time_s);
  const std::array<glm::vec3, 5> vectors{
      f.ground.to_local_point(f.left_foot), f.ground.to_local_point(f.right_foot),
      f.ground.to_local_direction((b.left_foot - a.left_foot) * inv_dt),
      f.ground.to_local_direction((b.right_foot - a.right_foot) * inv_dt),
      f.ground.to_local_direction((b.hips - a.hips) * inv_dt)};
  for (std::size_t i = 0; i < vectors.size(); ++i) {
    for (int c = 0; c < 3; ++c) v[i * 3 + as_size(c)] = vectors[i][c];
  }
  RootMotionSettings root_settings;
  root_settings.root_joint = settings.joints.root;
  const float dt = 1.0f / settings.frame_rate;
  for (int p = 0; p < kTrajectoryPointCount; ++p) {
    const float ahead = static_cast<float>(settings.trajectory_frames[p]) * dt;
    const RootMotionDelta d = extract_root_motion(*source.clip, *source.binding, skeleton,
                                                  root_settings, f.time_s, ahead);
    const auto pos = as_size(kLayout[3].offset + 2 * p);
    const auto dir = as_size(kLayout[4].offset + 2 * p);
    v[pos] = d.translation.x;
    v[pos + 1] = d.translation.z;
    v[dir] = std::sin(d.yaw_rad);
    v[dir + 1] = std::cos(d.yaw_rad);
  }
  if (source.mirrored) mirror_features(v, v);
}

// Appends the raw features of every frame of source that the database keeps; returns the
// number of frames appended, or -1 (and the reason in notice) when the clip is left out.
int append_source(const Skeleton& skeleton, const DatabaseSource& source,
                  const DatabaseSettings& settings, std::vector<float>& raw, std::string& notice) {
  const Clip& clip = *source.clip;
  const float duration = clip.duration_s;
  const float dt = 1.0f / settings.frame_rate;
  if (!std::isfinite(duration) || duration <= dt) {
    notice = "clip '" + clip.name + "': shorter than one frame, left out";
    return -1;
  }
  if (source.binding->joint_to_track.size() != skeleton.parents.size()) {
    notice = "clip '" + clip.name + "': not bound to this skeleton, left out";
    return -1;
  }
  const std::vector<SampledFrame> frames = sample_source(skeleton, source, settings);
  if (frames.size() < 2) {
    notice = "clip '" + clip.name + "': fewer than two frames, left out";
    return -1;
  }
  if (steps_in_place(frames, settings)) {
    notice = "clip '" + clip.name +
             "': in place (no root motion) while its feet step, left out (its trajectory is "
             "unknown)";
    return -1;
  }
  const float horizon_s = static_cast<float>(settings.trajectory_frames.back()) * dt;
  int appended = 0;
  std::array<float, kFeatureDimension> v{};
  for (std::size_t k = 0; k < frames.size(); ++k) {
    if (!clip.loop && frames[k].time_s + horizon_s > duration + 1e-5f) break;
    frame_features(skeleton, source, settings, frames, k, v);
    raw.insert(raw.end(), v.begin(), v.end());
    ++appended;
  }
  if (appended == 0) {
    notice = "clip '" + clip.name + "': shorter than its trajectory horizon, left out";
    return -1;
  }
  return appended;
}

}  // namespace

const FeatureGroupLayout& feature_group_layout(FeatureGroup group) {
  return kLayout[static_cast<std::size_t>(group)];
}

const FeatureGroupLayout& feature_group_layout(int group_index) {
  return nth(kLayout, std::clamp(group_index, 0, kFeatureGroupCount - 1));
}

int MotionMatchingDatabase::range_of(int frame) const {
  if (frame < 0 || frame >= frame_count()) return -1;
  const auto it = std::upper_bound(ranges.begin(), ranges.end(), frame,
                                   [](int f, const DatabaseRange& r) { return f < r.first_frame; });
  return static_cast<int>(it - ranges.begin()) - 1;
}

float MotionMatchingDatabase::frame_time_s(int frame) const {
  const int r = range_of(frame);
  if (r < 0) return 0.0f;
  const DatabaseRange& range = nth(ranges, r);
  return range.start_time_s + static_cast<float>(frame - range.first_frame) / frame_rate;
}

int MotionMatchingDatabase::frame_at(int range, float time_s) const {
  if (range < 0 || range >= static_cast<int>(ranges.size())) return -1;
  const DatabaseRange& r = nth(ranges, range);
  const float k = std::round((time_s - r.start_time_s) * frame_rate);
  if (!(k >= 0.0f) || k >= static_cast<float>(r.frame_count)) return -1;
  return r.first_frame + static_cast<int>(k);
}

void mirror_features(std::span<const float, kFeatureDimension> in,
                     std::span<float, kFeatureDimension> out) {
  std::array<float, kFeatureDimension> m;
  std::copy(in.begin(), in.end(), m.begin());
  // Left and right feet swap (positions and velocities).
  for (int group = 0; group < 2; ++group) {
    const int o = nth(kLayout, group).offset;
    for (int c = 0; c < 3; ++c) std::swap(nth(m, o + c), nth(m, o + 3 + c));
  }
  // Sideways components change sign.
  for (int o = 0; o < 15; o += 3) nth(m, o) = -nth(m, o);
  for (int o = 15; o < kFeatureDimension; o += 2) nth(m, o) = -nth(m, o);
  std::copy(m.begin(), m.end(), out.begin());
}

MotionMatchingDatabase build_motion_matching_database(const Skeleton& skeleton,
                                                      std::span<const DatabaseSource> sources,
                                                      const DatabaseSettings& settings,
                                                      std::string* error) {
  MotionMatchingDatabase db;
  auto fail = [&](const std::string& cause) {
    if (error) *error = cause;
    return MotionMatchingDatabase{};
  };
  const MotionMatchingJoints& j = settings.joints;
  for (const auto& [joint, name] : {std::pair{j.left_foot, "left foot"},
                                    {j.right_foot, "right foot"},
                                    {j.hips, "hips"},
                                    {j.root, "root"}}) {
    if (!valid_joint(skeleton, joint)) {
      return fail(std::string("motion matching: the ") + name + " joint (" + std::to_string(joint) +
                  ") is not a joint of the skeleton");
    }
  }
  if (skeleton.rest_pose.size() != skeleton.parents.size()) {
    return fail("motion matching: the skeleton's rest pose is not its joint count");
  }
  if (!(settings.frame_rate > 0.0f) || !std::isfinite(settings.frame_rate)) {
    return fail("motion matching: the frame rate is not positive");
  }
  for (std::size_t p = 0; p < settings.trajectory_frames.size(); ++p) {
    if (settings.trajectory_frames[p] <= 0 ||
        (p > 0 && settings.trajectory_frames[p] <= settings.trajectory_frames[p - 1])) {
      return fail("motion matching: trajectory frames must be positive and increasing");
    }
  }
  db.frame_rate = settings.frame_rate;
  db.trajectory_frames = settings.trajectory_frames;
  for (const DatabaseSource& source : sources) {
    if (!source.clip || !source.binding) {
      db.notices.push_back("a source without a clip or binding was left out");
      continue;
    }
    std::string notice;
    const int first = db.frame_count();
    const int count = append_source(skeleton, source, settings, db.raw, notice);
    if (count < 0) {
      db.notices.push_back(notice);
      continue;
    }
    db.ranges.push_back({source.clip_index, source.mirrored, source.start_time_s, first, count});
  }
  if (db.frame_count() == 0) {
    std::string cause = "motion matching: no frame in the database";
    if (!db.notices.empty()) cause += " (" + db.notices.front() + ")";
    return fail(cause);
  }
  compute_normalisation(db);
  set_feature_weights(db, settings.weights);
  return db;
}

JobResult append_database(MotionMatchingDatabase& into, const MotionMatchingDatabase& from,
                          int clip_index_offset) {
  if (into.frame_count() > 0 &&
      (into.frame_rate != from.frame_rate || into.trajectory_frames != from.trajectory_frames)) {
    return JobResult::fail("append_database: the frame rates or trajectory frames differ");
  }
  if (into.frame_count() == 0) {
    into.frame_rate = from.frame_rate;
    into.trajectory_frames = from.trajectory_frames;
  }
  const int first = into.frame_count();
  for (DatabaseRange range : from.ranges) {
    range.first_frame += first;
    range.clip_index += clip_index_offset;
    into.ranges.push_back(range);
  }
  into.raw.insert(into.raw.end(), from.raw.begin(), from.raw.end());
  into.notices.insert(into.notices.end(), from.notices.begin(), from.notices.end());
  compute_normalisation(into);
  set_feature_weights(into, into.weights);
  return JobResult::ok();
}

void compute_normalisation(MotionMatchingDatabase& db) {
  const int n = db.frame_count();
  if (n == 0) return;
  std::array<double, kFeatureDimension> sum{}, sum_sq{};
  for (int f = 0; f < n; ++f) {
    const std::span<const float> v = db.raw_frame(f);
    for (int d = 0; d < kFeatureDimension; ++d) nth(sum, d) += nth(v, d);
  }
  for (int d = 0; d < kFeatureDimension; ++d) {
    nth(db.mean, d) = static_cast<float>(nth(sum, d) / n);
  }
  for (int f = 0; f < n; ++f) {
    const std::span<const float> v = db.raw_frame(f);
    for (int d = 0; d < kFeatureDimension; ++d) {
      const double x = nth(v, d) - nth(db.mean, d);
      nth(sum_sq, d) += x * x;
    }
  }
  // One scale per group (the mean of its dims' deviations) keeps a group's shape: the x and z
  // of a position stay comparable.
  for (const FeatureGroupLayout& g : kLayout) {
    double deviation = 0.0;
    for (int d = g.offset; d < g.offset + g.size; ++d) {
      deviation += std::sqrt(nth(sum_sq, d) / n);
    }
    deviation /= g.size;
    const float scale = deviation > 1e-6 ? static_cast<float>(deviation) : 1.0f;
    for (int d = g.offset; d < g.offset + g.size; ++d) nth(db.scale, d) = scale;
  }
}

void set_feature_weights(MotionMatchingDatabase& db, const FeatureWeights& weights) {
  db.weights = weights;
  db.features.resize(db.raw.size());
  const int n = db.frame_count();
  for (int f = 0; f < n; ++f) {
    const auto offset = as_size(f) * kFeatureDimension;
    // Both spans are kFeatureDimension long by construction: this cannot fail.
    if (!normalize_features(db, db.raw_frame(f),
                            std::span<float>(db.features.data() + offset, kFeatureDimension))) {
      break;
    }
  }
}

JobResult normalize_features(const MotionMatchingDatabase& db, std::span<const float> raw,
                             std::span<float> out) {
  if (raw.size() != kFeatureDimension) {
    return JobResult::fail("normalize_features: raw is not kFeatureDimension long");
  }
  if (out.size() != kFeatureDimension) {
    return JobResult::fail("normalize_features: out is not kFeatureDimension long");
  }
  for (int g = 0; g < kFeatureGroupCount; ++g) {
    const FeatureGroupLayout& layout = nth(kLayout, g);
    const float w = nth(db.weights.group, g);
    for (int d = layout.offset; d < layout.offset + layout.size; ++d) {
      const auto i = as_size(d);
      out[i] = (raw[i] - db.mean[i]) / db.scale[i] * w;
    }
  }
  return JobResult::ok();
}

}  // namespace anim
