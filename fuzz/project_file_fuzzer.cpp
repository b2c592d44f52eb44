// libFuzzer target: the project-file parser on arbitrary bytes. Every input must end in a
// project or in a message; a crash, a leak, undefined behaviour or a hang is a finding.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "project/project_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  project::Project project;
  const std::string error = project::parse_project(text, "fuzz.json", project);
  if (error.empty()) {
    // What parses must write and parse back.
    project::Project again;
    const std::string written = project::project_to_json(project);
    const std::string again_error = project::parse_project(written, "again.json", again);
    if (!again_error.empty()) {
      std::fprintf(stderr, "written project does not parse back: %s\n--- written:\n%s\n",
                   again_error.c_str(), written.c_str());
      __builtin_trap();
    }
  }
  return 0;
}
