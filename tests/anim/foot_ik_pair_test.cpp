// Foot IK places a biped's two feet side by side (in SSE lanes where the processor has them) and
// any other rig's feet one by one: the two must agree bit for bit.
#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "anim/foot_ik.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/terrain.h"
#include "anim/transform.h"
#include "anim/two_bone_ik.h"
#include "ik_biped.h"

namespace anim {
namespace {

using testing::Biped;
using testing::make_biped;

struct Solved {
  FootIkState state;
  FootIkDebug debug;
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
};

Solved solve(const Skeleton& skeleton, const FootIkRig& rig, const FootIkSettings& settings,
             const Terrain& terrain, const Transform& world, std::span<const bool> contacts,
             float dt_s, FootIkState state, std::vector<Transform> animated) {
  Solved run{state, {}, std::move(animated), std::vector<glm::mat4>(skeleton.parents.size())};
  const JobResult r = solve_foot_ik(skeleton, rig, settings, terrain, world, contacts, dt_s,
                                    run.state, run.local, run.model, &run.debug);
  EXPECT_TRUE(r) << r.error;
  return run;
}

void expect_same(const glm::vec3& a, const glm::vec3& b, const char* what, int c) {
  EXPECT_TRUE(a.x == b.x && a.y == b.y && a.z == b.z) << what << " case " << c;
}

void expect_same(const glm::vec4& a, const glm::vec4& b, const char* what, int c) {
  EXPECT_TRUE(a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w) << what << " case " << c;
}

void expect_same(const glm::vec2& a, const glm::vec2& b, const char* what, int c) {
  EXPECT_TRUE(a.x == b.x && a.y == b.y) << what << " case " << c;
}

void expect_same(const glm::quat& a, const glm::quat& b, const char* what, int c) {
  EXPECT_TRUE(a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w) << what << " case " << c;
}

// Case c of a random run: ground (slope, stairs or rough, by c) up to max_slope_deg, a world
// turned about +Y and scaled (every fourth case at unit scale, which foot IK's pelvis move
// takes without its division), and the biped's rest pose with joints first_turned on turned up
// to max_turn_rad about random axes.
struct RandomCase {
  Terrain terrain;
  Transform world;
  std::vector<Transform> animated;
};
RandomCase random_case(const Biped& b, int c, std::mt19937& rng, float max_slope_deg,
                       std::size_t first_turned, float max_turn_rad) {
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  RandomCase out;
  out.terrain.shape = static_cast<TerrainShape>(1 + c % 3);
  out.terrain.uphill_xz = {unit(rng), unit(rng) + 1.5f};
  out.terrain.slope_deg = max_slope_deg * unit(rng);
  out.world.translation = {unit(rng), 0.1f * unit(rng), unit(rng)};
  out.world.rotation = glm::angleAxis(3.1f * unit(rng), glm::vec3(0.0f, 1.0f, 0.0f));
  const float scale = 1.0f + 0.3f * unit(rng);
  out.world.scale = glm::vec3(c % 4 == 0 ? 1.0f : scale);
  out.animated = b.skeleton.rest_pose;
  for (std::size_t j = first_turned; j < out.animated.size(); ++j) {
    const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + 0.01f);
    out.animated[j].rotation = glm::angleAxis(max_turn_rad * unit(rng), axis);
  }
  return out;
}

// A 2-leg biped takes the side-by-side placement; the same biped with its right leg given
// twice (three legs) places its feet one by one. Its third leg is the second's, so its pelvis
// moves as the biped's and its left leg is solved the same: the feet's debug (ground points and
// normals, ankle targets, locked points), the pelvis, the locks and the left leg's rotations and
// matrices must be equal, over random slopes, stairs and rough ground, worlds, animated poses,
// lock states and settings.
TEST(FootIkPair, TwoFeetSideBySideMatchTheFeetOneByOne) {
  Biped b = make_biped();
  std::mt19937 rng(46);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  auto angle = [&](float max_rad) { return max_rad * unit(rng); };
  auto near = [&](float m) { return glm::vec3(m * unit(rng), m * unit(rng), m * unit(rng)); };
  const std::vector<Leg> legs = b.rig.legs;
  for (int c = 0; c < 400; ++c) {
    // Sole points off the joints' axes, so that every product of the points' transforms counts.
    for (std::size_t i = 0; i < 2; ++i) {
      b.rig.legs[i].heel_in_foot = legs[i].heel_in_foot + near(0.03f);
      b.rig.legs[i].toe_in_toes = legs[i].toe_in_toes + near(0.03f);
    }
    FootIkRig three_legs = b.rig;
    three_legs.legs.push_back(b.rig.legs[1]);
    Terrain terrain;
    terrain.shape = static_cast<TerrainShape>(1 + c % 3);
    terrain.base_height_m = 0.2f * unit(rng);
    terrain.uphill_xz = {unit(rng), unit(rng) + 1.5f};
    terrain.slope_deg = 30.0f * unit(rng);
    terrain.rough_amplitude_m = 0.1f * (unit(rng) + 1.0f);
    terrain.rough_wavelength_m = 1.0f + unit(rng) * 0.5f;
    ASSERT_EQ(validate(terrain), "");

    Transform world;
    world.translation = {2.0f * unit(rng), terrain.base_height_m + 0.1f * unit(rng),
                         2.0f * unit(rng)};
    world.rotation = glm::angleAxis(angle(3.1f), glm::vec3(0.0f, 1.0f, 0.0f));
    world.scale = glm::vec3(1.0f + 0.3f * unit(rng));

    std::vector<Transform> animated = b.skeleton.rest_pose;
    animated[1].translation += glm::vec3(0.05f * unit(rng), 0.05f * unit(rng), 0.05f * unit(rng));
    for (std::size_t j = 2; j < animated.size(); ++j) {
      const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + 0.01f);
      animated[j].rotation = glm::angleAxis(angle(0.5f), axis);
    }

    FootIkSettings settings;
    settings.align_to_ground = c % 5 != 0;
    settings.lock_feet = c % 7 != 0;
    settings.weight = c % 11 == 0 ? 0.5f : 1.0f;
    FootIkState state;
    state.started = c % 4 != 0;
    state.pelvis_offset_m = 0.05f * unit(rng);
    state.pelvis_velocity = 0.1f * unit(rng);
    for (std::size_t i = 0; i < 2; ++i) {
      FootLock& lock = state.locks[i];
      lock.locked = unit(rng) > 0.0f;
      lock.pivot_on_toe = unit(rng) > 0.0f;
      lock.locked_pivot_xz = {unit(rng), unit(rng)};
      lock.offset_xz = {0.05f * unit(rng), 0.05f * unit(rng)};
      lock.offset_velocity = {0.1f * unit(rng), 0.1f * unit(rng)};
    }
    FootIkState three_state = state;
    three_state.locks[2] = state.locks[1];
    const std::array<bool, 2> contacts{unit(rng) > 0.0f, unit(rng) > 0.0f};
    const std::array<bool, 3> three_contacts{contacts[0], contacts[1], contacts[1]};
    const float dt = c % 9 == 0 ? 0.0f : 1.0f / 60.0f;

    const Solved pair =
        solve(b.skeleton, b.rig, settings, terrain, world, contacts, dt, state, animated);
    const Solved each = solve(b.skeleton, three_legs, settings, terrain, world, three_contacts, dt,
                              three_state, animated);
    for (std::size_t i = 0; i < 2; ++i) {
      const FootDebug& p = pair.debug.feet[i];
      const FootDebug& e = each.debug.feet[i];
      expect_same(p.heel_ground, e.heel_ground, "heel ground", c);
      expect_same(p.toe_ground, e.toe_ground, "toe ground", c);
      expect_same(p.ground_normal, e.ground_normal, "ground normal", c);
      expect_same(p.ankle_target, e.ankle_target, "ankle target", c);
      expect_same(p.locked_point, e.locked_point, "locked point", c);
      EXPECT_EQ(p.in_contact, e.in_contact) << c;
      EXPECT_EQ(p.locked, e.locked) << c;
      expect_same(pair.state.locks[i].locked_pivot_xz, each.state.locks[i].locked_pivot_xz,
                  "locked pivot", c);
      expect_same(pair.state.locks[i].offset_xz, each.state.locks[i].offset_xz, "lock offset", c);
    }
    EXPECT_EQ(pair.debug.pelvis_offset_m, each.debug.pelvis_offset_m) << c;
    EXPECT_EQ(pair.state.pelvis_offset_m, each.state.pelvis_offset_m) << c;
    EXPECT_EQ(pair.state.pelvis_velocity, each.state.pelvis_velocity) << c;
    expect_same(pair.local[1].translation, each.local[1].translation, "pelvis", c);
    const Leg& left = b.rig.legs[0];
    for (const int j : {left.thigh, left.calf, left.foot}) {
      expect_same(pair.local[j].rotation, each.local[j].rotation, "left leg rotation", c);
      for (int k = 0; k < 4; ++k) expect_same(pair.model[j][k], each.model[j][k], "matrix", c);
    }
  }
}

// A released lock (its foot not planted, or feet not locked) springs its offset back to zero as
// the spring's formula does, bit for bit, whichever feet are planted: foot IK makes the spring's
// step before the feet, and only in frames where some lock is released.
TEST(FootIkPair, ReleasedLocksSpringBackAsTheFormula) {
  const Biped b = make_biped();
  std::mt19937 rng(4647);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  int released = 0;
  for (int c = 0; c < 300; ++c) {
    const auto [terrain, world, animated] = random_case(b, c, rng, 20.0f, 2, 0.3f);
    FootIkSettings settings;
    settings.lock_feet = c % 5 != 0;
    settings.lock_release_halflife_s = c % 9 == 0 ? 0.0f : 0.2f * (unit(rng) + 1.0f);
    FootIkState state;
    state.started = true;
    for (std::size_t i = 0; i < 2; ++i) {
      state.locks[i].locked = unit(rng) > 0.0f;
      state.locks[i].locked_pivot_xz = {unit(rng), unit(rng)};
      state.locks[i].offset_xz = {0.1f * unit(rng), 0.1f * unit(rng)};
      state.locks[i].offset_velocity = {0.5f * unit(rng), 0.5f * unit(rng)};
    }
    const std::array<bool, 2> contacts{c % 2 == 0, c % 3 == 0};
    const float dt = 0.02f * (unit(rng) + 1.0f);
    const Solved s =
        solve(b.skeleton, b.rig, settings, terrain, world, contacts, dt, state, animated);
    for (std::size_t i = 0; i < 2; ++i) {
      if (contacts[i] && settings.lock_feet) continue;
      ++released;
      glm::vec2 want{0.0f}, want_velocity{0.0f};
      const float halflife = settings.lock_release_halflife_s;
      if (halflife > 0.0f) {
        const glm::vec2 value = state.locks[i].offset_xz;
        const glm::vec2 velocity = state.locks[i].offset_velocity;
        const float y = 2.0f * 0.69314718f / halflife;
        const glm::vec2 j1 = velocity + value * y;
        const float decay = std::exp(-y * dt);
        want = decay * (value + j1 * dt) + glm::vec2(0.0f);
        want_velocity = decay * (velocity - j1 * y * dt);
      }
      expect_same(s.state.locks[i].offset_xz, want, "released offset", c);
      expect_same(s.state.locks[i].offset_velocity, want_velocity, "released velocity", c);
    }
  }
  EXPECT_GT(released, 200);
}

// How far leg's hip may rise and still reach target exactly, as foot IK's hip_headroom writes it
// (the reference for its legs side by side): the chain's exact reach (its soft start or its
// animated reach) against the target's distance across the ground from the hip.
float reference_headroom(const Leg& leg, std::span<const glm::mat4> model, const Transform& world,
                         const glm::vec3& target, float soft_fraction) {
  const glm::vec3 thigh = glm::vec3(model[leg.thigh][3]);
  const glm::vec3 calf = glm::vec3(model[leg.calf][3]);
  const glm::vec3 ankle = glm::vec3(model[leg.foot][3]);
  const glm::vec3 hip = transform_point(world, thigh);
  const float chain = world.scale.y * (glm::length(calf - thigh) + glm::length(ankle - calf));
  const float animated_reach = world.scale.y * glm::length(ankle - thigh);
  const float exact_reach = std::max(chain * (1.0f - soft_fraction), animated_reach);
  const glm::vec3 to_target = target - hip;
  const float across_sq = to_target.x * to_target.x + to_target.z * to_target.z;
  if (across_sq >= exact_reach * exact_reach) return 1e30f;
  return to_target.y + std::sqrt(exact_reach * exact_reach - across_sq);
}

// A first frame puts the pelvis at its goal, unsmoothed: the lowest foot's rise, capped by each
// leg's headroom. Recomputed here from the frame's ankle targets with the reference headroom, it
// must equal the solve's bit for bit, with feet shifted far enough by their locks (up to 60 cm)
// that the headroom often decides: rig's legs (two or four: a pair or two pairs side by side)
// over random slopes, worlds, poses and lock offsets.
void expect_pelvis_goals_of_reference(const Biped& b, const FootIkRig& rig) {
  const std::size_t legs = rig.legs.size();
  std::mt19937 rng(4646);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  int capped = 0;
  for (int c = 0; c < 400; ++c) {
    const auto [terrain, world, animated] = random_case(b, c, rng, 30.0f, 2, 0.4f);
    FootIkSettings settings;
    settings.soft_fraction = 0.05f * (unit(rng) + 1.0f);
    FootIkState state;
    for (std::size_t i = 0; i < legs; ++i) {
      state.locks[i].locked = true;
      state.locks[i].locked_pivot_xz = {unit(rng), unit(rng)};
      state.locks[i].offset_xz = {0.6f * unit(rng), 0.6f * unit(rng)};
    }
    const std::array<bool, kMaxFootIkLegs> contacts{};  // the locks release: their offsets stay
    const Solved s = solve(b.skeleton, rig, settings, terrain, world,
                           std::span(contacts).first(legs), 0.0f, state, animated);

    std::vector<glm::mat4> model(animated.size());
    ASSERT_TRUE(local_to_model(b.skeleton, animated, model));
    float goal = 1e30f;
    for (std::size_t i = 0; i < legs; ++i) {
      const glm::vec3 ankle = transform_point(world, glm::vec3(model[rig.legs[i].foot][3]));
      goal = std::min(goal, s.debug.feet[i].ankle_target.y - ankle.y);
    }
    const float rise = goal;
    for (std::size_t i = 0; i < legs; ++i) {
      goal =
          std::min(goal, reference_headroom(rig.legs[i], model, world, s.debug.feet[i].ankle_target,
                                            settings.soft_fraction));
    }
    capped += goal < rise;
    EXPECT_EQ(s.state.pelvis_offset_m, goal) << "case " << c;
  }
  EXPECT_GT(capped, 40);  // the headroom decided in a tenth of the cases at least
}

TEST(FootIkPair, PelvisGoalOfTheLegsSideBySideMatchesTheReference) {
  const Biped b = make_biped();
  expect_pelvis_goals_of_reference(b, b.rig);
}

// Four legs take their headrooms as two pairs: the biped's legs given twice, each with its own
// lock offset, so that every leg's target differs.
TEST(FootIkPair, PelvisGoalOfTwoPairsOfLegsMatchesTheReference) {
  const Biped b = make_biped();
  FootIkRig four_legs = b.rig;
  four_legs.legs.push_back(b.rig.legs[0]);
  four_legs.legs.push_back(b.rig.legs[1]);
  expect_pelvis_goals_of_reference(b, four_legs);
}

// The legs' two-bone IK goals as foot IK writes them (the reference for their SSE form): the
// ankle target in model space, the knee's pole from the hip-ankle line's middle toward the calf,
// the foot turned from +Y to the ground normal.
std::array<TwoBoneIkGoal, 2> reference_goals(const Biped& b, std::span<const glm::mat4> moved,
                                             std::span<const glm::mat4> animated,
                                             const Transform& world, const FootIkDebug& debug,
                                             float weight, float soft_fraction) {
  std::array<TwoBoneIkGoal, 2> goals;
  for (std::size_t i = 0; i < 2; ++i) {
    const Leg& leg = b.rig.legs[i];
    TwoBoneIkGoal& goal = goals[i];
    goal.target = transform_point(inverse(world), debug.feet[i].ankle_target);
    const glm::vec3 hip = glm::vec3(moved[leg.thigh][3]);
    const glm::vec3 ankle = glm::vec3(moved[leg.foot][3]);
    goal.pole = glm::vec3(moved[leg.calf][3]) - 0.5f * (hip + ankle) +
                1e-3f * glm::length(ankle - hip) * leg.knee_forward;
    const glm::vec3 n = debug.feet[i].ground_normal;
    const glm::vec3 up{0.0f, 1.0f, 0.0f};
    const glm::quat turn = glm::normalize(glm::quat(1.0f + glm::dot(up, n), glm::cross(up, n)));
    const glm::quat target_rotation = turn * (world.rotation * model_rotation(animated[leg.foot]));
    goal.end_rotation = glm::conjugate(world.rotation) * target_rotation;
    goal.position_weight = weight;
    goal.rotation_weight = weight;
    goal.soft_fraction = soft_fraction;
  }
  return goals;
}

// The legs' rotations after foot IK against two-bone IK applied with the reference goals to the
// pose with the pelvis moved as foot IK moves it (its offset turned into the model, every joint
// below it shifted): equal bit for bit, over random slopes, stairs, rough ground, worlds, poses
// and weights.
TEST(FootIkPair, LegsReachTheReferenceGoals) {
  const Biped b = make_biped();
  std::mt19937 rng(464);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int c = 0; c < 300; ++c) {
    const auto [terrain, world, animated] = random_case(b, c, rng, 25.0f, 1, 0.3f);
    FootIkSettings settings;
    settings.weight = c % 3 == 0 ? 0.6f : 1.0f;
    const std::array<bool, 2> contacts{c % 2 == 0, c % 4 == 1};
    const Solved s =
        solve(b.skeleton, b.rig, settings, terrain, world, contacts, 0.0f, {}, animated);

    std::vector<glm::mat4> model(animated.size());
    ASSERT_TRUE(local_to_model(b.skeleton, animated, model));
    const float weight = settings.weight;
    const glm::vec3 offset =
        glm::conjugate(world.rotation) *
        glm::vec3(0.0f, weight * s.state.pelvis_offset_m / world.scale.y, 0.0f);
    std::vector<glm::mat4> moved = model;
    for (std::size_t j = 1; j < moved.size(); ++j) moved[j][3] += glm::vec4(offset, 0.0f);
    std::vector<Transform> local = animated;
    local[1].translation += glm::inverse(glm::mat3(model[0])) * offset;
    const std::array<TwoBoneIkGoal, 2> goals =
        reference_goals(b, moved, model, world, s.debug, weight, settings.soft_fraction);
    std::array<TwoBoneIkJoints, 2> joints;
    for (std::size_t i = 0; i < 2; ++i) {
      const Leg& leg = b.rig.legs[i];
      joints[i] = {leg.thigh, leg.calf, leg.foot};
    }
    ASSERT_TRUE(apply_two_bone_ik_pair(b.skeleton, moved, local, joints, goals));
    expect_same(s.local[1].translation, local[1].translation, "pelvis", c);
    for (const TwoBoneIkJoints& leg : joints) {
      for (const int j : {leg.root, leg.mid, leg.end}) {
        expect_same(s.local[j].rotation, local[j].rotation, "leg rotation", c);
      }
    }
  }
}

}  // namespace
}  // namespace anim
