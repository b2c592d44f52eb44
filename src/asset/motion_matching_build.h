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
#include "anim/motion_matching_database.h"
#include "asset/character.h"

namespace asset {

struct MotionMatchingBuildOptions {
  // Per clip of the character: nonzero to include it; empty includes every clip.
  std::vector<std::uint8_t> clip_included;
  // Also add a mirrored copy of every clip (features swapped left/right; see
  // anim::DatabaseSource). The controller never plays mirrored frames.
  bool mirrored = false;
  // Each clip is sampled this many times, at evenly spread sub-frame offsets.
  int repeats = 1;
  // Added to every sampling offset: frames between the database's (held-out queries).
  float start_offset_s = 0.0f;
  anim::FeatureWeights weights;
};

struct MotionMatchingBuild {
  anim::MotionMatchingJoints joints;
  std::vector<anim::ClipBinding> bindings;  // one per clip of the character
  anim::MotionMatchingDatabase database;
  std::string error;  // why nothing was built; empty on success

  bool ok() const { return error.empty(); }
};

// The feet (the rig finder's legs), hips (its pelvis) and root-motion joint of skeleton, or
// false with the cause in *error when the skeleton is not a recognisable biped.
bool find_motion_matching_joints(const anim::Skeleton& skeleton, anim::MotionMatchingJoints& out,
                                 std::string* error = nullptr);

// Builds the database of character's clips (see the options). Fails, with the cause naming the
// character's file, when its joints are not found or no frame remains.
MotionMatchingBuild build_motion_matching(const Character& character,
                                          const MotionMatchingBuildOptions& options = {});

// The same for clips of skeleton (e.g. a project's clips), source naming them in messages.
MotionMatchingBuild build_motion_matching(const anim::Skeleton& skeleton,
                                          std::span<const anim::Clip> clips,
                                          const std::string& source,
                                          const MotionMatchingBuildOptions& options = {});

}  // namespace asset
