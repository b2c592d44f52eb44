#pragma once
// Runs the real animview executable for CLI tests, capturing its output and exit code.

#include <filesystem>
#include <string>

namespace test {

struct ProcessResult {
  int exit_code = -1;  // -1 when the process ended by a signal
  std::string out;
  std::string err;
};

// Runs animview with args (already shell-quoted where needed) in no particular folder; stderr
// goes through a file in dir.
ProcessResult run_animview(const std::string& args, const std::filesystem::path& dir);

}  // namespace test
