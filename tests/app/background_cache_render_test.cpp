// A renderer that keeps the view's background (render/background_cache.h) draws the same bytes
// as one that draws everything every frame, while the character, its shadow, the camera, the
// ground's place, the view's settings, the clear colour and the viewport change; and it does
// keep the background while the view stands still, and bounds what it draws over it (the
// picture changes from one frame to the next only there).
#include <gtest/gtest.h>

#include <glad/gl.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "app/async_loader.h"
#include "app/character_source.h"
#include "app/scene_frame_view.h"
#include "demo/demo_character.h"
#include "render/frame_capture.h"
#include "render/gl_window.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"
#include "render/pixel_rect.h"
#include "render/scene_renderer.h"
#include "visual/view_settings.h"

namespace app {
namespace {

constexpr int kWidth = 320, kHeight = 240;

class BackgroundCacheRender : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "needs a display (xvfb-run)";
    ASSERT_EQ(window_.open({kWidth, kHeight, false, "background cache"}), "");
    ASSERT_EQ(kept_.init(), "");
    ASSERT_EQ(drawn_.init(), "");
    kept_.keep_background(true);
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    ASSERT_EQ(scene_.open(std::move(demo.character), demo.project), "");
    (void)kept_.set_character(character_source(scene_.character));
    (void)drawn_.set_character(character_source(scene_.character));
    scene_.mode = PlayMode::Graph;
    scene_.instance.play_graph();
    ASSERT_EQ(scene_.set_parameter("turn=1"), "");  // turns on the spot: the shadow moves
    view_.show_ground = true;
    view_.shadows = true;
  }

  // One frame drawn by both renderers into targets of the same size; returns whether the kept
  // renderer reused its background. The pictures must be the same bytes.
  bool frame(const std::string& what) {
    EXPECT_EQ(scene_.update(1.0f / 30.0f, view_), "");
    if (root_) scene_.instance.set_world({*root_, glm::quat(1, 0, 0, 0), glm::vec3(1.0f)});
    const glm::mat4 view_projection =
        camera_.projection(static_cast<float>(viewport_.width) / viewport_.height) * camera_.view();
    const render::Image kept = draw(kept_, kept_target_, view_projection);
    const render::Image drawn = draw(drawn_, drawn_target_, view_projection);
    int differing = 0;
    for (std::size_t i = 0; i < kept.rgba.size(); i += 4) {
      if (kept.rgba[i] != drawn.rgba[i] || kept.rgba[i + 1] != drawn.rgba[i + 1] ||
          kept.rgba[i + 2] != drawn.rgba[i + 2] || kept.rgba[i + 3] != drawn.rgba[i + 3]) {
        ++differing;
      }
    }
    EXPECT_EQ(differing, 0) << what << ": pixels differ from the drawn background";
    EXPECT_EQ(kept.rgba.size(), static_cast<std::size_t>(kWidth * kHeight * 4));
    const std::optional<render::KeptFrame> kept_frame = kept_.kept_frame();
    if (kept_.background_reused()) {
      EXPECT_TRUE(kept_frame) << what << ": all drawn over the background is bounded";
    }
    if (kept_frame && last_kept_frame_ &&
        kept_frame->background_id == last_kept_frame_->background_id) {
      EXPECT_EQ(outside_foregrounds_changed(last_kept_, kept, last_kept_frame_->foreground,
                                            kept_frame->foreground),
                0)
          << what << ": the picture changed outside the two frames' foregrounds";
    }
    last_kept_ = kept;
    last_kept_frame_ = kept_frame;
    return kept_.background_reused();
  }

  // The pixels of b that differ from a outside both foregrounds (GL's rows, from the bottom).
  static int outside_foregrounds_changed(const render::Image& a, const render::Image& b,
                                         const render::PixelRect& fa, const render::PixelRect& fb) {
    const render::PixelRect both = render::bounding(fa, fb);
    int changed = 0;
    for (int row = 0; row < kHeight; ++row) {
      for (int x = 0; x < kWidth; ++x) {
        const int y = kHeight - 1 - row;  // the image's top row is GL's last
        if (x >= both.x && x < both.x + both.width && y >= both.y && y < both.y + both.height) {
          continue;
        }
        changed += std::memcmp(a.pixel(x, row), b.pixel(x, row), 4) != 0;
      }
    }
    return changed;
  }

  render::Image draw(render::SceneRenderer& renderer, render::OffscreenTarget& target,
                     const glm::mat4& view_projection) {
    EXPECT_EQ(target.bind(kWidth, kHeight), "");
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0.2f, 0.2f, 0.2f, 1.0f);  // around a smaller viewport
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glViewport(viewport_.x, viewport_.y, viewport_.width, viewport_.height);
    glClearColor(clear_.x, clear_.y, clear_.z, 1.0f);
    glEnable(GL_SCISSOR_TEST);
    glScissor(viewport_.x, viewport_.y, viewport_.width, viewport_.height);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    renderer.upload(scene_frame_view(scene_, view_), 1.0f / 30.0f);
    EXPECT_EQ(renderer.draw(scene_frame_view(scene_, view_, view_projection)), "");
    glFinish();
    render::Image image = render::read_framebuffer(kWidth, kHeight);
    render::OffscreenTarget::unbind();
    return image;
  }

  // Frames until the view has stood still long enough to be kept: the first draws, the second
  // draws and keeps, the third copies back.
  void expect_kept_after_settling(const std::string& what) {
    EXPECT_FALSE(frame(what + ", first frame")) << what;
    EXPECT_FALSE(frame(what + ", second frame")) << what;
    EXPECT_TRUE(frame(what + ", third frame")) << what;
    EXPECT_TRUE(frame(what + ", fourth frame")) << what;
  }

  render::GlWindow window_;
  render::SceneRenderer kept_, drawn_;
  render::OffscreenTarget kept_target_, drawn_target_;
  ViewerScene scene_;
  visual::SceneView view_;
  render::OrbitCamera camera_;
  render::PixelRect viewport_{0, 0, kWidth, kHeight};
  glm::vec3 clear_{0.1f, 0.12f, 0.15f};
  std::optional<glm::vec3> root_;
  render::Image last_kept_;
  std::optional<render::KeptFrame> last_kept_frame_;
};

TEST_F(BackgroundCacheRender, TheSamePictureWhileTheSceneAndTheViewChange) {
  expect_kept_after_settling("the character turning on lit ground");
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(frame("the shadow moving over the kept ground"));

  for (int i = 0; i < 4; ++i) {
    camera_.orbit(0.05f, 0.01f);
    EXPECT_FALSE(frame("the camera orbiting"));
  }
  camera_.orbit(0.3f, 0.1f);
  expect_kept_after_settling("the camera at rest again");

  root_ = glm::vec3(0.4f, 0.0f, -0.3f);
  expect_kept_after_settling("the root moved: the ground patch follows it");

  view_.show_grid = false;
  expect_kept_after_settling("without the grid");
  view_.show_grid = true;
  view_.shading = visual::ShadingMode::Matcap;  // clay ground, no shadows
  expect_kept_after_settling("matcap");
  view_.shading = visual::ShadingMode::Material;

  clear_ = glm::vec3(0.3f, 0.1f, 0.1f);
  view_.show_ground = false;  // the clear colour shows around the grid
  expect_kept_after_settling("grid alone on another clear colour");
  view_.show_ground = true;

  viewport_ = {16, 8, kWidth - 40, kHeight - 30};
  expect_kept_after_settling("a smaller viewport");

  // Uneven ground takes the shadow map everywhere: nothing to keep while it shows shadows...
  scene_.terrain.shape = anim::TerrainShape::Stairs;
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(frame("stairs with shadows"));
  // ...and without the ground and sky, the stairs and the grid are kept.
  view_.show_ground = false;
  expect_kept_after_settling("stairs without the ground's shadows");
}

TEST_F(BackgroundCacheRender, NothingIsKeptInAComparison) {
  view_.compare = visual::CompareMode::Skinning;
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(frame("side by side"));
  view_.compare = visual::CompareMode::Off;
  expect_kept_after_settling("the comparison over");
}

}  // namespace
}  // namespace app
