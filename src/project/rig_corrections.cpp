#include "project/rig_corrections.h"

#include "anim/morph_weights.h"
#include "import/rig_finder.h"

#include <algorithm>

namespace project {

anim::Rig apply_rig_corrections(const importer::Character& character, anim::Rig found,
                                const ProjectRig& corrections, std::string* error) {
  if (corrections.pelvis.empty() && corrections.limbs.empty()) return found;
  const anim::Skeleton& s = character.skeleton;
  auto joint = [&](const std::string& name, int& out) {
    out = s.find_joint(name);
    if (out < 0 && error) *error = "rig correction: no joint named '" + name + "'";
    return out >= 0;
  };
  anim::Rig rig = found;
  if (!corrections.pelvis.empty() && !joint(corrections.pelvis, rig.pelvis)) return found;
  if (!corrections.limbs.empty()) {
    rig.limbs.clear();
    for (const ProjectRigLimb& l : corrections.limbs) {
      anim::Limb limb;
      limb.role = l.role == "arm" ? anim::LimbRole::Arm : anim::LimbRole::Leg;
      limb.side = l.side == "left"    ? anim::LimbSide::Left
                  : l.side == "right" ? anim::LimbSide::Right
                                      : anim::LimbSide::Center;
      limb.front = l.front;
      for (const std::string& name : l.joints) {
        int j = -1;
        if (!joint(name, j)) return found;
        limb.joints.push_back(j);
      }
      // A foot that is not below its shin (RobotExpressive's) stays detached.
      limb.end_attached = limb.joints.size() < 3 || [&] {
        for (int p = s.parents[limb.joints[2]]; p >= 0; p = s.parents[p]) {
          if (p == limb.joints[1]) return true;
        }
        return false;
      }();
      rig.limbs.push_back(std::move(limb));
    }
  }
  if (std::string e = anim::validate(s, rig); !e.empty()) {
    if (error) *error = "rig correction: " + e;
    return found;
  }
  rig.found_by = "corrections";
  return rig;
}

anim::Rig project_rig(const importer::Character& character, const ProjectRig& corrections,
                      std::string* error) {
  return apply_rig_corrections(character, importer::find_character_rig(character, error),
                               corrections, error);
}

anim::MirrorTable project_mirror_table(const importer::Character& character, const anim::Rig& rig,
                                       const ProjectRig& corrections) {
  anim::MirrorTable table = importer::mirror_table(character, rig);
  for (const auto& [a_name, b_name] : corrections.mirror_pairs) {
    const int a = character.skeleton.find_joint(a_name);
    const int b = character.skeleton.find_joint(b_name);
    if (a < 0 || b < 0) continue;
    for (const int j : {a, b}) {
      const int old = table.partner[static_cast<std::size_t>(j)];
      table.partner[static_cast<std::size_t>(old)] = old;
    }
    table.partner[static_cast<std::size_t>(a)] = b;
    table.partner[static_cast<std::size_t>(b)] = a;
  }
  return table;
}

std::string mirror_project_clips(const Project& project, const importer::Character& character,
                                 std::vector<anim::Clip>& clips) {
  if (project.rig.mirrored_clips.empty()) return {};
  const anim::Rig rig = project_rig(character, project.rig);
  const anim::MirrorTable table = project_mirror_table(character, rig, project.rig);
  for (anim::Clip& clip : clips) {
    if (std::find(project.rig.mirrored_clips.begin(), project.rig.mirrored_clips.end(),
                  clip.name) == project.rig.mirrored_clips.end()) {
      continue;
    }
    std::string error;
    anim::Clip mirrored = anim::mirror_clip(clip, character.skeleton, table, &error,
                                            anim::morph_channels_of(character.meshes));
    if (!(mirrored.duration_s > 0.0f)) return "cannot mirror clip '" + clip.name + "': " + error;
    mirrored.name = clip.name;
    clip = std::move(mirrored);
  }
  return {};
}

void store_rig(const anim::Skeleton& skeleton, const anim::Rig& rig, ProjectRig& corrections) {
  corrections.pelvis = rig.pelvis >= 0 ? skeleton.joint_names[rig.pelvis] : std::string();
  corrections.limbs.clear();
  for (const anim::Limb& l : rig.limbs) {
    ProjectRigLimb limb;
    limb.role = anim::to_string(l.role);
    limb.side = anim::to_string(l.side);
    limb.front = l.front;
    for (int j : l.joints) limb.joints.push_back(skeleton.joint_names[j]);
    corrections.limbs.push_back(std::move(limb));
  }
}

}  // namespace project
