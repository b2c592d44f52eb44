#pragma once
// Retargeting the clips of one imported file onto another character: the rigs of both found as
// the viewer finds them (rig_finder.h), then anim::retarget_clip. The `retarget` command and the
// viewer's "Add clip file" both come through here, so they give the same clips.

#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/foot_ik.h"
#include "anim/retarget.h"
#include "anim/rig.h"
#include "import/character.h"

namespace importer {

struct ClipRetargeting {
  anim::RetargetMap map;
  std::vector<anim::Clip> clips;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// Retargets source's clips (only the one called clip_name when it is not empty) onto target.
// Fails, with a cause naming the file (each character's source_path) a user can act on, when
// either character has no rig with legs, the named clip does not exist, source has no clips, or
// a clip cannot be sampled.
ClipRetargeting retarget_clips(const Character& source, const Character& target,
                               const std::string& clip_name = {},
                               const anim::RetargetOptions& options = {});

// The same onto a target given by its skeleton, its rig (the viewer's, with the project's
// corrections) and its legs' sole points (foot_ik_rig); target_name names it in messages.
ClipRetargeting retarget_clips(const Character& source, const anim::Skeleton& target,
                               const anim::Rig& target_rig, const anim::FootIkRig& target_legs,
                               const std::string& target_name, const std::string& clip_name = {},
                               const anim::RetargetOptions& options = {});

}  // namespace importer
