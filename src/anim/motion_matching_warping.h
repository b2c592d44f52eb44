#pragma once
// Motion matching under locomotion warping. The controller's trajectory asks the character
// instance for its velocity (CharacterInstance::set_requested_velocity), as a blend space's input
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
// rate) and writes the in-place pose and the step to hand instance with set_external_source,
// having set or cleared instance's requested velocity. Fails as the controller's update does.
JobResult advance_motion_matching(MotionMatchingController& controller, MotionMatchingInput input,
                                  float dt_s, CharacterInstance& instance,
                                  std::span<Transform> out_local, RootMotionDelta& out_step);

}  // namespace anim
