#pragma once
// Clip sampling: binds a clip to a skeleton by joint name, then samples it at any time into a
// caller-owned local pose. A per-player SamplingCache keeps one key cursor per channel, so that
// playing forward finds each key interval in O(1) and a frame costs O(joints).
// Clips with a linear key on every frame of a uniform grid (what FBX imports give) are also baked
// by bind_clip into whole-skeleton frames, so that sampling them is one branch-free interpolation
// between two contiguous pose blocks: the fast path of the per-frame update (see
// bench/anim_bench.cpp).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/job_result.h"
#include "anim/root_motion_track.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// How the tracks of one clip map onto the joints of one skeleton. Built once per
// (clip, skeleton) pair, outside the per-frame path. Clips made for a skeleton with extra or
// missing joints still play: their unknown tracks are skipped and unanimated joints keep the
// rest pose. Rebuild the binding whenever the clip's keys or the skeleton change.
struct ClipBinding {
  // Per clip track: the skeleton joint it drives, or -1 when the skeleton has no such joint.
  std::vector<int> track_to_joint;
  // Per skeleton joint: the clip track that drives it, or -1 when the clip does not animate it.
  std::vector<int> joint_to_track;
  // Names of the clip's joints that the skeleton lacks (their tracks are ignored).
  std::vector<std::string> missing_joints;
  // Indices of the skeleton joints that no track animates (they keep the rest pose).
  std::vector<int> unanimated_joints;

  // The baked form, empty when the clip does not qualify (see bind_clip): baked_frame_count
  // whole local poses of the skeleton, frame-major (frame f, joint j at
  // baked_frames[f * joints + j]), frame f at time f / baked_frame_rate, rotations unit and each
  // in the hemisphere of the same joint's previous frame.
  std::vector<Transform> baked_frames;
  float baked_frame_rate = 0.0f;
  int baked_frame_count = 0;

  // The compressed form (compressed_clip.h), empty unless BindOptions::compress asked for it
  // and the clip qualifies; when present it is what sample_clip reads, and nothing is baked.
  CompressedClip compressed;

  // BindOptions::root_motion_joint's keys as root-motion extraction reads them (joint -1: none
  // asked for).
  RootMotionTrack root_motion;

  bool baked() const { return baked_frame_count >= 2; }
};

// Choices for bind_clip.
struct BindOptions {
  // Bake qualifying clips (see bind_clip). Off only to compare against the key path.
  bool bake_uniform_frames = true;
  // Largest baked form, in bytes; longer clips sample from their keys.
  std::size_t max_baked_bytes = std::size_t{32} << 20;
  // Compress the clip (keyframe reduction within compression's error, quantized keys): about a
  // tenth of the memory of the keys, sampled as fast as baked frames, but no longer exact.
  bool compress = false;
  CompressionTolerance compression{};
  // The joint root motion is extracted from (RootMotionSettings::root_joint), whose keys bind_clip
  // measures into ClipBinding::root_motion; -1 for none.
  int root_motion_joint = 0;
};

// Maps every track of clip to the skeleton joint of the same name. When two tracks name the
// same joint, the first wins and the second is listed in missing_joints.
// With options.bake_uniform_frames, a clip whose duration is a whole number of frames at
// clip.source_fps and whose bound tracks are all either constant (fewer than two keys) or
// Linear with a key on every frame (what FBX imports and baked exports give) is also baked.
// Sampling the baked form is then the same arithmetic as sampling the keys, so the two agree to
// float rounding; other clips sample their keys.
ClipBinding bind_clip(const Clip& clip, const Skeleton& skeleton, const BindOptions& options = {});

// The bytes sample_clip reads for clip through binding: its compressed form, its baked frames,
// or its keys (clip_key_bytes), whichever the binding samples.
std::size_t sampled_bytes(const Clip& clip, const ClipBinding& binding);

// Checks a clip's own invariants: a finite positive duration, track times strictly increasing
// and within [0, duration], values sized to the keys (three per key for CubicSpline), finite
// values. Returns an empty string when valid, otherwise the cause naming the joint and channel.
// Sampling an invalid clip is safe but meaningless; import code should call this once.
std::string validate(const Clip& clip);

// Per-player sampling state: for every track of one clip, the key index last used by its
// translation, rotation and scale channels. The cursors are only hints: a stale or foreign
// cache gives the same pose, only slower, so seeking and reverse playback are always correct.
// A compressed binding samples through the decoded keys in compressed, which the cache must be
// sized for (the constructor or reset taking the binding).
struct SamplingCache {
  std::vector<std::uint32_t> cursors;        // 3 per clip track: translation, rotation, scale
  std::vector<std::uint32_t> morph_cursors;  // 1 per morph track
  CompressedSamplingContext compressed;

  SamplingCache() = default;
  // Sizes the cache for clip (the only allocation; do it when a player starts a clip).
  explicit SamplingCache(const Clip& clip) { reset(clip); }
  SamplingCache(const Clip& clip, const ClipBinding& binding) { reset(clip, binding); }
  void reset(const Clip& clip) {
    cursors.assign(clip.tracks.size() * 3, 0u);
    morph_cursors.assign(clip.morph_tracks.size(), 0u);
  }
  void reset(const Clip& clip, const ClipBinding& binding) {
    reset(clip);
    compressed.resize(binding.compressed.joint_count);
  }
};

// Maps any time onto the clip's timeline: wraps into [0, duration) when the clip loops (also
// for negative times, so reverse playback wraps too), clamps to [0, duration] otherwise.
// Returns 0 for a clip of zero or invalid duration.
float wrap_clip_time(const Clip& clip, float time_s);

// Samples one channel at time_s (already wrapped or clamped by the caller; times before the
// first key give the first value, after the last key the last value). cursor is the channel's
// key hint, read and updated. Step holds the earlier key; Linear lerps (vectors) or nlerps along
// the shortest arc (quaternions); CubicSpline evaluates glTF's Hermite spline with the tangents
// multiplied by the key interval (quaternions are normalized afterwards). An empty track gives
// fallback.
glm::vec3 sample_track(const Vec3Track& track, float time_s, std::uint32_t& cursor,
                       const glm::vec3& fallback);
glm::quat sample_track(const QuatTrack& track, float time_s, std::uint32_t& cursor,
                       const glm::quat& fallback);
float sample_track(const FloatTrack& track, float time_s, std::uint32_t& cursor, float fallback);

// Samples clip at time_s (wrapped for looping clips, clamped otherwise) into out_local, which
// must hold one transform per skeleton joint. Every joint is written: animated channels from the
// clip, the others from the rest pose. No allocation, no exceptions.
// A baked binding samples its frames and leaves the cache alone; a compressed one samples its
// compressed form through cache.compressed.
// Fails (writing nothing) when binding was not built for this clip and skeleton (sizes differ),
// when cache was not sized for this clip (and binding), or when out_local is not the skeleton's
// size.
JobResult sample_clip(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                      float time_s, SamplingCache& cache, std::span<Transform> out_local);

// The local transform of one joint at time_s, clamped to [0, duration] and not wrapped (so the
// end of a looping clip can be sampled), without a cache (a key search per channel): for
// root motion and tools that need a joint or two, not a whole pose. An out-of-range joint gives
// the identity; an unanimated joint its rest pose.
Transform sample_joint(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                       int joint, float time_s);

// sample_joint with key cursors (translation, rotation, scale) where each channel's key search
// starts and which it leaves at the interval found: a joint sampled at advancing times, as root
// motion samples its root every frame, finds its keys without a search.
Transform sample_joint(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                       int joint, float time_s, std::array<std::uint32_t, 3>& key_cursors);

}  // namespace anim
