// The whole frame of one character on a two-joint rig whose answers are known by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "anim/character_instance.h"
#include "in_place_walker.h"

namespace {

using namespace anim;

constexpr float kPi = 3.14159265f;

// hips (root, 1 m up) -> leg (0.5 m below the hips).
Skeleton make_rig() {
  Skeleton s;
  s.joint_names = {"hips", "leg"};
  s.parents = {kNoParent, 0};
  Transform hips;
  hips.translation = {0, 1, 0};
  Transform leg;
  leg.translation = {0, -0.5f, 0};
  s.rest_pose = {hips, leg};
  s.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
  return s;
}

// The hips move forward (+z) at speed_m_s over a 1 s loop; the leg swings about x by
// leg_angle_rad for the whole clip.
Clip make_clip(const std::string& name, float speed_m_s, float leg_angle_rad) {
  Clip c;
  c.name = name;
  c.duration_s = 1.0f;
  JointTrack hips;
  hips.joint_name = "hips";
  hips.translation.times_s = {0.0f, 1.0f};
  hips.translation.values = {{0, 1, 0}, {0, 1, speed_m_s}};
  JointTrack leg;
  leg.joint_name = "leg";
  leg.rotation.times_s = {0.0f, 1.0f};
  const glm::quat q = glm::angleAxis(leg_angle_rad, glm::vec3(1, 0, 0));
  leg.rotation.values = {q, q};
  c.tracks = {hips, leg};
  return c;
}

// Clip 0's state `from`, then clip 1's `to` when trigger fires, blended over duration_s.
StateMachine from_to(const std::string& from, const std::string& to, int trigger, float duration_s,
                     TransitionBlend blend) {
  StateMachine machine;
  machine.states = {{from, StateKind::Clip, 0}, {to, StateKind::Clip, 1}};
  Transition t;
  t.source = 0;
  t.target = 1;
  t.conditions = {{trigger, ConditionOp::Trigger, 0.0f}};
  t.duration = duration_s;
  t.blend = blend;
  machine.transitions = {t};
  return machine;
}

// walk -> kick when the trigger kick fires, a smooth 0.4 s crossfade.
StateMachine walk_then_kick(int kick) {
  return from_to("walk", "kick", kick, 0.4f, TransitionBlend::CrossfadeSmooth);
}

struct Fixture {
  Skeleton skeleton = make_rig();
  std::vector<Clip> clips = {make_clip("walk", 1.0f, 0.0f), make_clip("kick", 0.0f, kPi / 2)};
  Parameters parameters;
  Terrain flat;
  BoundCharacter character;
  GraphBinding graph;

  // Binds the clips in storage and the graph, then starts instance on them: "" or the cause.
  std::string play(CharacterInstance& instance, std::vector<BlendSpaceBinding> spaces,
                   const StateMachine* machine, std::vector<LayerBinding> layers,
                   const BindOptions& storage = {}) {
    if (std::string e = bind_character(skeleton, clips, storage, character); !e.empty()) return e;
    graph = {};
    graph.blend_spaces = std::move(spaces);
    graph.layers = std::move(layers);
    graph.has_machine = machine != nullptr;
    if (machine) graph.machine = *machine;
    if (std::string e = bind_graph(character, parameters, graph); !e.empty()) return e;
    return instance.bind(character, graph);
  }

  // Plays walk_then_kick on instance; kick receives the trigger parameter's index.
  std::string play_walk_then_kick(CharacterInstance& instance, int& kick) {
    kick = parameters.add("kick", ParameterType::Trigger);
    const StateMachine machine = walk_then_kick(kick);
    return play(instance, {}, &machine, {});
  }
};

// A 1D blend space from walk (at 0) to kick (at 1) along the parameter speed.
BlendSpaceBinding walk_to_kick(int speed) {
  BlendSpaceBinding space;
  space.name = "walk to kick";
  space.one_dimensional = true;
  space.clips = {0, 1};
  space.positions = {{0, 0}, {1, 0}};
  space.x_parameter = speed;
  return space;
}

// An external source of pose showing clip, with the step of the next update and the velocity
// it asks (none by default).
ExternalPose external_pose(std::span<const Transform> pose, int clip,
                           const RootMotionDelta& step = {},
                           std::optional<glm::vec3> requested_velocity_mps = std::nullopt) {
  ExternalPose source;
  source.pose = pose;
  source.step = step;
  source.clip = clip;
  source.requested_velocity_mps = requested_velocity_mps;
  return source;
}

float leg_angle(const CharacterInstance& player) {
  return glm::angle(player.local_pose()[1].rotation);
}

// The in-place walker bound with its one clip, played by a machine's single state "walk".
struct WalkerPlayingOneState {
  anim::testing::InPlaceWalker w;
  BoundCharacter character;
  Parameters parameters;
  GraphBinding graph;

  // Binds player to the walker's graph; an error message, or "".
  std::string bind(CharacterInstance& player) {
    if (std::string error = anim::testing::bind_walker(w, {w.clip}, character); !error.empty()) {
      return error;
    }
    graph.has_machine = true;
    graph.machine.states = {{"walk", StateKind::Clip, 0}};
    if (std::string error = bind_graph(character, parameters, graph); !error.empty()) return error;
    return player.bind(character, graph);
  }
};

}  // namespace

TEST(CharacterInstance, PreviewInPlaceKeepsTheHipsOverTheOriginAndTheWorldStill) {
  Fixture f;
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {}, nullptr, {}), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::InPlace;
  ASSERT_EQ(player.set_settings(settings), "");
  for (int i = 1; i <= 10; ++i) {
    player.set_preview(0, 0.25f * i);
    ASSERT_TRUE(player.update(0.25f, f.parameters, f.flat));
    const glm::vec3 hips(player.model_pose()[0][3]);
    EXPECT_NEAR(hips.z, 0.0f, 1e-5f) << "frame " << i;
    EXPECT_NEAR(hips.y, 1.0f, 1e-5f);  // height is not extracted by default
  }
  EXPECT_NEAR(player.world().translation.z, 0.0f, 1e-6f);
}

TEST(CharacterInstance, AppliedRootMotionAccumulatesAcrossLoopsWithoutSnappingBack) {
  Fixture f;
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {}, nullptr, {}), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  // 2.5 s of a 1 m/s loop in 0.1 s steps: the world moves 2.5 m, through two wraps.
  float previous_z = 0.0f;
  ASSERT_EQ(player.set_settings(settings), "");
  for (int i = 1; i <= 25; ++i) {
    player.set_preview(0, 0.1f * i);
    ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
    EXPECT_GT(player.world().translation.z, previous_z - 1e-6f) << "snapped back at frame " << i;
    previous_z = player.world().translation.z;
  }
  EXPECT_NEAR(player.world().translation.z, 2.5f, 1e-3f);
  player.reset_world();
  EXPECT_EQ(player.world().translation, glm::vec3(0.0f));
}

// A spring chain hangs by the world's gravity (the world matrix reaches it): a character lying
// on its side (its world turned a quarter about +z) has its leg swing toward the world's down, the
// hips turning after it, while upright the leg hangs as the clip puts it.
TEST(CharacterInstance, ASpringChainHangsByTheWorldsGravity) {
  PostProcessEntry spring;
  spring.kind = PostProcessKind::Spring;
  spring.spring_chain.push(0);
  spring.spring_chain.push(1);
  spring.spring.frequency_hz = 1.0f;  // soft: gravity / w^2 is 0.25 m, half the leg
  std::vector<glm::quat> hips;
  for (const float turn_rad : {0.0f, kPi / 2}) {
    Fixture f;
    CharacterInstance player;
    ASSERT_EQ(f.play(player, {}, nullptr, {}), "");
    player.set_post_process(std::span<const PostProcessEntry>(&spring, 1));
    Transform world;
    world.rotation = glm::angleAxis(turn_rad, glm::vec3(0, 0, 1));
    player.set_world(world);
    for (int i = 1; i <= 10; ++i) {
      player.set_preview(0, 0.05f * static_cast<float>(i));
      ASSERT_TRUE(player.update(0.05f, f.parameters, f.flat));
    }
    hips.push_back(player.local_pose()[0].rotation);  // turned toward the simulated leg
  }
  EXPECT_GT(std::abs(glm::dot(hips[0], glm::quat(1, 0, 0, 0))), 1.0f - 1e-5f);  // straight down
  EXPECT_LT(std::abs(glm::dot(hips[1], glm::quat(1, 0, 0, 0))), 0.99f);         // swung
}

// The instance keeps the ground it worked out for the last frame's terrain: a terrain edited in
// place between frames (the viewer's terrain panel) must still move the character onto it.
TEST(CharacterInstance, StandsOnTheTerrainOfEachFrameWhenTheTerrainIsEditedInPlace) {
  Fixture f;
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {}, nullptr, {}), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  ASSERT_EQ(player.set_settings(settings), "");
  Terrain ground;
  ground.shape = TerrainShape::Slope;
  ground.slope_deg = 45.0f;  // uphill along +z: height = z
  for (int i = 1; i <= 10; ++i) {
    player.set_preview(0, 0.1f * i);
    ASSERT_TRUE(player.update(0.1f, f.parameters, ground));
  }
  EXPECT_NEAR(player.world().translation.z, 1.0f, 1e-3f);
  EXPECT_NEAR(player.world().translation.y, 1.0f, 1e-3f);
  ground.slope_deg = -45.0f;  // now downhill along +z: height = -z
  player.set_preview(0, 1.1f);
  ASSERT_TRUE(player.update(0.1f, f.parameters, ground));
  EXPECT_NEAR(player.world().translation.y, -1.1f, 1e-3f);
  ground.shape = TerrainShape::Flat;
  ground.base_height_m = 0.5f;
  player.set_preview(0, 1.2f);
  ASSERT_TRUE(player.update(0.1f, f.parameters, ground));
  EXPECT_FLOAT_EQ(player.world().translation.y, 0.5f);
}

TEST(CharacterInstance, MachineCrossfadeBlendsTheTwoClipsByTheTransitionWeight) {
  Fixture f;
  int kick = -1;
  CharacterInstance player;
  ASSERT_EQ(f.play_walk_then_kick(player, kick), "");
  CharacterSettings settings;
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), 0.0f, 1e-5f);
  f.parameters.fire(kick);
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));  // fires; progress 0
  EXPECT_EQ(player.machine().active_state(), 1);
  EXPECT_EQ(f.parameters.get(kick), 0.0f) << "the trigger is consumed";
  ASSERT_TRUE(player.update(0.2f, f.parameters, f.flat));  // half way: weight 0.5
  // nlerp of 0 and 90 degrees with equal weights is exactly 45 degrees.
  EXPECT_NEAR(leg_angle(player), kPi / 4, 1e-3f);
  ASSERT_TRUE(player.update(0.3f, f.parameters, f.flat));  // done
  EXPECT_NEAR(leg_angle(player), kPi / 2, 1e-4f);
}

TEST(CharacterInstance, AMachineAddedByAGraphEditCrossfadesLikeOneBoundWithIt) {
  // Bound with a blend space only (no machine poses), then edited into the two-state machine:
  // the crossfade half way is the same 45 degrees.
  Fixture f;
  const int speed = f.parameters.add("speed", ParameterType::Float);
  const int kick = f.parameters.add("kick", ParameterType::Trigger);
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {walk_to_kick(speed)}, nullptr, {}), "");
  CharacterSettings settings;
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  GraphBinding edited = f.graph;
  edited.has_machine = true;
  edited.machine = walk_then_kick(kick);
  ASSERT_EQ(bind_graph(f.character, f.parameters, edited), "");
  ASSERT_EQ(player.set_graph(edited), "");
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), 0.0f, 1e-5f);
  f.parameters.fire(kick);
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  ASSERT_TRUE(player.update(0.2f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), kPi / 4, 1e-3f);
}

TEST(CharacterInstance, ARebindWithAnAddedClipKeepsThePlaceTheStateAndItsTime) {
  Fixture f;
  int kick = -1;
  CharacterInstance player;
  ASSERT_EQ(f.play_walk_then_kick(player, kick), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  ASSERT_EQ(player.set_settings(settings), "");
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  f.parameters.fire(kick);
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  ASSERT_EQ(player.machine().active_state(), 1);
  const float phase = player.machine().active_normalized_time();
  const glm::vec3 place = player.world().translation;
  ASSERT_GT(place.z, 0.3f);  // walked half a second at 1 m/s before the kick

  // The clips again with one more, bound anew (what adding a clip file does).
  std::vector<Clip> more = f.clips;
  more.push_back(make_clip("run", 3.0f, 0.0f));
  BoundCharacter rebuilt;
  ASSERT_EQ(bind_character(f.skeleton, more, {}, rebuilt), "");
  GraphBinding graph = f.graph;
  ASSERT_EQ(bind_graph(rebuilt, f.parameters, graph), "");
  ASSERT_EQ(player.rebind(rebuilt, graph), "");
  EXPECT_EQ(player.character(), &rebuilt);
  EXPECT_EQ(player.machine().active_state(), 1);
  EXPECT_NEAR(player.machine().active_normalized_time(), phase, 1e-6f);
  EXPECT_EQ(player.world().translation, place);
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), kPi / 2, 1e-4f);  // still kicking, not back to walking
  // A character that is not bound is refused, and the instance plays on as it was.
  BoundCharacter unbound;
  ASSERT_EQ(bind_character(f.skeleton, more, {}, unbound), "");
  unbound.bindings.pop_back();
  EXPECT_EQ(player.rebind(unbound, graph), "the character is not bound");
  EXPECT_EQ(player.character(), &rebuilt);
  EXPECT_EQ(player.machine().active_state(), 1);
}

TEST(CharacterInstance, MaskedOverrideLayerChangesOnlyTheMaskedJoint) {
  Fixture f;
  LayerBinding layer;
  layer.layer.name = "kick on leg";
  layer.layer.mode = LayerMode::Override;
  layer.layer.weight = 1.0f;
  layer.layer.joint_mask = {0.0f, 1.0f};
  layer.clip = 1;
  std::vector<LayerBinding> layers = {layer};
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {}, nullptr, layers), "");
  CharacterSettings settings;
  player.set_preview(0, 0.5f);
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), kPi / 2, 1e-4f);
  // The hips still follow the base clip (in place: z removed, y kept).
  EXPECT_NEAR(player.local_pose()[0].translation.y, 1.0f, 1e-5f);
}

TEST(CharacterInstance, PalettesAreModelTimesInverseBind) {
  Fixture f;
  f.skeleton.inverse_bind[1] =
      glm::inverse(glm::mat4(1.0f) * glm::mat4(glm::vec4(1, 0, 0, 0), glm::vec4(0, 1, 0, 0),
                                               glm::vec4(0, 0, 1, 0), glm::vec4(0, 0.5f, 0, 1)));
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {}, nullptr, {}), "");
  player.set_preview(1, 0.0f);
  ASSERT_TRUE(player.update(0.0f, f.parameters, f.flat));
  const glm::mat4 expected = player.model_pose()[1] * f.skeleton.inverse_bind[1];
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      EXPECT_NEAR(player.skinning_matrices()[1][c][r], expected[c][r], 1e-6f);
  // The dual quaternion moves a point as the matrix does (the pose is rigid).
  const glm::vec3 p(0.1f, 0.2f, 0.3f);
  const glm::vec3 by_matrix(expected * glm::vec4(p, 1.0f));
  const glm::vec3 by_dq = transform_point(player.skinning_dual_quats()[1], p);
  EXPECT_NEAR(glm::length(by_matrix - by_dq), 0.0f, 1e-5f);
}

// A pose made outside the graph plays instead of the machine, with its own root step, until the
// graph is played again; one that is not one transform per joint fails the frame and leaves the
// last good pose.
TEST(CharacterInstance, AnExternalPoseReplacesTheGraphUntilTheGraphPlaysAgain) {
  Fixture f;
  CharacterInstance player;
  int kick = -1;
  ASSERT_EQ(f.play_walk_then_kick(player, kick), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  ASSERT_EQ(player.set_settings(settings), "");
  std::vector<Transform> pose = f.skeleton.rest_pose;
  pose[1].rotation = glm::angleAxis(0.3f, glm::vec3(1, 0, 0));
  RootMotionDelta step;
  step.translation = glm::vec3(0.0f, 0.0f, 0.05f);
  player.set_external_source(external_pose(pose, 1, step));
  ASSERT_TRUE(std::holds_alternative<ExternalPose>(player.source()));
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), 0.3f, 1e-5f);
  EXPECT_NEAR(player.world().translation.z, 0.05f, 1e-6f);
  EXPECT_EQ(player.dominant_clip(), 1);
  const std::vector<Transform> one_joint(1);
  player.set_external_source(external_pose(one_joint, 1, step));
  const JobResult r = player.update(0.1f, f.parameters, f.flat);
  ASSERT_FALSE(r);
  EXPECT_STREQ(r.error, "character instance: the external pose is not one transform per joint");
  EXPECT_NEAR(leg_angle(player), 0.3f, 1e-5f);
  player.set_external_source({});  // an empty pose: back to the graph (walking)
  ASSERT_TRUE(std::holds_alternative<GraphSource>(player.source()));
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), 0.0f, 1e-5f);
}

// The velocity a motion-matching trajectory asks is the external source's: each frame's source
// carries its own (a frame asking none asks none), and it goes when the source leaves for the
// graph, so a blend space or a clip played after it is not warped toward it.
TEST(CharacterInstance, TheRequestedVelocityGoesWithTheExternalSource) {
  CharacterInstance player;
  EXPECT_FALSE(player.requested_velocity().has_value());
  const std::vector<Transform> pose(3);
  player.set_external_source(external_pose(pose, 1, {}, glm::vec3(0.5f, 0.0f, 1.75f)));
  ASSERT_TRUE(player.requested_velocity().has_value());
  EXPECT_EQ(*player.requested_velocity(), glm::vec3(0.5f, 0.0f, 1.75f));
  player.set_external_source(external_pose(pose, 1));  // the next frame's, asking nothing
  EXPECT_FALSE(player.requested_velocity().has_value());
  player.set_external_source(external_pose(pose, 1, {}, glm::vec3(1.0f, 0.0f, 0.0f)));
  player.set_external_source({});
  EXPECT_FALSE(player.requested_velocity().has_value());
}

// Leaving the external source by any route (the graph played again, a clip previewed) drops
// its requested velocity: the walker's clip (1.2 m/s), then played by a machine's state or
// previewed with stride warping on and no speed asked by the settings, keeps its stride (a ratio
// of 1) rather than stretching it toward the motion-matching trajectory's 1.8 m/s.
TEST(CharacterInstance, LeavingTheExternalSourceByAnyRouteDropsItsRequestedVelocity) {
  WalkerPlayingOneState walker;
  CharacterInstance player;
  ASSERT_EQ(walker.bind(player), "");
  const anim::testing::InPlaceWalker& w = walker.w;
  Parameters& parameters = walker.parameters;
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  settings.root_motion.root_joint = 1;
  settings.stride_warping = true;
  ASSERT_EQ(player.set_settings(settings), "");
  const Terrain flat;
  constexpr float kFrame_s = 1.0f / 60.0f;
  for (const bool by_preview : {false, true}) {
    player.set_external_source(
        external_pose(w.skeleton.rest_pose, 0, {}, glm::vec3(0.0f, 0.0f, 1.8f)));
    ASSERT_TRUE(player.update(kFrame_s, parameters, flat));
    if (by_preview) {
      player.set_preview(0, 0.0f);
    } else {
      player.play_graph();
    }
    EXPECT_FALSE(player.requested_velocity().has_value()) << "by preview " << by_preview;
    for (int frame = 1; frame <= 30; ++frame) {
      if (by_preview) player.set_preview(0, static_cast<float>(frame) * kFrame_s);
      ASSERT_TRUE(player.update(kFrame_s, parameters, flat));
    }
    EXPECT_EQ(player.stride_warp_ratio(), 1.0f) << "by preview " << by_preview;
    EXPECT_EQ(player.warp_play_rate(), 1.0f) << "by preview " << by_preview;
  }
}

// The instance binds the character's foot IK rig (its checks and ranges found once, not each
// frame) and drops a rig that does not validate.
TEST(CharacterInstance, BindsTheFootIkRigItKeepsAndDropsAnInvalidOne) {
  WalkerPlayingOneState walker;
  CharacterInstance player;
  ASSERT_EQ(walker.bind(player), "");
  EXPECT_EQ(walker.character.foot_ik_rig.binding.joint_count, 0);  // built by hand
  ASSERT_TRUE(player.has_foot_ik_rig());
  EXPECT_EQ(player.foot_rig().binding.joint_count, walker.w.skeleton.joint_count());
  EXPECT_EQ(player.foot_rig().binding.leg_count, 2);
  BoundCharacter& character = walker.character;
  character.foot_ik_rig.legs[0].calf = character.foot_ik_rig.legs[1].calf;
  ASSERT_EQ(player.bind(character, walker.graph), "");
  EXPECT_FALSE(player.has_foot_ik_rig());
}

// Settings whose blend-space players do not build are refused where they are set, not in a
// later update: the instance keeps the settings it had and plays on.
TEST(CharacterInstance, SettingsWhosePlayersDoNotBuildAreRefusedAndTheOldOnesKept) {
  Fixture f;
  const int speed = f.parameters.add("speed", ParameterType::Float);
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {walk_to_kick(speed)}, nullptr, {}), "");
  CharacterSettings settings;
  settings.root_motion.root_joint = 7;  // the rig has two joints
  EXPECT_EQ(player.set_settings(settings),
            "character instance: blend space 'walk to kick': the root motion joint is not a joint "
            "of the skeleton");
  EXPECT_EQ(player.settings(), CharacterSettings{});
  f.parameters.set(speed, 1.0f);
  ASSERT_TRUE(player.update(0.1f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), kPi / 2, 1e-4f);
}

// The leg swings from from_rad to to_rad over a 1 s clip sampled at 30 fps.
Clip make_swing(const std::string& name, float from_rad, float to_rad) {
  Clip c;
  c.name = name;
  c.duration_s = 1.0f;
  c.source_fps = 30.0f;
  JointTrack leg;
  leg.joint_name = "leg";
  for (int k = 0; k <= 30; ++k) {
    const float t = static_cast<float>(k) / 30.0f;
    leg.rotation.times_s.push_back(t);
    leg.rotation.values.push_back(
        glm::angleAxis(from_rad + (to_rad - from_rad) * t, glm::vec3(1, 0, 0)));
  }
  c.tracks = {leg};
  return c;
}

TEST(CharacterInstance, PoseMatchedEntryStartsTheTargetWhereItsPoseIsClosest) {
  Fixture f;
  // "up" swings 0 -> 90 degrees, "down" 90 -> 0: the pose "up" has at 0.25 s (22.5 degrees),
  // "down" has at 0.75 s.
  f.clips = {make_swing("up", 0.0f, kPi / 2), make_swing("down", kPi / 2, 0.0f)};
  const int go = f.parameters.add("go", ParameterType::Trigger);
  StateMachine machine = from_to("up", "down", go, 0.1f, TransitionBlend::Inertialization);
  machine.transitions[0].pose_matched_entry = true;
  CharacterInstance player;
  ASSERT_EQ(f.play(player, {}, &machine, {}), "");
  CharacterSettings settings;
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.25f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), kPi / 8, 1e-3f);
  f.parameters.fire(go);
  ASSERT_TRUE(player.update(0.0f, f.parameters, f.flat));
  ASSERT_EQ(player.machine().active_state(), 1);
  const auto sources = player.machine().sources();
  ASSERT_EQ(sources.size(), 1u);  // inertialization plays the target alone
  EXPECT_NEAR(sources[0].time_s, 0.75f, 1.0f / 30.0f);
  EXPECT_NEAR(leg_angle(player), kPi / 8, 0.06f) << "no jump in the pose at the switch";
}

TEST(CharacterInstance, BlendInputSmoothingEasesTheWeightsByItsHalfLife) {
  Fixture f;
  const int speed = f.parameters.add("speed", ParameterType::Float);
  const std::vector<BlendSpaceBinding> spaces = {walk_to_kick(speed)};
  CharacterInstance player;
  ASSERT_EQ(f.play(player, spaces, nullptr, {}), "");
  CharacterSettings settings;
  settings.blend_input_half_life_s = 0.5f;
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.0f, f.parameters, f.flat));
  f.parameters.set(speed, 1.0f);  // a sudden jump of the input
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(player.update(0.05f, f.parameters, f.flat));
  // After one half-life the smoothed point is half way, and so is the blend: nlerp of 0 and 90
  // degrees with equal weights is 45 degrees.
  EXPECT_NEAR(player.blend_space_players()[0].smoothed_point().x, 0.5f, 0.02f);
  EXPECT_NEAR(leg_angle(player), kPi / 4, 0.03f);
  settings.blend_input_half_life_s = 0.0f;  // without smoothing the input is followed at once
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.05f, f.parameters, f.flat));
  EXPECT_NEAR(leg_angle(player), kPi / 2, 1e-3f);
}

TEST(CharacterInstance, CompressedClipsBlendToTheSameHandComputedPose) {
  Fixture f;
  const int speed = f.parameters.add("speed", ParameterType::Float, 0.5f);
  const std::vector<BlendSpaceBinding> spaces = {walk_to_kick(speed)};
  CharacterInstance player;
  BindOptions compressed;
  compressed.compress = true;
  ASSERT_EQ(f.play(player, spaces, nullptr, {}, compressed), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(0.25f, f.parameters, f.flat));
  // Half walk, half kick: the leg at 45 degrees (quantized keys: within 1e-4 rad), the world
  // moved by half the walk's 1 m/s over 0.25 s.
  EXPECT_NEAR(leg_angle(player), kPi / 4, 1e-4f);
  EXPECT_NEAR(player.world().translation.z, 0.125f, 1e-3f);
}

TEST(CharacterInstance, RejectsAGraphThatNamesMissingClips) {
  Fixture f;
  BlendSpaceBinding b;
  b.name = "broken";
  b.clips = {0, 7};
  b.positions = {{0, 0}, {1, 0}};
  CharacterInstance player;
  const std::string error = f.play(player, {b}, nullptr, {});
  EXPECT_NE(error.find("broken"), std::string::npos) << error;
}

// A machine's blend-space state plays its blend on the machine's clock (#41): at state speed 2
// the blend of walk alone (1 m/s over a 1 s loop) plays 2 cycles in 1 s and the root moves 2 m;
// at 0.5, half a cycle and 0.5 m. The blend's phase is the state's normalized time (the walk has
// no foot markers: one segment).
TEST(CharacterInstance, ABlendSpaceStatePlaysOnTheMachinesClockAndItsSpeed) {
  for (const float speed : {2.0f, 0.5f}) {
    Fixture f;
    const int x = f.parameters.add("x", ParameterType::Float, 0.0f);
    StateMachine machine;
    machine.states = {{"move", StateKind::BlendSpace, 0, speed}};
    CharacterInstance player;
    ASSERT_EQ(f.play(player, {walk_to_kick(x)}, &machine, {}), "");
    CharacterSettings settings;
    settings.root_motion_mode = RootMotionMode::Applied;
    ASSERT_EQ(player.set_settings(settings), "");
    for (int i = 0; i < 20; ++i) {
      ASSERT_TRUE(player.update(0.05f, f.parameters, f.flat));
      const float t = player.machine().active_normalized_time();
      EXPECT_NEAR(t, speed * 0.05f * static_cast<float>(i + 1), 1e-4f);
      EXPECT_NEAR(player.blend_space_players()[0].phase(), t - std::floor(t), 1e-4f);
    }
    EXPECT_NEAR(player.world().translation.z, speed * 1.0f, 1e-3f) << "speed " << speed;
  }
}
