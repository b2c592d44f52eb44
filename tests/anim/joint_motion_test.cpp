#include "anim/joint_motion.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace anim {
namespace {

constexpr float kPi = 3.14159265f;

TEST(JointMotion, FramesCoverTheRangeAndItsEnd) {
  EXPECT_EQ(joint_motion_frame_count(0.0f, 1.0f, 30.0f), 31);
  EXPECT_EQ(joint_motion_frame_count(0.0f, 1.01f, 30.0f), 32);
  EXPECT_FLOAT_EQ(joint_motion_frame_time(0.0f, 1.01f, 30.0f, 31), 1.01f);
  EXPECT_FLOAT_EQ(joint_motion_frame_time(0.5f, 1.01f, 30.0f, 3), 0.6f);
  EXPECT_EQ(joint_motion_frame_count(0.0f, 0.0f, 30.0f), 1);
  EXPECT_EQ(joint_motion_frame_count(1.0f, 0.0f, 30.0f), 0);
  EXPECT_EQ(joint_motion_frame_count(0.0f, 1.0f, 0.0f), 0);
}

TEST(JointMotion, ASpinningJointReadsContinuousAnglesAndItsSpeeds) {
  // 8 s at 30 fps: turning about z at 90 deg/s (720 degrees), tilted 20 degrees about x, its
  // position on a 0.5 m circle once a second; quaternions given with alternating signs.
  const int n = 241;
  std::vector<JointMotionFrame> frames(n);
  for (int i = 0; i < n; ++i) {
    const float t = i / 30.0f;
    frames[i].time_s = t;
    const glm::quat q =
        quat_from_euler(glm::radians(glm::vec3(20.0f, 0.0f, 90.0f * t)), EulerOrder::XYZ);
    frames[i].local.rotation = i % 2 == 0 ? q : -q;
    frames[i].model_translation =
        glm::vec3(0.5f * std::cos(2 * kPi * t), 1.0f, 0.5f * std::sin(2 * kPi * t));
  }
  ASSERT_TRUE(derive_joint_motion(frames, EulerOrder::XYZ));
  for (int i = 1; i < n; ++i) {
    EXPECT_GT(glm::dot(frames[i].local.rotation, frames[i - 1].local.rotation), 0.0f) << i;
    EXPECT_NEAR(frames[i].euler_deg.z - frames[i - 1].euler_deg.z, 3.0f, 1e-2f) << i;
    EXPECT_NEAR(frames[i].euler_deg.x, 20.0f, 1e-2f) << i;
  }
  EXPECT_NEAR(frames[n - 1].euler_deg.z, 720.0f, 0.05f);
  // Central differences: 6 degrees over 2/30 s; a chord of the circle, 0.5 sin(2 pi/30) * 30.
  EXPECT_NEAR(frames[100].angular_speed_deg, 90.0f, 0.05f);
  EXPECT_NEAR(frames[100].linear_speed, 3.1187f, 1e-3f);
  // The ends are one-sided: 3 degrees over 1/30 s, a chord of one frame.
  EXPECT_NEAR(frames[0].angular_speed_deg, 90.0f, 0.05f);
  EXPECT_NEAR(frames[0].linear_speed, 3.1359f, 1e-3f);
}

// x = 1.5 t^2 (an acceleration of 3 units/s^2) at 30 fps up to 1.01 s, so the last frame is
// 0.01 s after the one before: every frame reads 3, the unevenly spaced end included.
TEST(JointMotion, AccelerationIsTheSecondDifferenceAtEvenAndUnevenSteps) {
  const int n = joint_motion_frame_count(0.0f, 1.01f, 30.0f);
  std::vector<JointMotionFrame> frames(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const float t = joint_motion_frame_time(0.0f, 1.01f, 30.0f, i);
    frames[static_cast<std::size_t>(i)].time_s = t;
    frames[static_cast<std::size_t>(i)].model_translation = glm::vec3(1.5f * t * t, 2.0f, 0.0f);
  }
  ASSERT_TRUE(derive_joint_motion(frames, EulerOrder::XYZ));
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(frames[static_cast<std::size_t>(i)].linear_acceleration, 3.0f, 2e-3f) << i;
  }
  // A 2 cm kink at frame 10: a second difference of (0 - 2 * 0.02 + 0) * 30^2 = -36 in y.
  frames[10].model_translation.y += 0.02f;
  ASSERT_TRUE(derive_joint_motion(frames, EulerOrder::XYZ));
  EXPECT_NEAR(frames[10].linear_acceleration, std::hypot(3.0f, 36.0f), 0.05f);
}

TEST(JointMotion, TimesThatDoNotIncreaseAreRefused) {
  std::vector<JointMotionFrame> frames(3);
  frames[0].time_s = 0.0f;
  frames[1].time_s = 0.1f;
  frames[2].time_s = 0.1f;
  const JobResult result = derive_joint_motion(frames, EulerOrder::XYZ);
  EXPECT_FALSE(result);
  EXPECT_STREQ(result.error, "derive_joint_motion: frame times must increase");
}

}  // namespace
}  // namespace anim
