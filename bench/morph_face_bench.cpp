// What GPU morphing costs a face with many shapes of which few are active (#37's target: a
// 52-shape face with 5 shapes active costs at most 1.25x the frame of the same mesh with none
// active). There is no 52-shape face file among the assets, so one is generated: a sphere of a
// head's size and a realistic face's vertex count (101 x 101 = 10201 vertices, 20000
// triangles) with 52 targets, each a bump of position and normal deltas over every vertex
// (dense, as files store them). Drawn through the viewer's renderer at 1280x720 filling most of
// the frame, on whatever GL 4.5 driver the display offers (llvmpipe under Xvfb here):
//   xvfb-run -a -s '-screen 0 1280x720x24' ./build/bench/morph_face_bench
// BM_FaceFrame<method>/active:N: one frame (clear, the face drawn with N of its 52 shapes at
// weight 0.6, wait for the GPU). The gpu_ms counter is the draw's GL_TIME_ELAPSED.

#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "anim/dual_quat.h"
#include "anim/skinned_mesh.h"
#include "render/gl_window.h"
#include "render/gpu_mesh.h"
#include "render/gpu_timer.h"
#include "render/orbit_camera.h"
#include "render/skinned_mesh_renderer.h"
#include "render/skinning_palette_buffer.h"

namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
constexpr int kRings = 100;
constexpr int kShapes = 52;  // ARKit's blend shape count
constexpr float kRadius_m = 0.1f;
constexpr float kPi = 3.14159265f;

struct Scene {
  render::GlWindow window;
  render::SkinnedMeshRenderer renderer;
  render::GpuMesh face;
  render::SkinningPaletteBuffer palette;  // one joint at the identity, both methods
  glm::mat4 view_projection{1.0f};
};
Scene* g_scene = nullptr;

// The unit direction of the sphere's vertex (ring, segment).
glm::vec3 sphere_direction(int ring, int segment) {
  const float theta = kPi * static_cast<float>(ring) / kRings;
  const float phi = 2.0f * kPi * static_cast<float>(segment) / kRings;
  return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

// Target s: a bump of 8 mm around a direction spread over the sphere (a Fibonacci spiral), its
// normals tilted away from the bump's centre.
anim::MorphTarget bump_target(const anim::SkinnedMesh& mesh, int s) {
  const float y = 1.0f - 2.0f * (static_cast<float>(s) + 0.5f) / kShapes;
  const float ring = std::sqrt(1.0f - y * y);
  const float phi = 2.39996323f * static_cast<float>(s);
  const glm::vec3 centre{ring * std::cos(phi), y, ring * std::sin(phi)};
  anim::MorphTarget target;
  target.name = "shape" + std::to_string(s);
  for (const glm::vec3& n : mesh.normals) {
    const float d = glm::length(n - centre);
    const float bump = std::exp(-d * d / 0.08f);
    target.positions.push_back(n * (0.008f * bump));
    target.normals.push_back((n - centre) * (0.5f * bump));
  }
  return target;
}

anim::SkinnedMesh make_face() {
  anim::SkinnedMesh mesh;
  mesh.name = mesh.node_name = "Face";
  for (int r = 0; r <= kRings; ++r) {
    for (int s = 0; s <= kRings; ++s) {
      const glm::vec3 n = sphere_direction(r, s);
      mesh.positions.push_back(n * kRadius_m);
      mesh.normals.push_back(n);
      mesh.joints0.push_back(glm::uvec4(0));
      mesh.weights0.push_back({1.0f, 0.0f, 0.0f, 0.0f});
    }
  }
  for (int r = 0; r < kRings; ++r) {
    for (int s = 0; s < kRings; ++s) {
      const auto v = static_cast<std::uint32_t>(r * (kRings + 1) + s);
      const auto below = v + kRings + 1;
      mesh.indices.insert(mesh.indices.end(), {v, below, v + 1, v + 1, below, below + 1});
    }
  }
  for (int s = 0; s < kShapes; ++s) mesh.morph_targets.push_back(bump_target(mesh, s));
  mesh.morph_weights.assign(kShapes, 0.0f);
  return mesh;
}

std::string setup(Scene& scene) {
  if (std::string e = scene.window.open({kWidth, kHeight, false, "morph_face_bench"}); !e.empty()) {
    return e;
  }
  if (std::string e = scene.renderer.init(); !e.empty()) return e;
  if (std::string e = scene.face.upload(make_face(), 1); !e.empty()) return e;
  const glm::mat4 identity(1.0f);
  if (std::string e = scene.palette.upload_matrices({&identity, 1}, 1); !e.empty()) return e;
  const anim::DualQuat rigid = anim::DualQuat::identity();
  if (std::string e = scene.palette.upload_dual_quats({&rigid, 1}, {}, {}, 1); !e.empty()) {
    return e;
  }
  render::OrbitCamera camera;
  const float aspect = static_cast<float>(kWidth) / kHeight;
  camera.frame(glm::vec3(-kRadius_m), glm::vec3(kRadius_m), aspect);
  scene.view_projection = camera.projection(aspect) * camera.view();
  // The driver compiles the shaders on their first draw: one of each before timing.
  std::vector<float> weights(kShapes, 0.6f);
  render::MeshDrawOptions options;
  options.morph_weights = weights;
  for (auto method : {visual::SkinningChoice::Lbs, visual::SkinningChoice::DualQuat}) {
    options.method = method;
    if (std::string e =
            scene.renderer.draw(scene.face, scene.palette, scene.view_projection, options);
        !e.empty()) {
      return e;
    }
  }
  glFinish();
  return {};
}

template <visual::SkinningChoice kMethod>
void BM_FaceFrame(benchmark::State& state) {
  static render::GpuTimer timer;
  std::vector<float> weights(kShapes, 0.0f);
  const int active = static_cast<int>(state.range(0));
  for (int i = 0; i < active; ++i) weights[static_cast<std::size_t>(i * kShapes / active)] = 0.6f;
  render::MeshDrawOptions options;
  options.method = kMethod;
  options.morph_weights = weights;
  double gpu_ms = 0.0;
  for (auto _ : state) {
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0.2f, 0.2f, 0.22f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    timer.begin();
    const std::string error =
        g_scene->renderer.draw(g_scene->face, g_scene->palette, g_scene->view_projection, options);
    timer.end();
    glFinish();  // the frame is done when the GPU is
    timer.wait();
    gpu_ms += timer.latest_ms();
    if (!error.empty()) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.counters["gpu_ms"] = gpu_ms / static_cast<double>(state.iterations());
}

#define ACTIVE_SHAPES \
  ArgName("active")->Arg(0)->Arg(5)->Arg(52)->Unit(benchmark::kMillisecond)->UseRealTime()
BENCHMARK(BM_FaceFrame<visual::SkinningChoice::Lbs>)->ACTIVE_SHAPES;
BENCHMARK(BM_FaceFrame<visual::SkinningChoice::DualQuat>)->ACTIVE_SHAPES;

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Scene scene;
  if (std::string error = setup(scene); !error.empty()) {
    std::fprintf(stderr, "morph_face_bench: %s\n", error.c_str());
    return 1;
  }
  g_scene = &scene;
  benchmark::AddCustomContext("renderer", render::GlWindow::renderer());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
