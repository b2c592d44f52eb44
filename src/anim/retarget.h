#pragma once
// Retargeting: a clip made for one skeleton played on another (a mocap walk on a game
// character), through the two skeletons' rigs (rig.h) rather than their joint names.
//
// A RetargetMap is built once per (source, target) pair. It pairs target joints with source
// joints by role (pelvis, spine by proportion, chest, neck, head, each limb by role, side and
// front), then by identical name for what the roles leave (fingers of rigs that share a naming),
// and brings the two skeletons to a common reference pose: the source's rest pose with each
// mapped limb bone turned to point where the target's rest pose points it (an A-pose source meets
// a T-pose target). Rotations then travel as model-space deltas from that reference, so the
// joints' own axis conventions never matter; the pelvis's translation travels scaled by the ratio
// of the legs' lengths about the model's origin (a clip's ground is the model's y = 0 plane); and
// an IK pass puts each target foot's lower sole point where the source's is, scaled the same way,
// while the source's foot is planted, so planted feet stay planted and on the ground on a
// differently proportioned body; and a foot that would go below the ground (swinging under a
// lowered pelvis) is lifted onto it. Building allocates; retarget_pose (the per-frame transfer)
// does not.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clip.h"
#include "anim/foot_ik.h"
#include "anim/job_result.h"
#include "anim/rig.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// How a limb's motion reaches the target (Unreal's IK Retargeter offers the same choice).
enum class ChainMode {
  // Rotations only (FK): the limb takes the source's rotations, wherever that puts its end.
  Rotation,
  // Rotations, then (legs) IK while the source's foot is planted, so it stays planted, and
  // whenever the foot would go below the ground.
  KeepContacts,
  // IK on every frame: a leg's lower sole point goes where the source's is
  // (scaled about the origin), an arm's hand where the source's is from its shoulder (scaled);
  // a leg is lifted as in KeepContacts.
  SourcePosition,
};
const char* to_string(ChainMode mode);

// Why a target joint follows the source joint it follows.
enum class RetargetVia { Role, Spine, Name, Correction };
const char* to_string(RetargetVia via);

// A user's correction: target joint (by name) takes source joint (by name); an empty source
// unmaps the target joint (it keeps its rest pose).
struct RetargetCorrection {
  std::string target_joint;
  std::string source_joint;
};

// A per-chain alignment adjustment (as Unreal's IK Retargeter's chain offsets): the target limb
// with this role, side and front is turned, as a whole about its upper joint, by rotation_deg
// (model-space Euler angles in degrees, applied about X, then Y, then Z) in the common reference
// pose. Every frame's rotations are deltas from that pose, so the limb keeps the turn throughout
// the clip: an arm that comes out too low is raised once, for every frame.
struct RetargetChainOffset {
  LimbRole role = LimbRole::Arm;
  LimbSide side = LimbSide::Left;
  bool front = false;
  glm::vec3 rotation_deg{0.0f};
};
// The rotation of an offset's Euler angles (X first, then Y, then Z, about the model's axes).
glm::quat chain_offset_rotation(const glm::vec3& rotation_deg);

struct RetargetOptions {
  // Pair joints the roles leave unmapped when both skeletons have a joint of that name.
  bool map_by_name = true;
  // Per-chain modes: arms follow by rotation, legs keep the source's contacts.
  ChainMode leg_mode = ChainMode::KeepContacts;
  ChainMode arm_mode = ChainMode::Rotation;
  // Applied last, in order.
  std::vector<RetargetCorrection> corrections;
  // Per-chain adjustments of the reference pose; a limb with none keeps its own alignment.
  std::vector<RetargetChainOffset> chain_offsets;
  // How long a planted foot's IK fades in before heel strike and out after toe-off (seconds),
  // so the leg does not pop between FK and IK.
  float contact_blend_s = 0.1f;
  // How far (a share of the target's leg length) a planted foot may follow its source's foot
  // across the ground during one contact before it is pinned: a foot that stands still in the
  // source comes back exactly, one that slides (a capture's pivot while it turns) stops there.
  // Infinity follows the source however it slides. Not used where the legs are in proportion
  // (RetargetMap::legs_in_proportion): there the feet follow the source.
  float planted_slide_share = 0.005f;
  // The legs with their sole points as the caller measures them (importer::foot_ik_rig measures
  // them on the mesh). Empty: measured on the rest pose, standing on its lowest leg joint.
  FootIkRig source_legs;
  FootIkRig target_legs;
  // The joint the target's own clips carry their ground travel on
  // (importer::find_root_motion_joint), or -1. When it is above the joint that carries the feet
  // (Cesium Man's unnamed root above its pelvis), the retargeted travel goes on it, so in-place
  // playback takes it off like the character's own clips' travel.
  int target_root_motion_joint = -1;
};

// One target joint's source: the model-space delta of source joint a, or between a and b
// (weight toward b) for a spine distributed by proportion. a = -1: unmapped (rest pose).
struct RetargetJoint {
  int source_a = -1;
  int source_b = -1;
  float weight_b = 0.0f;
  RetargetVia via = RetargetVia::Role;
  // Also carry the source's local translation and scale offsets (joints paired by name).
  bool carry_translation = false;
  // The source's or the target's joint is mirrored in its rest pose (a negative scale, as on
  // 3ds Max's nub joints), where a model-space rotation means nothing: its local rotation
  // travels instead, as an offset from the source's rest to the target's.
  bool mirrored = false;
};

// A limb of the target paired with a limb of the source, and how it follows.
struct RetargetChain {
  int target_limb = -1;  // index into target_rig.limbs
  int source_limb = -1;  // index into source_rig.limbs
  ChainMode mode = ChainMode::Rotation;
  int target_leg = -1;  // index into target_legs.legs for a leg, else -1
  int source_leg = -1;  // index into source_legs.legs for a leg, else -1
  // For an arm's IK target.
  float length_ratio = 1.0f;  // target limb length / source limb length
};

struct RetargetMap {
  Skeleton source;
  Skeleton target;
  Rig source_rig;
  Rig target_rig;
  FootIkRig source_legs;  // sole points measured on each rest pose
  FootIkRig target_legs;
  std::vector<RetargetJoint> joints;  // per target joint
  std::vector<int> unmapped;          // target joints that keep their rest pose
  std::vector<RetargetChain> chains;
  // The common reference: the source's local pose aligned to the target's rest (see above), and
  // per joint the inverse of its model rotation; per target joint its rest model rotation.
  std::vector<Transform> source_reference;
  std::vector<glm::quat> source_reference_inverse;
  std::vector<glm::quat> target_reference;
  // Turns the target's model frame onto the source's (about +Y: their facings may differ).
  glm::quat target_to_source{1.0f, 0.0f, 0.0f, 0.0f};
  // Target leg length / source leg length: how translations scale.
  float scale = 1.0f;
  float source_leg_length_m = 0.0f;
  float target_leg_length_m = 0.0f;
  // The pelvis's height above the soles in each rest pose: the pelvis moves up and down from
  // there (scaled), so a rig whose hips sit higher on its legs keeps them there.
  float source_pelvis_height_m = 0.0f;
  float target_pelvis_height_m = 0.0f;
  float contact_blend_s = 0.1f;
  // options.planted_slide_share of the target's leg; infinite when the legs are in proportion
  // (each bone the scaled source's), where planted feet follow the source as it is.
  float planted_slide_m = 0.0f;
  bool legs_in_proportion = false;
  // A target whose feet hang from outside the pelvis (RobotExpressive's, from the root): their
  // nearest common ancestor with the pelvis, which carries the pelvis's travel and heading on the
  // ground so that root motion taken from it moves (or keeps in place) the whole body. -1 when
  // the pelvis carries every foot.
  int target_carrier = -1;
  // The carrier stands at the hips and has a source joint (the root of a skeleton whose pelvis
  // hangs below it): it follows that joint, height and tilt included, rather than the ground.
  bool carrier_follows_source = false;
  // The carrier's rest model matrix relative to the pelvis's rest place on the ground.
  glm::mat4 carrier_on_ground{1.0f};
};

// Builds the map. Both rigs must have at least one leg and a pelvis (validate(skeleton, rig) is
// checked too), and as many legs as each other (a biped's clip is not played on a quadruped);
// otherwise the map is empty (no joints) and the cause is in *error, naming the side ("source" or
// "target") and what is missing. A correction naming an unknown joint, or legs in options that
// are not the rig's, are errors too.
RetargetMap make_retarget_map(const Skeleton& source, const Rig& source_rig, const Skeleton& target,
                              const Rig& target_rig, const RetargetOptions& options = {},
                              std::string* error = nullptr);

// Per target leg, for one frame: how much its foot is planted (0 to 1, the IK's weight) and
// where, as offsets (model space, across the ground) from the source's sole point (the heel, or
// the toe when it is the lower) scaled onto the target. retarget_clip sets the offset once per
// contact to where the target's own FK puts the foot on average, so a wider or narrower stance is
// kept while the foot moves exactly as the source's does (and so does not slide more than it).
struct RetargetContact {
  float weight = 0.0f;
  glm::vec3 heel_offset{0.0f};
  glm::vec3 toe_offset{0.0f};
};

// The per-frame transfer. source_local is a local pose of map.source; contacts holds one entry
// per target leg (map.target_legs.legs; empty: no foot is planted); source_model and
// target_model are caller-owned scratch of each skeleton's size, and on success target_model
// holds the model pose of target_local, the retargeted local pose of map.target. Never
// allocates. Fails (writing nothing to target_local) when a span has the wrong size, a contact
// is not finite, or the map is empty.
JobResult retarget_pose(const RetargetMap& map, std::span<const Transform> source_local,
                        std::span<const RetargetContact> contacts,
                        std::span<glm::mat4> source_model, std::span<Transform> target_local,
                        std::span<glm::mat4> target_model);

// The clip retargeted onto map.target: sampled at the clip's frame rate from start to end, each
// frame through retarget_pose with the source's foot contacts (its markers, or detected with
// detect_foot_contact_markers), written as linear keys on every target joint. Contact markers
// are renamed to the target's legs; other markers are kept; morph weight tracks are kept as they
// are (bound by node and target name on the target). Allocates. Returns an empty clip
// (no tracks) and the cause in *error when the map is empty or the clip has no duration.
Clip retarget_clip(const RetargetMap& map, const Clip& clip, std::string* error = nullptr);

// The clip with its feet's contacts: its own contact markers, else those detected on the
// source's legs (detect_foot_contact_markers). Allocates.
Clip with_source_contacts(const RetargetMap& map, const Clip& clip);

}  // namespace anim
