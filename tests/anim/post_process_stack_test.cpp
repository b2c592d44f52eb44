#include "anim/post_process_stack.h"

#include <array>
#include <vector>

#include <gtest/gtest.h>

#include "anim_expect.h"
#include "ik_biped.h"
#include "procedural_skeletons.h"

namespace anim {
namespace {

using testing::make_torso;
using testing::model_of;

// A look-at and a FABRIK chain on the same spine, neck and head: they do not commute (the
// look-at turns the head, FABRIK then moves it; or FABRIK bends the chain and the look-at turns
// it back toward its target).
std::vector<PostProcessEntry> two_entries() {
  PostProcessEntry look;
  look.kind = PostProcessKind::LookAt;
  for (int j : {1, 2, 3}) look.look_at.joints.push(j);
  look.look_at.weights = {0.2f, 0.3f, 0.5f};
  look.look_at_goal = {glm::vec3(1, 1.5f, 1), 1.5f};
  PostProcessEntry ik;
  ik.kind = PostProcessKind::MultiBoneIk;
  for (int j : {1, 2, 3}) ik.ik_chain.joints.push(j);
  ik.ik_goal.target = glm::vec3(0.3f, 1.6f, 0.2f);
  return {look, ik};
}

struct Posed {
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
};

Posed rest(const Skeleton& s) {
  return {s.rest_pose, model_of(s, s.rest_pose)};
}

Posed run_stack(const Skeleton& s, const std::vector<PostProcessEntry>& entries) {
  Posed p = rest(s);
  PostProcessState state;
  state.resize(entries.size(), s.rest_pose.size());
  EXPECT_TRUE(run_post_process(s, entries, glm::mat4(1.0f), 1.0f / 60.0f, state, p.local, p.model));
  return p;
}

void expect_same_pose(const Posed& a, const Posed& b) {
  for (std::size_t j = 0; j < a.local.size(); ++j) {
    EXPECT_TRUE(testing::same_rotation(a.local[j].rotation, b.local[j].rotation)) << j;
    EXPECT_TRUE(testing::mat4_near(a.model[j], b.model[j])) << j;
  }
}

TEST(PostProcessStack, RunsEntriesInTheirOrderAndTheOrderMatters) {
  const Skeleton s = make_torso();
  std::vector<PostProcessEntry> entries = two_entries();
  // By hand: look-at, then FABRIK.
  Posed by_hand = rest(s);
  ASSERT_TRUE(
      run_look_at(s, entries[0].look_at, entries[0].look_at_goal, by_hand.local, by_hand.model));
  ASSERT_TRUE(run_fabrik(s, entries[1].ik_chain, entries[1].ik_goal, by_hand.local, by_hand.model));
  const Posed look_first = run_stack(s, entries);
  expect_same_pose(look_first, by_hand);
  // Reversed: FABRIK, then look-at, which leaves the head aiming at the look-at target.
  std::swap(entries[0], entries[1]);
  Posed reversed = rest(s);
  ASSERT_TRUE(
      run_fabrik(s, entries[0].ik_chain, entries[0].ik_goal, reversed.local, reversed.model));
  ASSERT_TRUE(
      run_look_at(s, entries[1].look_at, entries[1].look_at_goal, reversed.local, reversed.model));
  const Posed ik_first = run_stack(s, entries);
  expect_same_pose(ik_first, reversed);
  EXPECT_GT(
      glm::distance(testing::position(look_first.model, 3), testing::position(ik_first.model, 3)),
      0.01f);
}

TEST(PostProcessStack, SoloPlaysOnlyTheSoloedAndMuteSkips) {
  const Skeleton s = make_torso();
  std::vector<PostProcessEntry> entries = two_entries();
  Posed ik_alone = rest(s);
  ASSERT_TRUE(
      run_fabrik(s, entries[1].ik_chain, entries[1].ik_goal, ik_alone.local, ik_alone.model));
  Posed look_alone = rest(s);
  ASSERT_TRUE(run_look_at(s, entries[0].look_at, entries[0].look_at_goal, look_alone.local,
                          look_alone.model));
  entries[1].solo = true;
  expect_same_pose(run_stack(s, entries), ik_alone);
  entries[1].solo = false;
  entries[0].mute = true;
  expect_same_pose(run_stack(s, entries), ik_alone);
  entries[0].mute = false;
  entries[1].mute = true;
  expect_same_pose(run_stack(s, entries), look_alone);
  // A muted solo does not silence the others.
  entries[1].solo = true;
  expect_same_pose(run_stack(s, entries), look_alone);
}

TEST(PostProcessStack, AWeightBlendsAgainstThePoseBefore) {
  const Skeleton s = make_torso();
  std::vector<PostProcessEntry> entries = two_entries();
  entries.resize(1);
  entries[0].weight = 0.25f;
  Posed full = rest(s);
  ASSERT_TRUE(run_look_at(s, entries[0].look_at, entries[0].look_at_goal, full.local, full.model));
  const Posed quarter = run_stack(s, entries);
  for (int j : {1, 2, 3}) {
    EXPECT_TRUE(testing::same_rotation(
        quarter.local[j].rotation, nlerp(s.rest_pose[j].rotation, full.local[j].rotation, 0.25f)));
  }
  EXPECT_TRUE(testing::mat4_near(quarter.model[3], model_of(s, quarter.local)[3]));
  entries[0].weight = 1.5f;
  Posed p = rest(s);
  PostProcessState state;
  state.resize(1, p.local.size());
  EXPECT_FALSE(run_post_process(s, entries, glm::mat4(1.0f), 0.0f, state, p.local, p.model));
  state.resize(2, p.local.size());
  entries[0].weight = 1.0f;
  EXPECT_FALSE(run_post_process(s, entries, glm::mat4(1.0f), 0.0f, state, p.local, p.model));
}

TEST(PostProcessStack, AMutedSpringStartsAfreshWhenItComesBack) {
  const Skeleton s = make_torso();
  PostProcessEntry spring;
  spring.kind = PostProcessKind::Spring;
  for (int j = 4; j < 10; ++j) spring.spring_chain.push(j);
  std::vector<PostProcessEntry> entries{spring};
  PostProcessState state;
  state.resize(1, s.rest_pose.size());
  Posed p = rest(s);
  ASSERT_TRUE(run_post_process(s, entries, glm::mat4(1.0f), 0.1f, state, p.local, p.model));
  EXPECT_TRUE(state.springs[0].started);
  entries[0].mute = true;
  ASSERT_TRUE(run_post_process(s, entries, glm::mat4(1.0f), 0.1f, state, p.local, p.model));
  EXPECT_FALSE(state.springs[0].started);
}

// The ik_biped with a spine (10) and a head (11) above its pelvis, a look-at that turns the
// pelvis, spine and head toward a target off to the side, and a slope foot IK fits the feet to:
// foot IK moves the pelvis (down) and the feet, the look-at turns the legs with the pelvis, so
// the two do not commute.
struct FootAndLook {
  testing::Biped biped = testing::make_biped();
  Terrain slope;
  GroundProber slope_ground{slope};
  std::array<bool, 2> contacts{true, false};
  FootIkSettings settings;
  std::vector<PostProcessEntry> entries;

  FootAndLook() {
    Skeleton& s = biped.skeleton;
    testing::add_joint(s, "spine", 1, {0, 0.5f, 0});
    testing::add_joint(s, "head", 10, {0, 0.3f, 0});
    slope.shape = TerrainShape::Slope;
    slope.slope_deg = 15.0f;
    slope.uphill_xz = {1.0f, 0.0f};
    slope_ground = GroundProber(slope);
    entries.resize(2);
    entries[0].kind = PostProcessKind::FootIk;
    entries[1].kind = PostProcessKind::LookAt;
    for (int j : {1, 10, 11}) entries[1].look_at.joints.push(j);
    entries[1].look_at.weights = {0.4f, 0.3f, 0.3f};
    entries[1].look_at_goal = {glm::vec3(2.0f, 1.2f, 1.0f), 1.5f};
  }
  FootIkContext context(FootIkState& state, FootIkDebug* debug = nullptr) const {
    FootIkContext c;
    c.enabled = true;
    c.rig = &biped.rig;
    c.settings = &settings;
    c.ground = &slope_ground;
    c.contacts = contacts;
    c.state = &state;
    c.debug = debug;
    return c;
  }
  Posed by_hand(bool foot_ik_first) const {
    const Skeleton& s = biped.skeleton;
    Posed p = rest(s);
    FootIkState state;
    const PostProcessEntry& look =
        entries[0].kind == PostProcessKind::LookAt ? entries[0] : entries[1];
    const auto foot = [&] {
      EXPECT_TRUE(solve_foot_ik_on_model(s, biped.rig, settings, slope_ground, {}, contacts, 0.0f,
                                         state, p.local, p.model, {}));
    };
    if (foot_ik_first) foot();
    EXPECT_TRUE(run_look_at(s, look.look_at, look.look_at_goal, p.local, p.model));
    if (!foot_ik_first) foot();
    return p;
  }
  Posed stack(PostProcessState* kept = nullptr) const {
    const Skeleton& s = biped.skeleton;
    Posed p = rest(s);
    FootIkState foot_state;
    const FootIkContext foot = context(foot_state);
    PostProcessFrame frame;
    frame.foot_ik = &foot;
    PostProcessState own;
    PostProcessState& state = kept ? *kept : own;
    state.resize(entries, p.local.size());
    EXPECT_TRUE(run_post_process(s, entries, frame, state, p.local, p.model));
    return p;
  }
};

TEST(PostProcessStack, FootIkIsAnEntryWhoseOrderChangesTheResultAsTheOrderSays) {
  FootAndLook f;
  const Posed foot_first = f.stack();
  expect_same_pose(foot_first, f.by_hand(true));
  std::swap(f.entries[0], f.entries[1]);
  const Posed look_first = f.stack();
  expect_same_pose(look_first, f.by_hand(false));
  // Foot IK last leaves the left foot on the slope; foot IK first lets the look-at's pelvis turn
  // swing it off.
  EXPECT_GT(
      glm::distance(testing::position(foot_first.model, 4), testing::position(look_first.model, 4)),
      0.01f);
}

TEST(PostProcessStack, TheFootIkEntryIsSkippedWhenMutedSoloedOutOrOffAndItsDebugCleared) {
  FootAndLook f;
  const Skeleton& s = f.biped.skeleton;
  Posed look_alone = rest(s);
  ASSERT_TRUE(run_look_at(s, f.entries[1].look_at, f.entries[1].look_at_goal, look_alone.local,
                          look_alone.model));
  const auto run = [&](bool enabled) {
    Posed p = rest(s);
    FootIkState foot_state;
    FootIkDebug debug;
    debug.leg_count = 7;  // stale
    debug.pelvis_offset_m = 0.5f;
    debug.feet[1].ankle_target = {1.0f, 2.0f, 3.0f};
    FootIkContext foot = f.context(foot_state, &debug);
    foot.enabled = enabled;
    PostProcessFrame frame;
    frame.foot_ik = &foot;
    PostProcessState state;
    state.resize(f.entries, p.local.size());
    EXPECT_TRUE(run_post_process(s, f.entries, frame, state, p.local, p.model));
    EXPECT_EQ(debug.leg_count, foot_ik_runs(f.entries, frame) ? 2 : 0);
    if (!foot_ik_runs(f.entries, frame)) {
      EXPECT_EQ(debug.pelvis_offset_m, 0.0f);
      EXPECT_EQ(debug.feet[1].ankle_target, glm::vec3(0.0f));
    }
    return p;
  };
  f.entries[0].mute = true;
  expect_same_pose(run(true), look_alone);
  f.entries[0].mute = false;
  f.entries[1].solo = true;
  expect_same_pose(run(true), look_alone);
  f.entries[1].solo = false;
  expect_same_pose(run(false), look_alone);
  // On again, it runs: the result is the jobs' by hand.
  expect_same_pose(run(true), f.by_hand(true));
}

TEST(PostProcessStack, AGhostIsThePoseWithItsEntryAndThoseAfterMuted) {
  FootAndLook f;
  f.entries[1].ghost = true;
  PostProcessState state;
  const Posed live = f.stack(&state);
  ASSERT_EQ(state.ghost(0).size(), 0u);
  ASSERT_EQ(state.ghost(1).size(), live.model.size());
  FootAndLook muted;
  muted.entries[1].mute = true;
  const Posed before_look = muted.stack();
  for (std::size_t j = 0; j < live.model.size(); ++j) {
    EXPECT_TRUE(testing::mat4_near(state.ghost(1)[j], before_look.model[j], 1e-6f)) << j;
  }
  // The ghost differs from the live pose: the look-at turned the head.
  EXPECT_FALSE(testing::mat4_near(state.ghost(1)[11], live.model[11], 1e-3f));
  // A ghost before the first entry is the pose the stack started from.
  f.entries[0].ghost = true;
  f.stack(&state);
  const Posed start = rest(f.biped.skeleton);
  for (std::size_t j = 0; j < live.model.size(); ++j) {
    EXPECT_TRUE(testing::mat4_near(state.ghost(0)[j], start.model[j], 1e-6f)) << j;
  }
}

}  // namespace
}  // namespace anim
