#pragma once
// The clips the audit tests (clip_audit_test, transition_audit_test) build for the small test
// biped (ik_biped.h): one second keyed on each of its 30 frames, moving the pelvis and the left
// thigh only.

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clip.h"

namespace anim::audit_clips {

constexpr float kFps = 30.0f;
constexpr int kFrames = 30;  // one second
constexpr float kTwoPi = 6.2831853f;

// The clip name: the pelvis at pelvis_at(frame, t_s), the left thigh swung thigh_at(t_s) radians
// about +X.
template <typename PelvisAt, typename ThighAt>
Clip biped_clip(const char* name, PelvisAt pelvis_at, ThighAt thigh_at) {
  Clip clip;
  clip.name = name;
  clip.duration_s = 1.0f;
  clip.source_fps = kFps;
  JointTrack pelvis{"pelvis", {}, {}, {}};
  JointTrack thigh{"thigh_l", {}, {}, {}};
  for (int f = 0; f <= kFrames; ++f) {
    const float t = static_cast<float>(f) / kFps;
    pelvis.translation.times_s.push_back(t);
    pelvis.translation.values.push_back(pelvis_at(f, t));
    thigh.rotation.times_s.push_back(t);
    thigh.rotation.values.push_back(glm::angleAxis(thigh_at(t), glm::vec3(1.0f, 0.0f, 0.0f)));
  }
  clip.tracks = {pelvis, thigh};
  return clip;
}

}  // namespace anim::audit_clips
