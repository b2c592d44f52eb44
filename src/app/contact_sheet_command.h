#pragma once
// `animview contact-sheet FILE --out DIR [--frames N] [--at CLIP:FRAME ...] [--width W]
// [--height H] [--jpeg QUALITY] [--anim-file F]`: small pictures of every clip of a file at evenly
// spaced frames (and at the frames asked for), rendered headless through the one frame path
// `animview render` uses, one camera per clip framed on what it plays. DIR gets
// c<CLIP>_f<FRAME>.png (.jpg with --jpeg; CLIP: the clip's index) and prints how many were written.
// The library audit's report (`animview audit
// --html`) shows them beside each clip's plots, the findings' frames among them.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace app {

// The file name of one picture: "c<clip>_f<frame>.<extension>".
std::string contact_sheet_file_name(int clip, int frame, const std::string& extension = "png");

// The frames of a clip of last_frame + 1 frames a sheet shows: count evenly spaced from the
// first to the last, and the extra ones within the clip, sorted without repeats.
std::vector<int> contact_sheet_frames(int last_frame, int count, const std::vector<int>& extra);

void add_contact_sheet_command(CLI::App& app, int& exit_code);

}  // namespace app
