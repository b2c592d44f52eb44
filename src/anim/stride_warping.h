#pragma once
// Stride warping: a locomotion pose made to travel at a speed it was not authored at. When the
// speed asked for (a blend space's input point, or a speed request) differs from the speed the
// blend travels at (its root motion, or the motion synthesised from its feet), each foot's
// distance from the pelvis (a quadruped's front feet: from the chest) along the direction of travel
// is scaled by requested / actual, so a planted foot runs back under the body at the requested
// speed; the pelvis is lowered so the longer strides keep the legs' animated extension, and the
// legs are solved by two-bone IK. The character's root motion is scaled by the same ratio by the
// caller (CharacterInstance), so the feet stay planted in the world. No allocation.

#include <span>

#include <glm/glm.hpp>

#include "anim/foot_ik.h"
#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

struct StrideWarpingSettings {
  // The ratio requested / actual is clamped to [min_ratio, max_ratio]: past it the stride would
  // look wrong (a walk stretched into a run), so the feet slide instead.
  float min_ratio = 0.75f;
  float max_ratio = 1.5f;
  // A speed asked of a clip or a motion-matching source (m/s; 0: none). A blend space asks the
  // speed of its input point instead.
  float requested_speed_mps = 0.0f;
};

// requested / actual clamped to the settings' range; 1 (no warping) when either speed is not
// finite or the actual one is too slow to scale (under 1 cm/s: an idle).
float stride_ratio(float requested_speed_mps, float actual_speed_mps,
                   const StrideWarpingSettings& settings);

// Warps local (the animated local pose, corrected in place) by ratio along direction (model
// space; its horizontal part is used). model is caller-owned scratch of the skeleton's size and
// holds on success the model pose of local. A ratio of 1, a direction without a horizontal part
// or a rig without legs leaves local untouched. Legs whose foot hangs outside the calf keep
// their animation (they follow the pelvis only). Fails (writing nothing) when local or model is
// not skeleton-sized or the rig's joints are out of range.
JobResult warp_stride(const Skeleton& skeleton, const FootIkRig& rig, float ratio,
                      glm::vec3 direction, std::span<Transform> local, std::span<glm::mat4> model);

}  // namespace anim
