// `animview pose` composes the frame the viewer composes: foot IK on a slope in both, so the
// pose the command prints equals the one the viewer's File > Export pose writes for the same
// frame (it used to skip IK and keep root motion in the pose).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/async_loader.h"
#include "app/viewer_panels.h"
#include "app/viewer_process.h"
#include "app/viewer_scene.h"

namespace app {
namespace {

namespace fs = std::filesystem;

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
  scene.terrain.shape = anim::TerrainShape::Slope;
  scene.terrain.slope_deg = 15.0f;
  ASSERT_EQ(scene.update(0.0f, {}), "");
  const fs::path dir = fs::temp_directory_path() / "animview_pose_frame_test";
  fs::create_directories(dir);
  const fs::path previous = fs::current_path();
  fs::current_path(dir);
  ViewerUi ui;
  export_pose(ui, scene);
  fs::current_path(previous);
  ASSERT_TRUE(ui.errors.empty());
  fs::path exported;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().string().ends_with(".pose.json")) exported = entry.path();
  }
  ASSERT_FALSE(exported.empty()) << "no pose file in " << dir;
  std::ifstream file(exported);
  const nlohmann::json viewer = nlohmann::json::parse(file);
  fs::remove_all(dir);

  const std::string printed =
      e2e::run_and_read(std::string("'") + ANIMVIEW_EXE +
                        "' pose '<demo>' --clip walk_forward --time 0.4 --foot-ik --ground slope "
                        "--slope 15 --json");
  const nlohmann::json command = nlohmann::json::parse(printed);
  ASSERT_EQ(command["joints"].size(), viewer["joints"].size());
  int differing = 0;
  for (std::size_t j = 0; j < viewer["joints"].size(); ++j) {
    for (int k = 0; k < 16; ++k) {
      const double a = command["joints"][j]["matrix"][k].get<double>();
      const double b = viewer["joints"][j]["matrix"][k].get<double>();
      if (std::abs(a - b) > 1e-5) ++differing;
    }
  }
  EXPECT_EQ(differing, 0);
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

}  // namespace
}  // namespace app
