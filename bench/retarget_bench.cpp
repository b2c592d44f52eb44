// Retargeting again after an edit in the Retarget panel (the viewer does it on the UI thread, so
// it must stay well under a frame or two): a clip file's clips onto a character through
// asset::retarget_project_clips, with one correction, as the panel runs it. The CMU take 131_01
// onto KayKit's Knight when ../shared/assets has them, else the demo's gaits onto the demo.
//
// BM_RetargetAgain  the whole file once (map, contacts, every frame); counter: frames.

#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "asset/demo_character.h"
#include "asset/importer.h"
#include "asset/project_retarget_clips.h"
#include "asset/rig_finder.h"

namespace {

void BM_RetargetAgain(benchmark::State& state) {
  const std::filesystem::path shared(ANIMVIEW_SHARED_ASSETS);
  asset::ImportResult source = asset::import_file((shared / "cmu/scaled_131_01.bvh").string(), {});
  asset::ImportResult target = asset::import_file((shared / "kaykit/Knight.glb").string(), {});
  const bool real = source.ok() && target.ok();
  const asset::Character from = real ? source.character : asset::make_demo_character();
  const asset::Character onto = real ? target.character : asset::make_demo_character();
  const anim::Rig rig = asset::find_character_rig(onto);
  asset::ProjectRetarget entry;
  entry.corrections = {
      {onto.skeleton.joint_names[static_cast<std::size_t>(rig.limbs.back().joints[0])], ""}};
  double frames = 0.0;
  for (auto _ : state) {
    asset::ClipRetargeting result = asset::retarget_project_clips(entry, from, onto, rig);
    if (!result.ok()) {
      state.SkipWithError(result.error.c_str());
      return;
    }
    frames = 0.0;
    for (const anim::Clip& clip : result.clips) {
      frames += clip.tracks.empty() ? 0.0 : clip.tracks[0].rotation.values.size();
    }
    benchmark::DoNotOptimize(result.clips.data());
  }
  state.counters["frames"] = frames;
  state.SetLabel(real ? "CMU 131_01 onto the Knight" : "demo onto demo");
}
BENCHMARK(BM_RetargetAgain)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
