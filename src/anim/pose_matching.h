#pragma once
// Pose matching: pick the frame of a target clip whose pose is most like the current frame of a
// source clip, so a transition from a running left step enters the target on a left step.
// The comparison is precomputed per clip pair (a similarity table over all frame pairs), so the
// switch itself is a table look-up with no sampling and no allocation.

#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/index.h"
#include "anim/skeleton.h"

namespace anim {

// How much each part of the pose counts. joint_weights has one entry per skeleton joint (empty
// means every joint counts 1). A joint's rotation difference is the angle between the two local
// rotations (radians); its position difference is the distance between the model-space positions
// relative to the root joint (metres), so the character's travel does not count.
struct PoseMatchWeights {
  std::vector<float> joint_weights;
  float rotation_weight = 1.0f;
  float position_weight = 1.0f;
};

// The weighted squared distance between every frame of a source clip and every frame of a target
// clip, sampled at each clip's source_fps. Frame i of a clip is at time i / fps. The source and
// target indices are the caller's clip numbering (e.g. the project's clip list).
struct PoseMatchTable {
  int source_clip = -1;
  int target_clip = -1;
  float source_fps = 30.0f;
  float target_fps = 30.0f;
  int source_frames = 0;
  int target_frames = 0;
  std::vector<float> distances;        // row-major: distances[i * target_frames + j]
  std::vector<int> best_target_frame;  // per source frame, the target frame of least distance

  float distance(int source_frame, int target_frame) const {
    return distances[as_size(source_frame) * target_frames + target_frame];
  }
};

// Builds the table for one clip pair on skeleton. Both clips are sampled once per frame and
// compared pairwise. Returns an empty string on success, otherwise the cause (a weight count that
// does not match the skeleton, a clip with no duration or a non-positive fps, a negative weight).
std::string build_pose_match_table(const Skeleton& skeleton, const Clip& source, int source_index,
                                   const Clip& target, int target_index,
                                   const PoseMatchWeights& weights, PoseMatchTable& out);

// The time (seconds) in the target clip whose pose best matches the source clip at source_time_s.
// The source time is wrapped into the clip for looping clips (clamped otherwise) and rounded to
// the nearest frame. Does not allocate.
float matched_target_time(const PoseMatchTable& table, float source_time_s, bool source_loops);

// The tables of a character, one per clip pair that a pose-matched transition may use.
struct PoseMatchLibrary {
  std::vector<PoseMatchTable> tables;

  // The table for the pair, or nullptr when none was built.
  const PoseMatchTable* find(int source_clip, int target_clip) const;
};

}  // namespace anim
