#include "anim/two_bone_ik.h"

#include <algorithm>
#include <array>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "anim/fast_math.h"
#include "anim/index.h"
#include "anim/math.h"
#include "anim/sse_lanes.h"

namespace anim {

namespace {

const glm::quat kIdentity{1.0f, 0.0f, 0.0f, 0.0f};

// v over its (nonzero) length: one division and three products, not three divisions.
glm::vec3 unit(const glm::vec3& v, float length) {
  return v * (1.0f / length);
}

// The part of v perpendicular to unit vector dir, normalized; zero when v is (near) parallel.
glm::vec3 perpendicular_part(const glm::vec3& v, const glm::vec3& dir, float min_length) {
  const glm::vec3 p = v - glm::dot(v, dir) * dir;
  const float length = glm::length(p);
  return length > min_length ? unit(p, length) : glm::vec3(0.0f);
}

// An angle in [0, pi] by its cosine and sine, so that turns by differences of angles need no
// arccosine and no sines (the IK's bends are such differences).
struct Angle {
  float cos = 1.0f;
  float sin = 0.0f;
};

// The angle between two unit vectors.
Angle angle_between(const glm::vec3& a, const glm::vec3& b) {
  return {std::clamp(glm::dot(a, b), -1.0f, 1.0f), glm::length(glm::cross(a, b))};
}

// The angle of a cosine (clamped to [-1, 1]).
Angle angle_of_cosine(float c) {
  c = std::clamp(c, -1.0f, 1.0f);
  return {c, std::sqrt(std::max(0.0f, 1.0f - c * c))};
}

// The turn by a - b about unit axis: with c and s the cosine and sine of a - b, the quaternion
// (1 + c, s axis) normalized is (cos, sin axis) of half of a - b. Near a half turn 1 + c
// vanishes, and the angle itself is used.
glm::quat turn_by_difference(Angle a, Angle b, const glm::vec3& axis) {
  const float c = a.cos * b.cos + a.sin * b.sin;
  const float s = a.sin * b.cos - a.cos * b.sin;
  if (1.0f + c < 1e-6f) return glm::angleAxis(std::atan2(s, c), axis);
  return glm::normalize(glm::quat(1.0f + c, axis * s));
}

// Unit q or -q, whichever has w >= 0: the one nearer the identity (slerp's choice).
glm::quat identity_hemisphere(const glm::quat& q) {
  return q.w < 0.0f ? -q : q;
}

// The reach actually used for a target at distance d: d itself inside [shortest, soft_start],
// then an exponential approach to full length, so the reach is smooth in d and never reaches
// full extension. Below the shortest reach the chain cannot fold further.
float soft_reach(float d, float shortest, float full, float soft_start) {
  float reach = d;
  if (soft_start < full && d > soft_start) {
    const float span = full - soft_start;
    reach = soft_start + span * (1.0f - std::exp(-(d - soft_start) / span));
    // In floats the approach arrives for far targets: stay a ten-thousandth of the span short,
    // so the knee never locks straight.
    reach = std::min(reach, full - 1e-4f * span);
  }
  return std::clamp(reach, shortest, full);
}

// Within this of 1, a squared column length or a scale is taken as no scale.
constexpr float kUnit = 1e-6f;

// Whether each of the three is within kUnit of 1 (not when one is NaN).
bool unit(const glm::vec3& squared_or_scale) {
  return std::fabs(squared_or_scale.x - 1.0f) <= kUnit &&
         std::fabs(squared_or_scale.y - 1.0f) <= kUnit &&
         std::fabs(squared_or_scale.z - 1.0f) <= kUnit;
}

glm::vec3 squared_columns(const glm::mat3& r) {
  return {glm::dot(r[0], r[0]), glm::dot(r[1], r[1]), glm::dot(r[2], r[2])};
}

// The axis of the plane the chain bends in: the current one where the chain is bent, otherwise
// the plane of the root-end line and the pole, otherwise any plane through the line.
glm::vec3 bend_axis(const glm::vec3& root_to_end, const glm::vec3& upper_v,
                    const glm::vec3& root_end_dir, const glm::vec3& pole, float full) {
  const glm::vec3 axis = glm::cross(root_to_end, upper_v);
  const float axis_length = glm::length(axis);
  if (axis_length > 1e-6f * full * full) return unit(axis, axis_length);
  glm::vec3 side = perpendicular_part(pole, root_end_dir, 1e-6f);
  if (side == glm::vec3(0.0f)) side = any_perpendicular(root_end_dir);
  // Turning about cross(line, side) takes the line toward side: the mid joint moves that way.
  return glm::normalize(glm::cross(root_end_dir, side));
}

}  // namespace

glm::quat model_rotation(const glm::mat4& m) {
  glm::mat3 r(m);
  // Most joints carry no scale: their columns are unit already and need no square roots.
  const glm::vec3 squared = squared_columns(r);
  if (std::fabs(squared.x - 1.0f) > kUnit || std::fabs(squared.y - 1.0f) > kUnit ||
      std::fabs(squared.z - 1.0f) > kUnit) {
    for (int i = 0; i < 3; ++i) {
      r[i] = squared[i] > 0.0f ? r[i] / std::sqrt(squared[i]) : glm::vec3(0.0f);
    }
  }
  const glm::quat q = glm::quat_cast(r);
  // A NaN or infinite component makes the squared length NaN or infinite too.
  const float length_sq = glm::dot(q, q);
  return length_sq > 0.0f && std::isfinite(length_sq) ? q * (1.0f / std::sqrt(length_sq))
                                                      : kIdentity;
}

glm::quat child_model_rotation(const glm::quat& parent_rotation, const glm::mat4& parent_model,
                               const Transform& local, const glm::mat4& model) {
  if (unit(local.scale) && unit(squared_columns(glm::mat3(parent_model)))) {
    return fast::normalize(parent_rotation * local.rotation);
  }
  return model_rotation(model);
}

namespace {

// What a solve measures of one chain before it turns it.
struct ChainMeasure {
  bool valid = false;
  glm::vec3 upper_v{0.0f};
  glm::vec3 lower_v{0.0f};
  glm::vec3 root_to_end{0.0f};
  float upper = 0.0f;
  float lower = 0.0f;
  float full = 0.0f;
  float tiny = 0.0f;
  float distance = 0.0f;
  float reach = 0.0f;
  glm::vec3 upper_dir{0.0f};
  glm::vec3 dir{0.0f};
  glm::vec3 root_end_dir{0.0f};
  glm::vec3 pole_side{0.0f};
  glm::vec3 axis{0.0f};
};

// The solves of N chains take each step for every chain before the next step, so that the
// chains' dependent square roots and divisions run side by side. A chain's own operations are
// those of a solve alone, in the same order: its results are the same. An invalid chain's steps
// run on (on floats, harmlessly) and its result is discarded.
template <std::size_t N>
std::array<ChainMeasure, N> measure_chains(const std::array<TwoBoneIkChain, N>& chains) {
  std::array<ChainMeasure, N> m;
  std::array<float, N> root_to_end_length{};
  std::array<glm::vec3, N> end_dir{};
  for (std::size_t k = 0; k < N; ++k) {
    // Each length and direction of the chain is measured once and reused below.
    const TwoBoneIkChain& c = chains[k];
    m[k].upper_v = c.mid - c.root;
    m[k].lower_v = c.end - c.mid;
    m[k].root_to_end = c.end - c.root;
    m[k].upper = glm::length(m[k].upper_v);
    m[k].lower = glm::length(m[k].lower_v);
    root_to_end_length[k] = glm::length(m[k].root_to_end);
  }
  for (std::size_t k = 0; k < N; ++k) {
    const TwoBoneIkChain& c = chains[k];
    ChainMeasure& mk = m[k];
    mk.full = mk.upper + mk.lower;
    mk.valid = finite(c.root) && finite(c.mid) && finite(c.end) && finite(c.goal.target) &&
               finite(c.goal.pole) && std::isfinite(c.goal.position_weight) &&
               std::isfinite(c.goal.soft_fraction) && mk.upper > 1e-6f && mk.lower > 1e-6f;
    mk.tiny = 1e-6f * mk.full;
    // Direction and distance to the target; a target at the root keeps the end's direction
    // (the upper bone's where the end sits on the root).
    mk.upper_dir = unit(mk.upper_v, mk.upper);
    const bool end_off_root = root_to_end_length[k] > mk.tiny;
    end_dir[k] = end_off_root ? unit(mk.root_to_end, root_to_end_length[k]) : mk.upper_dir;
    const glm::vec3 to_target = c.goal.target - c.root;
    mk.distance = glm::length(to_target);
    mk.dir = mk.distance > mk.tiny ? unit(to_target, mk.distance) : end_dir[k];
    mk.root_end_dir = end_off_root ? end_dir[k] : mk.dir;
  }
  for (std::size_t k = 0; k < N; ++k) {
    const TwoBoneIkGoal& goal = chains[k].goal;
    ChainMeasure& mk = m[k];
    const float shortest = std::fabs(mk.upper - mk.lower) + 1e-4f * mk.full;
    // The animated extension is always reached exactly: softening starts no earlier than it.
    const float soft_start = std::max(mk.full * (1.0f - std::clamp(goal.soft_fraction, 0.0f, 0.5f)),
                                      std::min(root_to_end_length[k], mk.full));
    mk.reach = soft_reach(mk.distance, shortest, mk.full, soft_start);
    mk.pole_side = perpendicular_part(goal.pole, mk.dir, 1e-6f);
    mk.axis = bend_axis(mk.root_to_end, mk.upper_v, mk.root_end_dir, goal.pole, mk.full);
  }
  return m;
}

// The bends, swing and twist of N measured chains, step by step as measure_chains.
template <std::size_t N>
std::array<TwoBoneIkSolution, N> turn_chains(const std::array<TwoBoneIkChain, N>& chains,
                                             const std::array<ChainMeasure, N>& m) {
  std::array<glm::quat, N> root_bend;
  std::array<glm::quat, N> mid_bend;
  for (std::size_t k = 0; k < N; ++k) {
    // Bend: set the interior angles at root and mid for the reach (law of cosines). A positive
    // turn about axis opens the angle at either joint.
    const ChainMeasure& mk = m[k];
    const float upper = mk.upper, lower = mk.lower, reach = mk.reach;
    const Angle root_angle_now = angle_between(mk.root_end_dir, mk.upper_dir);
    const Angle mid_angle_now = angle_between(-mk.upper_dir, unit(mk.lower_v, lower));
    const Angle root_angle =
        angle_of_cosine((upper * upper + reach * reach - lower * lower) / (2.0f * upper * reach));
    const Angle mid_angle =
        angle_of_cosine((upper * upper + lower * lower - reach * reach) / (2.0f * upper * lower));
    root_bend[k] = turn_by_difference(root_angle, root_angle_now, mk.axis);
    mid_bend[k] = turn_by_difference(mid_angle, mid_angle_now, mk.axis);
  }
  std::array<glm::quat, N> root_delta;
  for (std::size_t k = 0; k < N; ++k) {
    // Swing: point the bent chain's root-end line at the target.
    const glm::vec3& root = chains[k].root;
    const ChainMeasure& mk = m[k];
    const glm::vec3 bent_mid = root + root_bend[k] * mk.upper_v;
    const glm::vec3 bent_end = bent_mid + root_bend[k] * (mid_bend[k] * mk.lower_v);
    const float bent_length = glm::length(bent_end - root);
    const glm::vec3 bent_dir = bent_length > mk.tiny ? unit(bent_end - root, bent_length) : mk.dir;
    root_delta[k] = rotation_between(bent_dir, mk.dir) * root_bend[k];
  }
  for (std::size_t k = 0; k < N; ++k) {
    // Twist about the line so the mid joint lies on the pole side. Both sides are unit vectors
    // across the line, so the shortest arc between them turns about the line (but for opposite
    // sides, whose half turn must be about the line too).
    const ChainMeasure& mk = m[k];
    const glm::vec3 mid_side =
        perpendicular_part(root_delta[k] * mk.upper_v, mk.dir, 1e-6f * mk.full);
    if (mk.pole_side != glm::vec3(0.0f) && mid_side != glm::vec3(0.0f)) {
      const glm::quat twist = glm::dot(mid_side, mk.pole_side) < -0.999999f
                                  ? glm::angleAxis(glm::pi<float>(), mk.dir)
                                  : rotation_between(mid_side, mk.pole_side);
      root_delta[k] = twist * root_delta[k];
    }
  }
  std::array<TwoBoneIkSolution, N> out;
  for (std::size_t k = 0; k < N; ++k) {
    const TwoBoneIkChain& c = chains[k];
    const ChainMeasure& mk = m[k];
    TwoBoneIkSolution& s = out[k];
    if (!mk.valid) {
      s.mid = c.mid;
      s.end = c.end;
      continue;
    }
    const float weight = std::clamp(c.goal.position_weight, 0.0f, 1.0f);
    if (weight >= 1.0f) {
      // What slerp from the identity gives at its end, without normalizing twice.
      s.root_delta = identity_hemisphere(glm::normalize(root_delta[k]));
      s.mid_delta = identity_hemisphere(mid_bend[k]);
    } else {
      s.root_delta = slerp(kIdentity, glm::normalize(root_delta[k]), weight);
      s.mid_delta = slerp(kIdentity, mid_bend[k], weight);
    }
    s.mid = c.root + s.root_delta * mk.upper_v;
    s.end = s.mid + s.root_delta * (s.mid_delta * mk.lower_v);
    s.reached = weight == 1.0f && std::fabs(mk.reach - mk.distance) <= 1e-4f * mk.full;
  }
  return out;
}

template <std::size_t N>
std::array<TwoBoneIkSolution, N> solve_chains(const std::array<TwoBoneIkChain, N>& chains) {
  return turn_chains(chains, measure_chains(chains));
}

#if defined(__SSE2__)
}  // namespace

// The pair solve in SSE lanes (anim/sse_lanes.h; lane k = chain k):
// each of the solve's dependent square roots and divisions runs once for both chains. Every
// lane takes the scalar solve's operations in its order (IEEE square roots, divisions and
// products give the same bits in a lane as in a scalar register), and the clamps and choices
// below are written so that they pick what std::clamp, std::max and the scalar branches pick.
// The scalar solve's rare branches (a straight chain, a turn near a half turn, a position weight
// between 0 and 1) are not taken in lanes: a chain that needs one is solved by the scalar solve.
namespace sse {
namespace {

// perpendicular_part above, with the mask of lanes where it is not zero (where it is, the
// lane's vector is undefined). The scalar solve tests the vector itself, so does this.
Vec3 perpendicular_part(const Vec3& v, const Vec3& dir, __m128 min_length, __m128& nonzero) {
  const Vec3 p = sub(v, mul(dir, dot(v, dir)));
  const __m128 length = sse::length(p);
  const Vec3 u = unit(p, length);
  const __m128 zero = _mm_setzero_ps();
  const __m128 all_zero = _mm_and_ps(_mm_and_ps(_mm_cmpeq_ps(u.x, zero), _mm_cmpeq_ps(u.y, zero)),
                                     _mm_cmpeq_ps(u.z, zero));
  nonzero = _mm_andnot_ps(all_zero, _mm_cmpgt_ps(length, min_length));
  return u;
}

// turn_by_difference above, for lanes where 1 + c >= 1e-6 (marked in rare otherwise).
Quat turn_by_difference(__m128 a_cos, __m128 a_sin, __m128 b_cos, __m128 b_sin, const Vec3& axis,
                        __m128& rare) {
  const __m128 c = add(mul(a_cos, b_cos), mul(a_sin, b_sin));
  const __m128 s = sub(mul(a_sin, b_cos), mul(a_cos, b_sin));
  const __m128 w = add(splat(1.0f), c);
  rare = _mm_or_ps(rare, _mm_cmpnge_ps(w, splat(1e-6f)));
  return normalize(quat(w, mul(axis, s)));
}

// rotation_between (anim/math.h) for lanes where the directions are not opposite (marked in rare
// where mask is set and they are).
Quat rotation_between(const Vec3& from, const Vec3& to, __m128 mask, __m128& rare) {
  const __m128 d = dot(from, to);
  rare = _mm_or_ps(rare, _mm_and_ps(mask, _mm_cmpnge_ps(d, splat(-0.999999f))));
  return normalize(quat(add(splat(1.0f), d), cross(from, to)));
}

// Lanes (as a mask) where v * 0 is not 0: v is infinite or NaN.
__m128 non_finite(__m128 v) {
  return _mm_cmpneq_ps(mul(v, _mm_setzero_ps()), _mm_setzero_ps());
}
__m128 non_finite(const Vec3& v) {
  return _mm_or_ps(_mm_or_ps(non_finite(v.x), non_finite(v.y)), non_finite(v.z));
}

}  // namespace
}  // namespace sse

namespace {

// What the pair solve leaves in lanes 0 and 1: each chain's turns, and (as bit k) whether chain k
// was invalid, needs a rare branch (its lanes are then unused), or reached. The new positions are
// found from the turns where the solutions are made (pair_solutions): writing the rotations does
// not need them.
struct PairLanes {
  sse::Quat root_turn, mid_turn;
  int invalid_bits = 0;
  int rare_bits = 0;
  int reached_bits = 0;
  // Whether both chains' solutions are those in the lanes.
  bool both_in_lanes() const { return (invalid_bits | rare_bits) == 0; }
};

// A chain as the pair solve reads it: its joints' positions, and its goal where the caller keeps
// it, read there field by field. A goal just written (foot IK writes its legs' field by field) is
// then forwarded from its stores, where a copy of it (sixteen bytes at a time, across its fields)
// would wait for them to reach the cache.
struct ChainAt {
  glm::vec3 root, mid, end;
  const TwoBoneIkGoal& goal;
};

// solve_chains<2> in lanes, but for the chains marked invalid or rare.
PairLanes solve_chain_pair_lanes(const std::array<ChainAt, 2>& chains) {
  using namespace sse;
  const ChainAt& c0 = chains[0];
  const ChainAt& c1 = chains[1];
  const Vec3 root = load(c0.root, c1.root);
  const Vec3 mid = load(c0.mid, c1.mid);
  const Vec3 end = load(c0.end, c1.end);
  const Vec3 target = load(c0.goal.target, c1.goal.target);
  const Vec3 pole = load(c0.goal.pole, c1.goal.pole);
  const __m128 position_weight =
      _mm_setr_ps(c0.goal.position_weight, c1.goal.position_weight, 0.0f, 0.0f);
  const __m128 soft_fraction =
      _mm_setr_ps(c0.goal.soft_fraction, c1.goal.soft_fraction, 0.0f, 0.0f);

  // measure_chains. The pair's lengths and their reciprocals are taken two steps to a register
  // (lanes 0-1 and 2-3, as joined): the bones', and the root-end line's with the target's
  // distance. Fewer square roots and divisions queue for the divider, ahead of the chain's.
  const Vec3 upper_v = sub(mid, root);
  const Vec3 lower_v = sub(end, mid);
  const Vec3 root_to_end = sub(end, root);
  const Vec3 to_target = sub(target, root);
  const Vec3 bones = joined(upper_v, lower_v);
  const __m128 bone_lengths = length(bones);
  const __m128 upper = bone_lengths;  // lanes 0 and 1
  const __m128 lower = upper_lanes(bone_lengths);
  const Vec3 lines = joined(root_to_end, to_target);
  const __m128 line_lengths = length(lines);
  const __m128 root_to_end_length = line_lengths;  // lanes 0 and 1
  const __m128 distance = upper_lanes(line_lengths);
  const __m128 full = add(upper, lower);
  const __m128 invalid = _mm_or_ps(
      _mm_or_ps(_mm_or_ps(non_finite(root), non_finite(mid)),
                _mm_or_ps(non_finite(end), non_finite(target))),
      _mm_or_ps(
          _mm_or_ps(non_finite(pole), non_finite(position_weight)),
          _mm_or_ps(non_finite(soft_fraction), _mm_or_ps(_mm_cmpngt_ps(upper, splat(1e-6f)),
                                                         _mm_cmpngt_ps(lower, splat(1e-6f))))));
  const __m128 tiny = mul(splat(1e-6f), full);
  const Vec3 bone_dirs = unit(bones, bone_lengths);
  const Vec3& upper_dir = bone_dirs;  // lanes 0 and 1; the lower bone's in lanes 2 and 3
  const Vec3 line_dirs = unit(lines, line_lengths);
  const __m128 end_off_root = _mm_cmpgt_ps(root_to_end_length, tiny);
  const Vec3 end_dir = select(end_off_root, line_dirs, upper_dir);
  const Vec3 dir = select(_mm_cmpgt_ps(distance, tiny), upper_lanes(line_dirs), end_dir);
  const Vec3 root_end_dir = select(end_off_root, end_dir, dir);
  const __m128 shortest = add(abs(sub(upper, lower)), mul(splat(1e-4f), full));
  const __m128 soft_start =
      _mm_max_ps(_mm_min_ps(full, root_to_end_length),
                 mul(full, sub(splat(1.0f), clamp(soft_fraction, 0.0f, 0.5f))));
  // soft_reach: where neither target lies beyond its soft start (soft_reach's branch not taken)
  // the reach is the distance clamped, std::clamp's comparisons taken by selects in its order (so
  // also where a very short lower bone puts shortest above full); otherwise soft_reach itself.
  const __m128 softened =
      _mm_and_ps(_mm_cmplt_ps(soft_start, full), _mm_cmpgt_ps(distance, soft_start));
  __m128 reach = select(_mm_cmplt_ps(distance, shortest), shortest,
                        select(_mm_cmplt_ps(full, distance), full, distance));
  if ((_mm_movemask_ps(softened) & 3) != 0) {
    const Lanes distances(distance), shortests(shortest), fulls(full), soft_starts(soft_start);
    reach = _mm_setr_ps(soft_reach(distances.f[0], shortests.f[0], fulls.f[0], soft_starts.f[0]),
                        soft_reach(distances.f[1], shortests.f[1], fulls.f[1], soft_starts.f[1]),
                        0.0f, 0.0f);
  }
  const Vec3 bend = cross(root_to_end, upper_v);
  const __m128 bend_length = length(bend);
  // A straight chain's axis comes from the pole: the scalar solve's branch.
  __m128 rare = _mm_cmpngt_ps(bend_length, mul(mul(splat(1e-6f), full), full));
  const Vec3 axis = unit(bend, bend_length);

  // turn_chains: bend. The root's angles in lanes 0 and 1, the mid's in lanes 2 and 3.
  const Vec3 upper_back = negate(upper_dir);
  const Vec3 bend_from = joined(root_end_dir, upper_back);
  const Vec3& bend_to = bone_dirs;  // the upper bone's direction, then the lower's
  const __m128 now_cos = clamp(dot(bend_from, bend_to), -1.0f, 1.0f);
  const __m128 now_sin = length(cross(bend_from, bend_to));
  const __m128 upper_sq = mul(upper, upper), lower_sq = mul(lower, lower);
  const __m128 reach_sq = mul(reach, reach);
  const __m128 two_upper = mul(splat(2.0f), upper);
  const __m128 solved_cos = clamp(_mm_div_ps(joined(sub(add(upper_sq, reach_sq), lower_sq),
                                                    sub(add(upper_sq, lower_sq), reach_sq)),
                                             joined(mul(two_upper, reach), mul(two_upper, lower))),
                                  -1.0f, 1.0f);
  const __m128 zero = _mm_setzero_ps(), one = splat(1.0f);
  const __m128 solved_sin = _mm_sqrt_ps(_mm_max_ps(sub(one, mul(solved_cos, solved_cos)), zero));
  __m128 bend_rare = zero;
  const Quat bends = sse::turn_by_difference(solved_cos, solved_sin, now_cos, now_sin,
                                             joined(axis, axis), bend_rare);
  rare = _mm_or_ps(rare, _mm_or_ps(bend_rare, upper_lanes(bend_rare)));
  const Quat& root_bend = bends;  // lanes 0 and 1
  const Quat mid_bend = upper_lanes(bends);

  // Swing: the upper bone turned by root_bend, the lower by mid_bend, side by side.
  const Vec3 bent_bones = rotate(bends, bones);
  const Vec3 bent_mid = add(root, bent_bones);
  const Vec3 bent_end = add(bent_mid, rotate(root_bend, upper_lanes(bent_bones)));
  const Vec3 bent = sub(bent_end, root);
  const __m128 bent_length = length(bent);
  const Vec3 bent_dir = select(_mm_cmpgt_ps(bent_length, tiny), unit(bent, bent_length), dir);
  Quat root_delta = product(
      rotation_between(bent_dir, dir, _mm_castsi128_ps(_mm_set1_epi32(-1)), rare), root_bend);

  // Twist. The pole's side is found here, where it is first needed, not with the measures: the
  // processor runs the oldest ready operation first, and its square root and division, placed
  // earlier, would hold the divider from the bends' and the swing's.
  __m128 pole_side_set;
  const Vec3 pole_side = sse::perpendicular_part(pole, dir, splat(1e-6f), pole_side_set);
  __m128 mid_side_set;
  const Vec3 mid_side =
      sse::perpendicular_part(rotate(root_delta, upper_v), dir, tiny, mid_side_set);
  const __m128 twisted = _mm_and_ps(pole_side_set, mid_side_set);
  const Quat twist = rotation_between(mid_side, pole_side, twisted, rare);
  const Quat twisted_delta = product(twist, root_delta);
  root_delta = {select(twisted, twisted_delta.x, root_delta.x),
                select(twisted, twisted_delta.y, root_delta.y),
                select(twisted, twisted_delta.z, root_delta.z),
                select(twisted, twisted_delta.w, root_delta.w)};

  // At full weight the turns are taken as they are, in the identity's hemisphere (w >= 0).
  const __m128 weight = clamp(position_weight, 0.0f, 1.0f);
  rare = _mm_or_ps(rare, _mm_cmpneq_ps(weight, one));
  Quat root_turn = normalize(root_delta);
  root_turn = negated_where(_mm_cmplt_ps(root_turn.w, zero), root_turn);
  // mid_bend's w, (1 + c) over a length, is positive: it is in the identity's hemisphere.
  const Quat& mid_turn = mid_bend;
  const __m128 reached = _mm_cmple_ps(abs(sub(reach, distance)), mul(splat(1e-4f), full));

  // Lanes 2 and 3 are unused: only the masks' low two bits count.
  return {root_turn, mid_turn, _mm_movemask_ps(invalid) & 3,
          _mm_movemask_ps(_mm_andnot_ps(invalid, rare)) & 3, _mm_movemask_ps(reached) & 3};
}

// The solutions of a pair solved in lanes; a chain that needs a rare branch is solved by
// solve_chains<1>.
std::array<TwoBoneIkSolution, 2> pair_solutions(const std::array<TwoBoneIkChain, 2>& chains,
                                                const PairLanes& solved) {
  using namespace sse;
  // The bones turned (the upper by root_turn, the lower by mid_turn, side by side), from the
  // same bones the solve measured.
  const Vec3 root = load(chains[0].root, chains[1].root);
  const Vec3 mid = load(chains[0].mid, chains[1].mid);
  const Vec3 bones = joined(sub(mid, root), sub(load(chains[0].end, chains[1].end), mid));
  const Vec3 turned_bones = rotate(joined(solved.root_turn, solved.mid_turn), bones);
  const Vec3 new_mid = add(root, turned_bones);
  const Vec3 new_end = add(new_mid, rotate(solved.root_turn, upper_lanes(turned_bones)));
  const std::array<glm::quat, 2> root_turns = lanes01(solved.root_turn),
                                 mid_turns = lanes01(solved.mid_turn);
  const std::array<glm::vec3, 2> new_mids = lanes01(new_mid), new_ends = lanes01(new_end);
  std::array<TwoBoneIkSolution, 2> out;
  for (std::size_t k = 0; k < 2; ++k) {
    TwoBoneIkSolution& s = out[k];
    const int bit = 1 << k;
    if (solved.rare_bits & bit) {
      s = solve_chains(std::array<TwoBoneIkChain, 1>{chains[k]})[0];
    } else if (solved.invalid_bits & bit) {
      s.mid = chains[k].mid;
      s.end = chains[k].end;
    } else {
      s.root_delta = root_turns[k];
      s.mid_delta = mid_turns[k];
      s.mid = new_mids[k];
      s.end = new_ends[k];
      s.reached = (solved.reached_bits & bit) != 0;
    }
  }
  return out;
}

std::array<TwoBoneIkSolution, 2> solve_chain_pair(const std::array<TwoBoneIkChain, 2>& chains) {
  const auto at = [&](std::size_t k) {
    return ChainAt{chains[k].root, chains[k].mid, chains[k].end, chains[k].goal};
  };
  return pair_solutions(chains, solve_chain_pair_lanes({at(0), at(1)}));
}
#endif

// Two chains solved as solve_chains<2> solves them: in lanes where the processor has them.
std::array<TwoBoneIkSolution, 2> solve_two_chains(const std::array<TwoBoneIkChain, 2>& chains) {
#if defined(__SSE2__)
  return solve_chain_pair(chains);
#else
  return solve_chains(chains);
#endif
}

// The model rotation of joint (none: identity), read from its matrix.
glm::quat matrix_rotation(std::span<const glm::mat4> model, int joint) {
  return joint == kNoParent ? kIdentity : model_rotation(model[joint]);
}

// Whether goal turns the end joint: a positive rotation weight and a usable rotation.
bool turns_end(const TwoBoneIkGoal& goal) {
  return goal.rotation_weight > 0.0f && finite(goal.end_rotation) &&
         glm::dot(goal.end_rotation, goal.end_rotation) > 0.0f;
}

// Writes the rotations of solution s of the chain's joints into local. The chain's model
// rotations before the turns: the root's parent's (root_parent, read from its matrix), each
// joint's below it composed from its parent's where the parent is in the chain (cheaper than
// reading another matrix, and the same for joints without non-uniform scale).
void write_chain_rotations(const Skeleton& skeleton, std::span<const glm::mat4> model,
                           std::span<Transform> local, const TwoBoneIkJoints& joints,
                           const TwoBoneIkGoal& goal, const TwoBoneIkSolution& s,
                           const glm::quat& root_parent) {
  Transform& root = local[joints.root];
  const glm::quat root_now = root_parent * root.rotation;
  const int mid_parent_joint = skeleton.parents[joints.mid];
  const glm::quat mid_parent =
      mid_parent_joint == joints.root ? root_now : matrix_rotation(model, mid_parent_joint);
  Transform& mid = local[joints.mid];
  const glm::quat mid_now = mid_parent * mid.rotation;  // read before the mid turns

  // A model-space turn D of a joint whose parent has model rotation P (after the changes
  // above it) and whose model rotation is N changes its local rotation to P^-1 * D * N. Model
  // rotations are unit, so their inverse is their conjugate.
  root.rotation = glm::normalize(glm::conjugate(root_parent) * (s.root_delta * root_now));
  // The mid's parent turned with root_delta, which cancels: only mid_delta remains.
  mid.rotation = glm::normalize(glm::conjugate(mid_parent) * (s.mid_delta * mid_now));

  if (turns_end(goal)) {
    const glm::quat turn = s.root_delta * s.mid_delta;
    const int end_parent_joint = skeleton.parents[joints.end];
    const glm::quat end_parent_now =
        end_parent_joint == joints.mid ? mid_now : matrix_rotation(model, end_parent_joint);
    const glm::quat end_parent = turn * end_parent_now;
    const glm::quat end_now = turn * (end_parent_now * local[joints.end].rotation);
    const glm::quat end_goal = slerp(end_now, glm::normalize(goal.end_rotation),
                                     std::clamp(goal.rotation_weight, 0.0f, 1.0f));
    local[joints.end].rotation = glm::normalize(glm::conjugate(end_parent) * end_goal);
  }
}

#if defined(__SSE2__)
}  // namespace

namespace sse {
namespace {

// model_rotation of four matrices, lane k = matrix k, for lanes whose columns are unit (marked in
// scaled otherwise): glm::quat_cast's operations in its order, its branch on the largest
// diagonal sum taken by selects, then the normalization.
Quat unscaled_model_rotations(const std::array<const glm::mat4*, 4>& m, int& scaled) {
  __m128 e[3][3];  // e[c][r]: row r of column c
  for (int c = 0; c < 3; ++c) {
    __m128 m0 = _mm_loadu_ps(&(*m[0])[c][0]), m1 = _mm_loadu_ps(&(*m[1])[c][0]);
    __m128 m2 = _mm_loadu_ps(&(*m[2])[c][0]), m3 = _mm_loadu_ps(&(*m[3])[c][0]);
    _MM_TRANSPOSE4_PS(m0, m1, m2, m3);
    e[c][0] = m0;
    e[c][1] = m1;
    e[c][2] = m2;
  }
  __m128 off_unit = _mm_setzero_ps();
  for (int c = 0; c < 3; ++c) {
    const __m128 squared =
        add(add(mul(e[c][0], e[c][0]), mul(e[c][1], e[c][1])), mul(e[c][2], e[c][2]));
    off_unit = _mm_or_ps(off_unit, _mm_cmpgt_ps(abs(sub(squared, splat(1.0f))), splat(kUnit)));
  }
  scaled = _mm_movemask_ps(off_unit);
  const __m128 m00 = e[0][0], m11 = e[1][1], m22 = e[2][2];
  const __m128 four_x = sub(sub(m00, m11), m22), four_y = sub(sub(m11, m00), m22);
  const __m128 four_z = sub(sub(m22, m00), m11), four_w = add(add(m00, m11), m22);
  __m128 biggest = four_w;
  const __m128 x_biggest = _mm_cmpgt_ps(four_x, biggest);
  biggest = select(x_biggest, four_x, biggest);
  const __m128 y_biggest = _mm_cmpgt_ps(four_y, biggest);
  biggest = select(y_biggest, four_y, biggest);
  const __m128 z_biggest = _mm_cmpgt_ps(four_z, biggest);
  biggest = select(z_biggest, four_z, biggest);
  const __m128 big = mul(_mm_sqrt_ps(add(biggest, splat(1.0f))), splat(0.5f));
  const __m128 mult = _mm_div_ps(splat(0.25f), big);
  const __m128 d12 = mul(sub(e[1][2], e[2][1]), mult), d20 = mul(sub(e[2][0], e[0][2]), mult);
  const __m128 d01 = mul(sub(e[0][1], e[1][0]), mult), s01 = mul(add(e[0][1], e[1][0]), mult);
  const __m128 s20 = mul(add(e[2][0], e[0][2]), mult), s12 = mul(add(e[1][2], e[2][1]), mult);
  // The last larger sum wins, as in quat_cast's sequence of ifs.
  const auto pick = [&](__m128 if_w, __m128 if_x, __m128 if_y, __m128 if_z) {
    return select(z_biggest, if_z, select(y_biggest, if_y, select(x_biggest, if_x, if_w)));
  };
  const Quat q{pick(d12, big, s01, s20), pick(d20, s01, big, s12), pick(d01, s20, s12, big),
               pick(big, d12, d20, d01)};
  // glm::dot of a quaternion: (w w + x x) + (y y + z z).
  const __m128 length_sq =
      add(add(mul(q.w, q.w), mul(q.x, q.x)), add(mul(q.y, q.y), mul(q.z, q.z)));
  const __m128 usable =
      _mm_andnot_ps(non_finite(length_sq), _mm_cmpgt_ps(length_sq, _mm_setzero_ps()));
  const __m128 inverse = _mm_div_ps(splat(1.0f), _mm_sqrt_ps(length_sq));
  return {select(usable, mul(q.x, inverse), _mm_setzero_ps()),
          select(usable, mul(q.y, inverse), _mm_setzero_ps()),
          select(usable, mul(q.z, inverse), _mm_setzero_ps()),
          select(usable, mul(q.w, inverse), splat(1.0f))};
}

}  // namespace
}  // namespace sse

namespace {

// write_chain_rotations for two chains whose mid joint is the root's child and end joint the
// mid's, on disjoint joints, in lanes: the same operations, so the same rotations. The chains'
// turns come in lanes 0 and 1 (straight from the pair solve where it solved both: a round trip
// through memory, four floats stored one by one and loaded as one register, would stall). Lanes 2
// and 3 take a second product that does not wait on the first, so six products do the eleven.
void write_chain_pair_rotations(std::span<Transform> local,
                                const std::array<TwoBoneIkJoints, 2>& joints,
                                const std::array<TwoBoneIkGoal, 2>& goals,
                                const sse::Quat& root_delta, const sse::Quat& mid_delta,
                                const std::array<glm::quat, 2>& root_parents) {
  using namespace sse;
  Transform& root0 = local[joints[0].root];
  Transform& root1 = local[joints[1].root];
  Transform& mid0 = local[joints[0].mid];
  Transform& mid1 = local[joints[1].mid];
  Transform& end0 = local[joints[0].end];
  Transform& end1 = local[joints[1].end];
  const Quat root_parent = load(root_parents[0], root_parents[1]);
  // Two independent products of the pair at a time, in lanes 0-1 and 2-3 (joined).
  const Quat root_now_turn = product(joined(root_parent, root_delta),
                                     joined(load(root0.rotation, root1.rotation), mid_delta));
  const Quat& root_now = root_now_turn;  // lanes 0 and 1
  const Quat turned_root_mid_now =
      product(joined(root_delta, root_now), joined(root_now, load(mid0.rotation, mid1.rotation)));
  const Quat mid_now = upper_lanes(turned_root_mid_now);
  const Quat root_turned_mid =
      product(joined(conjugate(root_parent), mid_delta), joined(turned_root_mid_now, mid_now));
  const Quat mid_turned_end =
      product(joined(conjugate(root_now), mid_now),
              joined(upper_lanes(root_turned_mid), load(end0.rotation, end1.rotation)));
  // The roots' and mids' new rotations, normalized together and stored as lanes 0 to 3: after
  // the ends' (which wait on more), so that the ends' square root and division go first.
  auto write_roots_mids = [&] {
    Quat roots_mids = normalize_or_identity(joined(root_turned_mid, mid_turned_end));
    _MM_TRANSPOSE4_PS(roots_mids.x, roots_mids.y, roots_mids.z, roots_mids.w);
    _mm_storeu_ps(&root0.rotation.x, roots_mids.x);
    _mm_storeu_ps(&root1.rotation.x, roots_mids.y);
    _mm_storeu_ps(&mid0.rotation.x, roots_mids.z);
    _mm_storeu_ps(&mid1.rotation.x, roots_mids.w);
  };
  const std::array<bool, 2> turned{turns_end(goals[0]), turns_end(goals[1])};
  if (!turned[0] && !turned[1]) {
    write_roots_mids();
    return;
  }
  const Quat turn = upper_lanes(root_now_turn);
  const Quat end_parent_now =
      product(joined(turn, turn), joined(mid_now, upper_lanes(mid_turned_end)));
  const Quat& end_parent = end_parent_now;  // lanes 0 and 1
  const Quat end_now = upper_lanes(end_parent_now);
  const Quat end_rotation =
      normalize_or_identity(load(goals[0].end_rotation, goals[1].end_rotation));
  Quat end_goal;
  const std::array<float, 2> weights{std::clamp(goals[0].rotation_weight, 0.0f, 1.0f),
                                     std::clamp(goals[1].rotation_weight, 0.0f, 1.0f)};
  if ((!turned[0] || weights[0] >= 1.0f) && (!turned[1] || weights[1] >= 1.0f)) {
    // slerp at its end: the goal rotation in the hemisphere of the animated one, normalized. It is
    // normalized before the hemisphere is chosen, without waiting for the animated rotation: the
    // choice negates only a rotation of positive length (its dot product is negative), and -q
    // normalizes to exactly -(q normalized), its length being q's.
    const Quat unit_goal = normalize_or_identity(end_rotation);
    const __m128 dot = add(add(mul(end_now.w, end_rotation.w), mul(end_now.x, end_rotation.x)),
                           add(mul(end_now.y, end_rotation.y), mul(end_now.z, end_rotation.z)));
    end_goal = negated_where(_mm_cmplt_ps(dot, _mm_setzero_ps()), unit_goal);
  } else {
    const std::array<glm::quat, 2> now = lanes01(end_now), goal = lanes01(end_rotation);
    auto slerped = [&](std::size_t k) {
      return turned[k] ? slerp(now[k], goal[k], weights[k]) : now[k];
    };
    end_goal = load(slerped(0), slerped(1));
  }
  const std::array<glm::quat, 2> ends =
      lanes01(normalize_or_identity(product(conjugate(end_parent), end_goal)));
  write_roots_mids();
  if (turned[0]) end0.rotation = ends[0];
  if (turned[1]) end1.rotation = ends[1];
}
#endif

const char* check_sizes(const Skeleton& skeleton, std::span<const glm::mat4> model,
                        std::span<Transform> local) {
  const auto n = as_size(skeleton.joint_count());
  if (model.size() != n) return "two-bone IK: model pose is not skeleton-sized";
  if (local.size() != n) return "two-bone IK: local pose is not skeleton-sized";
  return nullptr;
}

TwoBoneIkChain chain_of(std::span<const glm::mat4> model, const TwoBoneIkJoints& joints,
                        const TwoBoneIkGoal& goal) {
  return {position(model[joints.root]), position(model[joints.mid]), position(model[joints.end]),
          goal};
}

}  // namespace

// Flattened, as apply_two_bone_ik below: the inliner leaves the glm operations these are made of
// (normalize, quaternion products) out of line, and their calls cost foot IK about a tenth.
[[gnu::flatten]] TwoBoneIkSolution solve_two_bone_ik(const glm::vec3& root, const glm::vec3& mid,
                                                     const glm::vec3& end,
                                                     const TwoBoneIkGoal& goal) {
  return solve_chains(std::array<TwoBoneIkChain, 1>{{{root, mid, end, goal}}})[0];
}

[[gnu::flatten]] std::array<TwoBoneIkSolution, 2> solve_two_bone_ik_pair(
    const std::array<TwoBoneIkChain, 2>& chains) {
  return solve_two_chains(chains);
}

const char* validate(const Skeleton& skeleton, const TwoBoneIkJoints& joints) {
  const int n = skeleton.joint_count();
  if (joints.root < 0 || joints.root >= n) return "two-bone IK root joint is out of range";
  if (joints.mid < 0 || joints.mid >= n) return "two-bone IK mid joint is out of range";
  if (joints.end < 0 || joints.end >= n) return "two-bone IK end joint is out of range";
  // Parents precede children, so walking up from a joint ends within n steps.
  auto descends = [&](int child, int ancestor) {
    for (int j = skeleton.parents[child]; j != kNoParent; j = skeleton.parents[j]) {
      if (j == ancestor) return true;
      if (j < 0 || j >= n) return false;
    }
    return false;
  };
  if (!descends(joints.mid, joints.root)) return "two-bone IK mid joint is not below the root";
  if (!descends(joints.end, joints.mid)) return "two-bone IK end joint is not below the mid";
  return nullptr;
}

[[gnu::flatten]] JobResult apply_two_bone_ik(
    const Skeleton& skeleton, std::span<const glm::mat4> model, std::span<Transform> local,
    const TwoBoneIkJoints& joints, const TwoBoneIkGoal& goal, TwoBoneIkSolution* out_solution) {
  if (const char* error = check_sizes(skeleton, model, local)) return JobResult::fail(error);
  if (const char* error = validate(skeleton, joints)) return JobResult::fail(error);
  const TwoBoneIkSolution s = solve_two_bone_ik(
      position(model[joints.root]), position(model[joints.mid]), position(model[joints.end]), goal);
  write_chain_rotations(skeleton, model, local, joints, goal, s,
                        matrix_rotation(model, skeleton.parents[joints.root]));
  if (out_solution) *out_solution = s;
  return JobResult::ok();
}

namespace {

// apply_two_bone_ik_pair once its input is checked: writes the chains' rotations and returns
// whether each reached its target; the solutions are made (copied out of the lanes) only for
// out_solutions or where the lanes do not hold them.
[[gnu::always_inline]] inline std::array<bool, 2> write_two_bone_ik_pair(
    const Skeleton& skeleton, std::span<const glm::mat4> model, std::span<Transform> local,
    const std::array<TwoBoneIkJoints, 2>& joints, const std::array<TwoBoneIkGoal, 2>& goals,
    std::array<TwoBoneIkSolution, 2>* out_solutions,
    const std::array<glm::quat, 2>* root_parent_rotations) {
  // The chains with copies of their goals, made only for the solutions (off the solve's path).
  const auto chains = [&] {
    return std::array<TwoBoneIkChain, 2>{chain_of(model, joints[0], goals[0]),
                                         chain_of(model, joints[1], goals[1])};
  };
  // Legs hang from one pelvis: its rotation is read once.
  const int parent0 = skeleton.parents[joints[0].root];
  const int parent1 = skeleton.parents[joints[1].root];
  const glm::quat root_parent0 =
      root_parent_rotations ? (*root_parent_rotations)[0] : matrix_rotation(model, parent0);
  const glm::quat root_parent1 = root_parent_rotations ? (*root_parent_rotations)[1]
                                 : parent1 == parent0  ? root_parent0
                                                       : matrix_rotation(model, parent1);
#if defined(__SSE2__)
  const auto at = [&](std::size_t k) {
    const TwoBoneIkJoints& chain = joints[k];
    return ChainAt{position(model[chain.root]), position(model[chain.mid]),
                   position(model[chain.end]), goals[k]};
  };
  const PairLanes solved = solve_chain_pair_lanes({at(0), at(1)});
  auto direct = [&](const TwoBoneIkJoints& chain) {
    return skeleton.parents[chain.mid] == chain.root && skeleton.parents[chain.end] == chain.mid;
  };
  auto disjoint = [](const TwoBoneIkJoints& a, const TwoBoneIkJoints& b) {
    for (const int j : {a.root, a.mid, a.end}) {
      if (j == b.root || j == b.mid || j == b.end) return false;
    }
    return true;
  };
  // Where the lanes hold both solutions they are written from the lanes, and copied out only
  // for out_solutions; a chain solved out of the lanes (rare) takes the chains in turn, which
  // write the same rotations.
  if (direct(joints[0]) && direct(joints[1]) && disjoint(joints[0], joints[1]) &&
      solved.both_in_lanes()) {
    write_chain_pair_rotations(local, joints, goals, solved.root_turn, solved.mid_turn,
                               {root_parent0, root_parent1});
    if (out_solutions) *out_solutions = pair_solutions(chains(), solved);
    return {(solved.reached_bits & 1) != 0, (solved.reached_bits & 2) != 0};
  }
  const std::array<TwoBoneIkSolution, 2> s = pair_solutions(chains(), solved);
#else
  const std::array<TwoBoneIkSolution, 2> s = solve_chains(chains());
#endif
  write_chain_rotations(skeleton, model, local, joints[0], goals[0], s[0], root_parent0);
  write_chain_rotations(skeleton, model, local, joints[1], goals[1], s[1], root_parent1);
  if (out_solutions) *out_solutions = s;
  return {s[0].reached, s[1].reached};
}

}  // namespace

[[gnu::flatten]] JobResult apply_two_bone_ik_pair(
    const Skeleton& skeleton, std::span<const glm::mat4> model, std::span<Transform> local,
    const std::array<TwoBoneIkJoints, 2>& joints, const std::array<TwoBoneIkGoal, 2>& goals,
    std::array<TwoBoneIkSolution, 2>* out_solutions,
    const std::array<glm::quat, 2>* root_parent_rotations) {
  if (const char* error = check_sizes(skeleton, model, local)) return JobResult::fail(error);
  for (const TwoBoneIkJoints& chain : joints) {
    if (const char* error = validate(skeleton, chain)) return JobResult::fail(error);
  }
  write_two_bone_ik_pair(skeleton, model, local, joints, goals, out_solutions,
                         root_parent_rotations);
  return JobResult::ok();
}

[[gnu::flatten]] std::array<bool, 2> apply_validated_two_bone_ik_pair(
    const Skeleton& skeleton, std::span<const glm::mat4> model, std::span<Transform> local,
    const std::array<TwoBoneIkJoints, 2>& joints, const std::array<TwoBoneIkGoal, 2>& goals,
    const std::array<glm::quat, 2>* root_parent_rotations) {
  return write_two_bone_ik_pair(skeleton, model, local, joints, goals, nullptr,
                                root_parent_rotations);
}

std::array<glm::quat, 4> model_rotations(std::span<const glm::mat4> model,
                                         const std::array<int, 4>& joints) {
  std::array<glm::quat, 4> out;
#if defined(__SSE2__)
  static const glm::mat4 kIdentityMatrix(1.0f);
  std::array<const glm::mat4*, 4> matrices;
  for (std::size_t k = 0; k < 4; ++k) {
    matrices[k] = joints[k] == kNoParent ? &kIdentityMatrix : &model[joints[k]];
  }
  int scaled = 0;
  sse::Quat q = sse::unscaled_model_rotations(matrices, scaled);
  // Lane k becomes quaternion k, stored as glm keeps it (x, y, z, w).
  static_assert(sizeof(glm::quat) == 4 * sizeof(float));
  _MM_TRANSPOSE4_PS(q.x, q.y, q.z, q.w);
  _mm_storeu_ps(&out[0].x, q.x);
  _mm_storeu_ps(&out[1].x, q.y);
  _mm_storeu_ps(&out[2].x, q.z);
  _mm_storeu_ps(&out[3].x, q.w);
  for (std::size_t k = 0; k < 4; ++k) {
    if ((scaled >> k) & 1) out[k] = model_rotation(*matrices[k]);
  }
#else
  for (std::size_t k = 0; k < 4; ++k) out[k] = matrix_rotation(model, joints[k]);
#endif
  return out;
}

}  // namespace anim
