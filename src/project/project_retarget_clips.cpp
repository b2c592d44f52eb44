#include "project/project_retarget_clips.h"

#include <filesystem>

#include "import/importer.h"
#include "import/rig_finder.h"

namespace project {

import::ClipRetargeting retarget_project_clips(const ProjectRetarget& entry,
                                               const import::Character& source,
                                               const import::Character& target,
                                               const anim::Rig& target_rig){
    return import::retarget_clips(source, target.skeleton, target_rig,
                                  import::foot_ik_rig(target, target_rig), target.source_path,
                                  entry.clip, retarget_options(entry));
}

import::ClipRetargeting retarget_project_file(
    const ProjectRetarget& entry, const std::string& path, const import::Character& target,
    const anim::Rig& target_rig, const import::ImportSettings& settings, import::Character& source,
    const std::function<bool(float)>& progress){std::error_code ec;
if (!std::filesystem::exists(path, ec)) {
  import::ClipRetargeting out;
  out.error = path + ": the retargeted clip file is missing";
  return out;
}
import::ImportResult imported = import::import_file(path, settings, progress);
if (!imported.ok()) {
  import::ClipRetargeting out;
  out.error = imported.error;
  return out;
}
source = std::move(imported.character);
return retarget_project_clips(entry, source, target, target_rig);
}

}  // namespace project
