#include "render/ground_grid.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "render/frame_capture.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"

namespace render {
namespace {

TEST(GroundGrid, SpacingSuitsTheCameraHeight) {
  EXPECT_FLOAT_EQ(grid_spacing(2.0f), 0.5f);   // a person seen from eye height
  EXPECT_FLOAT_EQ(grid_spacing(25.0f), 5.0f);  // a giant (or a fox in centimetres)
  EXPECT_FLOAT_EQ(grid_spacing(0.2f), 0.05f);  // a mouse
  EXPECT_FLOAT_EQ(grid_spacing(NAN), 0.5f);
}

TEST(GroundGrid, FocusIsWhereTheViewLooksAtTheGround) {
  OrbitCamera camera;
  camera.target = {3.0f, 0.0f, -2.0f};
  camera.distance_m = 4.0f;
  camera.pitch = 0.5f;
  glm::vec2 focus;
  float height = 0.0f;
  grid_focus(camera.projection(1.5f) * camera.view(), 0.0f, focus, height);
  EXPECT_NEAR(focus.x, 3.0f, 1e-2f);
  EXPECT_NEAR(focus.y, -2.0f, 1e-2f);
  EXPECT_NEAR(height, 4.0f * std::sin(0.5f), 0.05f);
  camera.orthographic = true;
  camera.yaw = 0.0f;  // the front view: no ground at the centre, the grid stays under it
  camera.pitch = 0.0f;
  grid_focus(camera.projection(1.5f) * camera.view(), 0.0f, focus, height);
  EXPECT_NEAR(focus.x, 3.0f, 0.05f);
  EXPECT_NEAR(height, 4.0f * std::tan(0.5f * camera.fov_y), 1e-3f);
}

// The layout follows the view: lines every 0.5 m seen from 2 m, fading 30 spacings away.
TEST(GroundGrid, LayoutFollowsTheView) {
  const glm::mat4 vp = glm::perspective(glm::radians(50.0f), 1.0f, 0.05f, 200.0f) *
                       glm::lookAt(glm::vec3(100.0f, 2.0f, -47.0f), glm::vec3(100.0f, 0.0f, -50.0f),
                                   glm::vec3(0.0f, 1.0f, 0.0f));
  const GridLayout layout = grid_layout(anim::Terrain{}, vp);
  EXPECT_NEAR(layout.focus_xz.x, 100.0f, 1e-3f);
  EXPECT_NEAR(layout.focus_xz.y, -50.0f, 1e-3f);
  EXPECT_FLOAT_EQ(layout.spacing_m, 0.5f);
  EXPECT_FLOAT_EQ(layout.reach_m, 15.0f);
}

// The cheaper shader is for flat ground and slopes whose normal leans less than 0.85 towards x
// or z (58 degrees along one axis; any slope allowed along a diagonal, where it leans 0.70 at
// most); stairs (risers) and rough ground take the general one.
TEST(GroundGrid, GentleFacesAreFlatGroundAndSlopesUnder58Degrees) {
  anim::Terrain terrain;
  EXPECT_TRUE(grid_faces_are_gentle(terrain));
  terrain.shape = anim::TerrainShape::Slope;
  for (const float degrees : {-57.0f, -15.0f, 0.0f, 15.0f, 57.0f}) {
    terrain.slope_deg = degrees;
    EXPECT_TRUE(grid_faces_are_gentle(terrain)) << degrees << " degrees";
  }
  for (const float degrees : {-59.0f, 59.0f, 79.0f}) {
    terrain.slope_deg = degrees;
    EXPECT_FALSE(grid_faces_are_gentle(terrain)) << degrees << " degrees";
  }
  terrain.uphill_xz = {1.0f, 1.0f};
  EXPECT_TRUE(grid_faces_are_gentle(terrain));  // 79 degrees along the diagonal
  terrain.uphill_xz = {1.0f, 0.0f};
  EXPECT_FALSE(grid_faces_are_gentle(terrain));
  terrain.shape = anim::TerrainShape::Stairs;
  EXPECT_FALSE(grid_faces_are_gentle(terrain));
  terrain.shape = anim::TerrainShape::Rough;
  EXPECT_FALSE(grid_faces_are_gentle(terrain));
}

constexpr int kSize = 256;

// Draws the grid alone over black into a 256 x 256 offscreen target (no multisampling) and
// reads it back.
class GroundGridPicture : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_EQ(grid_.init(), "");
  }

  Image draw(const anim::Terrain& terrain) {
    EXPECT_EQ(target_.bind(kSize, kSize), "");
    glViewport(0, 0, kSize, kSize);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    grid_.draw(terrain, projection_ * view_);
    Image image = read_framebuffer(kSize, kSize);
    OffscreenTarget::unbind();
    return image;
  }

  // The brightest channel of the brightest pixel within a pixel of where world projects.
  glm::ivec3 brightest_near(const Image& image, const glm::vec3& world) const {
    const glm::vec3 w =
        glm::project(world, view_, projection_, glm::vec4(0.0f, 0.0f, kSize, kSize));
    const int px = static_cast<int>(std::floor(w.x));
    const int py = kSize - 1 - static_cast<int>(std::floor(w.y));  // top row first
    glm::ivec3 best(0);
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = std::clamp(px + dx, 0, kSize - 1), y = std::clamp(py + dy, 0, kSize - 1);
        const std::uint8_t* p = image.pixel(x, y);
        const glm::ivec3 c(p[0], p[1], p[2]);
        if (c.x + c.y + c.z > best.x + best.y + best.z) best = c;
      }
    }
    return best;
  }

  int brightness_near(const Image& image, const glm::vec3& world) const {
    const glm::ivec3 c = brightest_near(image, world);
    return std::max({c.x, c.y, c.z});
  }

  GroundGrid grid_;
  OffscreenTarget target_;
  glm::mat4 projection_ = glm::perspective(glm::radians(50.0f), 1.0f, 0.05f, 200.0f);
  glm::mat4 view_{1.0f};
};

// Seen from 2 m up, 3 m back: lines every 0.5 m where the world's multiples of 0.5 m are (grey
// 0.42 = 107 at full strength; a pixel's centre is at most half a pixel off the line), nothing
// between them, the x axis red and the z axis blue.
TEST_F(GroundGridPicture, LinesLieOnTheWorldGridAndNowhereElse) {
  view_ = glm::lookAt(glm::vec3(0.0f, 2.0f, 3.0f), glm::vec3(0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  const Image image = draw(anim::Terrain{});
  for (const float x : {-1.0f, -0.5f, 0.5f, 1.0f}) {
    for (const float z : {-0.75f, -0.25f, 0.25f, 0.75f}) {
      EXPECT_GE(brightness_near(image, {x, 0.0f, z}), 50)
          << "no line at x = " << x << ", z = " << z;
      EXPECT_GE(brightness_near(image, {z, 0.0f, x}), 50)
          << "no line at z = " << x << ", x = " << z;
      EXPECT_LE(brightness_near(image, {x + 0.25f, 0.0f, z}), 2)
          << "a line between the lines at x = " << x + 0.25f << ", z = " << z;
    }
  }
  const glm::ivec3 z_axis = brightest_near(image, {0.0f, 0.0f, 0.75f});
  EXPECT_GT(z_axis.z, z_axis.x + 60);
  const glm::ivec3 x_axis = brightest_near(image, {0.75f, 0.0f, 0.0f});
  EXPECT_GT(x_axis.x, x_axis.z + 60);
}

// Far from the origin the grid is the same: it follows the camera (a character that walked
// 100 m away still stands on it), and fades out where the view reaches past its 15 m.
TEST_F(GroundGridPicture, FollowsTheCameraAndFadesWithDistance) {
  // Looking at (100, 0, -55) from 2 m up, 8 m back: the horizon is in view.
  view_ = glm::lookAt(glm::vec3(100.0f, 2.0f, -47.0f), glm::vec3(100.0f, 0.0f, -55.0f),
                      glm::vec3(0.0f, 1.0f, 0.0f));
  const Image image = draw(anim::Terrain{});
  EXPECT_GE(brightness_near(image, {100.5f, 0.0f, -51.25f}), 50);
  EXPECT_GE(brightness_near(image, {99.75f, 0.0f, -51.5f}), 50);
  EXPECT_LE(brightness_near(image, {100.25f, 0.0f, -51.25f}), 2);
  // The major line x = 100 (grey 0.55 = 140): 14 m beyond the focus (1 - (14/15)^2) = 13% of
  // it is left; 19 m beyond (a pixel at the horizon spans metres), nothing.
  EXPECT_GE(brightness_near(image, {100.0f, 0.0f, -60.0f}), 50);
  EXPECT_LE(brightness_near(image, {100.0f, 0.0f, -69.0f}), 0.2f * 140);
  EXPECT_LE(brightness_near(image, {100.0f, 0.0f, -74.0f}), 2);
}

// On stairs (0.15 m risers every 0.4 m along +z) the line x = 0.5 runs unbroken along every
// tread and up every riser between them; halfway between lines both stay dark, even on the
// riser at z = 2.0 that lies in a plane of the z-lines.
TEST_F(GroundGridPicture, StairsShowContinuousLines) {
  anim::Terrain stairs;
  stairs.shape = anim::TerrainShape::Stairs;
  view_ = glm::lookAt(glm::vec3(0.3f, 2.8f, -1.2f), glm::vec3(0.5f, 0.4f, 1.2f),
                      glm::vec3(0.0f, 1.0f, 0.0f));
  const Image image = draw(stairs);
  for (int step = 0; step < 6; ++step) {
    const float y = 0.15f * static_cast<float>(step), z = 0.4f * static_cast<float>(step);
    for (const float along : {0.1f, 0.2f, 0.3f}) {  // the tread
      EXPECT_GE(brightness_near(image, {0.5f, y, z + along}), 50) << "tread " << step;
    }
    // Dark between the lines: x = 0.25 and a z on the tread at least 0.2 m from a z-line.
    for (float along = 0.05f; along < 0.4f; along += 0.05f) {
      if (std::abs(std::remainder(z + along, 0.5f)) < 0.2f) continue;
      EXPECT_LE(brightness_near(image, {0.25f, y, z + along}), 2)
          << "tread " << step << " at z " << z + along;
    }
    if (step == 0) continue;
    for (const float up : {0.05f, 0.075f, 0.1f}) {  // the riser below the tread
      EXPECT_GE(brightness_near(image, {0.5f, y - up, z}), 50) << "riser " << step;
      EXPECT_LE(brightness_near(image, {0.25f, y - up, z}), 2) << "riser " << step;
    }
  }
}

// On a 75-degree slope up +z the lines z = const run across a face that almost lies in their
// planes: they fade to 8% (smoothstep(0.98, 0.9, sin 75)), while the lines x = const, which
// cross it squarely, keep their strength.
TEST_F(GroundGridPicture, LinesAlongASteepFaceFade) {
  anim::Terrain steep;
  steep.shape = anim::TerrainShape::Slope;
  steep.slope_deg = 75.0f;
  const float rise = std::tan(glm::radians(75.0f));
  // From 3 m behind and 3 m below, looking up the slope at its point (0, 0.5 rise, 0.5).
  const glm::vec3 focus(0.0f, 0.5f * rise, 0.5f);
  view_ = glm::lookAt(focus + glm::vec3(0.7f, -3.0f, -3.0f), focus, glm::vec3(0.0f, 1.0f, 0.0f));
  const Image image = draw(steep);
  for (const float z : {0.3f, 0.4f, 0.6f, 0.7f}) {  // the line x = 0.5 up the slope
    EXPECT_GE(brightness_near(image, {0.5f, z * rise, z}), 50) << "x = 0.5 at z = " << z;
  }
  for (const float x : {-0.4f, -0.3f, 0.3f, 0.4f}) {  // the line z = 0.5 across it, faded
    const int b = brightness_near(image, {x, 0.5f * rise, 0.5f});
    EXPECT_GT(b, 0) << "z = 0.5 at x = " << x;
    EXPECT_LE(b, 0.15f * 140) << "z = 0.5 at x = " << x;
  }
}

}  // namespace
}  // namespace render
