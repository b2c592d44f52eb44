#include "asset/posed_bounds.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "asset/character_units.h"
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

// A mesh-less 3ds Max scene as pab/crackhead.fbx is: a camera and a sky light 13.7 m up are
// top-level joints beside the character's tree (hips, spine, head, foot: 1.7 m tall).
Character skeleton_beside_a_camera_and_a_light() {
  Character c;
  anim::Skeleton& s = c.skeleton;
  auto add = [&s](const char* name, int parent, glm::vec3 at) {
    s.joint_names.emplace_back(name);
    s.parents.push_back(parent);
    anim::Transform t;
    t.translation = at;
    s.rest_pose.push_back(t);
    s.inverse_bind.emplace_back(1.0f);
    return s.joint_count() - 1;
  };
  add("Camera01", anim::kNoParent, {-3.6f, 1.1f, 8.1f});
  const int hips = add("Hips", anim::kNoParent, {0.0f, 1.0f, 0.0f});
  const int spine = add("Spine", hips, {0.0f, 0.5f, 0.0f});
  add("Head", spine, {0.0f, 0.2f, 0.0f});
  add("Foot", hips, {0.0f, -1.0f, 0.0f});
  add("Sky01", anim::kNoParent, {0.7f, 13.7f, 6.0f});
  return c;
}

TEST(CharacterTree, LeavesOutTheCamerasAndLightsBesideTheCharacter) {
  const Character c = skeleton_beside_a_camera_and_a_light();
  EXPECT_EQ(character_tree(c.skeleton), std::vector<bool>({false, true, true, true, true, false}));
  // The character's size: 0 to 1.7 m up, nothing across.
  const Bounds bind = bind_pose_bounds(c);
  EXPECT_NEAR(bind.min.y, 0.0f, 1e-6f);
  EXPECT_NEAR(bind.max.y, 1.7f, 1e-6f);
  EXPECT_NEAR(bind.max.z - bind.min.z, 0.0f, 1e-6f);
  // Framing holds it with a tenth of its size around, and no sky.
  const Bounds rest = rest_pose_bounds(c, glm::mat4(1.0f));
  EXPECT_NEAR(rest.min.y, -0.17f, 1e-5f);
  EXPECT_NEAR(rest.max.y, 1.87f, 1e-5f);
  EXPECT_NEAR(rest.max.z, 0.17f, 1e-5f);
  // And 1.7 m is a plausible height: no unit is guessed (by the sky's 13.7 m it was inches).
  const CharacterUnits units = guess_character_units(c, anim::Rig{});
  EXPECT_NEAR(units.height, 1.7f, 1e-5f);
  EXPECT_FALSE(units.guess.changed()) << units.description;
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

// The demo is bound in its rest pose, so its skinned rest pose is the bind mesh; moving and
// turning the root's rest transform moves the box with it, while the bind mesh's box stays.
TEST(RestPoseBounds, AreTheMeshSkinnedInTheRestPose) {
  Character c = make_demo_character();
  const Bounds bind = bind_pose_bounds(c);
  const Bounds rest = rest_pose_bounds(c, glm::mat4(1.0f));
  ASSERT_FALSE(rest.empty());
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(rest.min[a], bind.min[a], 1e-4f) << a;
    EXPECT_NEAR(rest.max[a], bind.max[a], 1e-4f) << a;
  }
  // A quarter turn about +Y, then 2 m along x: (x, y, z) goes to (z + 2, y, -x).
  c.skeleton.rest_pose[0].rotation =
      glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0)) * c.skeleton.rest_pose[0].rotation;
  c.skeleton.rest_pose[0].translation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0)) *
                                            c.skeleton.rest_pose[0].translation +
                                        glm::vec3(2.0f, 0.0f, 0.0f);
  const Bounds turned = rest_pose_bounds(c, glm::mat4(1.0f));
  EXPECT_NEAR(turned.min.x, bind.min.z + 2.0f, 1e-4f);
  EXPECT_NEAR(turned.max.x, bind.max.z + 2.0f, 1e-4f);
  EXPECT_NEAR(turned.min.z, -bind.max.x, 1e-4f);
  EXPECT_NEAR(turned.max.z, -bind.min.x, 1e-4f);
  EXPECT_NEAR(turned.min.y, bind.min.y, 1e-4f);
  const glm::mat4 up = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 3.0f, 0.0f));
  EXPECT_NEAR(rest_pose_bounds(c, up).max.y, bind.max.y + 3.0f, 1e-4f);
  // Without a mesh, the joints of the rest pose with posed_bounds' margin.
  c.meshes.clear();
  const Bounds joints = rest_pose_bounds(c, glm::mat4(1.0f));
  const Bounds expected = posed_bounds(c, rest_model(c.skeleton), glm::mat4(1.0f));
  ASSERT_FALSE(joints.empty());
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(joints.min[a], expected.min[a], 1e-4f) << a;
    EXPECT_NEAR(joints.max[a], expected.max[a], 1e-4f) << a;
  }
  EXPECT_NEAR(joints.min.x, 2.0f + bind.min.z, 0.5f);  // still turned and moved
}

// Cesium Man's mesh is bound Z-up (its bind box is 1.507 m along z) and a node above its
// skeleton stands it up: its skinned rest pose stands 1.507 m on y from the ground, which is
// what `animview render` frames.
TEST(RestPoseBounds, StandCesiumManUpWhereHisBindMeshLiesAlongZ) {
  const auto path = test::shared_asset("khronos/cesium_man.gltf");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (shared assets)";
  const Character c = test::import_ok(path);
  const Bounds bind = bind_pose_bounds(c);
  EXPECT_NEAR(bind.max.z - bind.min.z, 1.5066f, 1e-3f);
  const Bounds rest = rest_pose_bounds(c, glm::mat4(1.0f));
  EXPECT_NEAR(rest.min.y, 0.0f, 1e-3f);
  EXPECT_NEAR(rest.max.y, 1.5066f, 1e-3f);
  EXPECT_NEAR(rest.max.z - rest.min.z, bind.max.y - bind.min.y, 1e-3f);
}

// RobotExpressive's Jump starts crouched: at t = 0 its highest joint (Head_4) is at y = 3.398,
// while a hand (Index2L) reaches y = 5.171 at 11/23 of the clip (0.3388 s), one of the 24
// sample times (both from `animview pose RobotExpressive.glb --clip Jump --time T --json`).
// Framing from the first frame would cut the jump's top off; the clip's bounds hold it.
TEST(ClipBounds, HoldWhatTheClipReachesBeyondItsFirstFrame) {
  const auto path = test::shared_asset("quaternius/RobotExpressive.glb");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (shared assets)";
  const Character c = test::import_ok(path);
  const anim::Clip* jump = test::find_clip(c.clips, "Jump");
  ASSERT_NE(jump, nullptr);
  const anim::RootMotionSettings root_motion;
  // The first frame alone, as the viewer framed it before (the clip is in place: no root motion
  // to remove).
  const std::vector<glm::mat4> model = test::model_pose(c, jump, 0.0f);
  float highest_joint = -1e9f;
  for (const glm::mat4& m : model) highest_joint = std::max(highest_joint, m[3].y);
  EXPECT_NEAR(highest_joint, 3.398f, 1e-3f);
  const Bounds first = posed_bounds(c, model, glm::mat4(1.0f));

  const Bounds whole = clip_bounds(c, *jump, root_motion, glm::mat4(1.0f));
  ASSERT_FALSE(whole.empty());
  EXPECT_GT(whole.max.y, 5.171f);  // the hand at the top of the jump, and a margin over it
  EXPECT_LT(whole.max.y, 6.5f);
  EXPECT_LT(first.max.y, 5.171f - 0.5f);
  expect_contains(whole, first, "the first frame");
  // Moved with the world, as the viewer's character is.
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(3.0f, 0.0f, -2.0f));
  const Bounds moved = clip_bounds(c, *jump, root_motion, world);
  EXPECT_NEAR(moved.min.x - whole.min.x, 3.0f, 1e-4f);
  EXPECT_NEAR(moved.max.z - whole.max.z, -2.0f, 1e-4f);
  EXPECT_TRUE(clip_bounds(c, *jump, root_motion, world, 1).empty());  // fewer than 2 samples
}

}  // namespace
}  // namespace asset
