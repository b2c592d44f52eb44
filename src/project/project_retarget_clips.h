#pragma once
// Retargeting the clips of one entry of the project's "retarget" section (project_retarget.h)
// onto the project's character: on every project load and after each edit in the Retarget panel.

#include <functional>
#include <string>

#include "anim/rig.h"
#include "import/character.h"
#include "import/clip_retargeting.h"
#include "import/import_settings.h"
#include "project/project_retarget.h"

namespace project {

// Imports path (entry.file resolved against the project's folder by resolve_project_path,
// project/project_paths.h) with settings and retargets its clips onto target, whose rig is
// target_rig (the project's), as entry asks: importer::retarget_clips, the `retarget` command's
// path. source receives the imported file (the Retarget panel and the side-by-side view show
// it). Fails with a message naming path when the file is missing or cannot be imported, or the
// retargeting fails.
importer::ClipRetargeting retarget_project_file(
    const ProjectRetarget& entry, const std::string& path, const importer::Character& target,
    const anim::Rig& target_rig, const importer::ImportSettings& settings,
    importer::Character& source, const std::function<bool(float)>& progress = {});

// The same from a source already imported (an edit in the Retarget panel).
importer::ClipRetargeting retarget_project_clips(const ProjectRetarget& entry,
                                                 const importer::Character& source,
                                                 const importer::Character& target,
                                                 const anim::Rig& target_rig);

}  // namespace project
