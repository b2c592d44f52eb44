#include "demo/demo_skeleton.h"

#include <string>

#include <glm/gtc/matrix_transform.hpp>

namespace demo {
namespace {

// Appends a joint with an identity rest rotation; offset is relative to the parent.
int add_joint(anim::Skeleton& skeleton, const std::string& name, int parent,
              const glm::vec3& offset) {
  anim::Transform rest;
  rest.translation = offset;
  skeleton.joint_names.push_back(name);
  skeleton.parents.push_back(parent);
  skeleton.rest_pose.push_back(rest);
  return skeleton.joint_count() - 1;
}

// The left arm and leg, or their mirror image through the YZ plane for the right side.
void add_limbs(anim::Skeleton& skeleton, int hips, int chest, const char* side, float mirror) {
  const std::string s = side;
  const auto at = [mirror](float x, float y, float z) { return glm::vec3(mirror * x, y, z); };
  const int clavicle = add_joint(skeleton, "clavicle" + s, chest, at(0.03f, 0.13f, 0.0f));
  const int upperarm = add_joint(skeleton, "upperarm" + s, clavicle, at(0.15f, 0.0f, 0.0f));
  const int forearm = add_joint(skeleton, "forearm" + s, upperarm, at(0.29f, 0.0f, 0.0f));
  const int twist = add_joint(skeleton, "forearm_twist" + s, forearm, at(0.13f, 0.0f, 0.0f));
  const int hand = add_joint(skeleton, "hand" + s, twist, at(0.13f, 0.0f, 0.0f));
  add_joint(skeleton, "fingers" + s, hand, at(0.09f, 0.0f, 0.0f));
  add_joint(skeleton, "thumb" + s, hand, at(0.03f, 0.0f, 0.035f));

  const int thigh = add_joint(skeleton, "thigh" + s, hips, at(0.09f, -0.05f, 0.0f));
  const int calf = add_joint(skeleton, "calf" + s, thigh, at(0.0f, -0.44f, 0.0f));
  const int foot = add_joint(skeleton, "foot" + s, calf, at(0.0f, -0.43f, 0.0f));
  add_joint(skeleton, "toes" + s, foot, at(0.0f, -0.06f, 0.13f));
}

}  // namespace

anim::Skeleton make_demo_skeleton() {
  anim::Skeleton skeleton;
  const int hips = add_joint(skeleton, kDemoRootJoint, anim::kNoParent, {0.0f, 1.0f, 0.0f});
  const int spine_01 = add_joint(skeleton, "spine_01", hips, {0.0f, 0.10f, 0.0f});
  const int spine_02 = add_joint(skeleton, "spine_02", spine_01, {0.0f, 0.12f, 0.0f});
  const int chest = add_joint(skeleton, "chest", spine_02, {0.0f, 0.12f, 0.0f});
  const int neck = add_joint(skeleton, "neck", chest, {0.0f, 0.20f, 0.0f});
  add_joint(skeleton, "head", neck, {0.0f, 0.10f, 0.0f});
  add_limbs(skeleton, hips, chest, "_l", 1.0f);
  add_limbs(skeleton, hips, chest, "_r", -1.0f);

  // With identity rest rotations a joint's model-space rest matrix is a pure translation.
  std::vector<glm::vec3> model_position(skeleton.joint_count());
  for (int i = 0; i < skeleton.joint_count(); ++i) {
    const int parent = skeleton.parents[i];
    model_position[i] = skeleton.rest_pose[i].translation +
                        (parent == anim::kNoParent ? glm::vec3(0.0f) : model_position[parent]);
    skeleton.inverse_bind.push_back(glm::translate(glm::mat4(1.0f), -model_position[i]));
  }
  return skeleton;
}

}  // namespace demo
