#pragma once
// What root motion extracts from which joint: shared by extraction (root_motion.h) and the root
// motion tracks it reads (root_motion_track.h).

namespace anim {

// What to extract from which joint. The root's motion is measured in model space, with the
// joint's ancestors taken at their rest pose (they are usually static: an armature node).
struct RootMotionSettings {
  int root_joint = 0;
  bool extract_x = true;    // sideways on the ground plane
  bool extract_y = false;   // height: usually kept in the pose, so jumps stay jumps
  bool extract_z = true;    // forward on the ground plane
  bool extract_yaw = true;  // turning about +Y

  bool operator==(const RootMotionSettings&) const = default;
};

}  // namespace anim
