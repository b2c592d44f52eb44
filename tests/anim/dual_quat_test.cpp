#include "anim/dual_quat.h"

#include <gtest/gtest.h>

#include "anim/anim_expect.h"

namespace anim {
namespace {

using testing::mat4_near;
using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

const glm::vec3 kY(0.0f, 1.0f, 0.0f);

TEST(DualQuat, RigidTransformRotatesThenTranslates) {
  const DualQuat dq = dual_quat_from_rigid(rotation_about(90.0f, kY), {1, 2, 3});
  // Ry(90) takes +X to -Z; then the translation.
  EXPECT_TRUE(vec3_near(transform_point(dq, {1, 0, 0}), {1, 2, 2}));
  EXPECT_TRUE(vec3_near(transform_normal(dq, {1, 0, 0}), {0, 0, -1}));
  EXPECT_TRUE(vec3_near(translation_of(dq), {1, 2, 3}));
  // The unit condition: real . dual = 0.
  EXPECT_NEAR(glm::dot(dq.real, dq.dual), 0.0f, 1e-6f);
}

TEST(DualQuat, MatchesTheSqtMatrixOfTheSameRigidTransform) {
  Transform t;
  t.translation = {-0.5f, 0.25f, 4.0f};
  t.rotation = rotation_about(-130.0f, {1, 2, -1});
  t.scale = glm::vec3(3.0f);  // ignored: dual quaternions hold only the rigid part
  Transform rigid = t;
  rigid.scale = glm::vec3(1.0f);
  EXPECT_TRUE(mat4_near(to_matrix(dual_quat_from_transform(t)), to_matrix(rigid)));
  const DualQuat from_matrix = dual_quat_from_matrix(to_matrix(t));
  EXPECT_TRUE(same_rotation(from_matrix.real, t.rotation));
  EXPECT_TRUE(vec3_near(translation_of(from_matrix), t.translation));
}

TEST(DualQuat, FromMirroredMatrixKeepsAProperRotation) {
  glm::mat4 m = to_matrix(Transform{{1, 0, 0}, rotation_about(90.0f, kY), {1, 1, 1}});
  m[0] = -m[0];
  const DualQuat dq = dual_quat_from_matrix(m);
  EXPECT_TRUE(same_rotation(dq.real, rotation_about(90.0f, kY)));
  EXPECT_TRUE(vec3_near(translation_of(dq), {1, 0, 0}));
}

TEST(DualQuat, NormalizeMakesItUnitWithoutChangingTheTransform) {
  const DualQuat dq = dual_quat_from_rigid(rotation_about(40.0f, {1, 1, 0}), {2, -1, 0.5f});
  const DualQuat scaled{dq.real * 3.0f, dq.dual * 3.0f};
  const DualQuat n = normalize(scaled);
  EXPECT_NEAR(glm::length(n.real), 1.0f, 1e-6f);
  EXPECT_TRUE(vec3_near(transform_point(n, {1, 2, 3}), transform_point(dq, {1, 2, 3})));
  const DualQuat zero{glm::quat(0, 0, 0, 0), glm::quat(0, 0, 0, 0)};
  EXPECT_TRUE(mat4_near(to_matrix(normalize(zero)), glm::mat4(1.0f)));
}

TEST(DualQuat, BlendAveragesTranslationsAndAlignsAntipodalInputs) {
  const DualQuat dqs[] = {dual_quat_from_rigid(glm::quat(1, 0, 0, 0), {0, 0, 0}),
                          dual_quat_from_rigid(glm::quat(1, 0, 0, 0), {2, 0, 0})};
  const float halves[] = {0.5f, 0.5f};
  EXPECT_TRUE(vec3_near(translation_of(blend(dqs, halves, 2)), {1, 0, 0}));
  // Weights are normalized: 1 and 3 put the result three quarters of the way.
  const float quarters[] = {1.0f, 3.0f};
  EXPECT_TRUE(vec3_near(translation_of(blend(dqs, quarters, 2)), {1.5f, 0, 0}));

  const DualQuat turn = dual_quat_from_rigid(rotation_about(170.0f, kY), {0, 1, 0});
  const DualQuat same_negated[] = {turn, DualQuat{-turn.real, -turn.dual}};
  const DualQuat b = blend(same_negated, halves, 2);
  EXPECT_TRUE(same_rotation(b.real, turn.real));
  EXPECT_TRUE(vec3_near(translation_of(b), {0, 1, 0}));
}

TEST(DualQuat, BlendOfRotationsAboutAnOffsetPivotKeepsTheDistanceToThePivot) {
  // Two rotations about the vertical line through (1,0,0): 0 and 90 degrees.
  const glm::vec3 pivot(1, 0, 0);
  const auto about_pivot = [&](float degrees) {
    const glm::quat r = rotation_about(degrees, kY);
    return dual_quat_from_rigid(r, pivot - r * pivot);
  };
  const DualQuat dqs[] = {about_pivot(0.0f), about_pivot(90.0f)};
  const float halves[] = {0.5f, 0.5f};
  const DualQuat b = blend(dqs, halves, 2);
  // A point 1 from the pivot ends 45 degrees round, still 1 from the pivot.
  const glm::vec3 p = transform_point(b, {2, 0, 0});
  EXPECT_NEAR(glm::length(p - pivot), 1.0f, 1e-5f);
  EXPECT_TRUE(vec3_near(p, pivot + rotation_about(45.0f, kY) * glm::vec3(1, 0, 0)));
}

TEST(DualQuat, EmptyOrZeroWeightBlendIsTheIdentity) {
  const DualQuat dqs[] = {dual_quat_from_rigid(rotation_about(30.0f, kY), {1, 0, 0})};
  const float zero[] = {0.0f};
  EXPECT_TRUE(mat4_near(to_matrix(blend(dqs, zero, 1)), glm::mat4(1.0f)));
  EXPECT_TRUE(mat4_near(to_matrix(blend(dqs, zero, 0)), glm::mat4(1.0f)));
}

}  // namespace
}  // namespace anim
