#include "asset/posed_bounds.h"

#include <filesystem>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "asset/demo_character.h"
#include "import_test_util.h"

namespace asset {
namespace {

// The rest pose's model matrices, by hand (parents precede children).
std::vector<glm::mat4> rest_model(const anim::Skeleton& s) {
  std::vector<glm::mat4> model(s.rest_pose.size());
  for (int i = 0; i < s.joint_count(); ++i) {
    const glm::mat4 local = anim::to_matrix(s.rest_pose[i]);
    model[i] = s.parents[i] == anim::kNoParent ? local : model[s.parents[i]] * local;
  }
  return model;
}

void expect_contains(const Bounds& outer, const Bounds& inner, const char* what) {
  for (int a = 0; a < 3; ++a) {
    EXPECT_LE(outer.min[a], inner.min[a] + 1e-4f) << what << " axis " << a;
    EXPECT_GE(outer.max[a], inner.max[a] - 1e-4f) << what << " axis " << a;
  }
}

TEST(PosedBounds, InTheRestPoseHoldTheWholeBindMesh) {
  for (const char* file :
       {"kaykit/Knight.glb", "quaternius/RobotExpressive.glb", "khronos/Fox.glb"}) {
    const auto path = test::shared_asset(file);
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (shared assets)";
    const Character c = test::import_ok(path);
    const Bounds b = posed_bounds(c, rest_model(c.skeleton), glm::mat4(1.0f));
    ASSERT_FALSE(b.empty()) << file;
    expect_contains(b, bind_pose_bounds(c), file);
  }
}

TEST(PosedBounds, FollowThePoseAndTheWorld) {
  const Character c = make_demo_character();
  std::vector<glm::mat4> pose = rest_model(c.skeleton);
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(10.0f, 0.0f, -4.0f));
  const Bounds moved = posed_bounds(c, pose, world);
  const Bounds home = posed_bounds(c, pose, glm::mat4(1.0f));
  EXPECT_NEAR(moved.min.x - home.min.x, 10.0f, 1e-4f);
  EXPECT_NEAR(moved.max.z - home.max.z, -4.0f, 1e-4f);
  pose.pop_back();  // not one matrix per joint
  EXPECT_TRUE(posed_bounds(c, pose, glm::mat4(1.0f)).empty());
}

}  // namespace
}  // namespace asset
