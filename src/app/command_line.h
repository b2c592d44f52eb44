#pragma once
// The animview command line: the viewer's options and the headless subcommands.

namespace app {

// Parses argv and runs the viewer or a subcommand. Returns the process exit code: 0 on
// success, 1 when a command fails on its input, 2 for bad arguments.
int run_command_line(int argc, char** argv);

}  // namespace app
