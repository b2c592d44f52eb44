#pragma once
// `animview mm-build` and `animview mm-query`: a character's motion-matching database built,
// written and searched headless, through the same code the viewer's motion-matching mode uses,
// so scripts and tests check what the viewer does.

namespace CLI {
class App;
}

namespace app {

// Registers `mm-build [FILE] [--anim-file F ...] [--mirror] [--exclude CLIP ...] --out DB
// [--json]`: imports FILE (the built-in demo without one) and the clips of each --anim-file,
// builds the database of every clip not excluded, writes it to DB and prints a summary (frames,
// frames per clip, clips left out and why, each feature group's scale). Exit code 0; 1 when a
// file cannot be read or written or no database can be built; 2 on bad arguments.
void add_mm_build_command(CLI::App& cli, int& exit_code);

// Registers `mm-query DB --query Q.json [--json]`: Q.json holds {"features": [27 numbers]} (a raw
// feature vector, as the database's "frames" hold them) and optionally "exclude": [clip names]
// and "weights": [5 numbers]. Prints the best frame (clip, time, mirrored), its cost and its
// cost per feature group, and the same for the runner-up (the best frame of another clip).
// Exit code 0; 1 when a file cannot be read or is not valid.
void add_mm_query_command(CLI::App& cli, int& exit_code);

}  // namespace app
