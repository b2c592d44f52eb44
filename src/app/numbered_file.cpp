#include "app/numbered_file.h"

#include <cstdio>
#include <filesystem>

namespace app {

std::string next_numbered_path(const std::string& stem) {
  for (int i = 1;; ++i) {
    char number[24];
    std::snprintf(number, sizeof(number), "_%03d.json", i);
    const std::string path = stem + number;
    if (!std::filesystem::exists(path)) return path;
  }
}

}  // namespace app
