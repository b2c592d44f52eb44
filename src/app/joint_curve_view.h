#pragma once
// The curve view's data for the viewer. In a clip preview: the selected joints' frames over the
// whole previewed clip at the clip's frame rate, composed through the probe instance
// (app/probe_frames.h) so the live scene's clock and pose stay as they are, with the times of the
// joints' keys, their CUBICSPLINE tangents, the pops of their model positions, and, while the
// player stores its clips compressed, the same frames from the exact keys. Sampled once per
// clip, selection, Euler order, binding, settings, ground and post-process stack, not per UI
// frame. Playing the graph: the same curves read from the transition record's frames.

#include <string>
#include <vector>

#include "anim/joint_motion.h"
#include "anim/motion_pops.h"
#include "anim/state_history.h"
#include "anim/terrain.h"
#include "app/probe_frames.h"
#include "app/viewer_scene.h"
#include "project/project_binding.h"
#include "ui/curve_view.h"

namespace app {

// What the curves were sampled for; a change of any of them samples again.
struct JointCurveKey {
  const void* character = nullptr;    // the bound character (a rebind or load makes a new one)
  const anim::Clip* clips = nullptr;  // the bound clips
  int generation = -1;                // the document's (a unit-guess reload is another)
  int clip = -1;
  std::vector<int> joints;
  anim::EulerOrder order = anim::EulerOrder::XYZ;
  // What composes the frames besides the clip: a toggle (root motion, foot IK), the ground, an
  // edit of the post-process stack.
  anim::CharacterSettings settings;
  anim::Terrain terrain;
  int post_process_revision = -1;
  bool operator==(const JointCurveKey&) const = default;
};

// One joint's curves.
struct SampledJointCurves {
  int joint = -1;
  std::string name;
  std::vector<anim::JointMotionFrame> frames;        // from 0 to the end, 1 / fps apart
  std::vector<anim::JointMotionFrame> exact_frames;  // from the exact keys; empty unless compressed
  std::vector<float> key_times;                      // of the joint's tracks, sorted, no repeats
  std::vector<ui::CurveTangentKey> tangents;         // of its CUBICSPLINE tracks
  std::vector<anim::Pop> pops;                       // of the model position
  float pop_threshold = 0.0f;
};

// The clips bound exactly, for the exact curves under compressed ones; bound once per load.
struct ExactClips {
  const void* for_character = nullptr;  // the scene's bound character they were made beside
  project::BoundProject bound;
  FrameProbe probe;
};

// What recorded curves were read from: the same record, selection and order are not read again
// (a record paused on the transition timeline stays as it is).
struct RecordedCurveKey {
  const void* skeleton = nullptr;
  int frames = 0;
  double first_s = 0.0, last_s = 0.0;  // the record's oldest and newest frames' times
  std::vector<int> joints;
  anim::EulerOrder order = anim::EulerOrder::XYZ;
  bool operator==(const RecordedCurveKey&) const = default;
};

struct JointCurveData {
  JointCurveKey key;
  RecordedCurveKey recorded;
  bool valid = false;
  std::vector<SampledJointCurves> joints;  // the selection's, in its order
  float fps = 30.0f;
  float duration_s = 0.0f;
  int samplings = 0;  // how often the curves were sampled (the cache is seen to hold)
  ExactClips exact;
};

// The times of all keys of the track of joint_name in clip (translation, rotation and scale),
// sorted, without repeats; empty when the clip does not animate the joint.
std::vector<float> joint_key_times(const anim::Clip& clip, const std::string& joint_name);

// The keys of joint_name's CUBICSPLINE tracks in clip, as the curve view plots them.
std::vector<ui::CurveTangentKey> joint_tangent_keys(const anim::Clip& clip,
                                                    const std::string& joint_name);

// Brings data up to date for joints (the selection) in the scene's previewed clip (project's,
// bound in scene): samples again only when the key changed. Invalid outside a clip preview, for
// joints out of range or a probe that cannot compose the frames. generation: the document's
// (app::Document::generation), so nothing sampled for one open outlives it. Returns "" or why the
// sampling done in this call failed (once: a failed key is not sampled again).
std::string refresh_joint_curves(const project::Project& project, const ViewerScene& scene,
                                 FrameProbe& probe, std::span<const int> joints,
                                 anim::EulerOrder order, int generation, JointCurveData& data);

// Reads joints' curves from the record's frames that kept their pose (times from the oldest
// frame's), so the graph's output is plotted as a clip's is; invalid for fewer than two frames.
// Reads again only when the record, the joints or the order changed.
void read_recorded_curves(const anim::StateHistory& history, const anim::Skeleton& skeleton,
                          std::span<const int> joints, anim::EulerOrder order,
                          JointCurveData& data);

}  // namespace app
