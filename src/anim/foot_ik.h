#pragma once
// Foot IK on uneven ground: per frame, for each leg, probe the terrain under the heel and the
// toe, carry the animated foot from the clip's flat ground onto the terrain (keeping its lift
// above the ground and aligning it to the ground normal), lock planted feet where they landed,
// lower the pelvis (smoothed by a critically damped spring) so the lower foot can reach, and
// solve each leg with two-bone IK. The caller owns the poses and the small per-character state;
// solve_foot_ik never allocates.
//
// Spaces: the pose is in model space; world_from_model places the character on the terrain,
// which lives in world space (Y-up, metres). The clip's ground is the model's y = 0 plane, so
// world_from_model is expected to be a translation plus a turn about +Y (root motion gives
// exactly that) with a positive uniform scale. Its height is best the ground's under the root,
// smoothed over stairs (terrain.h's smoothed_height), so the pelvis spring has little to do.
//
// Locking works in world space: it keeps a planted foot still on the ground while the character
// moves through the world (root motion applied). A character kept in place stands on a treadmill
// of its own clip: the ground runs back under it by the step it did not take, and the caller
// moves the locks with that ground each frame (run_ground_under_locks), so a planted foot runs
// back with the ground instead of staying where it landed while the body treads on.
//
// Feet land where the animation puts them (there is no footstep planning): a foot across a
// stair's edge rests level on the higher tread, its heel over the lower one.

#include <array>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/terrain.h"
#include "anim/transform.h"

namespace anim {

// The most legs one rig has (a quadruped), so per-leg state fits in fixed arrays.
inline constexpr int kMaxFootIkLegs = 4;

// One leg: its joints and the two sole points that touch the ground. The heel point is given in
// the foot joint's space and the toe point in the toes joint's space, so both follow the
// animation (the toes bend at toe-off).
struct Leg {
  int thigh = -1;
  int calf = -1;
  int foot = -1;
  int toes = -1;
  glm::vec3 heel_in_foot{0.0f};
  glm::vec3 toe_in_toes{0.0f};
  // The model-space direction the knee bends toward when the animated leg is straight (a rest
  // T-pose), where the animated knee gives no side to keep.
  glm::vec3 knee_forward{0.0f, 0.0f, 1.0f};
  // False when the foot is not below the calf (a rig whose feet hang from the root): then the
  // calf's chain ends at ankle_in_calf (a point in the calf's space, where the foot rests), IK
  // aims the calf there and the foot joint itself is placed on the target.
  bool foot_attached = true;
  glm::vec3 ankle_in_calf{0.0f};
  // A quadruped's front leg: the chest, not the pelvis, carries it down to the ground.
  bool front = false;
  // The prefix of the leg's contact markers ("foot_l" gives foot_l_down and foot_l_up).
  std::string contact_name;
};

// What the solver would otherwise read from the skeleton every frame, found once when the rig
// is bound to its skeleton (a rig is built for one skeleton, so it stays true). The solver uses
// it only while the rig's joints and the skeleton's size are those bound; otherwise (a rig built
// by hand, or changed since) it checks and measures the rig each frame, as without a binding.
struct FootIkRigBinding {
  int joint_count = 0;  // the skeleton's when bound; 0: not bound
  // The rig's joints when bound: pelvis, then per leg thigh, calf, foot and toes.
  int pelvis = -1;
  std::array<std::array<int, 4>, kMaxFootIkLegs> legs{};
  std::array<bool, kMaxFootIkLegs> feet_attached{};
  int leg_count = 0;
  // The end of the joint range [pelvis, end) that holds the pelvis and every joint below it,
  // and per leg of [thigh, end) likewise; -1 where they are not one range (see
  // contiguous_subtree_end).
  int pelvis_subtree_end = -1;
  std::array<int, kMaxFootIkLegs> thigh_subtree_ends{};
};

// The legs of a character and the joint that carries the upper body (moved down when a foot
// must reach lower ground). Built once per skeleton.
struct FootIkRig {
  int pelvis = -1;
  std::vector<Leg> legs;
  // For a quadruped: the joint where the front legs attach, and the spine joint below it that
  // turns (about its own position) so the chest follows the front feet while the pelvis follows
  // the hind ones. -1 when the pelvis carries every leg.
  int chest = -1;
  int spine_base = -1;
  // Unbound in a rig built by hand; bind_foot_ik_rig fills it (CharacterInstance binds its rig).
  FootIkRigBinding binding;
};

// Checks the rig (validate) and, when it is valid, fills its binding. Returns validate's answer;
// an invalid rig is left unbound.
std::string bind_foot_ik_rig(const Skeleton& skeleton, FootIkRig& rig);

// Builds a leg whose sole points are measured in standing_model, the model-space matrices of a
// pose in which the foot stands flat on the plane y = ground_height_m (usually the rest pose):
// the heel is the ground point straight below the foot joint, the toe the ground point straight
// below the toes joint. Indices are taken as given; validate checks them.
Leg make_leg(std::span<const glm::mat4> standing_model, int thigh, int calf, int foot, int toes,
             float ground_height_m = 0.0f);

// Finds a biped's legs by the joint names common rigs use, so foot IK and contact detection
// work on imported characters: thigh (thigh, UpLeg, UpperLeg), calf (calf, shin, LowerLeg, Leg,
// knee), foot (foot, ankle) and toes (toe, ToeBase, ball), on the left (left, l) and the right
// (right, r) side, as in thigh_l, mixamorig:LeftUpLeg, thigh.L or "Bip01 L Thigh"; case is
// ignored, and twist, roll and IK helper joints are skipped. The pelvis is the nearest joint
// above both thighs. Sole points come from standing_model as in make_leg. Returns a rig with
// legs[0] left and legs[1] right that passes validate, or a rig without legs and the cause in
// *error (naming the joint not found) when the skeleton is not recognized.
FootIkRig find_biped_rig(const Skeleton& skeleton, std::span<const glm::mat4> standing_model,
                         float ground_height_m = 0.0f, std::string* error = nullptr);

// Checks the rig against the skeleton: 1 to kMaxFootIkLegs legs, every joint in range, each
// leg's calf below its thigh, foot below its calf (unless not attached) and toes below or equal
// to its foot, the pelvis above every thigh, and a chest (when set) below its spine base, that
// below the pelvis, and above every front leg. Returns an empty string when valid, otherwise the
// cause naming the leg and joint.
std::string validate(const Skeleton& skeleton, const FootIkRig& rig);

// The nearest joint at or above the rig's pelvis that carries every foot: the pelvis itself on
// most rigs; the common ancestor where feet hang outside it (RobotExpressive's, from the root).
// -1 when the rig has no pelvis.
int feet_carrier(const Skeleton& skeleton, const FootIkRig& rig);

// The model-space heel and toe points of a leg in a model pose.
glm::vec3 heel_point(const Leg& leg, std::span<const glm::mat4> model);
glm::vec3 toe_point(const Leg& leg, std::span<const glm::mat4> model);

struct FootIkSettings {
  // 0 leaves the animation untouched, 1 applies foot IK fully (the live toggle).
  float weight = 1.0f;
  // Turn the feet to the ground normal (otherwise only their height follows the ground).
  bool align_to_ground = true;
  // Keep a planted foot where it landed while its contact lasts.
  bool lock_feet = true;
  // Half-life of the pelvis spring: the time in which half of a change in the pelvis offset is
  // made up. Smaller follows the ground faster; larger hides steps better.
  float pelvis_halflife_s = 0.1f;
  // Half-life of a lock's release: how fast a lifted foot returns to its animated path.
  float lock_release_halflife_s = 0.08f;
  // Passed to two-bone IK: where the legs' soft reach starts (see TwoBoneIkGoal).
  float soft_fraction = 0.01f;
  // A lock pivots on the lower of heel and toe; it switches only when the other point is lower
  // by more than this, so a flat foot does not flicker between them.
  float pivot_switch_m = 0.003f;

  bool operator==(const FootIkSettings&) const = default;
};

// Per-leg locking state.
struct FootLock {
  bool locked = false;
  bool pivot_on_toe = false;        // the locked point: heel (false) or toe (true)
  glm::vec2 locked_pivot_xz{0.0f};  // world x, z where the locked point stays
  glm::vec2 offset_xz{0.0f};        // world x, z shift applied to the animated foot
  glm::vec2 offset_velocity{0.0f};  // of offset_xz, for a smooth release
};

// The state one character carries between frames. A default-constructed state starts fresh:
// the first frame places the pelvis without smoothing. Reset it (assign {}) after a teleport.
struct FootIkState {
  bool started = false;
  float pelvis_offset_m = 0.0f;
  float pelvis_velocity = 0.0f;
  float chest_offset_m = 0.0f;  // the front legs' hip offset, as the pelvis's (quadrupeds)
  float chest_velocity = 0.0f;
  std::array<FootLock, kMaxFootIkLegs> locks{};
};

// Plain data for a debug draw, in world space.
struct FootDebug {
  glm::vec3 heel_ground{0.0f};  // terrain point under the heel
  glm::vec3 toe_ground{0.0f};   // terrain point under the toe
  glm::vec3 ground_normal{0.0f, 1.0f, 0.0f};
  glm::vec3 ankle_target{0.0f};  // where IK sends the foot joint
  glm::vec3 locked_point{0.0f};  // where the locked pivot stays (meaningful while locked)
  bool in_contact = false;
  bool locked = false;
  bool reached = false;  // the leg reached its target
};

struct FootIkDebug {
  int leg_count = 0;
  float pelvis_offset_m = 0.0f;  // world metres, after smoothing and the reach limit
  std::array<FootDebug, kMaxFootIkLegs> feet{};
};

// Moves each locked foot's world point, and the shift a released foot is still easing out of,
// by ground_motion (world to world): for a character held in place at world_from_model while its
// clip steps by S, world_from_model * inverse(S) * inverse(world_from_model). Call it before
// solve_foot_ik's frame.
void run_ground_under_locks(FootIkState& state, const Transform& ground_motion);

// The ground_motion of run_ground_under_locks for a character held in place at world_from_model
// while its clip steps by step (a model-space transform, unit rotation, unit scale):
// world_from_model * inverse(step) * inverse(world_from_model), for the unit rotation and
// positive uniform scale world_from_model has here. Written out as R (p - t) + t - s r q^-1 a,
// with R = r q^-1 r^-1 (world t, r, s; step a, q), so that it takes no square root or division
// (composing the transforms takes two of each and six divisions); it agrees with the composed
// transforms to float rounding, not bit for bit.
Transform treadmill_motion(const Transform& world_from_model, const Transform& step);

// Runs foot IK for one frame. local is the animated local pose (read, then corrected in place);
// model is caller-owned scratch of the skeleton's size which on success holds the model pose of
// the corrected local pose. contacts holds, per leg, whether the foot is planted (from the
// clip's markers or detection, see foot_contact.h); empty means no foot is planted. dt_s is the
// frame time (0 keeps the springs where they are). debug, when given, receives the frame's
// probes, targets and contacts.
// Fails (writing nothing) when local or model is not the skeleton's size, contacts is neither
// empty nor one per leg, dt_s is negative or not finite, world_from_model is not finite or its
// scale is not positive, or the rig is invalid (it is checked with a light test each frame;
// call validate once for the full one, or bind_foot_ik_rig, which also spares a rig whose
// binding holds the light test).
JobResult solve_foot_ik(const Skeleton& skeleton, const FootIkRig& rig,
                        const FootIkSettings& settings, const Terrain& terrain,
                        const Transform& world_from_model, std::span<const bool> contacts,
                        float dt_s, FootIkState& state, std::span<Transform> local,
                        std::span<glm::mat4> model, FootIkDebug* debug = nullptr);

// solve_foot_ik for a caller whose model already holds the model pose of local (a frame that
// warped its pose first): the same, less the local_to_model that solve_foot_ik starts with.
// foot_shifts (model space, one per leg, or empty) moves each animated foot before it is fitted
// to the ground, as stride warping asks (its legs then solved once, here). The terrain comes as
// a prober, which a caller solving every frame keeps while its terrain stays the same. Fails
// also when foot_shifts is neither empty nor one per leg.
JobResult solve_foot_ik_on_model(const Skeleton& skeleton, const FootIkRig& rig,
                                 const FootIkSettings& settings, const GroundProber& ground,
                                 const Transform& world_from_model, std::span<const bool> contacts,
                                 float dt_s, FootIkState& state, std::span<Transform> local,
                                 std::span<glm::mat4> model, std::span<const glm::vec3> foot_shifts,
                                 FootIkDebug* debug = nullptr);

}  // namespace anim
