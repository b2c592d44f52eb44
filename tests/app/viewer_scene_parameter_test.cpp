// ViewerScene::set_parameter, the one door for "NAME=VALUE" from --param (viewer, pose and render):
// a value that is not a finite number is refused with the assignment named, and the parameter
// keeps its value.
#include <gtest/gtest.h>

#include <string>

#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"

namespace app {
namespace {

TEST(ViewerSceneParameter, SetsFiniteValuesAndRefusesTheRestNamingTheAssignment) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), std::move(demo.project)), "");
  const int turn = scene.parameters.find("turn");
  ASSERT_GE(turn, 0) << "the demo project has a 'turn' parameter";

  ASSERT_EQ(scene.set_parameter("turn=0.25"), "");
  EXPECT_FLOAT_EQ(scene.parameters.get(turn), 0.25f);
  for (const char* bad : {"turn=nan", "turn=inf", "turn=-inf", "turn=1e39"}) {
    EXPECT_EQ(scene.set_parameter(bad), std::string("'") + bad + "': not a finite number") << bad;
    EXPECT_FLOAT_EQ(scene.parameters.get(turn), 0.25f) << bad;
  }
  EXPECT_EQ(scene.set_parameter("turn=fast"), "'turn=fast': 'fast' is not a number");
  EXPECT_EQ(scene.set_parameter("speed2=1"), "'speed2=1': no parameter 'speed2'");
  EXPECT_EQ(scene.set_parameter("turn"), "'turn': expected NAME=VALUE");
}

}  // namespace
}  // namespace app
