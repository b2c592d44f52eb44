#include "ui/transition_timeline.h"

#include <gtest/gtest.h>

namespace {

TEST(TransitionTimelineZoom, WholeRecordAtZoomOne) {
  const auto [first, last] = ui::visible_seconds({}, 3.0, 23.0);
  EXPECT_DOUBLE_EQ(first, 3.0);
  EXPECT_DOUBLE_EQ(last, 23.0);
}

TEST(TransitionTimelineZoom, ZoomKeepsTheTimeUnderThePointer) {
  // A 20 s record; the pointer at a quarter of the lanes points at 5 s. Zooming in by 4 shows
  // 5 s of record with 5 s still a quarter of the way across: 3.75 s to 8.75 s.
  ui::TimelineZoom view;
  ui::zoom_about(view, 4.0f, 0.25f, 20.0);
  EXPECT_FLOAT_EQ(view.zoom, 4.0f);
  const auto [first, last] = ui::visible_seconds(view, 0.0, 20.0);
  EXPECT_NEAR(first, 3.75, 1e-5);
  EXPECT_NEAR(last, 8.75, 1e-5);
  // A 0.25 s crossfade now spans 5% of the lanes instead of 1.25%.
}

TEST(TransitionTimelineZoom, StaysInsideTheRecordAndItsLimits) {
  ui::TimelineZoom view;
  ui::zoom_about(view, 2.0f, 1.0f, 20.0);  // about the right edge: the second half
  EXPECT_NEAR(ui::visible_seconds(view, 0.0, 20.0).first, 10.0, 1e-5);
  ui::pan(view, 3.0f);  // far past the end: the view stops at the record's end
  EXPECT_NEAR(ui::visible_seconds(view, 0.0, 20.0).second, 20.0, 1e-5);
  ui::pan(view, -10.0f);
  EXPECT_NEAR(ui::visible_seconds(view, 0.0, 20.0).first, 0.0, 1e-5);
  ui::zoom_about(view, 1e6f, 0.5f, 20.0);  // the deepest zoom shows 50 ms
  const auto [first, last] = ui::visible_seconds(view, 0.0, 20.0);
  EXPECT_NEAR(last - first, ui::kMinVisibleSeconds, 1e-6);
  ui::zoom_about(view, 1e-6f, 0.5f, 20.0);  // and zooming out stops at the whole record
  EXPECT_FLOAT_EQ(view.zoom, 1.0f);
  EXPECT_FLOAT_EQ(view.start_fraction, 0.0f);
}

}  // namespace
