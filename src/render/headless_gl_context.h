#pragma once
// An OpenGL 4.5 core context with no window system: EGL on a device (EGL_EXT_platform_device)
// with an off-screen pbuffer as its default framebuffer, loaded through glad. For machines with
// a GPU and no X server (a render farm, a lent GPU machine); Mesa offers its software device
// too, so the same code runs on the build machines.

#include <string>

namespace render {

class HeadlessGlContext {
 public:
  HeadlessGlContext() = default;
  HeadlessGlContext(const HeadlessGlContext&) = delete;
  HeadlessGlContext& operator=(const HeadlessGlContext&) = delete;
  ~HeadlessGlContext();

  // Makes a width x height context current on the first EGL device that gives one (a GPU before
  // Mesa's software device). Returns "" or the cause (no EGL device, no GL 4.5 core context).
  std::string open(int width, int height);
  bool is_open() const { return context_ != nullptr; }

 private:
  // Tries one EGL display; "" when its context is current.
  std::string open_on(void* display, int width, int height);
  void close();

  void* display_ = nullptr;
  void* surface_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace render
