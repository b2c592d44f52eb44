#include "app/frame_options.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "anim/clip_lookup.h"
#include "anim/clip_sampling.h"
#include "app/async_loader.h"
#include "app/cli_checks.h"
#include "demo/demo_character.h"
#include "project/guessed_units_loading.h"
#include "project/project_binding.h"
#include "ui/notice_list.h"

namespace app {
namespace {

anim::TerrainShape terrain_shape(const std::string& name) {
  if (name == "slope") return anim::TerrainShape::Slope;
  if (name == "stairs") return anim::TerrainShape::Stairs;
  if (name == "rough") return anim::TerrainShape::Rough;
  return anim::TerrainShape::Flat;
}

bool is_project(const std::string& path) {
  return std::filesystem::path(path).extension() == ".json";
}

// Plays the previewed clip from its start up to time_s in 1/60 s steps (the last one shorter),
// as the viewer would have played it. Returns 0, or 1 with the failing job's message in error.
int play_clip_up_to(float time_s, ViewerScene& scene, std::string& error) {
  constexpr double kStep_s = 1.0 / 60.0;
  scene.clock.seek(0.0);
  scene.clock.set_playing(false);
  const visual::SceneView view;
  error = scene.update(0.0f, view);
  scene.clock.set_playing(true);
  for (double played = 0.0; error.empty() && played < time_s - 1e-6; played += kStep_s) {
    error = scene.update(static_cast<float>(std::min(kStep_s, time_s - played)), view);
  }
  scene.clock.set_playing(false);
  return error.empty() ? 0 : 1;
}

// An option that is "on" or "off".
void add_on_off_option(CLI::App& command, const char* name, std::string& value,
                       const char* description) {
  command.add_option(name, value, description)->check(CLI::IsMember({"on", "off"}));
}

}  // namespace

void add_frame_options(CLI::App& command, FrameOptions& options) {
  command.add_option("--anim-file", options.anim_file,
                     "Take the clips from this file, bound to the character by joint name");
  command.add_option("--clip", options.clip,
                     "Clip name or index (default: the node pose, or a project's graph)");
  command
      .add_option("--time", options.time_s,
                  "Time in seconds (wraps for looping clips; a project's graph runs up to it)")
      ->check(finite_number());
  command.add_flag("--rest-pose", options.rest_pose, "The file's own node pose");
  command.add_option("--ground", options.ground, "The ground under the character")
      ->check(CLI::IsMember({"flat", "slope", "stairs", "rough"}));
  command.add_option("--slope", options.slope_deg, "Slope angle in degrees (--ground slope)")
      ->check(finite_number() & CLI::Range(-60.0f, 60.0f));
  command.add_flag("--foot-ik", options.foot_ik, "Fit the feet to the ground with foot IK");
  command.add_flag("--lock-feet", options.lock_feet,
                   "Lock planted feet where they land (with --foot-ik; a clip is then played "
                   "from its start in 1/60 s steps up to --time)");
  command
      .add_option("--root-motion", options.root_motion,
                  "in-place (the viewer's default), applied (moves the character), off (left "
                  "in the pose)")
      ->check(CLI::IsMember({"in-place", "applied", "off"}));
  add_on_off_option(command, "--post-process", options.post_process,
                    "on (default): run the project's post-process stack after foot IK; off");
  add_on_off_option(command, "--stride-warping", options.stride_warping,
                    "on or off: scale the stride to the speed asked (default: the project's)");
  add_on_off_option(command, "--orientation-warping", options.orientation_warping,
                    "on or off: turn the hips to the direction asked (default: the project's)");
  command
      .add_option("--requested-speed", options.requested_speed_mps,
                  "The speed (m/s) stride warping asks of a clip (a blend space asks its point's)")
      ->check(finite_number() & CLI::Range(0.0f, 100.0f));
  command.add_option("--param", options.parameters, "Set a graph parameter, NAME=VALUE")
      ->check(finite_assignment());
  command
      .add_option("--unit-scale", options.unit_scale,
                  "Metres per file unit (default: the file's own, or the viewer's guess when "
                  "the character's size says it is not in metres)")
      ->check(finite_number() & CLI::Range(1e-6f, 1e6f));
}

namespace {

// The file (with --anim-file's clips) loaded in the units the viewer would guess, its warnings
// among the report's notices; 0, or 1 with report.error set.
int load_frame_file(const FrameOptions& options, LoadOutcome& loaded, FrameReport& report) {
  LoadRequest request;
  request.files = {options.file};
  if (!options.anim_file.empty()) request.files.push_back(options.anim_file);
  request.settings.unit_scale = options.unit_scale;
  std::string units_notice;
  loaded = project::load_in_guessed_units(request, units_notice);
  if (!units_notice.empty()) {
    report.notices.push_back(request.files.front() + ": " + units_notice +
                             " (--unit-scale overrides)");
  }
  if (!loaded.ok) {
    report.error =
        loaded.errors.empty() ? options.file + ": cannot be loaded" : loaded.errors.front().message;
    return 1;
  }
  for (const std::string& w : loaded.character.report.warnings) {
    report.notices.push_back(options.file + ": " + w);
  }
  for (std::string& w : loaded.warnings) report.notices.push_back(std::move(w));
  for (LoadError& e : loaded.errors) report.notices.push_back(std::move(e.message));  // a clip file
  return 0;
}

// The ground, foot IK, post-process, warping and root motion the options ask for (warping as the
// project saved it unless asked), handed to the instance. Returns "" or the cause.
std::string apply_frame_settings(const FrameOptions& options, const project::ProjectView& saved,
                                 ViewerScene& scene) {
  scene.terrain.shape = terrain_shape(options.ground);
  scene.terrain.slope_deg = options.slope_deg;
  scene.settings.foot_ik = options.foot_ik;
  scene.settings.foot_ik_settings.lock_feet = options.lock_feet;
  scene.settings.post_process = options.post_process != "off";
  scene.settings.stride_warping =
      options.stride_warping.empty() ? saved.stride_warping : options.stride_warping == "on";
  scene.settings.stride_warping_settings = saved.stride_warping_settings;
  scene.settings.stride_warping_settings.requested_speed_mps = options.requested_speed_mps;
  scene.settings.orientation_warping = options.orientation_warping.empty()
                                           ? saved.orientation_warping
                                           : options.orientation_warping == "on";
  scene.settings.orientation_warping_settings = saved.orientation_warping_settings;
  scene.settings.root_motion_mode = options.root_motion == "applied"
                                        ? anim::RootMotionMode::Applied
                                        : anim::RootMotionMode::InPlace;
  if (options.root_motion == "off") {
    scene.settings.root_motion.extract_x = scene.settings.root_motion.extract_y = false;
    scene.settings.root_motion.extract_z = scene.settings.root_motion.extract_yaw = false;
  }
  return scene.apply_settings();
}

}  // namespace

int compose_frame(const FrameOptions& options, project::Project& project, ViewerScene& scene,
                  FrameReport& report) {
  std::string& error = report.error;
  if (!std::isfinite(options.time_s)) {
    error = "--time must be a finite number";
    return 2;
  }
  if (options.lock_feet && !options.foot_ik) {
    error = "--lock-feet locks the feet foot IK plants: give --foot-ik too";
    return 2;
  }
  if (options.lock_feet && options.time_s < 0.0f) {
    error = "--time must not be negative with --lock-feet (the clip plays up to it from its start)";
    return 2;
  }
  LoadOutcome loaded;
  if (const int code = load_frame_file(options, loaded, report); code != 0) return code;
  // A model file plays its clips one by one; only a project brings its graph.
  const bool with_project =
      is_project(options.file) || (options.demo_project && options.file == demo::kDemoSourcePath);
  project = with_project ? std::move(loaded.project)
                         : project::preview_project(loaded.character, options.file);
  if (std::string e = scene.open(std::move(loaded.character), project); !e.empty()) {
    error = e;
    return 1;
  }
  for (const std::string& assignment : options.parameters) {
    if (std::string e = scene.set_parameter(assignment); !e.empty()) {
      error = "--param " + e;
      return 2;
    }
  }
  if (std::string e = apply_frame_settings(options, project.view, scene); !e.empty()) {
    error = e;
    return 1;
  }
  const visual::SceneView view;
  if (!options.clip.empty() && !options.rest_pose) {
    const int clip = scene.find_clip(options.clip);
    if (clip < 0) {
      error = options.file + ": no clip named or numbered '" + options.clip +
              "' (clips: " + anim::describe_clips(scene.clips()) + ")";
      return 1;
    }
    scene.mode = PlayMode::ClipPreview;
    scene.preview(clip);
    // Locked feet and springs need their history: the clip plays up to the time.
    const bool springs =
        scene.settings.post_process &&
        std::any_of(project.post_process.begin(), project.post_process.end(), [](const auto& e) {
          return e.kind == anim::PostProcessKind::Spring && !e.mute;
        });
    if (options.lock_feet || springs) return play_clip_up_to(options.time_s, scene, error);
    scene.clock.set_playing(false);
    // A looping clip's time wraps, as the viewer's playhead does (the clock alone would clamp).
    scene.clock.seek(anim::wrap_clip_time(scene.clips()[clip], options.time_s));
  } else if (with_project && !options.rest_pose &&
             (scene.graph().has_machine || !scene.graph().blend_spaces.empty())) {
    scene.mode = PlayMode::Graph;
    constexpr float kStep_s = 1.0f / 60.0f;
    const int steps = static_cast<int>(std::lround(options.time_s / kStep_s));
    for (int i = 0; i < steps; ++i) {
      if (std::string e = scene.update(kStep_s, view); !e.empty()) {
        error = e;
        return 1;
      }
    }
    return 0;
  } else {
    scene.mode = PlayMode::RestPose;
  }
  if (std::string e = scene.update(0.0f, view); !e.empty()) {
    error = e;
    return 1;
  }
  return 0;
}

void print_frame_report(const char* command, const FrameReport& report) {
  const std::string prefix = std::string("animview ") + command;
  ui::print_notices(report.notices, prefix.c_str(), stderr);
  if (!report.error.empty())
    std::fprintf(stderr, "animview %s: %s\n", command, report.error.c_str());
}

}  // namespace app
