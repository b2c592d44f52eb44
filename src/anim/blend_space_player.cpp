#include "anim/blend_space_player.h"

#include <bit>
#include <cmath>
#include <limits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "anim/blend_space_1d.h"
#include "anim/ground_motion.h"
#include "anim/index.h"

namespace anim {
namespace {

// How much faster than its own pace a blend played at a given phase may move and still count as
// playing on: a machine's state speed (the editor offers up to 4) or a sync group's leader.
constexpr double kPlayOnReach = 4.0;

// BlendSpacePlayer::last_step_unwrapped_s_ of a clip that did not play.
constexpr double kNotPlayed = std::numeric_limits<double>::quiet_NaN();

// Where a step that ends at phase `to` started, for its root motion: the phase last played when
// `to` is within reach of it (the machine's clock played on, faster or slower than the blend's own
// pace: the feet move as far as the pose does), otherwise dt_s at the blend's own pace before it
// (an entry or a jump, whose distance is no motion).
double played_from(const SyncGroup& sync, const BlendedPace& pace, double last, double to,
                   float dt_s) {
  const double own = std::abs(advance_phase(sync, pace, last, dt_s) - last);
  const double n = sync.segment_count;
  // The short way round the cycle; within one cycle fmod's result is the difference itself.
  double moved = to - last;
  if (!(std::abs(moved) < n)) moved = std::fmod(moved, n);
  if (moved > 0.5 * n) moved -= n;
  if (moved < -0.5 * n) moved += n;
  const bool along = moved * dt_s >= 0.0;
  if (along && std::abs(moved) <= kPlayOnReach * own) return to - moved;
  return advance_phase(sync, pace, to, -dt_s);
}

// wrap_clip_time(clip, time_s) for a time that wrapped_clip_time brought into [0, duration]:
// the time itself unless float rounding reached the clip's end. Checked here, as the call costs
// more than the check.
float sample_time(const Clip& clip, float time_s) {
  const float duration = clip.duration_s;
  const bool inside =
      time_s >= 0.0f && time_s < duration && duration <= std::numeric_limits<float>::max();
  return inside ? time_s : wrap_clip_time(clip, time_s);
}

// drop_negligible_weights' first pass: sets the negligible weights to zero and returns the sum of
// the weights, calling nonzero(i) in order for each weight i that is not zero then. The zeros
// (most of a blend space's weights) are left out of the sum, which they would not change: it
// starts at +0 and so never is -0, the one sum that adding +0 changes. Its second pass divides
// by a sum above zero, which leaves the zeros as they are: it may skip them too. With SSE the
// weights are dropped and tested four at a time, without a branch per weight, and only those
// left not zero are visited, in order: the same sum.
template <typename Nonzero>
float drop_negligible_and_sum(float negligible_weight, std::span<float> weights, Nonzero nonzero) {
  float sum = 0.0f;
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128 negligible = _mm_set1_ps(negligible_weight);
  for (; i + 4 <= weights.size(); i += 4) {
    float* const four = &weights[i];
    // w < negligible: +0, as the scalar pass writes (a NaN compares false and stays).
    const __m128 w =
        _mm_andnot_ps(_mm_cmplt_ps(_mm_loadu_ps(four), negligible), _mm_loadu_ps(four));
    _mm_storeu_ps(four, w);
    auto left = static_cast<unsigned>(~_mm_movemask_ps(_mm_cmpeq_ps(w, _mm_setzero_ps())) & 0xF);
    for (; left != 0; left &= left - 1u) {
      const auto k = static_cast<std::size_t>(std::countr_zero(left));
      sum += four[k];
      nonzero(i + k);
    }
  }
#endif
  for (; i < weights.size(); ++i) {
    float& w = weights[i];
    if (w < negligible_weight) w = 0.0f;
    if (w == 0.0f) continue;
    sum += w;
    nonzero(i);
  }
  return sum;
}

}  // namespace

std::string BlendSpacePlayer::build_common(const Skeleton& skeleton,
                                           std::span<const Clip* const> clips,
                                           std::span<const ClipBinding* const> bindings,
                                           const BlendSpacePlayerSettings& settings) {
  *this = BlendSpacePlayer{};
  if (std::string error = validate(skeleton); !error.empty()) return "skeleton: " + error;
  if (clips.empty()) return "the blend space has no clips";
  if (bindings.size() != clips.size()) return "one binding per clip is needed";
  for (const ClipBinding* binding : bindings) {
    if (binding == nullptr) return "a blend space sample has no binding";
  }
  for (const Clip* clip : clips) {
    if (clip == nullptr) return "a blend space sample has no clip";
    if (!(clip->duration_s > 0.0f)) return "clip '" + clip->name + "' has no duration";
  }
  if (settings.root_motion.root_joint < 0 ||
      settings.root_motion.root_joint >= skeleton.joint_count()) {
    return "the root motion joint is not a joint of the skeleton";
  }
  skeleton_ = &skeleton;
  settings_ = settings;
  root_frame_ = root_rest_frame(skeleton, settings.root_motion.root_joint);
  clips_.assign(clips.begin(), clips.end());
  all_compressed_ = true;
  bindings_.assign(bindings.begin(), bindings.end());
  for (std::size_t i = 0; i < clips.size(); ++i) {
    caches_.emplace_back(*clips[i], *bindings[i]);
    all_compressed_ = all_compressed_ && !bindings[i]->compressed.empty();
  }
  // Compressed clips are sampled and blended in one job; the others need a pose each.
  if (all_compressed_) {
    compressed_inputs_.resize(clips.size());
  } else {
    poses_.assign(clips.size(), skeleton.rest_pose);
    layers_.resize(clips.size());
  }
  weights_.assign(clips.size(), 0.0f);
  weighed_.assign(clips.size(), 0u);
  root_cursors_.assign(clips.size(), RootMotionCursor{});
  last_step_unwrapped_s_.assign(clips.size(), std::numeric_limits<double>::quiet_NaN());
  sync_ = build_sync_group(clips);
  measure_pace(sync_, weights_, pace_);  // allocates its segments here, not in an update
  return {};
}

std::string BlendSpacePlayer::build_1d(const Skeleton& skeleton, std::span<const Clip* const> clips,
                                       std::span<const ClipBinding* const> bindings,
                                       std::span<const float> thresholds,
                                       const BlendSpacePlayerSettings& settings) {
  if (thresholds.size() != clips.size()) return "one threshold per clip is needed";
  if (std::string error = validate_thresholds_1d(thresholds); !error.empty()) return error;
  if (std::string error = build_common(skeleton, clips, bindings, settings); !error.empty()) {
    return error;
  }
  one_dimensional_ = true;
  thresholds_.assign(thresholds.begin(), thresholds.end());
  return {};
}

std::string BlendSpacePlayer::build_2d(const Skeleton& skeleton, std::span<const Clip* const> clips,
                                       std::span<const ClipBinding* const> bindings,
                                       BlendMode2D mode, std::span<const glm::vec2> positions,
                                       const BlendSpacePlayerSettings& settings) {
  if (positions.size() != clips.size()) return "one position per clip is needed";
  PreparedBlendSpace2D space;
  if (std::string error = prepare_blend_space_2d(mode, positions, space); !error.empty()) {
    return error;
  }
  if (std::string error = build_common(skeleton, clips, bindings, settings); !error.empty()) {
    return error;
  }
  space_ = std::move(space);
  // Only the gradient band modes search pairs of samples (see blend_weights_2d).
  const bool gradient_bands =
      mode == BlendMode2D::FreeformDirectional || mode == BlendMode2D::FreeformCartesian;
  zeroed_by_.assign(gradient_bands ? clips.size() : 0, 0u);
  return {};
}

void BlendSpacePlayer::set_ground_motion(std::span<const GroundMotion* const> ground) {
  if (ground.size() == clips_.size()) {
    ground_.assign(ground.begin(), ground.end());
  } else {
    ground_.clear();
  }
}

void BlendSpacePlayer::continue_from(const BlendSpacePlayer& previous) {
  point_ = previous.point_;
  point_set_ = previous.point_set_;
  // The same phase is the same place in the cycle, even when the samples changed.
  phase_ = wrap_phase(sync_, previous.phase_);
}

void BlendSpacePlayer::compute_weights(glm::vec2 point) {
  if (weighed_point_ == point) return;
  weighed_point_ = point;
  if (one_dimensional_) {
    blend_weights_1d(thresholds_, point.x, weights_);
  } else {
    blend_weights_2d(space_, point, weights_, zeroed_by_);
  }
  // A clip that leaves the blend forgets where its last step ended (it is not played on): here
  // those the drop below sets to zero or finds at zero or below, ...
  const float negligible = settings_.negligible_weight;
  for (const std::uint32_t clip : weighed()) {
    const float w = weights_[clip];
    if (w < negligible || !(w > 0.0f)) last_step_unwrapped_s_[clip] = kNotPlayed;
  }
  // ... the weights not zero listed in the same pass that drops and sums them, renormalized
  // (drop_negligible_weights, the zeros skipped) ...
  std::size_t listed = 0;
  std::uint32_t* const list = weighed_.data();
  const float sum = drop_negligible_and_sum(
      negligible, weights_,
      [list, &listed](std::size_t clip) { list[listed++] = static_cast<std::uint32_t>(clip); });
  if (sum > 0.0f) {
    for (std::size_t n = 0; n < listed; ++n) weights_[list[n]] /= sum;
  }
  // ... and those at zero or below then (below zero, or an underflow) taken off that list.
  std::size_t kept = 0;
  for (std::size_t n = 0; n < listed; ++n) {
    const std::uint32_t clip = list[n];
    list[kept] = clip;
    const bool above_zero = weights_[clip] > 0.0f;
    if (!above_zero) last_step_unwrapped_s_[clip] = kNotPlayed;
    kept += above_zero ? 1 : 0;  // no branch to mispredict
  }
  weighed_count_ = kept;
  ++weighed_version_;
  measure_pace(sync_, weights_, weighed(), pace_);
}

void drop_negligible_weights(float negligible_weight, std::span<float> weights) {
  const float sum = drop_negligible_and_sum(negligible_weight, weights, [](std::size_t) {});
  if (sum > 0.0f) {
    for (float& w : weights) w /= sum;
  }
}

std::size_t BlendSpacePlayer::touched_ranges(std::span<PrefetchRange> out) const {
  std::size_t written = 0;
  note_range(std::span<const Clip* const>(clips_), out, written);
  note_range(std::span<const ClipBinding* const>(bindings_), out, written);
  note_range(std::span<const GroundMotion* const>(ground_), out, written);
  note_range(std::span<const SamplingCache>(caches_), out, written);
  note_range(std::span<const CompressedBlendInput>(compressed_inputs_), out, written);
  note_range(std::span<const float>(weights_), out, written);
  note_range(weighed(), out, written);
  note_range(std::span<const std::uint32_t>(zeroed_by_), out, written);
  note_range(std::span<const float>(thresholds_), out, written);
  note_range(std::span<const glm::vec2>(space_.positions), out, written);
  note_range(std::span<const std::array<int, 3>>(space_.triangulation.triangles), out, written);
  note_range(std::span<const std::array<int, 2>>(space_.triangulation.boundary), out, written);
  note_range(std::span<const float>(space_.speeds), out, written);
  note_range(std::span<const float>(space_.headings), out, written);
  note_range(std::span<const PreparedBlendSpace2D::DirectionalPair>(space_.pairs), out, written);
  note_range(std::span<const std::uint32_t>(space_.centres), out, written);
  note_range(std::span<const float>(space_.centre_relative_speeds), out, written);
  note_range(std::span<const float>(space_.centre_inv_mean_speeds), out, written);
  note_range(std::span<const float>(pace_.segment_s), out, written);
  note_range(std::span<const float>(sync_.durations_s), out, written);
  note_range(std::span<const std::vector<float>>(sync_.segment_starts_s), out, written);
  for (const std::vector<float>& starts : sync_.segment_starts_s) {
    note_range(std::span<const float>(starts), out, written);
  }
  note_range(std::span<const RootMotionCursor>(root_cursors_), out, written);
  for (const std::uint32_t i : weighed()) {
    if (!all_compressed_) break;
    written +=
        sampling_ranges(bindings_[i]->compressed, caches_[i].compressed, out.subspan(written));
  }
  return written;
}

JobResult BlendSpacePlayer::update(float dt_s, glm::vec2 input, std::span<Transform> out_local,
                                   RootMotionDelta& out_root_motion) {
  return play(dt_s, input, std::nullopt, out_local, out_root_motion);
}

JobResult BlendSpacePlayer::update_at(double phase, float dt_s, glm::vec2 input,
                                      std::span<Transform> out_local,
                                      RootMotionDelta& out_root_motion) {
  if (!std::isfinite(phase)) return JobResult::fail("blend space player: phase is not finite");
  return play(dt_s, input, phase, out_local, out_root_motion);
}

JobResult BlendSpacePlayer::play(float dt_s, glm::vec2 input, std::optional<double> at_phase,
                                 std::span<Transform> out_local, RootMotionDelta& out_root_motion) {
  if (skeleton_ == nullptr) return JobResult::fail("blend space player: not built");
  if (static_cast<int>(out_local.size()) != skeleton_->joint_count()) {
    return JobResult::fail("blend space player: out_local is not the skeleton's size");
  }
  if (!std::isfinite(dt_s) || !std::isfinite(input.x) || !std::isfinite(input.y)) {
    return JobResult::fail("blend space player: dt or input is not finite");
  }

  // Exponential smoothing toward the input: after one half-life half the gap remains.
  if (!point_set_ || settings_.damping_half_life_s <= 0.0f) {
    point_ = input;
    point_set_ = true;
  } else {
    const float keep = std::exp2(-std::abs(dt_s) / settings_.damping_half_life_s);
    point_ = input + (point_ - input) * keep;
  }
  compute_weights(point_);

  if (at_phase) phase_ = played_from(sync_, pace_, phase_, *at_phase, dt_s);
  const double next_phase = at_phase ? *at_phase : advance_phase(sync_, pace_, phase_, dt_s);
  out_root_motion = RootMotionDelta{};
  sampled_count_ = 0;
  const bool continues_last_step = phase_ == last_step_phase_;
  // The clips out of the blend are not played, and compute_weights has forgotten their steps.
  for (const std::uint32_t clip_index : weighed()) {
    const auto i = static_cast<int>(clip_index);
    const float w = weights_[clip_index];
    const Clip& clip = *clips_[clip_index];
    // Each end of the step measured once: the clip's time to sample and how far it played.
    const double unwrapped_next = unwrapped_clip_time(sync_, i, next_phase);
    const double unwrapped_last = std::exchange(last_step_unwrapped_s_[clip_index], unwrapped_next);
    const float time = wrapped_clip_time(sync_, i, unwrapped_next);
    if (all_compressed_) {
      // Sampled below, together with the blend.
      compressed_inputs_[sampled_count_++] = {&bindings_[i]->compressed, &caches_[i].compressed,
                                              sample_time(clip, time), w};
    } else {
      if (JobResult r = sample_clip(clip, *bindings_[i], *skeleton_, time, caches_[i], poses_[i]);
          !r) {
        return r;
      }
      layers_[sampled_count_++] = BlendLayer{poses_[i], w, {}};
    }
    if (settings_.extract_root_motion) {
      const double unwrapped_now = continues_last_step && !std::isnan(unwrapped_last)
                                       ? unwrapped_last
                                       : unwrapped_clip_time(sync_, i, phase_);
      const float from = wrapped_clip_time(sync_, i, unwrapped_now);
      const auto played = static_cast<float>(unwrapped_next - unwrapped_now);
      const GroundMotion* ground = ground_.empty() ? nullptr : ground_[i];
      const RootMotionDelta step =
          ground ? extract_ground_motion(*ground, settings_.root_motion, from, played)
                 : extract_root_motion(clip, *bindings_[i], *skeleton_, settings_.root_motion,
                                       root_frame_, from, played, root_cursors_[i]);
      out_root_motion.translation += w * step.translation;
      out_root_motion.yaw_rad += w * step.yaw_rad;
    }
  }
  last_step_phase_ = next_phase;
  phase_ = wrap_phase(sync_, next_phase);

  const auto count = as_size(sampled_count_);
  const JobResult blended =
      all_compressed_
          ? sample_and_blend({compressed_inputs_.data(), count}, skeleton_->rest_pose, out_local)
          : blend_poses({layers_.data(), count}, skeleton_->rest_pose, out_local);
  if (!blended) return blended;
  if (settings_.extract_root_motion)
    return remove_root_motion(*skeleton_, settings_.root_motion, root_frame_, out_local);
  return JobResult::ok();
}

}  // namespace anim
