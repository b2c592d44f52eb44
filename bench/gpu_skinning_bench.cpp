// GPU skinning and morphing cost per method for a crowd of the demo character (or any character
// file with --character=PATH), on whatever GL 4.5 driver the display offers (Mesa llvmpipe under
// Xvfb on the build machines):
//   xvfb-run -a -s '-screen 0 1280x720x24' ./build/bench/gpu_skinning_bench
// or, with --headless, on an EGL device with no X display (a GPU server):
//   ./build/bench/gpu_skinning_bench --headless --character=Fox.glb
// BM_CrowdFrame: the whole frame (N instances' frames, palettes, one upload, one instanced draw at
// 1280x720, wait for the GPU). BM_CrowdDraw: the draw alone with a fixed palette, so the ratio
// of the DualQuat and Lbs figures is the ratio of the two shaders' costs. BM_CrowdDrawMorphed:
// the same draw with every morph target of the character weighted (up to the shaders' 64), so
// its excess over BM_CrowdDraw is the cost of morphing. The gpu_ms counter is the draws'
// GL_TIME_ELAPSED per frame.

#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "anim/crowd.h"
#include "demo/demo_character.h"
#include "import/importer.h"
#include "render/crowd_palettes.h"
#include "render/gl_window.h"
#include "render/gpu_mesh.h"
#include "render/gpu_timer.h"
#include "render/headless_gl_context.h"
#include "render/orbit_camera.h"
#include "render/skinned_mesh_renderer.h"
#include "render/skinning_palette_buffer.h"

namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
constexpr float kSpacing_m = 1.5f;

// Everything the benchmarks share, set up once in main.
struct Scene {
  render::GlWindow window;
  render::HeadlessGlContext headless;  // instead of the window with --headless
  importer::Character character;
  anim::BoundCharacter bound;  // the character's first clip, previewed by every instance
  anim::GraphBinding no_graph;
  render::SkinnedMeshRenderer renderer;
  std::vector<render::GpuMesh> meshes;
  std::size_t vertices = 0;  // over all meshes
  // Per mesh, every morph target weighted alike (empty for a mesh without targets).
  std::vector<std::vector<float>> all_targets_weighted;
  int morph_targets = 0;  // over all meshes
};
Scene* g_scene = nullptr;

// The crowd's frame at time_s (count instances set up on the first call) and its palettes.
std::string play_crowd(const Scene& scene, int count, float time_s, bool matrices, bool dual_quats,
                       anim::Crowd& crowd, render::CrowdPalettes& palettes,
                       render::SkinningPaletteBuffer& palette) {
  anim::CharacterSettings settings;
  settings.matrix_palette = matrices;
  settings.dual_quat_palette = dual_quats;
  const anim::Parameters none;
  if (crowd.count() != count) {
    const float stagger_s = scene.bound.clips.front().duration_s;
    if (std::string e =
            crowd.setup(scene.bound, scene.no_graph, none, count, kSpacing_m, stagger_s, settings);
        !e.empty()) {
      return e;
    }
  }
  crowd.set_preview(0, time_s);
  if (std::string e = crowd.set_settings(settings); !e.empty()) return e;
  if (anim::JobResult r = crowd.update(0.0f, none, anim::Terrain{}); !r) return r.error;
  return palettes.upload(crowd, matrices, dual_quats, palette);
}

std::string setup(Scene& scene, const std::string& which, bool headless) {
  if (std::string error = headless
                              ? scene.headless.open(kWidth, kHeight)
                              : scene.window.open({kWidth, kHeight, false, "gpu_skinning_bench"});
      !error.empty()) {
    return error;
  }
  if (which == "demo") {
    scene.character = demo::make_demo_character();
  } else {
    importer::ImportResult imported = importer::import_file(which, {});
    if (!imported.ok()) return imported.error;
    scene.character = std::move(imported.character);
  }
  if (scene.character.clips.empty()) return "the character has no clip";
  if (std::string error = anim::bind_character(scene.character.skeleton,
                                               {scene.character.clips.front()}, {}, scene.bound);
      !error.empty()) {
    return error;
  }
  if (std::string error = scene.renderer.init(); !error.empty()) return error;
  for (const anim::SkinnedMesh& mesh : scene.character.meshes) {
    render::GpuMesh gpu;
    if (std::string error = gpu.upload(mesh, scene.character.skeleton.joint_count());
        !error.empty()) {
      return error;
    }
    scene.meshes.push_back(std::move(gpu));
    scene.vertices += mesh.vertex_count();
    scene.all_targets_weighted.emplace_back(mesh.morph_targets.size(), 0.5f);
    scene.morph_targets += static_cast<int>(mesh.morph_targets.size());
  }
  // One frame per method before timing: the driver compiles shaders on their first draw.
  anim::Crowd crowd;
  render::CrowdPalettes palettes;
  render::SkinningPaletteBuffer palette;
  std::string error = play_crowd(scene, 1, 0.0f, true, true, crowd, palettes, palette);
  for (auto method : {visual::SkinningChoice::Lbs, visual::SkinningChoice::DualQuat}) {
    render::MeshDrawOptions options;
    options.method = method;
    for (const render::GpuMesh& mesh : scene.meshes) {
      if (error.empty()) error = scene.renderer.draw(mesh, palette, glm::mat4(1.0f), options);
    }
  }
  glFinish();
  return error;
}

// A camera that sees the whole crowd of count characters.
glm::mat4 crowd_view_projection(int count) {
  const float half = 0.5f * kSpacing_m * std::ceil(std::sqrt(static_cast<float>(count))) + 0.5f;
  render::OrbitCamera camera;
  camera.frame({-half, 0.0f, -half}, {half, 1.8f, half}, static_cast<float>(kWidth) / kHeight);
  return camera.projection(static_cast<float>(kWidth) / kHeight) * camera.view();
}

// Draws one frame and waits for it; returns the GPU time of the draws (GL_TIME_ELAPSED), ms.
// morphed: every mesh with all its morph targets weighted.
double draw(render::SkinnedMeshRenderer& renderer, const render::SkinningPaletteBuffer& palette,
            visual::SkinningChoice method, int count, const glm::mat4& view_projection,
            bool morphed, benchmark::State& state) {
  static render::GpuTimer timer;
  glViewport(0, 0, kWidth, kHeight);
  glClearColor(0.2f, 0.2f, 0.22f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  render::MeshDrawOptions options;
  options.method = method;
  options.instance_count = count;
  timer.begin();
  std::string error;
  for (std::size_t m = 0; m < g_scene->meshes.size(); ++m) {
    options.morph_weights = morphed ? std::span<const float>(g_scene->all_targets_weighted[m])
                                    : std::span<const float>();
    if (error.empty()) error = renderer.draw(g_scene->meshes[m], palette, view_projection, options);
  }
  timer.end();
  if (!error.empty()) state.SkipWithError(error.c_str());
  glFinish();  // the frame is done when the GPU is
  timer.wait();
  return timer.latest_ms();
}

void set_counters(benchmark::State& state, int count, double gpu_ms_total) {
  state.counters["gpu_ms"] = gpu_ms_total / static_cast<double>(state.iterations());
  state.counters["vertices"] = static_cast<double>(g_scene->vertices) * count;
  state.counters["vertices/s"] = benchmark::Counter(
      static_cast<double>(g_scene->vertices) * count * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

template <visual::SkinningChoice kMethod>
void BM_CrowdFrame(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  anim::Crowd crowd;
  render::CrowdPalettes palettes;
  render::SkinningPaletteBuffer palette;
  const glm::mat4 view_projection = crowd_view_projection(count);
  const bool lbs = kMethod == visual::SkinningChoice::Lbs;
  float time_s = 0.0f;
  double gpu_ms = 0.0;
  for (auto _ : state) {
    if (std::string error =
            play_crowd(*g_scene, count, time_s, lbs, !lbs, crowd, palettes, palette);
        !error.empty()) {
      state.SkipWithError(error.c_str());
      return;
    }
    gpu_ms += draw(g_scene->renderer, palette, kMethod, count, view_projection, false, state);
    time_s += 1.0f / 60.0f;
  }
  set_counters(state, count, gpu_ms);
}

template <visual::SkinningChoice kMethod, bool kMorphed>
void BM_CrowdDraw(benchmark::State& state) {
  if (kMorphed && g_scene->morph_targets == 0) {
    state.SkipWithError("the character has no morph targets");
    return;
  }
  const int count = static_cast<int>(state.range(0));
  anim::Crowd crowd;
  render::CrowdPalettes palettes;
  render::SkinningPaletteBuffer palette;
  if (std::string error = play_crowd(*g_scene, count, 0.3f, true, true, crowd, palettes, palette);
      !error.empty()) {
    state.SkipWithError(error.c_str());
    return;
  }
  const glm::mat4 view_projection = crowd_view_projection(count);
  double gpu_ms = 0.0;
  for (auto _ : state) {
    gpu_ms += draw(g_scene->renderer, palette, kMethod, count, view_projection, kMorphed, state);
  }
  set_counters(state, count, gpu_ms);
}

#define CROWD_SIZES \
  Arg(1)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime()
BENCHMARK(BM_CrowdFrame<visual::SkinningChoice::Lbs>)->CROWD_SIZES;
BENCHMARK(BM_CrowdFrame<visual::SkinningChoice::DualQuat>)->CROWD_SIZES;
BENCHMARK(BM_CrowdDraw<visual::SkinningChoice::Lbs, false>)->CROWD_SIZES;
BENCHMARK(BM_CrowdDraw<visual::SkinningChoice::DualQuat, false>)->CROWD_SIZES;
BENCHMARK(BM_CrowdDraw<visual::SkinningChoice::Lbs, true>)->CROWD_SIZES;
BENCHMARK(BM_CrowdDraw<visual::SkinningChoice::DualQuat, true>)->CROWD_SIZES;

}  // namespace

int main(int argc, char** argv) {
  // Our own flag, taken out before Google Benchmark parses the rest.
  std::string which = "demo";
  bool headless = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--character=", 0) == 0) {
      which = arg.substr(12);
    } else if (arg == "--headless") {
      headless = true;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Scene scene;
  if (std::string error = setup(scene, which, headless); !error.empty()) {
    std::fprintf(stderr, "gpu_skinning_bench: %s\n", error.c_str());
    return 1;
  }
  g_scene = &scene;
  benchmark::AddCustomContext("renderer", render::GlWindow::renderer());
  benchmark::AddCustomContext(
      "character", which + ", " + std::to_string(scene.vertices) + " vertices, " +
                       std::to_string(scene.character.skeleton.joint_count()) + " joints, " +
                       std::to_string(scene.morph_targets) + " morph targets");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
