#include "anim/compressed_clip.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <span>
#include <tuple>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/keyframe_reduction.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/quantization.h"
#include "anim/soa_transform.h"

namespace anim {

std::size_t CompressedClip::byte_size() const {
  std::size_t bytes = sizeof(duration_s) + sizeof(joint_count);
  for (const CompressedChannel* c : {&translations, &rotations, &scales}) {
    bytes += (c->keys.size() + c->constants.size()) * sizeof(QuantizedKey) +
             (c->range_min.size() + c->range_extent.size()) * sizeof(glm::vec3) +
             c->animated_groups.size();
  }
  // The constants' boxes of the two vector channels.
  bytes += 4 * sizeof(glm::vec3);
  return bytes;
}

std::vector<float> joint_extents(const Skeleton& skeleton, float leaf_extent_m) {
  const std::size_t joints = skeleton.parents.size();
  std::vector<float> extents(joints, 0.0f);
  std::vector<glm::mat4> model(joints);
  if (!local_to_model(skeleton, skeleton.rest_pose, model)) return extents;
  for (std::size_t j = 0; j < joints; ++j) {
    const glm::vec3 position(model[j][3]);
    for (int a = skeleton.parents[j]; a >= 0; a = nth(skeleton.parents, a)) {
      const auto ancestor = as_size(a);
      extents[ancestor] =
          std::max(extents[ancestor], glm::length(position - glm::vec3(model[a][3])));
    }
  }
  for (float& e : extents) e += leaf_extent_m;
  return extents;
}

namespace {

// Per joint, how much its parent's rest model transform enlarges a local length (the largest of
// its axes' lengths; 1 for a root).
std::vector<float> parent_model_scales(const Skeleton& skeleton) {
  const std::size_t joints = skeleton.parents.size();
  std::vector<float> scales(joints, 1.0f);
  std::vector<glm::mat4> model(joints);
  if (!local_to_model(skeleton, skeleton.rest_pose, model)) return scales;
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    if (parent < 0) continue;
    const glm::mat4& m = nth(model, parent);
    const float largest = std::max(
        {glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2]))});
    if (std::isfinite(largest) && largest > 1e-6f) scales[j] = largest;
  }
  return scales;
}

// A channel of one joint as linear keys from time 0 to the duration.
template <typename T>
struct LinearKeys {
  std::vector<float> times_s;
  std::vector<T> values;
};

// The track as linear keys over [0, duration]: constant tracks (or no track) as two keys of
// their value, CubicSpline resampled at fps, and a key added at either end where the track's
// first or last key leaves the value held. Returns false for Step tracks.
template <typename T>
bool linear_keys(const Track<T>* track, const T& rest, float duration_s, float fps,
                 LinearKeys<T>& out) {
  out = {};
  const std::size_t keys = track ? track->times_s.size() : 0;
  if (keys < 2) {
    const T value = keys == 0                                            ? rest
                    : track->interpolation == Interpolation::CubicSpline ? track->values[1]
                                                                         : track->values[0];
    out.times_s = {0.0f, duration_s};
    out.values = {value, value};
    return true;
  }
  if (track->interpolation == Interpolation::Step) return false;
  if (track->interpolation == Interpolation::CubicSpline) {
    const auto frames = static_cast<std::size_t>(std::ceil(duration_s * fps - 1e-3f));
    std::uint32_t cursor = 0;
    for (std::size_t f = 0; f <= frames; ++f) {
      const float t = std::min(static_cast<float>(f) / fps, duration_s);
      out.times_s.push_back(t);
      out.values.push_back(sample_track(*track, t, cursor, rest));
    }
    return true;
  }
  out.times_s = track->times_s;
  out.values = track->values;
  if (out.times_s.front() > 0.0f) {
    out.times_s.insert(out.times_s.begin(), 0.0f);
    out.values.insert(out.values.begin(), out.values.front());
  }
  if (out.times_s.back() < duration_s) {
    out.times_s.push_back(duration_s);
    out.values.push_back(out.values.back());
  }
  return true;
}

template <typename T>
Track<T> as_track(LinearKeys<T>&& keys) {
  Track<T> track;
  track.times_s = std::move(keys.times_s);
  track.values = std::move(keys.values);
  track.interpolation = Interpolation::Linear;
  return track;
}

// The quantized keys of one joint, in time order; keys that quantize to the time of the key
// before them are dropped (the last key, at the duration, stays).
template <typename Encode>
std::vector<QuantizedKey> quantize_keys(const std::vector<float>& times_s, float duration_s,
                                        Encode&& encode) {
  std::vector<QuantizedKey> keys;
  for (std::size_t k = 0; k < times_s.size(); ++k) {
    QuantizedKey key{};
    key.time = quantize_unit(times_s[k] / duration_s);
    encode(k, key);
    const bool last = k + 1 == times_s.size();
    if (!keys.empty() && keys.back().time >= key.time) {
      if (!last || keys.size() < 2) continue;
      keys.pop_back();
    }
    keys.push_back(key);
  }
  return keys;
}

// The keys of one channel of every joint, before they become a CompressedChannel: the animated
// joints' keys in time order and the constant joints' single values.
struct ChannelBuilder {
  std::vector<std::vector<QuantizedKey>> animated;  // per joint; empty when constant
  std::vector<QuantizedKey> constants;
  std::vector<glm::vec3> constant_values;  // vector channels: quantized once all are known
  std::vector<std::size_t> constant_joints;
  std::vector<glm::vec3> range_min, range_extent;  // per joint (vector channels)

  explicit ChannelBuilder(std::size_t joints)
      : animated(joints), range_min(joints), range_extent(joints) {}
};

void bounds(const std::vector<glm::vec3>& values, glm::vec3& min, glm::vec3& extent) {
  glm::vec3 max = values.front();
  min = values.front();
  for (const glm::vec3& v : values) {
    min = glm::min(min, v);
    max = glm::max(max, v);
  }
  extent = max - min;
}

// Adds a joint's vector channel: as a constant (the centre of its values) when every value is
// within tolerance of it, otherwise reduced within tolerance and quantized in its own box.
void add_vector_track(const Vec3Track& track, float tolerance, bool per_axis, std::size_t j,
                      float duration_s, ChannelBuilder& out) {
  glm::vec3 min, extent;
  bounds(track.values, min, extent);
  const glm::vec3 half = extent * 0.5f;
  if ((per_axis ? std::max({half.x, half.y, half.z}) : glm::length(half)) <= tolerance) {
    out.constant_joints.push_back(j);
    out.constant_values.push_back(min + half);
    return;
  }
  const Vec3Track reduced = reduce_track(track, tolerance, per_axis);
  bounds(reduced.values, out.range_min[j], out.range_extent[j]);
  out.animated[j] =
      quantize_keys(reduced.times_s, duration_s, [&](std::size_t k, QuantizedKey& key) {
        encode_vector(reduced.values[k], out.range_min[j], out.range_extent[j], key);
        key.joint = static_cast<std::uint16_t>(j);
      });
}

// Adds a joint's rotation channel: as a constant (its first key) when every key is within
// tolerance of it, otherwise reduced within tolerance and quantized.
void add_rotation_track(const QuatTrack& track, float tolerance, std::size_t j, float duration_s,
                        ChannelBuilder& out) {
  const glm::quat first = track.values.front();
  if (std::all_of(track.values.begin(), track.values.end(),
                  [&](const glm::quat& q) { return angle_between(first, q) <= tolerance; })) {
    QuantizedKey key{};
    encode_rotation(first, j, key);
    out.constants.push_back(key);
    return;
  }
  const QuatTrack reduced = reduce_track(track, tolerance);
  out.animated[j] = quantize_keys(
      reduced.times_s, duration_s,
      [&](std::size_t k, QuantizedKey& key) { encode_rotation(reduced.values[k], j, key); });
}

#if defined(__SSE2__)
// Scales the constant rotations to unit length as sampling scales a group's lerped rotations
// (simd::normalize_rotations, so to the same bits): sampling then reads them as they are.
// Lanes without a constant stay 0.
void normalize_constant_rotations(CompressedChannel& channel) {
  std::vector<bool> constant_lane(channel.constant_groups.size() / 16 * 4, false);
  for (const QuantizedKey& key : channel.constants) constant_lane[key_joint(key)] = true;
  for (std::size_t g = 0; g < constant_lane.size() / 4; ++g) {
    float* group = channel.constant_groups.data() + g * 16;
    simd::SoaTransform4 s = simd::zero4();
    s.qx = _mm_loadu_ps(group);
    s.qy = _mm_loadu_ps(group + 4);
    s.qz = _mm_loadu_ps(group + 8);
    s.qw = _mm_loadu_ps(group + 12);
    simd::normalize_rotations(s);
    alignas(16) float unit[16];
    _mm_store_ps(unit, s.qx);
    _mm_store_ps(unit + 4, s.qy);
    _mm_store_ps(unit + 8, s.qz);
    _mm_store_ps(unit + 12, s.qw);
    for (std::size_t lane = 0; lane < 4; ++lane) {
      if (!constant_lane[g * 4 + lane]) continue;
      for (std::size_t c = 0; c < 4; ++c) group[c * 4 + lane] = unit[c * 4 + lane];
    }
  }
}
#endif

// The decoded constants of channel, in CompressedChannel::constant_groups' layout.
void decode_constant_groups(std::size_t joints, bool rotation, CompressedChannel& channel) {
  const std::size_t components = rotation ? 4 : 3;
  channel.constant_groups.assign((joints + 3) / 4 * components * 4, 0.0f);
  for (const QuantizedKey& key : channel.constants) {
    float value[4];
    if (rotation) {
      decode_rotation(key, value);
    } else {
      decode_vector(key, channel.constant_min, channel.constant_extent, value);
    }
    const std::size_t j = key_joint(key);
    for (std::size_t c = 0; c < components; ++c) {
      channel.constant_groups[(j / 4) * components * 4 + c * 4 + j % 4] = value[c];
    }
  }
#if defined(__SSE2__)
  if (rotation) normalize_constant_rotations(channel);
#endif
}

// Whether every joint's decoded constant in a vector channel is (1, 1, 1) within the joint's
// tolerance: an exporter's 0.99999994 is a unit scale within any stated error.
bool unit_constants(const CompressedChannel& channel, std::span<const float> tolerances) {
  for (std::size_t j = 0; j < tolerances.size(); ++j) {
    for (std::size_t c = 0; c < 3; ++c) {
      const float value = channel.constant_groups[(j / 4) * 12 + c * 4 + j % 4];
      if (!(std::abs(value - 1.0f) <= tolerances[j])) return false;
    }
  }
  return true;
}

// The channel: the animated joints' keys ordered into one stream (see CompressedChannel) with
// their ranges, and the constants (vector ones quantized in the box they span together).
CompressedChannel finish(ChannelBuilder&& in, bool rotation) {
  CompressedChannel out;
  std::vector<std::size_t> animated;
  for (std::size_t j = 0; j < in.animated.size(); ++j) {
    if (!in.animated[j].empty()) animated.push_back(j);
  }
  out.animated_joints = animated.size();
  out.animated_groups.assign((in.animated.size() + 3) / 4, 0);
  for (std::size_t j : animated) out.animated_groups[j / 4] = 1;
  for (std::size_t j : animated) out.keys.push_back(in.animated[j][0]);
  for (std::size_t j : animated) out.keys.push_back(in.animated[j][1]);
  // (time of the predecessor, joint, key index): the order forward playback needs them in.
  std::vector<std::tuple<std::uint16_t, std::size_t, std::size_t>> later;
  for (std::size_t j : animated) {
    for (std::size_t k = 2; k < in.animated[j].size(); ++k) {
      later.emplace_back(in.animated[j][k - 1].time, j, k);
    }
  }
  std::sort(later.begin(), later.end());
  for (const auto& [needed, j, k] : later) out.keys.push_back(in.animated[j][k]);
  if (rotation) {
    out.constants = std::move(in.constants);
    decode_constant_groups(in.animated.size(), true, out);
    return out;
  }
  for (std::size_t j : animated) {
    out.range_min.push_back(in.range_min[j]);
    out.range_extent.push_back(in.range_extent[j]);
  }
  if (!in.constant_values.empty()) {
    bounds(in.constant_values, out.constant_min, out.constant_extent);
    for (std::size_t i = 0; i < in.constant_values.size(); ++i) {
      QuantizedKey key{};
      encode_vector(in.constant_values[i], out.constant_min, out.constant_extent, key);
      key.joint = static_cast<std::uint16_t>(in.constant_joints[i]);
      out.constants.push_back(key);
    }
  }
  decode_constant_groups(in.animated.size(), false, out);
  return out;
}

std::atomic<std::uint64_t> g_next_id{1};

}  // namespace

CompressedClip compress_clip(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                             const CompressionTolerance& tolerance, std::string* why_not) {
  const auto fail = [why_not](std::string cause) {
    if (why_not) *why_not = std::move(cause);
    return CompressedClip{};
  };
  const std::size_t joints = skeleton.rest_pose.size();
  if (!std::isfinite(clip.duration_s) || clip.duration_s <= 0.0f) {
    return fail("the clip has no positive duration");
  }
  if (joints == 0 || joints > as_size(kMaxCompressedJoints)) {
    return fail("the skeleton has " + std::to_string(joints) + " joints (1 to " +
                std::to_string(kMaxCompressedJoints) + " can be compressed)");
  }
  if (binding.joint_to_track.size() != joints ||
      binding.track_to_joint.size() != clip.tracks.size()) {
    return fail("the binding was built for another clip or skeleton");
  }
  const float fps =
      std::isfinite(clip.source_fps) && clip.source_fps > 0.0f ? clip.source_fps : 30.0f;
  const std::vector<float> extents = joint_extents(skeleton, tolerance.leaf_extent_m);
  const std::vector<float> parent_scales = parent_model_scales(skeleton);

  CompressedClip out;
  out.duration_s = clip.duration_s;
  out.joint_count = static_cast<int>(joints);
  ChannelBuilder translations(joints), rotations(joints), scales(joints);
  std::vector<float> scale_tolerances(joints);
  for (std::size_t j = 0; j < joints; ++j) {
    const int t = binding.joint_to_track[j];
    const JointTrack* track = t >= 0 ? &nth(clip.tracks, t) : nullptr;
    const Transform& rest = skeleton.rest_pose[j];
    LinearKeys<glm::vec3> translation, scale;
    LinearKeys<glm::quat> rotation;
    if (!linear_keys(track ? &track->translation : nullptr, rest.translation, clip.duration_s, fps,
                     translation) ||
        !linear_keys(track ? &track->rotation : nullptr, rest.rotation, clip.duration_s, fps,
                     rotation) ||
        !linear_keys(track ? &track->scale : nullptr, rest.scale, clip.duration_s, fps, scale)) {
      return fail("joint '" + skeleton.joint_names[j] + "' has a Step track");
    }
    // The joint's rotation and scale errors act over its extent (a scale error relative to its
    // own scale); its translation error as is, in its parent's units: a parent scaled by 100
    // (RobotExpressive's armature) makes a local centimetre a metre.
    const float angle_tolerance = tolerance.position_m / extents[j];
    const float rest_scale =
        std::max({std::abs(rest.scale.x), std::abs(rest.scale.y), std::abs(rest.scale.z), 1e-6f});
    add_vector_track(as_track(std::move(translation)), tolerance.position_m / parent_scales[j],
                     false, j, clip.duration_s, translations);
    add_rotation_track(as_track(std::move(rotation)), angle_tolerance, j, clip.duration_s,
                       rotations);
    scale_tolerances[j] = angle_tolerance * rest_scale;
    add_vector_track(as_track(std::move(scale)), scale_tolerances[j], true, j, clip.duration_s,
                     scales);
  }
  out.translations = finish(std::move(translations), false);
  out.rotations = finish(std::move(rotations), true);
  out.scales = finish(std::move(scales), false);
  out.unit_scales = out.scales.animated_joints == 0 && unit_constants(out.scales, scale_tolerances);
  out.id = g_next_id.fetch_add(1);
  return out;
}

}  // namespace anim
