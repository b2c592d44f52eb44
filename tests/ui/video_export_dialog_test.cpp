// The Export video dialog's defaults for the clip on the timeline and for the last recording.
#include "ui/video_export_dialog.h"

#include <gtest/gtest.h>

TEST(VideoExportDialog, DefaultsToAnMp4OfTheWholeClipNamedAfterIt) {
  const anim::Timeline timeline{1.5, 30.0};
  const ui::VideoExportForm form = ui::default_video_export_form("Armature|walk", timeline);
  // The clip's name made safe for a path, as the frame export makes it.
  EXPECT_EQ(form.path, "export/Armature_walk.mp4");
  EXPECT_EQ(form.from_s, 0.0);
  EXPECT_EQ(form.to_s, 1.5);
  EXPECT_EQ(form.fps, 0.0);  // the clip's
  EXPECT_EQ(form.quality, -1);
  EXPECT_FALSE(form.overlay);
  EXPECT_TRUE(form.audio.empty());
  EXPECT_EQ(ui::default_video_export_form("..", timeline).path, "export/clip.mp4");
}

TEST(VideoExportDialog, DefaultsARecordingToAnMp4OfAllOfItAtTheReplayRate) {
  const ui::VideoExportForm form = ui::default_recording_export_form(4.25);
  EXPECT_TRUE(form.recording);
  EXPECT_EQ(form.path, "export/recording.mp4");
  EXPECT_EQ(form.from_s, 0.0);
  EXPECT_EQ(form.to_s, 4.25);
  EXPECT_EQ(form.fps, 0.0);  // the replay's rate
  EXPECT_FALSE(ui::default_video_export_form("walk", {1.0, 30.0}).recording);
}
