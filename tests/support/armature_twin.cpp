#include "support/armature_twin.h"

#include <string>
#include <unordered_set>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace test {
namespace {

const glm::quat kTurn = glm::angleAxis(glm::radians(-90.0f), glm::vec3(1.0f, 0.0f, 0.0f));
constexpr float kScale = 0.01f;

// From the model's space into the armature's: the inverse of its transform (it is linear, so
// cubic-spline tangents take it as keys do).
glm::vec3 into_armature(const glm::vec3& p) {
  return glm::inverse(kTurn) * p / kScale;
}

// A former root's channels, moved under the armature.
void move_track(anim::JointTrack& track) {
  for (glm::vec3& t : track.translation.values) t = into_armature(t);
  for (glm::quat& r : track.rotation.values) r = glm::inverse(kTurn) * r;
  for (glm::vec3& s : track.scale.values) s /= kScale;
}

anim::Skeleton wrap_skeleton(const anim::Skeleton& skeleton) {
  anim::Skeleton out;
  out.joint_names.emplace_back(kArmatureJoint);
  out.parents.push_back(anim::kNoParent);
  out.rest_pose.push_back({glm::vec3(0.0f), kTurn, glm::vec3(kScale)});
  out.inverse_bind.emplace_back(1.0f);
  const glm::mat4 armature = blender_armature();
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    anim::Transform rest = skeleton.rest_pose[j];
    const bool root = skeleton.parents[j] == anim::kNoParent;
    if (root) {
      rest = {into_armature(rest.translation), glm::inverse(kTurn) * rest.rotation,
              rest.scale / kScale};
    }
    out.joint_names.push_back(skeleton.joint_names[j]);
    out.parents.push_back(root ? 0 : skeleton.parents[j] + 1);
    out.rest_pose.push_back(rest);
    out.inverse_bind.push_back(skeleton.inverse_bind[j] * armature);
  }
  return out;
}

}  // namespace

glm::mat4 blender_armature() {
  return glm::mat4_cast(kTurn) * glm::scale(glm::mat4(1.0f), glm::vec3(kScale));
}

importer::Character wrap_in_armature(const importer::Character& character) {
  importer::Character out = character;
  out.skeleton = wrap_skeleton(character.skeleton);
  for (anim::SkinnedMesh& mesh : out.meshes) {
    for (glm::vec3& p : mesh.positions) p = into_armature(p);
    for (glm::vec3& n : mesh.normals) n = glm::inverse(kTurn) * n;
    for (glm::vec4& t : mesh.tangents) t = glm::vec4(glm::inverse(kTurn) * glm::vec3(t), t.w);
    for (glm::uvec4& j : mesh.joints0) j += glm::uvec4(1u);
    for (glm::uvec4& j : mesh.joints1) j += glm::uvec4(1u);
  }
  std::unordered_set<std::string> roots;
  for (int j = 0; j < character.skeleton.joint_count(); ++j) {
    if (character.skeleton.parents[j] == anim::kNoParent) {
      roots.insert(character.skeleton.joint_names[j]);
    }
  }
  for (anim::Clip& clip : out.clips) {
    for (anim::JointTrack& track : clip.tracks) {
      if (roots.count(track.joint_name) != 0) move_track(track);
    }
  }
  return out;
}

}  // namespace test
