#pragma once
// Writing a file so that nothing is lost: the text goes to a temporary file beside it, which is
// then renamed over the real name. A crash or a full disk leaves the previous file as it was.

#include <string>
#include <string_view>

namespace importer {

// Writes text to path through path + ".tmp" and a rename. Returns "" or the cause, naming path
// (the temporary file is removed on failure).
[[nodiscard]] std::string write_file_atomically(const std::string& path, std::string_view text);

}  // namespace importer
