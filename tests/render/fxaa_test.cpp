#include "render/fxaa.h"

#include <glad/gl.h>

#include <gtest/gtest.h>

#include "gl_fixture.h"
#include "render/frame_capture.h"
#include "render/offscreen_target.h"

namespace render {
namespace {

constexpr int kSize = 64;

// A white area right of a slanted, aliased edge over black (one pixel further right every two
// rows), as a rasterizer without multisampling draws it: pixels are 0 or 255, nothing between.
void draw_jagged_edge() {
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
  for (int row = 0; row < kSize; ++row) {
    const int edge = 16 + row / 2;
    glScissor(edge, row, kSize - edge, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
}

struct Levels {
  int between = 0;  // pixels neither black nor white (grey < 250, red > 5)
  int changed_far_from_edge = 0;
};

Levels levels(const Image& image) {
  Levels l;
  for (int y = 0; y < kSize; ++y) {
    const int row = kSize - 1 - y;  // the image's top row is GL's last
    const int edge = 16 + row / 2;
    for (int x = 0; x < kSize; ++x) {
      const int v = image.pixel(x, y)[0];
      const bool between = v > 5 && v < 250;
      l.between += between;
      const bool far = x < edge - 3 || x > edge + 3;
      if (far && between) ++l.changed_far_from_edge;
    }
  }
  return l;
}

class FxaaTest : public GlTest {};

TEST_F(FxaaTest, SmoothsAnAliasedEdgeAndNothingElse) {
  Fxaa fxaa;
  ASSERT_EQ(fxaa.init(), "");
  ASSERT_EQ(fxaa.begin(kSize, kSize), "");
  draw_jagged_edge();
  const Levels without = levels(read_framebuffer(kSize, kSize));
  EXPECT_EQ(without.between, 0) << "the edge as drawn, before the pass";

  OffscreenTarget screen;
  ASSERT_EQ(screen.bind(kSize, kSize), "");
  ASSERT_EQ(fxaa.begin(kSize, kSize), "");
  fxaa.end(screen.framebuffer(), 0, 0);
  const Levels with = levels(read_framebuffer(kSize, kSize));
  OffscreenTarget::unbind();
  // Most of the 64 rows' edge pixels get a grey between black and white ...
  EXPECT_GE(with.between, 48);
  // ... and the flat areas stay as they were.
  EXPECT_EQ(with.changed_far_from_edge, 0);
}

TEST_F(FxaaTest, RefusesASizeItCannotHold) {
  Fxaa fxaa;
  ASSERT_EQ(fxaa.init(), "");
  EXPECT_NE(fxaa.begin(0, 10).find("outside"), std::string::npos);
  EXPECT_NE(fxaa.begin(10, 1 << 20).find("outside"), std::string::npos);
  GLint bound = -1;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &bound);
  EXPECT_EQ(bound, 0) << "nothing is bound after a refused size";
}

}  // namespace
}  // namespace render
