#pragma once
// Clip rebinding: moves a clip imported with one skeleton (its file's) onto another skeleton
// whose joints have the same names, e.g. the pab clips onto arnaud.fbx, or KayKit's
// animation-only files onto the mannequin.

#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace importer {

struct ReboundClip {
  anim::Clip clip;                            // tracks only for joints the target has
  std::vector<std::string> unmatched_joints;  // the clip's joints the target lacks, in order
};

// Keeps the tracks of clip whose joint exists in target (by name) and lists the others. A joint
// whose parent differs between the two skeletons (say the target lacks the clip file's armature
// node) has its keys re-expressed in the target parent's space, using both parents' model-space
// rest transforms from source (exact when those parents are not animated; uniform scale).
// source is the skeleton the clip was imported with.
ReboundClip rebind_clip(const anim::Clip& clip, const anim::Skeleton& source,
                        const anim::Skeleton& target);

// True when a clip made for another skeleton should be refused: fewer than half of its tracks
// found a joint in the target.
bool is_foreign_clip(const ReboundClip& rebound, std::size_t source_track_count);

}  // namespace importer
