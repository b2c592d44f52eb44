#pragma once
// `animview render [FILE] [--anim-file F] [--clip NAME|INDEX] [--time T] [--skinning lbs|dq]
// [--width W --height H] [--skeleton] [--bone-axes] [--trail JOINT ... [--trail-window S |
// --trail-whole-clip]] [--ground flat|slope|stairs|rough] [--slope DEG]
// [--foot-ik] (--out x.png | --out-dir DIR [--from T0] [--to T1] [--fps F] [--overlay] | --out
// x.mp4|.webm|.gif [--from T0] [--to T1] [--fps F] [--size WxH] [--quality Q] [--turntable DEG]
// [--overlay] [--audio FILE [--audio-offset S]] [--recording REC.json])`: one frame of a clip,
// every frame of a time range as a numbered PNG sequence, or a video (a playblast) of it at
// fixed time steps, rendered headless (no UI) through the same scene, player and renderer as
// the viewer, one frame path for all three. A video of a project without --clip plays its graph
// from the start; with --recording, the inputs of a live recording (app/live_recording.h)
// replayed in fixed steps. No FILE: the built-in demo character (in its own project with
// --recording, as the viewer records it).

#include <CLI/CLI.hpp>

namespace app {

void add_render_command(CLI::App& app, int& exit_code);

}  // namespace app
