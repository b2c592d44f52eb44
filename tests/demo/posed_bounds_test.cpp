#include "import/posed_bounds.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/morphing.h"
#include "anim/skinning.h"
#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "import/character_units.h"
#include "import/rig_finder.h"
#include "support/armature_twin.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace demo {
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

void expect_contains(const importer::Bounds& outer, const importer::Bounds& inner, const char* what,
                     float tolerance = 1e-4f) {
  for (int a = 0; a < 3; ++a) {
    EXPECT_LE(outer.min[a], inner.min[a] + tolerance) << what << " axis " << a;
    EXPECT_GE(outer.max[a], inner.max[a] - tolerance) << what << " axis " << a;
  }
}

// The mesh as linear blend skinning draws it in model_pose: the reference posed_bounds holds.
importer::Bounds skinned_bounds(const importer::Character& c,
                                const std::vector<glm::mat4>& model_pose) {
  std::vector<glm::mat4> palette(model_pose.size());
  EXPECT_TRUE(anim::skinning_matrices(model_pose, c.skeleton.inverse_bind, palette));
  importer::Bounds b;
  for (const anim::SkinnedMesh& mesh : c.meshes) {
    std::vector<glm::vec3> positions(mesh.vertex_count());
    EXPECT_TRUE(anim::skin_vertices_lbs(mesh, palette, positions, {}));
    for (const glm::vec3& p : positions) {
      b.min = glm::min(b.min, p);
      b.max = glm::max(b.max, p);
    }
  }
  return b;
}

void expect_same(const importer::Bounds& a, const importer::Bounds& b, float tolerance,
                 const std::string& what) {
  ASSERT_FALSE(a.empty()) << what;
  ASSERT_FALSE(b.empty()) << what;
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_NEAR(a.min[axis], b.min[axis], tolerance) << what << " axis " << axis;
    EXPECT_NEAR(a.max[axis], b.max[axis], tolerance) << what << " axis " << axis;
  }
}

// A mesh-less 3ds Max scene as pab/crackhead.fbx is: a camera and a sky light 13.7 m up are
// top-level joints beside the character's tree (hips, spine, head, foot: 1.7 m tall).
importer::Character skeleton_beside_a_camera_and_a_light() {
  importer::Character c;
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
}  // namespace demo

TEST(CharacterTree, LeavesOutTheCamerasAndLightsBesideTheCharacter) {
  const importer::Character c = skeleton_beside_a_camera_and_a_light();
  EXPECT_EQ(importer::character_tree(c.skeleton),
            std::vector<bool>({false, true, true, true, true, false}));
  // The character's size: 0 to 1.7 m up, nothing across.
  const importer::Bounds bind = importer::bind_pose_bounds(c);
  EXPECT_NEAR(bind.min.y, 0.0f, 1e-6f);
  EXPECT_NEAR(bind.max.y, 1.7f, 1e-6f);
  EXPECT_NEAR(bind.max.z - bind.min.z, 0.0f, 1e-6f);
  // Framing holds it with a tenth of its size around, and no sky.
  const importer::Bounds rest = importer::rest_pose_bounds(c, glm::mat4(1.0f));
  EXPECT_NEAR(rest.min.y, -0.17f, 1e-5f);
  EXPECT_NEAR(rest.max.y, 1.87f, 1e-5f);
  EXPECT_NEAR(rest.max.z, 0.17f, 1e-5f);
  // And 1.7 m is a plausible height: no unit is guessed (by the sky's 13.7 m it was inches).
  const importer::CharacterUnits units = importer::guess_character_units(c, anim::Rig{});
  EXPECT_NEAR(units.height, 1.7f, 1e-5f);
  EXPECT_FALSE(units.guess.changed()) << units.description;
}

TEST(PosedBounds, InTheRestPoseHoldTheWholeBindMesh) {
  for (const char* file :
       {"kaykit/Knight.glb", "quaternius/RobotExpressive.glb", "khronos/Fox.glb"}) {
    const auto path = test::shared_asset(file);
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (shared assets)";
    const importer::Character c = test::import_ok(path);
    const importer::Bounds b = importer::posed_bounds(c, rest_model(c.skeleton), glm::mat4(1.0f));
    ASSERT_FALSE(b.empty()) << file;
    // To within 1% of the height: posed_bounds keeps each joint's extremes along 74 directions.
    const importer::Bounds bind = importer::bind_pose_bounds(c);
    expect_contains(b, bind, file, 0.01f * (bind.max.y - bind.min.y));
  }
}

TEST(PosedBounds, FollowThePoseAndTheWorld) {
  const importer::Character c = make_demo_character();
  std::vector<glm::mat4> pose = rest_model(c.skeleton);
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(10.0f, 0.0f, -4.0f));
  const importer::Bounds moved = importer::posed_bounds(c, pose, world);
  const importer::Bounds home = importer::posed_bounds(c, pose, glm::mat4(1.0f));
  EXPECT_NEAR(moved.min.x - home.min.x, 10.0f, 1e-4f);
  EXPECT_NEAR(moved.max.z - home.max.z, -4.0f, 1e-4f);
  pose.pop_back();  // not one matrix per joint
  EXPECT_TRUE(importer::posed_bounds(c, pose, glm::mat4(1.0f)).empty());
}

// The demo is bound in its rest pose, so its skinned rest pose is the bind mesh; moving and
// turning the root's rest transform moves the box with it, while the bind mesh's box stays.
TEST(RestPoseBounds, AreTheMeshSkinnedInTheRestPose) {
  importer::Character c = make_demo_character();
  const importer::Bounds bind = importer::bind_pose_bounds(c);
  const importer::Bounds rest = importer::rest_pose_bounds(c, glm::mat4(1.0f));
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
  const importer::Bounds turned = importer::rest_pose_bounds(c, glm::mat4(1.0f));
  EXPECT_NEAR(turned.min.x, bind.min.z + 2.0f, 1e-4f);
  EXPECT_NEAR(turned.max.x, bind.max.z + 2.0f, 1e-4f);
  EXPECT_NEAR(turned.min.z, -bind.max.x, 1e-4f);
  EXPECT_NEAR(turned.max.z, -bind.min.x, 1e-4f);
  EXPECT_NEAR(turned.min.y, bind.min.y, 1e-4f);
  const glm::mat4 up = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 3.0f, 0.0f));
  EXPECT_NEAR(importer::rest_pose_bounds(c, up).max.y, bind.max.y + 3.0f, 1e-4f);
  // Without a mesh, the joints of the rest pose with posed_bounds' margin.
  c.meshes.clear();
  const importer::Bounds joints = importer::rest_pose_bounds(c, glm::mat4(1.0f));
  const importer::Bounds expected =
      importer::posed_bounds(c, rest_model(c.skeleton), glm::mat4(1.0f));
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
  const importer::Character c = test::import_ok(path);
  const importer::Bounds bind = importer::bind_pose_bounds(c);
  EXPECT_NEAR(bind.max.z - bind.min.z, 1.5066f, 1e-3f);
  const importer::Bounds rest = importer::rest_pose_bounds(c, glm::mat4(1.0f));
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
  const importer::Character c = test::import_ok(path);
  const anim::Clip* jump = test::find_clip(c.clips, "Jump");
  ASSERT_NE(jump, nullptr);
  const anim::RootMotionSettings root_motion;
  // The first frame alone, as the viewer framed it before (the clip is in place: no root motion
  // to remove).
  const std::vector<glm::mat4> model = test::model_pose(c, jump, 0.0f);
  float highest_joint = -1e9f;
  for (const glm::mat4& m : model) highest_joint = std::max(highest_joint, m[3].y);
  EXPECT_NEAR(highest_joint, 3.398f, 1e-3f);
  const importer::Bounds first = importer::posed_bounds(c, model, glm::mat4(1.0f));

  const importer::Bounds whole = importer::clip_bounds(c, *jump, root_motion, glm::mat4(1.0f));
  ASSERT_FALSE(whole.empty());
  EXPECT_GT(whole.max.y, 5.171f);  // the hand at the top of the jump, and a margin over it
  EXPECT_LT(whole.max.y, 6.5f);
  EXPECT_LT(first.max.y, 5.171f - 0.5f);
  expect_contains(whole, first, "the first frame");
  // Moved with the world, as the viewer's character is.
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(3.0f, 0.0f, -2.0f));
  const importer::Bounds moved = importer::clip_bounds(c, *jump, root_motion, world);
  EXPECT_NEAR(moved.min.x - whole.min.x, 3.0f, 1e-4f);
  EXPECT_NEAR(moved.max.z - whole.max.z, -2.0f, 1e-4f);
  EXPECT_TRUE(
      importer::clip_bounds(c, *jump, root_motion, world, 1).empty());  // fewer than 2 samples
}

}  // namespace
}  // namespace demo

namespace demo {
namespace {

// The posed box holds every vertex as skinned, to 1.5% of the character's height, and is at
// most 5% of the height larger on any side (15% on Cesium Man, whose vertices blend joints that
// bend far apart), in the rest pose and across clips. Boxes around each joint's vertices were
// 15% too large on the Knight; measured on the bind mesh, 100 times too large on an armature.
TEST(PosedBounds, HoldTheSkinnedMeshAndHugIt) {
  std::vector<std::pair<std::string, importer::Character>> characters;
  characters.emplace_back("the demo", make_demo_character());
  for (const char* file : {"kaykit/Knight.glb", "quaternius/RobotExpressive.glb", "khronos/Fox.glb",
                           "khronos/cesium_man.gltf"}) {
    const auto path = test::shared_asset(file);
    if (std::filesystem::exists(path)) characters.emplace_back(file, test::import_ok(path));
  }
  for (const auto& [name, c] : characters) {
    const float limit = name == "khronos/cesium_man.gltf" ? 0.15f : 0.05f;
    const importer::Bounds rest = importer::rest_pose_bounds(c, glm::mat4(1.0f));
    const float height = rest.max.y - rest.min.y;
    // The rest pose, and three times in each of the first four clips.
    std::vector<std::pair<const anim::Clip*, float>> poses = {{nullptr, 0.0f}};
    for (std::size_t k = 0; k < std::min<std::size_t>(c.clips.size(), 4); ++k) {
      for (const float phase : {0.0f, 0.3f, 0.7f}) {
        poses.emplace_back(&c.clips[k], phase * c.clips[k].duration_s);
      }
    }
    for (const auto& [clip, time_s] : poses) {
      const std::vector<glm::mat4> pose = test::model_pose(c, clip, time_s);
      const importer::Bounds drawn = skinned_bounds(c, pose);
      const importer::Bounds b = importer::posed_bounds(c, pose, glm::mat4(1.0f));
      const std::string what =
          name + ", " + (clip ? clip->name : "rest pose") + " at " + std::to_string(time_s);
      for (int a = 0; a < 3; ++a) {
        EXPECT_LE(b.min[a], drawn.min[a] + 0.015f * height) << what << " axis " << a;
        EXPECT_GE(b.max[a], drawn.max[a] - 0.015f * height) << what << " axis " << a;
        EXPECT_LT(drawn.min[a] - b.min[a], limit * height) << what << " axis " << a;
        EXPECT_LT(b.max[a] - drawn.max[a], limit * height) << what << " axis " << a;
      }
    }
  }
}

// The joint of the same name in both characters' skeletons.
int joint_named(const importer::Character& c, const std::string& name) {
  const int j = c.skeleton.find_joint(name);
  EXPECT_GE(j, 0) << name;
  return j;
}

// source written as it is and as Blender writes a Mixamo rig (test::wrap_in_armature: the bind
// mesh in centimetres, Z-up, under a 0.01-scaled armature node), and read back. Both draw the
// same character, so the rest, posed and clip boxes (of the first eight clips) and the unit
// guess must agree.
void expect_twin_measures_alike(const importer::Character& source, const std::string& name) {
  SCOPED_TRACE(name);
  const auto dir = test::make_temp_dir();
  ASSERT_EQ(export_character_glb(source, (dir / "original.glb").string()), "");
  ASSERT_EQ(export_character_glb(test::wrap_in_armature(source), (dir / "twin.glb").string()), "");
  const importer::Character original = test::import_ok(dir / "original.glb");
  const importer::Character wrapped = test::import_ok(dir / "twin.glb");
  std::filesystem::remove_all(dir);
  ASSERT_EQ(wrapped.skeleton.joint_names.front(), test::kArmatureJoint);
  const importer::Bounds bind = importer::bind_pose_bounds(original),
                         raw = importer::bind_pose_bounds(wrapped);
  EXPECT_NEAR(glm::length(raw.max - raw.min), 100.0f * glm::length(bind.max - bind.min),
              glm::length(bind.max - bind.min));  // the twin's bind mesh is in centimetres

  const importer::Bounds rest = importer::rest_pose_bounds(original, glm::mat4(1.0f));
  const float tolerance = std::max(1e-3f, 0.01f * (rest.max.y - rest.min.y));
  expect_same(rest, importer::rest_pose_bounds(wrapped, glm::mat4(1.0f)), tolerance, "rest pose");
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(2.0f, 0.0f, -1.0f));
  anim::RootMotionSettings original_root, wrapped_root;
  original_root.root_joint = importer::find_root_motion_joint(original.skeleton);
  wrapped_root.root_joint = joint_named(
      wrapped, original.skeleton.joint_names[static_cast<std::size_t>(original_root.root_joint)]);
  ASSERT_EQ(original.clips.size(), wrapped.clips.size());
  for (std::size_t k = 0; k < std::min<std::size_t>(original.clips.size(), 8); ++k) {
    const anim::Clip& a = original.clips[k];
    const anim::Clip& b = wrapped.clips[k];
    expect_same(importer::clip_bounds(original, a, original_root, world),
                importer::clip_bounds(wrapped, b, wrapped_root, world), tolerance,
                a.name + " (clip)");
    const float t = 0.37f * a.duration_s;
    expect_same(importer::posed_bounds(original, test::model_pose(original, &a, t), world),
                importer::posed_bounds(wrapped, test::model_pose(wrapped, &b, t), world), tolerance,
                a.name + " (posed)");
  }
  const importer::CharacterUnits units =
      importer::guess_character_units(original, importer::find_character_rig(original));
  const importer::CharacterUnits twin =
      importer::guess_character_units(wrapped, importer::find_character_rig(wrapped));
  EXPECT_NEAR(units.height, twin.height, tolerance);
  EXPECT_EQ(units.guess.metres_per_unit, twin.guess.metres_per_unit) << twin.description;
}

// Measured in the raw mesh space, the demo's twin's clip box was 9 x 21 x 29 m around a 1.8 m
// figure. The shared characters are checked too where they are present.
TEST(PosedBounds, AreTheSameForACharacterUnderABlenderArmatureNode) {
  expect_twin_measures_alike(make_demo_character(), "the demo");
  for (const char* file : {"kaykit/Knight.glb", "khronos/cesium_man.gltf"}) {
    const auto path = test::shared_asset(file);
    if (!std::filesystem::exists(path)) {
      std::printf("%s is absent (shared assets): not checked\n", path.c_str());
      continue;
    }
    expect_twin_measures_alike(test::import_ok(path), file);
  }
}

// A rigid mesh (no skin) follows its node: a 20 cm cube 50 cm up the armature's z (so 0.5 m up
// y), which its clip slides 200 cm along the armature's y (2 m towards -z). Its box is the
// cube's in metres wherever the node takes it, with no joint margin around it.
TEST(PosedBounds, PlaceARigidMeshByItsNodeUnderAnArmature) {
  test::GltfWriter w;
  const int armature = w.add_node("Armature", glm::vec3(0.0f),
                                  glm::angleAxis(glm::radians(-90.0f), glm::vec3(1, 0, 0)));
  w.json()["nodes"][armature]["scale"] = {0.01, 0.01, 0.01};
  const int prop = w.add_node("Prop", glm::vec3(0.0f, 0.0f, 50.0f));
  w.add_child(armature, prop);
  std::vector<glm::vec3> corners;
  for (int i = 0; i < 8; ++i) {
    corners.emplace_back(i & 1 ? 10.0f : -10.0f, i & 2 ? 10.0f : -10.0f, i & 4 ? 10.0f : -10.0f);
  }
  w.add_mesh(prop, corners, {0, 1, 3, 0, 3, 2, 4, 7, 5, 4, 6, 7});
  w.add_animation("Slide", {{prop, "translation", {0.0f, 1.0f}, {0, 0, 50, 0, 200, 50}}});
  const auto dir = test::make_temp_dir();
  const importer::Character c = test::import_ok(w.write(dir / "rigid.gltf"));
  ASSERT_EQ(c.clips.size(), 1u);
  const importer::Bounds rest =
      importer::posed_bounds(c, test::model_pose(c, nullptr, 0.0f), glm::mat4(1.0f));
  expect_same(rest, importer::Bounds{{-0.1f, 0.4f, -0.1f}, {0.1f, 0.6f, 0.1f}}, 1e-4f, "at rest");
  const importer::Bounds slide =
      importer::clip_bounds(c, c.clips[0], anim::RootMotionSettings{}, glm::mat4(1.0f));
  expect_same(slide, importer::Bounds{{-0.1f, 0.4f, -2.1f}, {0.1f, 0.6f, 0.1f}}, 1e-4f,
              "over the clip");
  std::filesystem::remove_all(dir);
}

// A mesh that only morph targets animate is a static mesh on one joint: its box is the mesh's
// as its weights shape it, not the base mesh's or that joint's point, and a clip's box holds
// the shapes it plays.
TEST(PosedBounds, HoldAMorphOnlyMeshAsItsWeightsShapeIt) {
  const auto path = test::shared_asset("khronos/animated_morph_sphere.gltf");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (shared assets)";
  const importer::Character c = test::import_ok(path);
  ASSERT_EQ(c.skeleton.joint_count(), 1);
  ASSERT_EQ(c.meshes.size(), 1u);
  const anim::SkinnedMesh& mesh = c.meshes[0];
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  const std::vector<glm::mat4> rest = test::model_pose(c, nullptr, 0.0f);
  // At the default weights (0, 0): the base mesh.
  expect_same(importer::posed_bounds(c, rest, glm::mat4(1.0f)), importer::bind_pose_bounds(c),
              1e-5f, "default");
  importer::Bounds shapes;  // the mesh at (1, 0) and (0, 1), the two shapes the clip plays in turn
  for (const std::vector<float>& weights : std::vector<std::vector<float>>{{1, 0}, {0, 1}}) {
    std::vector<glm::vec3> morphed(mesh.vertex_count());
    ASSERT_TRUE(anim::morph_vertices(mesh, weights, morphed, {}, {}));
    importer::Bounds drawn;
    for (const glm::vec3& p : morphed) {
      drawn.min = glm::min(drawn.min, p);
      drawn.max = glm::max(drawn.max, p);
    }
    expect_same(importer::posed_bounds(c, rest, glm::mat4(1.0f), weights), drawn, 1e-5f, "shaped");
    shapes.min = glm::min(shapes.min, drawn.min);
    shapes.max = glm::max(shapes.max, drawn.max);
  }
  const importer::Bounds base = importer::bind_pose_bounds(c);
  EXPECT_GT(glm::length(shapes.max - shapes.min), 1.01f * glm::length(base.max - base.min));
  // The clip starts at (0, 0), reaches weights of 0.9998 for each shape and blends them with
  // weights summing to at most one: its box, sampled at its 217 keys, is the base and both
  // shapes' to 0.1%.
  ASSERT_EQ(c.clips.size(), 1u);
  const importer::Bounds clip =
      importer::clip_bounds(c, c.clips[0], anim::RootMotionSettings{}, glm::mat4(1.0f), 217);
  const importer::Bounds reached{glm::min(shapes.min, base.min), glm::max(shapes.max, base.max)};
  expect_same(clip, reached, 1e-3f * glm::length(reached.max - reached.min), "over the clip");
}

}  // namespace
}  // namespace demo
