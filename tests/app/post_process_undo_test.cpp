// The post-process stack's edits in the undo history (issue 42): a weight slider dragged over 30
// frames, an entry added, a target dragged over 30 frames and a reorder are four undo steps;
// each undo and redo gives back exactly the stack recorded before (after) it, in the project and
// in the playing instance, and a fifth undo has nothing left.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/async_loader.h"
#include "app/graph_authoring.h"
#include "app/post_process_authoring.h"
#include "app/post_process_targets.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/project_post_process_json.h"

namespace app {
namespace {

using Stack = std::vector<project::ProjectPostProcess>;

// The look-at's index in a stack (first, or second after the reorder).
int look_at_index(const Stack& stack) {
  return stack[0].kind == anim::PostProcessKind::LookAt ? 0 : 1;
}

const project::ProjectPostProcess& look_at(const Stack& stack) {
  return stack[static_cast<std::size_t>(look_at_index(stack))];
}

// The playing instance runs the project's look-at with its target and weight.
void expect_instance_runs(const project::Project& project, const ViewerScene& scene,
                          const project::ProjectPostProcess& look) {
  const int b = bound_entry_of(project, scene, look_at_index(project.post_process));
  ASSERT_GE(b, 0);
  const anim::PostProcessEntry& e = scene.instance.post_process()[static_cast<std::size_t>(b)];
  EXPECT_EQ(e.look_at_goal.target, look.target);
  EXPECT_EQ(e.weight, look.weight);
}

TEST(PostProcessUndo, EachEditIsOneStepAndUndoRedoGiveTheExactStacks) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  project::ProjectPostProcess look;
  look.kind = anim::PostProcessKind::LookAt;
  look.target = {1.0f, 1.6f, 1.0f};
  demo.project.post_process = {look};
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), demo.project), "");
  ViewerUi ui;
  Document doc;
  doc.open({demo::kDemoSourcePath}, "", std::move(demo.project));  // as a load does
  std::vector<Stack> recorded{doc.project().post_process};

  // The weight slider dragged over 30 frames: the button held, one edit a frame.
  for (int frame = 1; frame <= 30; ++frame) {
    doc.project().post_process[0].weight = 1.0f - static_cast<float>(frame) / 60.0f;
    commit_post_process_edit(doc, ui, scene, true);
  }
  doc.end_gesture();  // released
  recorded.push_back(doc.project().post_process);
  // A twist entry added (a click: the button is up when ImGui reports it).
  doc.project().post_process.emplace_back().kind = anim::PostProcessKind::Twist;
  commit_post_process_edit(doc, ui, scene, false);
  recorded.push_back(doc.project().post_process);
  // The target dragged over 30 frames.
  for (int frame = 1; frame <= 30; ++frame) {
    set_post_process_target(doc.project(), scene, 0,
                            look.target + glm::vec3(0.01f * frame, 0.0f, 0.0f));
    record_target_drag(doc);
  }
  doc.end_gesture();
  recorded.push_back(doc.project().post_process);
  // The twist moved up, before the look-at.
  std::swap(doc.project().post_process[0], doc.project().post_process[1]);
  commit_post_process_edit(doc, ui, scene, false);
  recorded.push_back(doc.project().post_process);
  ASSERT_NEAR(look_at(recorded[3]).target.x, 1.3f, 1e-5f);
  ASSERT_EQ(look_at(recorded[1]).weight, 0.5f);

  for (int step = 3; step >= 0; --step) {
    ASSERT_TRUE(step_graph_history(doc, ui, scene, true)) << "undo to step " << step;
    EXPECT_TRUE(project::same_post_process(doc.project().post_process, recorded[step]))
        << "undo to step " << step << ": "
        << project::post_process_to_json(doc.project().post_process).dump() << " vs "
        << project::post_process_to_json(recorded[step]).dump();
    EXPECT_EQ(look_at(doc.project().post_process).target, look_at(recorded[step]).target);
    EXPECT_EQ(look_at(doc.project().post_process).weight, look_at(recorded[step]).weight);
    expect_instance_runs(doc.project(), scene, look_at(recorded[step]));
  }
  EXPECT_FALSE(step_graph_history(doc, ui, scene, true)) << "the drags were one step each";
  EXPECT_EQ(ui.status, "nothing to undo");
  for (int step = 1; step <= 4; ++step) {
    ASSERT_TRUE(step_graph_history(doc, ui, scene, false)) << "redo to step " << step;
    EXPECT_TRUE(project::same_post_process(doc.project().post_process, recorded[step]))
        << "redo to step " << step;
    expect_instance_runs(doc.project(), scene, look_at(recorded[step]));
  }
  EXPECT_FALSE(step_graph_history(doc, ui, scene, false));
}

}  // namespace
}  // namespace app
