#include "anim/motion_matching_search.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "anim/index.h"

namespace anim {

namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();
constexpr std::size_t kDim = kFeatureDimension;

// Squared distances are summed in four lanes (dimension d into lane d % 4; the compiler turns a
// block of four into one vector operation), the lanes added in a fixed order. Every cost and
// bound goes through the same expression, so equal frames give equal costs in both searches,
// and a bound, whose every term is no larger than the frame's, stays no larger than the frame's
// cost in float too (rounding is monotonic).
struct Lanes {
  float a[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  float total() const { return (a[0] + a[1]) + (a[2] + a[3]); }
};
constexpr std::size_t kBlocks = kDim / 4;  // whole blocks of four; the rest go to lanes 0..2

// The cost of x against q, or any value above limit as soon as the partial sum exceeds it (the
// frame cannot win then).
inline float frame_cost(const float* q, const float* x, float limit) {
  Lanes s;
  for (std::size_t b = 0; b < kBlocks; ++b) {
    for (std::size_t k = 0; k < 4; ++k) {
      const float e = q[4 * b + k] - x[4 * b + k];
      s.a[k] += e * e;
    }
    if ((b & 1) == 1 && s.total() > limit) return s.total();
  }
  for (std::size_t d = 4 * kBlocks; d < kDim; ++d) {
    const float e = q[d] - x[d];
    s.a[d - 4 * kBlocks] += e * e;
  }
  return s.total();
}

// A lower bound of frame_cost over every point of the box [lo, hi] (see Lanes), or any value
// above limit once that is certain.
inline float box_bound(const float* q, const float* lo, const float* hi, float limit) {
  Lanes s;
  for (std::size_t b = 0; b < kBlocks; ++b) {
    for (std::size_t k = 0; k < 4; ++k) {
      const std::size_t d = 4 * b + k;
      const float e = q[d] - std::clamp(q[d], lo[d], hi[d]);
      s.a[k] += e * e;
    }
    if ((b & 1) == 1 && s.total() > limit) return s.total();
  }
  for (std::size_t d = 4 * kBlocks; d < kDim; ++d) {
    const float e = q[d] - std::clamp(q[d], lo[d], hi[d]);
    s.a[d - 4 * kBlocks] += e * e;
  }
  return s.total();
}

// The best frame and, when asked, the best frame of another clip. Frames are ordered by cost,
// then by index (ties go to the earlier frame), so the answer does not depend on the order in
// which frames are offered: the bounded search may look at promising frames first.
inline bool before(float cost, int frame, float other_cost, int other_frame) {
  return cost < other_cost || (cost == other_cost && frame < other_frame);
}

struct Candidates {
  bool want_runner_up = false;
  int best = -1, best_clip = -1, runner_up = -1;
  float best_cost = kInfinity, runner_up_cost = kInfinity;

  float limit() const { return want_runner_up ? runner_up_cost : best_cost; }

  void offer(int frame, float cost, int clip) {
    if (before(cost, frame, best_cost, best)) {
      if (want_runner_up && clip != best_clip) {
        runner_up = best;
        runner_up_cost = best_cost;
      }
      best = frame;
      best_cost = cost;
      best_clip = clip;
    } else if (want_runner_up && clip != best_clip &&
               before(cost, frame, runner_up_cost, runner_up)) {
      runner_up = frame;
      runner_up_cost = cost;
    }
  }

  void write(MotionMatchingMatch& out) const {
    out.frame = best;
    out.cost = best < 0 ? 0.0f : best_cost;
    out.runner_up_frame = runner_up;
    out.runner_up_cost = runner_up < 0 ? 0.0f : runner_up_cost;
  }
};

JobResult validate_query(const MotionMatchingDatabase& db, const MotionMatchingQuery& query) {
  if (query.features.size() != kDim) {
    return JobResult::fail("motion matching search: the query is not kFeatureDimension long");
  }
  if (!query.range_enabled.empty() && query.range_enabled.size() != db.ranges.size()) {
    return JobResult::fail("motion matching search: range_enabled is not the range count");
  }
  if (query.current_frame < -1 || query.current_frame >= db.frame_count()) {
    return JobResult::fail("motion matching search: current_frame is not a frame");
  }
  if (db.features.size() != db.raw.size()) {
    return JobResult::fail("motion matching search: the database has no normalised features");
  }
  return JobResult::ok();
}

bool range_enabled(const MotionMatchingQuery& query, std::size_t range) {
  return query.range_enabled.empty() || query.range_enabled[range] != 0;
}

// Starts the candidates with the current frame (its bias applied).
Candidates start(const MotionMatchingDatabase& db, const MotionMatchingQuery& query) {
  Candidates c;
  c.want_runner_up = query.runner_up;
  if (query.current_frame >= 0) {
    const float cost =
        frame_cost(query.features.data(), db.frame_features(query.current_frame).data(), kInfinity);
    const int range = db.range_of(query.current_frame);
    c.offer(query.current_frame, cost - query.current_bias, nth(db.ranges, range).clip_index);
  }
  return c;
}

// The best frame of one bounded pass (see search): ranked as Candidates ranks them.
struct Best {
  int frame = -1, clip = -1;
  float cost = kInfinity;

  float limit() const { return cost; }
  void offer(int f, float c, int frame_clip) {
    if (before(c, f, cost, frame)) {
      frame = f;
      cost = c;
      clip = frame_clip;
    }
  }
};

template <typename Collector>
void scan_frames(const MotionMatchingDatabase& db, const MotionMatchingQuery& query, int first,
                 int count, int clip, Collector& c) {
  const float* q = query.features.data();
  const float* x = db.features.data() + as_size(first) * kDim;
  for (int f = first; f < first + count; ++f, x += kDim) {
    if (f == query.current_frame) continue;
    const float cost = frame_cost(q, x, c.limit());
    if (cost <= c.limit()) c.offer(f, cost, clip);
  }
}

// Appends the box of frames [first, first + count) of range to boxes, lo and hi.
void add_box(const MotionMatchingDatabase& db, int first, int count, int range,
             std::vector<MotionMatchingBounds::Box>& boxes, std::vector<float>& lo,
             std::vector<float>& hi) {
  boxes.push_back({first, count, range, 0, 0});
  const std::size_t at = lo.size();
  lo.resize(at + kDim, kInfinity);
  hi.resize(at + kDim, -kInfinity);
  for (int f = first; f < first + count; ++f) {
    const std::span<const float> x = db.frame_features(f);
    for (std::size_t d = 0; d < kDim; ++d) {
      lo[at + d] = std::min(lo[at + d], x[d]);
      hi[at + d] = std::max(hi[at + d], x[d]);
    }
  }
}

}  // namespace

MotionMatchingBounds build_search_bounds(const MotionMatchingDatabase& db, int small_size,
                                         int large_size) {
  MotionMatchingBounds b;
  b.small_size = std::max(1, small_size);
  b.large_size = std::max(b.small_size, large_size);
  for (std::size_t r = 0; r < db.ranges.size(); ++r) {
    const DatabaseRange& range = db.ranges[r];
    const int end = range.first_frame + range.frame_count;
    for (int large = range.first_frame; large < end; large += b.large_size) {
      const int large_count = std::min(b.large_size, end - large);
      add_box(db, large, large_count, static_cast<int>(r), b.large, b.large_min, b.large_max);
      b.large.back().first_child = static_cast<int>(b.small.size());
      for (int small = large; small < large + large_count; small += b.small_size) {
        const int small_count = std::min(b.small_size, large + large_count - small);
        add_box(db, small, small_count, static_cast<int>(r), b.small, b.small_min, b.small_max);
      }
      b.large.back().children = static_cast<int>(b.small.size()) - b.large.back().first_child;
    }
  }
  return b;
}

JobResult search_brute_force(const MotionMatchingDatabase& db, const MotionMatchingQuery& query,
                             MotionMatchingMatch& out) {
  if (JobResult r = validate_query(db, query); !r) return r;
  Candidates c = start(db, query);
  for (std::size_t r = 0; r < db.ranges.size(); ++r) {
    if (!range_enabled(query, r)) continue;
    const DatabaseRange& range = db.ranges[r];
    scan_frames(db, query, range.first_frame, range.frame_count, range.clip_index, c);
  }
  c.write(out);
  return JobResult::ok();
}

namespace {

// One pass over the large boxes of the enabled ranges whose clip is not skip_clip (-1 skips
// none), offering their frames to best. It first visits the box with the lowest bound, so that
// the cost to beat is tight from the start, then the others in order, skipping every box (large,
// then small) whose bound exceeds the cost to beat. The bounds found while looking for that box
// (exact, or partial sums already above the lowest so far: lower bounds either way) are kept on
// the stack for kChunk large boxes at a time (a database of up to 262,144 frames in one go with
// the default sizes), so most boxes are skipped without summing them again. Visiting the rest
// best-first instead was tried: sorting them cost more than it saved.
void bounded_pass(const MotionMatchingDatabase& db, const MotionMatchingBounds& bounds,
                  const MotionMatchingQuery& query, int skip_clip, Best& best) {
  constexpr std::size_t kChunk = 4096;
  constexpr float kSkipped = -1.0f;
  std::array<float, kChunk> lower;
  const float* q = query.features.data();
  auto large_bound = [&](std::size_t l, float limit) {
    return box_bound(q, &bounds.large_min[l * kDim], &bounds.large_max[l * kDim], limit);
  };
  auto scan_large = [&](std::size_t l) {
    const MotionMatchingBounds::Box& large = bounds.large[l];
    const int clip = nth(db.ranges, large.range).clip_index;
    for (int s = large.first_child; s < large.first_child + large.children; ++s) {
      const auto si = as_size(s);
      if (box_bound(q, &bounds.small_min[si * kDim], &bounds.small_max[si * kDim], best.limit()) >
          best.limit()) {
        continue;
      }
      scan_frames(db, query, bounds.small[si].first_frame, bounds.small[si].frame_count, clip,
                  best);
    }
  };
  for (std::size_t first = 0; first < bounds.large.size(); first += kChunk) {
    const std::size_t count = std::min(bounds.large.size() - first, kChunk);
    std::size_t seed = count;
    float seed_bound = best.limit();
    for (std::size_t i = 0; i < count; ++i) {
      const auto range = as_size(bounds.large[first + i].range);
      if (!range_enabled(query, range) || db.ranges[range].clip_index == skip_clip) {
        lower[i] = kSkipped;
        continue;
      }
      lower[i] = large_bound(first + i, seed_bound);
      if (lower[i] <= seed_bound) {
        seed_bound = lower[i];
        seed = i;
      }
    }
    if (seed == count) continue;
    scan_large(first + seed);
    for (std::size_t i = 0; i < count; ++i) {
      if (i == seed || lower[i] == kSkipped || lower[i] > best.limit()) continue;
      if (large_bound(first + i, best.limit()) <= best.limit()) scan_large(first + i);
    }
  }
}

}  // namespace

JobResult search(const MotionMatchingDatabase& db, const MotionMatchingBounds& bounds,
                 const MotionMatchingQuery& query, MotionMatchingMatch& out) {
  if (JobResult r = validate_query(db, query); !r) return r;
  const std::size_t covered =
      bounds.large.empty()
          ? 0
          : as_size(bounds.large.back().first_frame + bounds.large.back().frame_count);
  if (covered != as_size(db.frame_count()) ||
      bounds.large_min.size() != bounds.large.size() * kDim ||
      bounds.small_min.size() != bounds.small.size() * kDim) {
    return JobResult::fail("motion matching search: the bounds do not cover the database");
  }
  const float* q = query.features.data();
  // The current frame is a candidate whatever its range (see MotionMatchingQuery).
  int current_clip = -1;
  float current_cost = kInfinity;
  if (query.current_frame >= 0) {
    current_clip = nth(db.ranges, db.range_of(query.current_frame)).clip_index;
    current_cost = frame_cost(q, db.frame_features(query.current_frame).data(), kInfinity) -
                   query.current_bias;
  }
  Best best;
  if (current_clip >= 0) best.offer(query.current_frame, current_cost, current_clip);
  bounded_pass(db, bounds, query, -1, best);
  // The runner-up is the best frame of the other clips: a second pass that never visits the
  // best clip's boxes (the best's whole neighbourhood, its repeats and mirrored copies), whose
  // cost to beat tightens from its own seed instead of staying at the first pass's.
  Best runner_up;
  if (query.runner_up && best.frame >= 0) {
    if (current_clip >= 0 && current_clip != best.clip) {
      runner_up.offer(query.current_frame, current_cost, current_clip);
    }
    bounded_pass(db, bounds, query, best.clip, runner_up);
  }
  out.frame = best.frame;
  out.cost = best.frame < 0 ? 0.0f : best.cost;
  out.runner_up_frame = runner_up.frame;
  out.runner_up_cost = runner_up.frame < 0 ? 0.0f : runner_up.cost;
  return JobResult::ok();
}

JobResult group_costs(const MotionMatchingDatabase& db, std::span<const float> query, int frame,
                      std::span<float> out) {
  if (query.size() != kDim)
    return JobResult::fail("group_costs: the query is not kFeatureDimension long");
  if (out.size() != kFeatureGroupCount)
    return JobResult::fail("group_costs: out is not one per group");
  if (frame < 0 || frame >= db.frame_count() || db.features.size() != db.raw.size()) {
    return JobResult::fail("group_costs: frame is not a frame of the database");
  }
  const std::span<const float> x = db.frame_features(frame);
  for (int g = 0; g < kFeatureGroupCount; ++g) {
    const FeatureGroupLayout& layout = feature_group_layout(g);
    float cost = 0.0f;
    for (int d = layout.offset; d < layout.offset + layout.size; ++d) {
      const float e = nth(query, d) - nth(x, d);
      cost += e * e;
    }
    nth(out, g) = cost;
  }
  return JobResult::ok();
}

}  // namespace anim
