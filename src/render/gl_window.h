#pragma once
// A GLFW window with an OpenGL 4.5 core context, loaded through glad. The same code opens the
// viewer's window, the hidden windows of the GL tests, and headless rendering under Xvfb.

#include <string>
#include <string_view>

struct GLFWwindow;

namespace render {

struct WindowOptions {
  int width = 1280;
  int height = 720;
  bool visible = true;
  std::string title = "animview";
  // Multisampling of the window's framebuffer: a sample count (0 = none), or kAutoSamples: 4 on
  // a GPU, none on a software renderer (llvmpipe spends most of a frame on the extra samples).
  int samples = kAutoSamples;
  static constexpr int kAutoSamples = -1;
};

// What the window system says about the density of the screen a window is on, for a default UI
// scale (ui::screen_ui_scale): its content scale (1 when the desktop sets none) and the monitor's
// width in pixels and millimetres (0 when unknown).
struct ScreenDensity {
  float content_scale = 1.0f;
  int monitor_width_px = 0;
  int monitor_width_mm = 0;
};

// Whether a GL_RENDERER string names a software rasterizer (Mesa's llvmpipe, softpipe, swrast).
bool is_software_renderer(std::string_view gl_renderer);

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
  // The samples the window was created with (after kAutoSamples was resolved).
  int samples() const { return samples_; }
  bool is_open() const { return window_ != nullptr; }
  // The density of the screen: the window's content scale and the primary monitor's size.
  ScreenDensity screen_density() const;

  // Shows what was drawn. On a software renderer under X11 with GLX_MESA_copy_sub_buffer the back
  // buffer is copied to the window instead of swapped, and so still holds this frame's picture
  // when the next begins (back_buffer_kept): a frame may then draw only where it differs. Swapping
  // would leave the back buffer undefined, which is why drivers report a buffer age of 0 there.
  void present();
  // Whether the back buffer holds the picture present() showed last: it was copied, not
  // swapped, and the framebuffer has kept its size since.
  bool back_buffer_kept() const;

  // The GL_RENDERER and GL_VERSION strings of the current context.
  static std::string renderer();
  static std::string version();

 private:
  // Creates the window with that many samples and loads GL; the cause on failure.
  std::string create(const WindowOptions& options, int samples);

  // glXCopySubBufferMESA's signature, with X11's types left opaque.
  using CopySubBuffer = void (*)(void* display, unsigned long drawable, int x, int y, int width,
                                 int height);

  GLFWwindow* window_ = nullptr;
  int samples_ = 0;
  CopySubBuffer copy_sub_buffer_ = nullptr;         // null: present() swaps
  int presented_width_ = 0, presented_height_ = 0;  // of the last present by copy; 0 when none
};

}  // namespace render
