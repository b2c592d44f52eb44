// Joint picking is pure math: project joints and find the nearest to the cursor.
#include <gtest/gtest.h>

#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "render/skeleton_overlay.h"

TEST(SkeletonOverlay, PicksTheJointUnderTheCursorAndNoneFarAway) {
  // Two joints at x = 0 and x = 1 on the z = 0 plane, seen by an orthographic camera that maps
  // x in [-2, 2] to a 400 px wide viewport: pixel x = (x + 2) * 100.
  std::vector<glm::mat4> model = {glm::mat4(1.0f),
                                  glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 0))};
  const glm::mat4 vp = glm::ortho(-2.0f, 2.0f, -2.0f, 2.0f, -1.0f, 1.0f);
  const glm::vec4 viewport(0, 0, 400, 400);
  const std::vector<int> no_bones{-1, -1};
  EXPECT_EQ(render::pick_joint(model, no_bones, glm::mat4(1.0f), vp, viewport, {302, 199}, 8.0f),
            1);
  EXPECT_EQ(render::pick_joint(model, no_bones, glm::mat4(1.0f), vp, viewport, {199, 203}, 8.0f),
            0);
  EXPECT_EQ(render::pick_joint(model, no_bones, glm::mat4(1.0f), vp, viewport, {250, 200}, 8.0f),
            -1);
  // The viewport offset (a side panel on the left) shifts the pixels.
  EXPECT_EQ(render::pick_joint(model, no_bones, glm::mat4(1.0f), vp, {100, 0, 400, 400}, {402, 200},
                               8.0f),
            1);
}

// The same two joints as a bone from 0 to 1: a click along it, away from both ends, picks joint
// 0 (the joint that turns the bone); 15 px off it picks none; a joint's origin wins over a bone.
TEST(SkeletonOverlay, PicksTheJointWhoseBoneIsUnderTheCursor) {
  std::vector<glm::mat4> model = {glm::mat4(1.0f),
                                  glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 0))};
  const glm::mat4 vp = glm::ortho(-2.0f, 2.0f, -2.0f, 2.0f, -1.0f, 1.0f);
  const glm::vec4 viewport(0, 0, 400, 400);
  const std::vector<int> parents{-1, 0};
  EXPECT_EQ(render::pick_joint(model, parents, glm::mat4(1.0f), vp, viewport, {250, 206}, 8.0f), 0);
  EXPECT_EQ(render::pick_joint(model, parents, glm::mat4(1.0f), vp, viewport, {250, 215}, 8.0f),
            -1);
  EXPECT_EQ(render::pick_joint(model, parents, glm::mat4(1.0f), vp, viewport, {296, 200}, 8.0f), 1);
  EXPECT_EQ(render::pick_joint(model, parents, glm::mat4(1.0f), vp, viewport, {320, 200}, 8.0f), -1)
      << "past the bone's end";
}
