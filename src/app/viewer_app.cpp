#include <glad/gl.h>
// glad first: GLFW and the ImGui backend must not pull in another GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/viewer_options.h"
#include "render/camera_controller.h"
#include "render/frame_capture.h"
#include "render/gl_window.h"
#include "render/line_renderer.h"
#include "render/orbit_camera.h"
#include "ui/main_menu.h"
#include "ui/stats_overlay.h"
#include "ui/view_settings.h"

namespace app {
namespace {

render::PointerInput read_pointer(GLFWwindow* window, double& last_x, double& last_y,
                                  float wheel) {
  render::PointerInput in;
  double x = 0.0, y = 0.0;
  glfwGetCursorPos(window, &x, &y);
  in.dx = static_cast<float>(x - last_x);
  in.dy = static_cast<float>(y - last_y);
  last_x = x;
  last_y = y;
  in.wheel = wheel;
  in.left = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  in.middle = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS;
  in.right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  in.alt = glfwGetKey(window, GLFW_KEY_LEFT_ALT) == GLFW_PRESS ||
           glfwGetKey(window, GLFW_KEY_RIGHT_ALT) == GLFW_PRESS;
  in.shift = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
             glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
  in.ctrl = glfwGetKey(window, GLFW_KEY_LEFT_CONTROL) == GLFW_PRESS ||
            glfwGetKey(window, GLFW_KEY_RIGHT_CONTROL) == GLFW_PRESS;
  return in;
}

// animview_screenshot_NNN.png in the working folder, the first number not taken.
std::string next_screenshot_path() {
  for (int i = 1;; ++i) {
    char name[64];
    std::snprintf(name, sizeof(name), "animview_screenshot_%03d.png", i);
    if (!std::filesystem::exists(name)) return name;
  }
}

float g_scroll = 0.0f;
void on_scroll(GLFWwindow* window, double dx, double dy) {
  ImGui_ImplGlfw_ScrollCallback(window, dx, dy);
  if (!ImGui::GetIO().WantCaptureMouse) g_scroll += static_cast<float>(dy);
}

}  // namespace

int run_viewer(const ViewerOptions& options) {
  render::GlWindow window;
  const std::string error =
      window.open({options.width, options.height, !options.headless, "animview"});
  if (!error.empty()) {
    std::fprintf(stderr, "animview: %s\n", error.c_str());
    if (!std::getenv("DISPLAY")) {
      std::fprintf(stderr,
                   "animview: no display; use scripts/run.sh, which renders headless through "
                   "Xvfb, or xvfb-run animview --headless --out DIR\n");
    }
    return 1;
  }
  glfwSwapInterval(options.headless ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is code's, not a file's
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
  ImGui_ImplOpenGL3_Init("#version 450");
  glfwSetScrollCallback(window.handle(), on_scroll);

  render::LineRenderer lines;
  if (std::string e = lines.init(); !e.empty()) {
    std::fprintf(stderr, "animview: %s\n", e.c_str());
    return 1;
  }
  render::OrbitCamera camera;
  ui::ViewSettings settings;
  ui::FrameStats stats;
  std::ofstream state_log;
  if (!options.state_log.empty()) state_log.open(options.state_log, std::ios::app);
  if (options.headless) std::filesystem::create_directories(options.out_dir);

  double last_x = 0.0, last_y = 0.0;
  glfwGetCursorPos(window.handle(), &last_x, &last_y);
  auto last_time = std::chrono::steady_clock::now();
  int frame = 0;
  while (!glfwWindowShouldClose(window.handle())) {
    glfwPollEvents();
    const auto now = std::chrono::steady_clock::now();
    stats.frame_ms = std::chrono::duration<float, std::milli>(now - last_time).count();
    last_time = now;

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ui::draw_main_menu(settings);
    ui::draw_stats_overlay(stats);
    ui::draw_help_window(settings);
    if (settings.show_side_panel) {
      const ImGuiViewport* vp = ImGui::GetMainViewport();
      // Docked to the left under the menu bar, which only has its height after the first frame.
      const float top = std::max(vp->WorkPos.y, ImGui::GetFrameHeight());
      ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, top), ImGuiCond_Always);
      ImGui::SetNextWindowSize(ImVec2(340.0f, vp->Size.y - top), ImGuiCond_FirstUseEver);
      ImGui::Begin("Scene", &settings.show_side_panel);
      ImGui::TextUnformatted("No file loaded");
      ImGui::End();
    }
    ImGuiIO& io = ImGui::GetIO();
    if (!io.WantCaptureKeyboard) {
      if (ImGui::IsKeyPressed(GLFW_KEY_H)) settings.show_help = !settings.show_help;
      if (ImGui::IsKeyPressed(GLFW_KEY_Q) && io.KeyCtrl) settings.request_quit = true;
    }
    // F12 works even while a text field has focus: a screenshot never edits anything.
    const bool take_screenshot = ImGui::IsKeyPressed(GLFW_KEY_F12, false);

    int width = 0, height = 0;
    glfwGetFramebufferSize(window.handle(), &width, &height);
    const render::PointerInput pointer = read_pointer(window.handle(), last_x, last_y, g_scroll);
    g_scroll = 0.0f;
    if (!io.WantCaptureMouse) {
      render::navigate(camera, settings.navigation, pointer, static_cast<float>(height));
    }

    glViewport(0, 0, width, height);
    glClearColor(0.18f, 0.19f, 0.22f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
    const glm::mat4 view_projection = camera.projection(aspect) * camera.view();
    if (settings.show_grid) lines.add_grid(10.0f, 0.5f);
    lines.draw(view_projection);

    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (take_screenshot) {
      const std::string path = next_screenshot_path();
      glFinish();
      const std::string e = render::write_png(render::read_framebuffer(width, height), path);
      std::printf("%s\n", e.empty() ? ("animview: screenshot " + path).c_str() : e.c_str());
      std::fflush(stdout);
    }
    if (state_log.is_open()) {
      state_log << "{\"frame\":" << frame << ",\"camera_distance\":" << camera.distance_m
                << "}\n";
      state_log.flush();
    }
    if (options.headless) {
      char name[64];
      std::snprintf(name, sizeof(name), "frame_%04d.png", frame);
      const std::string path = (std::filesystem::path(options.out_dir) / name).string();
      glFinish();
      if (std::string e = render::write_png(render::read_framebuffer(width, height), path);
          !e.empty()) {
        std::fprintf(stderr, "animview: %s\n", e.c_str());
        return 1;
      }
      std::printf("%s\n", path.c_str());
    }
    glfwSwapBuffers(window.handle());
    ++frame;
    if (frame == 1) std::printf("animview: first frame\n"), std::fflush(stdout);
    if (options.headless && frame >= options.frames) break;
    if (options.max_frames > 0 && frame >= options.max_frames) break;
    if (settings.request_quit) glfwSetWindowShouldClose(window.handle(), GLFW_TRUE);
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return 0;
}

}  // namespace app
