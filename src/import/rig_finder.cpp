#include "import/rig_finder.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "anim/pose.h"
#include "anim/standing_pose.h"

namespace importer {

namespace {

std::vector<glm::mat4> rest_model(const anim::Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.parents.size());
  if (!anim::local_to_model(skeleton, skeleton.rest_pose, model)) model.clear();
  return model;
}

// The rest pose the rig is found on: the skeleton's own, stood up when it has no mesh.
std::vector<glm::mat4> standing_model(const Character& character) {
  return rest_model(character.meshes.empty() ? standing_skeleton(character) : character.skeleton);
}

// A skeleton without a mesh has no skin weights to tell its bones from the file's other nodes
// (cameras, lights, a sky at the file's root): its bones are the largest tree of joints.
std::vector<float> largest_tree(const anim::Skeleton& skeleton) {
  const auto n = static_cast<std::size_t>(skeleton.joint_count());
  std::vector<int> size(n, 1);
  for (std::size_t j = n; j-- > 0;) {
    if (skeleton.parents[j] >= 0) size[static_cast<std::size_t>(skeleton.parents[j])] += size[j];
  }
  int root = -1;
  for (std::size_t j = 0; j < n; ++j) {
    if (skeleton.parents[j] < 0 && (root < 0 || size[j] > size[static_cast<std::size_t>(root)])) {
      root = static_cast<int>(j);
    }
  }
  std::vector<float> in_tree(n, 0.0f);
  for (std::size_t j = 0; j < n; ++j) {
    const int p = skeleton.parents[j];
    if (static_cast<int>(j) == root || (p >= 0 && in_tree[static_cast<std::size_t>(p)] > 0.0f)) {
      in_tree[j] = 1.0f;
    }
  }
  return in_tree;
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

anim::Skeleton standing_skeleton(const Character& character) {
  anim::Skeleton skeleton = character.skeleton;
  if (!character.meshes.empty()) return skeleton;
  const std::vector<glm::mat4> model = rest_model(skeleton);
  if (model.empty()) return skeleton;
  const anim::FootIkRig legs = anim::find_biped_rig(skeleton, model);
  skeleton.rest_pose = anim::stand_legs(skeleton, legs.legs);
  return skeleton;
}

anim::Rig find_character_rig(const Character& character, std::string* error) {
  const std::vector<glm::mat4> model = standing_model(character);
  if (model.empty()) {
    if (error) *error = "no skeleton";
    return {};
  }
  JointWeights weights = joint_skin_weights(character);
  if (character.meshes.empty()) weights.skin = largest_tree(character.skeleton);
  return anim::find_rig(character.skeleton, model, weights.skin, weights.rigid, error);
}

anim::FootIkRig foot_ik_rig(const Character& character, const anim::Rig& rig) {
  const std::vector<glm::mat4> model = standing_model(character);
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

namespace {

int find_named_root_motion_joint(const anim::Skeleton& skeleton) {
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

}  // namespace

int find_root_motion_joint(const anim::Skeleton& skeleton, const anim::FootIkRig& legs) {
  const int named = find_named_root_motion_joint(skeleton);
  const int carrier = anim::feet_carrier(skeleton, legs);
  if (carrier < 0) return named;
  // The named joint when it carries the pelvis and the feet (a "Hips" above the legs' pelvis).
  anim::FootIkRig from_named = legs;
  from_named.pelvis = named;
  return anim::feet_carrier(skeleton, from_named) == named ? named : carrier;
}

}  // namespace importer
