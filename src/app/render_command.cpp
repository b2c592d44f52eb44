#include "app/render_command.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "app/async_loader.h"
#include "app/character_framing.h"
#include "app/character_source.h"
#include "app/compare_view.h"
#include "app/frame_exporter.h"
#include "app/frame_options.h"
#include "app/live_recording.h"
#include "app/playblast_plan.h"
#include "app/post_process_targets.h"
#include "app/project_audio.h"
#include "app/recording_file.h"
#include "app/render_view_options.h"
#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "render/background_encoder.h"
#include "render/gl_window.h"
#include "render/orbit_camera.h"
#include "render/video_writer.h"
#include "ui/burn_in_text.h"
#include "ui/notice_list.h"

namespace app {
namespace {

// How long a video of a project's graph lasts when --to is not given.
constexpr double kGraphVideo_s = 5.0;

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
  // A video (--out x.mp4|.webm|.gif) of the range [from, to) at fps (0: the clip's, at most
  // 60, or 50 in a GIF), with a CRF quality (-1: the codec's default), an orbiting camera,
  // burnt-in text and sound.
  double fps = 0.0;
  int quality = -1;
  double turntable_deg = 0.0;
  bool overlay = false;
  std::string audio;
  double audio_offset_s = 0.0;
  // A live recording (app/recording_file.h) replayed instead of a clip, in steps of 1 / fps.
  std::string recording;
  // Side by side: skinning or clip:NAME (compare_view.h), and how clip B follows.
  std::string compare = "off";
  std::string compare_sync = "phase";
  RenderViewOptions view;  // camera, ground, rest pose (render_view_options.h)
  // Motion trails of these joints (names) over trail_window_s either side of the time, or the
  // whole clip; and every joint's axes.
  std::vector<std::string> trails;
  float trail_window_s = 0.5f;
  bool trail_whole_clip = false;
  bool bone_axes = false;
};

// The range, rate and overlay label of a video replayed from the graph's start: a recording
// (its whole length unless --to), or without one the project's graph alone for --to seconds
// (kGraphVideo_s, said on stderr, when --to is not given), as a recording without inputs.
void plan_replayed_video(const RenderArgs& args, double max_fps, InputRecording& recording,
                         PlayblastRequest& request, std::string& label) {
  if (args.recording.empty()) {
    recording.duration_s = args.to_s > 0.0 ? args.to_s : kGraphVideo_s;
    if (args.to_s <= 0.0) {
      std::fprintf(stderr, "animview render: %s: no --to: %g s of the graph from its start\n",
                   args.frame.file.c_str(), kGraphVideo_s);
    }
    label = "graph";
  } else {
    label = "recording " + std::filesystem::path(args.recording).filename().string();
  }
  request.from_s = args.from_s;
  request.to_s = args.to_s < 0.0 ? recording.duration_s : args.to_s;
  request.fps = args.fps > 0.0 ? args.fps : std::min(kReplayFps, max_fps);
}

// The output --out names (a video's container, or none for a PNG) and whether the options fit
// it; prints why not and returns the exit code 2, else 0.
int check_output(const RenderArgs& args, std::optional<render::VideoContainer>& video) {
  if (!args.out.empty()) {
    video = render::video_container_of(args.out);
    std::string extension = std::filesystem::path(args.out).extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!video && extension != ".png") {
      std::fprintf(stderr,
                   "animview render: %s: unknown extension '%s' (give .png, .mp4, .webm or "
                   ".gif)\n",
                   args.out.c_str(), extension.c_str());
      return 2;
    }
  }
  const bool video_options = args.quality >= 0 || args.turntable_deg != 0.0 || !args.audio.empty();
  const bool sequence_options = args.fps > 0.0 || args.overlay;
  if ((video_options && !video) || (sequence_options && !video && args.out_dir.empty())) {
    std::fprintf(stderr,
                 "animview render: --quality, --turntable and --audio need --out "
                 "x.mp4|.webm|.gif; --fps and --overlay a video or --out-dir\n");
    return 2;
  }
  if (!args.recording.empty() && (!video || !args.frame.clip.empty())) {
    std::fprintf(stderr,
                 "animview render: --recording needs --out x.mp4|.webm|.gif and no --clip (it "
                 "plays what was recorded)\n");
    return 2;
  }
  if (!args.audio.empty() && *video == render::VideoContainer::Gif) {
    std::fprintf(stderr, "animview render: %s: a GIF cannot carry sound (--audio)\n",
                 args.out.c_str());
    return 2;
  }
  return 0;
}

// What a video plays besides the scene: the recording (--recording) and the sound, --audio's or,
// for an MP4 or WebM of a project without it, the one the project remembers.
struct VideoInputs {
  InputRecording recording;
  std::optional<render::AudioTrack> audio;
  double audio_offset_s = 0.0;
};

// Reads --recording and --audio into inputs before anything is rendered; returns 0 or the exit
// code 1, having printed the cause.
int read_video_inputs(const RenderArgs& args, VideoInputs& inputs) {
  if (!args.recording.empty()) {
    if (std::string e = load_recording(args.recording, inputs.recording); !e.empty()) {
      std::fprintf(stderr, "animview render: %s\n", e.c_str());
      return 1;
    }
  }
  inputs.audio_offset_s = args.audio_offset_s;
  if (!args.audio.empty()) {
    inputs.audio.emplace();
    if (std::string e = render::read_audio_file(args.audio, *inputs.audio); !e.empty()) {
      std::fprintf(stderr, "animview render: %s\n", e.c_str());
      return 1;
    }
  }
  return 0;
}

// The sound the project remembers, for a video without --audio that can carry one; 0 or 1.
int read_project_audio(const RenderArgs& args, render::VideoContainer video,
                       const project::Project& project, VideoInputs& inputs) {
  if (inputs.audio || video == render::VideoContainer::Gif || project.audio_file.empty()) {
    return 0;
  }
  const std::string folder = std::filesystem::path(args.frame.file).parent_path().string();
  inputs.audio.emplace();
  inputs.audio_offset_s = project.audio_offset_s;
  if (std::string e = render::read_audio_file(project_audio_path(project, folder), *inputs.audio);
      !e.empty()) {
    std::fprintf(stderr, "animview render: %s: the project's sound: %s\n", args.frame.file.c_str(),
                 e.c_str());
    return 1;
  }
  return 0;
}

// The joints --trail names, as the scene's trail joints; 0, or 1 for a joint the skeleton does
// not have or trails without a clip.
int set_trail_joints(const RenderArgs& args, ViewerScene& scene) {
  if (args.trails.empty()) return 0;
  if (scene.mode != PlayMode::ClipPreview || scene.preview_clip < 0) {
    std::fprintf(stderr, "animview render: %s: --trail needs --clip\n", args.frame.file.c_str());
    return 1;
  }
  for (const std::string& name : args.trails) {
    const int joint = scene.character.skeleton.find_joint(name);
    if (joint < 0) {
      std::fprintf(stderr, "animview render: %s: --trail: no joint '%s'\n", args.frame.file.c_str(),
                   name.c_str());
      return 1;
    }
    scene.trail_joints.push_back(joint);
  }
  return 0;
}

// The view the options ask for; 0, or 1 for a --compare clip the file does not have or a
// --trail joint it does not have.
int make_view(const RenderArgs& args, ViewerScene& scene, visual::SceneView& view) {
  // A file without a mesh (a skeleton and its clips) shows its skeleton.
  view.show_skeleton = args.skeleton || scene.character.meshes.empty();
  apply_render_view_options(args.view, view);
  view.skinning =
      args.skinning == "dq" ? visual::SkinningChoice::DualQuat : visual::SkinningChoice::Lbs;
  view.show_bone_axes = args.bone_axes;
  view.motion_trails = !args.trails.empty();
  view.motion_trail_window_s = args.trail_window_s;
  view.motion_trail_whole_clip = args.trail_whole_clip;
  if (int e = set_trail_joints(args, scene)) return e;
  parse_compare_option(args.compare, view);  // the option's validator has checked the text
  view.compare_sync =
      args.compare_sync == "seconds" ? visual::CompareSync::Seconds : visual::CompareSync::Phase;
  if (view.compare == visual::CompareMode::Clips && scene.find_clip(view.compare_clip) < 0) {
    std::fprintf(stderr, "animview render: %s: no clip '%s' to compare with\n",
                 args.frame.file.c_str(), view.compare_clip.c_str());
    return 1;
  }
  return 0;
}

// The composed scene with its renderer and camera: the one frame path of pictures, sequences
// and videos alike.
struct RenderSession {
  const RenderArgs& args;
  const project::Project& project;  // the file's, bound in scene
  ViewerScene& scene;
  render::SceneRenderer& renderer;
  visual::SceneView view;
  glm::mat4 view_projection{1.0f};
  glm::vec3 pivot{0.0f};        // what a turntable orbits: the point the camera looks at
  std::string file_name;        // the file's, for the burn-in
  glm::vec3 framed_root{0.0f};  // where the character stood when the camera framed it
  glm::vec3 followed{0.0f};     // how far on the ground the camera went with it since

  // The scene as posed, seen by the camera (gone along by followed) orbited by turntable_rad
  // about the vertical axis through the pivot.
  std::string draw_posed(double turntable_rad, render::Image& out) {
    renderer.upload(scene_frame_view(scene, view), 0.0f);
    const glm::mat4 along = glm::translate(glm::mat4(1.0f), -followed);
    return draw_scene_image(
        renderer, scene, view,
        view_projection * along * turntable_orbit(pivot + followed, turntable_rad), args.width,
        args.height, out);
  }
  // A replay whose root motion moves the character (motion matching steered it): the camera
  // goes along on the ground, as the viewer's does (its follow_character).
  void follow_character() {
    if (!view.follow_character || scene.settings.root_motion_mode != anim::RootMotionMode::Applied)
      return;
    const glm::vec3 root = scene.instance.world().translation;
    followed = {root.x - framed_root.x, 0.0f, root.z - framed_root.z};
  }
  // The clip at time_s.
  std::string draw_frame(double time_s, double turntable_rad, render::Image& out) {
    scene.clock.seek(time_s);
    scene.update(0.0f, view);
    return draw_posed(turntable_rad, out);
  }
};

// Uploads the character, frames the camera and turns targets that follow the camera onto it;
// 0, or 2 for a camera the options make impossible.
int set_up_session(RenderSession& s) {
  const RenderArgs& args = s.args;
  s.scene.update(0.0f, s.view);
  apply_debug_material(args.view.debug_material, s.scene.character);  // only what is drawn
  ui::print_notices(s.renderer.set_character(character_source(s.scene.character)),
                    "animview render", stderr);
  s.renderer.upload(scene_frame_view(s.scene, s.view), 0.0f);
  const bool clips_compared = s.view.compare == visual::CompareMode::Clips;
  const render::OrbitCamera camera =
      picture_camera(s.scene, s.view, clips_compared ? s.scene.find_clip(s.view.compare_clip) : -1,
                     framing_aspect(static_cast<float>(args.width), static_cast<float>(args.height),
                                    s.view.compare));
  if (std::string e = render_view_projection(
          args.view, camera, static_cast<float>(args.width) / args.height, s.view_projection);
      !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 2;
  }
  // Entries following the camera look at this picture's camera.
  const auto& entries = s.project.post_process;
  if (std::any_of(entries.begin(), entries.end(),
                  [](const project::ProjectPostProcess& e) { return e.follow_camera; })) {
    follow_camera_targets(s.project, s.scene, args.view.camera_position.value_or(camera.eye()));
    s.scene.update(0.0f, s.view);
    s.renderer.upload(scene_frame_view(s.scene, s.view), 0.0f);  // a still picture shows it
  }
  s.pivot = args.view.camera_focal_point.value_or(camera.target);
  s.framed_root = s.scene.instance.world().translation;
  s.file_name = std::filesystem::path(args.frame.file).filename().string();
  return 0;
}

// The frames of the video: a replay's (a recording, or the graph from its start) at a steady
// rate, or the clip's over --from/--to; label is what the burn-in names after the file. 0, or
// the exit code having printed the cause.
int plan_video(RenderSession& s, render::VideoContainer video, bool replayed, VideoInputs& inputs,
               RecordingReplay& replay, PlayblastRequest& request,
               std::vector<PlayblastFrame>& frames, std::string& label) {
  const RenderArgs& args = s.args;
  const double max_fps = video == render::VideoContainer::Gif ? render::kMaxGifFps : 60.0;
  if (replayed) {
    // At a steady rate, whatever the screen's was while recording.
    plan_replayed_video(args, max_fps, inputs.recording, request, label);
    if (std::string e = replay.start(s.scene, s.project); !e.empty()) {
      const std::string& source = args.recording.empty() ? args.frame.file : args.recording;
      std::fprintf(stderr, "animview render: %s: %s\n", source.c_str(), e.c_str());
      return 1;
    }
  } else {
    const anim::Clip& clip = s.scene.clips()[s.scene.preview_clip];
    const anim::Timeline timeline = anim::timeline_of(clip);
    request.from_s = args.from_s;
    request.to_s = args.to_s < 0.0 ? timeline.duration_s : args.to_s;
    request.fps = args.fps > 0.0 ? args.fps : default_playblast_fps(timeline.fps, max_fps);
    request.clip_duration_s = timeline.duration_s;
    label = clip.name;
  }
  request.turntable_deg = args.turntable_deg;
  if (std::string e = plan_playblast(request, frames); !e.empty()) {
    std::fprintf(stderr, "animview render: %s: %s\n", args.out.c_str(), e.c_str());
    return 2;
  }
  return 0;
}

// --out x.mp4|.webm|.gif: renders the planned frames and encodes each while the next renders.
int write_video(RenderSession& s, render::VideoContainer video, bool replayed,
                VideoInputs& inputs) {
  const RenderArgs& args = s.args;
  PlayblastRequest request;
  std::vector<PlayblastFrame> frames;
  std::string label;
  RecordingReplay replay(inputs.recording);
  if (int code = plan_video(s, video, replayed, inputs, replay, request, frames, label)) {
    return code;
  }
  render::VideoSettings settings;
  settings.width = args.width;
  settings.height = args.height;
  settings.fps = request.fps;
  settings.quality = args.quality;
  if (inputs.audio) {
    settings.audio =
        render::place_audio(*inputs.audio, inputs.audio_offset_s, frames.size() / request.fps);
  }
  render::VideoWriter writer;
  if (std::string e = writer.open(args.out, settings); !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  // Declared after the writer, so a failure stops the encoder before the writer goes.
  render::BackgroundEncoder encoder(writer);
  const int total = static_cast<int>(frames.size());
  // A clip is shown at each frame's time; a replay steps on to it from its start.
  auto pose_and_draw = [&](const PlayblastFrame& frame, render::Image& image) {
    if (!replayed) return s.draw_frame(frame.time_s, frame.turntable_rad, image);
    std::string e = replay.play_to(s.scene, frame.time_s, 1.0 / request.fps, s.view);
    if (!e.empty()) return e;
    s.follow_character();
    return s.draw_posed(frame.turntable_rad, image);
  };
  for (const PlayblastFrame& frame : frames) {
    render::Image image;
    std::string e = pose_and_draw(frame, image);
    if (e.empty()) {
      if (args.overlay) {
        std::vector<std::string> lines =
            overlay_lines(s.file_name, label, frame, total, request.fps, !replayed);
        for (std::string& line : replay.overlay_lines(s.scene)) lines.push_back(std::move(line));
        ui::burn_in_text(image, lines);
      }
      e = encoder.submit(std::move(image));
    }
    if (!e.empty()) {
      std::fprintf(stderr, "\nanimview render: %s\n", e.c_str());
      return 1;
    }
    std::fprintf(stderr, "\ranimview render: frame %d of %d", frame.index + 1, total);
  }
  std::fprintf(stderr, "\n");
  if (std::string e = encoder.finish(); !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  std::printf("%s: %d frames at %g fps\n", args.out.c_str(), total, request.fps);
  return 0;
}

// --out-dir: the clip's frames from --from to --to as <clip>_NNNN.png.
int write_sequence(RenderSession& s) {
  const RenderArgs& args = s.args;
  const anim::Clip& clip = s.scene.clips()[s.scene.preview_clip];
  FrameExportRequest request;
  request.directory = args.out_dir;
  request.prefix = clip.name;
  request.timeline = anim::timeline_of(clip);
  // --fps: frames at that rate instead of the clip's keys (as a video would show them).
  if (args.fps > 0.0) request.timeline.fps = args.fps;
  request.start_s = args.from_s;
  request.end_s = args.to_s < 0.0 ? request.timeline.duration_s : args.to_s;
  std::vector<ExportFrame> frames;
  if (std::string e = plan_frame_export(request, frames); !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 2;
  }
  const int total = static_cast<int>(frames.size());
  const ExportResult result = export_frames(
      frames,
      [&](const ExportFrame& frame) {
        render::Image image;
        if (std::string e = s.draw_frame(frame.time_s, 0.0, image); !e.empty()) return e;
        if (args.overlay) {
          const PlayblastFrame shown{frame.frame, frame.time_s, 0.0};
          ui::burn_in_text(image, overlay_lines(s.file_name, clip.name, shown, total,
                                                request.timeline.fps, true));
        }
        return render::write_png(image, frame.path.string());
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

int run_render(const RenderArgs& args) {
  // What --out asks for, the recording and the sound, checked before anything is rendered.
  std::optional<render::VideoContainer> video;
  if (int code = check_output(args, video)) return code;
  VideoInputs inputs;
  if (int code = read_video_inputs(args, inputs)) return code;
  render::GlWindow window;
  if (std::string e = window.open({args.width, args.height, false, "animview render"});
      !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  ViewerScene scene;
  project::Project project;  // the file's, bound in scene
  FrameReport report;
  const int code = compose_frame(args.frame, project, scene, report);
  print_frame_report("render", report);
  if (code != 0) return code;
  if (video) {
    if (int e = read_project_audio(args, *video, project, inputs)) return e;
  }
  render::SceneRenderer renderer;
  if (std::string e = renderer.init(); !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  RenderSession session{args, project, scene, renderer, {}, glm::mat4(1.0f), glm::vec3(0.0f), {}};
  if (int e = make_view(args, scene, session.view)) return e;
  if (int e = set_up_session(session)) return e;
  // Without --clip, a video of a project's graph plays the graph from its start, as a recording
  // does; a clip's is shown at each frame's time.
  const bool replayed = video && (!args.recording.empty() ||
                                  (args.frame.clip.empty() && scene.mode == PlayMode::Graph));
  // Without --clip the scene shows the node pose, whichever clip it has ready.
  if ((!args.out_dir.empty() || (video && !replayed)) &&
      (args.frame.clip.empty() || scene.preview_clip < 0)) {
    std::fprintf(stderr, "animview render: %s: %s needs --clip\n", args.frame.file.c_str(),
                 video ? "a video" : "--out-dir");
    return 1;
  }
  if (video) return write_video(session, *video, replayed, inputs);
  if (!args.out_dir.empty()) return write_sequence(session);
  if (std::string e = write_scene_png(renderer, scene, session.view, session.view_projection,
                                      args.width, args.height, args.out);
      !e.empty()) {
    std::fprintf(stderr, "animview render: %s\n", e.c_str());
    return 1;
  }
  std::printf("%s\n", args.out.c_str());
  return 0;
}

// What is drawn besides the character: its skeleton, its bones' axes, joints' trails, a
// comparison beside it.
void add_drawing_options(CLI::App& cmd, RenderArgs& a) {
  cmd.add_flag("--skeleton", a.skeleton, "Draw the skeleton over the mesh");
  cmd.add_flag("--bone-axes", a.bone_axes,
               "Draw each joint's axes: x red, y green, z blue, scaled to the character");
  cmd.add_option("--trail", a.trails,
                 "Draw this joint's motion trail: its world path, a tick per frame, keys "
                 "larger, coloured by speed (repeat for more joints; needs --clip)")
      ->type_name("JOINT")
      ->allow_extra_args(false);  // one joint a --trail: a FILE after it stays the file
  cmd.add_option("--trail-window", a.trail_window_s,
                 "How far the trails reach either side of the time, in seconds (default 0.5)")
      ->check(CLI::Range(0.001f, 3600.0f));
  cmd.add_flag("--trail-whole-clip", a.trail_whole_clip,
               "The trails cover the whole clip instead of a window");
  cmd.add_option("--compare", a.compare,
                 "Side by side: skinning (LBS | DQ), clip:NAME (--clip | NAME, in sync), off")
      ->check(compare_option_validator());
  cmd.add_option("--compare-sync", a.compare_sync,
                 "With --compare clip:NAME: B follows the clip's phase, or its time in seconds")
      ->check(CLI::IsMember({"phase", "seconds"}));
}

// A video's rate, quality, turntable, burn-in, sound and the recording it replays.
void add_video_options(CLI::App& cmd, RenderArgs& a) {
  cmd.add_option("--fps", a.fps,
                 "Video frame rate (default: the clip's, at most 60; 50 in a GIF); with "
                 "--out-dir, frames at this rate instead of the clip's keys")
      ->check(CLI::Range(1.0, 240.0));
  cmd.add_option("--quality", a.quality,
                 "Video CRF, lower is better: 0-51 for MP4 (default 23), 0-63 for WebM (31)")
      ->check(CLI::Range(0, 63));
  cmd.add_option("--turntable", a.turntable_deg,
                 "The camera orbits this many degrees over the video");
  cmd.add_flag("--overlay", a.overlay,
               "Burn in the file and clip name, frame number, timecode and clip time");
  cmd.add_option("--audio", a.audio,
                 "Sound muxed into an MP4 or WebM (WAV, FLAC) (default: a project's, as its "
                 "Export video dialog last used it)");
  cmd.add_option("--audio-offset", a.audio_offset_s,
                 "Seconds into the video at which the sound starts (negative: skip its start)");
  cmd.add_option("--recording", a.recording,
                 "Render a live recording (the viewer's File > Record) of FILE as a video: its "
                 "inputs (motion-matching steering too) replayed in steady steps of 1/fps "
                 "(default 30 fps)");
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RenderArgs>();
  args->frame.file = demo::kDemoSourcePath;
  CLI::App* cmd = app.add_subcommand(
      "render", "Render one frame of a clip to a PNG, a frame sequence or a video, headless");
  cmd->add_option("file", args->frame.file,
                  "Character file or project (.json) (default: the built-in demo)");
  add_frame_options(*cmd, args->frame);
  cmd->add_option("--skinning", args->skinning, "Skinning method")
      ->check(CLI::IsMember({"lbs", "dq"}));
  CLI::Option* width =
      cmd->add_option("--width", args->width, "Image width")->check(CLI::Range(16, 8192));
  CLI::Option* height =
      cmd->add_option("--height", args->height, "Image height")->check(CLI::Range(16, 8192));
  add_drawing_options(*cmd, *args);
  add_render_view_options(*cmd, args->view);
  cmd->add_option("--out", args->out,
                  "The PNG to write, or a video: .mp4 (H.264), .webm (VP9), .gif (needs --clip)");
  cmd->add_option("--out-dir", args->out_dir,
                  "Write a frame sequence here instead (every frame from --from to --to)");
  cmd->add_option("--from", args->from_s, "With --out-dir or a video: first time in seconds");
  cmd->add_option("--to", args->to_s,
                  "With --out-dir: last time in seconds; with a video: its end, exclusive "
                  "(default: the clip's end, the recording's, or 5 s of a project's graph "
                  "without --clip)");
  cmd->add_option_function<std::string>(
         "--size",
         [args](const std::string& text) {
           int w = 0, h = 0;
           char x = 0, rest = 0;
           if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &rest) != 3 || x != 'x' ||
               w < 16 || h < 16 || w > 8192 || h > 8192) {
             throw CLI::ValidationError("--size",
                                        "expected WxH from 16x16 to 8192x8192, got '" + text + "'");
           }
           args->width = w;
           args->height = h;
         },
         "Picture size, as --width and --height")
      ->type_name("WxH")
      ->excludes(width)
      ->excludes(height);
  add_video_options(*cmd, *args);
  cmd->callback([args, &exit_code] {
    // A recording of the demo was made in the demo's own project, as the viewer opens it; a
    // video of the demo without --clip plays that project's graph, as the viewer does.
    args->frame.demo_project =
        !args->recording.empty() ||
        (args->frame.clip.empty() && render::video_container_of(args->out).has_value());
    if (args->out.empty() == args->out_dir.empty()) {
      std::fprintf(stderr, "animview render: give either --out FILE or --out-dir DIR\n");
      exit_code = 2;
      return;
    }
    exit_code = run_render(*args);
  });
}

}  // namespace app
