#pragma once
// Euler angles as animators read them (Maya's rotate order, Blender's Euler mode): three angles
// about the parent's fixed axes, applied in the order named, so "XYZ" turns about x first, then
// y, then z: R = Rz * Ry * Rx. The angles are always stored as (x, y, z), in radians, whatever
// the order.

#include <string_view>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

enum class EulerOrder { XYZ, XZY, YXZ, YZX, ZXY, ZYX };

// Parses "XYZ" .. "ZYX" (upper or lower case) into order. Returns false (order unchanged) for
// anything else.
bool parse_euler_order(std::string_view text, EulerOrder& order);

// The order's name, "XYZ" .. "ZYX".
const char* euler_order_name(EulerOrder order);

// The rotation that turns by angles.x, .y, .z (radians) about the fixed axes in order.
glm::quat quat_from_euler(const glm::vec3& angles, EulerOrder order);

// Angles (radians) that give q in order: the first and last in (-pi, pi], the middle one in
// [-pi/2, pi/2]. At gimbal lock (middle angle +-90 degrees) the last angle is 0.
glm::vec3 euler_from_quat(const glm::quat& q, EulerOrder order);

// The angles equivalent to current (the same rotation) closest to previous: each angle moved by
// whole turns, and also the other solution of the same rotation (first + pi, pi - middle,
// last + pi) tried, so a joint spinning through 720 degrees or crossing the middle angle's
// +-90 degrees reads as one continuous curve. Radians.
glm::vec3 unwrap_euler(const glm::vec3& previous, const glm::vec3& current, EulerOrder order);

}  // namespace anim
