#include "render/headless_gl_context.h"

#include <glad/gl.h>
// glad first: EGL's headers would otherwise pull in a system GL header.
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <array>
#include <cstring>

namespace render {
namespace {

template <typename Function>
Function egl_extension(const char* name) {
  return reinterpret_cast<Function>(eglGetProcAddress(name));
}

GLADapiproc load_gl(const char* name) {
  return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

}  // namespace

HeadlessGlContext::~HeadlessGlContext() {
  close();
}

void HeadlessGlContext::close() {
  if (!display_) return;
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context_) eglDestroyContext(display_, context_);
  if (surface_) eglDestroySurface(display_, surface_);
  eglTerminate(display_);
  display_ = surface_ = context_ = nullptr;
}

std::string HeadlessGlContext::open(int width, int height) {
  const auto query_devices = egl_extension<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  const auto platform_display =
      egl_extension<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  if (!query_devices || !platform_display) {
    return "EGL offers no device platform (EGL_EXT_device_enumeration, EGL_EXT_platform_device)";
  }
  std::array<EGLDeviceEXT, 16> devices{};
  EGLint count = 0;
  if (!query_devices(static_cast<EGLint>(devices.size()), devices.data(), &count) || count == 0) {
    return "EGL finds no device";
  }
  // Software devices last, so a GPU is chosen where there is one.
  std::string causes;
  for (const bool software_pass : {false, true}) {
    for (EGLint i = 0; i < count; ++i) {
      const auto query_string =
          egl_extension<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
      const char* extensions = query_string ? query_string(devices[i], EGL_EXTENSIONS) : nullptr;
      const bool software =
          extensions && std::strstr(extensions, "EGL_MESA_device_software") != nullptr;
      if (software != software_pass) continue;
      EGLDisplay display = platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
      const std::string error = display ? open_on(display, width, height) : "no display";
      if (error.empty()) return {};
      causes += (causes.empty() ? "" : "; ") + error;
    }
  }
  return "no EGL device gives an OpenGL 4.5 core context: " + causes;
}

std::string HeadlessGlContext::open_on(void* display, int width, int height) {
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) return "eglInitialize failed";
  display_ = display;
  const std::array<EGLint, 15> config_attributes = {EGL_SURFACE_TYPE,
                                                    EGL_PBUFFER_BIT,
                                                    EGL_RENDERABLE_TYPE,
                                                    EGL_OPENGL_BIT,
                                                    EGL_RED_SIZE,
                                                    8,
                                                    EGL_GREEN_SIZE,
                                                    8,
                                                    EGL_BLUE_SIZE,
                                                    8,
                                                    EGL_DEPTH_SIZE,
                                                    24,
                                                    EGL_ALPHA_SIZE,
                                                    8,
                                                    EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(display, config_attributes.data(), &config, 1, &configs) || configs == 0) {
    close();
    return "no RGBA8 + depth pbuffer config";
  }
  const std::array<EGLint, 5> surface_attributes = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
  surface_ = eglCreatePbufferSurface(display, config, surface_attributes.data());
  eglBindAPI(EGL_OPENGL_API);
  const std::array<EGLint, 7> context_attributes = {EGL_CONTEXT_MAJOR_VERSION,
                                                    4,
                                                    EGL_CONTEXT_MINOR_VERSION,
                                                    5,
                                                    EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                                    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                                    EGL_NONE};
  context_ = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes.data());
  if (!surface_ || !context_ || !eglMakeCurrent(display, surface_, surface_, context_)) {
    close();
    return "no OpenGL 4.5 core context";
  }
  if (gladLoadGL(load_gl) == 0) {
    close();
    return "cannot load OpenGL 4.5 functions";
  }
  return {};
}

}  // namespace render
