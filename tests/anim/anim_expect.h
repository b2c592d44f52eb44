#pragma once
// Comparison helpers for the anim tests: vectors per component, quaternions as rotations
// (q and -q are the same rotation), matrices per element.

#include <cmath>
#include <cstring>

#include <gtest/gtest.h>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim::testing {

// Bit for bit, signs of zero included: what a path promising the same operations as another
// (not merely close results) must give. For values without padding.
template <typename T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

inline ::testing::AssertionResult vec3_near(const glm::vec3& actual, const glm::vec3& expected,
                                            float tolerance = 1e-5f) {
  if (glm::all(glm::lessThanEqual(glm::abs(actual - expected), glm::vec3(tolerance)))) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "(" << actual.x << ", " << actual.y << ", " << actual.z << ") is not (" << expected.x
         << ", " << expected.y << ", " << expected.z << ") within " << tolerance;
}

// Same rotation: |dot| of the unit quaternions is 1.
inline ::testing::AssertionResult same_rotation(const glm::quat& actual, const glm::quat& expected,
                                                float tolerance = 1e-5f) {
  const float d = std::fabs(glm::dot(glm::normalize(actual), glm::normalize(expected)));
  if (1.0f - d <= tolerance) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "rotation (w " << actual.w << ", " << actual.x << ", " << actual.y << ", " << actual.z
         << ") is not (w " << expected.w << ", " << expected.x << ", " << expected.y << ", "
         << expected.z << ")";
}

inline ::testing::AssertionResult mat4_near(const glm::mat4& actual, const glm::mat4& expected,
                                            float tolerance = 1e-5f) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (std::fabs(actual[c][r] - expected[c][r]) > tolerance) {
        return ::testing::AssertionFailure() << "element [" << c << "][" << r << "] is "
                                             << actual[c][r] << ", expected " << expected[c][r];
      }
    }
  }
  return ::testing::AssertionSuccess();
}

inline glm::quat rotation_about(float degrees, const glm::vec3& axis) {
  return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

}  // namespace anim::testing
