#pragma once
// The live foot-slide meter: anim/foot_slide.h's measure kept frame by frame while a character
// plays, for the viewer. Per foot, the slide speed of every recent frame (for a plot under the
// timeline) and running tallies of slide and steps over three spans of play at once: the clip
// playing, the blend-space point asked, and the last transition. Each tally restarts when its
// span changes; restart() forgets everything (a scrub, another clip). reset() allocates; the
// frames never do.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/foot_slide.h"
#include "anim/sole_frame.h"

namespace anim {

// What a frame played, which the tallies follow.
struct SlidePlaying {
  int clip = -1;                // the clip previewed, or the graph's heaviest; -1: none
  int blend_space = -1;         // the heaviest blend space; -1: none (a clip plays)
  glm::vec2 blend_point{0.0f};  // its input point
  int transition = -1;          // the machine's running transition; -1: none runs
};

// The spans of play a tally sums over.
enum class SlideSpan { Clip, BlendPoint, Transition };
inline constexpr int kSlideSpans = 3;

// Slide and steps summed over a span, per foot.
struct SlideTally {
  bool counted = false;  // frames were added (a blend point while a blend space played, ...)
  int subject = -1;      // the span's clip, blend space or transition
  glm::vec2 blend_point{0.0f};
  float duration_s = 0.0f;
  std::array<float, kMaxFootIkLegs> slide_m{};
  std::array<int, kMaxFootIkLegs> steps{};
};

class FootSlideMeter {
 public:
  // Sizes the meter for feet feet (at most kMaxFootIkLegs) and a plot of plot_frames frames, and
  // forgets everything. Allocates.
  void reset(int feet, int plot_frames);
  // Forgets the plot and the tallies, keeping the sizes (a scrub, a jump, another clip).
  void restart();

  // Adds a frame dt_s after the last one: the feet (the first feet() legs of sole) and what
  // played. A frame with dt_s not positive (a paused one) is ignored. The clip tally restarts
  // when playing.clip changes, the blend-point tally when the blend space or its point does
  // (and counts only while one plays), the transition tally when a transition starts (and
  // counts only while it runs, so it holds the last one afterwards). A tally restarted while a
  // foot stays planted counts that foot's step as begun. No allocation.
  void add_frame(const SoleFrame& sole, const SlidePlaying& playing, float dt_s);

  int feet() const { return feet_; }
  // What the last frame played (a blend-point tally is of the past when no blend space plays).
  const SlidePlaying& playing() const { return last_; }
  const SlideTally& tally(SlideSpan span) const { return tallies_[static_cast<int>(span)]; }
  // The foot's measure since the last restart, exactly foot_slide's over the same frames.
  const FootSlide& foot(int foot) const { return trackers_[foot]; }

  // The plot: per foot, plot_frames() slide speeds (m/s: a planted foot's slide over its frame,
  // 0 elsewhere) and whether it was planted, oldest first from plot_offset() (a ring; frames not
  // yet played are 0 and not planted).
  int plot_frames() const { return plot_frames_; }
  int plot_offset() const { return next_; }
  std::span<const float> plot_speeds(int foot) const;
  std::span<const std::uint8_t> plot_planted(int foot) const;

 private:
  void restart_tally(SlideSpan span, int subject, glm::vec2 point, const SoleFrame& sole);
  // Restarts the tallies whose span playing leaves, and says which count its frame.
  std::array<bool, kSlideSpans> follow(const SlidePlaying& playing, const SoleFrame& sole);

  int feet_ = 0;
  int plot_frames_ = 0;
  int next_ = 0;
  std::array<FootSlide, kMaxFootIkLegs> trackers_{};
  std::array<SlideTally, kSlideSpans> tallies_{};
  SlidePlaying last_;
  std::vector<float> speeds_;  // feet_ * plot_frames_, foot by foot
  std::vector<std::uint8_t> planted_;
};

}  // namespace anim
