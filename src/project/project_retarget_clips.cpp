#include "project/project_retarget_clips.h"

#include <filesystem>

#include "import/importer.h"
#include "import/rig_finder.h"

namespace project {

importer::ClipRetargeting retarget_project_clips(const ProjectRetarget& entry,
                                                 const importer::Character& source,
                                                 const importer::Character& target,
                                                 const anim::Rig& target_rig) {
  return importer::retarget_clips(source, target.skeleton, target_rig,
                                  importer::foot_ik_rig(target, target_rig), target.source_path,
                                  entry.clip, retarget_options(entry));
}

importer::ClipRetargeting retarget_project_file(
    const ProjectRetarget& entry, const std::string& path, const importer::Character& target,
    const anim::Rig& target_rig, const importer::ImportSettings& settings,
    importer::Character& source, const std::function<bool(float)>& progress) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    importer::ClipRetargeting out;
    out.error = path + ": the retargeted clip file is missing";
    return out;
  }
  importer::ImportResult imported = importer::import_file(path, settings, progress);
  if (!imported.ok()) {
    importer::ClipRetargeting out;
    out.error = imported.error;
    return out;
  }
  source = std::move(imported.character);
  return retarget_project_clips(entry, source, target, target_rig);
}

}  // namespace project
