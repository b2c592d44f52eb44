#include "app/slide_metering.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <variant>

#include "anim/foot_contact.h"
#include "anim/sole_frame.h"
#include "ui/slide_plot.h"

namespace app {
namespace {

// "foot_l" -> "L", "foot_fl" -> "FL": the leg's contact name without its prefix.
std::string foot_label(const anim::FootIkRig& rig, std::size_t leg) {
  std::string name(anim::leg_contact_name(rig.legs, leg));
  if (name.rfind("foot_", 0) == 0) name.erase(0, 5);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name.empty() ? std::to_string(leg + 1) : name;
}

void size_meter(SlideMetering& metering, const ViewerScene& scene, int generation) {
  const anim::FootIkRig& rig = scene.instance.foot_rig();
  metering.meter.reset(static_cast<int>(rig.legs.size()), kSlidePlotFrames);
  metering.sized_for_generation = generation;
  metering.leg_length_m = anim::rest_leg_length(scene.character.skeleton, rig.legs);
  metering.feet.clear();
  for (std::size_t leg = 0; leg < rig.legs.size(); ++leg) {
    metering.feet.push_back(foot_label(rig, leg));
  }
}

// Whether motion matching plays the scene's frame: its pose over the graph's mode.
bool motion_matching_plays(const ViewerScene& scene) {
  return std::holds_alternative<anim::ExternalPose>(scene.instance.source());
}

// What the scene played this frame: its clip, the heaviest blend space and its point, the
// machine's running transition.
anim::SlidePlaying playing_now(const ViewerScene& scene) {
  const anim::CharacterInstance& instance = scene.instance;
  anim::SlidePlaying playing;
  playing.clip = instance.dominant_clip();
  // Motion matching plays its clips over the graph's mode: no point or transition of it plays.
  if (scene.mode != PlayMode::Graph || motion_matching_plays(scene)) return playing;
  if (instance.has_machine()) {
    float heaviest = 0.0f;
    for (const anim::WeightedSource& source : instance.machine().sources()) {
      if (source.weight <= heaviest) continue;
      heaviest = source.weight;
      playing.blend_space = source.kind == anim::SourceKind::BlendSpace ? source.index : -1;
    }
    const anim::TransitionStatus& transition = instance.machine().transition();
    if (transition.running) playing.transition = transition.transition;
  } else if (!scene.graph().blend_spaces.empty()) {
    playing.blend_space = 0;  // without a machine the graph plays its first blend space
  }
  if (playing.blend_space >= 0)
    playing.blend_point = instance.blend_space_input(playing.blend_space);
  return playing;
}

// Whether the meter must start again before this frame: another mode or clip, motion matching
// taking over or handing back (a step half-way through is not finished by the other's feet), a
// jump.
bool starts_again(const SlideMetering& metering, const ViewerScene& scene, float dt_s) {
  if (metering.mode != scene.mode) return true;
  if (metering.motion_matching != motion_matching_plays(scene)) return true;
  if (scene.mode != PlayMode::ClipPreview) return false;
  if (metering.preview_clip != scene.preview_clip) return true;
  // Paused, any move of the playhead is the user's (a scrub, a step): frames are not fed then.
  if (!scene.clock.playing()) return scene.clock.time_s() != metering.playhead_s;
  // The clock ran at stride warping's play rate too.
  const double direction = scene.clock.running_backwards() ? -1.0 : 1.0;
  return playhead_jumped(metering.playhead_s, scene.clock.time_s(),
                         direction * dt_s * scene.clock.speed() * scene.clock_play_rate,
                         scene.clock.timeline());
}

}  // namespace

bool playhead_jumped(double before_s, double after_s, double expected_s,
                     const anim::Timeline& timeline) {
  const double advance = after_s - before_s;
  const double off = std::min({std::fabs(advance - expected_s),
                               std::fabs(advance + timeline.duration_s - expected_s),
                               std::fabs(advance - timeline.duration_s - expected_s)});
  return off > 1.5 / timeline.fps;
}

void meter_foot_slide(SlideMetering& metering, const ViewerScene& scene, int generation,
                      float dt_s) {
  if (!scene.loaded) return;
  const anim::CharacterInstance& instance = scene.instance;
  if (metering.sized_for_generation != generation ||
      metering.meter.feet() != static_cast<int>(instance.foot_rig().legs.size())) {
    size_meter(metering, scene, generation);
  }
  if (starts_again(metering, scene, dt_s)) {
    metering.meter.restart();
    metering.ground = instance.world();
  }
  metering.mode = scene.mode;
  metering.preview_clip = scene.preview_clip;
  metering.motion_matching = motion_matching_plays(scene);
  metering.playhead_s = scene.clock.time_s();
  const bool plays = scene.mode == PlayMode::Graph ||
                     (scene.mode == PlayMode::ClipPreview && scene.clock.playing());
  if (!plays || !(dt_s > 0.0f) || metering.meter.feet() == 0) return;
  metering.ground = anim::accumulate_root_motion(metering.ground, instance.last_root_motion());
  metering.ground.translation.y = instance.world().translation.y;
  const int clip = instance.dominant_clip();
  const anim::SoleFrame sole =
      anim::sole_frame(instance.foot_rig(), instance.model_pose(), anim::to_matrix(metering.ground),
                       clip >= 0 ? &scene.clips()[clip] : nullptr, instance.dominant_clip_time());
  metering.meter.add_frame(sole, playing_now(scene), dt_s);
}

std::vector<std::string> foot_slide_overlay_lines(const SlideMetering& metering,
                                                  const ViewerScene& scene,
                                                  const ui::ViewSettings& view) {
  if (!scene.loaded || !view.show_foot_slide_lines) return {};
  return ui::foot_slide_lines(metering.meter, foot_slide_names(metering, scene),
                              metering.leg_length_m);
}

float foot_slide_plot_height(const SlideMetering& metering, const ViewerScene& scene,
                             const ui::ViewSettings& view) {
  if (!scene.loaded || !view.show_foot_slide_plot) return 0.0f;
  return ui::slide_plot_window_height(metering.meter.feet());
}

ui::FootSlideNames foot_slide_names(const SlideMetering& metering, const ViewerScene& scene) {
  ui::FootSlideNames names;
  names.feet = metering.feet;
  const anim::FootSlideMeter& meter = metering.meter;
  const int clip = meter.tally(anim::SlideSpan::Clip).subject;
  if (clip >= 0 && clip < static_cast<int>(scene.clips().size())) {
    names.clip = scene.clips()[clip].name;
  }
  if (!scene.loaded) return names;
  const anim::GraphBinding& graph = scene.graph();
  const anim::SlideTally& point = meter.tally(anim::SlideSpan::BlendPoint);
  if (meter.playing().blend_space >= 0 && point.subject >= 0 &&
      point.subject < static_cast<int>(graph.blend_spaces.size())) {
    char at[64];
    std::snprintf(at, sizeof(at), " (%.2f, %.2f)", point.blend_point.x, point.blend_point.y);
    names.blend_point = graph.blend_spaces[point.subject].name + at;
  }
  const anim::SlideTally& transition = meter.tally(anim::SlideSpan::Transition);
  if (graph.has_machine && transition.subject >= 0 &&
      transition.subject < static_cast<int>(graph.machine.transitions.size())) {
    const anim::Transition& t = graph.machine.transitions[transition.subject];
    const auto state = [&](int s) {
      return s >= 0 && s < static_cast<int>(graph.machine.states.size())
                 ? graph.machine.states[s].name
                 : std::string("any state");
    };
    names.transition = state(t.source) + " -> " + state(t.target);
  }
  return names;
}

}  // namespace app
