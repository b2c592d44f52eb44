// libFuzzer target: the project-file parser on arbitrary bytes. Every input must end in a
// project or in a message; a crash, a leak, undefined behaviour or a hang is a finding.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "asset/project_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  asset::Project project;
  const std::string error = asset::parse_project(text, "fuzz.json", project);
  if (error.empty()) {
    // What parses must write and parse back.
    asset::Project again;
    if (!asset::parse_project(asset::project_to_json(project), "again.json", again).empty()) {
      __builtin_trap();
    }
  }
  return 0;
}
