#include "render/gl_window.h"

#include <glad/gl.h>
// glad must come first: GLFW would otherwise pull in the system GL header.
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#define GLFW_EXPOSE_NATIVE_GLX
#include <GLFW/glfw3native.h>

#include <chrono>
#include <thread>

namespace render {
namespace {
std::string g_last_glfw_error;

void record_glfw_error(int, const char* description) {
  g_last_glfw_error = description;
}
}  // namespace

GlWindow::~GlWindow() {
  if (window_) glfwDestroyWindow(window_);
}

std::string GlWindow::open(const WindowOptions& options) {
  glfwSetErrorCallback(record_glfw_error);
  // An X server under load can refuse a connection for a moment: try a few times before
  // reporting that there is no display.
  bool initialised = false;
  for (int attempt = 0; attempt < 5 && !initialised; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    initialised = glfwInit() == GLFW_TRUE;
  }
  if (!initialised) return "cannot initialise GLFW: " + g_last_glfw_error;
  const int samples = options.samples == WindowOptions::kAutoSamples ? 4 : options.samples;
  if (std::string e = create(options, samples); !e.empty()) return e;
  // GL_RENDERER is only known once a context exists: on a software renderer the automatic choice
  // starts again without multisampling (about 50 ms, once).
  if (options.samples == WindowOptions::kAutoSamples && samples > 0 &&
      is_software_renderer(renderer())) {
    glfwDestroyWindow(window_);
    window_ = nullptr;
    return create(options, 0);
  }
  return {};
}

bool is_software_renderer(std::string_view gl_renderer) {
  for (std::string_view name : {"llvmpipe", "softpipe", "swrast", "Software Rasterizer"}) {
    if (gl_renderer.find(name) != std::string_view::npos) return true;
  }
  return false;
}

std::string GlWindow::create(const WindowOptions& options, int samples) {
  samples_ = samples;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SAMPLES, samples);
  window_ =
      glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
  if (!window_) return "cannot create an OpenGL 4.5 core window: " + g_last_glfw_error;
  glfwMakeContextCurrent(window_);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    glfwDestroyWindow(window_);
    window_ = nullptr;
    return "cannot load OpenGL 4.5 functions";
  }
  copy_sub_buffer_ = nullptr;
  presented_width_ = presented_height_ = 0;
  // Only where a swap is itself a copy into the window (a software renderer's): on a GPU the
  // swap is the fast path, and the one that waits for the display.
  if (is_software_renderer(renderer()) && glfwExtensionSupported("GLX_MESA_copy_sub_buffer") &&
      glfwGetGLXWindow(window_) != None) {
    copy_sub_buffer_ = reinterpret_cast<CopySubBuffer>(glfwGetProcAddress("glXCopySubBufferMESA"));
  }
  return {};
}

void GlWindow::present() {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  if (copy_sub_buffer_ && width > 0 && height > 0) {
    copy_sub_buffer_(glfwGetX11Display(), glfwGetGLXWindow(window_), 0, 0, width, height);
    presented_width_ = width;
    presented_height_ = height;
    return;
  }
  glfwSwapBuffers(window_);
  presented_width_ = presented_height_ = 0;
}

bool GlWindow::back_buffer_kept() const {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  return presented_width_ > 0 && width == presented_width_ && height == presented_height_;
}

std::string GlWindow::renderer() {
  const auto* s = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return s ? s : "";
}

std::string GlWindow::version() {
  const auto* s = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  return s ? s : "";
}

ScreenDensity GlWindow::screen_density() const {
  ScreenDensity d;
  if (!window_) return d;
  float y_scale = 1.0f;
  glfwGetWindowContentScale(window_, &d.content_scale, &y_scale);
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
    int height_mm = 0;
    glfwGetMonitorPhysicalSize(monitor, &d.monitor_width_mm, &height_mm);
    if (const GLFWvidmode* mode = glfwGetVideoMode(monitor)) d.monitor_width_px = mode->width;
  }
  return d;
}

}  // namespace render
