#include "app/render_command.h"

#include <cstdio>
#include <string>

#include "app/async_loader.h"
#include "app/character_framing.h"
#include "app/compare_view.h"
#include "app/frame_exporter.h"
#include "app/frame_options.h"
#include "app/render_view_options.h"
#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"
#include "app/viewer_scene.h"
#include "asset/demo_character.h"
#include "render/gl_window.h"
#include "render/orbit_camera.h"
#include "ui/notice_list.h"

namespace app {
namespace {

struct RenderArgs {
  FrameOptions frame;  // file: the built-in demo unless given
  std::string skinning = "lbs";
  std::string out;
  int width = 960;
  int height = 720;
  bool skeleton = false;
  // A frame sequence instead of one picture: every clip frame from `from` to `to` (seconds),
  // written to out_dir as <clip>_NNNN.png.
  std::string out_dir;
  double from_s = 0.0;
  double to_s = -1.0;  // negative: the clip's end
  // Side by side: skinning or clip:NAME (compare_view.h), and how clip B follows.
  std::string compare = "off";
  std::string compare_sync = "phase";
  RenderViewOptions view;  // camera, ground, rest pose (render_view_options.h)
};

int run_render(const RenderArgs& args) {
  render::GlWindow window;
  if (std::string e = window.open({args.width, args.height, false, "animview render"});
      !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  ViewerScene scene;
  FrameReport report;
  const int code = compose_frame(args.frame, scene, report);
  print_frame_report("render", report);
  if (code != 0) return code;
  render::SceneRenderer renderer;
  if (std::string e = renderer.init(); !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  ui::ViewSettings view;
  // A file without a mesh (a skeleton and its clips) shows its skeleton.
  view.show_skeleton = args.skeleton || scene.character.meshes.empty();
  apply_render_view_options(args.view, view);
  view.skinning = args.skinning == "dq" ? ui::SkinningChoice::DualQuat : ui::SkinningChoice::Lbs;
  parse_compare_option(args.compare, view);  // the option's validator has checked the text
  view.compare_sync =
      args.compare_sync == "seconds" ? ui::CompareSync::Seconds : ui::CompareSync::Phase;
  if (view.compare == ui::CompareMode::Clips && scene.find_clip(view.compare_clip) < 0) {
    std::fprintf(stderr, "animview render: %s: no clip '%s' to compare with\n",
                 args.frame.file.c_str(), view.compare_clip.c_str());
    return 1;
  }
  scene.update(0.0f, view);
  apply_debug_material(args.view.debug_material, scene.character);  // only what is drawn
  ui::print_notices(renderer.set_character(scene.character), "animview render", stderr);
  renderer.upload(scene_frame_view(scene, view), 0.0f);
  render::OrbitCamera camera;
  const asset::Bounds bounds = shown_bounds(
      scene, view.compare == ui::CompareMode::Clips ? scene.find_clip(view.compare_clip) : -1);
  if (!bounds.empty()) {
    camera.frame(bounds.min, bounds.max,
                 framing_aspect(static_cast<float>(args.width), static_cast<float>(args.height),
                                view.compare));
  }
  // As the viewer's camera: a picture never looks up from under the ground it shows.
  if (view.show_ground && view.camera_above_ground) {
    const glm::vec3 eye = camera.eye();
    render::keep_above_ground(camera, anim::probe(scene.terrain, eye.x, eye.z).height_m);
  }
  glm::mat4 vp;
  if (std::string e = render_view_projection(args.view, camera,
                                             static_cast<float>(args.width) / args.height, vp);
      !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 2;
  }
  // Draws the scene as it is now and writes it to path.
  auto draw_to = [&](const std::string& path) {
    return write_scene_png(renderer, scene, view, vp, args.width, args.height, path);
  };
  if (!args.out_dir.empty()) {
    if (scene.preview_clip < 0) {
      std::fprintf(stderr, "animview render: %s: --out-dir needs --clip\n",
                   args.frame.file.c_str());
      return 1;
    }
    const anim::Clip& clip = scene.clips()[scene.preview_clip];
    FrameExportRequest request;
    request.directory = args.out_dir;
    request.prefix = clip.name;
    request.timeline = anim::timeline_of(clip);
    request.start_s = args.from_s;
    request.end_s = args.to_s < 0.0 ? request.timeline.duration_s : args.to_s;
    std::vector<ExportFrame> frames;
    if (std::string e = plan_frame_export(request, frames); !e.empty()) {
      std::fprintf(stderr, "animview render: %s\n", e.c_str());
      return 2;
    }
    const ExportResult result = export_frames(
        frames,
        [&](const ExportFrame& frame) {
          scene.clock.seek(frame.time_s);
          scene.update(0.0f, view);
          renderer.upload(scene_frame_view(scene, view), 0.0f);
          return draw_to(frame.path.string());
        },
        [](int done, int total) {
          std::fprintf(stderr, "\ranimview render: frame %d of %d", done, total);
          return true;
        });
    std::fprintf(stderr, "\n");
    if (!result.error.empty()) {
      std::fprintf(stderr, "animview render: %s\n", result.error.c_str());
      return 1;
    }
    std::printf("%d frames in %s\n", result.frames_written, args.out_dir.c_str());
    return 0;
  }
  if (std::string e = draw_to(args.out); !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  std::printf("%s\n", args.out.c_str());
  return 0;
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RenderArgs>();
  args->frame.file = asset::kDemoSourcePath;
  CLI::App* cmd = app.add_subcommand("render", "Render one frame of a clip to a PNG, headless");
  cmd->add_option("file", args->frame.file,
                  "Character file or project (.json) (default: the built-in demo)");
  add_frame_options(*cmd, args->frame);
  cmd->add_option("--skinning", args->skinning, "Skinning method")
      ->check(CLI::IsMember({"lbs", "dq"}));
  cmd->add_option("--width", args->width, "Image width")->check(CLI::Range(16, 8192));
  cmd->add_option("--height", args->height, "Image height")->check(CLI::Range(16, 8192));
  cmd->add_flag("--skeleton", args->skeleton, "Draw the skeleton over the mesh");
  cmd->add_option("--compare", args->compare,
                  "Side by side: skinning (LBS | DQ), clip:NAME (--clip | NAME, in sync), off")
      ->check(compare_option_validator());
  cmd->add_option("--compare-sync", args->compare_sync,
                  "With --compare clip:NAME: B follows the clip's phase, or its time in seconds")
      ->check(CLI::IsMember({"phase", "seconds"}));
  add_render_view_options(*cmd, args->view);
  cmd->add_option("--out", args->out, "The PNG to write");
  cmd->add_option("--out-dir", args->out_dir,
                  "Write a frame sequence here instead (every frame from --from to --to)");
  cmd->add_option("--from", args->from_s, "With --out-dir: first time in seconds");
  cmd->add_option("--to", args->to_s, "With --out-dir: last time in seconds (default: the end)");
  cmd->callback([args, &exit_code] {
    if (args->out.empty() == args->out_dir.empty()) {
      std::fprintf(stderr, "animview render: give either --out FILE or --out-dir DIR\n");
      exit_code = 2;
      return;
    }
    exit_code = run_render(*args);
  });
}

}  // namespace app
