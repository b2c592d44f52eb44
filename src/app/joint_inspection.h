#pragma once
// The joint inspector's values for the viewer: the inspected joint at the playhead, composed as
// `animview curves` composes its frames, so the panel and the command agree.

#include <span>
#include <vector>

#include "app/probe_frames.h"
#include "app/viewer_scene.h"
#include "ui/joint_inspector.h"

namespace app {

// The values of joint at the scene's frame in order. While a clip is previewed: the playhead
// and one clip frame either side composed through probe (bound to the scene's character when it
// is not yet, with the scene's settings but no skinning palettes), so the speeds are the central
// differences `curves` gives at the clip's own rate and the values those of the frame at the
// playhead. Otherwise: the live instance's frame, without speeds. Invalid for a joint out of
// range or a probe that cannot bind or update.
ui::JointInspectorValues inspect_joint(const ViewerScene& scene, FrameProbe& probe, int joint,
                                       anim::EulerOrder order);

// A joint's motion trail: its world positions at the previewed clip's frames within a window
// either side of the playhead (as inspect_joint composes them, placed by the character's world
// transform at the playhead: with root motion applied, the path about where the character is
// now, not the ground it covers), the speed at each (m/s, central differences), and which point
// is the playhead's.
struct JointTrail {
  std::vector<glm::vec3> points;
  std::vector<float> speeds;
  int playhead = -1;
};

// The trails of joints over window_s either side of the playhead (at least one frame), each
// frame composed once for all of them. Empty outside a clip preview, for a joint out of range or
// a probe that cannot bind or update.
std::vector<JointTrail> joint_trails(const ViewerScene& scene, FrameProbe& probe,
                                     std::span<const int> joints, float window_s);

}  // namespace app
