#pragma once
// A joint's curves over a clip, sampled from the frames `animview pose` composes (the same
// CharacterInstance, root motion and foot IK settings), so the two agree at every time. Shared
// by `animview curves` and the viewer's joint inspector.

#include <string>
#include <vector>

#include "anim/joint_motion.h"
#include "anim/motion_filter.h"
#include "anim/motion_pops.h"
#include "app/viewer_scene.h"

namespace app {

struct JointCurvesRequest {
  int clip = -1;   // index into the scene's clips()
  int joint = -1;  // index into its skeleton
  float t0_s = 0.0f;
  float t1_s = 0.0f;
  float fps = 30.0f;
  anim::EulerOrder order = anim::EulerOrder::XYZ;
};

struct JointCurves {
  std::vector<anim::JointMotionFrame> frames;
  std::vector<anim::Pop> pops;  // of the model position
};

// The clip time that a curve's frame at t_s reads: the end of a looping clip just before it wraps
// to the start (as a curve editor shows its last key); other times wrap as `pose --time` wraps
// them.
float curve_frame_clip_time(const anim::Clip& clip, float t_s);

// Previews request.clip and, for each frame time (anim::joint_motion_frame_count), seeks the
// clock there (wrapped as `pose --time` wraps it) and composes the frame with a zero step, as
// `pose` does (the end of a looping clip read just before it wraps); reads the joint's local
// transform and model position, then derives Euler angles, speeds and pops. The clock is left
// paused at t0 (the instance keeps the last frame's pose until the next update). Returns "" or
// the cause (a bad clip, joint, range or rate, a failing job).
std::string sample_joint_curves(ViewerScene& scene, const JointCurvesRequest& request,
                                JointCurves& out);

// Replaces clip (index into clips()) with its filtered copy (anim/clip_filter.h) and binds it
// alone (ViewerScene::rebind_clips), so the scene plays the smoothed take and the character
// carries on where it was. Returns "" or the cause (a filter the clip's frame rate cannot carry).
std::string filter_scene_clip(project::Project& project, ViewerScene& scene, int clip,
                              const anim::MotionFilter& filter);

}  // namespace app
