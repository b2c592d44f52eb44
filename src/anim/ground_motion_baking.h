#pragma once
// Ground motion baked into a clip: an in-place gait made into one whose root travels, for what
// reads a clip's root motion rather than playing it through a CharacterInstance (which adds the
// ground motion itself): the motion-matching database's trajectories and its controller's steps.
// Allocates; made once when such a consumer is built.

#include "anim/clip.h"
#include "anim/ground_motion.h"
#include "anim/skeleton.h"

namespace anim {

// A copy of clip whose root_joint (the root-motion joint) travels ground's displacement. The
// root's translation is resampled at ground's frames (linear keys), and each frame's
// displacement, measured in model space, is carried into the root's parent space at rest, where
// its keys live (root_rest_frame): extracting root motion from the copy gives the ground motion
// back. A root without a translation track gets one from its rest translation. The copy is clip
// unchanged when ground is empty or root_joint is not a joint of skeleton.
Clip bake_ground_motion(const Skeleton& skeleton, const Clip& clip, const GroundMotion& ground,
                        int root_joint);

}  // namespace anim
