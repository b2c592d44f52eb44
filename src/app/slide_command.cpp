#include "app/slide_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/foot_contact.h"
#include "anim/foot_slide.h"
#include "anim/sole_frame.h"
#include "app/cli_checks.h"
#include "app/frame_options.h"
#include "app/subcommand.h"

namespace app {
namespace {

struct SlideOptions {
  FrameOptions frame;
  float duration_s = 0.0f;  // 0: the clip's length, or 2 s of a project's graph
  bool json = false;
};

constexpr float kStep_s = 1.0f / 60.0f;
constexpr float kGraphDuration_s = 2.0f;

// The frame's root step with its ground part carried at speed_mps (0: as it is), as a game moves
// its capsule at the speed gameplay asks whatever the clip's stride: without stride warping the
// planted feet then slide by the difference, with it the stride keeps up (within its clamp), so
// the two compare like for like. A step without ground motion (an idle) has no direction to go.
anim::RootMotionDelta carried_step(anim::RootMotionDelta step, float speed_mps, float dt_s) {
  const float ground = glm::length(glm::vec2(step.translation.x, step.translation.z));
  if (speed_mps > 0.0f && ground > 0.0f) {
    const float scale = speed_mps * dt_s / ground;
    step.translation.x *= scale;
    step.translation.z *= scale;
  }
  return step;
}

// What playing the scene for a while measured: each leg's slide and how fast it went.
struct SlideRun {
  std::vector<anim::FootSlide> feet;
  float speed_mps = 0.0f;
  // Where it went (degrees, counter-clockwise seen from above: +z toward +x, as the blend space's
  // (velocity_x, velocity_z)); 0 when it did not move.
  float heading_deg = 0.0f;
};

// Plays the scene from where it is for duration_s in 1/60 s steps, measuring each leg's slide on
// the ground (the character carried at carried_mps when positive, see carried_step). Returns ""
// or the failing frame's message.
std::string play_and_measure(ViewerScene& scene, float duration_s, float carried_mps,
                             SlideRun& run) {
  const anim::FootIkRig& rig = scene.instance.foot_rig();
  run.feet.assign(rig.legs.size(), {});
  const visual::SceneView view;
  const int frames = std::max(1, static_cast<int>(std::lround(duration_s / kStep_s)));
  const bool moves = scene.settings.root_motion_mode == anim::RootMotionMode::Applied;
  const anim::Transform start = scene.instance.world();
  anim::Transform carried = start;
  for (int f = 0; f <= frames; ++f) {
    const float dt_s = f == 0 ? 0.0f : kStep_s;
    if (std::string e = scene.update(dt_s, view); !e.empty()) return e;
    const anim::CharacterInstance& instance = scene.instance;
    const int dominant = instance.dominant_clip();
    carried = moves ? anim::accumulate_root_motion(
                          carried, carried_step(instance.last_root_motion(), carried_mps, dt_s))
                    : instance.world();
    carried.translation.y = instance.world().translation.y;  // the ground under it
    // As the live meter, a frame that takes no time is not measured: nothing moved, and the
    // warping, which goes by a speed, starts with the first frame that does.
    if (!(dt_s > 0.0f)) continue;
    const anim::SoleFrame sole = anim::sole_frame(
        rig, instance.model_pose(), anim::to_matrix(carried),
        dominant >= 0 ? &scene.clips()[dominant] : nullptr, instance.dominant_clip_time());
    for (int leg = 0; leg < sole.legs; ++leg) {
      anim::add_slide_frame(run.feet[leg], sole.heel[leg], sole.toe[leg], sole.planted[leg]);
    }
  }
  const glm::vec2 went(carried.translation.x - start.translation.x,
                       carried.translation.z - start.translation.z);
  run.speed_mps = glm::length(went) / duration_s;
  run.heading_deg = glm::length(went) > 0.0f ? glm::degrees(std::atan2(went.x, went.y)) : 0.0f;
  return {};
}

void print_slide(const nlohmann::json& out, bool json) {
  if (json) {
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::printf("%s: %.2f s at %.2f m/s heading %.1f deg, leg %.3f m\n",
              out["file"].get<std::string>().c_str(), out["duration_s"].get<double>(),
              out["speed_mps"].get<double>(), out["heading_deg"].get<double>(),
              out["leg_length_m"].get<double>());
  for (const auto& foot : out["feet"]) {
    std::printf("  %-24s %3d steps, slide %.3f m, %.1f%% of the leg per step\n",
                foot["joint"].get<std::string>().c_str(), foot["steps"].get<int>(),
                foot["slide_m"].get<double>(), 100.0 * foot["slide_per_step_leg"].get<double>());
  }
}

int run_slide(const SlideOptions& options) {
  if (!(options.duration_s >= 0.0f)) {
    std::fprintf(stderr, "animview slide: --duration must not be negative\n");
    return 2;
  }
  FrameOptions frame = options.frame;
  frame.time_s = 0.0f;
  // The built-in demo without --clip plays its own project's graph, as the viewer opens it.
  frame.demo_project = frame.clip.empty();
  ViewerScene scene;
  project::Project project;  // the file's, bound in scene
  FrameReport report;
  if (const int code = compose_frame(frame, project, scene, report); code != 0) {
    print_frame_report("slide", report);
    return code;
  }
  const anim::FootIkRig& rig = scene.instance.foot_rig();
  if (rig.legs.empty()) {
    report.error = options.frame.file + ": no legs found in its skeleton, so no feet to measure";
    print_frame_report("slide", report);
    return 1;
  }
  print_frame_report("slide", report);
  const bool clip = scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0;
  if (!clip && scene.mode != PlayMode::Graph) {
    std::fprintf(stderr, "animview slide: give --clip, or a project whose graph plays\n");
    return 2;
  }
  const float duration_s = options.duration_s > 0.0f ? options.duration_s
                           : clip                    ? scene.clips()[scene.preview_clip].duration_s
                                                     : kGraphDuration_s;
  if (clip) {
    scene.clock.seek(0.0);
    scene.clock.set_playing(true);
  }
  // A clip asked a speed is carried at it; a graph's blend spaces ask their points' speeds.
  SlideRun run;
  if (std::string e =
          play_and_measure(scene, duration_s, clip ? frame.requested_speed_mps : 0.0f, run);
      !e.empty()) {
    std::fprintf(stderr, "animview slide: %s\n", e.c_str());
    return 1;
  }
  const anim::Skeleton& skeleton = scene.character.skeleton;
  const float leg_length = anim::rest_leg_length(skeleton, rig.legs);
  nlohmann::json out{{"file", options.frame.file},     {"duration_s", duration_s},
                     {"leg_length_m", leg_length},     {"speed_mps", run.speed_mps},
                     {"heading_deg", run.heading_deg}, {"feet", nlohmann::json::array()}};
  if (clip) out["clip"] = scene.clips()[scene.preview_clip].name;
  for (std::size_t leg = 0; leg < rig.legs.size(); ++leg) {
    const anim::FootSlide& foot = run.feet[leg];
    out["feet"].push_back({{"joint", skeleton.joint_names[rig.legs[leg].foot]},
                           {"steps", foot.steps},
                           {"slide_m", foot.slide_m},
                           {"slide_per_step_leg", anim::slide_per_step_share(foot, leg_length)}});
  }
  print_slide(out, options.json);
  return 0;
}

}  // namespace

void add_slide_command(CLI::App& app, int& exit_code) {
  const auto [slide, options] = add_subcommand(
      app, "slide",
      "Measure how far planted feet slide over the ground while a clip or graph plays", exit_code,
      run_slide);
  options->frame.root_motion = "applied";  // the ground is the world's floor
  // It plays from the start for a duration: a time or the node pose mean nothing here.
  add_frame_file(*slide, options->frame, {"--time", "--rest-pose"});
  slide
      ->add_option("--duration", options->duration_s,
                   "Seconds to play (default: the clip's length, or 2 s of a project's graph)")
      ->check(finite_number());
  add_json_flag(*slide, options->json);
}

}  // namespace app
