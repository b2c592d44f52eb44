#include "support/cli_runner.h"

#include <sys/wait.h>

#include <array>
#include <cstdio>

#include "support/temp_files.h"

namespace test {

ProcessResult run_animview(const std::string& args, const std::filesystem::path& dir) {
  const std::filesystem::path err_file = dir / "stderr.txt";
  const std::string command =
      std::string("'") + ANIMVIEW_EXE + "' " + args + " 2>'" + err_file.string() + "'";
  ProcessResult run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> chunk;
  std::size_t n;
  while ((n = std::fread(chunk.data(), 1, chunk.size(), pipe)) > 0) run.out.append(chunk.data(), n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  read_file(err_file, run.err);
  return run;
}

}  // namespace test
