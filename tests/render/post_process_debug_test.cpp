// The post-process stack's debug shapes drawn for real: a look-at target, a FABRIK target and a
// spring's collision sphere, seen by a known camera, land in their colours where they project,
// and nothing is drawn far from them.
#include "render/post_process_debug.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "line_picture.h"
#include "render/frame_capture.h"
#include "render/line_renderer.h"
#include "render/offscreen_target.h"

namespace render {
namespace {

// Three joints up the y axis (0, 1, 1.2 and 1.4 m); a look-at aiming the last, a FABRIK chain
// ending at the middle one, and a spring whose sphere sits low.
std::vector<anim::PostProcessEntry> stack() {
  std::vector<anim::PostProcessEntry> entries(3);
  entries[0].kind = anim::PostProcessKind::LookAt;
  entries[0].look_at.joints.push(2);
  entries[0].look_at_goal.target = {0.6f, 1.6f, 0.0f};
  entries[1].kind = anim::PostProcessKind::MultiBoneIk;
  entries[1].ik_chain.joints.push(0);
  entries[1].ik_chain.joints.push(1);
  entries[1].ik_goal.target = {-0.6f, 1.1f, 0.0f};
  entries[2].kind = anim::PostProcessKind::Spring;
  entries[2].spring.sphere_center = {0.0f, 0.5f, 0.0f};
  entries[2].spring.sphere_radius_m = 0.25f;
  return entries;
}

class PostProcessDebugPicture : public testing::LinePictureTest {
 protected:
  // Seen from the front about (0, 1): y from 0 to 2 m.
  PostProcessDebugPicture() {
    view_ = glm::lookAt(glm::vec3(0.0f, 1.0f, 5.0f), glm::vec3(0.0f, 1.0f, 0.0f),
                        glm::vec3(0.0f, 1.0f, 0.0f));
  }

  // The stack's shapes, the model placed 0.1 m to the right by world.
  Image draw(std::span<const anim::PostProcessEntry> entries) {
    std::vector<glm::mat4> model;
    for (const float y : {1.0f, 1.2f, 1.4f}) {
      model.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, y, 0.0f)));
    }
    return draw_lines(
        [&](LineRenderer& lines) { add_post_process_debug(lines, entries, model, world_); });
  }

  // The brightest pixel within a pixel of where the model-space point p projects.
  glm::ivec3 brightest_near(const Image& image, const glm::vec3& p) const {
    return LinePictureTest::brightest_near(image, glm::vec3(world_ * glm::vec4(p, 1.0f)));
  }

  glm::mat4 world_ = glm::translate(glm::mat4(1.0f), glm::vec3(0.1f, 0.0f, 0.0f));
};

// The colours of post_process_debug.cpp over black: look-at (1, 0.85, 0.2), FABRIK (1, 0.3,
// 0.9), the sphere (0.3, 0.9, 1) at alpha 0.8, i.e. (61, 184, 204).
TEST_F(PostProcessDebugPicture, ShapesAreDrawnInTheirColoursWhereTheyProject) {
  const std::vector<anim::PostProcessEntry> entries = stack();
  const Image image = draw(entries);
  // The look-at target's cross, and its line from the aiming joint, half-way.
  for (const glm::vec3& p : {glm::vec3(0.6f, 1.6f, 0.0f), glm::vec3(0.3f, 1.5f, 0.0f)}) {
    const glm::ivec3 c = brightest_near(image, p);
    EXPECT_GE(c.x, 240) << p.x << ", " << p.y;
    EXPECT_NEAR(c.y, 217, 12) << p.x << ", " << p.y;
    EXPECT_NEAR(c.z, 51, 12) << p.x << ", " << p.y;
  }
  // The FABRIK target's cross.
  const glm::ivec3 ik = brightest_near(image, {-0.6f, 1.1f, 0.0f});
  EXPECT_GE(ik.x, 240);
  EXPECT_NEAR(ik.y, 77, 12);
  EXPECT_NEAR(ik.z, 230, 12);
  // The sphere's circle in the view plane, at 45 degrees off its axes (where its other two
  // circles, seen edge-on as lines, do not cross it).
  constexpr float kDiagonal = 0.25f * 0.70710678f;
  for (const glm::vec3& p :
       {glm::vec3(-kDiagonal, 0.5f + kDiagonal, 0.0f), glm::vec3(kDiagonal, 0.5f + kDiagonal, 0.0f),
        glm::vec3(kDiagonal, 0.5f - kDiagonal, 0.0f)}) {
    const glm::ivec3 c = brightest_near(image, p);
    EXPECT_NEAR(c.x, 61, 12) << p.x << ", " << p.y;
    EXPECT_NEAR(c.y, 184, 12) << p.x << ", " << p.y;
    EXPECT_NEAR(c.z, 204, 12) << p.x << ", " << p.y;
  }
  // Far from every shape: black.
  for (const glm::vec3& p :
       {glm::vec3(-0.7f, 0.3f, 0.0f), glm::vec3(0.7f, 0.6f, 0.0f), glm::vec3(0.5f, 1.9f, 0.0f)}) {
    const glm::ivec3 c = brightest_near(image, p);
    EXPECT_LE(std::max({c.x, c.y, c.z}), 2) << p.x << ", " << p.y;
  }
}

// A muted entry draws nothing: its target's place stays black.
TEST_F(PostProcessDebugPicture, AMutedEntryDrawsNothing) {
  std::vector<anim::PostProcessEntry> entries = stack();
  entries[1].mute = true;
  const Image image = draw(entries);
  const glm::ivec3 ik = brightest_near(image, {-0.6f, 1.1f, 0.0f});
  EXPECT_LE(std::max({ik.x, ik.y, ik.z}), 2);
  EXPECT_GE(brightest_near(image, {0.6f, 1.6f, 0.0f}).x, 240);
}

}  // namespace
}  // namespace render
