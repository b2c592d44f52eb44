#pragma once
// The motion-matching database file (JSON) that `animview mm-build` writes and `animview
// mm-query` reads: the clips' names, the per-clip frame ranges, the feature layout, the
// normalisation, the weights and every frame's raw features. Normalised features are recomputed
// on load, so a file stays valid when the normalisation code changes.
//
// {"format": "animview-motion-matching", "version": 1, "source": FILE, "frame_rate": 60,
//  "trajectory_frames": [20, 40, 60],
//  "groups": [{"name": "foot_positions", "offset": 0, "size": 6, "weight": 1}, ...],
//  "clips": ["walk", ...],
//  "ranges": [{"clip": 0, "mirrored": false, "start_time_s": 0, "first_frame": 0,
//              "frame_count": 120}, ...],
//  "mean": [...27], "scale": [...27], "frames": [[...27], ...], "notices": [...]}

#include <string>
#include <vector>

#include "anim/motion_matching_database.h"

namespace project {

struct MotionMatchingFile {
  std::string source;                   // the character file the clips came from
  std::vector<std::string> clip_names;  // by the ranges' clip index
  anim::MotionMatchingDatabase database;
};

// Writes file to path (a temporary file renamed over it, so a failed write keeps the old
// file). Returns an empty string, or the cause naming path.
std::string save_motion_matching_file(const std::string& path, const MotionMatchingFile& file);

// Reads path. Returns an empty string and fills out, or the cause naming path and what is wrong
// (not JSON, wrong format, a range outside the frames, a frame of the wrong size, ...).
std::string load_motion_matching_file(const std::string& path, MotionMatchingFile& out);

}  // namespace project
