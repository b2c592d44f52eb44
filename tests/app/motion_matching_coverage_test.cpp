// The motion-matching coverage is kept across sessions: the counts a project saved are added back
// when the mode starts on the same clips, and the mode hands its counts to the project per range.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "app/motion_matching_mode.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/project_binding.h"

namespace {

class MotionMatchingCoverage : public ::testing::Test {
 protected:
  void SetUp() override {
    importer::Character character = demo::make_demo_character();
    const project::Project project = project::preview_project(character, demo::kDemoSourcePath);
    ASSERT_EQ(scene.open(std::move(character), project), "");
  }
  app::ViewerScene scene;
  app::MotionMatchingMode mode;
};

TEST_F(MotionMatchingCoverage, SavedCountsComeBackOnTheSameRangesOnly) {
  ASSERT_EQ(mode.start(scene, {}, {}), "");
  const std::vector<anim::DatabaseRange> ranges = mode.build().database.ranges;
  ASSERT_GE(ranges.size(), 2u);
  EXPECT_TRUE(mode.saved_coverage(scene).empty()) << "nothing played yet";
  mode.stop(scene);

  const anim::DatabaseRange& first = ranges[0];
  const anim::DatabaseRange& second = ranges[1];
  project::ProjectClipCoverage kept;
  kept.clip = scene.clips()[static_cast<std::size_t>(first.clip_index)].name;
  kept.mirrored = first.mirrored;
  kept.start_time_s = first.start_time_s;
  for (int f = 0; f < first.frame_count; ++f) kept.counts.push_back(static_cast<std::uint32_t>(f));
  // The second range's clip, but a frame count it no longer has: it starts again from zero.
  project::ProjectClipCoverage stale;
  stale.clip = scene.clips()[static_cast<std::size_t>(second.clip_index)].name;
  stale.mirrored = second.mirrored;
  stale.start_time_s = second.start_time_s;
  stale.counts.assign(static_cast<std::size_t>(second.frame_count) + 1, 7u);
  mode.stored_coverage = {kept, stale};  // as the project saved them

  ASSERT_EQ(mode.start(scene, {}, {}), "");
  const std::vector<std::uint32_t>& coverage = mode.coverage();
  for (int f = 0; f < first.frame_count; ++f) {
    EXPECT_EQ(coverage[static_cast<std::size_t>(first.first_frame + f)],
              static_cast<std::uint32_t>(f));
  }
  for (int f = 0; f < second.frame_count; ++f) {
    EXPECT_EQ(coverage[static_cast<std::size_t>(second.first_frame + f)], 0u);
  }
  // Handed back per range: only the range with counts, as it was saved.
  const std::vector<project::ProjectClipCoverage> saved = mode.saved_coverage(scene);
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].clip, kept.clip);
  EXPECT_EQ(saved[0].mirrored, kept.mirrored);
  EXPECT_EQ(saved[0].start_time_s, kept.start_time_s);
  EXPECT_EQ(saved[0].counts, kept.counts);
}

}  // namespace
