#include "anim/foot_slide_meter.h"

#include <algorithm>

#include "anim/index.h"

namespace anim {
namespace {

// A blend point that moved less than this (in the space's units) is the same point: the input
// smoothing's last creep does not restart the tally.
constexpr float kSamePoint = 1e-3f;

}  // namespace

void FootSlideMeter::reset(int feet, int plot_frames) {
  feet_ = std::clamp(feet, 0, kMaxFootIkLegs);
  plot_frames_ = std::max(plot_frames, 1);
  speeds_.assign(as_size(feet_ * plot_frames_), 0.0f);
  planted_.assign(speeds_.size(), 0);
  restart();
}

void FootSlideMeter::restart() {
  std::fill(speeds_.begin(), speeds_.end(), 0.0f);
  std::fill(planted_.begin(), planted_.end(), std::uint8_t{0});
  next_ = 0;
  trackers_ = {};
  tallies_ = {};
  last_ = {};
}

std::span<const float> FootSlideMeter::plot_speeds(int foot) const {
  return {speeds_.data() + as_size(foot * plot_frames_), as_size(plot_frames_)};
}

std::span<const std::uint8_t> FootSlideMeter::plot_planted(int foot) const {
  return {planted_.data() + as_size(foot * plot_frames_), as_size(plot_frames_)};
}

void FootSlideMeter::restart_tally(SlideSpan span, int subject, glm::vec2 point,
                                   const SoleFrame& sole) {
  SlideTally& tally = tallies_[static_cast<int>(span)];
  tally = {};
  tally.counted = true;
  tally.subject = subject;
  tally.blend_point = point;
  // A foot already planted is in a step that began before the span did.
  for (int f = 0; f < std::min(feet_, sole.legs); ++f) {
    tally.steps[f] = trackers_[f].planted && sole.planted[f] ? 1 : 0;
  }
}

std::array<bool, kSlideSpans> FootSlideMeter::follow(const SlidePlaying& playing,
                                                     const SoleFrame& sole) {
  const SlideTally& clip = tally(SlideSpan::Clip);
  if (!clip.counted || clip.subject != playing.clip) {
    restart_tally(SlideSpan::Clip, playing.clip, {}, sole);
  }
  const SlideTally& point = tally(SlideSpan::BlendPoint);
  const bool blending = playing.blend_space >= 0;
  if (blending && (!point.counted || point.subject != playing.blend_space ||
                   glm::length(point.blend_point - playing.blend_point) > kSamePoint)) {
    restart_tally(SlideSpan::BlendPoint, playing.blend_space, playing.blend_point, sole);
  }
  const bool transition = playing.transition >= 0;
  if (transition && playing.transition != last_.transition) {
    restart_tally(SlideSpan::Transition, playing.transition, {}, sole);
  }
  last_ = playing;
  return {true, blending, transition};
}

void FootSlideMeter::add_frame(const SoleFrame& sole, const SlidePlaying& playing, float dt_s) {
  if (!(dt_s > 0.0f) || feet_ == 0) return;
  const std::array<bool, kSlideSpans> counts = follow(playing, sole);
  for (int f = 0; f < std::min(feet_, sole.legs); ++f) {
    const SlideFrame added =
        add_slide_frame(trackers_[f], sole.heel[f], sole.toe[f], sole.planted[f]);
    const std::size_t at = as_size(f * plot_frames_ + next_);
    speeds_[at] = added.slide_m / dt_s;
    planted_[at] = sole.planted[f] ? 1 : 0;
    for (int s = 0; s < kSlideSpans; ++s) {
      if (!counts[s]) continue;
      tallies_[s].slide_m[f] += added.slide_m;
      tallies_[s].steps[f] += added.step_begun ? 1 : 0;
    }
  }
  for (int s = 0; s < kSlideSpans; ++s) {
    if (counts[s]) tallies_[s].duration_s += dt_s;
  }
  next_ = (next_ + 1) % plot_frames_;
}

}  // namespace anim
