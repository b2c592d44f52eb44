#include "anim/foot_ik.h"

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/math.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"
#include "anim_expect.h"
#include "ik_biped.h"

namespace anim {
namespace {

using testing::Biped;
using testing::make_biped;
using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

struct Frame {
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
};

Frame solve(const Biped& b, const Terrain& terrain, std::vector<Transform> animated,
            FootIkState& state, const Transform& world = {}, std::array<bool, 2> contacts = {},
            float dt = 1.0f / 60.0f, FootIkSettings settings = {}, FootIkDebug* debug = nullptr) {
  Frame f{std::move(animated), std::vector<glm::mat4>(b.skeleton.parents.size())};
  const JobResult r = solve_foot_ik(b.skeleton, b.rig, settings, terrain, world, contacts, dt,
                                    state, f.local, f.model, debug);
  EXPECT_TRUE(r) << r.error;
  return f;
}

glm::vec3 world_point(const Transform& world, const glm::vec3& p) {
  return transform_point(world, p);
}

float leg_length(const Biped& b, int leg) {
  const Leg& l = b.rig.legs[static_cast<std::size_t>(leg)];
  const auto& rest = b.skeleton.rest_pose;
  return glm::length(rest[l.calf].translation) + glm::length(rest[l.foot].translation);
}

// Heel and toe of every foot on the terrain, and no leg longer than its bones allow.
void expect_feet_on_ground(const Biped& b, const Terrain& terrain, const Frame& f,
                           const Transform& world = {}, float tolerance = 1e-3f) {
  for (int i = 0; i < 2; ++i) {
    const Leg& leg = b.rig.legs[static_cast<std::size_t>(i)];
    for (const glm::vec3& p : {world_point(world, heel_point(leg, f.model)),
                               world_point(world, toe_point(leg, f.model))}) {
      EXPECT_NEAR(p.y, probe(terrain, p.x, p.z).height_m, tolerance) << "leg " << i;
    }
    const float hip_to_ankle =
        glm::length(glm::vec3(f.model[leg.foot][3]) - glm::vec3(f.model[leg.thigh][3]));
    EXPECT_LE(hip_to_ankle, leg_length(b, i) + 1e-5f);
  }
}

// The written-out treadmill motion against the composed transforms it replaces, over random
// worlds (turned about +Y as root motion turns them, or about any axis; uniform scale) and steps:
// a point lands within 1e-6 of its and the world's distance from the origin of where the
// composition sends it (a float's step is 6e-8 of its size; both cancel t against R t, each with
// its own rounding), and the rotations agree within 1e-6.
TEST(FootIk, TreadmillMotionAgreesWithTheComposedTransforms) {
  std::mt19937 random(13);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const auto vec = [&](float size) {
    return size * glm::vec3(unit(random), unit(random), unit(random));
  };
  float worst_point = 0.0f, worst_rotation = 0.0f;
  for (int round = 0; round < 4000; ++round) {
    const glm::vec3 axis = round % 2 == 0
                               ? glm::vec3(0.0f, 1.0f, 0.0f)
                               : glm::normalize(vec(1.0f) + glm::vec3(0.0f, 0.0f, 1e-3f));
    Transform world;
    world.translation = vec(30.0f);
    world.rotation = glm::angleAxis(3.2f * unit(random), axis);
    world.scale = glm::vec3(1.25f + 0.75f * unit(random));
    Transform step;
    step.translation = vec(0.5f);
    step.rotation = glm::angleAxis(0.3f * unit(random), glm::vec3(0.0f, 1.0f, 0.0f));
    const Transform composed = compose(compose(world, inverse(step)), inverse(world));
    const Transform written = treadmill_motion(world, step);
    for (int k = 0; k < 4; ++k) {
      const glm::vec3 p = world.translation + vec(20.0f);
      const float error = glm::length(transform_point(written, p) - transform_point(composed, p));
      worst_point =
          std::max(worst_point, error / (glm::length(p) + glm::length(world.translation)));
    }
    const float dot = std::abs(glm::dot(written.rotation, composed.rotation));
    worst_rotation = std::max(worst_rotation, std::abs(1.0f - dot));
    worst_rotation = std::max(worst_rotation, std::abs(1.0f - glm::length(written.rotation)));
  }
  EXPECT_LT(worst_point, 1e-6f);
  EXPECT_LT(worst_rotation, 1e-6f);
}

// treadmill_motion's registers against its formula in glm's scalar operations, which it must
// equal bit for bit: random worlds (any turn, any scale per axis) and steps.
TEST(FootIk, TreadmillMotionIsItsScalarFormulaBitForBit) {
  std::mt19937 random(31);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const auto vec = [&](float size) {
    return size * glm::vec3(unit(random), unit(random), unit(random));
  };
  const auto turn = [&] {
    return glm::angleAxis(3.2f * unit(random), glm::normalize(vec(1.0f) + glm::vec3(1e-3f)));
  };
  for (int round = 0; round < 4000; ++round) {
    Transform world;
    world.translation = vec(30.0f);
    world.rotation = turn();
    world.scale = glm::vec3(1.25f) + vec(0.75f);
    Transform step;
    step.translation = vec(0.5f);
    step.rotation = turn();
    const glm::quat& r = world.rotation;
    const glm::quat step_back = glm::conjugate(step.rotation);
    const glm::quat rotation = r * step_back * glm::conjugate(r);
    const glm::vec3 translation = world.translation - rotation * world.translation -
                                  r * (world.scale * (step_back * step.translation));
    const Transform motion = treadmill_motion(world, step);
    for (int k = 0; k < 4; ++k) ASSERT_EQ(motion.rotation[k], rotation[k]) << round;
    for (int k = 0; k < 3; ++k) ASSERT_EQ(motion.translation[k], translation[k]) << round;
    ASSERT_EQ(motion.scale, glm::vec3(1.0f));
  }
}

// run_ground_under_locks against its formula in glm's scalar operations, which it must equal bit
// for bit: locked pivots moved by the whole ground motion, nonzero offsets turned by its rotation,
// the rest left as they are, over random motions (any turn, any scale per axis) and locks.
TEST(FootIk, GroundUnderLocksIsItsScalarFormulaBitForBit) {
  std::mt19937 random(32);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int round = 0; round < 4000; ++round) {
    Transform motion;
    motion.translation = {unit(random), unit(random), unit(random)};
    motion.rotation = glm::angleAxis(
        3.2f * unit(random),
        glm::normalize(glm::vec3(unit(random), unit(random), unit(random)) + glm::vec3(1e-3f)));
    motion.scale = glm::vec3(1.0f) + 0.5f * glm::vec3(unit(random), unit(random), unit(random));
    FootIkState state;
    for (FootLock& lock : state.locks) {
      lock.locked = unit(random) > 0.0f;
      lock.locked_pivot_xz = {3.0f * unit(random), 3.0f * unit(random)};
      lock.offset_xz =
          unit(random) > -0.5f ? glm::vec2(unit(random), unit(random)) : glm::vec2(0.0f);
    }
    FootIkState expected = state;
    for (FootLock& lock : expected.locks) {
      if (lock.locked) {
        const glm::vec3 pivot = transform_point(
            motion, glm::vec3(lock.locked_pivot_xz.x, 0.0f, lock.locked_pivot_xz.y));
        lock.locked_pivot_xz = {pivot.x, pivot.z};
      }
      if (lock.offset_xz != glm::vec2(0.0f)) {
        const glm::vec3 shift =
            motion.rotation * glm::vec3(lock.offset_xz.x, 0.0f, lock.offset_xz.y);
        lock.offset_xz = {shift.x, shift.z};
      }
    }
    run_ground_under_locks(state, motion);
    for (std::size_t i = 0; i < state.locks.size(); ++i) {
      ASSERT_EQ(state.locks[i].locked_pivot_xz, expected.locks[i].locked_pivot_xz) << round;
      ASSERT_EQ(state.locks[i].offset_xz, expected.locks[i].offset_xz) << round;
    }
  }
}

TEST(FootIk, FlatGroundLeavesTheAnimationAsItIs) {
  const Biped b = make_biped();
  std::vector<Transform> animated = b.skeleton.rest_pose;
  animated[2].rotation = rotation_about(-20.0f, {1, 0, 0});  // left leg forward
  animated[3].rotation = rotation_about(25.0f, {1, 0, 0});   // and its knee bent
  FootIkState state;
  const Frame f = solve(b, Terrain{}, animated, state);
  for (std::size_t j = 0; j < animated.size(); ++j) {
    EXPECT_TRUE(vec3_near(f.local[j].translation, animated[j].translation, 1e-5f)) << j;
    EXPECT_TRUE(same_rotation(f.local[j].rotation, animated[j].rotation, 1e-6f)) << j;
  }
}

TEST(FootIk, SlopePutsHeelsAndToesOnTheGroundAndLowersThePelvis) {
  const Biped b = make_biped();
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  slope.slope_deg = 15.0f;
  slope.uphill_xz = {1.0f, 0.0f};  // the left foot (+X) stands higher than the right
  FootIkState state;
  FootIkDebug debug;
  const Frame f = solve(b, slope, b.skeleton.rest_pose, state, {}, {}, 0.0f, {}, &debug);
  expect_feet_on_ground(b, slope, f);
  // The right foot's ground is 0.1 * tan(15) = 2.7 cm low, and turning the foot to the slope
  // brings its ankle 8 cm * (1 - cos 15) = 2.7 mm lower still (about its heel, which moves
  // 8 cm * sin 15 = 2.1 cm sideways): the pelvis goes down at least that far.
  EXPECT_LT(debug.pelvis_offset_m, -0.0268f - 0.0027f + 1e-4f);
  EXPECT_NEAR(f.model[1][3].y, 0.95f + debug.pelvis_offset_m, 1e-5f);
  const glm::vec3 normal{-0.25881905f, 0.96592583f, 0.0f};
  for (const Leg& leg : b.rig.legs) {
    // Each foot's up axis (+Y in the rest pose) is the ground normal.
    EXPECT_TRUE(vec3_near(model_rotation(f.model[leg.foot]) * glm::vec3(0, 1, 0), normal, 1e-4f));
  }
  EXPECT_TRUE(debug.feet[0].reached && debug.feet[1].reached);
  EXPECT_TRUE(vec3_near(debug.feet[1].ground_normal, normal, 1e-5f));
  EXPECT_TRUE(vec3_near(debug.feet[1].ankle_target, glm::vec3(f.model[8][3]), 1e-4f));
}

TEST(FootIk, RaisedGroundKeepsTheAnimatedLift) {
  const Biped b = make_biped();
  std::vector<Transform> animated = b.skeleton.rest_pose;
  animated[2].rotation = rotation_about(-30.0f, {1, 0, 0});
  animated[3].rotation = rotation_about(45.0f, {1, 0, 0});
  std::vector<glm::mat4> anim_model(animated.size());
  ASSERT_TRUE(local_to_model(b.skeleton, animated, anim_model));
  const glm::vec3 heel = heel_point(b.rig.legs[0], anim_model);
  ASSERT_GT(heel.y, 0.05f);  // the left foot is in the air

  Terrain raised;
  raised.base_height_m = 0.3f;
  FootIkState state;
  const Frame f = solve(b, raised, animated, state);
  EXPECT_TRUE(vec3_near(heel_point(b.rig.legs[0], f.model), heel + glm::vec3(0, 0.3f, 0), 1e-4f));
  EXPECT_NEAR(heel_point(b.rig.legs[1], f.model).y, 0.3f, 1e-4f);
  EXPECT_NEAR(f.model[1][3].y, 0.95f + 0.3f, 1e-4f);
}

TEST(FootIk, PelvisFollowsAGroundChangeSmoothly) {
  const Biped b = make_biped();
  FootIkState state;
  solve(b, Terrain{}, b.skeleton.rest_pose, state);
  Terrain raised;
  raised.base_height_m = 0.1f;
  FootIkDebug debug;
  const Frame first =
      solve(b, raised, b.skeleton.rest_pose, state, {}, {}, 1.0f / 60.0f, {}, &debug);
  // One frame later the pelvis has only begun to rise, while the feet are already on the ground.
  EXPECT_GT(debug.pelvis_offset_m, 0.0f);
  EXPECT_LT(debug.pelvis_offset_m, 0.05f);
  expect_feet_on_ground(b, raised, first);
  for (int frame = 0; frame < 120; ++frame) solve(b, raised, b.skeleton.rest_pose, state);
  const Frame settled =
      solve(b, raised, b.skeleton.rest_pose, state, {}, {}, 1.0f / 60.0f, {}, &debug);
  EXPECT_NEAR(debug.pelvis_offset_m, 0.1f, 1e-3f);
  expect_feet_on_ground(b, raised, settled);

  // Ground that drops away pulls the pelvis down at once as far as the legs need to reach.
  Terrain lowered;
  lowered.base_height_m = -0.2f;
  const Frame dropped =
      solve(b, lowered, b.skeleton.rest_pose, state, {}, {}, 1.0f / 60.0f, {}, &debug);
  expect_feet_on_ground(b, lowered, dropped);
  EXPECT_LT(debug.pelvis_offset_m, -0.2f + 1e-4f);
}

TEST(FootIk, PlantedFootStaysWhereItLandedAndIsReleasedSmoothly) {
  const Biped b = make_biped();
  const Terrain flat;
  FootIkState state;
  Transform world;
  const std::array<bool, 2> left_planted{true, false};
  Frame f = solve(b, flat, b.skeleton.rest_pose, state, world, left_planted);
  const glm::vec3 landed = heel_point(b.rig.legs[0], f.model);
  // The character moves on 1 cm a frame while the pose stays: the planted foot must not slide.
  for (int frame = 1; frame <= 5; ++frame) {
    world.translation.z = 0.01f * static_cast<float>(frame);
    f = solve(b, flat, b.skeleton.rest_pose, state, world, left_planted);
    EXPECT_TRUE(vec3_near(world_point(world, heel_point(b.rig.legs[0], f.model)), landed, 1e-4f))
        << "frame " << frame;
    EXPECT_NEAR(world_point(world, toe_point(b.rig.legs[0], f.model)).z, landed.z + 0.12f, 1e-4f);
    // The free right foot goes with the character.
    EXPECT_NEAR(world_point(world, heel_point(b.rig.legs[1], f.model)).z, world.translation.z,
                1e-4f);
  }
  // Lifted: the foot returns to its animated place over a few frames, not in one.
  const float animated_z = world.translation.z;
  f = solve(b, flat, b.skeleton.rest_pose, state, world, {false, false});
  const float released_z = world_point(world, heel_point(b.rig.legs[0], f.model)).z;
  EXPECT_LT(released_z, landed.z + 0.5f * (animated_z - landed.z));
  EXPECT_GT(released_z, landed.z);
  for (int frame = 0; frame < 60; ++frame) solve(b, flat, b.skeleton.rest_pose, state, world);
  f = solve(b, flat, b.skeleton.rest_pose, state, world);
  EXPECT_NEAR(world_point(world, heel_point(b.rig.legs[0], f.model)).z, animated_z, 1e-4f);
}

TEST(FootIk, FootAcrossAStairEdgeRestsOnTheHigherTread) {
  const Biped b = make_biped();
  Terrain stairs;
  stairs.shape = TerrainShape::Stairs;
  stairs.step_depth_m = 0.4f;
  stairs.step_height_m = 0.15f;
  Transform world;
  world.translation.z = -0.06f;  // heels at z = -0.06 (lower tread), toes at 0.06 (upper tread)
  FootIkState state;
  const Frame f = solve(b, stairs, b.skeleton.rest_pose, state, world);
  for (const Leg& leg : b.rig.legs) {
    const glm::vec3 toe = world_point(world, toe_point(leg, f.model));
    const glm::vec3 heel = world_point(world, heel_point(leg, f.model));
    EXPECT_NEAR(toe.y, 0.0f, 1e-4f);
    EXPECT_NEAR(heel.y, 0.0f, 1e-4f);  // level with the toe, above the lower tread (-0.15)
  }
}

TEST(FootIk, ZeroWeightLeavesTheAnimationOnASlope) {
  const Biped b = make_biped();
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  FootIkSettings off;
  off.weight = 0.0f;
  FootIkState state;
  const Frame f = solve(b, slope, b.skeleton.rest_pose, state, {}, {}, 0.0f, off);
  for (std::size_t j = 0; j < f.local.size(); ++j) {
    EXPECT_TRUE(vec3_near(f.local[j].translation, b.skeleton.rest_pose[j].translation, 1e-6f));
    EXPECT_TRUE(same_rotation(f.local[j].rotation, b.skeleton.rest_pose[j].rotation, 1e-6f));
  }
}

TEST(FootIk, ValidateNamesTheBadJoint) {
  const Biped b = make_biped();
  EXPECT_EQ(validate(b.skeleton, b.rig), "");
  FootIkRig rig = b.rig;
  rig.pelvis = 6;  // the right thigh is not above the left thigh
  EXPECT_NE(validate(b.skeleton, rig).find("leg 0: pelvis joint 'thigh_r' is not above"),
            std::string::npos)
      << validate(b.skeleton, rig);
  rig = b.rig;
  rig.legs[0].toes = 3;
  EXPECT_NE(validate(b.skeleton, rig).find("toes joint 'calf_l' is not below the foot"),
            std::string::npos)
      << validate(b.skeleton, rig);
  rig = b.rig;
  rig.legs[1].calf = 42;
  EXPECT_NE(validate(b.skeleton, rig).find("leg 1: calf joint is out of range"), std::string::npos);
  rig = b.rig;
  rig.legs.clear();
  EXPECT_NE(validate(b.skeleton, rig).find("1 to 4 legs"), std::string::npos);
}

// The biped with its joints renamed as another rig would name them.
Skeleton renamed(std::vector<std::string> names) {
  Skeleton s = make_biped().skeleton;
  s.joint_names = std::move(names);
  return s;
}

void expect_biped_legs_found(const Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  ASSERT_TRUE(local_to_model(skeleton, skeleton.rest_pose, model));
  std::string error;
  const FootIkRig rig = find_biped_rig(skeleton, model, 0.0f, &error);
  ASSERT_EQ(rig.legs.size(), 2u) << error;
  EXPECT_EQ(rig.pelvis, 1);
  const int expected[2][4] = {{2, 3, 4, 5}, {6, 7, 8, 9}};
  for (int i = 0; i < 2; ++i) {
    const Leg& leg = rig.legs[static_cast<std::size_t>(i)];
    EXPECT_EQ(leg.thigh, expected[i][0]);
    EXPECT_EQ(leg.calf, expected[i][1]);
    EXPECT_EQ(leg.foot, expected[i][2]);
    EXPECT_EQ(leg.toes, expected[i][3]);
  }
  // The sole points are those make_leg measures: 8 cm below the ankle, 2 cm below the toes.
  EXPECT_TRUE(vec3_near(rig.legs[0].heel_in_foot, {0.0f, -0.08f, 0.0f}));
  EXPECT_TRUE(vec3_near(rig.legs[1].toe_in_toes, {0.0f, -0.02f, 0.0f}));
}

TEST(FootIk, FindsBipedLegsByCommonJointNames) {
  expect_biped_legs_found(make_biped().skeleton);  // thigh_l, calf_l, foot_l, toes_l
  expect_biped_legs_found(
      renamed({"mixamorig:Root", "mixamorig:Hips", "mixamorig:LeftUpLeg", "mixamorig:LeftLeg",
               "mixamorig:LeftFoot", "mixamorig:LeftToeBase", "mixamorig:RightUpLeg",
               "mixamorig:RightLeg", "mixamorig:RightFoot", "mixamorig:RightToeBase"}));
  expect_biped_legs_found(
      renamed({"Bip01", "Bip01 Pelvis", "Bip01 L Thigh", "Bip01 L Calf", "Bip01 L Foot",
               "Bip01 L Toe0", "Bip01 R Thigh", "Bip01 R Calf", "Bip01 R Foot", "Bip01 R Toe0"}));
  expect_biped_legs_found(renamed({"root", "pelvis", "thigh.L", "shin.L", "foot.L", "toe.L",
                                   "thigh.R", "shin.R", "foot.R", "toe.R"}));
  // No toe-named joint (as in the pab rigs): the foot's child stands for the toes.
  expect_biped_legs_found(
      renamed({"Hips", "Pelvis", "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftFootThumb1", "RightUpLeg",
               "RightLeg", "RightFoot", "RightFootThumb1"}));
}

TEST(FootIk, FindBipedRigNamesTheMissingJoint) {
  const Skeleton s = renamed({"root", "pelvis", "thigh_l", "calf_l", "heel_l", "toes_l", "thigh_r",
                              "calf_r", "foot_r", "toes_r"});
  std::vector<glm::mat4> model(s.rest_pose.size());
  ASSERT_TRUE(local_to_model(s, s.rest_pose, model));
  std::string error;
  EXPECT_TRUE(find_biped_rig(s, model, 0.0f, &error).legs.empty());
  EXPECT_EQ(error, "no left foot joint found by name");
  EXPECT_TRUE(find_biped_rig(s, std::span(model).first(3), 0.0f, &error).legs.empty());
  EXPECT_EQ(error, "the standing pose is not the skeleton's size");
}

TEST(FootIk, SolveRejectsEachBadArgument) {
  const Biped b = make_biped();
  std::vector<Transform> local = b.skeleton.rest_pose;
  std::vector<glm::mat4> model(local.size());
  std::vector<glm::mat4> short_model(3);
  FootIkState state;
  const FootIkSettings settings;
  const Terrain flat;
  const Transform world;
  const std::array<bool, 2> contacts{};
  const std::array<bool, 3> three_contacts{};
  auto run = [&](std::span<Transform> l, std::span<glm::mat4> m, std::span<const bool> c, float dt,
                 const Transform& w) {
    return solve_foot_ik(b.skeleton, b.rig, settings, flat, w, c, dt, state, l, m);
  };
  EXPECT_FALSE(run(std::span<Transform>(local).first(4), model, contacts, 0.01f, world));
  EXPECT_FALSE(run(local, short_model, contacts, 0.01f, world));
  EXPECT_FALSE(run(local, model, three_contacts, 0.01f, world));
  EXPECT_FALSE(run(local, model, contacts, -0.01f, world));
  EXPECT_FALSE(run(local, model, contacts, NAN, world));
  Transform bad_world;
  bad_world.translation.x = NAN;
  EXPECT_FALSE(run(local, model, contacts, 0.01f, bad_world));
  bad_world = {};
  bad_world.scale = glm::vec3(0.0f);
  EXPECT_FALSE(run(local, model, contacts, 0.01f, bad_world));
  EXPECT_FALSE(state.started);  // nothing was written
  EXPECT_TRUE(run(local, model, {}, 0.01f, world));
}

TEST(FootIk, SolveRejectsALegThatIsNotAChain) {
  const Biped b = make_biped();
  std::vector<Transform> local = b.skeleton.rest_pose;
  std::vector<glm::mat4> model(local.size());
  FootIkState state;
  FootIkRig rig = b.rig;
  std::swap(rig.legs[1].thigh, rig.legs[1].calf);  // the knee above the hip
  // Standing 10 cm above the ground, the pelvis would sink and the good left leg bend before
  // the right one is reached: the failure must come before any of that is written.
  Transform above_ground;
  above_ground.translation.y = 0.1f;
  const JobResult swapped =
      solve_foot_ik(b.skeleton, rig, {}, Terrain{}, above_ground, {}, 0.01f, state, local, model);
  ASSERT_FALSE(swapped);
  EXPECT_STREQ(swapped.error, "two-bone IK mid joint is not below the root");
  EXPECT_FALSE(state.started);
  EXPECT_EQ(state.pelvis_offset_m, 0.0f);
  for (std::size_t j = 0; j < local.size(); ++j) {
    EXPECT_EQ(local[j].translation, b.skeleton.rest_pose[j].translation) << "joint " << j;
    EXPECT_EQ(local[j].rotation, b.skeleton.rest_pose[j].rotation) << "joint " << j;
  }
  rig = b.rig;
  rig.legs[0].toes = b.skeleton.joint_count();
  const JobResult out_of_range =
      solve_foot_ik(b.skeleton, rig, {}, Terrain{}, Transform{}, {}, 0.01f, state, local, model);
  ASSERT_FALSE(out_of_range);
  EXPECT_STREQ(out_of_range.error, "foot IK: a leg's joints are invalid for this skeleton");
}

// Stride warping's shifts move each animated foot before it is fitted: on flat ground the
// ankles land where foot IK alone puts them, moved by the shifts (the pelvis coming down for the
// leg that must reach farther), the feet still on the ground.
TEST(FootIk, FootShiftsMoveTheFeetBeforeTheyAreFitted) {
  const Biped b = make_biped();
  const Terrain flat;
  FootIkState plain_state, shifted_state;
  const Frame plain = solve(b, flat, b.skeleton.rest_pose, plain_state);
  Frame shifted{b.skeleton.rest_pose, std::vector<glm::mat4>(b.skeleton.parents.size())};
  ASSERT_TRUE(local_to_model(b.skeleton, shifted.local, shifted.model));
  const std::array<glm::vec3, 2> shifts = {glm::vec3(0.0f, 0.0f, 0.15f),
                                           glm::vec3(0.0f, 0.0f, -0.1f)};
  const std::array<bool, 2> contacts = {};
  ASSERT_TRUE(solve_foot_ik_on_model(b.skeleton, b.rig, {}, GroundProber(flat), {}, contacts,
                                     1.0f / 60.0f, shifted_state, shifted.local, shifted.model,
                                     shifts));
  for (int i = 0; i < 2; ++i) {
    const int foot = b.rig.legs[static_cast<std::size_t>(i)].foot;
    EXPECT_TRUE(vec3_near(glm::vec3(shifted.model[foot][3]),
                          glm::vec3(plain.model[foot][3]) + shifts[static_cast<std::size_t>(i)],
                          1e-3f))
        << "leg " << i;
  }
  expect_feet_on_ground(b, flat, shifted);
  EXPECT_LT(shifted.model[b.rig.pelvis][3].y, plain.model[b.rig.pelvis][3].y - 0.005f);
  // One shift per leg, or none.
  EXPECT_FALSE(solve_foot_ik_on_model(b.skeleton, b.rig, {}, GroundProber(flat), {}, contacts, 0.0f,
                                      shifted_state, shifted.local, shifted.model,
                                      std::span<const glm::vec3>(shifts.data(), 1)));
}

// The biped with a belt hanging from the pelvis after its legs (joint 10), and a prop hanging
// from the root inserted at index prop_at (the joints from there on move up one): with the prop
// last (prop_at 11) the pelvis's joints are the range [1, 11), with it between the legs
// (prop_at 6) they are not one range.
Biped biped_with_belt_and_prop(int prop_at) {
  const Biped plain = make_biped();
  Skeleton from = plain.skeleton;
  from.joint_names.emplace_back("belt");
  from.parents.push_back(1);
  from.rest_pose.push_back({glm::vec3(0.0f, 0.1f, 0.15f)});
  from.inverse_bind.emplace_back(1.0f);
  auto moved = [&](int j) { return j < prop_at ? j : j + 1; };
  Biped b;
  Skeleton& s = b.skeleton;
  auto add = [&](const std::string& name, int parent, const Transform& local) {
    s.joint_names.push_back(name);
    s.parents.push_back(parent);
    s.rest_pose.push_back(local);
    s.inverse_bind.emplace_back(1.0f);
  };
  for (int j = 0; j <= from.joint_count(); ++j) {
    if (j == prop_at) add("prop", 0, {glm::vec3(0.0f, 0.5f, 0.3f)});
    if (j == from.joint_count()) break;
    const auto k = static_cast<std::size_t>(j);
    add(from.joint_names[k], from.parents[k] == kNoParent ? kNoParent : moved(from.parents[k]),
        from.rest_pose[k]);
  }
  std::vector<glm::mat4> model(s.rest_pose.size());
  EXPECT_TRUE(local_to_model(s, s.rest_pose, model));
  b.rig.pelvis = moved(1);
  for (const Leg& leg : plain.rig.legs) {
    b.rig.legs.push_back(
        make_leg(model, moved(leg.thigh), moved(leg.calf), moved(leg.foot), moved(leg.toes)));
  }
  return b;
}

// Lowering the pelvis moves every joint below it and no other, whether or not the skeleton
// stores them as one range (the prop after the legs, then between them).
TEST(FootIk, LoweredPelvisCarriesItsJointsWhereverTheSkeletonStoresThem) {
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  slope.slope_deg = 15.0f;
  slope.uphill_xz = {1.0f, 0.0f};
  for (const int prop_at : {11, 6}) {
    const Biped b = biped_with_belt_and_prop(prop_at);
    ASSERT_EQ(validate(b.skeleton), "");
    ASSERT_EQ(validate(b.skeleton, b.rig), "");
    FootIkState state;
    FootIkDebug debug;
    const Frame f = solve(b, slope, b.skeleton.rest_pose, state, {}, {}, 0.0f, {}, &debug);
    expect_feet_on_ground(b, slope, f);
    ASSERT_LT(debug.pelvis_offset_m, -0.02f);
    const int belt = prop_at == 11 ? 10 : 11;
    EXPECT_TRUE(vec3_near(position(f.model[static_cast<std::size_t>(belt)]),
                          glm::vec3(0.0f, 1.05f + debug.pelvis_offset_m, 0.15f), 1e-5f))
        << "prop at " << prop_at;
    EXPECT_TRUE(vec3_near(position(f.model[static_cast<std::size_t>(prop_at)]),
                          glm::vec3(0.0f, 0.5f, 0.3f), 1e-6f))
        << "prop at " << prop_at;
  }
}

}  // namespace
}  // namespace anim
