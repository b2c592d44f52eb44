// Side-by-side pictures rendered headless by the real executable (`animview render --compare`):
// each half must be the picture a plain render of its own view gives at the half's size, and
// the halves must differ exactly where their subjects do.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "picture_diff.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

using pictures::compare_region;
using pictures::Difference;
using pictures::Picture;

// The compare picture is kWidth x kHeight; each half, and each plain render, kWidth / 2 wide.
constexpr int kWidth = 800;
constexpr int kHeight = 600;
constexpr int kHalf = kWidth / 2;
// The divider covers the column on each side of the seam; the comparisons leave them out.
constexpr int kDivider = 1;

// One camera on the demo for every render: render frames what it shows (a compare render both
// clips, a plain one its own), and the halves are compared with plain renders of the same view.
constexpr const char* kCamera = " --camera-position 1.6,1.4,3.2 --camera-focal-point 0,0.95,0 ";

// Renders with args to dir/name.png at width x kHeight and returns the picture.
Picture render(const std::filesystem::path& dir, const std::string& name, const std::string& args,
               int width) {
  const std::filesystem::path out = dir / (name + ".png");
  // A plain background (no sky, ground or shadow): the halves' difference is the character's.
  const std::string command = std::string(ANIMVIEW_EXE) + " render --no-ground" + kCamera + args +
                              " --width " + std::to_string(width) + " --height " +
                              std::to_string(kHeight) + " --out " + out.string() + " > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return pictures::load(out);
}

Difference left_half_against(const Picture& both, const Picture& plain) {
  return compare_region(both, 0, 0, plain, 0, 0, kHalf - kDivider, kHeight);
}
Difference right_half_against(const Picture& both, const Picture& plain) {
  return compare_region(both, kHalf + kDivider, 0, plain, kDivider, 0, kHalf - kDivider, kHeight);
}
Difference left_against_right(const Picture& both) {
  return compare_region(both, kDivider, 0, both, kHalf + kDivider, 0, kHalf - 2 * kDivider,
                        kHeight);
}

TEST(CompareRender, SkinningHalvesAreTheLbsAndDqRendersAndDifferOnlyAtTheForearm) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const std::string wave = "--clip wave --time 1.0 ";
  const Picture both = render(dir, "both", wave + "--compare skinning", kWidth);
  const Picture lbs = render(dir, "lbs", wave + "--skinning lbs", kHalf);
  const Picture dq = render(dir, "dq", wave + "--skinning dq", kHalf);
  ASSERT_EQ(both.width, kWidth);
  ASSERT_EQ(lbs.width, kHalf);
  ASSERT_EQ(dq.width, kHalf);

  // The same camera and pose in each half: the plain renders, pixel for pixel (a stray pixel
  // allowed: specular shading takes the eye from each half's own projection, and rounding can
  // tip one pixel of a highlight over the difference threshold).
  EXPECT_LE(left_half_against(both, lbs).count, 2);
  EXPECT_LE(right_half_against(both, dq).count, 2);
  // And between the halves only the twisted forearm differs: a forearm-sized box (the figure
  // stands about 420 pixels tall here, so 150 pixels is a third of it).
  const Difference d = left_against_right(both);
  std::printf("LBS | DQ halves: %d pixels differ in a %d x %d box\n", d.count, d.max_x - d.min_x,
              d.max_y - d.min_y);
  EXPECT_GT(d.count, 20);  // tone mapping compresses the shading of the twisted part
  EXPECT_LT(d.max_x - d.min_x, 150);
  EXPECT_LT(d.max_y - d.min_y, 150);
  // The divider: a light line down the seam.
  const unsigned char* seam = both.at(kHalf, kHeight / 2);
  EXPECT_GT(seam[0], 140);
  EXPECT_GT(seam[2], 140);
  std::filesystem::remove_all(dir);
}

TEST(CompareRender, ClipHalvesAreClipAAndClipBAtTheSamePhase) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  // walk_forward is 1.111 s, run_forward 0.667 s: 0.5 s of walk is 0.45 of its cycle, which is
  // 0.3 s of run.
  const Picture both =
      render(dir, "both", "--clip walk_forward --time 0.5 --compare clip:run_forward", kWidth);
  const Picture walk = render(dir, "walk", "--clip walk_forward --time 0.5", kHalf);
  const Picture run = render(dir, "run", "--clip run_forward --time 0.3", kHalf);
  const Picture run_later = render(dir, "run_later", "--clip run_forward --time 0.4", kHalf);
  ASSERT_EQ(both.width, kWidth);

  EXPECT_EQ(left_half_against(both, walk).count, 0) << "A's half is a plain render of A";
  // B's time is computed (0.5 / 1.111 * 0.667 in floats), not typed as 0.3: a few edge pixels
  // may round the other way.
  EXPECT_LT(right_half_against(both, run).count, 20) << "B's half is B at A's phase";
  EXPECT_GT(right_half_against(both, run_later).count, 300) << "and not at another time";
  EXPECT_GT(left_against_right(both).count, 1000) << "a walk and a run look different";

  // In seconds, B is at A's time: 0.5 s of run.
  const Picture seconds = render(dir, "seconds",
                                 "--clip walk_forward --time 0.5 --compare clip:run_forward "
                                 "--compare-sync seconds",
                                 kWidth);
  const Picture run_half_second = render(dir, "run_05", "--clip run_forward --time 0.5", kHalf);
  EXPECT_LT(right_half_against(seconds, run_half_second).count, 20);
  std::filesystem::remove_all(dir);
}

TEST(CompareRender, AMissingClipBFailsNamingIt) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const std::string output = e2e::run_and_read(std::string(ANIMVIEW_EXE) +
                                               " render --compare clip:sprint --out /tmp/x.png "
                                               "2>&1; echo exit=$?");
  EXPECT_NE(output.find("no clip 'sprint' to compare with"), std::string::npos) << output;
  EXPECT_NE(output.find("exit=1"), std::string::npos) << output;
  const std::string typo = e2e::run_and_read(
      std::string(ANIMVIEW_EXE) + " render --compare skining --out /tmp/x.png 2>&1; echo exit=$?");
  EXPECT_NE(typo.find("expected off, skinning or clip:NAME, got 'skining'"), std::string::npos)
      << typo;
  EXPECT_EQ(typo.find("exit=0"), std::string::npos) << typo;
}

}  // namespace
