#include "asset/clip_retargeting.h"

#include "asset/rig_finder.h"

namespace asset {

ClipRetargeting retarget_clips(const Character& source, const Character& target,
                               const std::string& clip_name, const anim::RetargetOptions& options) {
  ClipRetargeting out;
  std::string rig_error;
  const anim::Rig source_rig = find_character_rig(source, &rig_error);
  if (source_rig.leg_count() == 0) {
    out.error =
        source.source_path + ": no rig with legs found to retarget from (" + rig_error + ")";
    return out;
  }
  const anim::Rig target_rig = find_character_rig(target, &rig_error);
  if (target_rig.leg_count() == 0) {
    out.error =
        target.source_path + ": no rig with legs found to retarget onto (" + rig_error + ")";
    return out;
  }
  std::vector<const anim::Clip*> chosen;
  std::string names;
  for (const anim::Clip& clip : source.clips) {
    if (clip_name.empty() || clip.name == clip_name) chosen.push_back(&clip);
    names += (names.empty() ? "'" : ", '") + clip.name + "'";
  }
  if (source.clips.empty()) {
    out.error = source.source_path + ": has no clips to retarget";
    return out;
  }
  if (chosen.empty()) {
    out.error = source.source_path + ": no clip '" + clip_name + "' (clips: " + names + ")";
    return out;
  }
  std::string error;
  // Sole points measured on the meshes, as foot IK measures them.
  anim::RetargetOptions with_legs = options;
  if (with_legs.source_legs.legs.empty()) with_legs.source_legs = foot_ik_rig(source, source_rig);
  if (with_legs.target_legs.legs.empty()) with_legs.target_legs = foot_ik_rig(target, target_rig);
  out.map = anim::make_retarget_map(source.skeleton, source_rig, target.skeleton, target_rig,
                                    with_legs, &error);
  if (out.map.joints.empty()) {
    out.error = source.source_path + " onto " + target.source_path + ": " + error;
    return out;
  }
  for (const anim::Clip* clip : chosen) {
    anim::Clip retargeted = anim::retarget_clip(out.map, *clip, &error);
    if (retargeted.tracks.empty()) {
      out.error = source.source_path + ": " + error;
      out.clips.clear();
      return out;
    }
    out.clips.push_back(std::move(retargeted));
  }
  return out;
}

}  // namespace asset
