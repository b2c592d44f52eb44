#include "asset/rig_finder.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "anim/pose.h"

namespace asset {

namespace {

std::vector<glm::mat4> rest_model(const anim::Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.parents.size());
  if (!anim::local_to_model(skeleton, skeleton.rest_pose, model)) model.clear();
  return model;
}

}  // namespace

JointWeights joint_skin_weights(const Character& character) {
  const auto n = static_cast<std::size_t>(character.skeleton.joint_count());
  JointWeights out;
  out.skin.assign(n, 0.0f);
  out.rigid.assign(n, 0.0f);
  auto add = [&](const std::vector<glm::uvec4>& joints, const std::vector<glm::vec4>& w) {
    for (std::size_t v = 0; v < joints.size() && v < w.size(); ++v) {
      for (int k = 0; k < 4; ++k) {
        if (joints[v][k] < n && w[v][k] > 0.0f) out.skin[joints[v][k]] += w[v][k];
      }
    }
  };
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    // A mesh whose every vertex follows one joint with full weight hangs rigidly on it.
    bool rigid = !mesh.joints0.empty() && mesh.joints1.empty();
    for (std::size_t v = 0; rigid && v < mesh.joints0.size(); ++v) {
      rigid = mesh.weights0[v][0] >= 0.999f && mesh.joints0[v][0] == mesh.joints0[0][0];
    }
    if (rigid && mesh.joints0[0][0] < n) {
      out.rigid[mesh.joints0[0][0]] += static_cast<float>(mesh.joints0.size());
      continue;
    }
    add(mesh.joints0, mesh.weights0);
    add(mesh.joints1, mesh.weights1);
  }
  return out;
}

anim::Rig find_character_rig(const Character& character, std::string* error) {
  const std::vector<glm::mat4> model = rest_model(character.skeleton);
  if (model.empty()) {
    if (error) *error = "no skeleton";
    return {};
  }
  const JointWeights weights = joint_skin_weights(character);
  return anim::find_rig(character.skeleton, model, weights.skin, weights.rigid, error);
}

anim::FootIkRig foot_ik_rig(const Character& character, const anim::Rig& rig) {
  const std::vector<glm::mat4> model = rest_model(character.skeleton);
  if (model.empty() || rig.leg_count() == 0) return {};
  float feet = 1e30f;
  for (const anim::Limb& limb : rig.limbs) {
    if (limb.role != anim::LimbRole::Leg) continue;
    for (std::size_t k = 2; k < limb.joints.size(); ++k) {
      feet = std::min(feet, model[static_cast<std::size_t>(limb.joints[k])][3].y);
    }
  }
  float ground = feet;
  if (!character.meshes.empty()) {
    const Bounds bounds = bind_pose_bounds(character);
    // A mesh's soles lie a little below the foot joints; much lower is a prop or a base.
    const float below = feet - bounds.min.y;
    if (!bounds.empty() && below >= 0.0f && below < 0.25f * (bounds.max.y - bounds.min.y)) {
      ground = bounds.min.y;
    }
  }
  return anim::make_foot_ik_rig(character.skeleton, rig, model, ground);
}

anim::FootIkRig find_legs(const Character& character, std::string* error) {
  const anim::Rig rig = find_character_rig(character, error);
  return foot_ik_rig(character, rig);
}

anim::MirrorTable mirror_table(const Character& character, const anim::Rig& rig) {
  return anim::make_mirror_table(character.skeleton, rig, rest_model(character.skeleton));
}

anim::FootIkRig find_biped_legs(const anim::Skeleton& skeleton, std::string* error) {
  Character character;
  character.skeleton = skeleton;
  return find_legs(character, error);
}

int find_root_motion_joint(const anim::Skeleton& skeleton) {
  for (const char* key : {"hips", "pelvis"}) {
    for (int i = 0; i < skeleton.joint_count(); ++i) {
      std::string name = skeleton.joint_names[i];
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char c) { return std::tolower(c); });
      // "mixamorig:Hips" and "pelvis" qualify; "hip_l" or "LeftHip" do not.
      const bool sided = name.find("left") != std::string::npos ||
                         name.find("right") != std::string::npos || name.ends_with("_l") ||
                         name.ends_with("_r") || name.ends_with(".l") || name.ends_with(".r");
      if (name.find(key) != std::string::npos && !sided) return i;
    }
  }
  for (int i = 0; i < skeleton.joint_count(); ++i) {
    if (skeleton.parents[i] >= 0 && skeleton.parents[skeleton.parents[i]] >= 0) {
      return skeleton.parents[i];
    }
  }
  return 0;
}

}  // namespace asset
