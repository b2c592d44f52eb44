#include "anim/skinning.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <span>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/anim_expect.h"
#include "anim/fast_math.h"

namespace anim {
namespace {

using testing::mat4_near;
using testing::rotation_about;
using testing::vec3_near;

const glm::vec3 kX(1.0f, 0.0f, 0.0f);

glm::mat4 translate(const glm::vec3& t) {
  return glm::translate(glm::mat4(1.0f), t);
}

SkinnedMesh one_vertex_mesh(const glm::vec3& position, const glm::uvec4& joints,
                            const glm::vec4& weights) {
  SkinnedMesh mesh;
  mesh.positions = {position};
  mesh.normals = {glm::vec3(0, 1, 0)};
  mesh.joints0 = {joints};
  mesh.weights0 = {weights};
  return mesh;
}

TEST(SkinningMatrices, AreModelTimesInverseBind) {
  const std::vector<glm::mat4> model = {
      translate({1, 0, 0}),
      translate({0, 2, 0}) * glm::mat4_cast(rotation_about(90.0f, {0, 0, 1}))};
  const std::vector<glm::mat4> inverse_bind = {translate({-1, 0, 0}), translate({0, -1, 0})};
  std::vector<glm::mat4> palette(2);
  ASSERT_TRUE(skinning_matrices(model, inverse_bind, palette));
  // A joint at its bind pose leaves vertices where they are.
  EXPECT_TRUE(mat4_near(palette[0], glm::mat4(1.0f)));
  // (0,1,0) is the second joint's origin in bind space; posed it sits at (0,2,0).
  EXPECT_TRUE(vec3_near(glm::vec3(palette[1] * glm::vec4(0, 1, 0, 1)), {0, 2, 0}));
  EXPECT_TRUE(vec3_near(glm::vec3(palette[1] * glm::vec4(1, 1, 0, 1)), {0, 3, 0}));
  std::vector<glm::mat4> short_out(1);
  EXPECT_FALSE(skinning_matrices(model, inverse_bind, short_out));
  EXPECT_FALSE(skinning_matrices(model, std::span(inverse_bind).first(1), palette));
}

// Palettes of every length, so that joints taken two at a time and an odd last one are all
// checked: each matrix is its joint's product alone, bit for bit.
TEST(SkinningMatrices, EveryJointIsItsOwnProductBitForBitWhateverTheCount) {
  std::mt19937 random(11);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  const auto affine = [&] {
    glm::mat4 m(1.0f);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 3; ++r) m[c][r] = value(random);
    }
    return m;
  };
  for (std::size_t joints = 0; joints <= 9; ++joints) {
    std::vector<glm::mat4> model(joints), inverse_bind(joints), palette(joints);
    std::generate(model.begin(), model.end(), affine);
    std::generate(inverse_bind.begin(), inverse_bind.end(), affine);
    ASSERT_TRUE(skinning_matrices(model, inverse_bind, palette));
    for (std::size_t j = 0; j < joints; ++j) {
      const glm::mat4 alone = fast::affine_product(model[j], inverse_bind[j]);
      EXPECT_EQ(std::memcmp(&palette[j], &alone, sizeof(glm::mat4)), 0) << joints << ", " << j;
    }
  }
}

// Joint 0 at the origin, joint 1 at (1,0,0) twisted 180 degrees about the bone axis X. A vertex
// halfway along, one unit from the axis, weighted half to each.
struct TwistRig {
  std::vector<glm::mat4> model = {
      glm::mat4(1.0f), translate({1, 0, 0}) * glm::mat4_cast(rotation_about(180.0f, kX))};
  std::vector<glm::mat4> inverse_bind = {glm::mat4(1.0f), translate({-1, 0, 0})};
  SkinnedMesh mesh = one_vertex_mesh({0.5f, 1, 0}, {0, 1, 0, 0}, {0.5f, 0.5f, 0, 0});
};

float radius_about_x(const glm::vec3& p) {
  return glm::length(glm::vec2(p.y, p.z));
}

TEST(SkinVertices, DualQuaternionsKeepTheRadiusOfA180DegreeTwistWhereLinearBlendCollapses) {
  const TwistRig rig;
  std::vector<glm::mat4> palette(2);
  ASSERT_TRUE(skinning_matrices(rig.model, rig.inverse_bind, palette));
  std::vector<glm::vec3> lbs(1);
  ASSERT_TRUE(skin_vertices_lbs(rig.mesh, palette, lbs, {}));
  // (0.5,1,0) and (0.5,-1,0) averaged: the candy-wrapper collapse onto the axis.
  EXPECT_TRUE(vec3_near(lbs[0], {0.5f, 0, 0}));

  std::vector<DualQuat> dqs(2);
  std::vector<glm::mat3> stretch(2);
  std::vector<std::uint8_t> has_stretch(2);
  ASSERT_TRUE(skinning_dual_quats(rig.model, rig.inverse_bind, dqs, stretch, has_stretch));
  std::vector<glm::vec3> dq(1);
  std::vector<glm::vec3> normals(1);
  ASSERT_TRUE(skin_vertices_dq(rig.mesh, dqs, stretch, dq, normals));
  // Halfway round the twist (90 degrees, either way): still one unit from the axis.
  EXPECT_NEAR(dq[0].x, 0.5f, 1e-5f);
  EXPECT_NEAR(radius_about_x(dq[0]), 1.0f, 1e-5f);
  EXPECT_NEAR(std::fabs(dq[0].z), 1.0f, 1e-5f);
  EXPECT_NEAR(std::fabs(normals[0].z), 1.0f, 1e-5f);
  EXPECT_EQ(has_stretch, (std::vector<std::uint8_t>{0, 0}));
}

TEST(SkinVertices, LinearBlendUsesBothInfluenceSets) {
  const std::vector<glm::mat4> palette = {translate({1, 0, 0}), translate({0, 1, 0}),
                                          translate({0, 0, 1})};
  SkinnedMesh mesh = one_vertex_mesh({0, 0, 0}, {0, 1, 0, 0}, {0.25f, 0.25f, 0, 0});
  mesh.joints1 = {glm::uvec4(2, 0, 0, 0)};
  mesh.weights1 = {glm::vec4(0.5f, 0, 0, 0)};
  std::vector<glm::vec3> positions(1);
  ASSERT_TRUE(skin_vertices_lbs(mesh, palette, positions, {}));
  EXPECT_TRUE(vec3_near(positions[0], {0.25f, 0.25f, 0.5f}));

  std::vector<DualQuat> dqs;
  for (const glm::mat4& m : palette) dqs.push_back(dual_quat_from_matrix(m));
  ASSERT_TRUE(skin_vertices_dq(mesh, dqs, {}, positions, {}));
  EXPECT_TRUE(vec3_near(positions[0], {0.25f, 0.25f, 0.5f}));
}

TEST(SkinVertices, LinearBlendTransformsNormalsByTheInverseTranspose) {
  // Stretching X by 2 tilts the normal of the plane x + y = c towards Y.
  const std::vector<glm::mat4> palette = {glm::scale(glm::mat4(1.0f), {2, 1, 1})};
  SkinnedMesh mesh = one_vertex_mesh({1, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0});
  mesh.normals = {glm::normalize(glm::vec3(1, 1, 0))};
  std::vector<glm::vec3> positions(1);
  std::vector<glm::vec3> normals(1);
  ASSERT_TRUE(skin_vertices_lbs(mesh, palette, positions, normals));
  EXPECT_TRUE(vec3_near(positions[0], {2, 0, 0}));
  EXPECT_TRUE(vec3_near(normals[0], glm::normalize(glm::vec3(0.5f, 1, 0))));
}

TEST(SkinningDualQuats, FlagsScaledJointsAndReproducesThemExactlyWithTheStretchFirst) {
  // Joint 1 carries a non-uniform scale under a rotation: not representable by a dual
  // quaternion alone.
  const glm::mat4 scaled = translate({0, 1, 0}) * glm::mat4_cast(rotation_about(60.0f, {0, 0, 1})) *
                           glm::scale(glm::mat4(1.0f), {2.0f, 1.0f, 0.5f});
  const std::vector<glm::mat4> model = {translate({3, 0, 0}), scaled};
  const std::vector<glm::mat4> inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
  std::vector<DualQuat> dqs(2);
  std::vector<glm::mat3> stretch(2);
  std::vector<std::uint8_t> has_stretch(2);
  ASSERT_TRUE(skinning_dual_quats(model, inverse_bind, dqs, stretch, has_stretch));
  EXPECT_EQ(has_stretch, (std::vector<std::uint8_t>{0, 1}));
  const SkinnedMesh mesh = one_vertex_mesh({1, 2, 3}, {1, 0, 0, 0}, {1, 0, 0, 0});
  std::vector<glm::vec3> positions(1);
  ASSERT_TRUE(skin_vertices_dq(mesh, dqs, stretch, positions, {}));
  EXPECT_TRUE(vec3_near(positions[0], glm::vec3(scaled * glm::vec4(1, 2, 3, 1)), 1e-5f));
  // Without the stretch only the rigid part applies.
  ASSERT_TRUE(skin_vertices_dq(mesh, dqs, {}, positions, {}));
  EXPECT_TRUE(vec3_near(positions[0], glm::vec3(to_matrix(dqs[1]) * glm::vec4(1, 2, 3, 1))));
}

TEST(SkinningDualQuats, EveryJointMovesPointsAsItsMatrixWhateverItsLargestComponent) {
  // Nine joints, split four at a time and one alone: the first four turn so that each of w, x,
  // y and z is in turn the quaternion's largest component; the next four include a scaled
  // joint (its group takes the general path); the last is alone. Each dual quaternion (with its
  // stretch) must move points as the joint's matrix does, from both entry points.
  const glm::mat4 scaled = glm::scale(translate({0, 1, 0}), {1.5f, 1.0f, 1.0f});
  const std::vector<glm::mat4> model = {
      translate({1, 2, 3}) * glm::mat4_cast(rotation_about(20.0f, {0, 1, 0})),
      translate({-1, 0, 2}) * glm::mat4_cast(rotation_about(170.0f, {1, 0, 0})),
      translate({0, 4, 0}) * glm::mat4_cast(rotation_about(160.0f, {0, 1, 0})),
      translate({2, 2, 2}) * glm::mat4_cast(rotation_about(175.0f, {0, 0, 1})),
      glm::mat4_cast(rotation_about(100.0f, glm::normalize(glm::vec3(1, 2, 3)))),
      scaled,
      translate({0, 0, -5}),
      translate({3, 0, 0}) *
          glm::mat4_cast(rotation_about(-150.0f, glm::normalize(glm::vec3(-1, 1, 0)))),
      translate({0.5f, 0.5f, 0.5f}) * glm::mat4_cast(rotation_about(90.0f, {0, 1, 0}))};
  const std::vector<glm::mat4> inverse_bind(model.size(), glm::mat4(1.0f));
  std::vector<glm::mat4> palette(model.size());
  ASSERT_TRUE(skinning_matrices(model, inverse_bind, palette));
  for (int from_palette = 0; from_palette < 2; ++from_palette) {
    std::vector<DualQuat> dqs(model.size());
    std::vector<glm::mat3> stretch(model.size());
    std::vector<std::uint8_t> has_stretch(model.size(), 7);
    ASSERT_TRUE(from_palette ? dual_quats_from_palette(palette, dqs, stretch, has_stretch)
                             : skinning_dual_quats(model, inverse_bind, dqs, stretch, has_stretch));
    EXPECT_EQ(has_stretch, (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 1, 0, 0, 0}));
    for (std::size_t j = 0; j < model.size(); ++j) {
      EXPECT_NEAR(glm::length(dqs[j].real), 1.0f, 1e-6f) << "joint " << j;
      for (const glm::vec3 p : {glm::vec3(1, 2, 3), glm::vec3(-2, 0.5f, 1)}) {
        const glm::vec3 expected(model[j] * glm::vec4(p, 1.0f));
        EXPECT_TRUE(vec3_near(transform_point(dqs[j], stretch[j] * p), expected, 1e-5f))
            << "joint " << j << (from_palette ? " from the palette" : " from model");
      }
    }
  }
}

// Four joints within 90 degrees of their bind pose (w the quaternion's largest component in
// every lane, the usual case), then four with one beyond: each dual quaternion is the one of
// glm::quat_cast's rotation, as the one-joint path computes it (dual_quat_from_matrix).
TEST(SkinningDualQuats, FourJointsAtOnceMatchTheOneJointSplit) {
  const std::vector<glm::mat4> palette = {
      translate({1, 2, 3}) * glm::mat4_cast(rotation_about(20.0f, {0, 1, 0})),
      translate({0, -1, 0}) * glm::mat4_cast(rotation_about(-85.0f, {1, 0, 0})),
      glm::mat4_cast(rotation_about(60.0f, glm::normalize(glm::vec3(1, -2, 3)))),
      translate({0.5f, 0, 2}),
      translate({1, 2, 3}) * glm::mat4_cast(rotation_about(30.0f, {0, 0, 1})),
      translate({-2, 0, 1}) * glm::mat4_cast(rotation_about(135.0f, {0, 1, 0})),
      glm::mat4_cast(rotation_about(10.0f, {1, 0, 0})),
      translate({0, 3, 0}) * glm::mat4_cast(rotation_about(-45.0f, {0, 1, 0}))};
  std::vector<DualQuat> dqs(palette.size());
  std::vector<glm::mat3> stretch(palette.size(), glm::mat3(7.0f));
  std::vector<std::uint8_t> has_stretch(palette.size(), 7);
  ASSERT_TRUE(dual_quats_from_palette(palette, dqs, stretch, has_stretch));
  for (std::size_t j = 0; j < palette.size(); ++j) {
    const DualQuat expected = dual_quat_from_matrix(palette[j]);
    for (int k = 0; k < 4; ++k) {
      EXPECT_NEAR(dqs[j].real[k], expected.real[k], 1e-6f) << "joint " << j << ", " << k;
      EXPECT_NEAR(dqs[j].dual[k], expected.dual[k], 1e-6f) << "joint " << j << ", " << k;
    }
    EXPECT_EQ(stretch[j], glm::mat3(1.0f)) << "joint " << j;
    EXPECT_EQ(has_stretch[j], 0) << "joint " << j;
  }
}

// The exact unit quaternion (the sign of glm::quat_cast's) and dual part of a rigid float matrix,
// in double: the reference of the palettes' estimated reciprocal square root.
struct ExactDualQuat {
  glm::dvec4 real;  // x, y, z, w
  glm::dvec4 dual;
};
ExactDualQuat exact_dual_quat(const glm::mat4& m) {
  const glm::dmat4 d(m);
  const double four[4] = {d[0][0] + d[1][1] + d[2][2], d[0][0] - d[1][1] - d[2][2],
                          d[1][1] - d[0][0] - d[2][2], d[2][2] - d[0][0] - d[1][1]};
  const int biggest = static_cast<int>(std::max_element(four, four + 4) - four);
  const double big = 0.5 * std::sqrt(four[biggest] + 1.0), mult = 0.25 / big;
  const double a = (d[1][2] - d[2][1]) * mult, b = (d[2][0] - d[0][2]) * mult,
               c = (d[0][1] - d[1][0]) * mult, xy = (d[0][1] + d[1][0]) * mult,
               zx = (d[2][0] + d[0][2]) * mult, yz = (d[1][2] + d[2][1]) * mult;
  const glm::dvec4 candidates[4] = {
      {a, b, c, big}, {big, xy, zx, a}, {xy, big, yz, b}, {zx, yz, big, c}};
  const glm::dvec4 q = glm::normalize(candidates[biggest]);
  const glm::dvec3 t(d[3]), v(q);
  return {q, glm::dvec4(0.5 * (q.w * t + glm::cross(t, v)), -0.5 * glm::dot(t, v))};
}

// Thousands of random rigid joints, four at a time: every component of each rotation within
// kDualQuatSplitError of the exact one, of each dual part within kDualQuatSplitError * (1 + |t|),
// and every stretch written as the identity.
TEST(SkinningDualQuats, RigidJointsAreTheExactSplitWithinTheStatedError) {
  std::mt19937 random(46);
  std::normal_distribution<float> gaussian;
  std::uniform_real_distribution<float> coordinate(-5.0f, 5.0f);
  std::vector<glm::mat4> palette(4000);
  for (glm::mat4& m : palette) {
    const glm::quat q = glm::normalize(
        glm::quat(gaussian(random), gaussian(random), gaussian(random), gaussian(random)));
    m = translate({coordinate(random), coordinate(random), coordinate(random)}) * glm::mat4_cast(q);
  }
  std::vector<DualQuat> dqs(palette.size());
  std::vector<glm::mat3> stretch(palette.size(), glm::mat3(7.0f));
  std::vector<std::uint8_t> has_stretch(palette.size(), 7);
  ASSERT_TRUE(dual_quats_from_palette(palette, dqs, stretch, has_stretch));
  double real_error = 0.0, dual_error = 0.0;
  for (std::size_t j = 0; j < palette.size(); ++j) {
    ASSERT_EQ(has_stretch[j], 0) << "joint " << j;
    ASSERT_EQ(stretch[j], glm::mat3(1.0f)) << "joint " << j;
    const ExactDualQuat exact = exact_dual_quat(palette[j]);
    const double translation = glm::length(glm::dvec3(palette[j][3]));
    const glm::dvec4 real(dqs[j].real.x, dqs[j].real.y, dqs[j].real.z, dqs[j].real.w);
    const glm::dvec4 dual(dqs[j].dual.x, dqs[j].dual.y, dqs[j].dual.z, dqs[j].dual.w);
    for (int k = 0; k < 4; ++k) {
      real_error = std::max(real_error, std::fabs(real[k] - exact.real[k]));
      dual_error = std::max(dual_error, std::fabs(dual[k] - exact.dual[k]) / (1.0 + translation));
    }
  }
  EXPECT_LE(real_error, kDualQuatSplitError);
  EXPECT_LE(dual_error, kDualQuatSplitError);
}

// Palettes of 8 to 40 joints split whole (eight joints at a time where all eight are rigid) and
// four joints a call (never eight): the same bits. Most joints are rigid, within 90 degrees of
// their bind pose or beyond it (so both choices of the quaternion's largest component), and about
// one in twelve is stretched or mirrored, sending its eight, then its four, to the one-joint split.
TEST(SkinningDualQuats, EightJointsAtATimeAreTheBitsOfFourAtATime) {
  std::mt19937 random(8);
  std::normal_distribution<float> gaussian;
  std::uniform_real_distribution<float> coordinate(-5.0f, 5.0f);
  std::uniform_int_distribution<int> kind(0, 23);
  int lane_groups_of_eight = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<glm::mat4> palette(8 + trial % 33);
    for (glm::mat4& m : palette) {
      glm::quat q(gaussian(random), gaussian(random), gaussian(random), gaussian(random));
      if (trial % 2 == 0) q.w = 3.0f + std::fabs(q.w);  // near the bind pose: w the largest
      m = translate({coordinate(random), coordinate(random), coordinate(random)}) *
          glm::mat4_cast(glm::normalize(q));
      if (const int k = kind(random); k == 0) {
        m[1] *= 1.5f;
      } else if (k == 1) {
        m[2] *= -1.0f;
      }
    }
    const std::size_t n = palette.size();
    std::vector<DualQuat> whole(n), by_four(n);
    std::vector<glm::mat3> whole_stretch(n, glm::mat3(7.0f)), four_stretch(n, glm::mat3(5.0f));
    std::vector<std::uint8_t> whole_flags(n, 7), four_flags(n, 5);
    ASSERT_TRUE(dual_quats_from_palette(palette, whole, whole_stretch, whole_flags));
    for (std::size_t j = 0; j < n; j += 4) {
      const std::size_t count = std::min<std::size_t>(4, n - j);
      ASSERT_TRUE(dual_quats_from_palette(
          std::span(palette).subspan(j, count), std::span(by_four).subspan(j, count),
          std::span(four_stretch).subspan(j, count), std::span(four_flags).subspan(j, count)));
    }
    ASSERT_EQ(std::memcmp(whole.data(), by_four.data(), n * sizeof(DualQuat)), 0) << trial;
    ASSERT_EQ(std::memcmp(whole_stretch.data(), four_stretch.data(), n * sizeof(glm::mat3)), 0)
        << trial;
    ASSERT_EQ(whole_flags, four_flags) << trial;
    for (std::size_t j = 0; j + 8 <= n; j += 8) {
      lane_groups_of_eight += std::count(&whole_flags[j], &whole_flags[j] + 8, 0) == 8 ? 1 : 0;
    }
  }
  // Enough groups of eight took the eight-lane path for the comparison to mean something.
  EXPECT_GT(lane_groups_of_eight, 300);
}

// A mirrored joint, a slightly sheared one and one stretched along z are no rotations, though
// their columns are unit (mirror, stretch) or nearly orthogonal (shear); a rotation with rounding
// noise far below kRigidTolerance is one. Four at a time and alone, each must say so and move
// points as its matrix does.
TEST(SkinningDualQuats, TellsMirroredShearedAndStretchedJointsFromRotations) {
  glm::mat4 sheared = translate({0, 1, 0});
  sheared[1][0] = 2e-3f;  // y gains an x component: no longer orthogonal to x
  glm::mat4 noisy = glm::mat4_cast(rotation_about(40.0f, {0, 0, 1}));
  noisy[0][0] += 1e-7f;
  noisy[2][1] -= 1e-7f;
  const std::vector<glm::mat4> palette = {glm::scale(translate({1, 0, 0}), {-1.0f, 1.0f, 1.0f}),
                                          sheared, noisy,
                                          glm::scale(glm::mat4(1.0f), {1.0f, 1.0f, 1.001f}), noisy};
  std::vector<DualQuat> dqs(palette.size());
  std::vector<glm::mat3> stretch(palette.size());
  std::vector<std::uint8_t> has_stretch(palette.size(), 7);
  ASSERT_TRUE(dual_quats_from_palette(palette, dqs, stretch, has_stretch));
  EXPECT_EQ(has_stretch, (std::vector<std::uint8_t>{1, 1, 0, 1, 0}));
  for (std::size_t j = 0; j < palette.size(); ++j) {
    for (const glm::vec3 p : {glm::vec3(1, 2, 3), glm::vec3(-2, 0.5f, 1)}) {
      const glm::vec3 expected(palette[j] * glm::vec4(p, 1.0f));
      EXPECT_TRUE(vec3_near(transform_point(dqs[j], stretch[j] * p), expected, 1e-5f))
          << "joint " << j;
    }
  }
}

TEST(SkinVertices, AVertexWithoutInfluencesStaysAtItsBindPosition) {
  const std::vector<glm::mat4> palette = {translate({5, 0, 0})};
  const SkinnedMesh mesh = one_vertex_mesh({1, 2, 3}, {0, 0, 0, 0}, {0, 0, 0, 0});
  std::vector<glm::vec3> positions(1);
  ASSERT_TRUE(skin_vertices_lbs(mesh, palette, positions, {}));
  EXPECT_TRUE(vec3_near(positions[0], {1, 2, 3}));
  const std::vector<DualQuat> dqs = {dual_quat_from_matrix(palette[0])};
  ASSERT_TRUE(skin_vertices_dq(mesh, dqs, {}, positions, {}));
  EXPECT_TRUE(vec3_near(positions[0], {1, 2, 3}));
}

TEST(SkinVertices, RejectsEachBrokenInput) {
  const std::vector<glm::mat4> palette(2, glm::mat4(1.0f));
  const std::vector<DualQuat> dqs(2);
  const SkinnedMesh good = one_vertex_mesh({0, 0, 0}, {0, 1, 0, 0}, {0.5f, 0.5f, 0, 0});
  std::vector<glm::vec3> one(1);
  std::vector<glm::vec3> two(2);
  std::vector<glm::vec3> normals(1);

  EXPECT_FALSE(skin_vertices_lbs(good, palette, two, {}));                      // positions size
  EXPECT_FALSE(skin_vertices_lbs(good, palette, one, two));                     // normals size
  EXPECT_FALSE(skin_vertices_lbs(good, std::span(palette).first(1), one, {}));  // index 1 out
  SkinnedMesh no_normals = good;
  no_normals.normals.clear();
  EXPECT_FALSE(skin_vertices_lbs(no_normals, palette, one, normals));
  EXPECT_TRUE(skin_vertices_lbs(no_normals, palette, one, {}));
  SkinnedMesh short_weights = good;
  short_weights.weights0.clear();
  EXPECT_FALSE(skin_vertices_lbs(short_weights, palette, one, {}));
  SkinnedMesh bad_second_set = good;
  bad_second_set.joints1 = {glm::uvec4(7, 0, 0, 0)};
  bad_second_set.weights1 = {glm::vec4(0.1f, 0, 0, 0)};
  const JobResult bad_index = skin_vertices_lbs(bad_second_set, palette, one, {});
  EXPECT_FALSE(bad_index);
  EXPECT_NE(std::string(bad_index.error).find("joint index"), std::string::npos);
  bad_second_set.weights1.clear();
  EXPECT_FALSE(skin_vertices_dq(bad_second_set, dqs, {}, one, {}));

  const std::vector<glm::mat3> one_stretch(1, glm::mat3(1.0f));
  EXPECT_FALSE(skin_vertices_dq(good, dqs, one_stretch, one, {}));
  EXPECT_FALSE(skin_vertices_dq(good, dqs, {}, two, {}));
  EXPECT_FALSE(skin_vertices_dq(good, std::span(dqs).first(1), {}, one, {}));

  std::vector<DualQuat> out_dqs(2);
  std::vector<glm::mat3> out_stretch(2);
  std::vector<std::uint8_t> flags(1);
  EXPECT_FALSE(skinning_dual_quats(palette, palette, out_dqs, out_stretch, flags));
}

}  // namespace
}  // namespace anim
