#include "anim/motion_matching_warping.h"

#include <glm/gtc/quaternion.hpp>

namespace anim {

JobResult advance_motion_matching(MotionMatchingController& controller, MotionMatchingInput input,
                                  float dt_s, const CharacterInstance& instance,
                                  std::span<Transform> out_local, ExternalPose& out) {
  const CharacterSettings& settings = instance.settings();
  const bool warped = (settings.stride_warping || settings.orientation_warping) &&
                      instance.has_foot_ik_rig() &&
                      settings.root_motion_mode == RootMotionMode::Applied;
  if (warped) controller.place_character(instance.world().translation);
  // The step is in the character's frame at the update's start, and so is the velocity asked.
  const float yaw_rad = controller.character_yaw_rad();
  input.play_rate = instance.warp_play_rate();
  out = {};
  if (JobResult r = controller.update(input, dt_s, out_local, out.step); !r) return r;
  out.pose = out_local;
  out.clip = controller.current_clip();
  out.clip_time_s = controller.current_time_s();
  if (!warped) return JobResult::ok();
  out.step.translation = controller.clip_step().translation;
  const glm::quat to_model = glm::angleAxis(-yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f));
  out.requested_velocity_mps = to_model * controller.simulation().velocity;
  return JobResult::ok();
}

}  // namespace anim
