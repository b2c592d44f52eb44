// Scrubbing back on the transition timeline: a recorded frame is drawn exactly as it was drawn
// when it was live, not as the character stands now.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "anim/state_history.h"
#include "app/async_loader.h"
#include "app/character_source.h"
#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"
#include "demo/demo_character.h"
#include "picture_diff.h"
#include "render/gl_window.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"

namespace app {
namespace {

namespace fs = std::filesystem;

TEST(RecordedPoseRender, ARecordedFrameIsDrawnAsItWasShown) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "needs a display (xvfb-run)";
  constexpr int kWidth = 320, kHeight = 240;
  render::GlWindow window;
  ASSERT_EQ(window.open({kWidth, kHeight, false, "recorded pose"}), "");
  render::SceneRenderer renderer;
  ASSERT_EQ(renderer.init(), "");
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), demo.project), "");
  (void)renderer.set_character(
      app::character_source(scene.character));  // warnings: none for the demo
  scene.mode = PlayMode::Graph;
  scene.instance.play_graph();
  ASSERT_EQ(scene.set_parameter("turn=1"), "");  // the character turns on the spot
  anim::StateHistory history;
  history.reset(100, scene.character.skeleton.joint_count(),
                static_cast<int>(demo.project.state_machine.states.size()),
                scene.parameters.count());
  visual::SceneView view;
  render::OrbitCamera camera;
  const glm::mat4 view_projection =
      camera.projection(static_cast<float>(kWidth) / kHeight) * camera.view();
  const fs::path dir =
      fs::temp_directory_path() / ("animview_recorded_pose_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto step = [&](int frames) {
    for (int i = 0; i < frames; ++i) {
      ASSERT_EQ(scene.update(1.0f / 30.0f, view), "");
      history.record(1.0 / 30.0, scene.instance, scene.parameters);
    }
  };
  auto picture = [&](const std::string& name) {
    const fs::path path = dir / (name + ".png");
    EXPECT_EQ(
        write_scene_png(renderer, scene, view, view_projection, kWidth, kHeight, path.string()),
        "");
    return pictures::load(path);
  };

  step(12);
  renderer.upload(scene_frame_view(scene, view), 0.0f);
  const pictures::Picture then = picture("then");
  step(20);
  renderer.upload(scene_frame_view(scene, view), 0.0f);
  const pictures::Picture now = picture("now");
  renderer.upload(scene_frame_view(scene, view), 0.0f);
  renderer.show_recorded(history, 11);  // the 12th frame, 20 frames back
  const pictures::Picture recorded = picture("recorded");

  const pictures::Difference moved = compare_region(now, 0, 0, then, 0, 0, kWidth, kHeight);
  EXPECT_GT(moved.count, 100) << "the character moved on (or the test shows nothing)";
  const pictures::Difference same = compare_region(recorded, 0, 0, then, 0, 0, kWidth, kHeight);
  EXPECT_LE(same.count, 2) << "the recorded frame is drawn as it was";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace app
