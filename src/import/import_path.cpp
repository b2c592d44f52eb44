#include "import/import_path.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace importer {

std::string check_import_path(const std::string& path) {
  if (path.empty()) return "no file name given";
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return "the file does not exist";
  if (std::filesystem::is_directory(status)) return "is a directory, not a file";
  if (!std::filesystem::is_regular_file(status)) return "is not a regular file";
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return "cannot read the file size: " + ec.message();
  if (size == 0) return "the file is empty";
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    return errno == EACCES ? "permission denied"
                           : std::string("cannot open: ") + std::strerror(errno);
  }
  std::fclose(file);
  return {};
}

}  // namespace importer
