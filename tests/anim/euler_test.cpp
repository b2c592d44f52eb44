#include "anim/euler.h"

#include <gtest/gtest.h>

#include <cmath>

namespace anim {
namespace {

constexpr float kDeg = 3.14159265358979f / 180.0f;
constexpr EulerOrder kOrders[] = {EulerOrder::XYZ, EulerOrder::XZY, EulerOrder::YXZ,
                                  EulerOrder::YZX, EulerOrder::ZXY, EulerOrder::ZYX};

// The same rotation, whatever the quaternion's sign.
void expect_same_rotation(const glm::quat& a, const glm::quat& b, const char* order) {
  EXPECT_NEAR(std::abs(glm::dot(a, b)), 1.0f, 1e-5f) << order;
}

TEST(Euler, XyzTurnsAboutXFirstThenYThenZ) {
  // 90 degrees about x takes y to z; then 90 about y takes z to x; then 90 about z: x to y.
  const glm::quat q = quat_from_euler(glm::vec3(90, 90, 90) * kDeg, EulerOrder::XYZ);
  const glm::vec3 y = q * glm::vec3(0, 1, 0);
  EXPECT_NEAR(y.x, 0.0f, 1e-6f);
  EXPECT_NEAR(y.y, 1.0f, 1e-6f);
  EXPECT_NEAR(y.z, 0.0f, 1e-6f);
  const glm::vec3 angles = euler_from_quat(glm::angleAxis(30 * kDeg, glm::vec3(0, 0, 1)) *
                                               glm::angleAxis(-20 * kDeg, glm::vec3(1, 0, 0)),
                                           EulerOrder::XYZ);
  EXPECT_NEAR(angles.x, -20 * kDeg, 1e-5f);
  EXPECT_NEAR(angles.y, 0.0f, 1e-5f);
  EXPECT_NEAR(angles.z, 30 * kDeg, 1e-5f);
}

TEST(Euler, EveryOrderRoundTripsIncludingGimbalLock) {
  const glm::vec3 cases[] = {{10, 20, 30}, {-170, 80, 45}, {120, -60, -150},
                             {35, 90, 0},  {35, -90, 0},   {0, 0, 0}};
  for (const EulerOrder order : kOrders) {
    const char* name = euler_order_name(order);
    for (const glm::vec3& degrees : cases) {
      const glm::quat q = quat_from_euler(degrees * kDeg, order);
      expect_same_rotation(quat_from_euler(euler_from_quat(q, order), order), q, name);
    }
    // With the middle axis's angle within +-90 degrees the angles themselves come back.
    const int first = name[0] - 'X', middle = name[1] - 'X', last = name[2] - 'X';
    glm::vec3 in;
    in[first] = -100 * kDeg;
    in[middle] = 40 * kDeg;
    in[last] = 160 * kDeg;
    const glm::vec3 out = euler_from_quat(quat_from_euler(in, order), order);
    for (int a = 0; a < 3; ++a) EXPECT_NEAR(out[a], in[a], 1e-5f) << name << " axis " << a;
  }
}

TEST(Euler, TheOtherSolutionIsTheSameRotation) {
  for (const EulerOrder order : kOrders) {
    const glm::quat q = quat_from_euler(glm::vec3(10, 20, 30) * kDeg, order);
    const glm::vec3 e = euler_from_quat(q, order);
    // Far from e, near the other solution: unwrap must pick a rotation equal to q.
    const glm::vec3 near_other = e + glm::vec3(170, 170, 170) * kDeg;
    const glm::vec3 u = unwrap_euler(near_other, e, order);
    expect_same_rotation(quat_from_euler(u, order), q, euler_order_name(order));
  }
}

TEST(Euler, UnwrappingKeepsASpinThrough720DegreesContinuous) {
  glm::vec3 previous(0.0f);
  for (int f = 1; f <= 144; ++f) {  // 5 degrees a frame about z, with a fixed tilt about x
    const float z = 5.0f * f * kDeg;
    const glm::quat q = quat_from_euler(glm::vec3(20 * kDeg, 0.0f, z), EulerOrder::XYZ);
    const glm::vec3 e =
        unwrap_euler(previous, euler_from_quat(q, EulerOrder::XYZ), EulerOrder::XYZ);
    if (f > 1) {
      EXPECT_NEAR(e.z - previous.z, 5.0f * kDeg, 1e-4f) << "frame " << f;
      EXPECT_NEAR(e.x, 20 * kDeg, 1e-4f) << "frame " << f;
    }
    previous = e;
  }
  EXPECT_NEAR(previous.z / kDeg, 720.0f, 1e-2f);
}

TEST(Euler, OrdersParseByNameInEitherCase) {
  EulerOrder order = EulerOrder::XYZ;
  EXPECT_TRUE(parse_euler_order("zxy", order));
  EXPECT_EQ(order, EulerOrder::ZXY);
  EXPECT_STREQ(euler_order_name(order), "ZXY");
  EXPECT_FALSE(parse_euler_order("XXY", order));
  EXPECT_FALSE(parse_euler_order("XYZW", order));
  EXPECT_EQ(order, EulerOrder::ZXY);
}

}  // namespace
}  // namespace anim
