// Proves the per-frame path allocates nothing: this file replaces the global allocation
// functions of the anim test executable with counting ones, then runs whole character updates
// between two readings of the counter.

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/character_instance.h"
#include "anim/clip_sampling.h"
#include "anim/crowd.h"
#include "anim/foot_ik.h"
#include "anim/ground_motion.h"
#include "anim/morphing.h"
#include "anim/motion_matching_controller.h"
#include "anim/pose.h"
#include "anim/post_process_stack.h"
#include "anim/retarget.h"
#include "anim/rig.h"
#include "anim/root_motion.h"
#include "anim/skinning.h"
#include "anim/state_history.h"
#include "anim/state_machine.h"
#include "anim/synthetic_character.h"
#include "anim/terrain.h"
#include "ik_biped.h"
#include "in_place_walker.h"
#include "locomotion_clips.h"
#include "procedural_skeletons.h"

namespace {
std::atomic<long> g_allocations{0};

void* counted_alloc(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

void* counted_aligned_alloc(std::size_t size, std::align_val_t align) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(align);
  // aligned_alloc wants the size to be a multiple of the alignment.
  if (void* p = std::aligned_alloc(a, (size + a - 1) / a * a)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) {
  return counted_alloc(size);
}
void* operator new[](std::size_t size) {
  return counted_alloc(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_alloc(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void* operator new(std::size_t size, std::align_val_t align) {
  return counted_aligned_alloc(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align) {
  return counted_aligned_alloc(size, align);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}

namespace anim {
namespace {

TEST(PerFramePath, CountingAllocatorSeesAllocationsAtAll) {
  // Guards the test below against a replacement that silently does not count.
  const long before = g_allocations.load();
  auto* p = new std::vector<int>(100);
  delete p;
  EXPECT_GE(g_allocations.load() - before, 2);
}

TEST(PerFramePath, ThreeClipCharacterUpdateAllocatesNothing) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clips[] = {testing::make_synthetic_clip(skeleton, "walk", 0.0f),
                        testing::make_synthetic_clip(skeleton, "jog", 1.0f, 0.8f),
                        testing::make_synthetic_clip(skeleton, "run", 2.0f, 0.6f)};
  const std::size_t joints = skeleton.rest_pose.size();

  // Everything sized once, as a player does when it starts.
  std::vector<ClipBinding> bindings;
  std::vector<SamplingCache> caches;
  std::vector<std::vector<Transform>> poses;
  for (const Clip& clip : clips) {
    // Walk samples its baked frames, jog its compressed form, run its keys (cursor path).
    BindOptions options;
    options.bake_uniform_frames = &clip == &clips[0];
    options.compress = &clip == &clips[1];
    bindings.push_back(bind_clip(clip, skeleton, options));
    caches.emplace_back(clip, bindings.back());
    poses.emplace_back(joints);
  }
  ASSERT_TRUE(bindings[0].baked());
  ASSERT_FALSE(bindings[1].compressed.empty());
  ASSERT_FALSE(bindings[2].baked());
  ASSERT_TRUE(bindings[2].compressed.empty());
  std::vector<Transform> blended(joints);
  std::vector<Transform> additive_delta(joints);
  std::vector<glm::mat4> model(joints);
  std::vector<glm::mat4> palette(joints);
  std::vector<DualQuat> dual_quats(joints);
  std::vector<glm::mat3> stretch(joints);
  std::vector<std::uint8_t> has_stretch(joints);
  std::vector<float> upper_body(joints, 0.0f);
  for (std::size_t j = joints / 2; j < joints; ++j) upper_body[j] = 1.0f;
  RootMotionSettings root_settings;
  Transform world;
  ASSERT_TRUE(make_additive_delta(skeleton.rest_pose, poses[0], additive_delta));

  const long before = g_allocations.load();
  int failures = 0;
  float time_s = 0.0f;
  for (int frame = 0; frame < 100; ++frame) {
    for (int c = 0; c < 3; ++c) {
      failures += !sample_clip(clips[c], bindings[c], skeleton, time_s * (1.0f + 0.1f * c),
                               caches[c], poses[c]);
    }
    const BlendLayer layers[] = {
        {poses[0], 0.5f, {}}, {poses[1], 0.3f, {}}, {poses[2], 0.2f, upper_body}};
    failures += !blend_poses(layers, skeleton.rest_pose, blended);
    failures += !apply_additive(blended, additive_delta, 0.5f, upper_body, blended);
    world = accumulate_root_motion(world, extract_root_motion(clips[0], bindings[0], skeleton,
                                                              root_settings, time_s, 1 / 60.f));
    failures += !remove_root_motion(skeleton, root_settings, blended);
    failures += !local_to_model(skeleton, blended, model);
    failures += !skinning_matrices(model, skeleton.inverse_bind, palette);
    failures +=
        !skinning_dual_quats(model, skeleton.inverse_bind, dual_quats, stretch, has_stretch);
    time_s += 1.0f / 60.0f;
  }
  const long allocations = g_allocations.load() - before;
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(allocations, 0);
  // The frames did real work: the hips moved away from the rest pose.
  EXPECT_NE(model[1], to_matrix(skeleton.rest_pose[0]) * to_matrix(skeleton.rest_pose[1]));
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

TEST(PerFramePath, MorphingPastTheActiveTargetLimitAllocatesNothing) {
  SkinnedMesh mesh;
  mesh.positions = {{0, 0, 0}, {1, 0, 0}};
  mesh.morph_targets.resize(70);
  std::vector<float> weights(70);
  for (std::size_t t = 0; t < 70; ++t) {
    mesh.morph_targets[t].positions = {{0, 1, 0}, {0, 0, 1}};
    weights[t] = 0.01f * static_cast<float>(t + 1);
  }
  std::vector<glm::vec3> out(2);
  const long before = g_allocations.load();
  const bool ok = static_cast<bool>(morph_vertices(mesh, weights, out, {}, {}));
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_TRUE(ok);
}

TEST(PerFramePath, FootIkAllocatesNothing) {
  const testing::Biped b = testing::make_biped();
  std::vector<Transform> local(b.skeleton.rest_pose.size());
  std::vector<glm::mat4> model(local.size());
  Terrain rough;
  rough.shape = TerrainShape::Rough;
  FootIkState state;
  FootIkDebug debug;
  Transform world;
  const bool contacts[2] = {true, false};
  const long before = g_allocations.load();
  int failures = 0;
  for (int frame = 0; frame < 100; ++frame) {
    world.translation.z = 0.01f * static_cast<float>(frame);
    std::copy(b.skeleton.rest_pose.begin(), b.skeleton.rest_pose.end(), local.begin());
    failures += !solve_foot_ik(b.skeleton, b.rig, {}, rough, world, contacts, 1.0f / 60.0f, state,
                               local, model, &debug);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_TRUE(debug.feet[0].locked);
}

// A clip that plays in place, moved by its ground motion, in a blend space and previewed, with
// foot IK locking its feet; then again with stride and orientation warping on (the preview asked
// 1.5 units/s).
TEST(PerFramePath, GroundMotionAllocatesNothing) {
  for (const bool warping : {false, true}) {
    const testing::InPlaceWalker w;
    BoundCharacter character;
    ASSERT_EQ(testing::bind_walker(w, {w.clip}, character), "");
    ASSERT_NE(character.ground_motion_of(0), nullptr);
    character.torso = {1};  // not a torso, but a chain for the path to turn back
    Parameters parameters;
    GraphBinding graph;
    BlendSpaceBinding space;
    space.name = "walk";
    space.one_dimensional = true;
    space.clips = {0};
    space.positions = {{0.0f, 0.0f}};
    graph.blend_spaces.push_back(space);
    CharacterInstance instance;
    ASSERT_EQ(instance.bind(character, graph), "");
    CharacterSettings settings;
    settings.root_motion_mode = RootMotionMode::Applied;
    settings.root_motion.root_joint = 1;
    settings.foot_ik = true;
    settings.stride_warping = settings.orientation_warping = warping;
    settings.stride_warping_settings.requested_speed_mps = 1.5f;
    const Terrain flat;
    int failures = 0;
    ASSERT_EQ(instance.set_settings(settings), "");
    failures += !instance.update(1.0f / 60.0f, parameters, flat);  // warm
    const long before = g_allocations.load();
    for (int frame = 0; frame < 120; ++frame) {
      // The first second plays the blend space, the next previews the clip.
      if (frame >= 60) instance.set_preview(0, static_cast<float>(frame - 60) / 60.0f);
      failures += !instance.update(1.0f / 60.0f, parameters, flat);
    }
    EXPECT_EQ(failures, 0);
    EXPECT_EQ(g_allocations.load() - before, 0);
    EXPECT_GT(instance.world().translation.z, 1.5f);  // 2 s at 1.2 units/s, so it moved
    // Warping ran: the preview was asked 1.5 of its 1.2 units/s.
    EXPECT_NEAR(instance.stride_warp_ratio(), warping ? 1.25f : 1.0f, 0.05f);
  }
}

// Every kind of post-process entry, one blended at half weight, on the torso's spine and tail.
std::vector<PostProcessEntry> every_kind() {
  std::vector<PostProcessEntry> entries(4);
  entries[0].kind = PostProcessKind::LookAt;
  for (int j : {1, 2, 3}) entries[0].look_at.joints.push(j);
  entries[0].look_at.weights = {0.2f, 0.3f, 0.5f};
  entries[1].kind = PostProcessKind::Twist;
  entries[1].twist.source = 3;
  entries[1].twist.count = 1;
  entries[1].twist.joints[0] = 2;
  entries[1].twist.shares[0] = 0.5f;
  entries[1].twist.axis = glm::vec3(0, 1, 0);
  entries[1].weight = 0.5f;
  entries[2].kind = PostProcessKind::Spring;
  for (int j = 4; j < 10; ++j) entries[2].spring_chain.push(j);
  entries[3].kind = PostProcessKind::MultiBoneIk;
  for (int j = 4; j < 8; ++j) entries[3].ik_chain.joints.push(j);
  entries[3].ik_goal.target = glm::vec3(0.1f, 0.8f, -0.2f);
  return entries;
}

TEST(PerFramePath, PostProcessStackAllocatesNothing) {
  const Skeleton s = testing::make_torso();
  const std::vector<PostProcessEntry> entries = every_kind();
  PostProcessState state;
  state.resize(entries.size(), s.rest_pose.size());
  std::vector<Transform> local(s.rest_pose.size());
  std::vector<glm::mat4> model(local.size());
  const long before = g_allocations.load();
  int failures = 0;
  for (int frame = 0; frame < 100; ++frame) {
    std::copy(s.rest_pose.begin(), s.rest_pose.end(), local.begin());
    failures += !local_to_model(s, local, model);
    const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(0.01f * frame, 0, 0));
    failures += !run_post_process(s, entries, world, 1.0f / 60.0f, state, local, model);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_TRUE(state.springs[2].started);
}

// The walker's instance with foot IK, a spring on its left leg and FABRIK on its right (its
// ghost kept), through update.
TEST(PerFramePath, CharacterUpdateWithAPostProcessStackAllocatesNothing) {
  const testing::InPlaceWalker w;
  BoundCharacter character;
  ASSERT_EQ(testing::bind_walker(w, {w.clip}, character), "");
  GraphBinding graph;
  BlendSpaceBinding space;
  space.name = "walk";
  space.one_dimensional = true;
  space.clips = {0};
  space.positions = {{0.0f, 0.0f}};
  graph.blend_spaces.push_back(space);
  CharacterInstance instance;
  ASSERT_EQ(instance.bind(character, graph), "");
  std::vector<PostProcessEntry> entries(2);
  entries[0].kind = PostProcessKind::Spring;
  for (int j : {2, 3, 4, 5}) entries[0].spring_chain.push(j);
  entries[1].kind = PostProcessKind::MultiBoneIk;
  for (int j : {6, 7, 8}) entries[1].ik_chain.joints.push(j);
  entries[1].ik_goal.target = glm::vec3(-0.1f, 0.4f, 0.0f);
  entries[1].ghost = true;
  instance.set_post_process(entries);
  // Foot IK joins the stack first, as it ran before it was an entry.
  ASSERT_EQ(instance.post_process().size(), 3u);
  EXPECT_EQ(instance.post_process()[0].kind, PostProcessKind::FootIk);
  Parameters parameters;
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  settings.root_motion.root_joint = 1;
  settings.foot_ik = true;
  const Terrain flat;
  ASSERT_EQ(instance.set_settings(settings), "");
  int failures = !instance.update(1.0f / 60.0f, parameters, flat);  // warm
  const long before = g_allocations.load();
  for (int frame = 0; frame < 120; ++frame) {
    failures += !instance.update(1.0f / 60.0f, parameters, flat);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(g_allocations.load() - before, 0);
  // The stack ran: the right foot is on the FABRIK target (the model pose is the stack's).
  const glm::vec3 foot(instance.model_pose()[8][3]);
  EXPECT_LT(glm::distance(foot, entries[1].ik_goal.target), 1e-3f);
  EXPECT_EQ(instance.post_process_ghost(2).size(), instance.model_pose().size());
}

TEST(PerFramePath, RetargetPoseAllocatesNothing) {
  const testing::Biped b = testing::make_biped();
  Skeleton longer = b.skeleton;  // legs 1.3 times as long: the planted feet need IK
  for (Transform& t : longer.rest_pose) t.translation *= 1.3f;
  auto rig_of = [](const Skeleton& s) {
    std::vector<glm::mat4> rest(s.rest_pose.size());
    EXPECT_TRUE(local_to_model(s, s.rest_pose, rest));
    return find_rig(s, rest, {});
  };
  const RetargetMap map = make_retarget_map(b.skeleton, rig_of(b.skeleton), longer, rig_of(longer));
  ASSERT_FALSE(map.joints.empty());
  std::vector<Transform> source(b.skeleton.rest_pose);
  std::vector<glm::mat4> source_model(source.size());
  std::vector<Transform> target(longer.rest_pose.size());
  std::vector<glm::mat4> target_model(target.size());
  const RetargetContact contacts[2] = {{1.0f, glm::vec3(0.01f, 0, 0)}, {0.5f, glm::vec3(0)}};
  const long before = g_allocations.load();
  int failures = 0;
  for (int frame = 0; frame < 100; ++frame) {
    source[2].rotation = glm::angleAxis(0.005f * static_cast<float>(frame), glm::vec3(1, 0, 0));
    failures += !retarget_pose(map, source, contacts, source_model, target, target_model);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(g_allocations.load() - before, 0);
}

// Motion matching: searches (bounded, with the runner-up), switches with inertialization and
// plays on, steered round a circle.
TEST(PerFramePath, MotionMatchingControllerAllocatesNothing) {
  const Skeleton skeleton = testing::make_walker_skeleton();
  const std::vector<Clip> clips = {
      testing::make_walker_clip("walk", {0.0f, 1.4f}, 0.0f, 2.0f, true),
      testing::make_walker_clip("left", {1.4f, 0.0f}, 0.0f, 2.0f, true),
      testing::make_walker_clip("turn", {0.0f, 1.0f}, 1.0f, 2.0f, true)};
  std::vector<ClipBinding> bindings;
  std::vector<DatabaseSource> sources;
  for (const Clip& clip : clips) bindings.push_back(bind_clip(clip, skeleton));
  for (std::size_t i = 0; i < clips.size(); ++i)
    sources.push_back({&clips[i], &bindings[i], static_cast<int>(i), false, 0.0f});
  DatabaseSettings settings;
  settings.joints = {1, 2, 0, 0};
  const MotionMatchingDatabase db = build_motion_matching_database(skeleton, sources, settings);
  const MotionMatchingBounds bounds = build_search_bounds(db);
  MotionMatchingController controller;
  ASSERT_TRUE(controller.init(skeleton, clips, bindings, db, bounds, 0));
  std::vector<Transform> pose(skeleton.parents.size());
  RootMotionDelta step;
  MotionMatchingInput input;
  const long before = g_allocations.load();
  int failures = 0;
  for (int frame = 0; frame < 300; ++frame) {
    const float heading = 0.02f * static_cast<float>(frame);
    input.desired_velocity = {1.4f * std::sin(heading), 0.0f, 1.4f * std::cos(heading)};
    failures += !controller.update(input, 1.0f / 60.0f, pose, step);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(controller.search_count(), 30);
  EXPECT_GT(controller.switch_count(), 0);
}

// A machine whose walk (one step per foot) and run (two) share a sync group: entries matched by
// marker and followers locked every update, back and forth, with no allocation.
TEST(PerFramePath, StateMachineSyncGroupAllocatesNothing) {
  std::vector<Clip> clips(2);
  clips[0].duration_s = 1.2f;
  clips[0].markers = {{"foot_l_down", 0.1f}, {"foot_r_down", 0.7f}};
  clips[1].duration_s = 1.0f;
  clips[1].markers = {
      {"foot_l_down", 0.0f}, {"foot_r_down", 0.25f}, {"foot_l_down", 0.5f}, {"foot_r_down", 0.8f}};
  const std::vector<float> lengths = {1.2f, 1.0f};
  Parameters parameters;
  const int run = parameters.add("run", ParameterType::Bool);
  StateMachine machine;
  machine.states = {{"walk", StateKind::Clip, 0}, {"run", StateKind::Clip, 1}};
  for (State& s : machine.states) s.sync_group = "feet";
  machine.transitions.resize(2);
  machine.transitions[0] = {.source = 0, .target = 1, .conditions = {{run, ConditionOp::True}}};
  machine.transitions[1] = {.source = 1, .target = 0, .conditions = {{run, ConditionOp::False}}};
  const StateSyncMarkers markers = build_state_sync_markers(machine, clips);
  StateMachinePlayer player;
  player.init(machine, nullptr, &markers);
  const long before = g_allocations.load();
  int by_markers = 0;
  for (int frame = 0; frame < 600; ++frame) {
    if (frame % 50 == 0) parameters.set(run, frame % 100 == 0 ? 1.0f : 0.0f);
    player.update(1.0f / 60.0f, parameters, {lengths, {}});
    by_markers += player.sync_status().by_markers ? 1 : 0;
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(by_markers, 100);  // the crossfades were synced
}

// The whole frame of a character: a machine crossfading between a clip and a 2D blend space,
// an additive layer, applied root motion, palettes in both forms; then the same graph on a crowd.
// With exact clips (baked frames) and with compressed ones (sampled and blended in one job).
class CharacterInstanceAllocations : public ::testing::TestWithParam<bool> {};

TEST_P(CharacterInstanceAllocations, UpdateAllocatesNothing) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  std::vector<Clip> clips = {testing::make_synthetic_clip(skeleton, "idle", 0.0f),
                             testing::make_synthetic_clip(skeleton, "walk", 1.0f, 0.8f),
                             testing::make_synthetic_clip(skeleton, "jog", 2.0f, 0.6f)};
  // Morph weights are channels of the same frame: sampled, blended and layered with the pose.
  const std::vector<MorphChannel> shapes = {{"Face", "Smile", 0.0f}, {"Face", "Blink", 0.0f}};
  for (Clip& clip : clips) {
    for (const MorphChannel& shape : shapes) {
      MorphTrack track{shape.node_name, shape.target_name, {}};
      track.weight.times_s = {0.0f, clip.duration_s};
      track.weight.values = {0.25f, 0.75f};
      clip.morph_tracks.push_back(track);
    }
  }
  Parameters parameters;
  const int x = parameters.add("x", ParameterType::Float);
  const int y = parameters.add("y", ParameterType::Float, 0.5f);
  const int go = parameters.add("go", ParameterType::Bool);
  BlendSpaceBinding space;
  space.name = "move";
  space.mode = BlendMode2D::FreeformCartesian;
  space.clips = {0, 1, 2};
  space.positions = {{0, 0}, {0, 1}, {1, 1}};
  space.x_parameter = x;
  space.y_parameter = y;
  StateMachine machine;
  machine.states = {{"idle", StateKind::Clip, 0}, {"move", StateKind::BlendSpace, 0}};
  Transition t;
  t.source = 0;
  t.target = 1;
  t.conditions = {{go, ConditionOp::True, 0.0f}};
  t.duration = 0.3f;
  // Back to idle inertialized: the joints' and the shapes' offsets decay.
  Transition back;
  back.source = 1;
  back.target = 0;
  back.conditions = {{go, ConditionOp::False, 0.0f}};
  back.duration = 0.2f;
  back.blend = TransitionBlend::Inertialization;
  machine.transitions = {t, back};
  LayerBinding lean;
  lean.layer.mode = LayerMode::Additive;
  lean.layer.weight = 0.5f;
  lean.clip = 2;
  BindOptions clip_binding;
  clip_binding.compress = GetParam();
  BoundCharacter character;
  ASSERT_EQ(bind_character(skeleton, clips, clip_binding, character, shapes), "");
  GraphBinding graph;
  graph.blend_spaces = {space};
  // A blend-space layer sampling its clips' shapes through a shape mask.
  LayerBinding moving;
  moving.layer.weight = 0.5f;
  moving.layer.shape_mask = {1.0f, 0.0f};
  moving.blend_space = 0;
  graph.layers = {lean, moving};
  graph.machine = machine;
  graph.has_machine = true;
  ASSERT_EQ(bind_graph(character, parameters, graph), "");
  CharacterInstance player;
  ASSERT_EQ(player.bind(character, graph), "");
  CharacterSettings settings;
  settings.root_motion_mode = RootMotionMode::Applied;
  Terrain flat;
  // The first frame may settle state.
  ASSERT_EQ(player.set_settings(settings), "");
  ASSERT_TRUE(player.update(1.0f / 60.0f, parameters, flat));
  // The transition record keeps each frame too, in a ring allocated once (here).
  StateHistory history;
  history.reset(60, static_cast<int>(skeleton.rest_pose.size()), 2, parameters.count());
  long before = g_allocations.load();
  int failures = 0, moved_states = 0;
  for (int frame = 0; frame < 120; ++frame) {
    if (frame == 30) parameters.set(go, 1.0f);
    if (frame == 100) parameters.set(go, 0.0f);
    parameters.set(x, 0.005f * static_cast<float>(frame));
    failures += !player.update(1.0f / 60.0f, parameters, flat);
    history.record(1.0 / 60.0, player, parameters);
    moved_states += player.machine().active_state() == 1 ? 1 : 0;
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_EQ(history.size(), 60);
  EXPECT_TRUE(history.has_pose(59));
  EXPECT_EQ(failures, 0);
  EXPECT_GT(moved_states, 0);
  EXPECT_EQ(player.machine().active_state(), 0);  // back, inertialized
  ASSERT_EQ(player.morph_weights().size(), 2u);
  EXPECT_GT(player.morph_weights()[0], 0.25f);  // the clips' shapes played

  Crowd crowd;
  ASSERT_EQ(crowd.setup(character, graph, parameters, 50, 1.0f, 1.0f, settings), "");
  ASSERT_TRUE(crowd.update(1.0f / 60.0f, parameters, flat));
  before = g_allocations.load();
  for (int frame = 0; frame < 30; ++frame) {
    failures += !crowd.update(1.0f / 60.0f, parameters, flat);
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_EQ(failures, 0);
}

INSTANTIATE_TEST_SUITE_P(PerFramePath, CharacterInstanceAllocations, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "Compressed" : "Exact";
                         });

}  // namespace
}  // namespace anim
