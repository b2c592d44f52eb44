// Motion matching on real clips: the demo character steered in a circle, pab's locomotions,
// the database file, and `animview mm-build` / `mm-query` run as the real executable.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "anim/motion_matching_controller.h"
#include "demo/demo_character.h"
#include "demo_motion_matching.h"
#include "import/importer.h"
#include "project/motion_matching_build.h"
#include "project/motion_matching_file.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace {

using test::demo;
using test::demo_build;

bool turning_or_strafing(const std::string& name) {
  return name.starts_with("turn_") || name.ends_with("_left") || name.ends_with("_right");
}

// Steers the demo for 20 s along a circle of radius 2.8 m (1.4 m/s, 0.5 rad/s), facing along
// the circle or, when facing_fixed, always +z (strafing round). Checks on every frame that it
// never stalls; returns the clips chosen and the final heading error.
struct CircleRun {
  std::set<std::string> chosen;
  float heading_error_rad = 0.0f;
};

CircleRun steer_in_a_circle(bool facing_fixed) {
  CircleRun run;
  const project::MotionMatchingBuild& build = demo_build();
  EXPECT_TRUE(build.ok()) << build.error;
  const anim::MotionMatchingBounds bounds = anim::build_search_bounds(build.database);
  anim::MotionMatchingController controller;
  EXPECT_TRUE(controller.init(demo().skeleton, build.controller_clips(), build.database, bounds,
                              build.joints.root));
  std::vector<anim::Transform> pose(demo().skeleton.parents.size());
  anim::RootMotionDelta step;
  const float dt = 1.0f / 60.0f, speed = 1.4f, turn_rate = 0.5f;
  float carried_m = 0.0f;  // by the clips' own root motion, over the last second
  anim::MotionMatchingInput input;
  for (int frame = 1; frame <= 20 * 60; ++frame) {
    const float heading = turn_rate * static_cast<float>(frame) * dt;
    input.desired_velocity = speed * glm::vec3(std::sin(heading), 0.0f, std::cos(heading));
    input.desired_yaw_rad = facing_fixed ? 0.0f : heading;
    const float before_s = controller.current_time_s();
    const int before_switches = controller.switch_count();
    EXPECT_TRUE(controller.update(input, dt, pose, step));
    // Never stalls: the clip plays on every frame (or a switch started another) ...
    EXPECT_TRUE(controller.current_time_s() != before_s ||
                controller.switch_count() > before_switches)
        << "frame " << frame;
    carried_m += glm::length(controller.clip_step().translation);
    run.chosen.insert(demo().clips[static_cast<std::size_t>(controller.current_clip())].name);
    if (frame % 60 == 0) {
      // ... and walks: the clips carry it at least half the asked speed over every second once
      // started (a character stuck in the idle would only be dragged by the simulation).
      if (frame > 60) {
        EXPECT_GT(carried_m, 0.5f * speed) << "second " << frame / 60;
      }
      carried_m = 0.0f;
    }
  }
  run.heading_error_rad =
      std::abs(anim::wrap_angle_rad(controller.character_yaw_rad() - input.desired_yaw_rad));
  return run;
}

std::string names(const std::set<std::string>& chosen) {
  std::string out;
  for (const std::string& n : chosen) out += n + " ";
  return out;
}

TEST(MotionMatchingDemo, SteeringInACircleWhileFacingAheadStrafesRound) {
  const CircleRun run = steer_in_a_circle(true);
  // Round the circle the velocity points every way relative to the facing: the walks in at
  // least four directions play, and the character still faces +z.
  const auto strafes = std::count_if(run.chosen.begin(), run.chosen.end(), turning_or_strafing);
  EXPECT_GE(strafes, 4) << names(run.chosen);
  EXPECT_TRUE(run.chosen.count("walk_backward")) << names(run.chosen);
  EXPECT_LT(run.heading_error_rad, 0.3f);
}

TEST(MotionMatchingDemo, SteeringInACircleAlongItTurnsTheCharacter) {
  const CircleRun run = steer_in_a_circle(false);
  // Facing along the circle it walks forward and its heading follows the circle.
  EXPECT_TRUE(run.chosen.count("walk_forward")) << names(run.chosen);
  EXPECT_LT(run.heading_error_rad, 0.5f) << names(run.chosen);
}

TEST(MotionMatchingDemo, PabWalkTrajectoryGoesForwardAtWalkingSpeed) {
  const std::filesystem::path file =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "pab" / "locomotions.fbx";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " not found";
  const importer::ImportResult imported = importer::import_file(file.string(), {});
  ASSERT_TRUE(imported.ok()) << imported.error;
  const project::MotionMatchingBuild build = project::build_motion_matching(imported.character);
  ASSERT_TRUE(build.ok()) << build.error;
  const anim::MotionMatchingDatabase& db = build.database;
  int walk = -1;
  for (std::size_t c = 0; c < imported.character.clips.size(); ++c) {
    if (imported.character.clips[c].name == "walk") walk = static_cast<int>(c);
  }
  ASSERT_GE(walk, 0);
  const int offset = anim::feature_group_layout(anim::FeatureGroup::TrajectoryPositions).offset;
  for (const anim::DatabaseRange& r : db.ranges) {
    if (r.clip_index != walk) continue;
    // One second ahead (the third point): a walk covers 1 to 2 m, straight ahead.
    const auto v = db.raw_frame(r.first_frame);
    EXPECT_GT(v[static_cast<std::size_t>(offset + 5)], 1.0f);
    EXPECT_LT(v[static_cast<std::size_t>(offset + 5)], 2.0f);
    EXPECT_LT(std::abs(v[static_cast<std::size_t>(offset + 4)]),
              0.5f * v[static_cast<std::size_t>(offset + 5)]);
  }
}

TEST(MotionMatchingFile, RoundTripKeepsTheDatabaseAndBadFilesNameTheirCause) {
  const project::MotionMatchingBuild& build = demo_build();
  ASSERT_TRUE(build.ok()) << build.error;
  const std::filesystem::path dir = test::make_temp_dir();
  project::MotionMatchingFile file;
  file.source = "<demo>";
  for (const anim::Clip& c : demo().clips) file.clip_names.push_back(c.name);
  file.database = build.database;
  const std::string path = (dir / "db.json").string();
  ASSERT_EQ(project::save_motion_matching_file(path, file), "");
  project::MotionMatchingFile loaded;
  ASSERT_EQ(project::load_motion_matching_file(path, loaded), "");
  EXPECT_EQ(loaded.clip_names, file.clip_names);
  ASSERT_EQ(loaded.database.ranges.size(), build.database.ranges.size());
  EXPECT_EQ(loaded.database.raw, build.database.raw);
  EXPECT_EQ(loaded.database.features, build.database.features);

  std::ofstream(dir / "bad.json") << R"({"format": "animview-motion-matching", "version": 1,
    "frame_rate": 60, "trajectory_frames": [20, 40, 60], "clips": ["a"],
    "frames": [[1, 2, 3]], "ranges": []})";
  std::string error = project::load_motion_matching_file((dir / "bad.json").string(), loaded);
  EXPECT_NE(error.find("bad.json"), std::string::npos) << error;
  EXPECT_NE(error.find("frame 0"), std::string::npos) << error;
  std::ofstream(dir / "text.json") << "not json";
  error = project::load_motion_matching_file((dir / "text.json").string(), loaded);
  EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

using test::ProcessResult;
using test::run_animview;

TEST(MotionMatchingCli, QueryOfABuiltFrameAnswersThatFrameAndItsClip) {
  SKIP_UNLESS_ANIMVIEW_BUILT();
  const std::filesystem::path dir = test::make_temp_dir();
  const std::string db = (dir / "demo_mm.json").string();
  const ProcessResult built =
      run_animview("mm-build --exclude wave --out '" + db + "' --json", dir);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const nlohmann::json summary = nlohmann::json::parse(built.out);
  EXPECT_EQ(summary["frames"].get<int>(), demo_build().database.frame_count() - 120);

  // The query: the raw features of a frame of jog_left, read from the file.
  const nlohmann::json file = nlohmann::json::parse(std::ifstream(db));
  int jog_left = -1;
  for (std::size_t c = 0; c < file["clips"].size(); ++c) {
    if (file["clips"][c] == "jog_left") jog_left = static_cast<int>(c);
  }
  ASSERT_GE(jog_left, 0);
  int frame = -1;
  for (const auto& r : file["ranges"]) {
    if (r["clip"] == jog_left) frame = r["first_frame"].get<int>() + 10;
  }
  ASSERT_GE(frame, 0);
  std::ofstream(dir / "q.json") << nlohmann::json{{"features", file["frames"][frame]}}.dump();
  const ProcessResult answer =
      run_animview("mm-query '" + db + "' --query '" + (dir / "q.json").string() + "' --json", dir);
  ASSERT_EQ(answer.exit_code, 0) << answer.err;
  const nlohmann::json out = nlohmann::json::parse(answer.out);
  EXPECT_EQ(out["best"]["frame"].get<int>(), frame);
  EXPECT_EQ(out["best"]["clip"], "jog_left");
  EXPECT_NEAR(out["best"]["time_s"].get<float>(), 10.0f / 60.0f, 1e-5f);
  EXPECT_EQ(out["best"]["cost"].get<float>(), 0.0f);
  EXPECT_NE(out["runner_up"]["clip"], "jog_left");
  EXPECT_GT(out["runner_up"]["cost"].get<float>(), 0.0f);
  EXPECT_TRUE(out["best"]["group_costs"].contains("trajectory_positions"));

  // Excluding the clip moves the answer elsewhere.
  std::ofstream(dir / "q2.json") << nlohmann::json{
      {"features", file["frames"][frame]},
      {"exclude", {"jog_left"}}}.dump();
  const ProcessResult excluded = run_animview(
      "mm-query '" + db + "' --query '" + (dir / "q2.json").string() + "' --json", dir);
  ASSERT_EQ(excluded.exit_code, 0) << excluded.err;
  EXPECT_NE(nlohmann::json::parse(excluded.out)["best"]["clip"], "jog_left");

  // Bad input: a short vector, a missing database, an unknown clip.
  std::ofstream(dir / "short.json") << R"({"features": [1, 2]})";
  ProcessResult bad =
      run_animview("mm-query '" + db + "' --query '" + (dir / "short.json").string() + "'", dir);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("short.json"), std::string::npos) << bad.err;
  bad = run_animview("mm-query '" + (dir / "none.json").string() + "' --query q.json", dir);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("none.json"), std::string::npos) << bad.err;
  bad = run_animview("mm-build --exclude nothing --out '" + db + "'", dir);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("nothing"), std::string::npos) << bad.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
