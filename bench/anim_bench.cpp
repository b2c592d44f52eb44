// Benchmarks of the per-frame animation path on the pab character of the issue: the arnaud.fbx
// skeleton (54 joints) with its walk, jog and run clips from ../shared/assets/pab, imported once
// outside the timed loops. Without the assets, a synthetic character of 67 joints stands in
// (three 1 s clips at 30 fps, keys on every channel of every joint); the label says which.
//
// Each runs on the clip storage its argument names: compressed (keyframe reduction within 1 mm
// plus quantized keys, the ozz-animation design and the figures to compare with ozz), baked
// (whole-skeleton frames, exact) or keys (the imported tracks, exact).
//
// BM_SampleClip             one clip sampled at an advancing time
// BM_CharacterUpdate_3Clips the product's frame (anim::CharacterInstance) playing a 2D blend
//                           space whose point weights the 3 clips 0.5 / 0.3 / 0.2: sampled +
//                           blended (with root motion and phase sync) + local-to-model + matrix
//                           palette, the work of ozz-animation's 3-clip sample
// BM_CharacterUpdate_3Clips_DemoSkeleton  the same on the built-in character's 28 joints (its
//                           forward walk, jog and run): that work on the demo frame's skeleton
// BM_CharacterInstance_Demo the product's whole frame on the built-in character: state machine,
//                           its 17-sample 2D blend space with the point moving, foot IK on a
//                           15-degree slope, both palettes
// BM_CharacterInstance_Demo/compressed_warping  the same with stride and orientation warping on
//                           (the point at 1.2 m/s asks its speed and direction of the blend)
// BM_CharacterInstance_Demo/compressed_warping_sync  that, with the machine's three states in
//                           one sync group (issue #41: at most 1.3x BM_CharacterInstance_Demo)
// BM_CharacterInstance_Demo/compressed_post_process  the same with a post-process stack: foot
//                           IK first, then look-at (chest, neck, head; target circling), twist
//                           correction (both forearm_twist joints), a 6-joint spring chain
//                           (clavicle_r to fingers_r) and a 5-joint FABRIK chain (clavicle_l to
//                           hand_l reaching a circling target)
// BM_DemoFrame_PostProcessEntry/solo:N  that frame with only foot IK and entry N after it
//                           (both soloed)
// BM_DemoFrame_Parts        the same frame with foot IK and the dual-quaternion palette each on
//                           or off, so that what each costs can be read off
// BM_Crowd_Instances/N      N instances of one bound character (anim::Crowd) playing the 3-clip
//                           blend, staggered, each with its own state; matrix palettes only
// BM_Stage_*                the jobs of the 3-clip frame one by one, to show where time goes
// BM_MorphWeights_52Shapes  a face's 52 shape tracks (ARKit's count; keys on every frame of
//                           three 1 s clips at 30 fps, so baked) sampled and blended 0.5 / 0.3 /
//                           0.2 into the caller's weights, as CharacterInstance does for a
//                           3-clip blend
// BM_MorphWeights_52Shapes_Compressed  the same clips compressed (shared 16-bit times and
//                           weights, reduced within a weight error of 1e-3); counter bytes: the
//                           storage sampled
// BM_SampleClip_DemoSkeleton one clip of the built-in character sampled (28 joints): what the
//                           52 shapes are to cost less than
// Counters: joints, time_per_joint (CPU time per joint per update), characters, and for
// BM_SampleClip the clip's bytes per joint per second of animation in the storage sampled.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "../tests/anim/synthetic_character.h"
#include "anim/character_instance.h"
#include "anim/clip_sampling.h"
#include "anim/crowd.h"
#include "anim/morph_weights.h"
#include "anim/pose.h"
#include "anim/skinning.h"
#include "demo/demo_character.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "import/skeleton_builder.h"
#include "project/demo_project.h"
#include "project/project_binding.h"

namespace {

using namespace anim;

constexpr float kFrame_s = 1.0f / 60.0f;

enum class Storage { Compressed, Baked, Keys };

BindOptions bind_options(Storage storage) {
  BindOptions options;
  options.compress = storage == Storage::Compressed;
  options.bake_uniform_frames = storage == Storage::Baked;
  return options;
}

struct Character {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<ClipBinding> bindings;
  std::string source;

  // The built-in character's skeleton with its forward walk, jog and run: ozz's 3-clip work on
  // the skeleton of BM_CharacterInstance_Demo.
  struct Demo {};
  Character(Storage storage, Demo) {
    importer::Character demo = demo::make_demo_character();
    skeleton = std::move(demo.skeleton);
    for (const char* name : {"walk_forward", "jog_forward", "run_forward"}) {
      for (Clip& clip : demo.clips) {
        if (clip.name == name) clips.push_back(std::move(clip));
      }
    }
    source = "built-in character: walk_forward, jog_forward, run_forward";
    bind_all(storage);
  }

  explicit Character(Storage storage) {
    if (!load_pab()) {
      skeleton = testing::make_synthetic_skeleton();
      clips = {testing::make_synthetic_clip(skeleton, "walk", 0.0f),
               testing::make_synthetic_clip(skeleton, "jog", 1.0f),
               testing::make_synthetic_clip(skeleton, "run", 2.0f)};
      source = "synthetic (../shared/assets/pab not found)";
    }
    bind_all(storage);
  }
  std::size_t joints() const { return skeleton.rest_pose.size(); }

 private:
  void bind_all(Storage storage) {
    for (const Clip& clip : clips)
      bindings.push_back(bind_clip(clip, skeleton, bind_options(storage)));
  }
  bool load_pab() {
    const std::filesystem::path dir = std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "pab";
    const importer::ImportResult model = importer::import_file((dir / "arnaud.fbx").string(), {});
    if (!model.ok()) return false;
    skeleton = model.character.skeleton;
    for (const char* name : {"walk.fbx", "jog.fbx", "run.fbx"}) {
      importer::ClipImportResult imported =
          importer::import_clips((dir / name).string(), skeleton, {});
      if (!imported.ok() || imported.clips.empty()) return false;
      clips.push_back(std::move(imported.clips.front().clip));
    }
    source = "pab arnaud.fbx + walk, jog, run";
    return true;
  }
};

// What one player owns: a sampling cache per clip and its output palette.
struct Player {
  std::vector<SamplingCache> caches;
  std::vector<glm::mat4> palette;
  float time_s = 0.0f;

  Player(const Character& c, float start_s) : palette(c.joints()), time_s(start_s) {
    for (std::size_t i = 0; i < c.clips.size(); ++i) caches.emplace_back(c.clips[i], c.bindings[i]);
  }
};

// Per-thread scratch poses reused by every character update.
struct Scratch {
  std::vector<Transform> sampled[3];
  std::vector<Transform> blended;
  std::vector<glm::mat4> model;

  explicit Scratch(std::size_t joints) : blended(joints), model(joints) {
    for (auto& pose : sampled) pose.resize(joints);
  }
};

constexpr float kWeights[3] = {0.5f, 0.3f, 0.2f};

// The 3-clip blend: compressed clips are sampled and blended in one job (sample_and_blend), the
// others sampled one by one and blended.
bool sample_blend(const Character& c, Player& player, Scratch& scratch) {
  if (!c.bindings[0].compressed.empty()) {
    CompressedBlendInput inputs[3];
    for (int i = 0; i < 3; ++i) {
      inputs[i] = {&c.bindings[i].compressed, &player.caches[i].compressed,
                   wrap_clip_time(c.clips[i], player.time_s), kWeights[i]};
    }
    return static_cast<bool>(sample_and_blend(inputs, c.skeleton.rest_pose, scratch.blended));
  }
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    ok &= static_cast<bool>(sample_clip(c.clips[i], c.bindings[i], c.skeleton, player.time_s,
                                        player.caches[i], scratch.sampled[i]));
  }
  const BlendLayer layers[] = {{scratch.sampled[0], kWeights[0], {}},
                               {scratch.sampled[1], kWeights[1], {}},
                               {scratch.sampled[2], kWeights[2], {}}};
  return ok && blend_poses(layers, c.skeleton.rest_pose, scratch.blended);
}

// One character update: the path the viewer runs each frame for a 3-clip blend.
bool update(const Character& c, Player& player, Scratch& scratch) {
  bool ok = sample_blend(c, player, scratch);
  ok &= static_cast<bool>(local_to_model(c.skeleton, scratch.blended, scratch.model));
  ok &=
      static_cast<bool>(skinning_matrices(scratch.model, c.skeleton.inverse_bind, player.palette));
  player.time_s += kFrame_s;
  return ok;
}

void per_joint_counters(benchmark::State& state, double joints_per_iteration, double joints) {
  state.counters["joints"] = joints;
  // Seconds per joint, shown in ns by the console reporter's unit suffix.
  state.counters["time_per_joint"] =
      benchmark::Counter(joints_per_iteration, benchmark::Counter::kIsIterationInvariantRate |
                                                   benchmark::Counter::kInvert);
}

void BM_SampleClip(benchmark::State& state, Storage storage) {
  const Character c(storage);
  SamplingCache cache(c.clips[0], c.bindings[0]);
  std::vector<Transform> pose(c.joints());
  float time_s = 0.0f;
  for (auto _ : state) {
    if (!sample_clip(c.clips[0], c.bindings[0], c.skeleton, time_s, cache, pose)) {
      state.SkipWithError("sample_clip failed");
      break;
    }
    benchmark::DoNotOptimize(pose.data());
    benchmark::ClobberMemory();
    time_s += kFrame_s;
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
  // Memory of the first clip (walk) in the storage sampled, per joint and second.
  state.counters["B_per_joint_s"] = static_cast<double>(sampled_bytes(c.clips[0], c.bindings[0])) /
                                    static_cast<double>(c.joints()) / c.clips[0].duration_s;
  state.counters["bytes"] = static_cast<double>(sampled_bytes(c.clips[0], c.bindings[0]));
  state.SetLabel(c.source);
}
BENCHMARK_CAPTURE(BM_SampleClip, compressed, Storage::Compressed);
BENCHMARK_CAPTURE(BM_SampleClip, baked, Storage::Baked);
BENCHMARK_CAPTURE(BM_SampleClip, keys, Storage::Keys);

// The 3-clip character as the product plays it: bound once, a 2D blend space over the clips
// (Delaunay: barycentric weights) with its point where the weights are 0.5 / 0.3 / 0.2.
struct ThreeClipGraph {
  BoundCharacter character;
  GraphBinding graph;
  Parameters parameters;
  CharacterSettings settings;
  std::string source;

  explicit ThreeClipGraph(Storage storage) : ThreeClipGraph(Character(storage), storage) {}
  ThreeClipGraph(Character c, Storage storage) {
    source = c.source;
    if (!bind_character(std::move(c.skeleton), std::move(c.clips), bind_options(storage), character)
             .empty()) {
      return;
    }
    BlendSpaceBinding space;
    space.name = "3 clips";
    space.mode = BlendMode2D::Delaunay;
    space.clips = {0, 1, 2};
    space.positions = {{0, 0}, {1, 0}, {0, 1}};
    space.x_parameter = parameters.add("x", ParameterType::Float, kWeights[1]);
    space.y_parameter = parameters.add("y", ParameterType::Float, kWeights[2]);
    graph.blend_spaces = {space};
    if (!bind_graph(character, parameters, graph).empty()) graph = {};
    settings.dual_quat_palette = false;  // ozz's update ends with skinning matrices
  }
  std::size_t joints() const { return character.skeleton.rest_pose.size(); }
};

void run_three_clip_update(benchmark::State& state, ThreeClipGraph&& c) {
  CharacterInstance instance;
  if (c.graph.blend_spaces.empty() || !instance.bind(c.character, c.graph).empty() ||
      !instance.set_settings(c.settings).empty()) {
    state.SkipWithError("binding failed");
    return;
  }
  const Terrain flat;
  for (auto _ : state) {
    if (!instance.update(kFrame_s, c.parameters, flat)) {
      state.SkipWithError("character update failed");
      break;
    }
    benchmark::DoNotOptimize(instance.skinning_matrices().data());
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
  state.SetLabel(c.source);
}

void BM_CharacterUpdate_3Clips(benchmark::State& state, Storage storage) {
  run_three_clip_update(state, ThreeClipGraph(storage));
}
BENCHMARK_CAPTURE(BM_CharacterUpdate_3Clips, compressed, Storage::Compressed);
BENCHMARK_CAPTURE(BM_CharacterUpdate_3Clips, baked, Storage::Baked);

// The same work on the built-in character's skeleton: the part of BM_CharacterInstance_Demo that
// ozz-animation's 3-clip update also does, for a per-joint figure on the same joints.
void BM_CharacterUpdate_3Clips_DemoSkeleton(benchmark::State& state) {
  run_three_clip_update(state, ThreeClipGraph(Character(Storage::Compressed, Character::Demo{}),
                                              Storage::Compressed));
}
BENCHMARK(BM_CharacterUpdate_3Clips_DemoSkeleton);

// The benchmark's post-process stack on the built-in character (see the list above): foot IK
// first, then the look-at.
std::vector<PostProcessEntry> demo_post_process(const importer::Character& demo) {
  const Skeleton& s = demo.skeleton;
  const std::vector<glm::mat4> rest = importer::rest_model(s);
  std::vector<PostProcessEntry> entries(2);
  entries[0].kind = PostProcessKind::FootIk;
  entries[1].kind = PostProcessKind::LookAt;
  entries[1].look_at = make_look_at_rig(importer::find_character_rig(demo), rest);
  for (const TwistRig& twist : find_twist_rigs(s, rest)) {
    entries.emplace_back().kind = PostProcessKind::Twist;
    entries.back().twist = twist;
  }
  PostProcessEntry& spring = entries.emplace_back();
  spring.kind = PostProcessKind::Spring;
  for (const char* name :
       {"clavicle_r", "upperarm_r", "forearm_r", "forearm_twist_r", "hand_r", "fingers_r"}) {
    spring.spring_chain.push(s.find_joint(name));
  }
  PostProcessEntry& ik = entries.emplace_back();
  ik.kind = PostProcessKind::MultiBoneIk;
  for (const char* name : {"clavicle_l", "upperarm_l", "forearm_l", "forearm_twist_l", "hand_l"}) {
    ik.ik_chain.joints.push(s.find_joint(name));
  }
  return entries;
}

// The demo frame with foot IK and the dual-quaternion palette each on or off: the difference
// between two of these is what one part costs. post_process adds demo_post_process's stack, its
// targets circling in front of the character; warping adds stride and orientation warping;
// sync_groups puts every state of the machine in one sync group.
void run_demo_frame(benchmark::State& state, Storage storage, bool foot_ik, bool dual_quat_palette,
                    bool post_process = false, int solo = -1, bool warping = false,
                    bool sync_groups = false) {
  const importer::Character demo = demo::make_demo_character();
  project::Project project = project::make_demo_project();
  if (sync_groups) {
    for (anim::State& s : project.state_machine.states) s.sync_group = "locomotion";
  }
  project::BoundProject bound;
  if (!project::bind_project(project, demo, bind_options(storage), bound).empty()) {
    state.SkipWithError("the demo project does not bind");
    return;
  }
  CharacterInstance instance;
  if (!instance.bind(*bound.character, *bound.graph).empty()) {
    state.SkipWithError("the demo instance does not bind");
    return;
  }
  Parameters parameters = project.parameters;
  const BlendSpaceBinding& space = bound.graph->blend_spaces[0];
  CharacterSettings settings;
  settings.root_motion.root_joint = bound.character->root_motion_joint;
  settings.foot_ik = foot_ik;
  settings.dual_quat_palette = dual_quat_palette;
  settings.stride_warping = settings.orientation_warping = warping;
  if (!instance.set_settings(settings).empty()) {
    state.SkipWithError("the demo's settings do not apply");
    return;
  }
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  slope.slope_deg = 15.0f;
  if (post_process) {
    std::vector<PostProcessEntry> entries = demo_post_process(demo);
    if (solo >= 0) entries[0].solo = entries[static_cast<std::size_t>(solo) + 1].solo = true;
    instance.set_post_process(entries);
  }
  float angle = 0.0f;
  for (auto _ : state) {
    // The point circles through the space: walk and jog in every direction.
    angle += 0.01f;
    parameters.set(space.x_parameter, 1.2f * std::sin(angle));
    parameters.set(space.y_parameter, 1.2f * std::cos(angle));
    if (post_process) {
      // Moving targets, edited in place as the viewer's drag does.
      const std::span<PostProcessEntry> stack = instance.edit_post_process();
      stack[1].look_at_goal.target = glm::vec3(std::sin(angle), 1.6f, 1.0f);
      stack.back().ik_goal.target = glm::vec3(0.45f + 0.1f * std::cos(angle), 1.2f, 0.3f);
    }
    if (!instance.update(kFrame_s, parameters, slope)) {
      state.SkipWithError("character update failed");
      break;
    }
    benchmark::DoNotOptimize(instance.skinning_matrices().data());
    benchmark::DoNotOptimize(instance.skinning_dual_quats().data());
    benchmark::ClobberMemory();
  }
  const double joints = static_cast<double>(bound.character->skeleton.rest_pose.size());
  per_joint_counters(state, joints, joints);
}

void BM_CharacterInstance_Demo(benchmark::State& state, Storage storage) {
  run_demo_frame(state, storage, true, true);
}
BENCHMARK_CAPTURE(BM_CharacterInstance_Demo, compressed, Storage::Compressed);
BENCHMARK_CAPTURE(BM_CharacterInstance_Demo, baked, Storage::Baked);
void BM_CharacterInstance_Demo_Warping(benchmark::State& state) {
  run_demo_frame(state, Storage::Compressed, true, true, false, -1, true);
}
BENCHMARK(BM_CharacterInstance_Demo_Warping)->Name("BM_CharacterInstance_Demo/compressed_warping");
void BM_CharacterInstance_Demo_WarpingSync(benchmark::State& state) {
  run_demo_frame(state, Storage::Compressed, true, true, false, -1, true, true);
}
BENCHMARK(BM_CharacterInstance_Demo_WarpingSync)
    ->Name("BM_CharacterInstance_Demo/compressed_warping_sync");
void BM_CharacterInstance_Demo_PostProcess(benchmark::State& state) {
  run_demo_frame(state, Storage::Compressed, true, true, true);
}
// Each entry of that stack after foot IK alone (soloed with foot IK): 0 look-at, 1 and 2 twist,
// 3 spring, 4 FABRIK.
void BM_DemoFrame_PostProcessEntry(benchmark::State& state) {
  run_demo_frame(state, Storage::Compressed, true, true, true, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_DemoFrame_PostProcessEntry)->DenseRange(0, 4)->ArgName("solo");
BENCHMARK(BM_CharacterInstance_Demo_PostProcess)
    ->Name("BM_CharacterInstance_Demo/compressed_post_process");

// BM_CharacterInstance_Demo/compressed in parts: foot_ik and dq (the dual-quaternion palette)
// each 0 or 1.
void BM_DemoFrame_Parts(benchmark::State& state) {
  run_demo_frame(state, Storage::Compressed, state.range(0) != 0, state.range(1) != 0);
}
BENCHMARK(BM_DemoFrame_Parts)->ArgsProduct({{0, 1}, {0, 1}})->ArgNames({"foot_ik", "dq"});

// The stages of BM_CharacterUpdate_3Clips alone, to show where its time goes.
// The blend of three sampled poses alone (what sample_and_blend saves writing and reading).
void BM_Stage_Blend3(benchmark::State& state) {
  const Character c(Storage::Baked);
  Player player(c, 0.0f);
  Scratch scratch(c.joints());
  update(c, player, scratch);
  const BlendLayer layers[] = {{scratch.sampled[0], kWeights[0], {}},
                               {scratch.sampled[1], kWeights[1], {}},
                               {scratch.sampled[2], kWeights[2], {}}};
  for (auto _ : state) {
    if (!blend_poses(layers, c.skeleton.rest_pose, scratch.blended)) {
      state.SkipWithError("blend failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
}
BENCHMARK(BM_Stage_Blend3);

// Sampling and blending the three compressed clips in one job.
void BM_Stage_SampleAndBlend3(benchmark::State& state) {
  const Character c(Storage::Compressed);
  Player player(c, 0.0f);
  Scratch scratch(c.joints());
  for (auto _ : state) {
    sample_blend(c, player, scratch);
    benchmark::ClobberMemory();
    player.time_s += kFrame_s;
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
}
BENCHMARK(BM_Stage_SampleAndBlend3);

void BM_Stage_LocalToModel(benchmark::State& state) {
  const Character c(Storage::Compressed);
  Player player(c, 0.0f);
  Scratch scratch(c.joints());
  update(c, player, scratch);
  for (auto _ : state) {
    if (!local_to_model(c.skeleton, scratch.blended, scratch.model)) {
      state.SkipWithError("local_to_model failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
}
BENCHMARK(BM_Stage_LocalToModel);

void BM_Stage_SkinningMatrices(benchmark::State& state) {
  const Character c(Storage::Compressed);
  Player player(c, 0.0f);
  Scratch scratch(c.joints());
  update(c, player, scratch);
  for (auto _ : state) {
    if (!skinning_matrices(scratch.model, c.skeleton.inverse_bind, player.palette)) {
      state.SkipWithError("skinning_matrices failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
}
BENCHMARK(BM_Stage_SkinningMatrices);

void BM_Crowd_Instances(benchmark::State& state) {
  ThreeClipGraph c(Storage::Compressed);
  const auto count = static_cast<int>(state.range(0));
  Crowd crowd;
  if (c.graph.blend_spaces.empty() ||
      !crowd.setup(c.character, c.graph, c.parameters, count, 1.0f, 1.0f, c.settings).empty()) {
    state.SkipWithError("crowd setup failed");
    return;
  }
  const Terrain flat;
  for (auto _ : state) {
    if (!crowd.update(kFrame_s, c.parameters, flat)) {
      state.SkipWithError("crowd update failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()) * count,
                     static_cast<double>(c.joints()));
  state.counters["characters"] = count;
}
BENCHMARK(BM_Crowd_Instances)->Arg(1000)->Unit(benchmark::kMillisecond);

// Three clips of 52 shape tracks on one node, a key every frame, bound to 52 channels.
// The 52-shape blend below, its clips bound exact (baked) or compressed within
// compress_tolerance (a weight error). Counter bytes: the storage the clips sample from.
void morph_weights_52_shapes(benchmark::State& state, float compress_tolerance) {
  constexpr int kShapes = 52;
  std::vector<MorphChannel> channels;
  for (int s = 0; s < kShapes; ++s) channels.push_back({"Face", "shape" + std::to_string(s), 0.0f});
  std::vector<Clip> clips(3);
  std::vector<MorphBinding> bindings;
  std::vector<std::vector<std::uint32_t>> cursors;
  for (int c = 0; c < 3; ++c) {
    clips[c].name = "face" + std::to_string(c);
    clips[c].duration_s = 1.0f;
    clips[c].source_fps = 30.0f;
    for (const MorphChannel& channel : channels) {
      MorphTrack track{channel.node_name, channel.target_name, {}};
      for (int k = 0; k <= 30; ++k) {
        track.weight.times_s.push_back(static_cast<float>(k) / 30.0f);
        track.weight.values.push_back(0.5f + 0.5f * std::sin(0.3f * static_cast<float>(k + c)));
      }
      clips[c].morph_tracks.push_back(std::move(track));
    }
    bindings.push_back(bind_morph_tracks(clips[c], channels, compress_tolerance));
    cursors.emplace_back(kShapes, 0u);
  }
  std::vector<float> sampled(kShapes), weights(kShapes);
  float time_s = 0.0f;
  for (auto _ : state) {
    std::fill(weights.begin(), weights.end(), 0.0f);
    bool ok = true;
    for (int c = 0; c < 3; ++c) {
      ok &= static_cast<bool>(sample_morph_weights(
          clips[c], bindings[c], channels, wrap_clip_time(clips[c], time_s), cursors[c], sampled));
      ok &= static_cast<bool>(accumulate_morph_weights(sampled, kWeights[c], weights));
    }
    ok &= static_cast<bool>(normalize_morph_weights(channels, 1.0f, weights));
    if (!ok) {
      state.SkipWithError("morph weights failed");
      break;
    }
    benchmark::DoNotOptimize(weights.data());
    benchmark::ClobberMemory();
    time_s += kFrame_s;
  }
  state.counters["shapes"] = kShapes;
  std::size_t bytes = 0;
  for (const MorphBinding& binding : bindings) {
    bytes += binding.compressed.empty() ? binding.baked_frames.size() * sizeof(float)
                                        : binding.compressed.byte_size();
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}

void BM_MorphWeights_52Shapes(benchmark::State& state) {
  morph_weights_52_shapes(state, 0.0f);
}
BENCHMARK(BM_MorphWeights_52Shapes);

void BM_MorphWeights_52Shapes_Compressed(benchmark::State& state) {
  morph_weights_52_shapes(state, CompressionTolerance{}.morph_weight);
}
BENCHMARK(BM_MorphWeights_52Shapes_Compressed);

void BM_SampleClip_DemoSkeleton(benchmark::State& state) {
  const Character c(Storage::Baked, Character::Demo{});
  SamplingCache cache(c.clips[0], c.bindings[0]);
  std::vector<Transform> pose(c.joints());
  float time_s = 0.0f;
  for (auto _ : state) {
    if (!sample_clip(c.clips[0], c.bindings[0], c.skeleton, time_s, cache, pose)) {
      state.SkipWithError("sample_clip failed");
      break;
    }
    benchmark::DoNotOptimize(pose.data());
    benchmark::ClobberMemory();
    time_s += kFrame_s;
  }
  state.counters["joints"] = static_cast<double>(c.joints());
}
BENCHMARK(BM_SampleClip_DemoSkeleton);

}  // namespace

BENCHMARK_MAIN();
