#include "app/contact_sheet_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "anim/playback.h"
#include "app/character_framing.h"
#include "app/character_source.h"
#include "app/frame_options.h"
#include "app/render_view_options.h"
#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"
#include "app/subcommand.h"
#include "app/viewer_scene.h"
#include "render/gl_window.h"
#include "render/orbit_camera.h"
#include "ui/notice_list.h"

namespace app {
namespace {

struct SheetArgs {
  std::string file;
  std::string anim_file;
  std::string out_dir;
  int frames = 6;
  std::vector<std::string> at;  // CLIP:FRAME
  int width = 160;
  int height = 120;
  int jpeg_quality = 0;  // 0: PNG
};

// The --at frames of clip (its index), parsed; false with the cause for a malformed one.
bool extra_frames(const std::vector<std::string>& at, int clip, std::vector<int>& out,
                  std::string& error) {
  for (const std::string& text : at) {
    int c = 0, frame = 0;
    char rest = 0;
    if (std::sscanf(text.c_str(), "%d:%d%c", &c, &frame, &rest) != 2 || c < 0 || frame < 0) {
      error = "--at '" + text + "': expected CLIP:FRAME (a clip's index and a frame)";
      return false;
    }
    if (c == clip) out.push_back(frame);
  }
  return true;
}

// Draws each clip of the scene at its sheet's frames into args.out_dir; returns the count
// written, or -1 with the cause in error.
int draw_sheets(const SheetArgs& args, ViewerScene& scene, render::SceneRenderer& renderer,
                std::string& error) {
  // The pictures `animview render` draws with its defaults (ground, sky, shadows).
  visual::SceneView view;
  view.show_skeleton = scene.character.meshes.empty();
  const RenderViewOptions render_view;
  apply_render_view_options(render_view, view);
  const float aspect = static_cast<float>(args.width) / static_cast<float>(args.height);
  scene.mode = PlayMode::ClipPreview;
  scene.clock.set_playing(false);
  int written = 0;
  for (int clip = 0; clip < static_cast<int>(scene.clips().size()); ++clip) {
    std::vector<int> extra;
    if (!extra_frames(args.at, clip, extra, error)) return -1;
    scene.preview(clip);
    const anim::Timeline timeline = anim::timeline_of(scene.clips()[clip]);
    const render::OrbitCamera camera = picture_camera(scene, view, -1, aspect);
    glm::mat4 vp;
    if (std::string e = render_view_projection(render_view, camera, aspect, vp); !e.empty()) {
      error = e;
      return -1;
    }
    for (int frame : contact_sheet_frames(anim::last_frame(timeline), args.frames, extra)) {
      scene.clock.seek_frame(frame);
      if (std::string e = scene.update(0.0f, view); !e.empty()) {
        error = args.file + ": " + e;
        return -1;
      }
      renderer.upload(scene_frame_view(scene, view), 0.0f);
      const std::filesystem::path path =
          std::filesystem::path(args.out_dir) /
          contact_sheet_file_name(clip, frame, args.jpeg_quality > 0 ? "jpg" : "png");
      render::Image image;
      std::string e = draw_scene_image(renderer, scene, view, vp, args.width, args.height, image);
      if (e.empty()) {
        e = args.jpeg_quality > 0 ? render::write_jpeg(image, path.string(), args.jpeg_quality)
                                  : render::write_png(image, path.string());
      }
      if (!e.empty()) {
        error = e;
        return -1;
      }
      ++written;
    }
  }
  return written;
}

int run_contact_sheet(const SheetArgs& args) {
  std::error_code ec;
  std::filesystem::create_directories(args.out_dir, ec);
  if (ec) {
    std::fprintf(stderr, "animview contact-sheet: %s: %s\n", args.out_dir.c_str(),
                 ec.message().c_str());
    return 1;
  }
  render::GlWindow window;
  if (std::string e = window.open({args.width, args.height, false, "animview contact-sheet"});
      !e.empty()) {
    std::fprintf(stderr, "animview contact-sheet: %s\n", e.c_str());
    return 1;
  }
  FrameOptions options;
  options.file = args.file;
  options.anim_file = args.anim_file;
  ViewerScene scene;
  project::Project project;  // the file's, bound in scene
  FrameReport report;
  const int code = compose_frame(options, project, scene, report);
  print_frame_report("contact-sheet", report);
  if (code != 0) return code;
  render::SceneRenderer renderer;
  if (std::string e = renderer.init(); !e.empty()) {
    std::fprintf(stderr, "animview contact-sheet: %s\n", e.c_str());
    return 1;
  }
  ui::print_notices(renderer.set_character(character_source(scene.character)),
                    "animview contact-sheet", stderr);
  std::string error;
  const int written = draw_sheets(args, scene, renderer, error);
  if (written < 0) {
    std::fprintf(stderr, "animview contact-sheet: %s\n", error.c_str());
    return error.starts_with("--at") ? 2 : 1;
  }
  std::printf("%d pictures of %zu clips in %s\n", written, scene.clips().size(),
              args.out_dir.c_str());
  return 0;
}

}  // namespace

std::string contact_sheet_file_name(int clip, int frame, const std::string& extension) {
  return "c" + std::to_string(clip) + "_f" + std::to_string(frame) + "." + extension;
}

std::vector<int> contact_sheet_frames(int last_frame, int count, const std::vector<int>& extra) {
  std::vector<int> out;
  for (int i = 0; i < count; ++i) {
    out.push_back(
        count == 1 ? 0 : static_cast<int>(static_cast<long long>(last_frame) * i / (count - 1)));
  }
  for (int frame : extra) {
    if (frame >= 0 && frame <= last_frame) out.push_back(frame);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void add_contact_sheet_command(CLI::App& app, int& exit_code) {
  const auto [cmd, args] = add_subcommand(
      app, "contact-sheet", "Render small pictures of every clip of a file at evenly spaced frames",
      exit_code, run_contact_sheet);
  cmd->add_option("file", args->file, "Character or clip file")->required();
  cmd->add_option("--anim-file", args->anim_file, "Clips bound to the model by joint name");
  cmd->add_option("--out", args->out_dir, "Folder for the pictures (c<CLIP>_f<FRAME>.png)")
      ->required();
  cmd->add_option("--frames", args->frames, "Evenly spaced frames per clip (default 6)")
      ->check(CLI::Range(1, 100));
  cmd->add_option("--at", args->at, "Also this frame of this clip (its index): CLIP:FRAME");
  cmd->add_option("--width", args->width, "Picture width (default 160)")
      ->check(CLI::Range(16, 4096));
  cmd->add_option("--height", args->height, "Picture height (default 120)")
      ->check(CLI::Range(16, 4096));
  cmd->add_option("--jpeg", args->jpeg_quality,
                  "Write JPEG at this quality (1-100) instead of PNG: about a fifth the size")
      ->check(CLI::Range(1, 100));
}

}  // namespace app
