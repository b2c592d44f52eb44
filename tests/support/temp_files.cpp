#include "support/temp_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace test {
namespace {

// Removes the folders make_temp_dir made for a test when the test ends, unless it failed.
class TempDirRemover : public ::testing::EmptyTestEventListener {
 public:
  void add(std::filesystem::path dir) { dirs_.push_back(std::move(dir)); }

  void OnTestEnd(const ::testing::TestInfo& info) override {
    if (!info.result()->Failed()) {
      for (const std::filesystem::path& dir : dirs_) {
        std::error_code ignored;  // a folder the test removed itself, or one still in use
        std::filesystem::remove_all(dir, ignored);
      }
    }
    dirs_.clear();
  }

 private:
  std::vector<std::filesystem::path> dirs_;
};

// The listener, appended to GoogleTest's on first use; GoogleTest owns it from then on.
TempDirRemover& temp_dir_remover() {
  static TempDirRemover* remover = [] {
    auto* r = new TempDirRemover;
    ::testing::UnitTest::GetInstance()->listeners().Append(r);
    return r;
  }();
  return *remover;
}

}  // namespace

std::filesystem::path make_temp_dir() {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = std::string(info->test_suite_name()) + "_" + info->name();
  // A parameterized test's names hold slashes (Instance/Suite, Test/Param): one folder still.
  std::replace(name.begin(), name.end(), '/', '_');
  // The process id keeps two runs of the suite at once (two checkouts, two builds) apart.
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("animview_test_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  temp_dir_remover().add(dir);
  return dir;
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

bool read_file(const std::filesystem::path& path, std::string& bytes) {
  bytes.clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  bytes = text.str();
  return true;
}

}  // namespace test
