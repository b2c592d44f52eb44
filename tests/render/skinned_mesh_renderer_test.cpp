#include "render/skinned_mesh_renderer.h"

#include <glad/gl.h>

#include <cmath>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "render/frame_capture.h"
#include "skinning_rigs.h"

namespace {

using skin_test::kPi;
using visual::MeshColoring;
using visual::SkinningChoice;

constexpr int kSize = 256;  // the fixture's window
constexpr SkinningChoice kMethods[] = {SkinningChoice::Lbs, SkinningChoice::DualQuat};
// The clear grey: 0.1 reads back as 25 (llvmpipe rounds down; compare with a tolerance of 1).
constexpr float kClearGrey = 0.1f;

glm::quat axis_angle(float degrees, glm::vec3 axis) {
  return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

class SkinnedMeshRendererTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_EQ(renderer_.init(), "");
  }

  // Uploads rig's mesh and the palettes of pose.
  void load(const skin_test::Rig& rig, const std::vector<anim::Transform>& pose) {
    ASSERT_EQ(mesh_.upload(rig.mesh, rig.skeleton.joint_count()), "");
    palettes_ = skin_test::make_palettes(rig.skeleton, pose);
    skin_test::upload(palettes_, rig.skeleton.joint_count(), palette_);
  }

  std::vector<glm::vec3> gpu_skin(SkinningChoice method,
                                  std::vector<glm::vec3>* normals = nullptr) {
    std::vector<glm::vec3> positions(static_cast<std::size_t>(mesh_.vertex_count()));
    std::vector<glm::vec3> unused;
    std::vector<glm::vec3>& out_normals = normals ? *normals : unused;
    out_normals.resize(positions.size());
    EXPECT_EQ(renderer_.capture_skinned_positions(mesh_, palette_, method, positions, out_normals),
              "");
    return positions;
  }

  // Clears, draws the mesh with an orthographic view of x in [x0, x1], y in [y0, y1] (looking
  // down -Z) and reads the picture back.
  render::Image render(const render::MeshDrawOptions& options, float x0, float x1, float y0,
                       float y1) {
    glViewport(0, 0, kSize, kSize);
    glClearColor(kClearGrey, kClearGrey, kClearGrey, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const glm::mat4 view_projection = glm::ortho(x0, x1, y0, y1, -10.0f, 10.0f);
    renderer_.set_light_direction({0.0f, 0.0f, 1.0f});
    EXPECT_EQ(renderer_.draw(mesh_, palette_, view_projection, options), "");
    return render::read_framebuffer(kSize, kSize);
  }

  render::SkinnedMeshRenderer renderer_;
  render::GpuMesh mesh_;
  render::SkinningPaletteBuffer palette_;
  skin_test::Palettes palettes_;
};

// The pixel of world point (x, y) in a picture made by render() with the same bounds.
const std::uint8_t* pixel_at(const render::Image& image, float x, float y, float x0, float x1,
                             float y0, float y1) {
  const int px = static_cast<int>((x - x0) / (x1 - x0) * kSize);
  const int py = static_cast<int>((y1 - y) / (y1 - y0) * kSize);
  return image.pixel(px, py);
}

bool is_background(const std::uint8_t* p) {
  return std::abs(p[0] - 25) <= 1 && std::abs(p[1] - 25) <= 1 && std::abs(p[2] - 25) <= 1;
}

// Distance of p from the X axis: the arm's radius where it is not bent.
float radius_about_x(const glm::vec3& p) {
  return std::hypot(p.y, p.z);
}

TEST_F(SkinnedMeshRendererTest, GpuMatchesCpuReferenceForBothMethodsAtSeveralPoses) {
  const skin_test::Rig rig = skin_test::make_arm(4, 0.5f, 0.08f, 33, 12);
  std::vector<std::vector<anim::Transform>> poses(4, rig.skeleton.rest_pose);
  poses[1][1].rotation = axis_angle(60.0f, {0, 0, 1});
  poses[1][2].rotation = axis_angle(-45.0f, {0, 1, 0});
  poses[1][3].rotation = axis_angle(90.0f, {1, 0, 0});
  poses[2][0].translation = {0.3f, -0.2f, 0.1f};
  poses[2][0].rotation = axis_angle(30.0f, {1, 1, 0});
  poses[2][2].rotation = axis_angle(170.0f, {1, 0, 0});
  poses[2][3].rotation = axis_angle(135.0f, {0, 0, 1});
  // Quaternions with w < 0 (angles beyond 180 degrees): the dual-quaternion blend must flip
  // them into the first influence's hemisphere.
  poses[3][1].rotation = axis_angle(270.0f, {0, 1, 0});
  poses[3][3].rotation = axis_angle(-200.0f, {1, 0, 0});
  for (std::size_t pose = 0; pose < poses.size(); ++pose) {
    load(rig, poses[pose]);
    for (SkinningChoice method : kMethods) {
      std::vector<glm::vec3> gpu_normals, cpu_normals;
      const auto gpu = gpu_skin(method, &gpu_normals);
      const auto cpu = skin_test::cpu_skin(rig.mesh, palettes_, method, &cpu_normals);
      EXPECT_LT(skin_test::max_distance(gpu, cpu), 1e-4f)
          << "pose " << pose << ", " << visual::to_string(method);
      EXPECT_LT(skin_test::max_distance(gpu_normals, cpu_normals), 1e-3f)
          << "pose " << pose << ", " << visual::to_string(method);
      if (pose == 0) {  // the rest pose gives the bind mesh back, independent of any reference
        EXPECT_LT(skin_test::max_distance(gpu, rig.mesh.positions), 1e-5f);
      }
    }
  }
}

TEST_F(SkinnedMeshRendererTest, TwistOf180DegreesCollapsesLbsWhileDualQuaternionsKeepRadius) {
  // Upper arm j0 over x in [0, 1], forearm j1 over [1, 2]; weights cross over x in [0.5, 1.5].
  const float radius = 0.1f;
  const skin_test::Rig rig = skin_test::make_arm(2, 1.0f, radius, 21, 16);
  auto pose = rig.skeleton.rest_pose;
  pose[1].rotation = axis_angle(180.0f, {1, 0, 0});
  load(rig, pose);
  const auto lbs = gpu_skin(SkinningChoice::Lbs);
  const auto dq = gpu_skin(SkinningChoice::DualQuat);
  // Ring r lies at x = r / 10; weight w of j1 = clamp(x - 0.5, 0, 1). LBS averages a point and
  // its 180-degree twisted image, so its radius is |1 - 2w| * radius: 0 at the elbow (x = 1).
  float lbs_min_ratio = 1.0f, dq_min_ratio = 10.0f, dq_max_ratio = 0.0f;
  for (int ring = 0; ring < 21; ++ring) {
    const float w = std::clamp(ring / 10.0f - 0.5f, 0.0f, 1.0f);
    for (int s = 0; s < 16; ++s) {
      const std::size_t v = static_cast<std::size_t>(ring * 16 + s);
      EXPECT_NEAR(radius_about_x(lbs[v]), std::abs(1.0f - 2.0f * w) * radius, 1e-4f)
          << "ring " << ring;
      lbs_min_ratio = std::min(lbs_min_ratio, radius_about_x(lbs[v]) / radius);
      dq_min_ratio = std::min(dq_min_ratio, radius_about_x(dq[v]) / radius);
      dq_max_ratio = std::max(dq_max_ratio, radius_about_x(dq[v]) / radius);
    }
  }
  RecordProperty("lbs_min_radius_ratio", std::to_string(lbs_min_ratio));
  RecordProperty("dq_min_radius_ratio", std::to_string(dq_min_ratio));
  EXPECT_LT(lbs_min_ratio, 0.01f);  // candy-wrapper collapse at the elbow
  EXPECT_GT(dq_min_ratio, 0.98f);   // within a few percent everywhere
  EXPECT_LT(dq_max_ratio, 1.02f);
}

TEST_F(SkinnedMeshRendererTest, ThreeHundredJointSkeletonSkinsLikeTheCpu) {
  const skin_test::Rig rig = skin_test::make_arm(300, 0.01f, 0.02f, 301, 8);
  ASSERT_EQ(rig.skeleton.joint_count(), 300);
  auto pose = rig.skeleton.rest_pose;
  for (int j = 1; j < 300; ++j) {
    pose[j].rotation = axis_angle(1.2f, {0, 0, 1}) * axis_angle(2.0f, {1, 0, 0});
  }
  load(rig, pose);
  EXPECT_EQ(palette_.joints_per_instance(SkinningChoice::Lbs), 300);
  // The chain curls: its tip moves far from where it was bound, and joints beyond 255 and
  // beyond the 60 a uniform array would hold drive vertices.
  const std::size_t tip = rig.mesh.vertex_count() - 1;
  ASSERT_EQ(rig.mesh.joints0[tip].x, 299u);
  for (SkinningChoice method : kMethods) {
    const auto gpu = gpu_skin(method);
    const auto cpu = skin_test::cpu_skin(rig.mesh, palettes_, method);
    EXPECT_LT(skin_test::max_distance(gpu, cpu), 1e-4f) << visual::to_string(method);
    EXPECT_GT(glm::distance(gpu[tip], rig.mesh.positions[tip]), 1.0f);
  }
}

TEST_F(SkinnedMeshRendererTest, SecondInfluenceSetGivesEightInfluencesPerVertex) {
  // One triangle, every vertex 1/8 on each of eight joints; joint k moves by (0, 0.1 k, 0).
  skin_test::Rig rig;
  rig.skeleton = skin_test::make_chain(8, 0.0f);
  anim::SkinnedMesh& m = rig.mesh;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.normals.assign(3, {0, 0, 1});
  m.joints0.assign(3, {0, 1, 2, 3});
  m.joints1.assign(3, {4, 5, 6, 7});
  m.weights0.assign(3, glm::vec4(0.125f));
  m.weights1.assign(3, glm::vec4(0.125f));
  m.indices = {0, 1, 2};
  auto pose = rig.skeleton.rest_pose;
  pose[0].translation = {0.0f, 0.0f, 0.0f};
  for (int k = 1; k < 8; ++k) pose[k].translation = {0.0f, 0.1f, 0.0f};  // chained: 0.1 k
  load(rig, pose);
  ASSERT_TRUE(mesh_.has_second_influence_set());
  for (SkinningChoice method : kMethods) {
    const auto gpu = gpu_skin(method);
    // (0 + 0.1 + ... + 0.7) / 8 = 0.35; the first set alone would give 0.075.
    for (int v = 0; v < 3; ++v) {
      EXPECT_NEAR(gpu[v].y - m.positions[v].y, 0.35f, 1e-5f) << visual::to_string(method);
      EXPECT_NEAR(gpu[v].x, m.positions[v].x, 1e-5f);
    }
  }
  // With rotations too, the GPU still matches the CPU reference over both sets.
  for (int k = 1; k < 8; ++k) pose[k].rotation = axis_angle(25.0f * k, {k % 2, 1, k % 3});
  load(rig, pose);
  for (SkinningChoice method : kMethods) {
    EXPECT_LT(skin_test::max_distance(gpu_skin(method), skin_test::cpu_skin(m, palettes_, method)),
              1e-4f)
        << visual::to_string(method);
  }
}

TEST_F(SkinnedMeshRendererTest, DualQuaternionsApplyNonUniformScaleBeforeTheRigidPart) {
  const skin_test::Rig rig = skin_test::make_arm(3, 0.6f, 0.1f, 19, 10);
  auto pose = rig.skeleton.rest_pose;
  pose[1].scale = {1.5f, 0.6f, 1.2f};
  pose[1].rotation = axis_angle(40.0f, {0, 0, 1});
  pose[2].rotation = axis_angle(70.0f, {1, 0, 0});
  load(rig, pose);
  EXPECT_GT(palette_.stretched_joint_count(), 0);
  const auto gpu = gpu_skin(SkinningChoice::DualQuat);
  EXPECT_LT(skin_test::max_distance(
                gpu, skin_test::cpu_skin(rig.mesh, palettes_, SkinningChoice::DualQuat)),
            1e-4f);
  // A vertex bound to one joint must land exactly where that joint's matrix puts it.
  int single = 0;
  for (std::size_t v = 0; v < rig.mesh.vertex_count(); ++v) {
    if (rig.mesh.weights0[v].x != 1.0f) continue;
    const glm::mat4& m = palettes_.matrices[rig.mesh.joints0[v].x];
    EXPECT_LT(glm::distance(gpu[v], glm::vec3(m * glm::vec4(rig.mesh.positions[v], 1.0f))), 1e-4f)
        << "vertex " << v;
    ++single;
  }
  EXPECT_GT(single, 0);
}

TEST_F(SkinnedMeshRendererTest, SkinnedMeshCoversTheExpectedPixels) {
  // The arm spans x in [0, 2]; the root pose moves it to x in [-1, 1], centred on y = 0.5.
  const skin_test::Rig rig = skin_test::make_arm(2, 1.0f, 0.25f, 9, 16);
  auto pose = rig.skeleton.rest_pose;
  pose[0].translation = {-1.0f, 0.5f, 0.0f};
  load(rig, pose);
  for (SkinningChoice method : kMethods) {
    render::MeshDrawOptions options;
    options.method = method;
    options.material.base_color = {0.9f, 0.1f, 0.1f, 1.0f};
    const render::Image image = render(options, -2, 2, -2, 2);
    const std::uint8_t* on_arm = pixel_at(image, 0.0f, 0.5f, -2, 2, -2, 2);
    // Red: the output is sRGB-encoded, which lifts the dark green and blue channels.
    EXPECT_GT(on_arm[0], 150) << visual::to_string(method);
    EXPECT_LT(on_arm[1], 0.7f * on_arm[0]);
    EXPECT_TRUE(is_background(pixel_at(image, 0.0f, -0.5f, -2, 2, -2, 2)));  // bind place
    EXPECT_TRUE(is_background(pixel_at(image, -1.5f, 0.5f, -2, 2, -2, 2)));  // beyond the end
    EXPECT_TRUE(is_background(pixel_at(image, 1.5f, 0.5f, -2, 2, -2, 2)));
  }
}

TEST_F(SkinnedMeshRendererTest, TwistedForearmLooksDifferentPerMethodAndTheDifferenceViewIsRed) {
  const skin_test::Rig rig = skin_test::make_arm(2, 1.0f, 0.2f, 41, 24);
  auto pose = rig.skeleton.rest_pose;
  pose[1].rotation = axis_angle(180.0f, {1, 0, 0});
  load(rig, pose);
  const float x0 = -0.2f, x1 = 2.2f, y0 = -1.2f, y1 = 1.2f;
  render::MeshDrawOptions options;
  options.method = SkinningChoice::Lbs;
  const render::Image lbs = render(options, x0, x1, y0, y1);
  options.method = SkinningChoice::DualQuat;
  const render::Image dq = render(options, x0, x1, y0, y1);
  // At the elbow LBS has shrunk to a point; DQ keeps the full 0.2 m radius.
  EXPECT_TRUE(is_background(pixel_at(lbs, 1.0f, 0.1f, x0, x1, y0, y1)));
  EXPECT_FALSE(is_background(pixel_at(dq, 1.0f, 0.1f, x0, x1, y0, y1)));
  // On the rigid upper arm both agree.
  for (const render::Image* image : {&lbs, &dq}) {
    EXPECT_FALSE(is_background(pixel_at(*image, 0.25f, 0.1f, x0, x1, y0, y1)));
  }

  options.color_mode = MeshColoring::SkinningDifference;
  options.difference_full_scale_m = 0.05f;
  const render::Image difference = render(options, x0, x1, y0, y1);
  const std::uint8_t* elbow = pixel_at(difference, 1.0f, 0.1f, x0, x1, y0, y1);
  EXPECT_GT(elbow[0], 2 * elbow[1]);  // 0.1 m or more apart: red
  EXPECT_GT(elbow[0], 2 * elbow[2]);
  const std::uint8_t* upper_arm = pixel_at(difference, 0.25f, 0.0f, x0, x1, y0, y1);
  EXPECT_LT(upper_arm[0], upper_arm[2]);  // identical skinning: grey-blue
}

TEST_F(SkinnedMeshRendererTest, InfluenceHeatmapShowsOneAndTwoInfluences) {
  const skin_test::Rig rig = skin_test::make_arm(2, 1.0f, 0.25f, 41, 16);
  load(rig, rig.skeleton.rest_pose);
  render::MeshDrawOptions options;
  options.color_mode = MeshColoring::InfluenceCount;
  const render::Image image = render(options, -0.2f, 2.2f, -1.2f, 1.2f);
  // x < 0.5: one influence (blue); 0.5 < x < 1.5: two (cyan).
  const std::uint8_t* one = pixel_at(image, 0.2f, 0.0f, -0.2f, 2.2f, -1.2f, 1.2f);
  EXPECT_GT(one[2], 2 * one[1]);
  EXPECT_GT(one[2], 2 * one[0]);
  const std::uint8_t* two = pixel_at(image, 1.0f, 0.0f, -0.2f, 2.2f, -1.2f, 1.2f);
  EXPECT_GT(two[1], 3 * two[0]);
  EXPECT_GT(two[2], 3 * two[0]);
}

TEST_F(SkinnedMeshRendererTest, WireframeDrawsEdgesOnly) {
  // A 2 m square of two triangles split along its diagonal from (-1, -1) to (1, 1).
  skin_test::Rig rig;
  rig.skeleton = skin_test::make_chain(1, 0.0f);
  rig.mesh.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  rig.mesh.normals.assign(4, {0, 0, 1});
  rig.mesh.joints0.assign(4, glm::uvec4(0));
  rig.mesh.weights0.assign(4, {1, 0, 0, 0});
  rig.mesh.indices = {0, 1, 2, 0, 2, 3};
  load(rig, rig.skeleton.rest_pose);
  render::MeshDrawOptions options;
  const render::Image filled = render(options, -2, 2, -2, 2);
  options.wireframe = true;
  const render::Image wire = render(options, -2, 2, -2, 2);
  EXPECT_FALSE(is_background(pixel_at(filled, 0.5f, -0.3f, -2, 2, -2, 2)));
  EXPECT_TRUE(is_background(pixel_at(wire, 0.5f, -0.3f, -2, 2, -2, 2)));
  // The diagonal edge is drawn.
  EXPECT_FALSE(is_background(wire.pixel(kSize / 2, kSize / 2)));
}

TEST_F(SkinnedMeshRendererTest, CrowdInstancesReadTheirOwnPalette) {
  const skin_test::Rig rig = skin_test::make_arm(3, 0.5f, 0.1f, 13, 8);
  ASSERT_EQ(mesh_.upload(rig.mesh, 3), "");
  // Three instances of the same pose, each shifted by (0, 0, i): their palettes differ only by
  // that translation, so their skinned vertices must too.
  auto pose = rig.skeleton.rest_pose;
  pose[1].rotation = axis_angle(50.0f, {0, 1, 0});
  std::vector<glm::mat4> matrices;
  std::vector<anim::DualQuat> dual_quats;
  for (int i = 0; i < 3; ++i) {
    pose[0].translation = {0.0f, 0.0f, static_cast<float>(i)};
    const skin_test::Palettes p = skin_test::make_palettes(rig.skeleton, pose);
    matrices.insert(matrices.end(), p.matrices.begin(), p.matrices.end());
    dual_quats.insert(dual_quats.end(), p.dual_quats.begin(), p.dual_quats.end());
  }
  ASSERT_EQ(palette_.upload_matrices(matrices, 3), "");
  ASSERT_EQ(palette_.upload_dual_quats(dual_quats, {}, {}, 3), "");
  const std::size_t n = rig.mesh.vertex_count();
  for (SkinningChoice method : kMethods) {
    std::vector<glm::vec3> all(3 * n);
    ASSERT_EQ(renderer_.capture_skinned_positions(mesh_, palette_, method, all), "");
    for (std::size_t v = 0; v < n; ++v) {
      for (int i = 1; i < 3; ++i) {
        EXPECT_LT(glm::distance(all[i * n + v], all[v] + glm::vec3(0, 0, i)), 1e-5f);
      }
    }
  }
}

TEST_F(SkinnedMeshRendererTest, MissingOrTooSmallPalettesAreReportedNotDrawn) {
  const skin_test::Rig rig = skin_test::make_arm(3, 0.5f, 0.1f, 5, 6);
  ASSERT_EQ(mesh_.upload(rig.mesh, 3), "");
  render::MeshDrawOptions options;
  options.method = SkinningChoice::DualQuat;
  EXPECT_NE(renderer_.draw(mesh_, palette_, glm::mat4(1.0f), options)
                .find("no dual-quaternion palette uploaded"),
            std::string::npos);
  const std::vector<glm::mat4> two_joints(2, glm::mat4(1.0f));
  ASSERT_EQ(palette_.upload_matrices(two_joints, 2), "");
  options.method = SkinningChoice::Lbs;
  const std::string small = renderer_.draw(mesh_, palette_, glm::mat4(1.0f), options);
  EXPECT_NE(small.find("has 2 joints per instance, the mesh's skeleton 3"), std::string::npos)
      << small;
  const std::vector<glm::mat4> three_joints(3, glm::mat4(1.0f));
  ASSERT_EQ(palette_.upload_matrices(three_joints, 3), "");
  options.instance_count = 2;
  EXPECT_NE(renderer_.draw(mesh_, palette_, glm::mat4(1.0f), options).find("2 instances asked"),
            std::string::npos);
  options.instance_count = 1;
  options.color_mode = MeshColoring::SkinningDifference;  // needs the DQ palette too
  EXPECT_NE(renderer_.draw(mesh_, palette_, glm::mat4(1.0f), options).find("difference view"),
            std::string::npos);
  std::vector<glm::vec3> wrong_size(rig.mesh.vertex_count() + 1);
  EXPECT_NE(renderer_.capture_skinned_positions(mesh_, palette_, SkinningChoice::Lbs, wrong_size)
                .find("not a positive multiple"),
            std::string::npos);
}

}  // namespace
