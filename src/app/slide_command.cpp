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
#include "app/cli_checks.h"
#include "app/frame_options.h"

namespace app {
namespace {

struct SlideOptions {
  FrameOptions frame;
  float duration_s = 0.0f;  // 0: the clip's length, or 2 s of a project's graph
  bool json = false;
};

constexpr float kStep_s = 1.0f / 60.0f;
constexpr float kGraphDuration_s = 2.0f;

glm::vec3 to_world(const glm::mat4& world, glm::vec3 p) {
  return glm::vec3(world * glm::vec4(p, 1.0f));
}

int run_slide(const SlideOptions& options) {
  if (!(options.duration_s >= 0.0f)) {
    std::fprintf(stderr, "animview slide: --duration must not be negative\n");
    return 2;
  }
  FrameOptions frame = options.frame;
  frame.time_s = 0.0f;
  ViewerScene scene;
  FrameReport report;
  if (const int code = compose_frame(frame, scene, report); code != 0) {
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
  const anim::Skeleton& skeleton = scene.character.skeleton;
  std::vector<anim::FootSlide> feet(rig.legs.size());
  const ui::ViewSettings view;
  const int frames = std::max(1, static_cast<int>(std::lround(duration_s / kStep_s)));
  for (int f = 0; f <= frames; ++f) {
    if (std::string e = scene.update(f == 0 ? 0.0f : kStep_s, view); !e.empty()) {
      std::fprintf(stderr, "animview slide: %s\n", e.c_str());
      return 1;
    }
    const anim::CharacterInstance& instance = scene.instance;
    const int dominant = instance.dominant_clip();
    const glm::mat4 world = instance.world_matrix();
    for (std::size_t leg = 0; leg < rig.legs.size(); ++leg) {
      const bool planted =
          dominant >= 0 &&
          anim::foot_planted_at(scene.clips()[dominant], anim::leg_contact_name(rig.legs, leg),
                                instance.dominant_clip_time());
      anim::add_slide_frame(
          feet[leg], to_world(world, anim::heel_point(rig.legs[leg], instance.model_pose())),
          to_world(world, anim::toe_point(rig.legs[leg], instance.model_pose())), planted);
    }
  }
  const float leg_length = anim::rest_leg_length(skeleton, rig.legs);
  nlohmann::json out{{"file", options.frame.file},
                     {"duration_s", duration_s},
                     {"leg_length_m", leg_length},
                     {"feet", nlohmann::json::array()}};
  if (clip) out["clip"] = scene.clips()[scene.preview_clip].name;
  for (std::size_t leg = 0; leg < rig.legs.size(); ++leg) {
    const anim::FootSlide& foot = feet[leg];
    out["feet"].push_back({{"joint", skeleton.joint_names[rig.legs[leg].foot]},
                           {"steps", foot.steps},
                           {"slide_m", foot.slide_m},
                           {"slide_per_step_leg", anim::slide_per_step_share(foot, leg_length)}});
  }
  if (options.json) {
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::printf("%s: %.2f s, leg %.3f m\n", options.frame.file.c_str(), duration_s, leg_length);
  for (const auto& foot : out["feet"]) {
    std::printf("  %-24s %3d steps, slide %.3f m, %.1f%% of the leg per step\n",
                foot["joint"].get<std::string>().c_str(), foot["steps"].get<int>(),
                foot["slide_m"].get<double>(), 100.0 * foot["slide_per_step_leg"].get<double>());
  }
  return 0;
}

}  // namespace

void add_slide_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SlideOptions>();
  options->frame.root_motion = "applied";  // the ground is the world's floor
  CLI::App* slide = app.add_subcommand(
      "slide", "Measure how far planted feet slide over the ground while a clip or graph plays");
  slide->add_option("file", options->frame.file, "Character file or project (.json)")->required();
  add_frame_options(*slide, options->frame);
  // It plays from the start for a duration: a time or the node pose mean nothing here.
  slide->remove_option(slide->get_option("--time"));
  slide->remove_option(slide->get_option("--rest-pose"));
  slide
      ->add_option("--duration", options->duration_s,
                   "Seconds to play (default: the clip's length, or 2 s of a project's graph)")
      ->check(finite_number());
  slide->add_flag("--json", options->json, "Print JSON (the format scripts should use)");
  slide->callback([options, &exit_code] { exit_code = run_slide(*options); });
}

}  // namespace app
