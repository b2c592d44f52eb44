#pragma once
// A test fixture shared by the joint inspector's and the curve view's tests: the built-in demo
// opened in a ViewerScene (as the viewer opens it), with its walk and left forearm found, and a
// probe instance for the inspection to compose through.

#include <memory>

#include <gtest/gtest.h>

#include "anim/character_instance.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/project_binding.h"

namespace test {

class DemoWalkScene : public ::testing::Test {
 protected:
  void SetUp() override {
    importer::Character character = demo::make_demo_character();
    project = project::preview_project(character, demo::kDemoSourcePath);
    ASSERT_EQ(scene.open(std::move(character), project), "");
    walk = scene.find_clip("walk_forward");
    ASSERT_GE(walk, 0);
    forearm = scene.character.skeleton.find_joint("forearm_l");
    ASSERT_GE(forearm, 0);
  }
  void TearDown() override {
    if (bound_character_) scene.bound.character = bound_character_;
  }

  // Swaps the scene's character for a copy whose clips were never bound, so that a probe
  // binding to it fails and says why. The original stays alive (the live instance plays on it)
  // and comes back at TearDown.
  void unbind_scene_character() {
    bound_character_ = scene.bound.character;
    auto unbound = std::make_shared<anim::BoundCharacter>(*bound_character_);
    unbound->bindings.clear();
    scene.bound.character = unbound;
  }

  project::Project project;  // bound in scene
  app::ViewerScene scene;
  app::FrameProbe probe;
  int walk = -1;
  int forearm = -1;

 private:
  std::shared_ptr<const anim::BoundCharacter> bound_character_;
};

}  // namespace test
