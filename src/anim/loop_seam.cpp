#include "anim/loop_seam.h"

#include <cmath>
#include <vector>

#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"

namespace anim {
namespace {

// The clip's pose at time_s (clamped, never wrapped) in place, as local and model transforms.
JobResult sample_in_place(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                          const RootMotionSettings& root_motion, float time_s,
                          std::vector<Transform>& local, std::vector<glm::mat4>& model) {
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    nth(local, j) = sample_joint(clip, binding, skeleton, j, time_s);
  }
  if (JobResult r = remove_root_motion(skeleton, root_motion, local); !r) return r;
  return local_to_model(skeleton, local, model);
}

}  // namespace

JobResult measure_clip_loop(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                            const LoopSeamSettings& settings, ClipLoopReport& out) {
  const std::size_t joints = skeleton.parents.size();
  if (skeleton.rest_pose.size() != joints) {
    return JobResult::fail("measure_clip_loop: skeleton parents and rest pose differ in size");
  }
  if (binding.joint_to_track.size() != joints ||
      binding.track_to_joint.size() != clip.tracks.size()) {
    return JobResult::fail("measure_clip_loop: binding was not built for this clip and skeleton");
  }
  const int root = settings.root_motion.root_joint;
  if (root < 0 || root >= skeleton.joint_count()) {
    return JobResult::fail("measure_clip_loop: root_motion.root_joint is not a joint");
  }

  std::vector<Transform> first_local(joints), last_local(joints);
  std::vector<glm::mat4> first_model(joints), last_model(joints);
  const float end_s = std::isfinite(clip.duration_s) ? clip.duration_s : 0.0f;
  if (JobResult r = sample_in_place(clip, binding, skeleton, settings.root_motion, 0.0f,
                                    first_local, first_model);
      !r) {
    return r;
  }
  if (JobResult r = sample_in_place(clip, binding, skeleton, settings.root_motion, end_s,
                                    last_local, last_model);
      !r) {
    return r;
  }

  ClipLoopReport report;
  for (std::size_t j = 0; j < joints; ++j) {
    const float distance = glm::length(glm::vec3(last_model[j][3]) - glm::vec3(first_model[j][3]));
    if (report.seam_position_joint < 0 || distance > report.seam_position_m) {
      report.seam_position_m = distance;
      report.seam_position_joint = static_cast<int>(j);
    }
    const float angle = angle_between(first_local[j].rotation, last_local[j].rotation);
    if (report.seam_rotation_joint < 0 || angle > report.seam_rotation_rad) {
      report.seam_rotation_rad = angle;
      report.seam_rotation_joint = static_cast<int>(j);
    }
  }

  // The travel is measured on the ground plane whatever the settings remove for the seam.
  RootMotionSettings travel = settings.root_motion;
  travel.extract_x = travel.extract_z = travel.extract_yaw = true;
  travel.extract_y = false;
  const RootMotionDelta delta = extract_root_motion(clip, binding, skeleton, travel, 0.0f, end_s);
  report.root_displacement_m = glm::length(glm::vec2(delta.translation.x, delta.translation.z));
  report.root_yaw_rad = delta.yaw_rad;

  report.loops_cleanly = report.seam_position_m <= settings.position_tolerance_m &&
                         report.seam_rotation_rad <= settings.rotation_tolerance_rad;
  report.has_root_motion = report.root_displacement_m > settings.root_displacement_threshold_m ||
                           std::fabs(report.root_yaw_rad) > settings.root_yaw_threshold_rad;
  out = report;
  return JobResult::ok();
}

}  // namespace anim
