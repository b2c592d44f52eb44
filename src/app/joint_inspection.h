#pragma once
// The joint inspector's values for the viewer: the inspected joint at the playhead, composed as
// `animview curves` composes its frames, so the panel and the command agree.

#include "anim/character_instance.h"
#include "app/viewer_scene.h"
#include "ui/joint_inspector.h"

namespace app {

// The values of joint at the scene's frame in order. While a clip is previewed: the playhead
// and one clip frame either side composed through probe (bound to the scene's character when it
// is not yet, with the scene's settings but no skinning palettes), so the speeds are the central
// differences `curves` gives at the clip's own rate and the values those of the frame at the
// playhead. Otherwise: the live instance's frame, without speeds. Invalid for a joint out of
// range or a probe that cannot bind or update.
ui::JointInspectorValues inspect_joint(const ViewerScene& scene, anim::CharacterInstance& probe,
                                       int joint, anim::EulerOrder order);

}  // namespace app
