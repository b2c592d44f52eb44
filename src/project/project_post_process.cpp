#include "project/project_post_process.h"

#include <algorithm>

#include <glm/gtc/constants.hpp>

#include "anim/look_at.h"
#include "anim/twist_correction.h"
#include "anim/two_bone_ik.h"
#include "import/rig_finder.h"
#include "import/skeleton_builder.h"

namespace project {

bool parse_post_process_kind(std::string_view text, anim::PostProcessKind& out) {
  for (const anim::PostProcessKind kind :
       {anim::PostProcessKind::LookAt, anim::PostProcessKind::Twist, anim::PostProcessKind::Spring,
        anim::PostProcessKind::MultiBoneIk, anim::PostProcessKind::FootIk}) {
    if (text == anim::to_string(kind)) {
      out = kind;
      return true;
    }
  }
  return false;
}

void put_foot_ik_first_if_missing(std::vector<ProjectPostProcess>& entries) {
  const bool has_foot_ik = std::any_of(
      entries.begin(), entries.end(),
      [](const ProjectPostProcess& e) { return e.kind == anim::PostProcessKind::FootIk; });
  if (has_foot_ik) return;
  ProjectPostProcess foot_ik;
  foot_ik.kind = anim::PostProcessKind::FootIk;
  entries.insert(entries.begin(), foot_ik);
}

namespace {

constexpr float kRadPerDeg = glm::pi<float>() / 180.0f;

// The entry's joints by name into chain (at most kMaxChainJoints); "" or the cause.
std::string find_joints(const anim::Skeleton& skeleton, const ProjectPostProcess& entry,
                        const std::string& at, anim::JointChain& chain) {
  for (const std::string& name : entry.joints) {
    const int joint = skeleton.find_joint(name);
    std::string why = at + ".joints: ";
    if (joint < 0) return why + "no joint '" + name + "'";
    if (!chain.push(joint)) return why + "more than 16 joints";
  }
  return {};
}

std::string bind_look_at(const ProjectPostProcess& p, const importer::Character& character,
                         const std::vector<glm::mat4>& rest, const std::string& at,
                         anim::PostProcessEntry& e) {
  const anim::Rig rig = importer::find_character_rig(character);
  e.look_at = anim::make_look_at_rig(rig, rest);
  if (!p.joints.empty()) {
    e.look_at.joints = {};
    if (std::string why = find_joints(character.skeleton, p, at, e.look_at.joints); !why.empty()) {
      return why;
    }
    const int last = e.look_at.joints.joints[static_cast<std::size_t>(e.look_at.joints.count - 1)];
    // The aim axis: the rig's forward in the aiming joint's rest frame; equal shares.
    e.look_at.aim_axis = glm::normalize(
        glm::inverse(anim::model_rotation(rest[static_cast<std::size_t>(last)])) * rig.forward);
    e.look_at.weights = {};
    std::fill_n(e.look_at.weights.begin(), e.look_at.joints.count,
                1.0f / static_cast<float>(e.look_at.joints.count));
  }
  if (e.look_at.joints.count == 0) return at + ": the character has no head to aim (name joints)";
  if (!p.joint_weights.empty()) {
    if (static_cast<int>(p.joint_weights.size()) != e.look_at.joints.count) {
      return at + ".joint_weights: one weight per joint";
    }
    std::copy(p.joint_weights.begin(), p.joint_weights.end(), e.look_at.weights.begin());
  }
  e.look_at_goal = {p.target, p.limit_deg * kRadPerDeg};
  return {};
}

}  // namespace

std::string bind_post_process(const std::vector<ProjectPostProcess>& entries,
                              const importer::Character& character,
                              std::vector<anim::PostProcessEntry>& out) {
  const anim::Skeleton& skeleton = character.skeleton;
  const std::vector<glm::mat4> rest = importer::rest_model(skeleton);
  std::vector<anim::PostProcessEntry> bound;
  bool foot_ik = false;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ProjectPostProcess& p = entries[i];
    std::string at = "post_process[";
    at += std::to_string(i);
    at += "]";
    anim::PostProcessEntry e;
    e.kind = p.kind;
    e.weight = p.weight;
    e.solo = p.solo;
    e.mute = p.mute;
    e.ghost = p.ghost;
    std::string why;
    switch (p.kind) {
      case anim::PostProcessKind::LookAt:
        why = bind_look_at(p, character, rest, at, e);
        break;
      case anim::PostProcessKind::Twist: {
        const int source = p.joints.empty() ? -1 : skeleton.find_joint(p.joints.front());
        if (!p.joints.empty() && source < 0) {
          why = at + ".joints: no joint '" + p.joints.front() + "'";
          break;
        }
        bool any = false;
        for (const anim::TwistRig& rig : anim::find_twist_rigs(skeleton, rest)) {
          if (source >= 0 && rig.source != source) continue;
          e.twist = rig;
          if (!p.joint_weights.empty()) {  // the user's shares replace those by distance
            if (static_cast<int>(p.joint_weights.size()) != rig.count ||
                std::any_of(p.joint_weights.begin(), p.joint_weights.end(),
                            [](float w) { return w > 1.0f; })) {
              return at + ".joint_weights: one share in [0, 1] per twist joint (" +
                     std::to_string(rig.count) + ")";
            }
            std::copy(p.joint_weights.begin(), p.joint_weights.end(), e.twist.shares.begin());
          }
          bound.push_back(e);
          any = true;
        }
        if (!any) return at + ": no twist joints found" + (source >= 0 ? " for that joint" : "");
        continue;
      }
      case anim::PostProcessKind::Spring:
        why = find_joints(skeleton, p, at, e.spring_chain);
        e.spring.frequency_hz = p.frequency_hz;
        e.spring.damping_ratio = p.damping_ratio;
        e.spring.gravity = p.gravity;
        e.spring.sphere_center = p.sphere_center;
        e.spring.sphere_radius_m = p.sphere_radius_m;
        if (why.empty() && anim::validate(skeleton, e.spring_chain, 2)) {
          why = at + ".joints: a chain of two joints or more, each the child of the one before";
        }
        break;
      case anim::PostProcessKind::MultiBoneIk:
        why = find_joints(skeleton, p, at, e.ik_chain.joints);
        e.ik_chain.cone_rad.fill(p.cone_deg * kRadPerDeg);
        e.ik_goal.target = p.target;
        if (why.empty() && anim::validate(skeleton, e.ik_chain.joints, 2)) {
          why = at + ".joints: a chain of two joints or more, each the child of the one before";
        }
        break;
      case anim::PostProcessKind::FootIk:
        if (foot_ik) why = at + ": a second foot_ik entry (foot IK runs once a frame)";
        foot_ik = true;
        break;
    }
    if (!why.empty()) return why;
    bound.push_back(e);
  }
  out = std::move(bound);
  return {};
}

}  // namespace project
