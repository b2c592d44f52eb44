#pragma once
// Ground motion: root motion synthesised from the feet for clips that play in place. An in-place
// walk slides its planted feet backwards under a body that stays put, so the world transform
// never moves and foot locking (which holds feet still in the world) cannot hold them. Measuring
// how fast the planted soles slide gives the speed the character would travel at: moving the
// character forward by that much cancels the slide, and locking then only removes what is left.
// Built once per clip when a character is bound (it allocates); played per frame without
// allocation, as a translation-only RootMotionDelta (the facing never turns).

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/foot_contact.h"
#include "anim/foot_ik.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"

namespace anim {

// The character's displacement over one pass of a clip, in model space (the clip's own frame,
// ground plane only: y is 0): displacement[i] at time i * frame_s, displacement[0] = 0 and the
// last at the clip's end (for a looping clip, one whole cycle's travel). Empty when the clip has
// root motion of its own or its feet do not travel (an idle).
struct GroundMotion {
  float frame_s = 0.0f;
  bool loop = true;
  std::vector<glm::vec3> displacement;

  bool empty() const { return displacement.size() < 2; }
  float duration_s() const {
    return empty() ? 0.0f : frame_s * static_cast<float>(displacement.size() - 1);
  }
  // The mean ground speed over the clip (model units per second).
  float mean_speed() const;
};

struct GroundMotionSettings {
  // A clip whose root travels more than this share of the leg over the clip has root motion of
  // its own, and keeps it ...
  float own_travel_share = 0.1f;
  // ... and so does a clip whose root turns by more than this (radians) over the clip.
  float own_turn_rad = 0.1f;
  // Feet that slide slower than this (ContactDetectionSettings' speed tolerance, scaled with the
  // leg in the same way) belong to a clip that stands: an idle, a turn on the spot.
  float min_speed_m_s = 0.1f;
  // ... and so do feet that travel less than this many leg lengths over the clip: a gait's cycle
  // is two steps, each well over half a leg, while an action on the spot (an attack, a hit
  // reaction with a step) slides its feet by a fraction of one (the Knight's: 0.6 at most).
  float min_travel_legs = 1.0f;
  // Half-width of the moving average over the per-frame speeds (frames): the planted feet of a
  // hand-keyed clip slide unevenly, and the body should not jerk with them.
  int smoothing_frames = 1;
  ContactDetectionSettings contacts;
};

// Synthesises the ground motion of clip: the pose is sampled as the player shows it (the root
// motion of root_motion removed), each leg's contacts are detected (detect_contacts), and over
// each frame the ground moves by the mean slide of the planted legs' lower sole point, reversed.
// Frames with no foot planted (a gallop's flight) take the speeds on either side, blended
// linearly; then the speeds are smoothed. Empty when the clip carries its own root motion (see
// GroundMotionSettings), is not a gait (a leg that never both lands and lifts), its feet do not
// travel, or the legs or clip are unusable (as for sample_sole_paths).
GroundMotion synthesize_ground_motion(const Skeleton& skeleton, const Clip& clip,
                                      std::span<const Leg> legs,
                                      const RootMotionSettings& root_motion,
                                      const GroundMotionSettings& settings = {});

// The ground motion of every clip (one per clip, in order; empty ones for clips with root motion
// of their own), for a character with rig's legs whose root motion is measured at
// root_motion_joint (a BoundCharacter's foot_ik_rig and root_motion_joint).
std::vector<GroundMotion> synthesize_ground_motions(const Skeleton& skeleton,
                                                    std::span<const Clip> clips,
                                                    const FootIkRig& rig, int root_motion_joint,
                                                    const GroundMotionSettings& settings = {});

// The step the ground motion makes when playback goes from time_s to time_s + delta_time_s
// (unwrapped, as extract_root_motion: a looping clip adds a whole cycle per wrap, one that does
// not loop stops at its ends), with the axes that settings does not extract left out. Zero for an
// empty ground motion or a time that is not finite. No allocation.
RootMotionDelta extract_ground_motion(const GroundMotion& ground,
                                      const RootMotionSettings& settings, float time_s,
                                      float delta_time_s);

}  // namespace anim
