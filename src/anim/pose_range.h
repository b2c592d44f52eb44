#pragma once
// local_to_model for one range of joints, for a caller that knows where a subtree's joints lie
// (found once, as a bound foot IK rig keeps its legs'): local_to_model_below without its scan of
// the skeleton's parents.

#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// local_to_model for the joints [begin, end) alone, in index order, the others' model matrices
// taken as they are (so a parent outside the range must be current): where the range is a
// joint's subtree (contiguous_subtree_end), the matrices local_to_model_below computes. Fails
// when local or model is not the skeleton's size or the range is not within the skeleton.
JobResult local_to_model_range(const Skeleton& skeleton, std::span<const Transform> local,
                               int begin, int end, std::span<glm::mat4> model);

}  // namespace anim
