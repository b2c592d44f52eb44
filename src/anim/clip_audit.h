#pragma once
// The clip library audit's measures of one clip (`animview audit`): its timing and keys, broken
// keys (NaN, infinite, denormal, quaternion sign flips), root motion, loop seam, pops, foot
// slide, compression error, scale against the character, naming and required markers, each
// fault a Finding graded by AuditRules. Reuses the viewer's measures (loop_seam, motion_pops,
// foot_contact, foot_slide, compression_report). Not for the per-frame path (it allocates).

#include <limits>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/audit_finding.h"
#include "anim/clip.h"
#include "anim/foot_ik.h"
#include "anim/skeleton.h"

namespace anim {

// A clip name rule: names of clips must match pattern (ECMAScript regular expression, whole
// name); a clip that does not gets a naming finding with message.
struct NamingRule {
  std::string pattern;
  std::string message;
  Severity severity = Severity::kWarning;
};

// Clips whose name matches clips (regular expression, searched) must hold every marker named.
struct MarkerRule {
  std::string clips;
  std::vector<std::string> markers;
  Severity severity = Severity::kWarning;
};

// The audit's thresholds and rules. Lengths are in metres (the audit converts the character's
// units first), so one rule file serves a library of mixed units.
struct AuditRules {
  // A pop's size: the displacement of a key that would kink the path as much (acceleration
  // times frame time squared over 2), so mocap at 120 fps is judged as keys at 30 fps are.
  Threshold pop_m{0.02f, 0.10f};
  Threshold seam_m{0.01f, 0.05f};           // loop seam: pose difference across the wrap
  Threshold seam_velocity_m_s{0.5f, 2.0f};  // loop seam: joint velocity difference
  Threshold slide_leg_share{0.03f, 0.10f};  // mean slide per planted step, share of leg
  Threshold compression_m{0.005f, 0.02f};   // largest error of the compressed clip
  Threshold mirror_m{0.03f, 0.10f};         // mirror pair: pose difference
  Threshold scale_ratio{1.5f, 5.0f};        // bone lengths against the rest pose's (or inverse)
  // A transition's best entry from one clip into another: the pose-and-velocity distance
  // (anim/transition_audit.h) as a share of the character's height. No error by default: a
  // library may hold poses nothing joins.
  Threshold transition_height_share{0.25f, std::numeric_limits<float>::infinity()};
  float duplicate_m = 0.001f;              // clips within this everywhere are duplicates
  Severity sign_flip = Severity::kInfo;    // quaternion keys that change hemisphere
  Severity denormal = Severity::kWarning;  // NaN and infinite keys are always errors
  // Clips named like this are loops, whose seam is measured (ECMAScript, searched).
  std::string loop_names = "[Ll]oop|[Cc]ycle|[Ww]alk|[Rr]un|[Jj]og|[Ii]dle";
  // ... unless also named like this: a start, stop, jump or change of gait is a one-shot
  // (WalkJump, Run_Stop, WalkToRun).
  std::string one_shot_names = "[Jj]ump|[Ss]tart|[Ss]top|[a-z]To[A-Z]|_[Tt]o_|[Tt]ransition";
  std::vector<NamingRule> naming;
  std::vector<MarkerRule> markers;
  float pop_median_factor = 8.0f;  // a pop also exceeds this many times the median acceleration
};

// What the audit knows of the character the clips play on.
struct AuditCharacter {
  const Skeleton* skeleton = nullptr;
  std::span<const Leg> legs;     // may be empty: then no foot slide
  int root_joint = 0;            // the joint that carries root motion (the pelvis)
  float metres_per_unit = 1.0f;  // the character's unit, so the measures are in metres
  // Per joint, whether it is measured for seams, pops and mirrors: the joints that move the
  // mesh, not IK targets and controls that animate freely (empty: every joint).
  std::span<const bool> measured;
  // The body's main joints (pelvis, spine, neck, head and the limbs down to hands and feet), by
  // which loop seams and transitions are judged: thirty finger joints would otherwise outweigh
  // the legs (empty: every measured joint).
  std::span<const int> body;
};

// One clip's measures (metres, seconds) and findings, and per-frame series for the report's plots.
struct ClipAudit {
  std::string name;
  float duration_s = 0.0f;
  float fps = 0.0f;
  int frames = 0;
  int keys = 0;
  float keys_per_second = 0.0f;
  int channels = 0;           // joint channels (translation, rotation, scale) with keys
  int animated_channels = 0;  // of those, the ones whose value changes
  bool loop = false;          // named as a loop (rules.loop_names): its seam is measured
  float root_travel_m = 0.0f;
  float root_turn_deg = 0.0f;
  float root_speed_m_s = 0.0f;  // mean ground speed of the root joint
  float root_turn_rate_deg_s = 0.0f;
  float seam_m = 0.0f;
  float seam_velocity_m_s = 0.0f;
  float max_acceleration_m_s2 = 0.0f;
  float worst_slide_leg_share = 0.0f;
  float compression_error_m = 0.0f;
  std::size_t key_bytes = 0;
  std::size_t compressed_bytes = 0;
  float scale_ratio = 1.0f;  // the clip's highest root height over the rest pose's
  std::vector<Finding> findings;
  // Per frame (frames + 1 values): root ground speed, largest joint acceleration (in place), and
  // per leg the slide of the planted foot over that frame.
  std::vector<float> root_speed_series;
  std::vector<float> acceleration_series;
  std::vector<std::vector<float>> slide_series;
};

// The model-space joint positions of a clip (metres) sampled at its source rate from 0 to its
// duration (frames + 1 samples), with root motion removed (in place) and, for the root, kept.
struct ClipFrames {
  float frame_s = 0.0f;
  int frames = 0;
  int joints = 0;
  std::vector<glm::vec3> in_place;  // frame-major: [frame * joints + joint]
  std::vector<glm::vec3> root;      // the root joint with its motion, per frame
  const glm::vec3& at(int frame, int joint) const { return in_place[frame * joints + joint]; }
};

// The frames of clip on character (empty, frames 0, when the clip or skeleton cannot be sampled).
ClipFrames sample_clip_frames(const Clip& clip, const AuditCharacter& character);

// Audits one clip; frames must be sample_clip_frames of it.
ClipAudit audit_clip(const Clip& clip, const ClipFrames& frames, const AuditCharacter& character,
                     const AuditRules& rules);

}  // namespace anim
