#pragma once
// The joint inspector's values for the viewer: the inspected joint at the playhead, composed as
// `animview curves` composes its frames, so the panel and the command agree; and the selected
// joints' motion trails from the same frames.

#include <span>
#include <string>
#include <vector>

#include "app/joints_tab_state.h"
#include "app/probe_frames.h"
#include "app/viewer_scene.h"
#include "render/motion_trail.h"
#include "ui/error_panel.h"
#include "ui/joint_inspector.h"

namespace app {

// The values of joint at the scene's frame in order. While a clip is previewed: the playhead
// and one clip frame either side composed through probe (bound to the scene's character when it
// is not yet, with the scene's settings but no skinning palettes), so the speeds are the central
// differences `curves` gives at the clip's own rate and the values those of the frame at the
// playhead. Otherwise: the live instance's frame, without speeds. Invalid for a joint out of
// range or a probe that cannot compose the frames; error is set to why it could not ("" when
// it could).
ui::JointInspectorValues inspect_joint(const ViewerScene& scene, FrameProbe& probe, int joint,
                                       anim::EulerOrder order, std::string& error);

// The Joints tab's values: inspect_joint of the selection's last joint through tab.probe
// (invalid without a selection). A probe that cannot compose the frames fails again on every
// frame, so its failure goes to errors (under the character's file) once: when the probe's key
// (binding, clip, joint) is not the one tab.reported_failure last failed for.
ui::JointInspectorValues inspect_selected_joint(const ViewerScene& scene, JointsTabState& tab,
                                                ui::ErrorLog& errors);

// The motion trails of joints (render/motion_trail.h) over the previewed clip's frames within
// window_s either side of the playhead (at least one frame), or with window_s <= 0 over every
// frame of the clip; each frame composed once for all of them, as inspect_joint composes its
// frames. A point is the joint's world position at its frame: with root motion applied, where
// the character stands at that frame (the scene's placement at the playhead moved by the root
// motion from there), in place where it stands now. Speeds are along that path (its units per
// second, central differences); a point is keyed where a key of the joint's tracks lies within
// half a frame. Empty outside a clip preview, for a joint out of range or a probe that cannot
// compose the frames; error is set to why it could not ("" when it could).
std::vector<render::MotionTrail> joint_trails(const ViewerScene& scene, FrameProbe& probe,
                                              std::span<const int> joints, float window_s,
                                              std::string& error);

}  // namespace app
