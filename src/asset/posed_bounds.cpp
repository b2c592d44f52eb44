#include "asset/posed_bounds.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "anim/skinning.h"

namespace asset {
namespace {

void grow(Bounds& b, const glm::vec3& p) {
  b.min = glm::min(b.min, p);
  b.max = glm::max(b.max, p);
}

// The joints' bind-pose positions: where each skinned joint's inverse bind puts it.
Bounds bind_joint_bounds(const anim::Skeleton& skeleton) {
  Bounds b;
  for (const glm::mat4& inverse_bind : skeleton.inverse_bind) {
    if (inverse_bind == glm::mat4(1.0f)) continue;  // not a skinned joint
    grow(b, glm::vec3(glm::inverse(inverse_bind)[3]));
  }
  return b;
}

// What posed_bounds adds to a pose, measured once per character: which joints count
// (character_tree), and how far the bind-pose mesh reaches beyond the bind-pose joints.
struct PoseMeasure {
  std::vector<bool> joints;
  glm::vec3 below{0.0f}, above{0.0f};
};

PoseMeasure measure_character(const Character& character) {
  PoseMeasure m;
  m.joints = character_tree(character.skeleton);
  const Bounds mesh = bind_pose_bounds(character);
  const Bounds joints = bind_joint_bounds(character.skeleton);
  if (!mesh.empty() && !joints.empty()) {
    m.below = glm::max(joints.min - mesh.min, glm::vec3(0.0f));
    m.above = glm::max(mesh.max - joints.max, glm::vec3(0.0f));
  }
  return m;
}

// posed_bounds with the character measured.
Bounds measured_pose_bounds(const PoseMeasure& m, std::span<const glm::mat4> model_pose,
                            const glm::mat4& world) {
  Bounds posed;
  if (model_pose.size() != m.joints.size()) return posed;
  for (std::size_t j = 0; j < model_pose.size(); ++j) {
    if (m.joints[j]) grow(posed, glm::vec3(world * model_pose[j][3]));
  }
  if (posed.empty()) return posed;
  // At least a tenth of the pose's size around the joints: a mesh has some thickness.
  const glm::vec3 margin(0.1f * glm::length(posed.max - posed.min));
  posed.min -= glm::max(m.below, margin);
  posed.max += glm::max(m.above, margin);
  return posed;
}

}  // namespace

Bounds posed_bounds(const Character& character, std::span<const glm::mat4> model_pose,
                    const glm::mat4& world) {
  if (model_pose.size() != static_cast<std::size_t>(character.skeleton.joint_count())) return {};
  return measured_pose_bounds(measure_character(character), model_pose, world);
}

Bounds rest_pose_bounds(const Character& character, const glm::mat4& world) {
  const anim::Skeleton& skeleton = character.skeleton;
  std::vector<glm::mat4> model(skeleton.rest_pose.size()), palette(model.size());
  if (!anim::local_to_model(skeleton, skeleton.rest_pose, model) ||
      !anim::skinning_matrices(model, skeleton.inverse_bind, palette)) {
    return {};
  }
  Bounds skinned;
  std::vector<glm::vec3> positions;
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    positions.resize(mesh.vertex_count());
    if (!anim::skin_vertices_lbs(mesh, palette, positions, {})) continue;
    for (const glm::vec3& p : positions) grow(skinned, glm::vec3(world * glm::vec4(p, 1.0f)));
  }
  return skinned.empty() ? posed_bounds(character, model, world) : skinned;
}

Bounds clip_bounds(const Character& character, const anim::Clip& clip,
                   const anim::RootMotionSettings& root_motion, const glm::mat4& world,
                   int samples) {
  Bounds all;
  const anim::Skeleton& skeleton = character.skeleton;
  if (samples < 2 || skeleton.joint_count() == 0) return all;
  const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
  anim::SamplingCache cache(clip, binding);
  const PoseMeasure measure = measure_character(character);
  std::vector<anim::Transform> local(skeleton.rest_pose.size());
  std::vector<glm::mat4> model(local.size());
  for (int i = 0; i < samples; ++i) {
    // The last sample at the duration itself: a looping clip's last frame, not its first again.
    const float t = clip.duration_s * static_cast<float>(i) / static_cast<float>(samples - 1);
    const float time_s = clip.loop && i == samples - 1 ? std::nextafter(t, 0.0f) : t;
    if (!anim::sample_clip(clip, binding, skeleton, time_s, cache, local)) return {};
    if (!anim::remove_root_motion(skeleton, root_motion, local)) return {};
    if (!anim::local_to_model(skeleton, local, model)) return {};
    const Bounds b = measured_pose_bounds(measure, model, world);
    if (b.empty()) continue;
    all.min = glm::min(all.min, b.min);
    all.max = glm::max(all.max, b.max);
  }
  return all;
}

}  // namespace asset
