// Motion-matching search on a database of real clips: pab's locomotions.fbx, the CMU take
// 131_01 and the demo's gaits (only the demo when ../shared/assets is absent), each mirrored and
// sampled again at sub-frame offsets until the database holds at least the argument's frame
// count. Queries are frames held out of the database (sampled half-way between its offsets)
// plus Gaussian noise, normalised as the database is.
//
// BM_MotionMatching_Search/N      the bounded search (two levels of boxes), one query
// BM_MotionMatching_BruteForce/N  every frame, one query
// BM_MotionMatching_SearchWithRunnerUp/N  the bounded search that also finds the runner-up of
//                                 another clip, as the viewer's debug view asks (a second
//                                 bounded pass that skips the best clip's boxes)
// BM_MotionMatching_BruteForceWithRunnerUp/N  the same answer from every frame
// Counter: frames (the database's size).

#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "anim/motion_matching_search.h"
#include "demo/demo_character.h"
#include "import/importer.h"
#include "project/motion_matching_build.h"

namespace {

using namespace anim;

struct Fixture {
  std::vector<importer::Character> characters;
  MotionMatchingDatabase db;
  MotionMatchingBounds bounds;
  std::vector<float> queries;  // normalised, kFeatureDimension each
  std::string label;

  explicit Fixture(int target_frames) {
    const std::filesystem::path shared(ANIMVIEW_SHARED_ASSETS);
    for (const char* file : {"pab/locomotions.fbx", "cmu/scaled_131_01.bvh"}) {
      importer::ImportResult imported = importer::import_file((shared / file).string(), {});
      if (imported.ok() && !imported.character.clips.empty()) {
        characters.push_back(std::move(imported.character));
        label += std::string(file) + " + ";
      }
    }
    characters.push_back(demo::make_demo_character());
    label += "demo gaits";
    // One pass to count the frames of one repeat, then enough repeats.
    int per_repeat = 0;
    for (const importer::Character& c : characters) {
      project::MotionMatchingBuildOptions options;
      options.mirrored = true;
      const project::MotionMatchingBuild b = project::build_motion_matching(c, options);
      if (b.ok()) per_repeat += b.database.frame_count();
    }
    const int repeats = std::max(1, (target_frames + per_repeat - 1) / std::max(per_repeat, 1));
    MotionMatchingDatabase held_out;
    int clip_offset = 0;
    for (const importer::Character& c : characters) {
      project::MotionMatchingBuildOptions options;
      options.mirrored = true;
      options.repeats = repeats;
      const project::MotionMatchingBuild b = project::build_motion_matching(c, options);
      if (!b.ok()) continue;
      if (!append_database(db, b.database, clip_offset)) continue;
      options.mirrored = false;
      options.repeats = 1;
      options.start_offset_s = 0.5f / (60.0f * static_cast<float>(repeats));
      const project::MotionMatchingBuild h = project::build_motion_matching(c, options);
      if (h.ok() && !append_database(held_out, h.database, clip_offset)) continue;
      clip_offset += static_cast<int>(c.clips.size());
    }
    bounds = build_search_bounds(db);
    std::mt19937 rng(1);
    std::normal_distribution<float> noise(0.0f, 0.1f);
    std::uniform_int_distribution<int> pick(0, held_out.frame_count() - 1);
    std::vector<float> q(kFeatureDimension);
    for (int i = 0; i < 1024; ++i) {
      if (!normalize_features(db, held_out.raw_frame(pick(rng)), q)) continue;
      for (float& x : q) x += noise(rng);
      queries.insert(queries.end(), q.begin(), q.end());
    }
  }
};

const Fixture& fixture(int frames) {
  static std::map<int, std::unique_ptr<Fixture>> cache;
  auto& f = cache[frames];
  if (!f) f = std::make_unique<Fixture>(frames);
  return *f;
}

template <bool kBruteForce, bool kRunnerUp>
void run_search(benchmark::State& state) {
  const Fixture& f = fixture(static_cast<int>(state.range(0)));
  const std::size_t count = f.queries.size() / kFeatureDimension;
  std::size_t i = 0;
  MotionMatchingMatch match;
  for (auto _ : state) {
    MotionMatchingQuery query;
    query.features = {f.queries.data() + (i % count) * kFeatureDimension, kFeatureDimension};
    query.runner_up = kRunnerUp;
    const JobResult searched =
        kBruteForce ? search_brute_force(f.db, query, match) : search(f.db, f.bounds, query, match);
    if (!searched) {
      state.SkipWithError(searched.error);
      break;
    }
    benchmark::DoNotOptimize(match);
    ++i;
  }
  state.counters["frames"] = static_cast<double>(f.db.frame_count());
  state.SetLabel(f.label);
}

void BM_MotionMatching_Search(benchmark::State& state) {
  run_search<false, false>(state);
}
void BM_MotionMatching_BruteForce(benchmark::State& state) {
  run_search<true, false>(state);
}
void BM_MotionMatching_SearchWithRunnerUp(benchmark::State& state) {
  run_search<false, true>(state);
}
void BM_MotionMatching_BruteForceWithRunnerUp(benchmark::State& state) {
  run_search<true, true>(state);
}

}  // namespace

BENCHMARK(BM_MotionMatching_Search)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MotionMatching_BruteForce)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MotionMatching_SearchWithRunnerUp)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MotionMatching_BruteForceWithRunnerUp)->Arg(100000)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
