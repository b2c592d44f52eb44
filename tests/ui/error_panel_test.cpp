#include "ui/error_panel.h"

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "headless_imgui.h"
#include "printed_text.h"

namespace ui {
namespace {

TEST(ErrorLog, KeepsEveryErrorWithFileAndCauseUntilDismissed) {
  ErrorLog log;
  log.add("walk.fbx", "no animation clips");
  log.add("run.glb", "file not found");
  ASSERT_EQ(log.entries().size(), 2u);
  EXPECT_EQ(log.entries()[0].file, "walk.fbx");
  EXPECT_EQ(log.entries()[0].cause, "no animation clips");
  log.dismiss(0);
  ASSERT_EQ(log.entries().size(), 1u);
  EXPECT_EQ(log.entries()[0].file, "run.glb");
  log.dismiss(5);  // past the end: ignored
  EXPECT_EQ(log.entries().size(), 1u);
  log.clear();
  EXPECT_TRUE(log.empty());
}

TEST(ErrorLog, RepeatedErrorRaisesItsCount) {
  ErrorLog log;
  log.add("walk.fbx", "truncated file");
  log.add("walk.fbx", "other cause");
  log.add("walk.fbx", "truncated file");
  ASSERT_EQ(log.entries().size(), 2u);
  EXPECT_EQ(log.entries()[0].count, 2);
  EXPECT_EQ(log.entries()[1].count, 1);
}

TEST(ErrorLog, ACauseThatNamesItsFileLosesThatName) {
  ErrorLog log;
  log.add("/tmp/walk.fbx", "/tmp/walk.fbx: the file does not exist");
  log.add("/tmp/walk.fbx", "/tmp/walk.fbx:1: unexpected token");  // a location, not the prefix
  log.add("run.glb", "/tmp/walk.fbx: truncated");                 // another file's name stays
  ASSERT_EQ(log.entries().size(), 3u);
  EXPECT_EQ(log.entries()[0].cause, "the file does not exist");
  EXPECT_EQ(log.entries()[1].cause, "/tmp/walk.fbx:1: unexpected token");
  EXPECT_EQ(log.entries()[2].cause, "/tmp/walk.fbx: truncated");
}

TEST(ErrorLog, PrintsALineEachWithItsFileWhenItHasOne) {
  ErrorLog log;
  log.add("walk.fbx", "truncated file");
  log.add("", "no file given");
  const std::string printed =
      testing::printed_text([&](std::FILE* out) { print_errors(log, "animview", out); });
  EXPECT_EQ(printed, "animview: walk.fbx: truncated file\nanimview: no file given\n");
}

TEST(ErrorPanel, DrawingNeverDismissesAnError) {
  testing::HeadlessImGui imgui;
  ErrorLog log;
  log.add("a.fbx", "bad");
  log.add("", "no file given");
  const auto frame = [&] { imgui.frame([&] { draw_error_panel(log); }); };
  for (int i = 0; i < 30; ++i) frame();
  EXPECT_EQ(log.entries().size(), 2u);  // half a second on screen; only the user dismisses
}

}  // namespace
}  // namespace ui
