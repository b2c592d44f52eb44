#pragma once
// Foot contacts: when each foot is planted. A clip states them with markers named
// foot_l_down / foot_l_up / foot_r_down / foot_r_up (heel-strike and toe-off times); clips
// without them (most imports) get them detected from the heel's and toe's height and speed.
// Foot locking reads them per frame; the timeline shows them; sync can use them as events.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/foot_ik.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"

namespace anim {

enum class FootSide { Left, Right };

// "foot_l_down" / "foot_r_down": the marker at a heel strike (the foot becomes planted).
std::string_view contact_down_marker(FootSide side);
// "foot_l_up" / "foot_r_up": the marker at a toe-off (the foot leaves the ground).
std::string_view contact_up_marker(FootSide side);

// The prefix of a biped foot's markers: "foot_l" / "foot_r". Any leg of a rig has one
// (Leg::contact_name: a quadruped's are foot_fl, foot_fr, foot_hl, foot_hr); its markers are the
// prefix followed by "_down" and "_up".
std::string_view contact_name(FootSide side);

// The contact name of legs[index]: its contact_name, or for a leg without one the biped's
// (foot_l for the first leg, foot_r for the second); empty past those.
std::string_view leg_contact_name(std::span<const Leg> legs, std::size_t index);

// Whether the clip's markers give this foot's contacts (at least one down or up marker).
bool has_contact_markers(const Clip& clip, FootSide side);
bool has_contact_markers(const Clip& clip, std::string_view contact_name);

// Whether the foot is planted at time_s according to the clip's markers: the latest of its
// down and up markers at or before time_s decides. Before the first marker, a looping clip
// continues from the last marker of the cycle and a non-looping clip takes the opposite of the
// first marker. False when the clip has no markers for this foot. No allocation.
bool foot_planted_at(const Clip& clip, FootSide side, float time_s);
bool foot_planted_at(const Clip& clip, std::string_view contact_name, float time_s);

// One foot's contact markers in a clip, measured once (contact_timeline) so that a frame asks
// whether the foot is planted without scanning every marker by name: the same answers as
// foot_planted_at.
struct ContactTimeline {
  std::vector<float> times_s;         // the foot's down and up markers' times, in order
  std::vector<std::uint8_t> plants;   // per marker: 1 for a down marker, 0 for an up one
  bool planted_before_first = false;  // what holds before the first marker

  bool planted_at(float time_s) const;
};

// The timeline of the foot named contact_name in clip. Allocates: made when a clip is bound.
ContactTimeline contact_timeline(const Clip& clip, std::string_view contact_name);

// How long (seconds of the clip) the foot stays planted from time_s: to its next up marker,
// round the loop's end for a looping clip; -1 when it is not planted at time_s or no up marker
// ends the contact. No allocation.
float contact_time_left(const Clip& clip, std::string_view contact_name, float time_s);

struct ContactDetectionSettings {
  // A sole point is low enough to be planted when it is within this height of the lowest
  // height it reaches in the clip ...
  float height_tolerance_m = 0.01f;
  // ... or within this share of its height range over the clip, when that is more: the planted
  // foot of a hand-keyed or stylised walk sinks and rolls by a few percent of the leg.
  float height_share = 0.15f;
  // ... and slow enough when, over a frame, its velocity differs from the ground's (which has
  // no vertical part) by less than this. The ground's own speed is measured (the typical
  // speed of low sole points), so in-place clips, whose planted feet slide backwards, work as
  // well as clips that carry root motion.
  float speed_tolerance_m_s = 0.1f;
  // When the ground moves (an in-place clip), a planted foot may also differ from it by this
  // share of the ground's speed: hand-keyed feet rarely keep the ground's pace exactly (the
  // Fox's stop mid-contact), while a swinging foot moves against the ground, twice as far off.
  float ground_slip_share = 1.0f;
  // Shorter contacts are dropped (a toe brushing the ground), unless all are (see detect_contacts).
  float min_contact_s = 0.08f;
  // The tolerances above are for a leg of kReferenceLegLength (a human's, in metres). When
  // leg_length is positive they scale with it, so a fox authored in centimetres or a mouse in
  // metres is judged by its own size; detect_foot_contact_markers measures it from the rest pose
  // when it is left at zero.
  float leg_length = 0.0f;
};

inline constexpr float kReferenceLegLength = 0.9f;

// One planted interval of a foot: from heel strike (down_s) to toe-off (up_s). In a looping clip
// an interval may wrap: then up_s < down_s.
struct ContactInterval {
  float down_s = 0.0f;
  float up_s = 0.0f;
};

// Detects the planted intervals of one foot from its heel and toe positions (model space, Y-up)
// sampled every frame_s seconds from the start of the clip to its very end: for a looping clip
// the last sample is the first pose again, moved on by the clip's root motion, and the frames
// wrap around (the last frame is followed by the first). The foot is planted over a frame while
// its heel or its toe is planted (low and slow, as above, at both ends of the frame); a contact
// runs from the start of its first planted frame to the end of its last, so heel strikes and
// toe-offs are found within one frame. A foot planted over every frame gives no interval; one whose
// contacts are all under min_contact_s keeps its longest if it lasts half that (a run's stance).
// heel and toe must have the same size (at least 3) and frame_s must be positive, else: empty.
std::vector<ContactInterval> detect_contacts(std::span<const glm::vec3> heel,
                                             std::span<const glm::vec3> toe, float frame_s,
                                             bool loop, const ContactDetectionSettings& settings);

// The mean length of the legs in the rest pose, thigh to ankle (model units); 0 when it cannot
// be measured. Contact detection and ground motion scale their tolerances with it.
float rest_leg_length(const Skeleton& skeleton, std::span<const Leg> legs);

// The heel and toe paths of each leg over a clip, in model space, sampled evenly at about the
// clip's source frame rate from its start to its very end (frames + 1 samples; for a looping
// clip the last is the first pose again, moved on by any root motion the pose keeps).
struct SolePaths {
  float frame_s = 0.0f;
  std::vector<std::vector<glm::vec3>> heels;  // per leg, per sample
  std::vector<std::vector<glm::vec3>> toes;
  std::size_t frames() const { return heels.empty() ? 0 : heels.front().size() - 1; }
};

// Samples the sole paths of legs over clip. With remove_root_motion set, the pose is sampled as
// the player shows it (the extracted root motion removed), so the paths are what a viewer sees
// in place. Not for the per-frame path (it allocates). Empty (frame_s 0) when there are no legs,
// a leg's foot or toes is not a joint of skeleton, or the clip is empty.
SolePaths sample_sole_paths(const Skeleton& skeleton, const Clip& clip, std::span<const Leg> legs,
                            const RootMotionSettings* remove_root_motion = nullptr);

// One leg's heel and toe points (model space, Y-up) sampled every frame_s seconds, as
// detect_contacts takes them.
struct SolePoints {
  std::span<const glm::vec3> heel;
  std::span<const glm::vec3> toe;
};

// The velocity of the ground under a clip, as its soles show it: per axis, the median velocity of
// the legs' heel and toe points over the frames where they stay low (within the height
// tolerances above, scaled by settings.leg_length). Zero for a clip that carries root motion
// (planted soles stand still); the walking velocity backwards for one that plays in place. The
// median, not the mean, so the low ends of swings and a foot sliding into place do not pull it.
// y is 0. Legs whose spans differ in size or hold fewer than 3 points are skipped; zero when
// none is left or frame_s is not positive.
glm::vec3 ground_velocity(std::span<const SolePoints> legs, float frame_s,
                          const ContactDetectionSettings& settings);

// The ground velocity (x, z in metres per second) under clip as ground_velocity measures it from
// the legs' soles, sampled as detect_foot_contact_markers samples them (leg_length measured from
// the rest pose when settings leave it at zero). Zero when the legs or the clip cannot be
// measured (see detect_foot_contact_markers). Allocates.
glm::vec2 clip_ground_velocity(const Skeleton& skeleton, const Clip& clip,
                               std::span<const Leg> legs,
                               const ContactDetectionSettings& settings = {});

// Samples clip at about its source frame rate (evenly, from start to end), measures the legs' heel
// and toe points and returns the detected markers, sorted by time, named by each leg's
// contact_name (a leg without one: foot_l for legs[0], foot_r for legs[1], as in a FootIkRig of a
// biped), e.g. foot_l_down, foot_l_up, foot_r_down, foot_r_up. Not for the per-frame path (it
// allocates). Returns no markers when there are no legs or more than kMaxFootIkLegs, a leg's foot
// or toes is not a joint of skeleton, or the clip is empty.
std::vector<Marker> detect_foot_contact_markers(const Skeleton& skeleton, const Clip& clip,
                                                std::span<const Leg> legs,
                                                const ContactDetectionSettings& settings = {});

}  // namespace anim
