#pragma once
// Compressed clip: the runtime's compact form of a clip bound to a skeleton, after the design of
// ozz-animation. Keys are first reduced within an error stated in model space (a joint's own
// error may move the joints below it by at most CompressionTolerance::position_m), then
// quantized to 10 bytes each: a 16-bit time (a fraction of the duration), the joint, and three
// 16-bit values (rotations as their three smallest components, translations and scales as
// fractions of the track's range). Each channel's keys form one stream ordered by when forward
// playback first needs them, so a player reads them sequentially (see compressed_sampling.h).
// Built once per (clip, skeleton) pair, outside the per-frame path.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace anim {

struct ClipBinding;

// How far the compressed clip may stray from the original.
struct CompressionTolerance {
  // The largest distance a joint's own error (translation, or rotation and scale acting over
  // the extent of the joints below it) may move any joint below it. Errors of a chain's joints
  // add up, as in ozz-animation's optimizer.
  float position_m = 1e-3f;
  // The extent given to a leaf joint (and added to every joint's), so that a rotation of a
  // joint with nothing below it, e.g. a hand's skin, stays within position_m at that distance.
  float leaf_extent_m = 0.1f;
  // Morph target weights: the largest difference from the original weight at any time (1 is a
  // shape fully on), for their compressed form (compressed_morph_tracks.h).
  float morph_weight = 1e-3f;
};

// One quantized key (10 bytes). For rotations, the top two bits of joint hold which component
// was largest (dropped, since the quaternion has unit length, and made positive by the sign
// choice q or -q); the 14 low bits are the joint. values are the three other components mapped
// from [-1/sqrt(2), 1/sqrt(2)] (rotations) or from the track's [min, min + extent] (translations,
// scales) onto [0, 65535].
struct QuantizedKey {
  std::uint16_t time;  // time_s = time / 65535 * duration
  std::uint16_t joint;
  std::uint16_t values[3];
};
static_assert(sizeof(QuantizedKey) == 10);

// The keys of one channel (translation, rotation or scale) of every joint. A joint whose channel
// does not change is stored once in constants; the others, the animated joints, have at least
// two keys, the first at time 0 and the last at the duration, in one stream: it opens with each
// animated joint's first key (in joint order), then their second keys in the same order; every
// later key k of a joint follows in the order of the time of key k - 1 (when forward playback
// needs it), ties by joint.
struct CompressedChannel {
  std::vector<QuantizedKey> keys;
  std::size_t animated_joints = 0;
  // Per group of four joints (0-3, 4-7, ...): 1 when any of them is animated. A sampler reads
  // only the constants of the other groups.
  std::vector<std::uint8_t> animated_groups;
  std::vector<QuantizedKey> constants;  // one per constant joint; time unused
  // The constants decoded, laid out as a sampling context's first key values (group by group,
  // component by component, one lane per joint; 3 components for vectors, 4 for rotations,
  // scaled to unit length as sampling scales lerped ones; zero for animated joints and the lanes
  // past the last joint). A sampler reads the groups that
  // have no animated joint here, shared by every player, instead of from its own context: a
  // crowd then reads a few hot cache lines where it read as many cold ones per instance.
  std::vector<float> constant_groups;
  // Vector channels: the box the values of the i-th animated joint (the joint of keys[i]) span,
  // and the box every constant value spans. Unused for rotations.
  std::vector<glm::vec3> range_min;
  std::vector<glm::vec3> range_extent;
  glm::vec3 constant_min{0.0f};
  glm::vec3 constant_extent{0.0f};
};

struct CompressedClip {
  float duration_s = 0.0f;
  int joint_count = 0;
  // Distinguishes compressed clips so that a sampling context notices when it is handed a
  // different clip (copies share the id: their data is the same).
  std::uint64_t id = 0;
  CompressedChannel translations;
  CompressedChannel rotations;
  CompressedChannel scales;
  // Every joint's scale is the constant (1, 1, 1) within the joint's scale tolerance, as in
  // most clips: a sampler writes ones instead of reading and blending the scale channel.
  bool unit_scales = false;

  bool empty() const { return joint_count == 0; }
  // The bytes of the compressed form: keys, ranges and group flags (container overhead
  // excluded), the measure ozz-animation's sizes compare with. The decoded constants, a cache
  // rebuilt from the constants (40 bytes a joint whatever the clip's length), are not counted.
  std::size_t byte_size() const;
};

// The largest joint count a compressed clip can address (14 bits of QuantizedKey::joint).
inline constexpr int kMaxCompressedJoints = 1 << 14;

// Compresses clip for skeleton through binding (bind_clip's, without its compressed form).
// Linear and constant tracks are reduced directly; CubicSpline tracks are first sampled at the
// clip's source frame rate. Returns an empty CompressedClip, with the cause in *why_not when
// given, for a clip it cannot represent: Step tracks, a skeleton of more than
// kMaxCompressedJoints joints, a binding for another clip or skeleton, or a duration that is
// not finite and positive.
CompressedClip compress_clip(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                             const CompressionTolerance& tolerance, std::string* why_not = nullptr);

// Per joint, the distance from the joint to the farthest joint below it in the rest pose, plus
// leaf_extent_m: the lever arm over which its rotation and scale errors act.
std::vector<float> joint_extents(const Skeleton& skeleton, float leaf_extent_m);

}  // namespace anim
