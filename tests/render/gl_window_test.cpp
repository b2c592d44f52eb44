#include <glad/gl.h>

#include "gl_fixture.h"
#include "render/frame_capture.h"

TEST_F(GlTest, ContextIsARealDriverWithCoreProfile45) {
  const std::string renderer = render::GlWindow::renderer();
  EXPECT_FALSE(renderer.empty());
  // Under Xvfb Mesa's software rasterizer answers; a stub would report nothing or "GDI".
  EXPECT_TRUE(renderer.find("llvmpipe") != std::string::npos ||
              renderer.find("NVIDIA") != std::string::npos ||
              renderer.find("AMD") != std::string::npos)
      << renderer;
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_GE(major * 10 + minor, 45);
  EXPECT_TRUE(profile & GL_CONTEXT_CORE_PROFILE_BIT);
}

TEST_F(GlTest, ClearColourReadsBackThroughCapture) {
  glViewport(0, 0, 256, 256);
  glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  const render::Image image = render::read_framebuffer(256, 256);
  ASSERT_EQ(image.rgba.size(), 256u * 256u * 4u);
  const std::uint8_t* p = image.pixel(128, 128);
  EXPECT_NEAR(p[0], 51, 1);
  EXPECT_NEAR(p[1], 102, 1);
  EXPECT_NEAR(p[2], 153, 1);
}

TEST(SoftwareRenderer, IsToldFromAGpuByItsRendererString) {
  EXPECT_TRUE(render::is_software_renderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
  EXPECT_TRUE(render::is_software_renderer("softpipe"));
  EXPECT_TRUE(render::is_software_renderer("Mesa X11 swrast"));
  EXPECT_FALSE(render::is_software_renderer("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
  EXPECT_FALSE(render::is_software_renderer("AMD Radeon RX 6800 (navi21, LLVM 15.0.6, DRM 3.49)"));
  EXPECT_FALSE(render::is_software_renderer(""));
}

// A window with automatic multisampling: a software renderer gets none (the viewer's fast
// path), a GPU gets 4 samples.
TEST(SoftwareRenderer, AutomaticMultisamplingIsOffOnASoftwareRenderer) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no DISPLAY: run GL tests under Xvfb";
  render::GlWindow window;
  ASSERT_EQ(window.open({64, 64, false, "auto samples"}), "");
  GLint samples = -1;
  glGetIntegerv(GL_SAMPLES, &samples);
  if (render::is_software_renderer(render::GlWindow::renderer())) {
    EXPECT_EQ(samples, 0);
    EXPECT_EQ(window.samples(), 0);
  } else {
    EXPECT_GT(samples, 0);
    EXPECT_EQ(window.samples(), 4);
  }
}
