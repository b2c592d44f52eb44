#include "anim/motion_matching_database.h"

#include <cmath>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "locomotion_clips.h"

namespace {

using namespace anim;
using anim::testing::make_walker_clip;
using anim::testing::make_walker_skeleton;

DatabaseSettings walker_settings() {
  DatabaseSettings s;
  s.joints = {1, 2, 0, 0};
  return s;
}

struct Built {
  Skeleton skeleton = make_walker_skeleton();
  std::vector<Clip> clips;
  std::vector<ClipBinding> bindings;
  MotionMatchingDatabase db;
  std::string error;

  explicit Built(std::vector<Clip> c, std::vector<DatabaseSource> extra = {})
      : clips(std::move(c)) {
    for (const Clip& clip : clips) bindings.push_back(bind_clip(clip, skeleton));
    std::vector<DatabaseSource> sources;
    for (std::size_t i = 0; i < clips.size(); ++i)
      sources.push_back({&clips[i], &bindings[i], static_cast<int>(i), false, 0.0f});
    for (DatabaseSource s : extra) {
      s.clip = &clips[static_cast<std::size_t>(s.clip_index)];
      s.binding = &bindings[static_cast<std::size_t>(s.clip_index)];
      sources.push_back(s);
    }
    db = build_motion_matching_database(skeleton, sources, walker_settings(), &error);
  }
};

float feature(const MotionMatchingDatabase& db, int frame, FeatureGroup group, int index) {
  return db.raw_frame(frame)[static_cast<std::size_t>(feature_group_layout(group).offset + index)];
}

TEST(MotionMatchingDatabase, StraightWalkHasItsTrajectoryAheadAndItsSpeedInTheHips) {
  const Built b({make_walker_clip("walk", {0.0f, 1.2f}, 0.0f, 3.0f, false)});
  ASSERT_EQ(b.error, "");
  // 3 s at 60 Hz is 181 frames; the last 60 have no trajectory within the clip.
  ASSERT_EQ(b.db.frame_count(), 121);
  for (int frame : {0, 50, 120}) {
    for (int p = 0; p < 3; ++p) {
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryPositions, 2 * p), 0.0f, 1e-4f);
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryPositions, 2 * p + 1),
                  1.2f * (p + 1) / 3.0f, 1e-3f);
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryDirections, 2 * p), 0.0f, 1e-5f);
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryDirections, 2 * p + 1), 1.0f, 1e-5f);
    }
    EXPECT_NEAR(feature(b.db, frame, FeatureGroup::HipsVelocity, 0), 0.0f, 1e-3f);
    EXPECT_NEAR(feature(b.db, frame, FeatureGroup::HipsVelocity, 2), 1.2f, 1e-2f);
  }
  // The left foot at t = 0: beside the hips, 0.05 m above the ground below them, half a stride
  // ahead (the bob lifts the hips 0.02 m).
  EXPECT_NEAR(feature(b.db, 0, FeatureGroup::FootPositions, 0), 0.1f, 1e-5f);
  EXPECT_NEAR(feature(b.db, 0, FeatureGroup::FootPositions, 1), 1.0f + 0.02f - 0.95f, 1e-5f);
  EXPECT_NEAR(feature(b.db, 0, FeatureGroup::FootPositions, 2), 0.15f, 1e-5f);
  EXPECT_NEAR(feature(b.db, 0, FeatureGroup::FootPositions, 5), -0.15f, 1e-5f);
  EXPECT_EQ(b.db.frame_time_s(120), 2.0f);
}

TEST(MotionMatchingDatabase, TurningWalkTrajectoryFollowsTheArc) {
  const float v = 1.0f, w = 0.9f;
  const Built b({make_walker_clip("turn", {0.0f, v}, w, 3.0f, false)});
  ASSERT_EQ(b.error, "");
  for (int frame : {0, 33, 100}) {
    for (int p = 0; p < 3; ++p) {
      const float T = (p + 1) / 3.0f;
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryPositions, 2 * p),
                  v / w * (1.0f - std::cos(w * T)), 2e-3f);
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryPositions, 2 * p + 1),
                  v / w * std::sin(w * T), 2e-3f);
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryDirections, 2 * p), std::sin(w * T),
                  1e-3f);
      EXPECT_NEAR(feature(b.db, frame, FeatureGroup::TrajectoryDirections, 2 * p + 1),
                  std::cos(w * T), 1e-3f);
    }
  }
}

TEST(MotionMatchingDatabase, LoopingClipKeepsEveryFrameAndItsTrajectoryRunsOn) {
  const Built b({make_walker_clip("loop", {0.0f, 1.5f}, 0.0f, 1.0f, true)});
  ASSERT_EQ(b.error, "");
  EXPECT_EQ(b.db.frame_count(), 60);
  // The last frame's trajectory runs a second past the end of the clip.
  EXPECT_NEAR(feature(b.db, 59, FeatureGroup::TrajectoryPositions, 5), 1.5f, 1e-3f);
}

TEST(MotionMatchingDatabase, MirroredSourceSwapsFeetAndNegatesSideways) {
  const Built b({make_walker_clip("strafe", {0.8f, 0.5f}, 0.3f, 2.0f, true)},
                {DatabaseSource{nullptr, nullptr, 0, true, 0.0f}});
  ASSERT_EQ(b.error, "");
  ASSERT_EQ(b.db.ranges.size(), 2u);
  ASSERT_EQ(b.db.ranges[0].frame_count, b.db.ranges[1].frame_count);
  const int n = b.db.ranges[0].frame_count;
  for (int frame : {0, 17, n - 1}) {
    const auto a = b.db.raw_frame(frame);
    const auto m = b.db.raw_frame(n + frame);
    for (int c = 0; c < 3; ++c) {
      const float sign = c == 0 ? -1.0f : 1.0f;
      EXPECT_FLOAT_EQ(m[static_cast<std::size_t>(c)], sign * a[static_cast<std::size_t>(3 + c)]);
      EXPECT_FLOAT_EQ(m[static_cast<std::size_t>(9 + c)],
                      sign * a[static_cast<std::size_t>(6 + c)]);
      EXPECT_FLOAT_EQ(m[static_cast<std::size_t>(12 + c)],
                      sign * a[static_cast<std::size_t>(12 + c)]);
    }
    for (int d = 15; d < kFeatureDimension; d += 2) {
      EXPECT_FLOAT_EQ(m[static_cast<std::size_t>(d)], -a[static_cast<std::size_t>(d)]);
      EXPECT_FLOAT_EQ(m[static_cast<std::size_t>(d + 1)], a[static_cast<std::size_t>(d + 1)]);
    }
  }
}

TEST(MotionMatchingDatabase, NormalisedGroupsHaveUnitDeviationTimesTheirWeight) {
  Built b({make_walker_clip("walk", {0.0f, 1.2f}, 0.0f, 2.0f, true),
           make_walker_clip("turn", {0.0f, 0.8f}, 1.0f, 2.0f, true, 0.2f, 0.8f),
           make_walker_clip("strafe", {1.0f, 0.0f}, 0.0f, 2.0f, true, 0.25f, 0.9f)});
  ASSERT_EQ(b.error, "");
  FeatureWeights w;
  w.group = {2.0f, 1.0f, 0.5f, 1.0f, 3.0f};
  set_feature_weights(b.db, w);
  const int n = b.db.frame_count();
  for (int g = 0; g < kFeatureGroupCount; ++g) {
    const FeatureGroupLayout& layout = feature_group_layout(g);
    double deviation = 0.0;
    for (int d = layout.offset; d < layout.offset + layout.size; ++d) {
      double sum = 0.0, sq = 0.0;
      for (int f = 0; f < n; ++f) sum += b.db.frame_features(f)[static_cast<std::size_t>(d)];
      for (int f = 0; f < n; ++f) {
        const double x = b.db.frame_features(f)[static_cast<std::size_t>(d)] - sum / n;
        sq += x * x;
      }
      EXPECT_NEAR(sum / n, 0.0, 1e-3) << layout.name;
      deviation += std::sqrt(sq / n);
    }
    EXPECT_NEAR(deviation / layout.size, w.group[static_cast<std::size_t>(g)], 1e-3) << layout.name;
  }
}

TEST(MotionMatchingDatabase, InPlaceSteppingClipIsLeftOutWithANotice) {
  const Built b({make_walker_clip("walk", {0.0f, 1.2f}, 0.0f, 2.0f, true),
                 make_walker_clip("treadmill", {0.0f, 0.0f}, 0.0f, 2.0f, true)});
  ASSERT_EQ(b.error, "");
  ASSERT_EQ(b.db.ranges.size(), 1u);
  ASSERT_EQ(b.db.notices.size(), 1u);
  EXPECT_NE(b.db.notices[0].find("treadmill"), std::string::npos);
  EXPECT_NE(b.db.notices[0].find("root motion"), std::string::npos);
}

TEST(MotionMatchingDatabase, BadInputsFailWithTheirCause) {
  const Skeleton skeleton = make_walker_skeleton();
  const Clip clip = make_walker_clip("walk", {0.0f, 1.2f}, 0.0f, 2.0f, true);
  const ClipBinding binding = bind_clip(clip, skeleton);
  const DatabaseSource source{&clip, &binding, 0, false, 0.0f};
  std::string error;
  DatabaseSettings s = walker_settings();
  s.joints.right_foot = 7;
  EXPECT_EQ(build_motion_matching_database(skeleton, {&source, 1}, s, &error).frame_count(), 0);
  EXPECT_NE(error.find("right foot"), std::string::npos) << error;
  s = walker_settings();
  s.trajectory_frames = {20, 10, 60};
  EXPECT_EQ(build_motion_matching_database(skeleton, {&source, 1}, s, &error).frame_count(), 0);
  EXPECT_NE(error.find("increasing"), std::string::npos) << error;
  s = walker_settings();
  s.frame_rate = 0.0f;
  EXPECT_EQ(build_motion_matching_database(skeleton, {&source, 1}, s, &error).frame_count(), 0);
  EXPECT_NE(error.find("frame rate"), std::string::npos) << error;
  EXPECT_EQ(build_motion_matching_database(skeleton, {}, walker_settings(), &error).frame_count(),
            0);
  EXPECT_NE(error.find("no frame"), std::string::npos) << error;
  // A too short non-looping clip: no frame has its whole trajectory.
  const Clip short_clip = make_walker_clip("short", {0.0f, 1.2f}, 0.0f, 0.5f, false);
  const ClipBinding short_binding = bind_clip(short_clip, skeleton);
  const DatabaseSource short_source{&short_clip, &short_binding, 0, false, 0.0f};
  const MotionMatchingDatabase db =
      build_motion_matching_database(skeleton, {&short_source, 1}, walker_settings(), &error);
  EXPECT_EQ(db.frame_count(), 0);
  EXPECT_NE(error.find("short"), std::string::npos) << error;
}

TEST(MotionMatchingDatabase, FrameLookupsAgree) {
  const Built b({make_walker_clip("a", {0.0f, 1.2f}, 0.0f, 1.0f, true),
                 make_walker_clip("b", {0.0f, 1.0f}, 0.5f, 1.0f, true)},
                {DatabaseSource{nullptr, nullptr, 1, false, 0.5f / 60.0f}});
  ASSERT_EQ(b.db.ranges.size(), 3u);
  EXPECT_EQ(b.db.range_of(0), 0);
  EXPECT_EQ(b.db.range_of(59), 0);
  EXPECT_EQ(b.db.range_of(60), 1);
  EXPECT_EQ(b.db.range_of(b.db.frame_count()), -1);
  const int f = b.db.ranges[2].first_frame + 10;
  EXPECT_FLOAT_EQ(b.db.frame_time_s(f), (10.0f + 0.5f) / 60.0f);
  EXPECT_EQ(b.db.frame_at(2, b.db.frame_time_s(f)), f);
  EXPECT_EQ(b.db.frame_at(0, 5.0f), -1);
}

}  // namespace
