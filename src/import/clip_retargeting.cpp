#include "import/clip_retargeting.h"

#include "import/rig_finder.h"

namespace importer {

ClipRetargeting retarget_clips(const Character& source, const Character& target,
                               const std::string& clip_name, const anim::RetargetOptions& options) {
  std::string rig_error;
  const anim::Rig target_rig = find_character_rig(target, &rig_error);
  if (target_rig.leg_count() == 0) {
    ClipRetargeting out;
    out.error =
        target.source_path + ": no rig with legs found to retarget onto (" + rig_error + ")";
    return out;
  }
  // Sole points measured on the mesh, as foot IK measures them; a skeleton without one stood up.
  return retarget_clips(source, standing_skeleton(target), target_rig,
                        foot_ik_rig(target, target_rig), target.source_path, clip_name, options);
}

ClipRetargeting retarget_clips(const Character& source, const anim::Skeleton& target,
                               const anim::Rig& target_rig, const anim::FootIkRig& target_legs,
                               const std::string& target_name, const std::string& clip_name,
                               const anim::RetargetOptions& options) {
  ClipRetargeting out;
  std::string rig_error;
  const anim::Rig source_rig = find_character_rig(source, &rig_error);
  if (source_rig.leg_count() == 0) {
    out.error =
        source.source_path + ": no rig with legs found to retarget from (" + rig_error + ")";
    return out;
  }
  if (target_rig.leg_count() == 0) {
    out.error = target_name + ": no rig with legs found to retarget onto";
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
  anim::RetargetOptions with_legs = options;
  if (with_legs.source_legs.legs.empty()) with_legs.source_legs = foot_ik_rig(source, source_rig);
  if (with_legs.target_legs.legs.empty()) with_legs.target_legs = target_legs;
  if (with_legs.target_root_motion_joint < 0) {
    anim::FootIkRig carried = with_legs.target_legs;
    carried.pelvis = target_rig.pelvis;
    with_legs.target_root_motion_joint = find_root_motion_joint(target, carried);
  }
  out.map = anim::make_retarget_map(standing_skeleton(source), source_rig, target, target_rig,
                                    with_legs, &error);
  if (out.map.joints.empty()) {
    out.error = source.source_path + " onto " + target_name + ": " + error;
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

}  // namespace importer
