#include "render/headless_gl_context.h"

#include <glad/gl.h>
#include <gtest/gtest.h>

#include "render/frame_capture.h"
#include "render/gl_window.h"

// No X display is involved: the context comes from an EGL device (Mesa's software device on the
// build machines, the GPU where there is one), and draws into its pbuffer.
TEST(HeadlessGlContext, GivesACore45ContextWhoseClearReadsBack) {
  render::HeadlessGlContext context;
  ASSERT_EQ(context.open(96, 64), "");
  EXPECT_TRUE(context.is_open());
  EXPECT_FALSE(render::GlWindow::renderer().empty());
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_GE(major * 10 + minor, 45);
  EXPECT_TRUE(profile & GL_CONTEXT_CORE_PROFILE_BIT);
  glViewport(0, 0, 96, 64);
  glClearColor(0.8f, 0.4f, 0.2f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  const render::Image image = render::read_framebuffer(96, 64);
  ASSERT_EQ(image.rgba.size(), 96u * 64u * 4u);
  const std::uint8_t* corner = image.pixel(95, 63);
  EXPECT_NEAR(corner[0], 204, 1);
  EXPECT_NEAR(corner[1], 102, 1);
  EXPECT_NEAR(corner[2], 51, 1);
}
