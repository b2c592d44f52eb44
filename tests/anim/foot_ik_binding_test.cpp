// A foot IK rig bound to its skeleton (bind_foot_ik_rig) skips the checks and subtree scans the
// solver otherwise makes every frame: it must solve bit for bit as the same rig unbound, and a
// rig changed since its bind must be checked again.
#include <array>
#include <initializer_list>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/foot_ik.h"
#include "anim/pose.h"
#include "anim/terrain.h"
#include "anim/transform.h"
#include "anim_expect.h"
#include "ik_biped.h"

namespace anim {
namespace {

using testing::Biped;
using testing::make_biped;

using testing::same_bits;

// Field by field: the structs' padding is no part of their value.
bool same_state(const FootIkState& a, const FootIkState& b) {
  bool same = a.started == b.started && same_bits(a.pelvis_offset_m, b.pelvis_offset_m) &&
              same_bits(a.pelvis_velocity, b.pelvis_velocity) &&
              same_bits(a.chest_offset_m, b.chest_offset_m) &&
              same_bits(a.chest_velocity, b.chest_velocity);
  for (std::size_t i = 0; i < a.locks.size(); ++i) {
    const FootLock& l = a.locks[i];
    const FootLock& m = b.locks[i];
    same = same && l.locked == m.locked && l.pivot_on_toe == m.pivot_on_toe &&
           same_bits(l.locked_pivot_xz, m.locked_pivot_xz) && same_bits(l.offset_xz, m.offset_xz) &&
           same_bits(l.offset_velocity, m.offset_velocity);
  }
  return same;
}

struct Solved {
  JobResult result;
  FootIkState state;
  FootIkDebug debug;
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
};

Solved solve(const Skeleton& skeleton, const FootIkRig& rig, const Terrain& terrain,
             const Transform& world, std::span<const bool> contacts, const FootIkState& state,
             const std::vector<Transform>& animated) {
  Solved run{JobResult::ok(),
             state,
             {},
             animated,
             std::vector<glm::mat4>(skeleton.parents.size(), glm::mat4(0.0f))};
  run.result = solve_foot_ik(skeleton, rig, FootIkSettings{}, terrain, world, contacts,
                             1.0f / 60.0f, run.state, run.local, run.model, &run.debug);
  return run;
}

void expect_same(const Solved& a, const Solved& b, int c) {
  ASSERT_TRUE(a.result) << a.result.error;
  ASSERT_TRUE(b.result) << b.result.error;
  for (std::size_t j = 0; j < a.local.size(); ++j) {
    EXPECT_TRUE(same_bits(a.local[j], b.local[j])) << "local " << j << " case " << c;
    EXPECT_TRUE(same_bits(a.model[j], b.model[j])) << "model " << j << " case " << c;
  }
  EXPECT_TRUE(same_state(a.state, b.state)) << "state, case " << c;
  EXPECT_TRUE(same_bits(a.debug.pelvis_offset_m, b.debug.pelvis_offset_m)) << "case " << c;
  for (std::size_t i = 0; i < a.debug.feet.size(); ++i) {
    const FootDebug& f = a.debug.feet[i];
    const FootDebug& g = b.debug.feet[i];
    EXPECT_TRUE(same_bits(f.heel_ground, g.heel_ground) && same_bits(f.toe_ground, g.toe_ground) &&
                same_bits(f.ground_normal, g.ground_normal) &&
                same_bits(f.ankle_target, g.ankle_target) &&
                same_bits(f.locked_point, g.locked_point) && f.in_contact == g.in_contact &&
                f.locked == g.locked && f.reached == g.reached)
        << "foot " << i << " case " << c;
  }
}

// The biped with props (joints 10 on) hung on the given parents: a prop on the pelvis alone
// ({1}) ends the pelvis's range of joints, one on the root before it ({0, 1}) splits the range;
// one on the right toes then one on the left thigh ({9, 2}) end the right leg's range and split
// the left leg's.
Biped biped_with_props(std::initializer_list<int> parents) {
  Biped b = make_biped();
  Skeleton& s = b.skeleton;
  for (const int parent : parents) {
    testing::add_joint(s, "prop_" + std::to_string(s.joint_count()), parent, {0.1f, 0.2f, 0.3f});
  }
  return b;
}

TEST(FootIkBinding, BindFillsTheBindingOfAValidRigOnly) {
  Biped b = make_biped();
  FootIkRig rig = b.rig;
  EXPECT_EQ(rig.binding.joint_count, 0);  // built by hand: unbound
  ASSERT_EQ(bind_foot_ik_rig(b.skeleton, rig), "");
  EXPECT_EQ(rig.binding.joint_count, 10);
  EXPECT_EQ(rig.binding.pelvis, 1);
  EXPECT_EQ(rig.binding.leg_count, 2);
  EXPECT_EQ(rig.binding.legs[1], (std::array<int, 4>{6, 7, 8, 9}));
  EXPECT_EQ(rig.binding.pelvis_subtree_end, 10);  // joints 1 to 9

  Biped pelvis_prop = biped_with_props({1});
  ASSERT_EQ(bind_foot_ik_rig(pelvis_prop.skeleton, pelvis_prop.rig), "");
  EXPECT_EQ(pelvis_prop.rig.binding.pelvis_subtree_end, 11);
  Biped props = biped_with_props({0, 1});
  ASSERT_EQ(bind_foot_ik_rig(props.skeleton, props.rig), "");
  EXPECT_EQ(props.rig.binding.pelvis_subtree_end, -1);
  EXPECT_EQ(rig.binding.thigh_subtree_ends[0], 6);  // joints 2 to 5
  EXPECT_EQ(rig.binding.thigh_subtree_ends[1], 10);
  Biped leg_props = biped_with_props({9, 2});
  ASSERT_EQ(bind_foot_ik_rig(leg_props.skeleton, leg_props.rig), "");
  EXPECT_EQ(leg_props.rig.binding.thigh_subtree_ends[0], -1);
  EXPECT_EQ(leg_props.rig.binding.thigh_subtree_ends[1], 11);

  FootIkRig bad = rig;  // bound, then broken: binding it again fails and unbinds it
  bad.legs[0].calf = 7;
  EXPECT_EQ(bind_foot_ik_rig(b.skeleton, bad), validate(b.skeleton, bad));
  EXPECT_NE(validate(b.skeleton, bad), "");
  EXPECT_EQ(bad.binding.joint_count, 0);
}

// Over random slopes, worlds, animated poses and lock states: the biped's two legs (solved as a
// pair), its right leg given twice (three legs, one by one), and the biped with a prop on the
// pelvis (moved with it, by the bound range alone), with props splitting the pelvis's range and
// with props on the legs (one recomputed with the right leg's range, one splitting the left's),
// each bound and unbound.
TEST(FootIkBinding, BoundRigsSolveBitForBitAsUnbound) {
  std::mt19937 rng(46);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const Biped biped = make_biped();
  const Biped pelvis_prop = biped_with_props({1});
  const Biped props = biped_with_props({0, 1});
  const Biped leg_props = biped_with_props({9, 2});
  FootIkRig three_legs = biped.rig;
  three_legs.legs.push_back(biped.rig.legs[1]);
  const std::array<const Skeleton*, 5> skeletons{&biped.skeleton, &biped.skeleton,
                                                 &pelvis_prop.skeleton, &props.skeleton,
                                                 &leg_props.skeleton};
  const std::array<FootIkRig, 5> unbound{biped.rig, three_legs, pelvis_prop.rig, props.rig,
                                         leg_props.rig};
  std::array<FootIkRig, 5> bound = unbound;
  for (std::size_t k = 0; k < bound.size(); ++k) {
    ASSERT_EQ(bind_foot_ik_rig(*skeletons[k], bound[k]), "");
  }
  for (int c = 0; c < 500; ++c) {
    const std::size_t k = static_cast<std::size_t>(c % 5);
    const Skeleton& skeleton = *skeletons[k];
    Terrain terrain;
    terrain.shape = static_cast<TerrainShape>(1 + c % 3);
    terrain.uphill_xz = {unit(rng), unit(rng) + 1.5f};
    terrain.slope_deg = 30.0f * unit(rng);
    terrain.rough_amplitude_m = 0.1f * (unit(rng) + 1.0f);
    ASSERT_EQ(validate(terrain), "");
    Transform world;
    world.translation = {2.0f * unit(rng), 0.1f * unit(rng), 2.0f * unit(rng)};
    world.rotation = glm::angleAxis(3.1f * unit(rng), glm::vec3(0.0f, 1.0f, 0.0f));
    world.scale = glm::vec3(1.0f + 0.3f * unit(rng));
    std::vector<Transform> animated = skeleton.rest_pose;
    animated[1].translation += glm::vec3(0.05f * unit(rng), 0.05f * unit(rng), 0.05f * unit(rng));
    for (std::size_t j = 2; j < animated.size(); ++j) {
      const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + 0.01f);
      animated[j].rotation = glm::angleAxis(0.5f * unit(rng), axis);
    }
    FootIkState state;
    state.started = c % 4 != 0;
    state.pelvis_offset_m = 0.05f * unit(rng);
    for (FootLock& lock : state.locks) {
      lock.locked = unit(rng) > 0.0f;
      lock.locked_pivot_xz = {unit(rng), unit(rng)};
    }
    const std::array<bool, 3> contacts{unit(rng) > 0.0f, unit(rng) > 0.0f, unit(rng) > 0.0f};
    const std::span<const bool> leg_contacts = std::span(contacts).first(unbound[k].legs.size());
    expect_same(solve(skeleton, bound[k], terrain, world, leg_contacts, state, animated),
                solve(skeleton, unbound[k], terrain, world, leg_contacts, state, animated), c);
    if (HasFailure()) break;
  }
}

// A bound rig whose joints change, or that meets another skeleton, is checked as an unbound one:
// a leg broken since the bind fails the solve as it fails the unbound rig's (writing nothing), a
// rig on a larger skeleton solves as unbound.
TEST(FootIkBinding, ARigChangedSinceItsBindIsCheckedAgain) {
  const Biped b = make_biped();
  FootIkRig rig = b.rig;
  ASSERT_EQ(bind_foot_ik_rig(b.skeleton, rig), "");
  const Terrain terrain;
  const std::vector<Transform>& animated = b.skeleton.rest_pose;
  for (const int calf : {7, 42}) {  // the other leg's calf (not below the thigh), out of range
    FootIkRig broken = rig;
    broken.legs[0].calf = calf;
    FootIkRig broken_unbound = broken;
    broken_unbound.binding = {};
    const Solved bound = solve(b.skeleton, broken, terrain, Transform{}, {}, {}, animated);
    const Solved unbound =
        solve(b.skeleton, broken_unbound, terrain, Transform{}, {}, {}, animated);
    ASSERT_FALSE(bound.result) << "calf " << calf;
    EXPECT_STREQ(bound.result.error, unbound.result.error);
    EXPECT_TRUE(same_state(bound.state, FootIkState{}));
    for (std::size_t j = 0; j < animated.size(); ++j) {
      EXPECT_TRUE(same_bits(bound.local[j], animated[j])) << "joint " << j;
    }
  }
  // On the biped with props (12 joints, the pelvis's not one range) the biped's binding is not
  // used: the solve matches the unbound rig's.
  const Biped props = biped_with_props({0, 1});
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  slope.slope_deg = 15.0f;
  expect_same(
      solve(props.skeleton, rig, slope, Transform{}, {}, {}, props.skeleton.rest_pose),
      solve(props.skeleton, props.rig, slope, Transform{}, {}, {}, props.skeleton.rest_pose), 0);
}

}  // namespace
}  // namespace anim
