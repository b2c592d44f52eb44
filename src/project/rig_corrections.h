#pragma once
// The rig a project uses: the one found on the character, with the user's corrections (made in
// the rig panel and saved in the project's "rig" section) applied on top.

#include <string>

#include "anim/mirror.h"
#include "anim/rig.h"
#include "import/character.h"
#include "project/project_file.h"

namespace project {

// The found rig with corrections applied: a corrected pelvis and limbs replace the found ones.
// A correction naming a joint the skeleton lacks, or giving a rig that fails anim::validate,
// is not applied: the found rig comes back, with the cause in *error. found_by becomes
// "corrections" when they are applied.
anim::Rig apply_rig_corrections(const importer::Character& character, anim::Rig found,
                                const ProjectRig& corrections, std::string* error = nullptr);

// The rig of the character as the project sees it (find_character_rig, then the corrections).
// *error gets why no rig was found, or why a correction was not applied.
anim::Rig project_rig(const importer::Character& character, const ProjectRig& corrections,
                      std::string* error = nullptr);

// The left/right table of rig, with the project's mirror pairs applied over it (a pair's joints
// leave their old partners, which then stand alone). Pairs naming unknown joints are skipped.
anim::MirrorTable project_mirror_table(const importer::Character& character, const anim::Rig& rig,
                                       const ProjectRig& corrections);

// Replaces each of clips (the project's, in order) that corrections.mirrored_clips names with
// its mirror (anim::mirror_clip over project_mirror_table), keeping its name. Returns "" or the
// cause naming the clip.
std::string mirror_project_clips(const Project& project, const importer::Character& character,
                                 std::vector<anim::Clip>& clips);

// The corrections that describe rig exactly (for saving what the user set in the panel).
void store_rig(const anim::Skeleton& skeleton, const anim::Rig& rig, ProjectRig& corrections);

}  // namespace project
