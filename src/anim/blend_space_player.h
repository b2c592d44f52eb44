#pragma once
// BlendSpacePlayer: plays a 1D or 2D blend space. Each update advances the shared phase, takes
// the weights at the (optionally damped) input point, samples the clips whose weight matters,
// blends them, and returns the blended root motion of the same step.

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_2d.h"
#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/job_result.h"
#include "anim/pose.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/sync.h"

namespace anim {

struct GroundMotion;

struct BlendSpacePlayerSettings {
  // Clips whose weight is below this are not sampled; the others' weights are renormalized.
  float negligible_weight = 1e-3f;
  // Half-life of the input point's exponential smoothing in seconds; 0 follows the input at once.
  float damping_half_life_s = 0.0f;
  // When true, the root motion is taken out of the pose and returned as a step; when false the
  // pose keeps it and the step is zero.
  bool extract_root_motion = true;
  RootMotionSettings root_motion;
  // How the clips are bound: with compression, the player samples and blends them in one job
  // (sample_and_blend).
  BindOptions clip_binding{};
};

// The weights a player plays: those below negligible_weight set to zero and the rest
// renormalized, so skipping a clip does not shrink the blend. No allocation.
void drop_negligible_weights(float negligible_weight, std::span<float> weights);

// Per-instance playback state. The skeleton, the clips and their bindings (bind_clip, usually a
// BoundCharacter's) are borrowed: they must outlive the player and not change while it plays
// (rebuild after an edit). Building binds nothing, so it is cheap. Moved, not copied.
class BlendSpacePlayer {
 public:
  // Sets up a 1D space: clips[i], sampled through bindings[i], sits at thresholds[i]. Allocates
  // every buffer the updates need. Returns an empty string on success, otherwise the cause (the
  // player is then empty).
  [[nodiscard]] std::string build_1d(const Skeleton& skeleton, std::span<const Clip* const> clips,
                                     std::span<const ClipBinding* const> bindings,
                                     std::span<const float> thresholds,
                                     const BlendSpacePlayerSettings& settings);

  // Sets up a 2D space: clips[i] sits at positions[i], weighted by mode.
  [[nodiscard]] std::string build_2d(const Skeleton& skeleton, std::span<const Clip* const> clips,
                                     std::span<const ClipBinding* const> bindings, BlendMode2D mode,
                                     std::span<const glm::vec2> positions,
                                     const BlendSpacePlayerSettings& settings);

  // Root motion synthesised from the feet (ground_motion.h) for clips that play in place:
  // ground[i], when not null, is played instead of clips[i]'s own root motion. Borrowed like the
  // clips; one per clip, or empty for none. Call after building (building clears it).
  void set_ground_motion(std::span<const GroundMotion* const> ground);

  // Keeps the playback of previous (its phase and smoothed input point), e.g. the player of the
  // same blend space before a graph edit, so an edit does not restart the cycle.
  void continue_from(const BlendSpacePlayer& previous);

  // Advances by dt_s with the input point (for 1D only x is used), writes the blended local
  // pose into out_local (the skeleton's size) and this step's blended root motion into
  // out_root_motion. No allocation, no exceptions. Fails when the player is not built or
  // out_local has the wrong size.
  [[nodiscard]] JobResult update(float dt_s, glm::vec2 input, std::span<Transform> out_local,
                                 RootMotionDelta& out_root_motion);

  // The same, but plays at phase (in [0, segment_count)): a machine's blend-space state runs on
  // the machine's clock (offsets, speed, sync). Root motion: from the last phase when it played
  // on from there (up to 4 times its own pace), else of dt_s of play that ends at phase.
  [[nodiscard]] JobResult update_at(double phase, float dt_s, glm::vec2 input,
                                    std::span<Transform> out_local,
                                    RootMotionDelta& out_root_motion);

  // Writes into out (up to its size) the memory the next update most likely reads again: the
  // player's own buffers (each a small allocation of its own, each a wait from memory when not
  // asked for) and the sampling contexts of the clips the last update played (compressed clips
  // only). Returns how many ranges it wrote. For prefetch.h's hints.
  std::size_t touched_ranges(std::span<PrefetchRange> out) const;
  // Counts the changes of the clips in the blend (the weights of a new input point): the
  // ranges touched_ranges writes stay the same while it does.
  std::uint32_t weighed_version() const { return weighed_version_; }

  // Jumps the damped point to input (e.g. when the user drops the handle somewhere new).
  void reset_point(glm::vec2 input) { point_ = input; }

  // The state after the last update, for the editor and the state log.
  std::span<const float> weights() const { return weights_; }
  glm::vec2 smoothed_point() const { return point_; }
  double phase() const { return phase_; }
  float clip_time(int clip) const { return clip_time_at_phase(sync_, clip, phase_); }
  const SyncGroup& sync() const { return sync_; }
  // The blended durations of weights(): a machine times the blend by them.
  const BlendedPace& pace() const { return pace_; }
  int sampled_clip_count() const { return sampled_count_; }

 private:
  std::string build_common(const Skeleton& skeleton, std::span<const Clip* const> clips,
                           std::span<const ClipBinding* const> bindings,
                           const BlendSpacePlayerSettings& settings);
  void compute_weights(glm::vec2 point);
  // The clips whose weight is above zero (see weighed_).
  std::span<const std::uint32_t> weighed() const { return {weighed_.data(), weighed_count_}; }
  JobResult play(float dt_s, glm::vec2 input, std::optional<double> at_phase,
                 std::span<Transform> out_local, RootMotionDelta& out_root_motion);

  const Skeleton* skeleton_ = nullptr;
  std::vector<const Clip*> clips_;
  std::vector<const ClipBinding*> bindings_;
  std::vector<const GroundMotion*> ground_;
  std::vector<SamplingCache> caches_;
  std::vector<std::vector<Transform>> poses_;
  std::vector<BlendLayer> layers_;
  std::vector<CompressedBlendInput> compressed_inputs_;
  bool all_compressed_ = false;  // every clip's binding has its compressed form
  std::vector<float> weights_;
  // The clips whose weight is above zero, in order: the first weighed_count_ entries of weighed_
  // (one slot per clip), measured with weights_. An update plays only these, as a blend space's
  // clips are mostly out of the blend; every other clip's last_step_unwrapped_s_ is NaN.
  std::vector<std::uint32_t> weighed_;
  std::size_t weighed_count_ = 0;
  std::uint32_t weighed_version_ = 0;
  // The point weights_ were computed for: a point that did not move (a character standing, a
  // stick held still) keeps them without the weight search.
  std::optional<glm::vec2> weighed_point_;
  std::vector<std::uint32_t> zeroed_by_;  // the weight search's hints (blend_weights_2d)
  bool one_dimensional_ = false;
  std::vector<float> thresholds_;
  PreparedBlendSpace2D space_;
  SyncGroup sync_;
  BlendedPace pace_;  // of weights_, measured when they change
  BlendSpacePlayerSettings settings_;
  RootRestFrame root_frame_;  // of settings_.root_motion.root_joint, measured when built
  std::vector<RootMotionCursor> root_cursors_;  // per clip: where its last root step ended
  // Per clip: its unwrapped time at phase last_step_phase_, where the last step ended (NaN for a
  // clip not played then); the next step starts there unless the phase wrapped or jumped since.
  std::vector<double> last_step_unwrapped_s_;
  double last_step_phase_ = std::numeric_limits<double>::quiet_NaN();
  glm::vec2 point_{0.0f};
  bool point_set_ = false;
  double phase_ = 0.0;
  int sampled_count_ = 0;
};

}  // namespace anim
