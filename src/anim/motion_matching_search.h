#pragma once
// Motion-matching search: the database frame nearest to a query (squared Euclidean distance
// between normalised, weighted feature vectors). search_brute_force is the reference; search
// with MotionMatchingBounds prunes whole runs of frames by their bounding boxes (two levels, as
// in Holden's open Motion-Matching code) and returns exactly the same frames and costs: each
// cost is summed in the same order, frames are ranked by cost and then by index (so the order of
// the visit does not matter), and a frame is skipped only when its lower bound already exceeds
// the cost to beat. It first visits the box with the lowest bound, so that the cost to beat is
// tight from the start.

#include <cstdint>
#include <span>
#include <vector>

#include "anim/job_result.h"
#include "anim/motion_matching_database.h"

namespace anim {

// Axis-aligned boxes of the features over runs of frames that never cross a range: small boxes
// of small_size frames, grouped into large boxes of large_size frames. Rebuild whenever the
// database's features change (set_feature_weights).
struct MotionMatchingBounds {
  int small_size = 8;
  int large_size = 64;
  struct Box {
    int first_frame = 0;
    int frame_count = 0;
    int range = 0;
    int first_child = 0;  // large boxes: their small boxes [first_child, first_child + children)
    int children = 0;
  };
  std::vector<Box> large;
  std::vector<Box> small;
  std::vector<float> large_min, large_max;  // kFeatureDimension per box
  std::vector<float> small_min, small_max;
};

// Builds the boxes over database's features. small_size and large_size are clamped so that
// 1 <= small_size <= large_size.
MotionMatchingBounds build_search_bounds(const MotionMatchingDatabase& database, int small_size = 8,
                                         int large_size = 64);

// What to search for.
struct MotionMatchingQuery {
  // kFeatureDimension values, normalised and weighted (normalize_features).
  std::span<const float> features;
  // Per database range, nonzero when its frames may be chosen; empty means all.
  std::span<const std::uint8_t> range_enabled;
  // The frame playing now, or -1. Its cost is lowered by current_bias, so that the search only
  // leaves it for a clearly better frame (it is a candidate even when its range is disabled).
  int current_frame = -1;
  float current_bias = 0.0f;
  // Also find the runner-up: the best frame of another clip than the best frame's (the best's
  // neighbourhood, its own clip with its repeats and mirrored copies, would only echo it).
  // search finds it with a second bounded pass that never visits the best clip's boxes.
  bool runner_up = false;
};

// The result: the best frame and its cost (the current frame's cost includes its bias), and
// the runner-up when asked for (frame -1 when there is none).
struct MotionMatchingMatch {
  int frame = -1;
  float cost = 0.0f;
  int runner_up_frame = -1;
  float runner_up_cost = 0.0f;
};

// Tries every frame. Fails when the query's features are not kFeatureDimension long, the
// range mask is not the database's range count, or current_frame is not -1 or a frame.
JobResult search_brute_force(const MotionMatchingDatabase& database,
                             const MotionMatchingQuery& query, MotionMatchingMatch& out);

// The same answer, pruning with bounds (which must have been built from database's current
// features). Fails as search_brute_force does, or when bounds do not cover the database.
JobResult search(const MotionMatchingDatabase& database, const MotionMatchingBounds& bounds,
                 const MotionMatchingQuery& query, MotionMatchingMatch& out);

// Cost of one frame per feature group (squared distance of that group's part), for debug views
// and reports. Fails when query or out are the wrong size or frame is not a frame.
JobResult group_costs(const MotionMatchingDatabase& database, std::span<const float> query,
                      int frame, std::span<float> out);

}  // namespace anim
