// Pictures of the built-in scene, rendered headless by the real executable: the default view
// shows the skinned character on the grid; linear blend and dual quaternions differ only where
// the wave twists the forearm; foot IK changes the legs on a slope.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "picture_diff.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

using pictures::compare;
using pictures::Difference;
using pictures::is_mesh;
using pictures::load;
using pictures::Picture;

int animview(const std::string& args) {
  return std::system((std::string(ANIMVIEW_EXE) + " " + args + " > /dev/null").c_str());
}

}  // namespace

TEST(DefaultScene, HeadlessFrameShowsTheSkinnedCharacterStandingOnTheGrid) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  ASSERT_EQ(animview("--headless --frames 2 --size 1280x720 --out " + dir.string()), 0);
  const Picture frame = load(dir / "frame_0001.png");
  ASSERT_EQ(frame.width, 1280);
  // The viewport lies between the side panel (340 px) and the graph panel (430 px); the
  // character stands in its middle, framed, with its feet in the lower half. Its head is below
  // y = 150, where the stats overlay's light text (the foot slide; no timings headless) ends.
  int mesh = 0, lowest = 0, leftmost = 1280, rightmost = 0;
  for (int y = 150; y < 600; ++y) {
    for (int x = 345; x < 845; ++x) {
      if (!is_mesh(frame.at(x, y))) continue;
      ++mesh;
      lowest = std::max(lowest, y);
      leftmost = std::min(leftmost, x), rightmost = std::max(rightmost, x);
    }
  }
  EXPECT_GT(mesh, 2000) << "the character's mesh is not in the viewport";
  EXPECT_GT(lowest, 350) << "the feet should stand in the lower half";
  EXPECT_LT(rightmost - leftmost, 400) << "one standing figure, not a smear";
  // Grid lines around the feet (the character stands on the ground).
  int grid = 0;
  for (int y = lowest - 40; y < std::min(lowest + 40, 600); ++y) {
    for (int x = 345; x < 845; ++x) {
      const unsigned char* c = frame.at(x, y);
      grid += (c[0] > 90 && c[0] < 150 && std::abs(c[0] - c[2]) < 20) ? 1 : 0;
    }
  }
  EXPECT_GT(grid, 200);
  std::filesystem::remove_all(dir);
}

// A headless run's frames are a function of its arguments: rendered twice they are the same
// bytes (the stats overlay leaves out its wall-clock timings there), while the character moves
// from one frame to the next.
TEST(DefaultScene, TwoHeadlessRendersOfTheSameFramesAreTheSameBytes) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  for (const char* run : {"first", "second"}) {
    ASSERT_EQ(animview("--headless --frames 4 --size 1280x720 --show-ground --out " +
                       (dir / run).string()),
              0);
  }
  for (const char* frame : {"frame_0001.png", "frame_0003.png"}) {
    const Picture first = load(dir / "first" / frame), second = load(dir / "second" / frame);
    ASSERT_GT(first.width, 0) << frame;
    // Exact: compare() forgives differences of a few levels; here there must be none.
    const Difference beyond_rounding = compare(first, second);
    EXPECT_TRUE(first.width == second.width && first.rgb == second.rgb)
        << frame << ": the runs differ (" << beyond_rounding.count
        << " pixels by more than rounding, x " << beyond_rounding.min_x << "-"
        << beyond_rounding.max_x << ", y " << beyond_rounding.min_y << "-" << beyond_rounding.max_y
        << ")";
  }
  EXPECT_GT(
      compare(load(dir / "first" / "frame_0001.png"), load(dir / "first" / "frame_0003.png")).count,
      500)
      << "the character should move between the frames";
  std::filesystem::remove_all(dir);
}

TEST(DefaultScene, LinearBlendAndDualQuaternionDifferOnlyAtTheTwistedForearm) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  for (const char* method : {"lbs", "dq"}) {
    // A camera of its own: render frames the clip played, and the forearm's size in the
    // picture is what the counts below expect.
    ASSERT_EQ(animview(std::string("render --no-ground --clip wave --time 1.0 --camera-position "
                                   "1.6,1.4,3.2 --camera-focal-point 0,0.95,0 --skinning ") +
                       method + " --out " + (dir / (std::string(method) + ".png")).string()),
              0);
  }
  const Picture lbs = load(dir / "lbs.png"), dq = load(dir / "dq.png");
  ASSERT_EQ(lbs.width, dq.width);
  const Difference d = compare(lbs, dq);
  EXPECT_GT(d.count, 30) << "the methods should disagree where the forearm twists";
  std::printf("LBS vs DQ: %d pixels differ in a %d x %d box\n", d.count, d.max_x - d.min_x,
              d.max_y - d.min_y);
  EXPECT_LT(d.count, lbs.width * lbs.height / 100) << "and agree everywhere else";
  // The disagreement is local: a forearm-sized box, not the whole figure.
  EXPECT_LT(d.max_x - d.min_x, 150);
  EXPECT_LT(d.max_y - d.min_y, 150);
  std::filesystem::remove_all(dir);
}

TEST(DefaultScene, FootIkChangesTheLegsOnASlope) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const std::string common = "render --clip walk_forward --time 0.25 --ground slope --slope 15 ";
  ASSERT_EQ(animview(common + "--out " + (dir / "off.png").string()), 0);
  ASSERT_EQ(animview(common + "--foot-ik --out " + (dir / "on.png").string()), 0);
  const Picture off = load(dir / "off.png"), on = load(dir / "on.png");
  const Difference d = compare(off, on);
  EXPECT_GT(d.count, 200) << "foot IK should move the legs and pelvis on a 15 degree slope";
  std::printf("IK off vs on: %d pixels differ\n", d.count);
  std::filesystem::remove_all(dir);
}

TEST(DefaultScene, ExportingATimeRangeWritesOnePictureForEachFrameInIt) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  // The demo clips are authored at 120 fps: 0.1 s to 0.2 s holds frames 12 to 24.
  ASSERT_EQ(animview("render --clip walk_forward --from 0.1 --to 0.2 --width 320 --height 240 "
                     "--out-dir " +
                     dir.string()),
            0);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    files += entry.is_regular_file();
  EXPECT_EQ(files, 13);
  ASSERT_TRUE(std::filesystem::exists(dir / "walk_forward_0012.png"));
  ASSERT_TRUE(std::filesystem::exists(dir / "walk_forward_0024.png"));
  EXPECT_FALSE(std::filesystem::exists(dir / "walk_forward_0025.png"));
  // The character moves between the first and the last frame.
  EXPECT_GT(compare(load(dir / "walk_forward_0012.png"), load(dir / "walk_forward_0024.png")).count,
            100);
  // Both outputs at once is a usage error.
  EXPECT_NE(animview("render --out x.png --out-dir " + dir.string() + " 2>/dev/null"), 0);
  std::filesystem::remove_all(dir);
}
