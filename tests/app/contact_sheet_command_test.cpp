// `animview contact-sheet` run as users run it on the Fox: a picture per clip at evenly spaced
// frames and at the frames asked for, each the picture `animview render` makes of that clip and
// frame (the one frame path), pictures of a moving clip that differ from frame to frame, and a
// malformed --at refused with its cause.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/contact_sheet_command.h"
#include "picture_diff.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

TEST(ContactSheetFrames, EvenlySpacedWithTheExtraOnesSortedOnce) {
  EXPECT_EQ(app::contact_sheet_frames(30, 4, {}), (std::vector<int>{0, 10, 20, 30}));
  EXPECT_EQ(app::contact_sheet_frames(30, 4, {12, 10, 31, -1}),
            (std::vector<int>{0, 10, 12, 20, 30}));
  EXPECT_EQ(app::contact_sheet_frames(0, 6, {}), (std::vector<int>{0}));
  EXPECT_EQ(app::contact_sheet_file_name(2, 17), "c2_f17.png");
}

class ContactSheet : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
    fox_ = fs::path(ANIMVIEW_SHARED_ASSETS) / "khronos" / "Fox.glb";
    if (!fs::exists(fox_)) GTEST_SKIP() << fox_ << " is absent (shared assets)";
    dir_ = test::make_temp_dir();
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  std::string q(const fs::path& path) const { return "'" + path.string() + "'"; }
  fs::path fox_, dir_;
};

TEST_F(ContactSheet, EachPictureIsWhatRenderDrawsOfThatFrame) {
  const fs::path out = dir_ / "sheet";
  const test::ProcessResult r = test::run_animview(
      "contact-sheet " + q(fox_) + " --out " + q(out) + " --frames 3 --at 1:5", dir_);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(out)) ++files;
  EXPECT_EQ(r.out, std::to_string(files) + " pictures of 3 clips in " + out.string() + "\n");
  EXPECT_EQ(files, 3 * 3 + 1);  // Survey, Walk and Run at 3 frames; Walk's frame 5 besides
  ASSERT_TRUE(fs::exists(out / "c1_f5.png"));
  const pictures::Picture walk_0 = pictures::load(out / "c1_f0.png");
  ASSERT_EQ(walk_0.width, 160);
  ASSERT_EQ(walk_0.height, 120);
  // The walk's first frame as `render` draws it.
  const test::ProcessResult rendered = test::run_animview(
      "render " + q(fox_) + " --clip 1 --time 0 --size 160x120 --out " + q(dir_ / "r.png"), dir_);
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(pictures::compare(walk_0, pictures::load(dir_ / "r.png")).count, 0);
  // The fox walks: its legs are elsewhere five frames on.
  EXPECT_GT(pictures::compare(walk_0, pictures::load(out / "c1_f5.png")).count, 40);
}

TEST_F(ContactSheet, AMalformedAtIsRefusedWithItsCause) {
  const test::ProcessResult r = test::run_animview(
      "contact-sheet " + q(fox_) + " --out " + q(dir_ / "s") + " --at walk:5", dir_);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--at 'walk:5': expected CLIP:FRAME"), std::string::npos) << r.err;
}

}  // namespace
