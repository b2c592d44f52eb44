#pragma once
// A GLFW window with an OpenGL 4.5 core context, loaded through glad. The same code opens the
// viewer's window, the hidden windows of the GL tests, and headless rendering under Xvfb.

#include <string>

struct GLFWwindow;

namespace render {

struct WindowOptions {
  int width = 1280;
  int height = 720;
  bool visible = true;
  std::string title = "animview";
};

class GlWindow {
 public:
  GlWindow() = default;
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;
  ~GlWindow();

  // Opens the window and makes its context current. Returns an empty string on success, or
  // the cause (no display, no GL 4.5 core context, loader failure).
  std::string open(const WindowOptions& options);

  GLFWwindow* handle() const { return window_; }
  bool is_open() const { return window_ != nullptr; }

  // The GL_RENDERER and GL_VERSION strings of the current context.
  static std::string renderer();
  static std::string version();

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace render
