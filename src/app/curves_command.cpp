#include "app/curves_command.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "app/cli_checks.h"
#include "app/frame_options.h"
#include "app/joint_curves.h"
#include "app/subcommand.h"
#include "project/joint_curves_json.h"

namespace app {
namespace {

struct CurvesOptions {
  FrameOptions frame;
  std::string joint;
  float from_s = 0.0f;
  float to_s = -1.0f;  // negative: the clip's end
  float fps = 0.0f;    // 0: the clip's own rate
  std::string euler_order = "XYZ";
  std::string filter;
  bool json = false;
};

// The request the options describe for scene's clip; "" or the cause (exit code 2).
std::string make_request(const CurvesOptions& options, const ViewerScene& scene,
                         JointCurvesRequest& request) {
  if (!anim::parse_euler_order(options.euler_order, request.order)) {
    return "--euler-order must be one of XYZ, XZY, YXZ, YZX, ZXY, ZYX";
  }
  const anim::Clip& clip = scene.clips()[request.clip];
  request.t0_s = options.from_s;
  request.t1_s = options.to_s < 0.0f ? clip.duration_s : options.to_s;
  request.fps = options.fps > 0.0f ? options.fps : clip.source_fps;
  if (!(request.t1_s >= request.t0_s)) return "--to must not come before --from";
  if (anim::joint_motion_frame_count(request.t0_s, request.t1_s, request.fps) > 100000) {
    return "more than 100000 frames asked: lower --fps or narrow --from/--to";
  }
  return {};
}

void print_table(const std::string& joint, const JointCurves& curves) {
  std::printf("%s: %zu frames\n", joint.c_str(), curves.frames.size());
  for (const anim::JointMotionFrame& f : curves.frames) {
    const glm::vec3& e = f.euler_deg;
    const glm::vec3& p = f.model_translation;
    std::printf(
        "  %8.4f s  euler (%8.2f %8.2f %8.2f) deg  at (%.4f %.4f %.4f)  %.3f m/s  %.1f deg/s\n",
        f.time_s, e.x, e.y, e.z, p.x, p.y, p.z, f.linear_speed, f.angular_speed_deg);
  }
  for (const anim::Pop& pop : curves.pops) {
    std::printf("  pop at frame %d (%.4f s): %.1f m/s^2\n", pop.frame, pop.time_s,
                pop.acceleration);
  }
}

int run_curves(const CurvesOptions& options) {
  anim::MotionFilter filter;
  if (!options.filter.empty()) {
    if (std::string e = anim::parse_motion_filter(options.filter, filter); !e.empty()) {
      std::fprintf(stderr, "animview curves: --filter %s\n", e.c_str());
      return 2;
    }
  }
  ViewerScene scene;
  project::Project project;
  FrameReport report;
  const int code = compose_frame(options.frame, project, scene, report);
  print_frame_report("curves", report);
  if (code != 0) return code;
  JointCurvesRequest request;
  request.clip = scene.preview_clip;
  request.joint = scene.character.skeleton.find_joint(options.joint);
  if (request.joint < 0) {
    std::fprintf(stderr, "animview curves: %s: no joint named '%s'\n", options.frame.file.c_str(),
                 options.joint.c_str());
    return 1;
  }
  if (std::string e = make_request(options, scene, request); !e.empty()) {
    std::fprintf(stderr, "animview curves: %s\n", e.c_str());
    return 2;
  }
  if (filter.kind != anim::MotionFilter::Kind::None) {
    if (std::string e = filter_scene_clip(project, scene, request.clip, filter); !e.empty()) {
      std::fprintf(stderr, "animview curves: --filter %s: %s\n", options.filter.c_str(), e.c_str());
      return 2;
    }
  }
  JointCurves curves;
  if (std::string e = sample_joint_curves(scene, request, curves); !e.empty()) {
    std::fprintf(stderr, "animview curves: %s: %s\n", options.frame.file.c_str(), e.c_str());
    return 1;
  }
  if (!options.json) {
    print_table(options.joint, curves);
    return 0;
  }
  std::cout << project::joint_curves_to_json(options.joint, request.order,
                                             scene.character.report.unit_scale_applied,
                                             curves.frames, curves.pops)
                   .dump(2)
            << '\n';
  return 0;
}

}  // namespace

void add_curves_command(CLI::App& app, int& exit_code) {
  const auto [curves, options] = add_subcommand(
      app, "curves", "Print a joint's channels, speeds and pops over a clip, frame by frame",
      exit_code, run_curves);
  // It samples a clip over a range: a single time, the node pose and the locks a played
  // history holds mean nothing here.
  add_frame_file(*curves, options->frame, {"--time", "--rest-pose", "--lock-feet"});
  curves->get_option("--clip")->required();
  curves->add_option("--joint", options->joint, "The joint, by name")->required();
  curves->add_option("--from", options->from_s, "First time, seconds (default 0)")
      ->check(finite_number());
  curves->add_option("--to", options->to_s, "Last time, seconds (default: the clip's end)")
      ->check(finite_number());
  curves->add_option("--fps", options->fps, "Frames per second (default: the clip's own)")
      ->check(finite_number() & CLI::PositiveNumber);
  curves->add_option("--euler-order", options->euler_order,
                     "Rotate order of the Euler angles: XYZ (x first), XZY, YXZ, YZX, ZXY, ZYX");
  curves->add_option("--filter", options->filter,
                     "Smooth the clip first: butterworth:CUTOFF_HZ[:ORDER] (zero-phase) or "
                     "gaussian:SIGMA_S");
  add_json_flag(*curves, options->json);
}

}  // namespace app
