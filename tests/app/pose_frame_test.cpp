// `animview pose` composes the frame the viewer composes: foot IK on a slope in both, so the
// pose the command prints equals the one the viewer's File > Export pose writes for the same
// frame (it used to skip IK and keep root motion in the pose).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/async_loader.h"
#include "app/unit_guessing.h"
#include "app/viewer_panels.h"
#include "app/viewer_process.h"
#include "app/viewer_scene.h"
#include "support/temp_files.h"

namespace app {
namespace {

namespace fs = std::filesystem;

// What the viewer's File > Export pose writes for scene's frame.
nlohmann::json exported_pose(const ViewerScene& scene) {
  const fs::path dir = test::make_temp_dir();
  const fs::path previous = fs::current_path();
  fs::current_path(dir);
  ViewerUi ui;
  export_pose(ui, scene);
  fs::current_path(previous);
  EXPECT_TRUE(ui.errors.empty());
  fs::path exported;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().string().ends_with(".pose.json")) exported = entry.path();
  }
  EXPECT_FALSE(exported.empty()) << "no pose file in " << dir;
  if (exported.empty()) return {};
  std::ifstream file(exported);
  nlohmann::json pose = nlohmann::json::parse(file);
  fs::remove_all(dir);
  return pose;
}

// How many of the joints' matrix entries differ by more than 1e-5 (every one when the joint
// counts differ).
int differing_matrix_entries(const nlohmann::json& a, const nlohmann::json& b) {
  if (a["joints"].size() != b["joints"].size()) return 16 * static_cast<int>(a["joints"].size());
  int differing = 0;
  for (std::size_t j = 0; j < a["joints"].size(); ++j) {
    for (int k = 0; k < 16; ++k) {
      const double x = a["joints"][j]["matrix"][k].get<double>();
      const double y = b["joints"][j]["matrix"][k].get<double>();
      if (std::abs(x - y) > 1e-5) ++differing;
    }
  }
  return differing;
}

TEST(PoseFrame, PoseCommandEqualsTheViewersExportedPoseWithFootIkOnASlope) {
  if (!fs::exists(ANIMVIEW_EXE)) GTEST_SKIP() << "animview is not built yet";
  // The viewer's way: the demo opened, a clip previewed at 0.4 s, foot IK on a 15 degree slope.
  LoadRequest request;
  request.files = {"<demo>"};
  LoadOutcome loaded = load_now(request);
  ASSERT_TRUE(loaded.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(loaded.character), std::move(loaded.project)), "");
  const int clip = scene.find_clip("walk_forward");
  ASSERT_GE(clip, 0);
  scene.mode = PlayMode::ClipPreview;
  scene.preview(clip);
  scene.clock.set_playing(false);
  scene.clock.seek(0.4);
  scene.settings.foot_ik = true;
  ASSERT_EQ(scene.apply_settings(), "");
  scene.terrain.shape = anim::TerrainShape::Slope;
  scene.terrain.slope_deg = 15.0f;
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const nlohmann::json viewer = exported_pose(scene);
  const std::string printed =
      e2e::run_and_read(std::string("'") + ANIMVIEW_EXE +
                        "' pose '<demo>' --clip walk_forward --time 0.4 --foot-ik --ground slope "
                        "--slope 15 --json");
  const nlohmann::json command = nlohmann::json::parse(printed);
  EXPECT_EQ(differing_matrix_entries(command, viewer), 0);
  // And foot IK did act: without it the same frame differs.
  const nlohmann::json flat = nlohmann::json::parse(e2e::run_and_read(
      std::string("'") + ANIMVIEW_EXE + "' pose '<demo>' --clip walk_forward --time 0.4 --json"));
  double moved = 0.0;
  for (std::size_t j = 0; j < flat["joints"].size(); ++j) {
    for (int k = 0; k < 3; ++k) {
      moved = std::max(moved, std::abs(flat["joints"][j]["translation"][k].get<double>() -
                                       command["joints"][j]["translation"][k].get<double>()));
    }
  }
  EXPECT_GT(moved, 0.005) << "foot IK on a slope moves some joint by more than 5 mm";
}

// A file not in metres: the CMU database's BVH stands 25 units tall. The viewer imports it again
// at the unit it guesses, and so does the command, so their frames agree without --unit-scale.
TEST(PoseFrame, PoseCommandGuessesTheViewersUnitsForACmuBvh) {
  if (!fs::exists(ANIMVIEW_EXE)) GTEST_SKIP() << "animview is not built yet";
  const fs::path bvh = fs::path(ANIMVIEW_SHARED_ASSETS) / "cmu" / "131_01.bvh";
  if (!fs::exists(bvh)) GTEST_SKIP() << bvh << " is not there (../shared/assets)";
  // The viewer's way: load, guess (it needs the rig the panels find), load again at that scale.
  ViewerUi ui;
  ViewerScene scene;
  LoadRequest request;
  request.files = {bvh.string()};
  LoadOutcome first = load_now(request);
  ASSERT_TRUE(first.ok);
  const float file_hips_y = first.character.skeleton.rest_pose[0].translation.y;
  ASSERT_EQ(scene.open(std::move(first.character), first.project), "");
  refresh_panels(ui, first.project, scene);
  ASSERT_TRUE(guess_units_after_load(ui, scene, request.files));
  const float scale = ui.import_tab.settings.unit_scale;
  EXPECT_NEAR(scale, 0.0254f / 0.45f, 1e-6f);  // CMU mocap units
  request.settings = ui.import_tab.settings;
  LoadOutcome second = load_now(request);
  ASSERT_TRUE(second.ok);
  ASSERT_EQ(scene.open(std::move(second.character), std::move(second.project)), "");
  EXPECT_NEAR(scene.character.skeleton.rest_pose[0].translation.y, file_hips_y * scale, 1e-4f);
  scene.mode = PlayMode::ClipPreview;
  scene.preview(0);
  scene.clock.set_playing(false);
  scene.clock.seek(1.0);
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const nlohmann::json viewer = exported_pose(scene);

  const std::string command =
      std::string("'") + ANIMVIEW_EXE + "' pose '" + bvh.string() + "' --clip 0 --time 1 --json";
  const nlohmann::json guessed = nlohmann::json::parse(e2e::run_and_read(command));
  EXPECT_EQ(differing_matrix_entries(guessed, viewer), 0);
  // The hips stand about a metre up, not 17 units: the file's own units are still one option away.
  const double hips_y = guessed["joints"][0]["translation"][1].get<double>();
  EXPECT_GT(hips_y, 0.7);
  EXPECT_LT(hips_y, 1.2);
  const nlohmann::json own = nlohmann::json::parse(e2e::run_and_read(command + " --unit-scale 1"));
  EXPECT_NEAR(own["joints"][0]["translation"][1].get<double>(), hips_y / scale, 1e-3);
}

// The largest distance between the same joint's model-space positions in two printed poses.
double largest_joint_distance(const nlohmann::json& a, const nlohmann::json& b) {
  double largest = 0.0;
  for (std::size_t j = 0; j < a["joints"].size() && j < b["joints"].size(); ++j) {
    double squared = 0.0;
    for (int k = 0; k < 3; ++k) {
      const double d = a["joints"][j]["translation"][k].get<double>() -
                       b["joints"][j]["translation"][k].get<double>();
      squared += d * d;
    }
    largest = std::max(largest, std::sqrt(squared));
  }
  return largest;
}

// The demo's walk plants its feet exactly, so a character held in place with its feet locked
// treads exactly as the clip does: the locked feet run back with the ground under it. (Locked
// where they landed in the world, they stayed in front of the body and the legs straightened.)
TEST(PoseFrame, LockedFeetOfACharacterHeldInPlaceTreadAsTheClipDoes) {
  if (!fs::exists(ANIMVIEW_EXE)) GTEST_SKIP() << "animview is not built yet";
  const std::string pose =
      std::string("'") + ANIMVIEW_EXE + "' pose '<demo>' --clip walk_forward --foot-ik --json";
  for (const char* time : {"0.6", "1.3", "2.45"}) {
    const nlohmann::json locked =
        nlohmann::json::parse(e2e::run_and_read(pose + " --lock-feet --time " + time));
    const nlohmann::json free = nlohmann::json::parse(e2e::run_and_read(pose + " --time " + time));
    ASSERT_EQ(locked["joints"].size(), free["joints"].size());
    EXPECT_LT(largest_joint_distance(locked, free), 0.003) << "at " << time << " s";
  }
}

TEST(PoseFrame, LockFeetAsksForFootIk) {
  if (!fs::exists(ANIMVIEW_EXE)) GTEST_SKIP() << "animview is not built yet";
  const std::string command = std::string("'") + ANIMVIEW_EXE +
                              "' pose '<demo>' --clip walk_forward --lock-feet --time 1 --json "
                              "> /dev/null 2>&1; echo $?";
  EXPECT_EQ(e2e::run_and_read(command), "2");
}

}  // namespace
}  // namespace app
