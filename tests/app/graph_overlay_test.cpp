// The overlay's graph lines (#40): the blend space's point and top weights, the active state and
// a running transition, as exact strings, and as the demo's graph gives them.
#include "app/graph_overlay.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/async_loader.h"
#include "demo/demo_character.h"

namespace app {
namespace {

TEST(GraphOverlay, BlendSpaceLineShowsThePointAndTheHeaviestWeights) {
  const std::vector<ClipWeight> weights = {
      {"idle", 0.05f}, {"walk", 0.5f}, {"run", 0.25f}, {"strafe", 0.2f}, {"back", 0.004f}};
  EXPECT_EQ(blend_space_overlay_line("loco", {0.5f, -1.25f}, false, weights),
            "blend loco (0.50, -1.25): walk 0.50, run 0.25, strafe 0.20");
  EXPECT_EQ(blend_space_overlay_line("loco", {0.5f, -1.25f}, false, weights, 5),
            "blend loco (0.50, -1.25): walk 0.50, run 0.25, strafe 0.20, idle 0.05")
      << "a weight under 0.005 says nothing";
  EXPECT_EQ(
      blend_space_overlay_line("speed", {2.0f, 7.0f}, true, std::vector<ClipWeight>{{"jog", 1.0f}}),
      "blend speed (2.00): jog 1.00");
}

TEST(GraphOverlay, StateLineShowsTheTransitionRunningIntoIt) {
  EXPECT_EQ(state_overlay_line("idle", "", 0.0f), "state idle");
  EXPECT_EQ(state_overlay_line("run", "walk", 0.4f), "state walk -> run 40%");
}

TEST(GraphOverlay, TheDemosGraphGivesItsStateAndBlendSpace) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), std::move(demo.project)), "");
  const visual::SceneView view;
  ASSERT_EQ(scene.update(0.0f, view), "");
  // The demo opens walking forward: the point sits on walk_forward.
  EXPECT_EQ(graph_overlay_lines(scene),
            (std::vector<std::string>{"state locomotion",
                                      "blend locomotion (0.00, 1.40): walk_forward 1.00"}));
  ASSERT_EQ(scene.set_parameter("turn=1"), "");
  ASSERT_EQ(scene.update(0.0f, view), "");  // fires the transition (0.25 s)
  ASSERT_EQ(scene.update(0.05f, view), "");
  EXPECT_EQ(graph_overlay_lines(scene),
            (std::vector<std::string>{"state locomotion -> turn_left 20%"}));
  scene.mode = PlayMode::ClipPreview;
  EXPECT_TRUE(graph_overlay_lines(scene).empty()) << "a previewed clip has the clip's lines";
}

}  // namespace
}  // namespace app
