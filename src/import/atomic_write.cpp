#include "import/atomic_write.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace importer {

std::string write_file_atomically(const std::string& path, std::string_view text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    if (!file) return path + ": cannot write the temporary file " + temporary;
    file.write(text.data(), static_cast<std::streamsize>(text.size()));
    file.flush();
    if (!file) {
      std::remove(temporary.c_str());
      return path + ": write failed (disk full?)";
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::remove(temporary.c_str());
    return path + ": cannot replace the file: " + error.message();
  }
  return {};
}

}  // namespace importer
