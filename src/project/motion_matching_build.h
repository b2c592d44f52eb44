#pragma once
// Builds a motion-matching database from a loaded character: finds the feet, hips and root
// joints with the rig finder, binds the chosen clips and hands them to
// anim::build_motion_matching_database. Shared by the viewer, `animview mm-build`, the tests and
// the benchmark, so they all build the same database from the same clips.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/foot_ik.h"
#include "anim/motion_matching_controller.h"
#include "anim/motion_matching_database.h"
#include "anim/standing_clips.h"
#include "import/character.h"

namespace project {

struct MotionMatchingBuildOptions {
  // Per clip of the character: nonzero to include it; empty includes every clip.
  std::vector<std::uint8_t> clip_included;
  // Also add a mirrored copy of every clip (features swapped left/right; see
  // anim::DatabaseSource), played from the clip mirrored with the skeleton's left/right table
  // (MotionMatchingBuild::mirrored_clips).
  bool mirrored = false;
  // Each clip is sampled this many times, at evenly spread sub-frame offsets.
  int repeats = 1;
  // Added to every sampling offset: frames between the database's (held-out queries).
  float start_offset_s = 0.0f;
  anim::FeatureWeights weights;
  // The character's legs, for the ground motion of in-place gaits, as the viewer found them
  // (importer::find_legs, which reads the meshes' skin weights); empty: found from the skeleton
  // alone, as the feet are.
  anim::FootIkRig legs;
};

struct MotionMatchingBuild {
  anim::MotionMatchingJoints joints;
  // One per clip of the character: the clips the database was built from and the controller
  // plays. They are the character's, except that an in-place gait (a walk authored without root
  // motion, as most game libraries ship them) carries the ground motion measured from its feet
  // as root motion (anim/ground_motion_baking.h): its trajectory is then known, and it is chosen
  // when the player asks to move.
  std::vector<anim::Clip> clips;
  std::vector<anim::ClipBinding> bindings;  // one per clip
  // With options.mirrored, one per clip: its mirrored copy and binding, made once here so that
  // the controller plays a mirrored range like any clip (an empty clip where the clip is not
  // included or could not be mirrored; the database then has no mirrored range for it and its
  // notices say why). Empty otherwise.
  std::vector<anim::Clip> mirrored_clips;
  std::vector<anim::ClipBinding> mirrored_bindings;
  anim::MotionMatchingDatabase database;
  std::string error;  // why nothing was built; empty on success

  bool ok() const { return error.empty(); }

  // The clips the controller plays for this database.
  anim::MotionMatchingClips controller_clips() const {
    return {clips, bindings, mirrored_clips, mirrored_bindings};
  }
};

// The clips a database takes unless the user chooses: those the character stands in
// (anim::measure_stance). Asked to stand still, a search over every clip can pick a sit or a
// death, which match "no travel" as well as an idle does. Per clip: whether it stands, and its
// stance (for the note that says why a clip is left out). Every clip stands when rig is not a
// biped's.
struct StandingClips {
  std::vector<std::uint8_t> stands;
  std::vector<anim::Stance> stances;
};
StandingClips find_standing_clips(const anim::Skeleton& skeleton, const anim::Rig& rig,
                                  std::span<const anim::Clip> clips);

// Why a clip of this stance is not in the default database, in words, e.g. "its torso leans
// 88 degrees from upright".
std::string why_not_standing(const anim::Stance& stance);

// The feet (the rig finder's legs), hips (its pelvis) and root-motion joint of skeleton, or
// false with the cause in *error when the skeleton is not a recognisable biped.
bool find_motion_matching_joints(const anim::Skeleton& skeleton, anim::MotionMatchingJoints& out,
                                 std::string* error = nullptr);

// Builds the database of character's clips (see the options). Fails, with the cause naming the
// character's file, when its joints are not found or no frame remains.
MotionMatchingBuild build_motion_matching(const importer::Character& character,
                                          const MotionMatchingBuildOptions& options = {});

// The same for clips of skeleton (e.g. a project's clips), source naming them in messages. The
// left/right table for mirrored clips is found from the skeleton alone (its rest pose and names).
MotionMatchingBuild build_motion_matching(const anim::Skeleton& skeleton,
                                          std::span<const anim::Clip> clips,
                                          const std::string& source,
                                          const MotionMatchingBuildOptions& options = {});

}  // namespace project
