#include "demo/demo_mesh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numbers>
#include <utility>

#include "anim/pose.h"
#include "anim/skinning.h"
#include "demo/demo_skeleton.h"

namespace demo {
namespace {

class DemoMesh : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    skeleton_ = new anim::Skeleton(make_demo_skeleton());
    mesh_ = new anim::SkinnedMesh(make_demo_mesh(*skeleton_));
  }
  static void TearDownTestSuite() {
    delete mesh_;
    delete skeleton_;
  }
  static const anim::Skeleton& skeleton() { return *skeleton_; }
  static const anim::SkinnedMesh& mesh() { return *mesh_; }

  // The weight vertex v gives the joint called name.
  static float weight(std::size_t v, const std::string& name) {
    const int joint = skeleton().find_joint(name);
    float w = 0.0f;
    for (int k = 0; k < 4; ++k) {
      if (mesh().joints0[v][k] == static_cast<unsigned>(joint)) w += mesh().weights0[v][k];
    }
    return w;
  }

  static anim::Skeleton* skeleton_;
  static anim::SkinnedMesh* mesh_;
};
anim::Skeleton* DemoMesh::skeleton_ = nullptr;
anim::SkinnedMesh* DemoMesh::mesh_ = nullptr;

TEST_F(DemoMesh, StandsOnTheFloorAndIsAsTallAsTheCharacter) {
  glm::vec3 low(1e9f), high(-1e9f);
  for (const glm::vec3& p : mesh().positions) {
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  EXPECT_NEAR(low.y, 0.0f, 0.003f);
  EXPECT_NEAR(high.y, kDemoHeight_m, 0.002f);
  // Arm span about equals height in people; symmetric about the centre line.
  EXPECT_NEAR(high.x - low.x, kDemoHeight_m, 0.05f * kDemoHeight_m);
  EXPECT_NEAR(high.x, -low.x, 1e-5f);
}

TEST_F(DemoMesh, EveryVertexHasNormalizedWeightsOnRealJoints) {
  ASSERT_GT(mesh().vertex_count(), 1000u);
  ASSERT_EQ(mesh().normals.size(), mesh().vertex_count());
  ASSERT_EQ(mesh().joints0.size(), mesh().vertex_count());
  ASSERT_EQ(mesh().weights0.size(), mesh().vertex_count());
  EXPECT_FALSE(mesh().has_second_influence_set());
  std::map<int, int> influence_histogram;
  for (std::size_t v = 0; v < mesh().vertex_count(); ++v) {
    const glm::vec4 w = mesh().weights0[v];
    ASSERT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-5f) << "vertex " << v;
    int influences = 0;
    for (int k = 0; k < 4; ++k) {
      ASSERT_GE(w[k], 0.0f);
      ASSERT_LT(mesh().joints0[v][k], static_cast<unsigned>(skeleton().joint_count()));
      influences += w[k] > 0.0f;
    }
    ++influence_histogram[influences];
  }
  // Smooth across joints: many vertices blend two bones, some (short bones) three.
  EXPECT_GT(influence_histogram[2], static_cast<int>(mesh().vertex_count() / 5));
  EXPECT_GT(influence_histogram[3], 0);
  for (std::size_t i = 0; i < mesh().indices.size(); ++i) {
    ASSERT_LT(mesh().indices[i], mesh().vertex_count());
  }
}

// At a joint the skin is shared half and half between the two bones, and well inside a bone it
// follows that bone alone.
TEST_F(DemoMesh, WeightsBlendAcrossJointsAndAreRigidMidBone) {
  const float knee_y = 0.51f;  // calf_l joint: 1.0 - 0.05 - 0.44
  const float mid_thigh_y = 0.73f;
  int at_knee = 0, mid_thigh = 0;
  for (std::size_t v = 0; v < mesh().vertex_count(); ++v) {
    const glm::vec3 p = mesh().positions[v];
    if (p.x < 0.0f || p.x > 0.2f || p.z < -0.1f || p.z > 0.1f) continue;  // left leg only
    if (std::abs(p.y - knee_y) < 1e-5f) {
      ++at_knee;
      EXPECT_NEAR(weight(v, "thigh_l"), 0.5f, 1e-4f);
      EXPECT_NEAR(weight(v, "calf_l"), 0.5f, 1e-4f);
    }
    if (std::abs(p.y - mid_thigh_y) < 0.005f) {
      ++mid_thigh;
      EXPECT_FLOAT_EQ(weight(v, "thigh_l"), 1.0f);
    }
  }
  EXPECT_GT(at_knee, 10);
  EXPECT_GT(mid_thigh, 10);
}

// Closed surfaces with outward, counter-clockwise triangles: every directed edge is matched by
// its reverse exactly once, the enclosed volume is positive and about a person's (a 75 kg body
// is about 0.075 m^3; the mannequin is slimmer), and every normal agrees with its faces.
TEST_F(DemoMesh, IsClosedAndFacesOutward) {
  const auto& idx = mesh().indices;
  const auto& pos = mesh().positions;
  ASSERT_EQ(idx.size() % 3, 0u);
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
  double volume = 0.0;
  for (std::size_t i = 0; i < idx.size(); i += 3) {
    for (int e = 0; e < 3; ++e) ++edges[{idx[i + e], idx[i + (e + 1) % 3]}];
    volume += glm::dot(pos[idx[i]], glm::cross(pos[idx[i + 1]], pos[idx[i + 2]])) / 6.0;
    const glm::vec3 face = glm::cross(pos[idx[i + 1]] - pos[idx[i]], pos[idx[i + 2]] - pos[idx[i]]);
    for (int e = 0; e < 3; ++e) {
      ASSERT_GT(glm::dot(mesh().normals[idx[i + e]], face), 0.0f) << "triangle " << i / 3;
    }
  }
  for (const auto& [edge, count] : edges) {
    ASSERT_EQ(count, 1);
    ASSERT_EQ(edges.count({edge.second, edge.first}), 1u);
  }
  EXPECT_GT(volume, 0.04);
  EXPECT_LT(volume, 0.09);
  for (const glm::vec3& n : mesh().normals) ASSERT_NEAR(glm::length(n), 1.0f, 1e-5f);
}

// Why the forearm has a twist joint: with the hand twisted a quarter turn about the forearm,
// linear-blend skinning collapses the wrist (the vertices halfway between forearm_twist and hand
// average two rotations 90 degrees apart, losing about 1 - cos 45 = 29% of their distance from
// the bone) while dual-quaternion skinning keeps it.
TEST_F(DemoMesh, TwistedWristPinchesWithLinearBlendButNotWithDualQuaternions) {
  const int n = skeleton().joint_count();
  std::vector<anim::Transform> local(skeleton().rest_pose);
  local[skeleton().find_joint("hand_r")].rotation =
      glm::angleAxis(std::numbers::pi_v<float> / 2.0f, glm::vec3(1, 0, 0));
  std::vector<glm::mat4> model(n), palette(n);
  std::vector<anim::DualQuat> dual_quats(n);
  std::vector<glm::mat3> stretch(n);
  std::vector<std::uint8_t> has_stretch(n);
  ASSERT_TRUE(anim::local_to_model(skeleton(), local, model));
  ASSERT_TRUE(anim::skinning_matrices(model, skeleton().inverse_bind, palette));
  ASSERT_TRUE(
      anim::skinning_dual_quats(model, skeleton().inverse_bind, dual_quats, stretch, has_stretch));
  std::vector<glm::vec3> lbs(mesh().vertex_count()), dq(mesh().vertex_count());
  ASSERT_TRUE(anim::skin_vertices_lbs(mesh(), palette, lbs, {}));
  ASSERT_TRUE(anim::skin_vertices_dq(mesh(), dual_quats, stretch, dq, {}));

  // The twist is about the arm's axis (along X through the hand joint), which stays in place.
  const glm::vec3 axis_point = glm::vec3(model[skeleton().find_joint("hand_r")][3]);
  const auto radius = [&](const glm::vec3& p) {
    return glm::length(glm::vec2(p.y - axis_point.y, p.z - axis_point.z));
  };
  double bind = 0.0, linear = 0.0, dual = 0.0;
  int count = 0;
  for (std::size_t v = 0; v < mesh().vertex_count(); ++v) {
    if (std::abs(weight(v, "hand_r") - 0.5f) > 0.01f ||
        std::abs(weight(v, "forearm_twist_r") - 0.5f) > 0.01f) {
      continue;
    }
    bind += radius(mesh().positions[v]);
    linear += radius(lbs[v]);
    dual += radius(dq[v]);
    ++count;
  }
  ASSERT_GT(count, 10);
  EXPECT_NEAR(linear / bind, std::cos(std::numbers::pi / 4.0), 0.02);
  EXPECT_NEAR(dual / bind, 1.0, 0.01);
}

}  // namespace
}  // namespace demo
