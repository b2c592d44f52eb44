#pragma once
// The curve view's data for the viewer: the inspected joint's frames over the whole previewed
// clip at the clip's frame rate, composed through the probe instance (app/probe_frames.h) so the
// live scene's clock and pose stay as they are, with the times of the joint's keys and the pops
// of its model position. Sampled once per clip, joint, Euler order, binding, settings, ground and
// post-process stack, not per UI frame.

#include <vector>

#include "anim/character_instance.h"
#include "anim/joint_motion.h"
#include "anim/motion_pops.h"
#include "anim/terrain.h"
#include "app/probe_frames.h"
#include "app/viewer_scene.h"

namespace app {

// What the curves were sampled for; a change of any of them samples again.
struct JointCurveKey {
  const void* character = nullptr;    // the bound character (a rebind or load makes a new one)
  const anim::Clip* clips = nullptr;  // the bound clips
  int load_count = -1;
  int clip = -1;
  int joint = -1;
  anim::EulerOrder order = anim::EulerOrder::XYZ;
  // What composes the frames besides the clip: a toggle (root motion, foot IK), the ground, an
  // edit of the post-process stack.
  anim::CharacterSettings settings;
  anim::Terrain terrain;
  int post_process_revision = -1;
  bool operator==(const JointCurveKey&) const = default;
};

struct JointCurveData {
  JointCurveKey key;
  bool valid = false;
  std::vector<anim::JointMotionFrame> frames;  // from 0 to the clip's end, 1 / fps apart
  std::vector<float> key_times;                // of the joint's tracks, sorted, without repeats
  std::vector<anim::Pop> pops;                 // of the model position
  float fps = 30.0f;
  float duration_s = 0.0f;
  int samplings = 0;  // how often the curves were sampled (the cache is seen to hold)
};

// The times of all keys of the track of joint_name in clip (translation, rotation and scale),
// sorted, without repeats; empty when the clip does not animate the joint.
std::vector<float> joint_key_times(const anim::Clip& clip, const std::string& joint_name);

// Brings data up to date for joint (the last selected) in the scene's previewed clip: samples
// again only when the key changed. Invalid outside a clip preview, for a joint out of range or a
// probe that cannot bind or update. load_count: the viewer's successful loads so far.
void refresh_joint_curves(const ViewerScene& scene, FrameProbe& probe, int joint,
                          anim::EulerOrder order, int load_count, JointCurveData& data);

}  // namespace app
