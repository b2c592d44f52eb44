#pragma once
// Files for tests: a temporary folder of the running test's own, and a file writer.

#include <filesystem>
#include <string>

namespace test {

// A fresh empty folder under the system temp folder, named after the running test and its
// process: the tests that CTest runs side by side, and two suites run at once, never share one.
std::filesystem::path make_temp_dir();

// Writes bytes to path.
void write_file(const std::filesystem::path& path, const std::string& bytes);

}  // namespace test
