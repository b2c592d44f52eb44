// A marker edit on the timeline changes the project's markers and rebinds the clips, but the
// playing character carries on: its state machine stays in its state at its phase, and it stays
// where it walked to (an edit used to restart the machine at its entry state).
#include <gtest/gtest.h>

#include "app/async_loader.h"
#include "app/marker_authoring.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"

namespace app {
namespace {

TEST(MarkerEditKeepsState, TheMachineStaysInItsStateAtItsPhaseAndTheCharacterInPlace) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), std::move(demo.project)), "");
  scene.mode = PlayMode::Graph;
  scene.settings.root_motion_mode = anim::RootMotionMode::Applied;
  const ui::ViewSettings view;
  // turn > 0.5 takes the demo's machine from its entry state (locomotion, 0) into state 1.
  ASSERT_EQ(scene.set_parameter("turn=1"), "");
  for (int i = 0; i < 30; ++i) ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
  const int state = scene.instance.machine().active_state();
  ASSERT_EQ(state, 1);
  const float phase = scene.instance.machine().active_normalized_time();
  const glm::vec3 place = scene.instance.world().translation;
  ASSERT_GT(glm::length(place), 0.05f) << "the character walked before the edit";

  ViewerUi ui;
  scene.preview_clip = 0;  // the clip on the timeline, whose markers the edit changes
  const std::string clip = scene.clips()[0].name;
  ui::TimelineMarkerEdit add;
  add.kind = ui::TimelineMarkerEdit::Kind::Add;
  add.name = "hit";
  add.time_s = 0.25f;
  apply_timeline_marker_edit(ui, scene, add);
  ASSERT_EQ(ui.status, "markers of " + clip + " changed");
  bool found = false;
  for (const project::ProjectClipMarkers& m : scene.project.clip_markers) {
    for (const anim::Marker& marker : m.markers) {
      found |= m.clip == clip && marker.name == "hit" && marker.time_s == 0.25f;
    }
  }
  EXPECT_TRUE(found) << "the marker is in the project";

  EXPECT_EQ(scene.instance.machine().active_state(), state);
  EXPECT_FLOAT_EQ(scene.instance.machine().active_normalized_time(), phase);
  EXPECT_EQ(scene.instance.world().translation, place);
  ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
  EXPECT_EQ(scene.instance.machine().active_state(), state) << "not restarted at the entry state";
  EXPECT_NE(scene.instance.machine().active_normalized_time(), phase) << "and plays on";
}

}  // namespace
}  // namespace app
