#pragma once
// Whether a clip keeps a biped standing: its torso upright and at least one thigh pointing down,
// at every moment of the clip. Sits (thighs level), lies, falls and rolls (torso level) leave
// it; walks, runs, turns, idles, gestures and most actions keep it. Motion matching's default
// database is the standing clips: asked to stand still or walk, a search over every clip can
// pick a sit or a death, which also match "no travel".
// Measured by direction, not height: a library's walks can carry the hips lower than its sits
// (KayKit's Knight walks with its hips at 0.71 of their rest height over its feet, and lies on
// a bed at 0.87), and a run's flight lifts both feet.
// Allocates (a pose and a cache): measured once per clip when a database is set up.

#include "anim/clip.h"
#include "anim/rig.h"
#include "anim/skeleton.h"

namespace anim {

// The least upright a clip gets (sampled at 30 Hz and at its end): the cosine of the torso's
// angle from vertical (pelvis to head) and of the more upright thigh's angle from straight down
// (hip to knee), each the lowest over the clip.
struct Stance {
  float torso = 1.0f;
  float thigh = 1.0f;
};

// A standing torso leans at most 60 degrees, a standing thigh at most about 72 (a run's back
// kick, a lunge); a chair sit's thighs lie within 6 degrees of level, a lying torso near level.
constexpr float kStandingTorso = 0.5f;
constexpr float kStandingThigh = 0.3f;

// The clip's stance on rig's two legs (a biped's; its head, else neck, else chest, else last
// spine joint tops the torso). {1, 1} (standing: nothing measured) when the rig has not two legs
// or no torso joint, or a joint is not in the skeleton.
Stance measure_stance(const Skeleton& skeleton, const Rig& rig, const Clip& clip);

inline bool stands(const Stance& stance) {
  return stance.torso >= kStandingTorso && stance.thigh >= kStandingThigh;
}

}  // namespace anim
