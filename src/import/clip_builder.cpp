#include "import/clip_builder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "anim/clip_sampling.h"
#include "import/assimp_morph_tracks.h"
#include "import/track_keys.h"

namespace importer {
namespace {

bool finite(const aiVector3D& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool finite(const aiQuaternion& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

template <typename Key>
std::string check_keys(const Key* keys, unsigned count, const char* channel) {
  for (unsigned k = 0; k < count; ++k) {
    if (!std::isfinite(keys[k].mTime) || !finite(keys[k].mValue)) {
      return std::string("channel ") + channel + ": key " + std::to_string(k) +
             " is not a finite number (NaN or infinity)";
    }
  }
  return {};
}

std::string check_channel(const aiNodeAnim& channel) {
  std::string error = check_keys(channel.mPositionKeys, channel.mNumPositionKeys, "translation");
  if (error.empty())
    error = check_keys(channel.mRotationKeys, channel.mNumRotationKeys, "rotation");
  if (error.empty()) error = check_keys(channel.mScalingKeys, channel.mNumScalingKeys, "scale");
  return error;
}

// The joint's static prefix: axis (top-level joints) and every folded node's transform.
glm::mat4 static_prefix(const SceneConversion& conversion, const SkeletonBuild& skeleton,
                        int joint) {
  glm::mat4 prefix = skeleton.skeleton.parents[joint] == anim::kNoParent
                         ? anim::to_matrix(conversion.axis)
                         : glm::mat4(1.0f);
  for (const aiNode* node : skeleton.folded_nodes[joint]) {
    prefix *= converted_local(conversion, node);
  }
  return prefix;
}

// The joint's channel, with its constant prefix applied per key. Exact when the prefix has
// uniform scale (no shear can arise).
anim::JointTrack convert_channel(const aiNodeAnim& channel, const anim::Transform& prefix,
                                 float translation_scale, double ticks_per_second) {
  anim::JointTrack track;
  for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
    const aiVectorKey& key = channel.mPositionKeys[k];
    push_key(track.translation, static_cast<float>(key.mTime / ticks_per_second),
             anim::transform_point(prefix, to_glm(key.mValue) * translation_scale));
  }
  for (unsigned k = 0; k < channel.mNumRotationKeys; ++k) {
    const aiQuatKey& key = channel.mRotationKeys[k];
    push_key(track.rotation, static_cast<float>(key.mTime / ticks_per_second),
             glm::normalize(prefix.rotation * to_glm(key.mValue)));
  }
  for (unsigned k = 0; k < channel.mNumScalingKeys; ++k) {
    const aiVectorKey& key = channel.mScalingKeys[k];
    push_key(track.scale, static_cast<float>(key.mTime / ticks_per_second),
             prefix.scale * to_glm(key.mValue));
  }
  return track;
}

// The authoring frame rate: ticks per second where that is a frame rate (FBX, BVH), else the
// smallest key interval (glTF and Collada count milliseconds).
float estimate_source_fps(const aiAnimation& animation, double ticks_per_second) {
  if (ticks_per_second <= 240.0) return static_cast<float>(ticks_per_second);
  double smallest = 0.0;
  for (unsigned c = 0; c < animation.mNumChannels; ++c) {
    const aiNodeAnim& channel = *animation.mChannels[c];
    for (unsigned k = 1; k < channel.mNumRotationKeys; ++k) {
      const double dt = channel.mRotationKeys[k].mTime - channel.mRotationKeys[k - 1].mTime;
      if (dt > 1e-9 && (smallest == 0.0 || dt < smallest)) smallest = dt;
    }
  }
  if (smallest == 0.0) return 30.0f;
  return static_cast<float>(std::round(ticks_per_second / smallest));
}

std::string clip_name(const aiAnimation& animation, unsigned index) {
  const std::string name = animation.mName.C_Str();
  return name.empty() ? "clip_" + std::to_string(index) : name;
}

float track_end(const anim::JointTrack& track) {
  float end = 0.0f;
  if (!track.translation.empty()) end = std::max(end, track.translation.times_s.back());
  if (!track.rotation.empty()) end = std::max(end, track.rotation.times_s.back());
  if (!track.scale.empty()) end = std::max(end, track.scale.times_s.back());
  return end;
}

}  // namespace

std::string build_clips(const aiScene& scene, const SceneConversion& conversion,
                        const SkeletonBuild& skeleton, const ImportSettings& settings,
                        const std::string& file_name, std::vector<anim::Clip>& out,
                        std::vector<std::string>& warnings) {
  out.clear();
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& animation = *scene.mAnimations[a];
    anim::Clip clip;
    clip.name = clip_name(animation, a);
    double ticks_per_second = animation.mTicksPerSecond;
    if (settings.frame_rate_override > 0.0f) {
      ticks_per_second = settings.frame_rate_override;
    } else if (!(ticks_per_second > 0.0)) {
      ticks_per_second = settings.fallback_ticks_per_second;
      warnings.push_back("clip '" + clip.name + "' gives no ticks per second; assuming " +
                         std::to_string(static_cast<int>(ticks_per_second)) +
                         " (set a frame-rate override if it plays at the wrong speed)");
    }
    clip.source_fps = estimate_source_fps(animation, ticks_per_second);

    std::map<int, const aiNodeAnim*> by_joint;
    std::vector<std::string> ignored;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
      const aiNodeAnim& channel = *animation.mChannels[c];
      const std::string node_name = channel.mNodeName.C_Str();
      const aiNode* node = scene.mRootNode->FindNode(channel.mNodeName);
      if (const std::string error = check_channel(channel); !error.empty()) {
        return "clip '" + clip.name + "', joint '" + node_name + "', " + error;
      }
      const int joint = skeleton.joint_of(node);
      if (joint >= 0) {
        by_joint[joint] = &channel;
      } else {
        ignored.push_back(node_name);
      }
    }
    if (!ignored.empty()) {
      std::string list;
      for (const std::string& name : ignored) list += (list.empty() ? "" : ", ") + name;
      warnings.push_back("clip '" + clip.name + "' animates nodes that are not joints: " + list);
    }

    for (const auto& [joint, channel] : by_joint) {
      anim::JointTrack track = convert_channel(
          *channel, anim::from_matrix(static_prefix(conversion, skeleton, joint)),
          translation_scale(conversion, skeleton.joint_nodes[joint]), ticks_per_second);
      track.joint_name = skeleton.skeleton.joint_names[joint];
      clip.duration_s = std::max(clip.duration_s, track_end(track));
      clip.tracks.push_back(std::move(track));
    }
    add_assimp_morph_tracks(scene, animation, ticks_per_second, file_name, clip, warnings);
    for (const anim::MorphTrack& track : clip.morph_tracks) {
      clip.duration_s = std::max(clip.duration_s, track.weight.times_s.back());
    }
    clip.duration_s =
        std::max(clip.duration_s, static_cast<float>(animation.mDuration / ticks_per_second));
    if (!(clip.duration_s > 0.0f)) {
      // A single pose: keep it playable as one frame rather than dropping what the user asked
      // to see.
      clip.duration_s = 1.0f / std::max(clip.source_fps, 1.0f);
      warnings.push_back("clip '" + clip.name + "' has zero length; kept as a one-frame pose");
    }
    if (const std::string error = anim::validate(clip); !error.empty()) {
      return "clip '" + clip.name + "': " + error;
    }
    out.push_back(std::move(clip));
  }
  return {};
}

}  // namespace importer
