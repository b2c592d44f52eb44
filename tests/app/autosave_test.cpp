// Autosave: the recovery copy is written once the interval has passed, removed by a clean
// finish, and offered on the next start only when its run is gone without finishing.
#include "app/autosave.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

namespace app {
namespace {

namespace fs = std::filesystem;

class AutosaveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("animview_autosave_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The id of a process that has exited (and been reaped): a run that crashed.
  static pid_t dead_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
  }

  static void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

  fs::path dir_;
};

TEST_F(AutosaveTest, TheCopyIsWrittenEveryIntervalAndRemovedByAFinish) {
  Autosave autosave(dir_);
  std::string error;
  EXPECT_FALSE(autosave.start(error).has_value());
  EXPECT_EQ(error, "");
  EXPECT_TRUE(fs::exists(autosave.mark_path()));
  int calls = 0;
  const auto json = [&calls] {
    ++calls;
    return std::string("{\"version\": 1}\n");
  };
  EXPECT_EQ(autosave.tick(100.0, json, 60.0), "");
  EXPECT_EQ(autosave.tick(159.0, json, 60.0), "");
  EXPECT_FALSE(fs::exists(autosave.recovery_path())) << "not before a minute has passed";
  EXPECT_EQ(calls, 0) << "the project is only serialized when a copy is due";
  EXPECT_EQ(autosave.tick(160.5, json, 60.0), "");
  EXPECT_TRUE(fs::exists(autosave.recovery_path()));
  EXPECT_EQ(calls, 1);
  autosave.finish();
  EXPECT_FALSE(fs::exists(autosave.recovery_path()));
  EXPECT_FALSE(fs::exists(autosave.mark_path()));
  // A clean quit leaves nothing to offer.
  Autosave next(dir_);
  EXPECT_FALSE(next.start(error).has_value());
  next.finish();
}

TEST_F(AutosaveTest, ACrashedRunsCopyIsOfferedOnce) {
  fs::create_directories(dir_);
  const std::string crashed = std::to_string(dead_pid());
  write(dir_ / ("running." + crashed), "running\n");
  write(dir_ / ("recovery." + crashed + ".animview.json"), "{}\n");
  // A run that is still going (our parent) is not a crash, even with a copy.
  const std::string alive = std::to_string(::getppid());
  write(dir_ / ("running." + alive), "running\n");
  write(dir_ / ("recovery." + alive + ".animview.json"), "{}\n");
  Autosave autosave(dir_);
  std::string error;
  const auto offered = autosave.start(error);
  ASSERT_TRUE(offered.has_value());
  EXPECT_EQ(offered->filename(), "recovery." + crashed + ".animview.json");
  EXPECT_FALSE(fs::exists(dir_ / ("running." + crashed)));
  EXPECT_TRUE(fs::exists(dir_ / ("running." + alive)));
  autosave.finish();
  Autosave again(dir_);
  EXPECT_FALSE(again.start(error).has_value()) << "offered once";
  again.finish();
}

TEST_F(AutosaveTest, TheFolderComesFromTheEnvironment) {
  ::setenv("ANIMVIEW_STATE_DIR", dir_.c_str(), 1);
  EXPECT_EQ(autosave_folder(), dir_);
  ::unsetenv("ANIMVIEW_STATE_DIR");
  ::setenv("XDG_STATE_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(autosave_folder(), fs::path("/tmp/xdg/animview"));
  ::unsetenv("XDG_STATE_HOME");
  ::setenv("ANIMVIEW_AUTOSAVE_S", "2.5", 1);
  EXPECT_DOUBLE_EQ(autosave_interval_s(), 2.5);
  ::setenv("ANIMVIEW_AUTOSAVE_S", "soon", 1);
  EXPECT_DOUBLE_EQ(autosave_interval_s(), Autosave::kIntervalS);
  ::unsetenv("ANIMVIEW_AUTOSAVE_S");
}

}  // namespace
}  // namespace app
