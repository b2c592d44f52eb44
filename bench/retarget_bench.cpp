// Retargeting again after an edit in the Retarget panel (the viewer does it on the UI thread, so
// it must stay well under a frame or two): a clip file's clips onto a character through
// project::retarget_project_clips, with one correction, as the panel runs it. The CMU take 131_01
// onto KayKit's Knight when ../shared/assets has them, else the demo's gaits onto the demo.
//
// BM_RetargetAgain  the whole file once (map, contacts, every frame); counter: frames.

#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "demo/demo_character.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "project/project_retarget_clips.h"

namespace {

void BM_RetargetAgain(benchmark::State& state) {
  const std::filesystem::path shared(ANIMVIEW_SHARED_ASSETS);
  importer::ImportResult source =
      importer::import_file((shared / "cmu/scaled_131_01.bvh").string(), {});
  importer::ImportResult target =
      importer::import_file((shared / "kaykit/Knight.glb").string(), {});
  const bool real = source.ok() && target.ok();
  const importer::Character from = real ? source.character : demo::make_demo_character();
  const importer::Character onto = real ? target.character : demo::make_demo_character();
  const anim::Rig rig = importer::find_character_rig(onto);
  project::ProjectRetarget entry;
  entry.corrections = {
      {onto.skeleton.joint_names[static_cast<std::size_t>(rig.limbs.back().joints[0])], ""}};
  double frames = 0.0;
  for (auto _ : state) {
    importer::ClipRetargeting result = project::retarget_project_clips(entry, from, onto, rig);
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
