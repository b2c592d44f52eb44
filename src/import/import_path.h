#pragma once
// The checks every importer makes on a path before reading it, for readable causes where a
// library would only say "unable to open".

#include <string>

namespace importer {

// An empty string when path names a non-empty regular file; otherwise the cause ("the file does
// not exist", "is a directory, not a file", "the file is empty", ...).
std::string check_import_path(const std::string& path);

}  // namespace importer
