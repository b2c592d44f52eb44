// `animview audit` run as the real executable on a small library written by the test: the Fox
// (a copy of the shared asset) and a file that is not an FBX at all. The malformed file is an
// error entry naming it while the Fox is audited; exit codes 0 (rules loose enough), 1 (an
// error), 2 (bad arguments); the cache skips an unchanged file and reads a changed one again;
// shard reports merged equal the audit in one run; a character's clips get a transition matrix;
// a .gltf's external buffer is part of its cache key; a project's clip files are audited on the
// project's character; the HTML report carries each clip's contact sheet, rendered headless.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "project/project_file.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::run_animview;

class AuditCli : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_UNLESS_ANIMVIEW_BUILT();
    const fs::path fox = fs::path(ANIMVIEW_SHARED_ASSETS) / "khronos" / "Fox.glb";
    if (!fs::exists(fox)) GTEST_SKIP() << fox << " is absent (shared assets)";
    dir_ = test::make_temp_dir();
    lib_ = dir_ / "lib";
    fs::create_directories(lib_);
    fs::copy_file(fox, lib_ / "fox.glb");
    test::write_file(lib_ / "broken.fbx", "Kaydara FBX Binary  this is not an FBX file");
    test::write_file(lib_ / "notes.txt", "not a model: not audited");
  }

  std::string q(const fs::path& path) const { return std::string("'") + path.string() + "'"; }

  json read_json(const fs::path& path) const {
    std::ifstream in(path);
    return json::parse(in, nullptr, false);
  }

  fs::path dir_;
  fs::path lib_;
};

TEST_F(AuditCli, AMalformedFileIsAnErrorNamingItAndTheAuditGoesOn) {
  const test::ProcessResult r =
      run_animview(std::string("audit ") + q(lib_) + " --no-cache --json " + q(dir_ / "a.json") +
                       " --csv " + q(dir_ / "a.csv") + " --html " + q(dir_ / "a.html"),
                   dir_);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const json report = read_json(dir_ / "a.json");
  ASSERT_EQ(report["files"].size(), 2u) << report.dump(1);
  const json& broken = report["files"][0];
  EXPECT_EQ(broken["file"], (lib_ / "broken.fbx").string());
  ASSERT_TRUE(broken.contains("error"));
  EXPECT_NE(broken["error"].get<std::string>().find("broken.fbx"), std::string::npos);
  const json& fox = report["files"][1];
  EXPECT_FALSE(fox.contains("error")) << fox["error"];
  ASSERT_GE(fox["clips"].size(), 3u);  // Survey, Walk, Run
  for (const json& clip : fox["clips"]) {
    EXPECT_GT(clip["duration"].get<double>(), 0.0);
    EXPECT_GT(clip["keys"].get<int>(), 0);
    EXPECT_TRUE(clip["findings"].is_array());
  }
  EXPECT_NE(r.out.find("2 files (1 unreadable"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::file_size(dir_ / "a.csv") > 0);
  EXPECT_TRUE(fs::file_size(dir_ / "a.html") > 0);
}

TEST_F(AuditCli, ExitsWithZeroWhenNothingReachesAnErrorAndTwoForBadArguments) {
  test::write_file(dir_ / "loose.json",
                   R"({"thresholds": {"pop_m": {"warning": 1e9, "error": 1e9},
                       "seam_m": {"warning": 1e9, "error": 1e9},
                       "seam_velocity_m_s": {"warning": 1e9, "error": 1e9},
                       "slide_leg_share": {"warning": 1e9, "error": 1e9},
                       "compression_m": {"warning": 1e9, "error": 1e9},
                       "mirror_m": {"warning": 1e9, "error": 1e9},
                       "scale_ratio": {"warning": 1e9, "error": 1e9}}})");
  const std::string fox = q(lib_ / "fox.glb");
  EXPECT_EQ(run_animview(
                std::string("audit ") + fox + " --no-cache --rules " + q(dir_ / "loose.json"), dir_)
                .exit_code,
            0);
  EXPECT_EQ(run_animview(std::string("audit ") + q(dir_ / "missing"), dir_).exit_code, 2);
  EXPECT_EQ(run_animview(std::string("audit ") + fox + " --jobs 0", dir_).exit_code, 2);
  test::write_file(dir_ / "bad_rules.json", R"({"sign_flip": "fatal"})");
  const test::ProcessResult bad =
      run_animview(std::string("audit ") + fox + " --rules " + q(dir_ / "bad_rules.json"), dir_);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad_rules.json: sign_flip"), std::string::npos) << bad.err;
  EXPECT_EQ(run_animview(std::string("audit --merge ") + q(dir_ / "loose.json"), dir_).exit_code,
            2);
}

TEST_F(AuditCli, TheCacheSkipsAnUnchangedFileAndReadsAChangedOne) {
  const std::string args =
      std::string("audit ") + q(lib_ / "fox.glb") + " --cache " + q(dir_ / "cache") + " --json ";
  const test::ProcessResult first = run_animview(args + q(dir_ / "1.json"), dir_);
  EXPECT_NE(first.out.find("0 from the cache"), std::string::npos) << first.out;
  const test::ProcessResult second = run_animview(args + q(dir_ / "2.json"), dir_);
  EXPECT_NE(second.out.find("1 from the cache"), std::string::npos) << second.out;
  EXPECT_EQ(first.exit_code, second.exit_code);
  EXPECT_EQ(read_json(dir_ / "1.json"), read_json(dir_ / "2.json"));
  // One byte of a texture's or key's data changed (past the header): read again.
  {
    std::fstream file(lib_ / "fox.glb", std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(fs::file_size(lib_ / "fox.glb") - 10));
    file.put('\x7f');
  }
  const test::ProcessResult third = run_animview(args + q(dir_ / "3.json"), dir_);
  EXPECT_NE(third.out.find("0 from the cache"), std::string::npos) << third.out;
}

TEST_F(AuditCli, MergedShardsEqualTheAuditInOneRun) {
  const std::string fox = q(lib_ / "fox.glb");
  const std::string broken = q(lib_ / "broken.fbx");
  run_animview(
      std::string("audit ") + q(lib_) + " --no-cache --jobs 2 --json " + q(dir_ / "whole.json"),
      dir_);
  run_animview(std::string("audit ") + broken + " --no-cache --json " + q(dir_ / "s1.json"), dir_);
  run_animview(std::string("audit ") + fox + " --no-cache --json " + q(dir_ / "s2.json"), dir_);
  const test::ProcessResult merged =
      run_animview(std::string("audit --merge ") + q(dir_ / "s2.json") + " " + q(dir_ / "s1.json") +
                       " --json " + q(dir_ / "merged.json"),
                   dir_);
  EXPECT_EQ(merged.exit_code, 1);  // the broken file
  const json whole = read_json(dir_ / "whole.json");
  ASSERT_EQ(whole["files"].size(), 2u);
  EXPECT_EQ(read_json(dir_ / "merged.json"), whole);
}

TEST_F(AuditCli, TheFoxsClipsGetATransitionMatrix) {
  const test::ProcessResult r = run_animview(
      std::string("audit ") + q(lib_ / "fox.glb") + " --no-cache --json " + q(dir_ / "t.json"),
      dir_);
  ASSERT_NE(r.exit_code, 2) << r.err;
  const json fox = read_json(dir_ / "t.json")["files"][0];
  ASSERT_TRUE(fox.contains("transitions")) << fox.dump(1).substr(0, 2000);
  const json& t = fox["transitions"];
  const std::size_t n = fox["clips"].size();
  ASSERT_EQ(t["clips"].size(), n);
  ASSERT_EQ(t["cost_m"].size(), n);
  for (std::size_t s = 0; s < n; ++s) {
    EXPECT_EQ(t["clips"][s], fox["clips"][s]["name"]);
    for (std::size_t c = 0; c < n; ++c) {
      if (s == c) {
        EXPECT_TRUE(t["cost_m"][s][c].is_null());
        continue;
      }
      // Fox's clips are one animal's gaits: every pair joins within a metre, none for free.
      EXPECT_GT(t["cost_m"][s][c].get<double>(), 0.0) << s << " " << c;
      EXPECT_LT(t["cost_m"][s][c].get<double>(), 1.0) << s << " " << c;
      EXPECT_GE(t["entry_frame"][s][c].get<int>(), 0);
    }
  }
}

TEST_F(AuditCli, AGltfsExternalBufferIsPartOfItsCacheKey) {
  const fs::path khronos = fs::path(ANIMVIEW_SHARED_ASSETS) / "khronos";
  fs::copy_file(khronos / "interpolation_test.gltf", dir_ / "interpolation_test.gltf");
  fs::copy_file(khronos / "interpolation_test.bin", dir_ / "interpolation_test.bin");
  const std::string args =
      std::string("audit ") + q(dir_ / "interpolation_test.gltf") + " --cache " + q(dir_ / "cache");
  const test::ProcessResult first = run_animview(args, dir_);
  EXPECT_NE(first.out.find("0 from the cache"), std::string::npos) << first.out << first.err;
  EXPECT_NE(run_animview(args, dir_).out.find("1 from the cache"), std::string::npos);
  {
    std::fstream bin(dir_ / "interpolation_test.bin",
                     std::ios::in | std::ios::out | std::ios::binary);
    bin.seekp(8);
    bin.put('\x3f');
  }
  const test::ProcessResult changed = run_animview(args, dir_);
  EXPECT_NE(changed.out.find("0 from the cache"), std::string::npos) << changed.out;
}

TEST_F(AuditCli, AProjectsClipFileIsAuditedOnTheProjectsCharacter) {
  const fs::path kaykit = fs::path(ANIMVIEW_SHARED_ASSETS) / "kaykit";
  if (!fs::exists(kaykit / "Knight.glb")) GTEST_SKIP() << kaykit << " is absent (shared assets)";
  project::Project project;
  project.character = (kaykit / "Knight.glb").string();
  project.clip_files = {(kaykit / "anim" / "Med_MovementBasic.glb").string()};
  ASSERT_EQ(project::save_project(project, (dir_ / "knight.json").string()), "");
  const test::ProcessResult r =
      run_animview(std::string("audit --project ") + q(dir_ / "knight.json") +
                       " --no-cache --json " + q(dir_ / "p.json"),
                   dir_);
  ASSERT_NE(r.exit_code, 2) << r.err;
  const json report = read_json(dir_ / "p.json");
  ASSERT_EQ(report["files"].size(), 2u) << report.dump(1).substr(0, 2000);
  const bool clips_first = report["files"][0]["file"] == project.clip_files[0];
  const json& clips = report["files"][clips_first ? 0 : 1];
  EXPECT_EQ(clips["file"], project.clip_files[0]);
  EXPECT_EQ(clips["character"], project.character);
  EXPECT_FALSE(clips.contains("error")) << clips["error"];
  EXPECT_EQ(clips["legs"], 2);  // the Knight's legs
  EXPECT_GE(clips["clips"].size(), 3u);
  EXPECT_FALSE(report["files"][clips_first ? 1 : 0].contains("character"));
}

TEST_F(AuditCli, TheHtmlReportShowsEachClipsContactSheet) {
  if (std::getenv("DISPLAY") == nullptr) GTEST_SKIP() << "no display to render on (run under Xvfb)";
  const test::ProcessResult r =
      run_animview(std::string("audit ") + q(lib_ / "fox.glb") + " --no-cache --html " +
                       q(dir_ / "r.html") + " --json " + q(dir_ / "r.json"),
                   dir_);
  ASSERT_NE(r.exit_code, 2) << r.err;
  std::string html;
  ASSERT_TRUE(test::read_file(dir_ / "r.html", html)) << r.err;
  const std::size_t clips = read_json(dir_ / "r.json")["files"][0]["clips"].size();
  int pictures = 0;
  for (std::size_t at = html.find("<img src=\"data:image/jpeg;base64,"); at != std::string::npos;
       at = html.find("<img src=\"data:image/jpeg;base64,", at + 1)) {
    ++pictures;
  }
  EXPECT_GE(pictures, static_cast<int>(5 * clips)) << r.err;
  EXPECT_NE(html.find("id=\"c0s0\""), std::string::npos);  // the first clip's first frame
}

}  // namespace
