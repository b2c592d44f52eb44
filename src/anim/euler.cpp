#include "anim/euler.h"

#include <array>
#include <cctype>
#include <cmath>

namespace anim {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kTwoPi = 2.0f * kPi;

// The axes in the order they are applied: first, middle, last.
std::array<int, 3> axes_of(EulerOrder order) {
  switch (order) {
    case EulerOrder::XYZ:
      return {0, 1, 2};
    case EulerOrder::XZY:
      return {0, 2, 1};
    case EulerOrder::YXZ:
      return {1, 0, 2};
    case EulerOrder::YZX:
      return {1, 2, 0};
    case EulerOrder::ZXY:
      return {2, 0, 1};
    case EulerOrder::ZYX:
      return {2, 1, 0};
  }
  return {0, 1, 2};
}

constexpr std::array<const char*, 6> kNames{"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};

// angle + whole turns, as close to target as can be.
float nearest_turn(float angle, float target) {
  return angle + kTwoPi * std::round((target - angle) / kTwoPi);
}

}  // namespace

bool parse_euler_order(std::string_view text, EulerOrder& order) {
  if (text.size() != 3) return false;
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    bool same = true;
    for (std::size_t c = 0; c < 3; ++c) {
      same = same && std::toupper(static_cast<unsigned char>(text[c])) == kNames[i][c];
    }
    if (same) {
      order = static_cast<EulerOrder>(i);
      return true;
    }
  }
  return false;
}

const char* euler_order_name(EulerOrder order) {
  return kNames[static_cast<int>(order)];
}

glm::quat quat_from_euler(const glm::vec3& angles, EulerOrder order) {
  glm::quat q(1.0f, 0.0f, 0.0f, 0.0f);
  for (const int axis : axes_of(order)) {
    glm::vec3 unit(0.0f);
    unit[axis] = 1.0f;
    q = glm::angleAxis(angles[axis], unit) * q;  // each later turn about the fixed axes
  }
  return q;
}

glm::vec3 euler_from_quat(const glm::quat& q, EulerOrder order) {
  // R = Rk(c) Rj(b) Ri(a) with (i, j, k) the axes in order; s is the permutation's parity.
  const auto [i, j, k] = axes_of(order);
  const float s = ((j - i + 3) % 3 == 1) ? 1.0f : -1.0f;
  const glm::mat3 m = glm::mat3_cast(glm::normalize(q));
  const auto r = [&m](int row, int col) { return m[col][row]; };  // glm stores columns
  const float sin_b = glm::clamp(-s * r(k, i), -1.0f, 1.0f);
  glm::vec3 angles(0.0f);
  angles[j] = std::asin(sin_b);
  if (std::abs(sin_b) < 0.9999995f) {
    angles[i] = std::atan2(s * r(k, j), r(k, k));
    angles[k] = std::atan2(s * r(j, i), r(i, i));
  } else {
    // Gimbal lock: only first +- last is defined; the last is taken as 0.
    angles[i] = std::atan2(-s * r(j, k), r(j, j));
  }
  return angles;
}

glm::vec3 unwrap_euler(const glm::vec3& previous, const glm::vec3& current, EulerOrder order) {
  const auto [i, j, k] = axes_of(order);
  glm::vec3 other = current;
  other[i] += kPi;
  other[j] = kPi - other[j];
  other[k] += kPi;
  glm::vec3 best = current;
  float best_distance = INFINITY;
  for (const glm::vec3& candidate : {current, other}) {
    glm::vec3 moved;
    for (int a = 0; a < 3; ++a) moved[a] = nearest_turn(candidate[a], previous[a]);
    const glm::vec3 d = glm::abs(moved - previous);
    if (d.x + d.y + d.z < best_distance) {
      best_distance = d.x + d.y + d.z;
      best = moved;
    }
  }
  return best;
}

}  // namespace anim
