#pragma once
// The shape every animview subcommand shares, written once: its options in one struct that the
// parser fills and that lives as long as the command line (CLI11 keeps the callback that owns
// it), handed to a run function once the line is parsed, whose result is the exit code; and the
// options several commands offer alike.

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "app/frame_options.h"

namespace app {

// A subcommand and the options its arguments are parsed into (both owned by the command line).
template <typename Options>
struct Subcommand {
  CLI::App* command;
  Options* options;
};

// Adds the subcommand name, described by description, whose parsed options (starting as
// defaults) run reads when the command is given; exit_code takes run's result.
template <typename Options>
Subcommand<Options> add_subcommand(CLI::App& app, const std::string& name,
                                   const std::string& description, int& exit_code,
                                   int (*run)(const Options&), Options defaults = {}) {
  auto options = std::make_shared<Options>(std::move(defaults));
  CLI::App* command = app.add_subcommand(name, description);
  command->callback([options, run, &exit_code] { exit_code = run(*options); });
  return {command, options.get()};
}

// --json: print JSON, the format scripts should use, instead of text.
inline CLI::Option* add_json_flag(CLI::App& command, bool& json) {
  return command.add_flag("--json", json, "Print JSON (the format scripts should use)");
}

// The character file or project a frame command reads (required), then the frame options
// (app/frame_options.h) but those named in dropped, which mean nothing to the command.
inline void add_frame_file(CLI::App& command, FrameOptions& frame,
                           std::initializer_list<const char*> dropped = {}) {
  command.add_option("file", frame.file, "Character file or project (.json)")->required();
  add_frame_options(command, frame);
  for (const char* name : dropped) command.remove_option(command.get_option(name));
}

}  // namespace app
