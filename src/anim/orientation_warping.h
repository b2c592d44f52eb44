#pragma once
// Orientation warping: a locomotion pose made to travel in a direction between its samples'.
// The lower body (the pelvis, and with it the legs) turns about the vertical by the angle from
// the direction the blend travels to the one asked for, so the feet step along it; the torso
// joints above the pelvis turn back by shares of that angle, so the upper body (the head last)
// keeps facing where it did. The caller turns the root motion by the same angle. No allocation.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

struct OrientationWarpingSettings {
  // The most the pelvis turns (degrees): a quarter turn, so a space of forward and backward
  // walks alone, asked straight sideways, steps sideways (as Unreal's orientation warping lets
  // the lower body turn a right angle): no direction is further than that from the nearer of
  // two samples half a turn apart.
  float max_hip_angle_deg = 90.0f;
  // The most each torso joint turns back relative to its parent (degrees): three of them (a
  // spine, a chest and a head, as the Knight's) take back the whole quarter turn, so the head
  // keeps facing; with too few torso joints for the angle, the torso turns with the hips by what
  // is left.
  float max_torso_joint_angle_deg = 30.0f;

  bool operator==(const OrientationWarpingSettings&) const = default;
};

// The torso joints orientation warping turns back: the path of parents from the joint above
// pelvis up to top (the head, else the neck or chest), lowest first. Empty when top is not
// below pelvis. Built once per rig (allocates).
std::vector<int> torso_chain(const Skeleton& skeleton, int pelvis, int top);

// The signed angle (radians, about +Y, counter-clockwise seen from above: +z toward +x) from
// the horizontal direction actual to requested; 0 when either has no horizontal part.
float travel_angle(glm::vec3 actual, glm::vec3 requested);

// The angle the pelvis turns for a travel angle: clamped to the settings' hip limit.
float hip_warp_angle(float angle_rad, const OrientationWarpingSettings& settings);

// Turns the pelvis of local by hip_warp_angle(angle_rad) about the model's +Y and the torso
// joints back in equal shares (each within its limit). model is caller-owned scratch of the
// skeleton's size and holds on success the model pose of local. An angle of 0, a pelvis of -1
// or no torso leaves local untouched (the pelvis still turns when there is no torso). Fails
// (writing nothing) when local or model is not skeleton-sized or a joint is out of range.
JobResult warp_orientation(const Skeleton& skeleton, int pelvis, std::span<const int> torso,
                           float angle_rad, const OrientationWarpingSettings& settings,
                           std::span<Transform> local, std::span<glm::mat4> model);

}  // namespace anim
