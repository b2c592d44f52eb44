// Bone axes drawn for real: a joint turned 90 degrees about z, scaled by 2 and placed by a world
// transform shows its x axis (red) up, its y axis (green) to the left and its z axis (blue)
// towards the camera, each as long as asked whatever the joint's scale; the length is a fixed
// share of the character's height.
#include "render/bone_axes.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "line_picture.h"
#include "render/frame_capture.h"
#include "render/offscreen_target.h"

namespace render {
namespace {

TEST(BoneAxes, LengthIsAShareOfTheCharactersHeight) {
  EXPECT_FLOAT_EQ(bone_axis_length({-0.3f, 0.0f, -0.2f}, {0.3f, 1.8f, 0.2f}),
                  kBoneAxisHeightShare * 1.8f);
  // Lying flat (a snake, a Z-up file): its length instead.
  EXPECT_FLOAT_EQ(bone_axis_length({-2.0f, 0.0f, -0.1f}, {2.0f, 0.3f, 0.1f}),
                  kBoneAxisHeightShare * 4.0f);
  EXPECT_FLOAT_EQ(bone_axis_length(glm::vec3(0.0f), glm::vec3(0.0f)), kBoneAxisHeightShare);
}

class BoneAxesPicture : public testing::LinePictureTest {
 protected:
  // The camera looks a little from the side so the z axis shows as a line.
  BoneAxesPicture() {
    view_ = glm::lookAt(glm::vec3(2.0f, 0.0f, 5.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0));
  }

  // The axes of model (length 0.5 m), placed 0.1 m right by world.
  Image draw(std::span<const glm::mat4> model) {
    return draw_lines([&](LineRenderer& lines) { add_bone_axes(lines, model, world_, 0.5f); });
  }

  glm::mat4 world_ = glm::translate(glm::mat4(1.0f), glm::vec3(0.1f, 0.0f, 0.0f));
};

TEST_F(BoneAxesPicture, EachAxisInItsColourWhereItsEndProjects) {
  // At (0, -0.2, 0), turned 90 degrees about z (x -> +y, y -> -x), scaled by 2.
  const glm::mat4 joint = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -0.2f, 0.0f)) *
                          glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1)) *
                          glm::scale(glm::mat4(1.0f), glm::vec3(2.0f));
  const std::vector<glm::mat4> model{joint};
  const Image image = draw(model);
  // World: the joint at (0.1, -0.2, 0); ends 0.5 m along +y, -x and +z; 90% of the way there.
  const glm::vec3 origin(0.1f, -0.2f, 0.0f);
  const glm::ivec3 red = brightest_near(image, origin + 0.45f * glm::vec3(0, 1, 0));
  const glm::ivec3 green = brightest_near(image, origin + 0.45f * glm::vec3(-1, 0, 0));
  const glm::ivec3 blue = brightest_near(image, origin + 0.45f * glm::vec3(0, 0, 1));
  EXPECT_GE(red.x, 240);
  EXPECT_LE(std::max(red.y, red.z), 40);
  EXPECT_GE(green.y, 240);
  EXPECT_LE(std::max(green.x, green.z), 40);
  EXPECT_GE(blue.z, 240);
  EXPECT_LE(blue.x, 60);
  // Past the ends of x and y (the scale does not lengthen them): black. (Past z's end lies on
  // y's line, seen from this side.)
  for (const glm::vec3& d : {glm::vec3(0, 1, 0), glm::vec3(-1, 0, 0)}) {
    const glm::ivec3 c = brightest_near(image, origin + 0.6f * d);
    EXPECT_LE(std::max({c.x, c.y, c.z}), 2) << d.x << ", " << d.y << ", " << d.z;
  }
}

TEST_F(BoneAxesPicture, NoJointsDrawNothing) {
  const Image image = draw({});
  const glm::ivec3 c = brightest_near(image, glm::vec3(0.1f, 0.1f, 0.0f));
  EXPECT_LE(std::max({c.x, c.y, c.z}), 2);
}

}  // namespace
}  // namespace render
