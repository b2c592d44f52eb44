// The Export frames dialog's defaults: a folder and prefix made from the clip's name that are
// safe as file names, and the whole clip as the range.
#include "ui/frame_export_dialog.h"

#include <gtest/gtest.h>

namespace ui {
namespace {

TEST(DefaultFrameExportForm, TheWholeClipIntoAFolderNamedAfterIt) {
  const FrameExportForm form = default_frame_export_form("walk_forward", {1.25, 24.0});
  EXPECT_EQ(form.directory, "export/walk_forward");
  EXPECT_EQ(form.prefix, "walk_forward");
  EXPECT_DOUBLE_EQ(form.from_s, 0.0);
  EXPECT_DOUBLE_EQ(form.to_s, 1.25);
  EXPECT_EQ(form.resolution, ExportResolution::Viewport);
}

TEST(DefaultFrameExportForm, NamesThatAreNotFileNamesAreMadeSafe) {
  EXPECT_EQ(default_frame_export_form("Armature|walk", {1.0, 30.0}).prefix, "Armature_walk");
  EXPECT_EQ(default_frame_export_form("a/b c", {1.0, 30.0}).directory, "export/a_b_c");
  EXPECT_EQ(default_frame_export_form("mixamo.com", {1.0, 30.0}).prefix, "mixamo.com");
  EXPECT_EQ(default_frame_export_form("..", {1.0, 30.0}).prefix, "clip");
  EXPECT_EQ(default_frame_export_form("", {1.0, 30.0}).directory, "export/clip");
}

}  // namespace
}  // namespace ui
