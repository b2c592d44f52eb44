#pragma once
// Runs the real animview executable for the command-line tests.

#include <filesystem>
#include <string>

namespace test {

struct ProcessResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs animview with args (already shell-quoted where needed), capturing stdout and stderr
// (through a file in dir).
ProcessResult run_animview(const std::string& args, const std::filesystem::path& dir);

}  // namespace test
