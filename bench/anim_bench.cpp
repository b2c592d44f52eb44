// Benchmarks of the per-frame animation path on a synthetic character the size of the pab
// skeleton (67 joints) with three looping clips (walk, jog, run: 1 s at 30 fps, keys on every
// channel of every joint), built in code so the benchmark needs no files.
//
// BM_SampleClip             one clip sampled at an advancing time
// BM_CharacterUpdate_3Clips 3 clips sampled + blended + local-to-model + matrix palette
// BM_Crowd_3Clips/N         the same for N characters with staggered times and their own
//                           caches and palettes (cache effects included)
// Counters: joints, time_per_joint (CPU time per joint per update), and for BM_SampleClip the
// clip memory per joint per second of animation (raw keys, reduced keys, baked frames).

#include <benchmark/benchmark.h>

#include <vector>

#include "../tests/anim/synthetic_character.h"
#include "anim/clip_sampling.h"
#include "anim/keyframe_reduction.h"
#include "anim/pose.h"
#include "anim/skinning.h"

namespace {

using namespace anim;

constexpr float kFrame_s = 1.0f / 60.0f;

double per_joint_second(std::size_t bytes, const Clip& clip) {
  return static_cast<double>(bytes) / static_cast<double>(clip.tracks.size()) / clip.duration_s;
}

struct Character {
  Skeleton skeleton = testing::make_synthetic_skeleton();
  std::vector<Clip> clips = {testing::make_synthetic_clip(skeleton, "walk", 0.0f),
                             testing::make_synthetic_clip(skeleton, "jog", 1.0f),
                             testing::make_synthetic_clip(skeleton, "run", 2.0f)};
  std::vector<ClipBinding> bindings;

  Character() {
    for (const Clip& clip : clips) bindings.push_back(bind_clip(clip, skeleton));
  }
  std::size_t joints() const { return skeleton.rest_pose.size(); }
};

// What one player owns: a sampling cache per clip and its output palette.
struct Player {
  std::vector<SamplingCache> caches;
  std::vector<glm::mat4> palette;
  float time_s = 0.0f;

  Player(const Character& c, float start_s) : palette(c.joints()), time_s(start_s) {
    for (const Clip& clip : c.clips) caches.emplace_back(clip);
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

// One character update: the path the viewer runs each frame for a 3-clip blend.
bool update(const Character& c, Player& player, Scratch& scratch) {
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    ok &= static_cast<bool>(sample_clip(c.clips[i], c.bindings[i], c.skeleton, player.time_s,
                                        player.caches[i], scratch.sampled[i]));
  }
  const BlendLayer layers[] = {{scratch.sampled[0], 0.5f, {}},
                               {scratch.sampled[1], 0.3f, {}},
                               {scratch.sampled[2], 0.2f, {}}};
  ok &= static_cast<bool>(blend_poses(layers, c.skeleton.rest_pose, scratch.blended));
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

void BM_SampleClip(benchmark::State& state) {
  const Character c;
  SamplingCache cache(c.clips[0]);
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
  // Memory: the raw keys, the keys after reduction within 1 mm / 1 mrad / 0.001 scale, and the
  // baked frames the binding adds for speed.
  state.counters["keys_B_per_joint_s"] = per_joint_second(clip_key_bytes(c.clips[0]), c.clips[0]);
  const Clip reduced = reduce_keyframes(c.clips[0], {1e-3f, 1e-3f, 1e-3f});
  state.counters["reduced_B_per_joint_s"] = per_joint_second(clip_key_bytes(reduced), c.clips[0]);
  state.counters["baked_B_per_joint_s"] =
      per_joint_second(c.bindings[0].baked_frames.size() * sizeof(Transform), c.clips[0]);
}
BENCHMARK(BM_SampleClip);

void BM_CharacterUpdate_3Clips(benchmark::State& state) {
  const Character c;
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
}
BENCHMARK(BM_CharacterUpdate_3Clips);

// The stages of BM_CharacterUpdate_3Clips alone, to show where its time goes.
void BM_Stage_Blend3(benchmark::State& state) {
  const Character c;
  Player player(c, 0.0f);
  Scratch scratch(c.joints());
  update(c, player, scratch);
  const BlendLayer layers[] = {{scratch.sampled[0], 0.5f, {}},
                               {scratch.sampled[1], 0.3f, {}},
                               {scratch.sampled[2], 0.2f, {}}};
  for (auto _ : state) {
    blend_poses(layers, c.skeleton.rest_pose, scratch.blended);
    benchmark::ClobberMemory();
  }
  per_joint_counters(state, static_cast<double>(c.joints()), static_cast<double>(c.joints()));
}
BENCHMARK(BM_Stage_Blend3);

void BM_Stage_LocalToModel(benchmark::State& state) {
  const Character c;
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
  const Character c;
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

void BM_Crowd_3Clips(benchmark::State& state) {
  const Character c;
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
BENCHMARK(BM_Crowd_3Clips)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
