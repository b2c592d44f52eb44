// The viewer's ImGui renderer against Dear ImGui's own OpenGL 3 backend: the same frame drawn
// by both into the same offscreen target gives the same bytes (ui/imgui_renderer.h's promise),
// with text, large and small fills, gradients, antialiased lines and circles, and clipping. And
// frames whose lists stand still, copied from last frame, against the same frames drawn.

#include <glad/gl.h>

#include <algorithm>
#include <cstddef>
#include <iterator>
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

// What changes between the frames of the copy test: the panel's slider, and a square drawn under
// the panel's corner at an offset.
float g_weight = 0.62f;
float g_square_offset = 0.0f;
// A small window over the panel's bottom edge and the grey below, in some frames of the
// kept-picture test: a later list over an earlier one, which comes and goes.
bool g_note = false;

// A panel of the viewer's kinds of widgets, and a drawing over the background: a gradient, a
// filled and an outlined circle, thin and thick lines at odd angles (ImGui's textured lines).
void build_frame() {
  ImGui::SetNextWindowPos(ImVec2(8.0f, 6.0f));
  ImGui::SetNextWindowSize(ImVec2(190.0f, 220.0f));
  ImGui::Begin("Panel");
  ImGui::Text("Heaviest clip: walk_forward");
  static bool on = true;
  ImGui::Checkbox("Foot IK", &on);
  ImGui::SliderFloat("weight", &g_weight, 0.0f, 1.0f);
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
  const ImVec2 corner(150.0f + g_square_offset, 190.0f);
  draw->AddRectFilled(corner, ImVec2(corner.x + 20.0f, corner.y + 20.0f),
                      IM_COL32(250, 0, 250, 255));
  if (g_note) {
    ImGui::SetNextWindowPos(ImVec2(110.0f, 205.0f));
    ImGui::Begin("Note", nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing);
    ImGui::Text("over the panel");
    ImGui::End();
  }
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

  // Clears the target to a grey and lets draw draw the frame over it; returns the pixels. With a
  // view colour, a stand-in for the 3D view fills kView first.
  template <typename Draw>
  render::Image picture(Draw draw, const float* view_color = nullptr, int square_x = -1) {
    EXPECT_EQ(target_.bind(kWidth, kHeight), "");
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(kGrey.x, kGrey.y, kGrey.z, kGrey.w);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (view_color) paint_view(view_color, square_x);
    draw();
    render::Image image = render::read_framebuffer(kWidth, kHeight);
    render::OffscreenTarget::unbind();
    return image;
  }

  // Paints the view's stand-in into the bound target, with a yellow square at x (GL's pixels)
  // unless x is negative.
  static void paint_view(const float* view_color, int square_x = -1) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(kView.x, kView.y, kView.width, kView.height);
    glClearColor(view_color[0], view_color[1], view_color[2], 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    if (square_x >= 0) {
      const PixelRect square = view_square(square_x);
      glScissor(square.x, square.y, square.width, square.height);
      glClearColor(0.9f, 0.8f, 0.1f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
  }
  static PixelRect view_square(int x) { return {x, 110, 12, 12}; }

  // Frames drawn into a target cleared once, whose view alone is repainted: each starts from the
  // picture the last one finished with, as a back buffer copied to the window, not swapped. They
  // must give the bytes of drawing each frame over a cleared target. With view_in_part, the view
  // keeps its colour and only a square moving across it, under the background drawing, changes:
  // only where the square was and is is repainted, and the view's picture is handed to the
  // renderer (ImGuiBackdrop::view_picture).
  void check_frames_over_a_kept_picture(bool view_in_part);

  static inline const ImVec4 kGrey{0.35f, 0.37f, 0.4f, 1.0f};
  // Right of the panel, under the background drawing: redrawn every frame, as the 3D view is.
  static constexpr PixelRect kView{200, 0, 120, 240};

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

TEST_F(ImGuiRendererPixels, ListsCopiedFromLastFrameGiveTheBytesOfDrawingThem) {
  ImGuiRenderer cached;
  ASSERT_EQ(cached.init(), "");
  const ImGuiBackdrop backdrop{kView, kGrey};
  // Per frame: the panel's slider, the square's offset under the panel, and how many lists are
  // copied: the panel from its third still frame on; never the background drawing, which lies
  // in the redrawn view. The square under the panel's corner leaves it copied but drawn again
  // over the square's old and new place.
  struct Step {
    float weight, offset;
    int copied;
  };
  const Step steps[] = {{0.62f, 0.0f, 0}, {0.62f, 0.0f, 0}, {0.62f, 0.0f, 1}, {0.62f, 0.0f, 1},
                        {0.3f, 0.0f, 0},  {0.3f, 0.0f, 0},  {0.3f, 0.0f, 1},  {0.3f, 4.0f, 1},
                        {0.3f, 9.0f, 1},  {0.3f, 9.0f, 1}};
  int frame = 0;
  for (const Step& step : steps) {
    g_weight = step.weight;
    g_square_offset = step.offset;
    imgui_.frame(build_frame);
    const ImDrawData* data = ImGui::GetDrawData();
    ASSERT_NE(data, nullptr);
    const float view_color[3] = {0.1f * static_cast<float>(frame % 10), 0.5f, 0.2f};
    const render::Image drawn = picture([&] { renderer_.draw(*data); }, view_color);
    const render::Image copied = picture([&] { cached.draw(*data, &backdrop); }, view_color);
    ASSERT_EQ(drawn.rgba.size(), copied.rgba.size());
    std::size_t differing = 0;
    for (std::size_t i = 0; i < drawn.rgba.size(); ++i)
      differing += drawn.rgba[i] != copied.rgba[i];
    EXPECT_EQ(differing, 0u) << "frame " << frame;
    EXPECT_EQ(cached.lists_copied(), step.copied) << "frame " << frame;
    ++frame;
  }
  g_weight = 0.62f;
  g_square_offset = 0.0f;
}

void ImGuiRendererPixels::check_frames_over_a_kept_picture(bool view_in_part) {
  ImGuiRenderer kept;
  ASSERT_EQ(kept.init(), "");
  render::OffscreenTarget kept_target, view_target;
  // Per frame: the slider, the square's offset under the panel, and the note over the panel.
  struct Step {
    float weight, offset;
    bool note;
  };
  const Step steps[] = {{0.62f, 0.0f, false}, {0.62f, 0.0f, false}, {0.62f, 0.0f, false},
                        {0.62f, 0.0f, true},  {0.62f, 0.0f, true},  {0.62f, 0.0f, true},
                        {0.3f, 0.0f, true},   {0.3f, 0.0f, false},  {0.3f, 0.0f, false},
                        {0.3f, 4.0f, false},  {0.3f, 9.0f, false},  {0.3f, 9.0f, false},
                        {0.3f, 9.0f, false}};
  // Grey background outside every list and the view (GL rows from the bottom): no frame after
  // the first has a reason to touch it.
  constexpr int kUntouchedX = 3, kUntouchedY = 3;
  const std::size_t untouched =
      4 * ((kHeight - 1 - kUntouchedY) * kWidth + kUntouchedX);  // rows from the top
  const std::size_t last = std::size(steps) - 1;
  for (std::size_t frame = 0; frame < std::size(steps); ++frame) {
    g_weight = steps[frame].weight;
    g_square_offset = steps[frame].offset;
    g_note = steps[frame].note;
    imgui_.frame(build_frame);
    const ImDrawData* data = ImGui::GetDrawData();
    ASSERT_NE(data, nullptr);
    const float view_color[3] = {view_in_part ? 0.2f : 0.1f * static_cast<float>(frame % 10), 0.5f,
                                 0.2f};
    const int square_x = view_in_part ? 205 + 8 * static_cast<int>(frame) : -1;
    const render::Image drawn = picture([&] { renderer_.draw(*data); }, view_color, square_x);
    ASSERT_EQ(view_target.bind(kWidth, kHeight), "");
    paint_view(view_color, square_x);
    ASSERT_EQ(kept_target.bind(kWidth, kHeight), "");
    glViewport(0, 0, kWidth, kHeight);
    if (frame == 0) {
      glClearColor(kGrey.x, kGrey.y, kGrey.z, kGrey.w);
      glClear(GL_COLOR_BUFFER_BIT);
    } else if (frame == last) {  // a mark the last frame must leave where nothing changed
      glEnable(GL_SCISSOR_TEST);
      glScissor(kUntouchedX, kUntouchedY, 1, 1);
      glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDisable(GL_SCISSOR_TEST);
    }
    const bool in_part = view_in_part && frame > 0;
    if (in_part) {  // where the square was and is
      const PixelRect r = bounding(view_square(square_x - 8), view_square(square_x));
      glBlitNamedFramebuffer(view_target.framebuffer(), kept_target.framebuffer(), r.x, r.y,
                             r.x + r.width, r.y + r.height, r.x, r.y, r.x + r.width, r.y + r.height,
                             GL_COLOR_BUFFER_BIT, GL_NEAREST);
    } else {
      paint_view(view_color, square_x);
    }
    const ImGuiBackdrop backdrop{kView, kGrey, frame > 0, in_part ? view_target.framebuffer() : 0};
    kept.draw(*data, &backdrop);
    render::Image composed = render::read_framebuffer(kWidth, kHeight);
    render::OffscreenTarget::unbind();
    ASSERT_EQ(drawn.rgba.size(), composed.rgba.size());
    if (frame == last) {
      EXPECT_EQ(composed.rgba[untouched], 255);
      EXPECT_EQ(composed.rgba[untouched + 1], 0);
      std::copy_n(drawn.rgba.begin() + static_cast<std::ptrdiff_t>(untouched), 4,
                  composed.rgba.begin() + static_cast<std::ptrdiff_t>(untouched));
    }
    std::size_t differing = 0;
    for (std::size_t i = 0; i < drawn.rgba.size(); ++i)
      differing += drawn.rgba[i] != composed.rgba[i];
    EXPECT_EQ(differing, 0u) << "frame " << frame;
  }
  g_weight = 0.62f;
  g_square_offset = 0.0f;
  g_note = false;
}

TEST_F(ImGuiRendererPixels, OverAKeptPictureTheFramesHaveTheBytesOfDrawingThem) {
  check_frames_over_a_kept_picture(false);
}

TEST_F(ImGuiRendererPixels, OverAKeptPictureWithAViewChangedInPartTheFramesHaveTheSameBytes) {
  check_frames_over_a_kept_picture(true);
}

}  // namespace
}  // namespace ui
