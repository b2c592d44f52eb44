#pragma once
// The viewer's live foot-slide meter (anim/foot_slide_meter.h), fed from the scene after each
// update and shown under the timeline (ui/slide_plot.h) and in the stats overlay
// (ui/foot_slide_readout.h). The feet are measured on the ground the character walks on: its
// root motion accumulated, whether the view applies it or keeps the character in place, so a
// walk treading on the spot reads as the walk it is.

#include <string>
#include <vector>

#include "anim/foot_slide_meter.h"
#include "anim/transform.h"
#include "app/viewer_scene.h"
#include "ui/foot_slide_readout.h"
#include "ui/view_settings.h"

namespace app {

// The plot's frames: 5 s at 60 frames a second.
inline constexpr int kSlidePlotFrames = 300;

struct SlideMetering {
  anim::FootSlideMeter meter;
  int sized_for_generation = -1;  // the document generation (a load) the meter was sized for
  PlayMode mode = PlayMode::RestPose;
  int preview_clip = -1;
  bool motion_matching = false;  // whether motion matching played the last frame, not the graph
  double playhead_s = 0.0;       // the clock's time after the last frame
  anim::Transform ground = anim::Transform::identity();  // the character on the walked ground
  float leg_length_m = 0.0f;
  std::vector<std::string> feet;  // "L", "R"; a quadruped's "FL", "FR", "HL", "HR"
};

// Feeds the frame the scene has just played, dt_s after the last. Sizes the meter for a new
// document generation (app::Document::generation: each load, a unit-guess reload too) or rig
// (allocates); restarts it when the mode or the previewed clip changes, when motion matching takes
// over from the graph or hands back, or when the playhead jumps (a scrub, a step, a jump to a
// marker); leaves out frames that do not play (a paused clip, the rest pose).
void meter_foot_slide(SlideMetering& metering, const ViewerScene& scene, int generation,
                      float dt_s);

// What the meter's tallies are of, named from the scene (clip, blend space and its point, the
// transition's states).
ui::FootSlideNames foot_slide_names(const SlideMetering& metering, const ViewerScene& scene);

// The stats overlay's lines for the meter (none before a load or while the view hides the meter).
std::vector<std::string> foot_slide_overlay_lines(const SlideMetering& metering,
                                                  const ViewerScene& scene,
                                                  const ui::ViewSettings& view);

// The height the meter's plot takes on the viewport's bottom edge (0 while hidden).
float foot_slide_plot_height(const SlideMetering& metering, const ViewerScene& scene,
                             const ui::ViewSettings& view);

// Whether a playhead that moved from before_s to after_s over a frame in which the clock should
// have advanced expected_s (its speed times the frame, negative backwards) jumped instead: off
// by more than a frame and a half, allowing for a wrap over either end of the loop.
bool playhead_jumped(double before_s, double after_s, double expected_s,
                     const anim::Timeline& timeline);

}  // namespace app
