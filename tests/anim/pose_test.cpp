#include "anim/pose.h"
#include "anim/pose_range.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_expect.h"
#include "anim/fast_math.h"
#include "anim/index.h"

namespace anim {
namespace {

using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

const glm::vec3 kY(0.0f, 1.0f, 0.0f);
const glm::vec3 kZ(0.0f, 0.0f, 1.0f);

Transform make(const glm::vec3& t, const glm::quat& r = glm::quat(1, 0, 0, 0),
               const glm::vec3& s = glm::vec3(1.0f)) {
  Transform x;
  x.translation = t;
  x.rotation = r;
  x.scale = s;
  return x;
}

Skeleton chain(int joints) {
  Skeleton s;
  for (int j = 0; j < joints; ++j) {
    // Appended rather than "j" + to_string(j): GCC 12 warns falsely (-Wrestrict) on the latter.
    std::string name = "j";
    s.joint_names.push_back(name += std::to_string(j));
    s.parents.push_back(j - 1);
    s.rest_pose.emplace_back();
    s.inverse_bind.emplace_back(1.0f);
  }
  return s;
}

TEST(LocalToModel, ChildrenInheritTheirParentsTransform) {
  const Skeleton skeleton = chain(3);
  // Root: at (1,0,0), turned 90 degrees about Z, scaled 2; child one unit along its parent's X;
  // grandchild one unit further.
  const std::vector<Transform> local = {make({1, 0, 0}, rotation_about(90.0f, kZ), glm::vec3(2)),
                                        make({1, 0, 0}), make({1, 0, 0})};
  std::vector<glm::mat4> model(3);
  ASSERT_TRUE(local_to_model(skeleton, local, model));
  EXPECT_TRUE(vec3_near(glm::vec3(model[0][3]), {1, 0, 0}));
  // (1,0,0) + Rz90 * 2 * (1,0,0) = (1,2,0), then another 2 units along +Y.
  EXPECT_TRUE(vec3_near(glm::vec3(model[1][3]), {1, 2, 0}));
  EXPECT_TRUE(vec3_near(glm::vec3(model[2][3]), {1, 4, 0}));
  // The child's X axis points along model +Y with the parent's scale.
  EXPECT_TRUE(vec3_near(glm::vec3(model[2][0]), {0, 2, 0}));
}

TEST(LocalToModel, RejectsPosesOfTheWrongSize) {
  const Skeleton skeleton = chain(3);
  std::vector<Transform> local(3);
  std::vector<glm::mat4> model(3);
  std::vector<Transform> short_local(2);
  std::vector<glm::mat4> short_model(2);
  EXPECT_FALSE(local_to_model(skeleton, short_local, model));
  EXPECT_FALSE(local_to_model(skeleton, local, short_model));
}

TEST(LocalToModelBelow, RecomputesTheSubtreeAloneAsTheWholePassWould) {
  // root -> a -> a_child and root -> b: a's local turn changes a and a_child and nothing else.
  Skeleton skeleton;
  skeleton.joint_names = {"root", "a", "b", "a_child"};
  skeleton.parents = {kNoParent, 0, 0, 1};
  skeleton.rest_pose = {make({0, 1, 0}), make({1, 0, 0}), make({-1, 0, 0}), make({0, 2, 0})};
  skeleton.inverse_bind.assign(4, glm::mat4(1.0f));
  std::vector<Transform> local = skeleton.rest_pose;
  std::vector<glm::mat4> model(4);
  ASSERT_TRUE(local_to_model(skeleton, local, model));
  local[1].rotation = rotation_about(90.0f, kZ);
  local[2].translation = {-5, 0, 0};  // not below a: must stay as it was
  ASSERT_TRUE(local_to_model_below(skeleton, local, 1, model));
  EXPECT_TRUE(vec3_near(glm::vec3(model[1][3]), {1, 1, 0}));
  // a_child: 2 along a's +Y, which the turn points along model -X.
  EXPECT_TRUE(vec3_near(glm::vec3(model[3][3]), {-1, 1, 0}));
  EXPECT_TRUE(vec3_near(glm::vec3(model[2][3]), {-1, 1, 0}));
  EXPECT_TRUE(vec3_near(glm::vec3(model[0][3]), {0, 1, 0}));
  EXPECT_FALSE(local_to_model_below(skeleton, local, 4, model));
  EXPECT_FALSE(local_to_model_below(skeleton, local, -1, model));
  // A range: within the skeleton, not reversed.
  EXPECT_TRUE(local_to_model_range(skeleton, local, 1, 1, model));
  EXPECT_FALSE(local_to_model_range(skeleton, local, 2, 1, model));
  EXPECT_FALSE(local_to_model_range(skeleton, local, -1, 2, model));
  EXPECT_FALSE(local_to_model_range(skeleton, local, 0, 5, model));
  EXPECT_FALSE(local_to_model_range(skeleton, local, 0, 4, std::span(model).first(3)));
}

// Random skeletons (chains, branches, several roots) of 1 to 21 joints, so that joints four at a
// time and the ones left over are both checked, and a parent taken from the joint just before
// as well as from further back: each model matrix is its parent's times its local matrix (or the
// local matrix for a root), bit for bit; a subtree or a range recomputed alone gives the same
// bits.
TEST(LocalToModel, EveryJointIsItsParentTimesItsLocalMatrixBitForBit) {
  std::mt19937 random(5);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::uniform_real_distribution<float> scale(0.5f, 2.0f);
  for (int joints = 1; joints <= 21; ++joints) {
    for (int shape = 0; shape < 8; ++shape) {
      Skeleton skeleton = chain(joints);
      std::vector<Transform> local(as_size(joints));
      for (int j = 0; j < joints; ++j) {
        // Mostly the joint before (a chain), else any earlier joint or none.
        const int pick = std::uniform_int_distribution<int>(-1, 2 * j)(random);
        skeleton.parents[as_size(j)] = pick >= j ? j - 1 : std::min(pick, j - 1);
        local[as_size(j)] = make(
            {value(random), value(random), value(random)},
            glm::normalize(glm::quat(value(random), value(random), value(random), value(random))),
            {scale(random), scale(random), scale(random)});
      }
      std::vector<glm::mat4> model(as_size(joints));
      ASSERT_TRUE(local_to_model(skeleton, local, model));
      for (std::size_t j = 0; j < model.size(); ++j) {
        const int parent = skeleton.parents[j];
        const glm::mat4 m = fast::to_matrix(local[j]);
        const glm::mat4 expected =
            parent >= 0 ? fast::affine_product(model[as_size(parent)], m) : m;
        ASSERT_EQ(std::memcmp(&model[j], &expected, sizeof(glm::mat4)), 0)
            << joints << " joints, shape " << shape << ", joint " << j;
      }
      const int below = std::uniform_int_distribution<int>(0, joints - 1)(random);
      std::vector<glm::mat4> subtree = model;
      for (std::size_t j = as_size(below); j < subtree.size(); ++j) subtree[j] = glm::mat4(0.0f);
      ASSERT_TRUE(local_to_model_below(skeleton, local, below, subtree));
      std::vector<bool> in_subtree(subtree.size(), false);
      for (std::size_t j = as_size(below); j < subtree.size(); ++j) {
        const int parent = skeleton.parents[j];
        in_subtree[j] = j == as_size(below) || (parent >= 0 && in_subtree[as_size(parent)]);
        if (!in_subtree[j]) continue;
        ASSERT_EQ(std::memcmp(&subtree[j], &model[j], sizeof(glm::mat4)), 0)
            << joints << " joints, below " << below << ", joint " << j;
      }
      // Any range recomputed alone, the joints before it current, gives the same bits.
      const int begin = std::uniform_int_distribution<int>(0, joints - 1)(random);
      const int end = std::uniform_int_distribution<int>(begin, joints)(random);
      std::vector<glm::mat4> range = model;
      for (int j = begin; j < end; ++j) range[as_size(j)] = glm::mat4(0.0f);
      ASSERT_TRUE(local_to_model_range(skeleton, local, begin, end, range));
      for (std::size_t j = 0; j < range.size(); ++j) {
        ASSERT_EQ(std::memcmp(&range[j], &model[j], sizeof(glm::mat4)), 0)
            << joints << " joints, range " << begin << " to " << end << ", joint " << j;
      }
    }
  }
}

TEST(BlendPoses, NormalizesWeightsSoOnlyTheirRatioMatters) {
  const std::vector<Transform> a = {make({0, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(1))};
  const std::vector<Transform> b = {make({4, 0, 0}, rotation_about(90.0f, kY), glm::vec3(3))};
  const std::vector<Transform> rest(1);
  std::vector<Transform> out(1);
  for (float scale : {1.0f, 2.0f, 0.01f}) {
    const BlendLayer layers[] = {{a, 1.0f * scale, {}}, {b, 3.0f * scale, {}}};
    ASSERT_TRUE(blend_poses(layers, rest, out));
    EXPECT_TRUE(vec3_near(out[0].translation, {3, 0, 0}));
    EXPECT_TRUE(vec3_near(out[0].scale, {2.5f, 2.5f, 2.5f}));
    EXPECT_NEAR(glm::length(out[0].rotation), 1.0f, 1e-6f);
  }
  // Equal weights: nlerp halfway between 0 and 90 degrees is 45 degrees.
  const BlendLayer halves[] = {{a, 0.5f, {}}, {b, 0.5f, {}}};
  ASSERT_TRUE(blend_poses(halves, rest, out));
  EXPECT_TRUE(same_rotation(out[0].rotation, rotation_about(45.0f, kY)));
}

TEST(BlendPoses, AlignsQuaternionHemispheresAcross180Degrees) {
  const std::vector<Transform> a = {make({0, 0, 0}, rotation_about(170.0f, kY))};
  const std::vector<Transform> b = {make({0, 0, 0}, rotation_about(-170.0f, kY))};
  // The same rotation as a, stored as -q: unaligned, the two would cancel to zero.
  const std::vector<Transform> a_negated = {make({0, 0, 0}, -rotation_about(170.0f, kY))};
  const std::vector<Transform> rest(1);
  std::vector<Transform> out(1);
  const BlendLayer opposite[] = {{a, 1.0f, {}}, {b, 1.0f, {}}};
  ASSERT_TRUE(blend_poses(opposite, rest, out));
  EXPECT_TRUE(same_rotation(out[0].rotation, rotation_about(180.0f, kY)));
  const BlendLayer antipodal[] = {{a, 1.0f, {}}, {a_negated, 1.0f, {}}};
  ASSERT_TRUE(blend_poses(antipodal, rest, out));
  EXPECT_TRUE(same_rotation(out[0].rotation, rotation_about(170.0f, kY)));
}

TEST(BlendPoses, JointWeightsMaskLayersPerJointAndZeroTotalUsesTheFallback) {
  const std::vector<Transform> legs = {make({0, 0, 0}), make({0, 0, 0}), make({0, 0, 0})};
  const std::vector<Transform> wave = {make({2, 0, 0}), make({2, 0, 0}), make({2, 0, 0})};
  const std::vector<Transform> rest = {make({9, 9, 9}), make({8, 8, 8}), make({7, 7, 7})};
  const std::vector<float> upper_body = {0.0f, 1.0f, 0.5f};
  const std::vector<float> lower_body = {1.0f, 1.0f, 0.0f};
  std::vector<Transform> out(3);
  const BlendLayer layers[] = {{legs, 1.0f, lower_body}, {wave, 1.0f, upper_body}};
  ASSERT_TRUE(blend_poses(layers, rest, out));
  EXPECT_TRUE(vec3_near(out[0].translation, {0, 0, 0}));  // only the legs
  EXPECT_TRUE(vec3_near(out[1].translation, {1, 0, 0}));  // half and half
  EXPECT_TRUE(vec3_near(out[2].translation, {2, 0, 0}));  // only the wave, its 0.5 normalized
  const std::vector<float> masked_out = {0.0f, 0.0f, 0.0f};
  const BlendLayer nothing[] = {{legs, 0.0f, {}}, {wave, 1.0f, masked_out}};
  ASSERT_TRUE(blend_poses(nothing, rest, out));
  EXPECT_TRUE(vec3_near(out[0].translation, {9, 9, 9}));
  EXPECT_TRUE(vec3_near(out[2].translation, {7, 7, 7}));
  // Without masks too (a separate path), and with no layers at all.
  const BlendLayer all_zero[] = {{legs, 0.0f, {}}, {wave, 0.0f, {}}};
  ASSERT_TRUE(blend_poses(all_zero, rest, out));
  EXPECT_TRUE(vec3_near(out[1].translation, {8, 8, 8}));
  out[1].translation = {0, 0, 0};
  ASSERT_TRUE(blend_poses({}, rest, out));
  EXPECT_TRUE(vec3_near(out[1].translation, {8, 8, 8}));
}

TEST(BlendPoses, RejectsEachBrokenInput) {
  const std::vector<Transform> pose(2);
  const std::vector<Transform> short_pose(1);
  const std::vector<float> short_mask = {1.0f};
  std::vector<Transform> out(2);
  out[0].translation = {5, 5, 5};
  const BlendLayer wrong_pose[] = {{short_pose, 1.0f, {}}};
  EXPECT_FALSE(blend_poses(wrong_pose, pose, out));
  const BlendLayer wrong_mask[] = {{pose, 1.0f, short_mask}};
  EXPECT_FALSE(blend_poses(wrong_mask, pose, out));
  const BlendLayer negative[] = {{pose, -1.0f, {}}};
  EXPECT_FALSE(blend_poses(negative, pose, out));
  const BlendLayer nan[] = {{pose, std::numeric_limits<float>::quiet_NaN(), {}}};
  EXPECT_FALSE(blend_poses(nan, pose, out));
  const BlendLayer fine[] = {{pose, 1.0f, {}}};
  EXPECT_FALSE(blend_poses(fine, short_pose, out));
  EXPECT_TRUE(vec3_near(out[0].translation, {5, 5, 5}));
}

// Two joints with uniform scales, so SQT composition is exact.
const std::vector<Transform> kReference = {
    make({0, 1, 0}, rotation_about(30.0f, {1, 2, 3}), glm::vec3(1.5f)),
    make({0.2f, 0, 0.1f}, rotation_about(-60.0f, kZ))};
const std::vector<Transform> kSource = {
    make({0.5f, 1.2f, -0.3f}, rotation_about(75.0f, {0, 1, 1}), glm::vec3(2.0f)),
    make({0.2f, 0.4f, 0.1f}, rotation_about(120.0f, {1, 0, 0}), glm::vec3(0.5f))};

TEST(Additive, ApplyingAClipsOwnDeltaToItsReferenceGivesTheSourceBack) {
  std::vector<Transform> delta(2);
  std::vector<Transform> out(2);
  ASSERT_TRUE(make_additive_delta(kReference, kSource, delta));
  ASSERT_TRUE(apply_additive(kReference, delta, 1.0f, {}, out));
  for (int j = 0; j < 2; ++j) {
    EXPECT_TRUE(vec3_near(out[j].translation, kSource[j].translation)) << j;
    EXPECT_TRUE(same_rotation(out[j].rotation, kSource[j].rotation)) << j;
    EXPECT_TRUE(vec3_near(out[j].scale, kSource[j].scale)) << j;
  }
}

TEST(Additive, DeltaOfAPoseAgainstItselfIsIdentityAndWeightZeroKeepsTheBase) {
  std::vector<Transform> delta(2);
  ASSERT_TRUE(make_additive_delta(kSource, kSource, delta));
  for (const Transform& d : delta) {
    EXPECT_TRUE(vec3_near(d.translation, {0, 0, 0}));
    EXPECT_TRUE(same_rotation(d.rotation, glm::quat(1, 0, 0, 0)));
    EXPECT_TRUE(vec3_near(d.scale, {1, 1, 1}));
  }
  ASSERT_TRUE(make_additive_delta(kReference, kSource, delta));
  std::vector<Transform> out(2);
  ASSERT_TRUE(apply_additive(kReference, delta, 0.0f, {}, out));
  EXPECT_TRUE(vec3_near(out[1].translation, kReference[1].translation));
  EXPECT_TRUE(same_rotation(out[1].rotation, kReference[1].rotation));
}

TEST(Additive, PartialWeightScalesTheDeltaInTheBasesFrameAndMasksPerJoint) {
  const std::vector<Transform> base = {make({1, 0, 0}, rotation_about(90.0f, kY)),
                                       make({1, 0, 0}, rotation_about(90.0f, kY))};
  const std::vector<Transform> delta = {make({2, 0, 0}, rotation_about(90.0f, kZ)),
                                        make({2, 0, 0}, rotation_about(90.0f, kZ))};
  const std::vector<float> mask = {1.0f, 0.0f};
  std::vector<Transform> out(2);
  ASSERT_TRUE(apply_additive(base, delta, 0.5f, mask, out));
  // Half the delta, (1,0,0), turned by the base's 90 degrees about Y becomes (0,0,-1).
  EXPECT_TRUE(vec3_near(out[0].translation, {1, 0, -1}));
  EXPECT_TRUE(
      same_rotation(out[0].rotation, rotation_about(90.0f, kY) * rotation_about(45.0f, kZ)));
  EXPECT_TRUE(vec3_near(out[1].translation, {1, 0, 0}));
  EXPECT_TRUE(same_rotation(out[1].rotation, rotation_about(90.0f, kY)));
}

TEST(Additive, RejectsEachBrokenInput) {
  const std::vector<Transform> two(2);
  const std::vector<Transform> one(1);
  std::vector<Transform> out(2);
  std::vector<Transform> short_out(1);
  EXPECT_FALSE(make_additive_delta(one, two, out));
  EXPECT_FALSE(make_additive_delta(two, one, out));
  EXPECT_FALSE(make_additive_delta(two, two, short_out));
  EXPECT_FALSE(apply_additive(one, two, 1.0f, {}, out));
  EXPECT_FALSE(apply_additive(two, one, 1.0f, {}, out));
  EXPECT_FALSE(apply_additive(two, two, 1.0f, {}, short_out));
  EXPECT_FALSE(apply_additive(two, two, 1.0f, std::vector<float>{1.0f}, out));
  EXPECT_FALSE(apply_additive(two, two, std::numeric_limits<float>::infinity(), {}, out));
}

}  // namespace
}  // namespace anim
