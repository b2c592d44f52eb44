// Loading off the UI thread: the demo, a real file with clip files, and failures that name the
// file; the viewer scene then opens what was loaded.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "support/temp_files.h"

namespace {
std::filesystem::path shared_assets() {
  return ANIMVIEW_SHARED_ASSETS;
}

app::LoadOutcome wait_for(app::AsyncLoader& loader) {
  for (int i = 0; i < 6000; ++i) {
    if (auto outcome = loader.poll()) return std::move(*outcome);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ADD_FAILURE() << "the load did not finish within a minute";
  return {};
}
}  // namespace

TEST(AsyncLoader, LoadsTheDemoWithItsDefaultProject) {
  app::AsyncLoader loader;
  loader.start({{demo::kDemoSourcePath}, {}});
  app::LoadOutcome outcome = wait_for(loader);
  ASSERT_TRUE(outcome.ok);
  EXPECT_FALSE(outcome.project.blend_spaces.empty());
  EXPECT_FALSE(outcome.project.state_machine.states.empty());
  app::ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(outcome.character), std::move(outcome.project)), "");
  EXPECT_EQ(scene.mode, app::PlayMode::Graph);
  scene.update(0.1f, visual::SceneView{});
  EXPECT_EQ(scene.instance.model_pose().size(),
            static_cast<std::size_t>(scene.character.skeleton.joint_count()));
}

TEST(AsyncLoader, AMissingFileFailsNamingIt) {
  app::AsyncLoader loader;
  loader.start({{"/nonexistent/model.fbx"}, {}});
  const app::LoadOutcome outcome = wait_for(loader);
  EXPECT_FALSE(outcome.ok);
  ASSERT_FALSE(outcome.errors.empty());
  EXPECT_NE(outcome.errors[0].message.find("/nonexistent/model.fbx"), std::string::npos)
      << outcome.errors[0].message;
}

TEST(AsyncLoader, AMalformedProjectFailsNamingTheFile) {
  const auto dir = test::make_temp_dir();
  const auto path = dir / "bad_project.json";
  std::ofstream(path) << "{ \"version\": 1, \"character\": ";
  const app::LoadOutcome outcome = app::load_now({{path.string()}, {}});
  EXPECT_FALSE(outcome.ok);
  ASSERT_FALSE(outcome.errors.empty());
  EXPECT_NE(outcome.errors[0].message.find(path.string()), std::string::npos)
      << outcome.errors[0].message;
  std::filesystem::remove_all(dir);
}

TEST(AsyncLoader, ClipFilesBindToTheCharacterByJointName) {
  const auto pab = shared_assets() / "pab";
  if (!std::filesystem::exists(pab / "arnaud.fbx")) GTEST_SKIP() << "no ../shared/assets/pab";
  app::LoadOutcome outcome = app::load_now(
      {{(pab / "arnaud.fbx").string(), (pab / "walk.fbx").string(), (pab / "jog.fbx").string()},
       {}});
  ASSERT_TRUE(outcome.ok) << (outcome.errors.empty() ? "" : outcome.errors[0].message);
  std::vector<std::string> names;
  for (const anim::Clip& c : outcome.character.clips) names.push_back(c.name);
  EXPECT_NE(std::find(names.begin(), names.end(), "walk"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "jog"), names.end());
  app::ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(outcome.character), std::move(outcome.project)), "");
  EXPECT_EQ(scene.mode, app::PlayMode::ClipPreview);
  EXPECT_TRUE(scene.instance.has_foot_ik_rig()) << "the pab skeleton's legs are found by name";
}

TEST(AsyncLoader, CancelStopsALoadAndReportsIt) {
  const auto file = shared_assets() / "kaykit" / "Knight.glb";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no ../shared/assets/kaykit";
  app::AsyncLoader loader;
  loader.start({{file.string()}, {}});
  loader.cancel();
  const app::LoadOutcome outcome = wait_for(loader);
  // assimp checks the progress handler during the read: a cancel before it ends fails the load.
  if (outcome.ok) GTEST_SKIP() << "the import finished before the cancel was seen";
  EXPECT_TRUE(outcome.cancelled);
}
