#include "anim/pose_matching.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"

namespace anim {

namespace {

// One clip's frames as features: per frame and joint the local rotation and the model-space
// position relative to the root joint.
struct FrameFeatures {
  int frames = 0;
  std::vector<glm::quat> rotations;  // frames * joints
  std::vector<glm::vec3> positions;  // frames * joints
};

int frame_count(const Clip& clip) {
  // Frames at 0, 1/fps, ... up to the duration; a looping clip's last frame equals its first.
  const int frames = static_cast<int>(std::floor(clip.duration_s * clip.source_fps + 1e-3f)) + 1;
  return clip.loop && frames > 1 ? frames - 1 : frames;
}

FrameFeatures features_of(const Skeleton& skeleton, const Clip& clip) {
  const int joints = skeleton.joint_count();
  FrameFeatures f;
  f.frames = frame_count(clip);
  f.rotations.resize(as_size(f.frames) * joints);
  f.positions.resize(as_size(f.frames) * joints);
  const ClipBinding binding = bind_clip(clip, skeleton);
  SamplingCache cache(clip);
  std::vector<Transform> local(joints);
  std::vector<glm::mat4> model(joints);
  for (int i = 0; i < f.frames; ++i) {
    // Buffers are sized for the clip above; a failure leaves the frame at the previous pose.
    if (!sample_clip(clip, binding, skeleton, static_cast<float>(i) / clip.source_fps, cache,
                     local) ||
        !local_to_model(skeleton, local, model)) {
      continue;
    }
    const glm::vec3 root = joints > 0 ? glm::vec3(model[0][3]) : glm::vec3(0.0f);
    for (int j = 0; j < joints; ++j) {
      f.rotations[as_size(i) * joints + j] = local[j].rotation;
      f.positions[as_size(i) * joints + j] = glm::vec3(model[j][3]) - root;
    }
  }
  return f;
}

std::string check_clip(const char* role, const Clip& clip) {
  if (!(clip.duration_s > 0.0f) || !std::isfinite(clip.duration_s)) {
    return std::string(role) + " clip '" + clip.name + "' has no duration";
  }
  if (!(clip.source_fps > 0.0f) || !std::isfinite(clip.source_fps)) {
    return std::string(role) + " clip '" + clip.name + "' has a non-positive frame rate";
  }
  return {};
}

}  // namespace

std::string build_pose_match_table(const Skeleton& skeleton, const Clip& source, int source_index,
                                   const Clip& target, int target_index,
                                   const PoseMatchWeights& weights, PoseMatchTable& out) {
  const int joints = skeleton.joint_count();
  if (!weights.joint_weights.empty() && static_cast<int>(weights.joint_weights.size()) != joints) {
    return "pose match weights: " + std::to_string(weights.joint_weights.size()) +
           " joint weights for a skeleton of " + std::to_string(joints) + " joints";
  }
  for (float w : weights.joint_weights) {
    if (!(w >= 0.0f) || !std::isfinite(w)) return "pose match weights: a joint weight is negative";
  }
  if (!(weights.rotation_weight >= 0.0f) || !(weights.position_weight >= 0.0f)) {
    return "pose match weights: rotation and position weights must be >= 0";
  }
  for (const std::string& error : {check_clip("source", source), check_clip("target", target)}) {
    if (!error.empty()) return error;
  }
  const FrameFeatures a = features_of(skeleton, source);
  const FrameFeatures b = features_of(skeleton, target);

  PoseMatchTable table;
  table.source_clip = source_index;
  table.target_clip = target_index;
  table.source_fps = source.source_fps;
  table.target_fps = target.source_fps;
  table.source_frames = a.frames;
  table.target_frames = b.frames;
  table.distances.resize(as_size(a.frames) * b.frames);
  table.best_target_frame.resize(a.frames);
  for (int i = 0; i < a.frames; ++i) {
    int best = 0;
    for (int j = 0; j < b.frames; ++j) {
      float sum = 0.0f;
      for (int k = 0; k < joints; ++k) {
        const std::size_t ia = as_size(i) * joints + k;
        const std::size_t ib = as_size(j) * joints + k;
        const float w = weights.joint_weights.empty() ? 1.0f : weights.joint_weights[k];
        const float angle = angle_between(a.rotations[ia], b.rotations[ib]);
        const glm::vec3 d = a.positions[ia] - b.positions[ib];
        sum += w *
               (weights.rotation_weight * angle * angle + weights.position_weight * glm::dot(d, d));
      }
      table.distances[as_size(i) * b.frames + j] = sum;
      if (sum < table.distance(i, best)) best = j;
    }
    table.best_target_frame[i] = best;
  }
  out = std::move(table);
  return {};
}

float matched_target_time(const PoseMatchTable& table, float source_time_s, bool source_loops) {
  if (table.source_frames <= 0 || table.target_frames <= 0) return 0.0f;
  float frame = std::round(source_time_s * table.source_fps);
  if (source_loops) {
    frame = std::fmod(frame, static_cast<float>(table.source_frames));
    if (frame < 0.0f) frame += static_cast<float>(table.source_frames);
  }
  const int i = std::clamp(static_cast<int>(frame), 0, table.source_frames - 1);
  return static_cast<float>(table.best_target_frame[i]) / table.target_fps;
}

const PoseMatchTable* PoseMatchLibrary::find(int source_clip, int target_clip) const {
  for (const PoseMatchTable& t : tables) {
    if (t.source_clip == source_clip && t.target_clip == target_clip) return &t;
  }
  return nullptr;
}

}  // namespace anim
