// The viewer's ImGui renderer against Dear ImGui's own OpenGL 3 backend: the same frame drawn
// by both into the same offscreen target gives the same bytes (ui/imgui_renderer.h's promise),
// with text, large and small fills, gradients, antialiased lines and circles, and clipping.

#include <glad/gl.h>

#include <cstddef>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "render/frame_capture.h"
#include "render/gl_fixture.h"
#include "render/offscreen_target.h"
#include "ui/headless_imgui.h"
#include "ui/imgui_renderer.h"

namespace ui {
namespace {

constexpr int kWidth = 320, kHeight = 240;

// A panel of the viewer's kinds of widgets, and a drawing over the background: a gradient, a
// filled and an outlined circle, thin and thick lines at odd angles (ImGui's textured lines).
void build_frame() {
  ImGui::SetNextWindowPos(ImVec2(8.0f, 6.0f));
  ImGui::SetNextWindowSize(ImVec2(190.0f, 220.0f));
  ImGui::Begin("Panel");
  ImGui::Text("Heaviest clip: walk_forward");
  static bool on = true;
  ImGui::Checkbox("Foot IK", &on);
  static float weight = 0.62f;
  ImGui::SliderFloat("weight", &weight, 0.0f, 1.0f);
  ImGui::Button("Reset to origin");
  if (ImGui::CollapsingHeader("Root motion", ImGuiTreeNodeFlags_DefaultOpen)) {
    static int mode = 1;
    ImGui::RadioButton("In place", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Applied", &mode, 1);
  }
  const float values[] = {0.1f, 0.7f, 0.3f, 0.9f, 0.5f, 0.2f};
  ImGui::PlotLines("##speed", values, 6, 0, nullptr, 0.0f, 1.0f, ImVec2(170.0f, 40.0f));
  ImGui::End();
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRectFilledMultiColor(ImVec2(200.0f, 10.0f), ImVec2(310.0f, 90.0f),
                                IM_COL32(200, 40, 40, 255), IM_COL32(40, 200, 40, 255),
                                IM_COL32(40, 40, 200, 180), IM_COL32(240, 240, 240, 90));
  draw->AddCircleFilled(ImVec2(255.0f, 150.0f), 33.5f, IM_COL32(90, 140, 220, 200));
  draw->AddCircle(ImVec2(255.0f, 150.0f), 45.25f, IM_COL32(250, 250, 250, 255), 0, 1.5f);
  draw->AddLine(ImVec2(205.0f, 225.0f), ImVec2(313.0f, 198.3f), IM_COL32(255, 200, 0, 255), 1.0f);
  draw->AddLine(ImVec2(210.0f, 100.0f), ImVec2(300.0f, 233.0f), IM_COL32(0, 255, 200, 160), 3.2f);
}

class ImGuiRendererPixels : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(kWidth, kHeight);
    ASSERT_TRUE(ImGui_ImplOpenGL3_Init("#version 450"));
    backend_ready_ = true;
    ImGui_ImplOpenGL3_NewFrame();  // makes the font atlas' texture
    ASSERT_EQ(renderer_.init(), "");
    // Two frames: the first places the window, the second draws it settled.
    imgui_.frame(build_frame);
    imgui_.frame(build_frame);
  }
  void TearDown() override {
    if (backend_ready_) ImGui_ImplOpenGL3_Shutdown();  // only what SetUp started
  }

  // Clears the target to a grey and lets draw draw the frame over it; returns the pixels.
  template <typename Draw>
  render::Image picture(Draw draw) {
    EXPECT_EQ(target_.bind(kWidth, kHeight), "");
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0.35f, 0.37f, 0.4f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    draw();
    render::Image image = render::read_framebuffer(kWidth, kHeight);
    render::OffscreenTarget::unbind();
    return image;
  }

  testing::HeadlessImGui imgui_;
  bool backend_ready_ = false;
  ImGuiRenderer renderer_;
  render::OffscreenTarget target_;
};

TEST_F(ImGuiRendererPixels, DrawsTheBackendsBytes) {
  ImDrawData* data = ImGui::GetDrawData();
  ASSERT_NE(data, nullptr);
  const render::Image backend = picture([&] { ImGui_ImplOpenGL3_RenderDrawData(data); });
  const render::Image ours = picture([&] { renderer_.draw(*data); });
  ASSERT_EQ(backend.rgba.size(), ours.rgba.size());
  std::size_t differing = 0, changed = 0;
  const std::vector<std::uint8_t> grey = picture([] {}).rgba;
  for (std::size_t i = 0; i < ours.rgba.size(); ++i) {
    if (ours.rgba[i] != backend.rgba[i]) ++differing;
    if (backend.rgba[i] != grey[i]) ++changed;
  }
  EXPECT_EQ(differing, 0u);
  EXPECT_GT(changed, 30000u);  // the frame covers much of the picture: a real comparison
}

}  // namespace
}  // namespace ui
