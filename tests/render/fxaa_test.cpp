#include "render/fxaa.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "gl_fixture.h"
#include "render/attachment_texture.h"
#include "render/frame_capture.h"
#include "render/offscreen_target.h"
#include "render/pixel_rect.h"

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

// The jagged edge with, over it, thin lines of several slopes and greys on a dark ramp: edges of
// every direction and contrast, flat areas and pixels just under the contrast threshold.
void draw_edges_of_every_kind() {
  draw_jagged_edge();
  glEnable(GL_SCISSOR_TEST);
  for (int i = 0; i < kSize; ++i) {
    glScissor(0, i, 12, 1);  // a ramp of 1/64 a row: flat, below the threshold
    glClearColor(0.2f + i / 256.0f, 0.2f, 0.25f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glScissor((i * 3) % kSize, i, 2, 1);  // a steep line
    glClearColor(0.6f, 0.3f + i / 128.0f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glScissor(i, kSize - 1 - i / 4, 1, 1);  // a shallow line
    glClearColor(0.05f * (i % 4), 0.8f, 0.5f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
}

// Into a target with a depth buffer FXAA runs as two passes, the second only where the first
// found an edge; into one without, as one pass: the same pixels, and the depth under the view
// left at the far plane.
TEST_F(FxaaTest, TwoPassesGiveTheOnePassPicture) {
  Fxaa fxaa;
  ASSERT_EQ(fxaa.init(), "");
  ASSERT_EQ(fxaa.begin(kSize, kSize), "");
  draw_edges_of_every_kind();
  const Image source = read_framebuffer(kSize, kSize);

  OffscreenTarget with_depth;
  ASSERT_EQ(with_depth.bind(kSize, kSize), "");
  glClearDepth(0.5);  // not the far plane: the passes must set it
  glClear(GL_DEPTH_BUFFER_BIT);
  glClearDepth(1.0);
  fxaa.end(with_depth.framebuffer(), 0, 0);
  const Image two_passes = read_framebuffer(kSize, kSize);
  std::vector<float> depth(kSize * kSize, 0.0f);
  glReadPixels(0, 0, kSize, kSize, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());

  GLuint color_only = 0;
  glCreateFramebuffers(1, &color_only);
  const GLuint texture = create_attachment_texture(GL_RGBA8, kSize, kSize);
  glNamedFramebufferTexture(color_only, GL_COLOR_ATTACHMENT0, texture, 0);
  ASSERT_EQ(glCheckNamedFramebufferStatus(color_only, GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
  fxaa.end(color_only, 0, 0);
  const Image one_pass = read_framebuffer(kSize, kSize);
  OffscreenTarget::unbind();
  glDeleteFramebuffers(1, &color_only);
  glDeleteTextures(1, &texture);

  int smoothed = 0, differing = 0;
  for (std::size_t i = 0; i < one_pass.rgba.size(); ++i) {
    smoothed += one_pass.rgba[i] != source.rgba[i];
    differing += one_pass.rgba[i] != two_passes.rgba[i];
  }
  EXPECT_GE(smoothed, 200) << "FXAA blends the picture's edges";
  EXPECT_EQ(differing, 0);
  int not_far = 0;
  for (const float d : depth) not_far += d != 1.0f;
  EXPECT_EQ(not_far, 0);
}

// The scene of a kept frame: a background with edges of every kind and a red square (the
// foreground) at x.
void draw_scene_with_square(int x) {
  draw_edges_of_every_kind();
  glEnable(GL_SCISSOR_TEST);
  glClearColor(0.9f, 0.2f, 0.1f, 1.0f);
  glScissor(x, 20, 10, 12);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
}

PixelRect square_at(int x) {
  return {x, 20, 10, 12};
}

// Targets larger than the view, which sits at (kViewX, kViewY) in them.
constexpr int kTargetWidth = kSize + 8, kTargetHeight = kSize + 5, kViewX = 3, kViewY = 2;

// The pixels under the view in the bound target whose depth is not at the far plane.
int depth_not_far_under_view() {
  std::vector<float> depth(kTargetWidth * kTargetHeight, 0.0f);
  glReadPixels(0, 0, kTargetWidth, kTargetHeight, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  int not_far = 0;
  for (int y = kViewY; y < kViewY + kSize; ++y) {
    for (int i = kViewX; i < kViewX + kSize; ++i) not_far += depth[y * kTargetWidth + i] != 1.0f;
  }
  return not_far;
}

// The square at x antialiased by plain's end into target, cleared first; the target's pixels.
Image antialiased_by_end(Fxaa& plain, OffscreenTarget& target, int x) {
  EXPECT_EQ(plain.begin(kSize, kSize), "");
  draw_scene_with_square(x);
  EXPECT_EQ(target.bind(kTargetWidth, kTargetHeight), "");
  glClearColor(0.0f, 0.5f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  plain.end(target.framebuffer(), kViewX, kViewY);
  Image image = read_framebuffer(kTargetWidth, kTargetHeight);
  OffscreenTarget::unbind();
  return image;
}

TEST_F(FxaaTest, AKeptPictureIsAntialiasedAgainWhereItsForegroundsChangedAndIsTheSame) {
  Fxaa kept, plain;
  ASSERT_EQ(kept.init(), "");
  ASSERT_EQ(plain.init(), "");
  OffscreenTarget kept_target, plain_target;
  int not_far = 0;
  // The square drawn at x, antialiased by end_kept told frame and by end; the differing bytes.
  auto differing = [&](int x, const std::optional<KeptFrame>& frame) {
    EXPECT_EQ(kept.begin(kSize, kSize), "");
    draw_scene_with_square(x);
    EXPECT_EQ(kept_target.bind(kTargetWidth, kTargetHeight), "");
    glClearColor(0.0f, 0.5f, 0.0f, 1.0f);
    glClearDepth(0.5);  // not the far plane: end_kept must set it under the view
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glClearDepth(1.0);
    kept.end_kept(kept_target.framebuffer(), kViewX, kViewY, frame);
    const Image a = read_framebuffer(kTargetWidth, kTargetHeight);
    not_far += depth_not_far_under_view();
    const Image b = antialiased_by_end(plain, plain_target, x);
    int count = 0;
    for (std::size_t i = 0; i < a.rgba.size(); ++i) count += a.rgba[i] != b.rgba[i];
    return count;
  };
  EXPECT_EQ(differing(8, KeptFrame{1, square_at(8)}), 0) << "the first: all of it";
  EXPECT_EQ(differing(30, KeptFrame{1, square_at(30)}), 0) << "moved: where it was and is";
  EXPECT_EQ(differing(40, KeptFrame{1, square_at(40)}), 0);
  EXPECT_EQ(differing(40, KeptFrame{1, square_at(40)}), 0) << "still";
  // Told only where the square was, not where it went: the old picture shows there.
  EXPECT_GT(differing(12, KeptFrame{1, square_at(40)}), 100) << "a stale picture is seen";
  EXPECT_EQ(differing(12, KeptFrame{2, square_at(12)}), 0) << "another background: all of it";
  EXPECT_EQ(differing(20, std::nullopt), 0) << "nothing known: all of it";
  EXPECT_EQ(differing(50, KeptFrame{2, square_at(50)}), 0) << "after an unknown frame";
  EXPECT_EQ(not_far, 0) << "the depth under the view is at the far plane";
}

TEST_F(FxaaTest, IntoATargetThatKeptItsPictureOnlyWhatChangedIsCopied) {
  Fxaa kept, plain;
  ASSERT_EQ(kept.init(), "");
  ASSERT_EQ(plain.init(), "");
  // A mark in the view's corner, far from the square, painted before every frame after the
  // first: where nothing changed the target is not written, so the mark stays.
  constexpr int kMarkX = kViewX + 1, kMarkY = kViewY + 1;
  OffscreenTarget kept_target, plain_target;
  int not_far = 0;
  bool first = true;
  // The square at x, antialiased by end_kept into the target it keeps writing to (cleared only
  // before the first frame) and by end into a cleared one; what end_kept wrote, and whether the
  // rest of the pixels, and the depth under the view, are the same.
  auto frame = [&](int x, const std::optional<KeptFrame>& kept_frame, bool& mark_stayed) {
    EXPECT_EQ(kept.begin(kSize, kSize), "");
    draw_scene_with_square(x);
    EXPECT_EQ(kept_target.bind(kTargetWidth, kTargetHeight), "");
    glEnable(GL_SCISSOR_TEST);
    if (first) {
      glScissor(0, 0, kTargetWidth, kTargetHeight);
      glClearColor(0.0f, 0.5f, 0.0f, 1.0f);
      glClearDepth(0.5);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glClearDepth(1.0);
    } else {
      glScissor(kMarkX, kMarkY, 1, 1);
      glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
    const PixelRect written =
        kept.end_kept(kept_target.framebuffer(), kViewX, kViewY, kept_frame, !first);
    first = false;
    Image a = read_framebuffer(kTargetWidth, kTargetHeight);
    not_far += depth_not_far_under_view();
    const Image b = antialiased_by_end(plain, plain_target, x);
    const std::size_t mark = 4 * ((kTargetHeight - 1 - kMarkY) * kTargetWidth + kMarkX);
    mark_stayed = a.rgba[mark] == 255 && a.rgba[mark + 1] == 0 && a.rgba[mark + 2] == 255;
    std::copy_n(b.rgba.begin() + static_cast<std::ptrdiff_t>(mark), 4,
                a.rgba.begin() + static_cast<std::ptrdiff_t>(mark));
    int differing = 0;
    for (std::size_t i = 0; i < a.rgba.size(); ++i) differing += a.rgba[i] != b.rgba[i];
    EXPECT_EQ(differing, 0) << "square at " << x;
    return written;
  };
  bool mark_stayed = false;
  const PixelRect view{kViewX, kViewY, kSize, kSize};
  EXPECT_EQ(frame(8, KeptFrame{1, square_at(8)}, mark_stayed), view) << "the first: all of it";
  // Moved from x 8 to 30: both places (8-39, 20-31), at the target's (11, 22), and the pass's
  // reach of 6 around them.
  EXPECT_EQ(frame(30, KeptFrame{1, square_at(30)}, mark_stayed), (PixelRect{5, 16, 44, 24}));
  EXPECT_TRUE(mark_stayed);
  EXPECT_EQ(frame(30, KeptFrame{1, square_at(30)}, mark_stayed), (PixelRect{27, 16, 22, 24}));
  EXPECT_TRUE(mark_stayed);
  EXPECT_EQ(frame(20, std::nullopt, mark_stayed), view) << "nothing known: all of it";
  EXPECT_FALSE(mark_stayed);
  EXPECT_EQ(frame(50, KeptFrame{2, square_at(50)}, mark_stayed), view) << "after an unknown one";
  // Still at 50 (target x 53-62): the reach is cut at the view's right edge, x 66.
  EXPECT_EQ(frame(50, KeptFrame{2, square_at(50)}, mark_stayed), (PixelRect{47, 16, 20, 24}));
  EXPECT_TRUE(mark_stayed);
  EXPECT_EQ(not_far, 0) << "the depth under the view stays at the far plane";
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
