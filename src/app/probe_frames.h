#pragma once
// Frames of the previewed clip composed through a probe instance, apart from the live scene (its
// clock, pose and history stay as they are): the joint inspector, the motion trails and the
// curve view read their joints' values from these, as `animview curves` reads the live scene's.

#include <span>
#include <string>
#include <vector>

#include "anim/character_instance.h"
#include "anim/joint_motion.h"
#include "app/viewer_scene.h"

namespace app {

// The instance that composes those frames, and which of the scene's post-process stacks it runs.
struct FrameProbe {
  anim::CharacterInstance instance;
  int post_process_revision = -1;  // the scene's post_process_revision it took the stack at
};

// What a probe composes frames for: the binding, the clip and the joints read. A probe that
// fails fails again on every frame for the same key, so its failure is reported once per key.
struct ProbeKey {
  const void* character = nullptr;    // the bound character (a rebind or load makes a new one)
  const anim::Clip* clips = nullptr;  // the bound clips
  int clip = -1;
  std::vector<int> joints;  // all of them: another set is another key, whatever joint it ends on
  bool operator==(const ProbeKey&) const = default;
};

// The key of what scene's probes compose for joints now: its binding, clips and previewed clip.
ProbeKey probe_key(const ViewerScene& scene, std::span<const int> joints);

// Whether a probe failing for key reports its failure: when reported (the key it last reported
// for) is another, which key then becomes; false for a failure already reported.
bool first_failure_for(const ProbeKey& key, ProbeKey& reported);

// Composes clip (index into the scene's clips()) at clip_time_s through probe, bound to the
// scene's character when it is not yet, with the scene's settings and post-process stack but no
// skinning palettes. Returns "" or why the probe could not bind, take the settings or update.
[[nodiscard]] std::string compose_probe_frame(const ViewerScene& scene, FrameProbe& probe, int clip,
                                              float clip_time_s);

// The same through character and graph, another binding of the scene's character and project
// (its clips stored exactly while the scene's are compressed).
[[nodiscard]] std::string compose_probe_frame(const ViewerScene& scene,
                                              const anim::BoundCharacter& character,
                                              const anim::GraphBinding& graph, FrameProbe& probe,
                                              int clip, float clip_time_s);

// joint's sampled values (local transform, model position) in instance's last frame, at time_s.
anim::JointMotionFrame read_joint(const anim::CharacterInstance& instance, int joint, float time_s);

}  // namespace app
