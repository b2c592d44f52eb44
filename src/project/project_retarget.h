#pragma once
// The project's "retarget" section: clip files made for another skeleton whose clips the
// project plays retargeted onto its character (issue 21). Each entry keeps what the user set in
// the Retarget panel (mapping corrections, chain modes, per-chain adjustments), so a reopened
// project retargets the file again, the same way, instead of offering to.

#include <string>
#include <vector>

#include "anim/retarget.h"

namespace project {

struct ProjectRetarget {
  // The source clip file, stored as clip files are (relative to the project's folder).
  std::string file;
  std::string clip;  // only this clip of the file; empty: every clip
  // Target joint <- source joint, by name; an empty source unmaps the target joint.
  std::vector<anim::RetargetCorrection> corrections;
  anim::ChainMode leg_mode = anim::ChainMode::KeepContacts;
  anim::ChainMode arm_mode = anim::ChainMode::Rotation;
  std::vector<anim::RetargetChainOffset> chain_offsets;
};

// The retargeting options entry asks for.
anim::RetargetOptions retarget_options(const ProjectRetarget& entry);

// Sets entry's correction of target_joint (replacing an earlier one); source_joint empty unmaps
// it.
void set_retarget_correction(ProjectRetarget& entry, const std::string& target_joint,
                             const std::string& source_joint);

// The offset entry holds for the limb with role, side and front (added at zero when none).
anim::RetargetChainOffset& chain_offset(ProjectRetarget& entry, anim::LimbRole role,
                                        anim::LimbSide side, bool front);

}  // namespace project
