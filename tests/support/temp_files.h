#pragma once
// Files for tests: a temporary folder of the running test's own, a file writer and reader.

#include <filesystem>
#include <string>

namespace test {

// A fresh empty folder under the system temp folder, named after the running test and its
// process: the tests that CTest runs side by side, and two suites run at once, never share one.
// It is removed when the test ends, unless the test failed (then it is kept to be looked at).
std::filesystem::path make_temp_dir();

// Writes bytes to path.
void write_file(const std::filesystem::path& path, const std::string& bytes);

// Reads path's bytes into bytes; false (bytes empty) when it cannot be opened.
bool read_file(const std::filesystem::path& path, std::string& bytes);

}  // namespace test
