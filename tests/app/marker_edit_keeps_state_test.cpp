// A marker edit on the timeline (or a clip's filter) changes one clip and rebinds it alone, and the
// playing character carries on: its state machine stays in its state at its phase, and it stays
// where it walked to, and a transition under way goes on from where it was (an edit used to
// restart the machine at its entry state, and then to drop the transition).
#include <gtest/gtest.h>

#include "app/async_loader.h"
#include "app/document.h"
#include "app/graph_authoring.h"
#include "app/joint_curves.h"
#include "app/marker_authoring.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/clip_marker_edits.h"

namespace app {
namespace {

// Adds the marker "hit" at 0.25 s to the clip on the timeline (clip 0) as the timeline does, and
// checks that it is in doc's project.
void add_marker_on_the_timeline(Document& doc, ViewerScene& scene) {
  ViewerUi ui;
  scene.preview_clip = 0;
  const std::string clip = scene.clips()[0].name;
  ui::TimelineMarkerEdit add;
  add.kind = ui::TimelineMarkerEdit::Kind::Add;
  add.name = "hit";
  add.time_s = 0.25f;
  apply_timeline_marker_edit(doc, ui, scene, add);
  ASSERT_EQ(ui.status, "markers of " + clip + " changed");
  bool found = false;
  for (const project::ProjectClipMarkers& m : doc.project().clip_markers) {
    for (const anim::Marker& marker : m.markers) {
      found |= m.clip == clip && marker.name == "hit" && marker.time_s == 0.25f;
    }
  }
  EXPECT_TRUE(found) << "the marker is in the project";
}

// The demo playing its graph with root motion applied, frames of 1/60 s after turn was set to 1
// (turn > 0.5 starts the demo's 0.25 s crossfade from its entry state, locomotion (0), to
// turn_left (1)). The demo's project is doc's.
void play_demo_turning(Document& doc, ViewerScene& scene, int frames) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ASSERT_EQ(scene.open(std::move(demo.character), demo.project), "");
  doc.open({demo::kDemoSourcePath}, "", std::move(demo.project));
  scene.mode = PlayMode::Graph;
  scene.settings.root_motion_mode = anim::RootMotionMode::Applied;
  ASSERT_EQ(scene.apply_settings(), "");
  ASSERT_EQ(scene.set_parameter("turn=1"), "");
  const visual::SceneView view;
  for (int i = 0; i < frames; ++i) ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
}

TEST(MarkerEditKeepsState, TheMachineStaysInItsStateAtItsPhaseAndTheCharacterInPlace) {
  Document doc;
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(play_demo_turning(doc, scene, 30));  // in state 1 by now
  const int state = scene.instance.machine().active_state();
  ASSERT_EQ(state, 1);
  const float phase = scene.instance.machine().active_normalized_time();
  const glm::vec3 place = scene.instance.world().translation;
  ASSERT_GT(glm::length(place), 0.05f) << "the character walked before the edit";

  ASSERT_NO_FATAL_FAILURE(add_marker_on_the_timeline(doc, scene));

  EXPECT_EQ(scene.instance.machine().active_state(), state);
  EXPECT_FLOAT_EQ(scene.instance.machine().active_normalized_time(), phase);
  EXPECT_EQ(scene.instance.world().translation, place);
  ASSERT_EQ(scene.update(1.0f / 60.0f, visual::SceneView{}), "");
  EXPECT_EQ(scene.instance.machine().active_state(), state) << "not restarted at the entry state";
  EXPECT_NE(scene.instance.machine().active_normalized_time(), phase) << "and plays on";
}

TEST(MarkerEditKeepsState, ATransitionUnderWayGoesOnFromWhereItWas) {
  Document doc;
  ViewerScene scene;
  // Six frames in, the crossfade is about a third of the way through.
  ASSERT_NO_FATAL_FAILURE(play_demo_turning(doc, scene, 6));
  const anim::TransitionStatus before = scene.instance.machine().transition();
  ASSERT_TRUE(before.running);
  ASSERT_EQ(before.from_state, 0);
  ASSERT_EQ(before.to_state, 1);
  ASSERT_GT(before.progress, 0.1f);
  ASSERT_LT(before.progress, 0.5f);
  const float target_phase = scene.instance.machine().active_normalized_time();
  const float source_phase = scene.instance.machine().crossfade_source_normalized_time();

  ASSERT_NO_FATAL_FAILURE(add_marker_on_the_timeline(doc, scene));

  const anim::TransitionStatus after = scene.instance.machine().transition();
  EXPECT_TRUE(after.running) << "the transition was dropped";
  EXPECT_EQ(after.transition, before.transition);
  EXPECT_EQ(after.from_state, 0);
  EXPECT_EQ(after.to_state, 1);
  EXPECT_EQ(after.progress, before.progress);
  EXPECT_EQ(after.weight, before.weight);
  EXPECT_EQ(scene.instance.machine().active_state(), 1);
  EXPECT_EQ(scene.instance.machine().active_normalized_time(), target_phase);
  EXPECT_EQ(scene.instance.machine().crossfade_source_state(), 0);
  EXPECT_EQ(scene.instance.machine().crossfade_source_normalized_time(), source_phase);
  // One more frame: a 1/60 s step of a 0.25 s crossfade is 1/15 of it.
  ASSERT_EQ(scene.update(1.0f / 60.0f, visual::SceneView{}), "");
  EXPECT_TRUE(scene.instance.machine().transition().running);
  EXPECT_NEAR(scene.instance.machine().transition().progress, before.progress + 1.0f / 15.0f,
              1e-4f);
}

bool has_marker(const anim::Clip& clip, const std::string& name) {
  for (const anim::Marker& m : clip.markers) {
    if (m.name == name) return true;
  }
  return false;
}

// An edit of clip 0's markers binds clip 0 again and leaves the other clips' bound data as it
// was: clip 1's markers are changed in the character after the load (where a binding copies
// clips from), and only a binding of clip 1 would pick that up. So does the undo of the edit.
TEST(MarkerEditKeepsState, OnlyTheEditedClipIsBoundAgain) {
  Document doc;
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(play_demo_turning(doc, scene, 1));
  ASSERT_GE(scene.clips().size(), 2u);
  ASSERT_EQ(project::find_clip_markers(doc.project(), scene.clips()[1].name), nullptr);
  scene.character.clips[1].markers = {{"not_bound_again", 0.1f}};
  const std::vector<anim::Marker> clip_1_markers = scene.clips()[1].markers;
  const auto previous = scene.bound.character;

  ViewerUi ui;
  scene.preview_clip = 0;
  ui::TimelineMarkerEdit add;
  add.kind = ui::TimelineMarkerEdit::Kind::Add;
  add.name = "hit";
  add.time_s = 0.25f;
  apply_timeline_marker_edit(doc, ui, scene, add);
  ASSERT_EQ(ui.status, "markers of " + scene.clips()[0].name + " changed");

  EXPECT_NE(scene.bound.character, previous) << "clip 0 was bound again";
  EXPECT_TRUE(has_marker(scene.clips()[0], "hit"));
  EXPECT_FALSE(has_marker(scene.clips()[1], "not_bound_again")) << "clip 1 was bound again";
  EXPECT_EQ(scene.clips()[1].markers.size(), clip_1_markers.size());

  ASSERT_TRUE(step_graph_history(doc, ui, scene, true));
  EXPECT_FALSE(has_marker(scene.clips()[0], "hit")) << "the undo bound clip 0 again";
  EXPECT_FALSE(has_marker(scene.clips()[1], "not_bound_again")) << "and clip 1 not";
}

// Filtering a clip (the Curves window's filter, `curves --filter`) is a one-clip edit too: it
// binds that clip again and no other (clip 1's markers changed in the character stay unbound),
// and the character carries on in its state, at its phase, where it walked to.
TEST(MarkerEditKeepsState, AFilteredClipIsBoundAloneAndTheMachinePlaysOn) {
  Document doc;
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(play_demo_turning(doc, scene, 30));  // in state 1 by now
  ASSERT_EQ(scene.instance.machine().active_state(), 1);
  const float phase = scene.instance.machine().active_normalized_time();
  const glm::vec3 place = scene.instance.world().translation;
  ASSERT_GE(scene.clips().size(), 2u);
  ASSERT_EQ(scene.character.clips[0].name, scene.clips()[0].name);
  ASSERT_EQ(scene.character.clips[1].name, scene.clips()[1].name);
  // Changed in the character after the load: seen only by a binding of that clip.
  scene.character.clips[0].markers = {{"bound_again", 0.1f}};
  scene.character.clips[1].markers = {{"not_bound_again", 0.1f}};
  anim::MotionFilter filter;
  ASSERT_EQ(anim::parse_motion_filter("butterworth:6Hz", filter), "");

  ASSERT_EQ(filter_scene_clip(doc.project(), scene, 0, filter), "");

  EXPECT_TRUE(has_marker(scene.clips()[0], "bound_again")) << "clip 0 was not bound again";
  EXPECT_FALSE(has_marker(scene.clips()[1], "not_bound_again")) << "clip 1 was bound again";
  EXPECT_EQ(scene.instance.machine().active_state(), 1);
  EXPECT_FLOAT_EQ(scene.instance.machine().active_normalized_time(), phase);
  EXPECT_EQ(scene.instance.world().translation, place);
  ASSERT_EQ(scene.update(1.0f / 60.0f, visual::SceneView{}), "");
  EXPECT_EQ(scene.instance.machine().active_state(), 1) << "not restarted at the entry state";
}

}  // namespace
}  // namespace app
