#include "app/command_line.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <regex>

#include "app/audit_command.h"
#include "app/cli_checks.h"
#include "app/compare_view.h"
#include "app/contact_sheet_command.h"
#include "app/curves_command.h"
#include "app/export_clip_command.h"
#include "app/export_demo_command.h"
#include "app/info_command.h"
#include "app/mm_commands.h"
#include "app/pose_command.h"
#include "app/render_command.h"
#include "app/retarget_command.h"
#include "app/slide_command.h"
#include "app/viewer_options.h"
#include "app/weights_command.h"

namespace app {
namespace {

bool parse_size(const std::string& text, int& width, int& height) {
  static const std::regex size(R"((\d{2,5})x(\d{2,5}))");
  std::smatch m;
  if (!std::regex_match(text, m, size)) return false;
  width = std::stoi(m[1].str());
  height = std::stoi(m[2].str());
  return true;
}

// The viewer's own options (those of a run without a subcommand) into options; size takes --size
// as given, parsed after.
void add_viewer_options(CLI::App& cli, ViewerOptions& options, std::string& size) {
  cli.add_option("files", options.files, "Character and clip files to open");
  cli.add_flag("--headless", options.headless, "Render frames to PNG files instead of a window");
  cli.add_option("--frames", options.frames, "With --headless: how many frames to render")
      ->check(CLI::Range(1, 100000));
  cli.add_option("--out", options.out_dir, "With --headless: the folder for the PNG files");
  cli.add_option("--size", size, "Window or image size, WxH (e.g. 1280x720)");
  cli.add_option("--skinning", options.skinning, "Skinning method")
      ->check(CLI::IsMember({"lbs", "dq"}));
  cli.add_option("--crowd", options.crowd, "Draw N copies of the character")
      ->check(CLI::Range(1, 10000));
  cli.add_option("--state-log", options.state_log,
                 "Append one JSON line of viewer state per frame to this file");
  cli.add_option("--transition-record", options.transition_record,
                 "At exit, write the transition record (the last seconds of the state machine) "
                 "as JSON to this file");
  cli.add_option("--record", options.record,
                 "Record inputs from the start (File > Record inputs), saved to this JSON file "
                 "at exit, for animview render --recording");
  cli.add_option("--time-scale", options.time_scale, "Slow motion: 0.05 to 1 (1 is real time)")
      ->check(CLI::Range(0.05f, 1.0f));
  cli.add_option("--clip", options.clip, "Start by previewing this clip on the timeline");
  cli.add_option("--param", options.parameters,
                 "NAME=VALUE: set a graph parameter at start (e.g. velocity_z=1.4)")
      ->check(finite_assignment());
  cli.add_flag("--empty", options.empty_scene, "Open with an empty scene (no demo character)");
  cli.add_flag("--motion-matching", options.motion_matching,
               "Start in the motion-matching play mode (WASD steers, Shift runs)");
  cli.add_flag("--motion-matching-mirrored", options.motion_matching_mirrored,
               "Start in the motion-matching play mode with mirrored copies of the clips");
  cli.add_flag("--compressed-clips", options.compressed_clips,
               "Play clips in their compressed runtime form (each joint's own error within 1 mm; "
               "they add up along a chain)");
  cli.add_option("--unit-scale", options.unit_scale,
                 "Metres per file unit (default: the file's own, or guessed from its size)")
      ->check(finite_number() & CLI::Range(1e-6f, 1e6f));
  cli.add_option("--max-frames", options.max_frames, "Close the window after N frames")
      ->check(CLI::NonNegativeNumber);
  cli.add_flag("--show-ground", options.ground,
               "Start with the ground, sky and shadows on (View > Ground, sky and shadows)");
  cli.add_option("--export-frames", options.export_dir,
                 "Export the timeline's clip as PNGs into this folder (File > Export frames)");
  cli.add_option("--export-video", options.export_video,
                 "Export the timeline's clip as a video (.mp4, .webm, .gif) (File > Export video)");
  cli.add_option("--export-from", options.export_from_s,
                 "With --export-frames or --export-video: first time in seconds (default 0)");
  cli.add_option("--export-to", options.export_to_s,
                 "With --export-frames: last time in seconds; with --export-video: the video's "
                 "end (default: the clip's end)");
  cli.add_option("--compare", options.compare,
                 "Side by side: skinning (LBS | DQ), clip:NAME (the timeline's clip | NAME), off")
      ->check(compare_option_validator());
  cli.add_option("--compare-sync", options.compare_sync,
                 "With --compare clip:NAME: B follows A's phase, or its time in seconds")
      ->check(CLI::IsMember({"phase", "seconds"}));
}

}  // namespace

int run_command_line(int argc, char** argv) {
  CLI::App cli{"animview: a desktop viewer for skeletal animation (FBX, glTF/GLB, BVH, Collada)"};
  cli.set_version_flag("--version", std::string("animview ") + ANIMVIEW_VERSION);
  ViewerOptions options;
  std::string size;
  add_viewer_options(cli, options, size);
  add_import_limit_options(cli);

  // Headless subcommands: each registers itself and reports its exit code.
  int exit_code = 0;
  add_weights_command(cli, exit_code);
  add_info_command(cli, exit_code);
  add_pose_command(cli, exit_code);
  add_export_demo_command(cli, exit_code);
  add_export_clip_command(cli, exit_code);
  add_retarget_command(cli, exit_code);
  add_render_command(cli, exit_code);
  add_slide_command(cli, exit_code);
  add_curves_command(cli, exit_code);
  add_mm_build_command(cli, exit_code);
  add_mm_query_command(cli, exit_code);
  add_audit_command(cli, exit_code);
  add_contact_sheet_command(cli, exit_code);

  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    cli.exit(e);
    return 2;
  }
  if (!size.empty() && !parse_size(size, options.width, options.height)) {
    std::fprintf(stderr, "animview: --size: expected WxH such as 1280x720, got '%s'\n",
                 size.c_str());
    return 2;
  }
  if (cli.get_subcommands().empty()) return run_viewer(options);
  return exit_code;
}

}  // namespace app
