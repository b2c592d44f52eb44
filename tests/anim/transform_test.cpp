#include "anim/transform.h"

#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

#include "anim/anim_expect.h"

namespace anim {
namespace {

using testing::mat4_near;
using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

const glm::vec3 kY(0.0f, 1.0f, 0.0f);
const glm::vec3 kZ(0.0f, 0.0f, 1.0f);

Transform make(const glm::vec3& t, const glm::quat& r, const glm::vec3& s) {
  Transform x;
  x.translation = t;
  x.rotation = r;
  x.scale = s;
  return x;
}

TEST(Transform, MatrixAppliesScaleThenRotationThenTranslation) {
  const Transform t = make({1, 2, 3}, rotation_about(90.0f, kZ), {2, 1, 1});
  // (1,0,0) scaled to (2,0,0), turned about Z to (0,2,0), moved to (1,4,3).
  EXPECT_TRUE(vec3_near(glm::vec3(to_matrix(t) * glm::vec4(1, 0, 0, 1)), {1, 4, 3}));
  EXPECT_TRUE(vec3_near(transform_point(t, {1, 0, 0}), {1, 4, 3}));
}

TEST(Transform, FromMatrixRecoversTranslationRotationAndScale) {
  const Transform t = make({-1, 0.5f, 2}, rotation_about(-35.0f, {1, 1, 0}), {2, 3, 0.5f});
  const Transform back = from_matrix(to_matrix(t));
  EXPECT_TRUE(vec3_near(back.translation, t.translation));
  EXPECT_TRUE(same_rotation(back.rotation, t.rotation));
  EXPECT_TRUE(vec3_near(back.scale, t.scale, 1e-5f));
}

TEST(Transform, FromMirroredMatrixPutsTheMirrorInTheScale) {
  glm::mat4 m = to_matrix(make({0, 0, 0}, rotation_about(30.0f, kY), {1, 1, 1}));
  m[0] = -m[0];
  const Transform back = from_matrix(m);
  EXPECT_NEAR(back.scale.x, -1.0f, 1e-5f);
  EXPECT_TRUE(mat4_near(to_matrix(back), m));
}

TEST(Transform, ComposeMatchesTheMatrixProductForUniformScale) {
  const Transform parent = make({1, 0, 0}, rotation_about(90.0f, kZ), glm::vec3(2));
  const Transform child = make({1, 0, 0}, rotation_about(45.0f, kY), glm::vec3(0.5f));
  const Transform c = compose(parent, child);
  EXPECT_TRUE(mat4_near(to_matrix(c), to_matrix(parent) * to_matrix(child)));
  EXPECT_TRUE(vec3_near(c.translation, {1, 2, 0}));
}

TEST(Transform, InverseUndoesTheTransform) {
  const Transform t = make({3, -2, 1}, rotation_about(120.0f, {1, 2, 3}), glm::vec3(4));
  const Transform i = inverse(t);
  EXPECT_TRUE(mat4_near(to_matrix(compose(t, i)), glm::mat4(1.0f), 1e-5f));
  EXPECT_TRUE(vec3_near(transform_point(i, transform_point(t, {1, 2, 3})), {1, 2, 3}, 1e-5f));
}

// Foot IK's leg goals take the inverse's rotation of the world as the world's rotation with the
// signs of x, y and z flipped (anim/foot_ik.cpp, leg_goal): the inverse's bits, signed zeros too.
TEST(Transform, InverseRotationIsTheRotationWithItsAxisSignsFlipped) {
  for (const glm::quat& r :
       {rotation_about(120.0f, {1, 2, 3}), rotation_about(-75.0f, kY),
        glm::quat(1.0f, 0.0f, -0.0f, 0.0f), glm::quat(-0.5f, 0.5f, -0.5f, 0.5f)}) {
    const glm::quat inverted = inverse(make({3, -2, 1}, r, glm::vec3(2))).rotation;
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t sign = k < 3 ? 0x80000000u : 0u;  // glm::quat's [] is x, y, z, w
      EXPECT_EQ(std::bit_cast<std::uint32_t>(inverted[k]),
                std::bit_cast<std::uint32_t>(r[k]) ^ sign)
          << "component " << k;
    }
  }
}

TEST(Transform, NlerpAndSlerpTakeTheShortestArc) {
  const glm::quat a = rotation_about(170.0f, kY);
  const glm::quat b = -rotation_about(-170.0f, kY);  // stored in the far hemisphere on purpose
  EXPECT_TRUE(same_rotation(nlerp(a, b, 0.5f), rotation_about(180.0f, kY)));
  EXPECT_TRUE(same_rotation(slerp(a, b, 0.5f), rotation_about(180.0f, kY)));
  // Slerp moves at constant angular speed: a quarter of 20 degrees is 5.
  EXPECT_TRUE(same_rotation(slerp(a, b, 0.25f), rotation_about(175.0f, kY), 1e-6f));
  const glm::quat identity(1, 0, 0, 0);
  EXPECT_TRUE(same_rotation(slerp(identity, rotation_about(90.0f, kY), 1.0f / 3.0f),
                            rotation_about(30.0f, kY), 1e-6f));
  EXPECT_NEAR(glm::length(nlerp(identity, rotation_about(90.0f, kY), 0.3f)), 1.0f, 1e-6f);
}

}  // namespace
}  // namespace anim
