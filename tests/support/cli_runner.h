#pragma once
// Runs the real animview executable for CLI tests, capturing its output and exit code.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

// Skips the calling test where animview is not built: the sanitizer build runs the import, demo
// and project suites without the executable.
#define SKIP_UNLESS_ANIMVIEW_BUILT()          \
  if (!std::filesystem::exists(ANIMVIEW_EXE)) \
  GTEST_SKIP() << ANIMVIEW_EXE << " is not built (build the animview target first)"

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
