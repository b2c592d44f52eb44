#pragma once
// Motion matching under locomotion warping. The controller's trajectory asks the character
// instance for its velocity (ExternalPose::requested_velocity_mps), as a blend space's input
// point does: stride warping scales the matched clip's stride to the trajectory's speed and
// orientation warping turns the hips toward its direction. The warp then moves the character, at
// the speed asked, by the clip's own root motion scaled: the controller's pull toward its
// simulation (motion_matching_controller.h), which slides the feet, is left out, and the
// controller goes on from where the character went. Without warping (or a leg rig, or with root
// motion in place) the instance plays the controller's step as it is and is asked nothing.

#include <span>

#include "anim/character_instance.h"
#include "anim/job_result.h"
#include "anim/motion_matching_controller.h"

namespace anim {

// One frame: advances controller by dt_s with input (its clip played at the instance's warp play
// rate), writes the in-place pose into out_local and fills out with the source to hand instance
// (CharacterInstance::set_external_source): that pose, the step, the clip and time the controller
// shows, and the velocity asked of the warping (none without it). Fails as the controller's
// update does.
JobResult advance_motion_matching(MotionMatchingController& controller, MotionMatchingInput input,
                                  float dt_s, const CharacterInstance& instance,
                                  std::span<Transform> out_local, ExternalPose& out);

}  // namespace anim
