#pragma once
// `animview render [FILE] [--anim-file F] [--clip NAME|INDEX] [--time T] [--skinning lbs|dq]
// [--width W --height H] [--skeleton] [--ground flat|slope|stairs|rough] [--slope DEG]
// [--foot-ik] (--out x.png | --out-dir DIR [--from T0] [--to T1] [--fps F] [--overlay] | --out
// x.mp4|.webm|.gif [--from T0] [--to T1] [--fps F] [--size WxH] [--quality Q] [--turntable DEG]
// [--overlay] [--audio FILE [--audio-offset S]])`: one frame of a clip, every frame of a time
// range as a numbered PNG sequence, or a video (a playblast) of it at fixed time steps,
// rendered headless (no UI) through the same scene, player and renderer as the viewer, one
// frame path for all three. No FILE: the built-in demo character.

#include <CLI/CLI.hpp>

namespace app {

void add_render_command(CLI::App& app, int& exit_code);

}  // namespace app
