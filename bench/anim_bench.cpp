// Benchmarks of the per-frame animation path on the pab character of the issue: the arnaud.fbx
// skeleton (67 joints) with its walk, jog and run clips from ../shared/assets/pab, imported once
// outside the timed loops. Without the assets, a synthetic character of the same size stands in
// (three 1 s clips at 30 fps, keys on every channel of every joint); the label says which.
//
// Each runs on the clip storage its argument names: compressed (keyframe reduction within 1 mm
// plus quantized keys, the ozz-animation design and the figures to compare with ozz), baked
// (whole-skeleton frames, exact) or keys (the imported tracks, exact).
//
// BM_SampleClip             one clip sampled at an advancing time
// BM_CharacterUpdate_3Clips 3 clips sampled + blended + local-to-model + matrix palette
// BM_Crowd_3Clips/N         the same for N characters with staggered times and their own
//                           caches and palettes (cache effects included)
// Counters: joints, time_per_joint (CPU time per joint per update), and for BM_SampleClip the
// clip's bytes per joint per second of animation in the storage sampled.

#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../tests/anim/synthetic_character.h"
#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "anim/skinning.h"
#include "asset/importer.h"

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

  explicit Character(Storage storage) {
    if (!load_pab()) {
      skeleton = testing::make_synthetic_skeleton();
      clips = {testing::make_synthetic_clip(skeleton, "walk", 0.0f),
               testing::make_synthetic_clip(skeleton, "jog", 1.0f),
               testing::make_synthetic_clip(skeleton, "run", 2.0f)};
      source = "synthetic (../shared/assets/pab not found)";
    }
    for (const Clip& clip : clips)
      bindings.push_back(bind_clip(clip, skeleton, bind_options(storage)));
  }
  std::size_t joints() const { return skeleton.rest_pose.size(); }

 private:
  bool load_pab() {
    const std::filesystem::path dir = std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "pab";
    const asset::ImportResult model = asset::import_file((dir / "arnaud.fbx").string(), {});
    if (!model.ok()) return false;
    skeleton = model.character.skeleton;
    for (const char* name : {"walk.fbx", "jog.fbx", "run.fbx"}) {
      asset::ClipImportResult imported = asset::import_clips((dir / name).string(), skeleton, {});
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

void BM_CharacterUpdate_3Clips(benchmark::State& state, Storage storage) {
  const Character c(storage);
  Player player(c, 0.0f);
  Scratch scratch(c.joints());
  for (auto _ : state) {
    if (!update(c, player, scratch)) {
      state.SkipWithError("character update failed");
      break;
    }
    benchmark::DoNotOptimize(player.palette.data());
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
  state.SetLabel(c.source);
}
BENCHMARK_CAPTURE(BM_CharacterUpdate_3Clips, compressed, Storage::Compressed);
BENCHMARK_CAPTURE(BM_CharacterUpdate_3Clips, baked, Storage::Baked);

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
    blend_poses(layers, c.skeleton.rest_pose, scratch.blended);
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
    local_to_model(c.skeleton, scratch.blended, scratch.model);
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
    skinning_matrices(scratch.model, c.skeleton.inverse_bind, player.palette);
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
}
BENCHMARK(BM_Stage_SkinningMatrices);

void BM_Crowd_3Clips(benchmark::State& state, Storage storage) {
  const Character c(storage);
  const auto count = static_cast<int>(state.range(0));
  std::vector<Player> players;
  players.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    // Staggered start times spread the crowd over the whole cycle.
    players.emplace_back(c, static_cast<float>(i) * 0.37f);
  }
  Scratch scratch(c.joints());
  for (auto _ : state) {
    bool ok = true;
    for (Player& player : players) ok &= update(c, player, scratch);
    if (!ok) {
      state.SkipWithError("character update failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()) * count,
                     static_cast<double>(c.joints()));
  state.counters["characters"] = count;
}
BENCHMARK_CAPTURE(BM_Crowd_3Clips, compressed, Storage::Compressed)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Crowd_3Clips, baked, Storage::Baked)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
