#include "asset/project_retarget_clips.h"

#include <filesystem>

#include "asset/importer.h"
#include "asset/rig_finder.h"

namespace asset {

ClipRetargeting retarget_project_clips(const ProjectRetarget& entry, const Character& source,
                                       const Character& target, const anim::Rig& target_rig) {
  return retarget_clips(source, target.skeleton, target_rig, foot_ik_rig(target, target_rig),
                        target.source_path, entry.clip, retarget_options(entry));
}

ClipRetargeting retarget_project_file(const ProjectRetarget& entry, const std::string& path,
                                      const Character& target, const anim::Rig& target_rig,
                                      const ImportSettings& settings, Character& source,
                                      const std::function<bool(float)>& progress) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    ClipRetargeting out;
    out.error = path + ": the retargeted clip file is missing";
    return out;
  }
  ImportResult imported = import_file(path, settings, progress);
  if (!imported.ok()) {
    ClipRetargeting out;
    out.error = imported.error;
    return out;
  }
  source = std::move(imported.character);
  return retarget_project_clips(entry, source, target, target_rig);
}

}  // namespace asset
