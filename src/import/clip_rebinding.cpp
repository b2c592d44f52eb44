#include "import/clip_rebinding.h"

namespace importer {
namespace {

std::vector<anim::Transform> rest_model(const anim::Skeleton& skeleton) {
  std::vector<anim::Transform> model(skeleton.rest_pose.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    const int parent = skeleton.parents[j];
    model[j] = parent == anim::kNoParent ? skeleton.rest_pose[j]
                                         : anim::compose(model[parent], skeleton.rest_pose[j]);
  }
  return model;
}

const std::string* parent_name(const anim::Skeleton& skeleton, int joint) {
  const int parent = skeleton.parents[joint];
  return parent == anim::kNoParent ? nullptr : &skeleton.joint_names[parent];
}

// Applies a constant parent-space change to every key of track.
void reparent(anim::JointTrack& track, const anim::Transform& change) {
  for (glm::vec3& t : track.translation.values) t = anim::transform_point(change, t);
  for (glm::quat& r : track.rotation.values) r = glm::normalize(change.rotation * r);
  for (glm::vec3& s : track.scale.values) s = change.scale * s;
}

}  // namespace

ReboundClip rebind_clip(const anim::Clip& clip, const anim::Skeleton& source,
                        const anim::Skeleton& target) {
  ReboundClip out;
  out.clip.name = clip.name;
  out.clip.duration_s = clip.duration_s;
  out.clip.source_fps = clip.source_fps;
  out.clip.loop = clip.loop;
  out.clip.markers = clip.markers;
  out.clip.morph_tracks = clip.morph_tracks;  // bound by node and target name, not by joint
  const std::vector<anim::Transform> source_model = rest_model(source);
  for (const anim::JointTrack& track : clip.tracks) {
    const int target_joint = target.find_joint(track.joint_name);
    if (target_joint < 0) {
      out.unmatched_joints.push_back(track.joint_name);
      continue;
    }
    anim::JointTrack rebound = track;
    const int source_joint = source.find_joint(track.joint_name);
    const std::string* target_parent = parent_name(target, target_joint);
    const std::string* source_parent =
        source_joint < 0 ? nullptr : parent_name(source, source_joint);
    const bool same_parent =
        (target_parent == nullptr && source_parent == nullptr) ||
        (target_parent != nullptr && source_parent != nullptr && *target_parent == *source_parent);
    if (source_joint >= 0 && !same_parent) {
      // keys are relative to the source parent; the target wants them relative to its parent,
      // seen in the source skeleton (model space when the target joint is a root).
      const anim::Transform from = source_parent == nullptr
                                       ? anim::Transform::identity()
                                       : source_model[source.parents[source_joint]];
      const int target_parent_in_source =
          target_parent == nullptr ? -1 : source.find_joint(*target_parent);
      const anim::Transform to = target_parent_in_source < 0
                                     ? anim::Transform::identity()
                                     : source_model[target_parent_in_source];
      reparent(rebound, anim::compose(anim::inverse(to), from));
    }
    out.clip.tracks.push_back(std::move(rebound));
  }
  return out;
}

bool is_foreign_clip(const ReboundClip& rebound, std::size_t source_track_count) {
  return rebound.clip.tracks.size() * 2 < source_track_count;
}

}  // namespace importer
