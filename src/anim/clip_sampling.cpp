#include "anim/clip_sampling.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "anim/fast_math.h"
#include "anim/index.h"
#include "anim/key_interval.h"
#include "anim/keyframe_reduction.h"
#include "anim/math.h"

namespace anim {

namespace {
void bake(const Clip& clip, const Skeleton& skeleton, const BindOptions& options,
          ClipBinding& binding);
}  // namespace

ClipBinding bind_clip(const Clip& clip, const Skeleton& skeleton, const BindOptions& options) {
  ClipBinding binding;
  binding.track_to_joint.assign(clip.tracks.size(), -1);
  binding.joint_to_track.assign(as_size(skeleton.joint_count()), -1);
  for (std::size_t t = 0; t < clip.tracks.size(); ++t) {
    const int joint = skeleton.find_joint(clip.tracks[t].joint_name);
    if (joint < 0 || binding.joint_to_track[joint] >= 0) {
      binding.missing_joints.push_back(clip.tracks[t].joint_name);
      continue;
    }
    binding.track_to_joint[t] = joint;
    binding.joint_to_track[joint] = static_cast<int>(t);
  }
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (binding.joint_to_track[j] < 0) binding.unanimated_joints.push_back(j);
  }
  binding.root_motion =
      make_root_motion_track(clip, binding.joint_to_track, skeleton, options.root_motion_joint);
  if (options.compress) {
    binding.compressed = compress_clip(clip, binding, skeleton, options.compression);
    if (!binding.compressed.empty()) return binding;
  }
  if (options.bake_uniform_frames) bake(clip, skeleton, options, binding);
  return binding;
}

namespace {

template <typename T>
std::string validate_track(const Track<T>& track, float duration_s) {
  const std::size_t keys = track.times_s.size();
  const std::size_t per_key = track.interpolation == Interpolation::CubicSpline ? 3 : 1;
  if (track.values.size() != keys * per_key) {
    return "has " + std::to_string(track.values.size()) + " values for " + std::to_string(keys) +
           " keys";
  }
  for (std::size_t k = 0; k < keys; ++k) {
    const float t = track.times_s[k];
    if (!std::isfinite(t) || t < 0.0f || t > duration_s) {
      return "key " + std::to_string(k) + " at " + std::to_string(t) +
             " s lies outside the clip's duration";
    }
    if (k > 0 && !(t > track.times_s[k - 1])) {
      return "key times are not strictly increasing at key " + std::to_string(k);
    }
  }
  for (const T& v : track.values) {
    if (!finite(v)) return "has a non-finite value";
  }
  return {};
}

template <typename T>
T hermite(const T& v0, const T& out_tangent0, const T& in_tangent1, const T& v1, float s,
          float interval_s) {
  const float s2 = s * s;
  const float s3 = s2 * s;
  return v0 * (2.0f * s3 - 3.0f * s2 + 1.0f) + out_tangent0 * (interval_s * (s3 - 2.0f * s2 + s)) +
         v1 * (-2.0f * s3 + 3.0f * s2) + in_tangent1 * (interval_s * (s3 - s2));
}

inline float interpolate(float a, float b, float s) {
  return a + (b - a) * s;
}
inline glm::vec3 interpolate(const glm::vec3& a, const glm::vec3& b, float s) {
  return a + (b - a) * s;
}
// nlerp along the shortest arc without its normalization: callers normalize once at the end,
// in a loop of its own where the square roots of many joints overlap instead of forming one
// long dependency chain inside the sampling loop.
inline glm::quat interpolate(const glm::quat& a, const glm::quat& b, float s) {
  const float wb = glm::dot(a, b) < 0.0f ? -s : s;
  return a * (1.0f - s) + b * wb;
}

// The per-channel sampler; rotations come back unnormalized (see interpolate). Forward playback
// almost always finds t in the cursor's interval or the next one, so that check comes first and
// everything else is the slow path.
template <typename T>
[[gnu::always_inline]] inline T sample(const Track<T>& track, float t, std::uint32_t& cursor,
                                       const T& fallback) {
  const std::size_t keys = track.times_s.size();
  const bool cubic = track.interpolation == Interpolation::CubicSpline;
  if (keys < 2) {
    // The value of a cubic key sits between its two tangents.
    return keys == 0 ? fallback : track.values[cubic ? 1 : 0];
  }
  const float* times = track.times_s.data();
  std::uint32_t k = cursor;
  if (k + 1 < keys && times[k] <= t && t < times[k + 1]) {
    // Cached interval.
  } else if (k + 2 < keys && times[k + 1] <= t && t < times[k + 2]) {
    cursor = ++k;
  } else {
    if (!(t > times[0])) return track.values[cubic ? 1 : 0];
    if (t >= times[keys - 1]) return track.values[(keys - 1) * (cubic ? 3 : 1) + (cubic ? 1 : 0)];
    k = find_key_interval(track.times_s, t, k);
    cursor = k;
  }
  const float t0 = times[k];
  const float interval_s = times[k + 1] - t0;
  const float s = (t - t0) / interval_s;
  const T* v = track.values.data();
  switch (track.interpolation) {
    case Interpolation::Step:
      return v[k];
    case Interpolation::Linear:
      return interpolate(v[k], v[k + 1], s);
    case Interpolation::CubicSpline:
      v += k * 3;
      return hermite(v[1], v[2], v[3], v[4], s, interval_s);
  }
  return fallback;
}

// Samples the keys at time t (already wrapped or clamped) into out, one transform per joint
// (rest pose where not animated); cursors holds 3 per clip track. Arguments are checked by the
// callers.
void sample_keys(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton, float t,
                 std::uint32_t* all_cursors, std::span<Transform> out_local) {
  for (std::size_t j = 0; j < out_local.size(); ++j) {
    const Transform& rest = skeleton.rest_pose[j];
    const int track_index = binding.joint_to_track[j];
    if (track_index < 0) {
      out_local[j] = rest;
      continue;
    }
    const JointTrack& track = nth(clip.tracks, track_index);
    std::uint32_t* cursors = all_cursors + as_size(track_index) * 3;
    Transform& out = out_local[j];
    out.translation = sample(track.translation, t, cursors[0], rest.translation);
    out.rotation = sample(track.rotation, t, cursors[1], rest.rotation);
    out.scale = sample(track.scale, t, cursors[2], rest.scale);
  }
  for (Transform& out : out_local) out.rotation = fast::normalize(out.rotation);
}

// True when t * fps is a whole number (to a thousandth of a frame).
bool on_frame_grid(float t, float fps) {
  const float frames = t * fps;
  return std::fabs(frames - std::round(frames)) < 1e-3f;
}

// A track bakes exactly when it is constant, or Linear with a key on every frame of the grid:
// then lerping baked frames is the same arithmetic as lerping its keys.
template <typename T>
bool bakeable(const Track<T>& track, float fps, std::size_t frame_count) {
  if (track.times_s.size() < 2) return true;  // constant: any interpolation reads the same
  if (track.interpolation != Interpolation::Linear || track.times_s.size() != frame_count) {
    return false;
  }
  for (std::size_t k = 0; k < frame_count; ++k) {
    if (std::fabs(track.times_s[k] * fps - static_cast<float>(k)) >= 1e-3f) return false;
  }
  return true;
}

void bake(const Clip& clip, const Skeleton& skeleton, const BindOptions& options,
          ClipBinding& binding) {
  const float fps = clip.source_fps;
  if (!std::isfinite(fps) || fps <= 0.0f || !std::isfinite(clip.duration_s) ||
      clip.duration_s <= 0.0f || !on_frame_grid(clip.duration_s, fps) ||
      skeleton.rest_pose.size() != binding.joint_to_track.size()) {
    return;
  }
  const auto frame_count = static_cast<std::size_t>(std::lround(clip.duration_s * fps)) + 1;
  const std::size_t joints = skeleton.rest_pose.size();
  if (frame_count < 2 || frame_count * joints * sizeof(Transform) > options.max_baked_bytes) {
    return;
  }
  for (std::size_t t = 0; t < clip.tracks.size(); ++t) {
    if (binding.track_to_joint[t] < 0) continue;
    const JointTrack& track = clip.tracks[t];
    if (!bakeable(track.translation, fps, frame_count) ||
        !bakeable(track.rotation, fps, frame_count) || !bakeable(track.scale, fps, frame_count)) {
      return;
    }
  }
  binding.baked_frames.resize(frame_count * joints);
  SamplingCache cache(clip);
  for (std::size_t f = 0; f < frame_count; ++f) {
    const float time_s = std::min(static_cast<float>(f) / fps, clip.duration_s);
    const std::span<Transform> pose(binding.baked_frames.data() + f * joints, joints);
    // Unwrapped: the last frame of a looping clip is its end pose, not its start.
    sample_keys(clip, binding, skeleton, time_s, cache.cursors.data(), pose);
    if (f == 0) continue;
    // Aligned once here so sampling can lerp without a hemisphere test per joint.
    const Transform* previous = binding.baked_frames.data() + (f - 1) * joints;
    for (std::size_t j = 0; j < joints; ++j) {
      if (glm::dot(pose[j].rotation, previous[j].rotation) < 0.0f) {
        pose[j].rotation = -pose[j].rotation;
      }
    }
  }
  binding.baked_frame_rate = fps;
  binding.baked_frame_count = static_cast<int>(frame_count);
}

// Samples the baked frames. A Transform is ten floats, and every one of them is lerped between
// the two frames with the same factor (rotations were hemisphere-aligned at bake time and are
// normalized by the caller), so the whole pose is one flat loop the compiler vectorizes.
static_assert(sizeof(Transform) == 10 * sizeof(float) && std::is_standard_layout_v<Transform>);
void sample_baked(const ClipBinding& binding, float t, std::span<Transform> out) {
  const std::size_t joints = out.size();
  const float frame = t * binding.baked_frame_rate;
  const auto last = as_size(binding.baked_frame_count - 1);
  auto f = static_cast<std::size_t>(frame);  // t >= 0: truncation is floor
  float s = frame - static_cast<float>(f);
  if (f >= last) {
    f = last - 1;
    s = 1.0f;
  }
  const float* __restrict a = &binding.baked_frames[f * joints].translation.x;
  const float* __restrict b = a + joints * 10;
  float* __restrict o = &out[0].translation.x;
  for (std::size_t i = 0; i < joints * 10; ++i) o[i] = a[i] + (b[i] - a[i]) * s;
}

}  // namespace

std::size_t sampled_bytes(const Clip& clip, const ClipBinding& binding) {
  if (!binding.compressed.empty()) return binding.compressed.byte_size();
  if (binding.baked()) return binding.baked_frames.size() * sizeof(Transform);
  return clip_key_bytes(clip);
}

std::string validate(const Clip& clip) {
  if (!std::isfinite(clip.duration_s) || clip.duration_s <= 0.0f) {
    return "clip '" + clip.name + "' has no positive duration";
  }
  for (const JointTrack& track : clip.tracks) {
    const char* channels[] = {"translation", "rotation", "scale"};
    const std::string causes[] = {validate_track(track.translation, clip.duration_s),
                                  validate_track(track.rotation, clip.duration_s),
                                  validate_track(track.scale, clip.duration_s)};
    for (int c = 0; c < 3; ++c) {
      if (!causes[c].empty()) {
        return "clip '" + clip.name + "', joint '" + track.joint_name + "', " + channels[c] +
               " track " + causes[c];
      }
    }
  }
  for (const MorphTrack& track : clip.morph_tracks) {
    if (std::string cause = validate_track(track.weight, clip.duration_s); !cause.empty()) {
      return "clip '" + clip.name + "', node '" + track.node_name + "', morph target '" +
             track.target_name + "' weight track " + cause;
    }
  }
  return {};
}

float wrap_clip_time(const Clip& clip, float time_s) {
  const float duration = clip.duration_s;
  if (!std::isfinite(duration) || duration <= 0.0f || !std::isfinite(time_s)) return 0.0f;
  if (!clip.loop) return std::clamp(time_s, 0.0f, duration);
  if (time_s >= 0.0f && time_s < duration) return time_s;  // fmod's result, without its cost
  float wrapped = std::fmod(time_s, duration);
  if (wrapped < 0.0f) wrapped += duration;
  // fmod of a tiny negative time can round up to exactly duration.
  return wrapped < duration ? wrapped : 0.0f;
}

glm::vec3 sample_track(const Vec3Track& track, float time_s, std::uint32_t& cursor,
                       const glm::vec3& fallback) {
  return sample(track, time_s, cursor, fallback);
}

float sample_track(const FloatTrack& track, float time_s, std::uint32_t& cursor, float fallback) {
  return sample(track, time_s, cursor, fallback);
}

glm::quat sample_track(const QuatTrack& track, float time_s, std::uint32_t& cursor,
                       const glm::quat& fallback) {
  return fast::normalize(sample(track, time_s, cursor, fallback));
}

JobResult sample_clip(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                      float time_s, SamplingCache& cache, std::span<Transform> out_local) {
  const std::size_t joints = skeleton.rest_pose.size();
  if (binding.track_to_joint.size() != clip.tracks.size() ||
      binding.joint_to_track.size() != joints) {
    return JobResult::fail("sample_clip: the binding was built for another clip or skeleton");
  }
  if (cache.cursors.size() != clip.tracks.size() * 3) {
    return JobResult::fail("sample_clip: the sampling cache is not sized for this clip");
  }
  if (out_local.size() != joints) {
    return JobResult::fail("sample_clip: out_local is not the skeleton's joint count");
  }
  const float t = wrap_clip_time(clip, time_s);
  if (!binding.compressed.empty()) {
    if (cache.compressed.joint_count != binding.compressed.joint_count) {
      return JobResult::fail(
          "sample_clip: the sampling cache is not sized for the compressed clip");
    }
    return sample_compressed(binding.compressed, t, cache.compressed, out_local);
  }
  if (binding.baked()) {
    sample_baked(binding, t, out_local);
    for (Transform& out : out_local) out.rotation = fast::normalize(out.rotation);
    return JobResult::ok();
  }
  sample_keys(clip, binding, skeleton, t, cache.cursors.data(), out_local);
  return JobResult::ok();
}

Transform sample_joint(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                       int joint, float time_s) {
  std::array<std::uint32_t, 3> key_cursors{};
  return sample_joint(clip, binding, skeleton, joint, time_s, key_cursors);
}

Transform sample_joint(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                       int joint, float time_s, std::array<std::uint32_t, 3>& key_cursors) {
  if (joint < 0 || joint >= static_cast<int>(skeleton.rest_pose.size()) ||
      joint >= static_cast<int>(binding.joint_to_track.size())) {
    return Transform::identity();
  }
  const Transform& rest = nth(skeleton.rest_pose, joint);
  const int track_index = nth(binding.joint_to_track, joint);
  if (track_index < 0 || track_index >= static_cast<int>(clip.tracks.size())) return rest;
  const JointTrack& track = nth(clip.tracks, track_index);
  const float duration = std::isfinite(clip.duration_s) ? std::max(clip.duration_s, 0.0f) : 0.0f;
  const float t = std::isfinite(time_s) ? std::clamp(time_s, 0.0f, duration) : 0.0f;
  Transform out;
  out.translation = sample(track.translation, t, key_cursors[0], rest.translation);
  out.rotation = fast::normalize(sample(track.rotation, t, key_cursors[1], rest.rotation));
  out.scale = sample(track.scale, t, key_cursors[2], rest.scale);
  return out;
}

}  // namespace anim
