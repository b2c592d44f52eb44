#include "app/recent_files.h"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/temp_files.h"

namespace app {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;

// A fresh config directory per test, removed afterwards.
class RecentFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            ("animview_recent_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(root_);
    config_ = root_ / "config" / "animview";
  }
  void TearDown() override { fs::remove_all(root_); }

  void write_config(const std::string& text) {
    fs::create_directories(config_);
    std::ofstream(config_ / "recent.json") << text;
  }
  std::string read_config() const {
    std::string text;
    test::read_file(config_ / "recent.json", text);
    return text;
  }

  fs::path root_;
  fs::path config_;
};

TEST_F(RecentFilesTest, MissingFileLoadsAsAnEmptyList) {
  RecentFiles recent(config_);
  EXPECT_EQ(recent.load(), "");
  EXPECT_TRUE(recent.paths().empty());
  EXPECT_EQ(recent.file(), config_ / "recent.json");
}

TEST_F(RecentFilesTest, MostRecentFirstDeduplicatedAndCapped) {
  RecentFiles recent(config_, 3);
  for (const char* p : {"/m/a.fbx", "/m/b.glb", "/m/c.bvh", "/m/a.fbx", "/m/d.dae"}) recent.add(p);
  EXPECT_THAT(recent.paths(), ElementsAre("/m/d.dae", "/m/a.fbx", "/m/c.bvh"));
}

TEST_F(RecentFilesTest, SpellingsOfOnePathAreOneEntry) {
  RecentFiles recent(config_);
  recent.add("models/../walk.fbx");
  recent.add("walk.fbx");
  recent.add("./walk.fbx");
  ASSERT_EQ(recent.paths().size(), 1u);
  EXPECT_EQ(recent.paths()[0], (fs::current_path() / "walk.fbx").string());
  EXPECT_TRUE(recent.remove("other/../walk.fbx"));
  EXPECT_TRUE(recent.paths().empty());
  EXPECT_FALSE(recent.remove("walk.fbx"));
}

TEST_F(RecentFilesTest, SavedListLoadsInTheNextSession) {
  {
    RecentFiles session1(config_);
    session1.add("/m/a.fbx");
    session1.add("/m/b.glb");
    ASSERT_EQ(session1.save(), "");  // creates the missing config directories too
  }
  EXPECT_FALSE(fs::exists(config_ / "recent.json.tmp"));
  const nlohmann::json json = nlohmann::json::parse(read_config());
  EXPECT_EQ(json["recent"], nlohmann::json::array({"/m/b.glb", "/m/a.fbx"}));

  RecentFiles session2(config_);
  ASSERT_EQ(session2.load(), "");
  EXPECT_THAT(session2.paths(), ElementsAre("/m/b.glb", "/m/a.fbx"));
}

TEST_F(RecentFilesTest, LoadSkipsBadEntriesAndAppliesTheCap) {
  write_config(R"({"version": 1, "recent": ["/m/a.fbx", 3, "", "/m/b.glb", "/m/a.fbx", "/m/c"]})");
  RecentFiles recent(config_, 2);
  ASSERT_EQ(recent.load(), "");
  EXPECT_THAT(recent.paths(), ElementsAre("/m/a.fbx", "/m/b.glb"));
}

TEST_F(RecentFilesTest, CorruptFileIsReportedWithItsPath) {
  write_config("{\"recent\": [");
  RecentFiles recent(config_);
  recent.add("/m/a.fbx");
  const std::string error = recent.load();
  EXPECT_NE(error.find((config_ / "recent.json").string()), std::string::npos) << error;
  EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
  EXPECT_TRUE(recent.paths().empty());
}

TEST_F(RecentFilesTest, FileWithoutAListIsReported) {
  write_config(R"({"recent": "/m/a.fbx"})");
  RecentFiles recent(config_);
  EXPECT_NE(recent.load().find("no \"recent\" list"), std::string::npos);
}

TEST_F(RecentFilesTest, FailedSaveKeepsThePreviousFile) {
  write_config(R"({"recent": ["/m/old.fbx"]})");
  const std::string before = read_config();
  // A directory where the temporary file should go makes the write fail.
  fs::create_directories(config_ / "recent.json.tmp");
  RecentFiles recent(config_);
  recent.add("/m/new.fbx");
  const std::string error = recent.save();
  EXPECT_NE(error.find("recent.json.tmp"), std::string::npos) << error;
  EXPECT_EQ(read_config(), before);
}

TEST_F(RecentFilesTest, UnwritableConfigDirectoryIsReported) {
  fs::create_directories(root_);
  std::ofstream(root_ / "config") << "a file, not a directory";
  RecentFiles recent(config_);
  recent.add("/m/a.fbx");
  EXPECT_NE(recent.save().find("cannot create"), std::string::npos);
}

// Sets an environment variable for one scope and restores it afterwards.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(DefaultConfigDir, FollowsXdgThenHome) {
  ScopedEnv home("HOME", "/home/ann");
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "/cfg");
    EXPECT_EQ(default_config_dir(), fs::path("/cfg/animview"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "relative/ignored");  // the spec says: ignore it
    EXPECT_EQ(default_config_dir(), fs::path("/home/ann/.config/animview"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
    EXPECT_EQ(default_config_dir(), fs::path("/home/ann/.config/animview"));
    ScopedEnv no_home("HOME", nullptr);
    EXPECT_EQ(default_config_dir(), fs::path());
  }
}

}  // namespace
}  // namespace app
