#include "anim/blend_space_2d.h"

#include "anim/blend_sample_label.h"
#include "anim/fast_math.h"
#include "anim/math.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace anim {
namespace {

constexpr std::array<std::pair<BlendMode2D, std::string_view>, 4> kModeNames{{
    {BlendMode2D::SimpleDirectional, "simple-directional"},
    {BlendMode2D::FreeformDirectional, "freeform-directional"},
    {BlendMode2D::FreeformCartesian, "freeform-cartesian"},
    {BlendMode2D::Delaunay, "delaunay"},
}};

// Below this length a position counts as the origin (it has no direction).
constexpr float kOriginRadius = 1e-6f;
// Directions closer than this (radians) count as the same direction in Simple Directional.
constexpr float kSameDirection = 1e-4f;
// Freeform Directional's polar measure counts angles (radians) twice as much as relative speed.
constexpr float kDirectionalAngleWeight = 2.0f;
// A floor for a band vector's squared length, so that a centre's pair with itself measures 1
// rather than 0 / 0 (real pairs are far longer: their relative speed is about 2).
constexpr float kMinLengthSquared = std::numeric_limits<float>::min();
// A support box (PreparedBlendSpace2D::supports) holds every point where each prepared pair's
// band measures at least -kSupportSlack * (1 + the pair's band size times kSupportReach): float
// rounding of an influence is some 1e-7 of those sizes, so outside the box one influence is
// below zero as the search measures it too.
constexpr double kSupportSlack = 1e-4;

float cross(glm::vec2 a, glm::vec2 b) {
  return a.x * b.y - a.y * b.x;
}

bool at_origin(glm::vec2 p) {
  return glm::length(p) <= kOriginRadius;
}

// The unsigned angle between two non-zero vectors, in [0, pi].
float angle_between(glm::vec2 a, glm::vec2 b) {
  return std::atan2(std::abs(cross(a, b)), glm::dot(a, b));
}

// The counter-clockwise angle from a to b, in [0, 2 pi).
float ccw_angle(glm::vec2 a, glm::vec2 b) {
  float angle = std::atan2(cross(a, b), glm::dot(a, b));
  if (angle < 0.0f) angle += 2.0f * std::numbers::pi_v<float>;
  return angle;
}

// Divides the weights by sum, their sum; when nothing got any influence (only possible through
// rounding), the sample nearest to point takes it all.
void divide_or_nearest(std::span<const glm::vec2> positions, glm::vec2 point,
                       std::span<float> weights, float sum) {
  if (sum > 0.0f) {
    for (float& w : weights) w /= sum;
    return;
  }
  std::size_t nearest = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    weights[i] = 0.0f;
    if (glm::length(positions[i] - point) < glm::length(positions[nearest] - point)) nearest = i;
  }
  weights[nearest] = 1.0f;
}

// divide_or_nearest by the weights' sum.
void normalize_or_nearest(std::span<const glm::vec2> positions, glm::vec2 point,
                          std::span<float> weights) {
  float sum = 0.0f;
  for (float w : weights) sum += w;
  divide_or_nearest(positions, point, weights, sum);
}

// A pair's two vectors, the second already divided by its squared length.
struct BandVectors {
  glm::vec2 to_point;
  glm::vec2 to_other_scaled;
};

BandVectors band_vectors(glm::vec2 to_point, glm::vec2 to_other) {
  return {to_point, to_other / glm::dot(to_other, to_other)};
}

// The gradient band influence of sample i: the minimum over the other samples of
// 1 - (i->point).(i->j) / |i->j|^2. row(i) gives the measure of sample i's pairs, a callable
// from j to the two vectors (it may compute what depends on i alone once). The search for i
// stops at zero; zeroed_by (see blend_weights_2d) says which j to test first and learns which
// j got there.
template <typename Row>
void gradient_band_weights(std::span<const glm::vec2> positions, glm::vec2 point,
                           std::span<float> weights, std::span<std::uint32_t> zeroed_by, Row row) {
  assert(weights.size() == positions.size() && !positions.empty());
  assert(zeroed_by.empty() || zeroed_by.size() == positions.size());
  const std::size_t n = positions.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto measure = row(i);
    auto influence_with = [&](std::size_t j, float influence) {
      const BandVectors v = measure(j);
      return std::min(influence, 1.0f - glm::dot(v.to_point, v.to_other_scaled));
    };
    float influence = 1.0f;
    std::size_t first = n;
    if (!zeroed_by.empty() && zeroed_by[i] < n && zeroed_by[i] != i) {
      first = zeroed_by[i];
      influence = influence_with(first, influence);
    }
    for (std::size_t j = 0; j < n && influence > 0.0f; ++j) {
      if (j == i || j == first) continue;
      influence = influence_with(j, influence);
      if (influence <= 0.0f && !zeroed_by.empty()) zeroed_by[i] = static_cast<std::uint32_t>(j);
    }
    weights[i] = std::max(influence, 0.0f);
  }
  normalize_or_nearest(positions, point, weights);
}

using DirectionalPair = PreparedBlendSpace2D::DirectionalPair;
static_assert(sizeof(DirectionalPair) == 4 * sizeof(float), "a pair is loaded as four floats");

// Freeform Directional's gradient band influence 1 - to_point . to_other_scaled of a prepared pair
// (i, j), from i's speed offset to the point (speed_p - speed_i) and its signed angle to the point.
// A pair that was not prepared (i with itself, or with the origin) is zero and measures 1.
float pair_influence(const DirectionalPair& pair, float speed_offset, float angle) {
  const float angle_ip = pair.angle_sign == 0.0f ? std::abs(angle) : pair.angle_sign * angle;
  const glm::vec2 to_point{speed_offset * pair.inv_mean_speed, angle_ip * kDirectionalAngleWeight};
  return 1.0f - glm::dot(to_point, pair.to_other_scaled);
}

// The signed angle from a sample's heading to the point's, brought into (-pi, pi]. A point
// exactly opposite a sample is at +pi, whatever the sign of a zero coordinate (the weights jump
// there anyway).
float heading_difference(float heading_p, float heading) {
  constexpr float kPi = std::numbers::pi_v<float>;
  const float angle = heading_p - heading;
  return angle > kPi ? angle - 2.0f * kPi : angle <= -kPi ? angle + 2.0f * kPi : angle;
}

// The point as Freeform Directional measures it.
struct PolarPoint {
  float speed;
  float heading;       // atan2(y, x); 0 at the origin
  bool has_direction;  // away from the origin
};

// The lowest of a row's influences and the first column where it is (the row's size, "none",
// while nothing is below 1).
struct LowestInfluence {
  float value = 1.0f;
  std::size_t at;

  void take(std::size_t column, float influence) {
    if (influence < value) {
      value = influence;
      at = column;
    }
  }
};

#if defined(__SSE2__)
// LowestInfluence four columns at a time, one lane each, from column 0 on.
class LowestInfluenceLanes {
 public:
  explicit LowestInfluenceLanes(std::size_t none) : at_(_mm_set1_ps(static_cast<float>(none))) {}

  // The influences of the next four columns, 0 to 3 more than the last ones.
  void take(__m128 influence) {
    take(influence, column_);
    column_ = _mm_add_ps(column_, _mm_set1_ps(4.0f));
  }

  // The influences of four columns given lane by lane.
  void take(__m128 influence, __m128 columns) {
    const __m128 lower = _mm_cmplt_ps(influence, lowest_);
    lowest_ = fast::select(lower, influence, lowest_);
    at_ = fast::select(lower, columns, at_);
  }

  // The lanes' lowest, the first column on a tie (columns are small whole numbers: exact), as
  // LowestInfluence takes them one by one, without a branch per lane: a lane below 1 holds a
  // column no other lane holds, so the first column at the lowest names one lane, whose value
  // (its zero's sign included) is returned; lanes at 1 all hold none.
  LowestInfluence lowest() const {
    const auto lowest_lane = [](__m128 v) {
      v = _mm_min_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
      return _mm_min_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
    };
    const __m128 at_lowest = _mm_cmpeq_ps(lowest_, lowest_lane(lowest_));
    const __m128 first = lowest_lane(
        fast::select(at_lowest, at_, _mm_set1_ps(std::numeric_limits<float>::infinity())));
    __m128 value = _mm_and_ps(_mm_and_ps(at_lowest, _mm_cmpeq_ps(at_, first)), lowest_);
    value = _mm_or_ps(value, _mm_shuffle_ps(value, value, _MM_SHUFFLE(1, 0, 3, 2)));
    value = _mm_or_ps(value, _mm_shuffle_ps(value, value, _MM_SHUFFLE(2, 3, 0, 1)));
    return {_mm_cvtss_f32(value), static_cast<std::size_t>(_mm_cvtss_f32(first))};
  }

 private:
  __m128 lowest_ = _mm_set1_ps(1.0f);
  __m128 at_;
  __m128 column_ = _mm_set_ps(3.0f, 2.0f, 1.0f, 0.0f);
};

// The signed angle from samples j..j+3 to the point, lane by lane as heading_difference, 0 where
// the sample or the point has no direction.
[[gnu::always_inline]] inline __m128 angles_to_point4(const PreparedBlendSpace2D& space,
                                                      std::size_t j, PolarPoint point) {
  constexpr float kPi = std::numbers::pi_v<float>;
  const __m128 two_pi = _mm_set1_ps(2.0f * kPi);
  __m128 angle = _mm_sub_ps(_mm_set1_ps(point.heading), _mm_loadu_ps(&space.headings[j]));
  angle = fast::select(
      _mm_cmpgt_ps(angle, _mm_set1_ps(kPi)), _mm_sub_ps(angle, two_pi),
      fast::select(_mm_cmple_ps(angle, _mm_set1_ps(-kPi)), _mm_add_ps(angle, two_pi), angle));
  const __m128 point_directed = _mm_castsi128_ps(_mm_set1_epi32(point.has_direction ? -1 : 0));
  const __m128 directed = _mm_and_ps(
      point_directed, _mm_cmpgt_ps(_mm_loadu_ps(&space.speeds[j]), _mm_set1_ps(kOriginRadius)));
  return _mm_and_ps(directed, angle);
}

// pair_influence of four prepared pairs (one per lane), with the same operations in the same
// order, so the same values.
[[gnu::always_inline]] inline __m128 pair_influences4(const DirectionalPair* p0,
                                                      const DirectionalPair* p1,
                                                      const DirectionalPair* p2,
                                                      const DirectionalPair* p3,
                                                      __m128 speed_offset, __m128 angle) {
  __m128 to_other_x = _mm_loadu_ps(&p0->to_other_scaled.x);
  __m128 to_other_y = _mm_loadu_ps(&p1->to_other_scaled.x);
  __m128 inv_mean_speed = _mm_loadu_ps(&p2->to_other_scaled.x);
  __m128 angle_sign = _mm_loadu_ps(&p3->to_other_scaled.x);
  _MM_TRANSPOSE4_PS(to_other_x, to_other_y, inv_mean_speed, angle_sign);
  const __m128 unsigned_angle = fast::abs(angle);
  const __m128 angle_ip = fast::select(_mm_cmpeq_ps(angle_sign, _mm_setzero_ps()), unsigned_angle,
                                       _mm_mul_ps(angle_sign, angle));
  const __m128 x = _mm_mul_ps(speed_offset, inv_mean_speed);
  const __m128 y = _mm_mul_ps(angle_ip, _mm_set1_ps(kDirectionalAngleWeight));
  return _mm_sub_ps(_mm_set1_ps(1.0f),
                    _mm_add_ps(_mm_mul_ps(x, to_other_x), _mm_mul_ps(y, to_other_y)));
}
#endif

// The lowest pair_influence over row i's columns that can hold it (PreparedBlendSpace2D::
// row_columns), at the column of the lowest or n when none is below 1. With SSE four columns at a
// time, with the same operations in the same order, so the same values.
LowestInfluence lowest_pair_influence(const PreparedBlendSpace2D& space, std::size_t i,
                                      float speed_offset, float angle) {
  const std::size_t n = space.positions.size();
  const std::size_t begin = space.row_begin[i];
  const std::size_t end = space.row_begin[i + 1];
  const DirectionalPair* pairs = space.row_pairs.data();
  const float* columns = space.row_columns.data();
#if defined(__SSE2__)
  const __m128 offset = _mm_set1_ps(speed_offset);
  const __m128 signed_angle = _mm_set1_ps(angle);
  LowestInfluenceLanes lanes(n);
  for (std::size_t k = begin; k < end; k += 4) {
    lanes.take(pair_influences4(&pairs[k], &pairs[k + 1], &pairs[k + 2], &pairs[k + 3], offset,
                                signed_angle),
               _mm_loadu_ps(columns + k));
  }
  return lanes.lowest();
#else
  LowestInfluence lowest{1.0f, n};
  for (std::size_t k = begin; k < end; ++k) {
    lowest.take(static_cast<std::size_t>(columns[k]),
                pair_influence(pairs[k], speed_offset, angle));
  }
  return lowest;
#endif
}

// The gradient band influence of a pair with a sample at the origin, which takes the point's
// direction: 1 - to_point . to_other / |to_other|^2 with to_point (relative speed to the point,
// angle_ip) and to_other (relative speed to the other, angle_ij), the angles counted once. The
// pair of a centre with itself (all zero) measures 1.
float centre_pair_influence(float speed_to_point, float speed_to_other, float angle_ip,
                            float angle_ij) {
  const float length_squared =
      std::max(speed_to_other * speed_to_other + angle_ij * angle_ij, kMinLengthSquared);
  return 1.0f - (speed_to_point * speed_to_other + angle_ip * angle_ij) / length_squared;
}

// The lowest influence over the row of centre sample c (centre table row k, see
// PreparedBlendSpace2D): its pairs' to_point is (relative speed, 0) and to_other (relative speed,
// the other sample's unsigned angle to the point). With SSE four columns at a time, with the same
// values as the scalar tail (the zero angle_ip adds an exact zero). angles, when not null, holds
// every sample's signed angle to the point as rows_outside_supports measured it.
LowestInfluence lowest_centre_row_influence(const PreparedBlendSpace2D& space, std::size_t c,
                                            std::size_t k, PolarPoint point, const float* angles) {
  const std::size_t n = space.positions.size();
  const float* relative_speeds = &space.centre_relative_speeds[k * n];
  const float* inv_mean_speeds = &space.centre_inv_mean_speeds[k * n];
  const float speed_offset = point.speed - space.speeds[c];
  const auto angle_to_point = [&](std::size_t j) {
    if (angles != nullptr) return std::abs(angles[j]);
    const bool directed = point.has_direction && space.speeds[j] > kOriginRadius;
    return directed ? std::abs(heading_difference(point.heading, space.headings[j])) : 0.0f;
  };
  LowestInfluence lowest{1.0f, n};
  std::size_t j = 0;
#if defined(__SSE2__)
  const __m128 offset = _mm_set1_ps(speed_offset);
  LowestInfluenceLanes lanes(n);
  for (; j + 4 <= n; j += 4) {
    const __m128 angle =
        _mm_andnot_ps(_mm_set1_ps(-0.0f), angles != nullptr ? _mm_loadu_ps(angles + j)
                                                            : angles_to_point4(space, j, point));
    const __m128 speed_to_other = _mm_loadu_ps(relative_speeds + j);
    const __m128 speed_to_point = _mm_mul_ps(offset, _mm_loadu_ps(inv_mean_speeds + j));
    const __m128 length_squared =
        _mm_max_ps(_mm_add_ps(_mm_mul_ps(speed_to_other, speed_to_other), _mm_mul_ps(angle, angle)),
                   _mm_set1_ps(kMinLengthSquared));
    lanes.take(_mm_sub_ps(_mm_set1_ps(1.0f),
                          _mm_div_ps(_mm_mul_ps(speed_to_point, speed_to_other), length_squared)));
  }
  lowest = lanes.lowest();
#endif
  for (; j < n; ++j) {
    lowest.take(j, centre_pair_influence(speed_offset * inv_mean_speeds[j], relative_speeds[j],
                                         0.0f, angle_to_point(j)));
  }
  return lowest;
}

// One side of a support polygon: the points x = (speed offset, angle) with dot(normal, x) <= limit.
struct SupportEdge {
  glm::dvec2 normal;
  double limit;
};

// The bounding box (min speed offset, max speed offset, min angle, max angle) of the polygon of
// edges, a bounded one that holds the origin: from its corners, the intersections of two edges
// that every edge keeps. An edge as far as kFarSpeed bounds the speed offset from above; a box
// that reaches it is open upward.
glm::vec4 support_box(std::span<const SupportEdge> edges, double far_speed) {
  glm::dvec2 low{0.0}, high{0.0};
  for (std::size_t a = 0; a < edges.size(); ++a) {
    for (std::size_t b = a + 1; b < edges.size(); ++b) {
      const glm::dvec2 na = edges[a].normal, nb = edges[b].normal;
      const double det = na.x * nb.y - na.y * nb.x;
      if (std::abs(det) < 1e-12 * glm::length(na) * glm::length(nb)) continue;
      const glm::dvec2 corner{(edges[a].limit * nb.y - edges[b].limit * na.y) / det,
                              (na.x * edges[b].limit - nb.x * edges[a].limit) / det};
      const bool kept = std::all_of(edges.begin(), edges.end(), [&](const SupportEdge& e) {
        return glm::dot(e.normal, corner) <= e.limit + 1e-9 * (1.0 + std::abs(e.limit));
      });
      if (!kept) continue;
      low = glm::min(low, corner);
      high = glm::max(high, corner);
    }
  }
  constexpr float kInfinity = std::numeric_limits<float>::infinity();
  // Rounded outward to float.
  const auto below = [](double v) { return std::nextafter(static_cast<float>(v), -kInfinity); };
  const auto above = [](double v) { return std::nextafter(static_cast<float>(v), kInfinity); };
  return {below(low.x), high.x >= 0.5 * far_speed ? kInfinity : above(high.x), below(low.y),
          above(high.y)};
}

// The convex hull of points, counter-clockwise (Andrew's monotone chain); fewer than three
// corners when they are all on one line.
std::vector<glm::dvec2> convex_hull(std::vector<glm::dvec2> points) {
  std::sort(points.begin(), points.end(),
            [](glm::dvec2 a, glm::dvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  const auto turn = [](glm::dvec2 o, glm::dvec2 a, glm::dvec2 b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<glm::dvec2> hull(2 * points.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {  // lower chain
    while (k >= 2 && turn(hull[k - 2], hull[k - 1], points[i]) <= 0.0) --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && turn(hull[k - 2], hull[k - 1], points[i]) <= 0.0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k > 1 ? k - 1 : k);
  return hull;
}

// How far inside the convex polygon hull (counter-clockwise, three corners or more) point lies:
// its distance to the nearest edge's line, negative outside.
double depth_inside(std::span<const glm::dvec2> hull, glm::dvec2 point) {
  double depth = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < hull.size(); ++k) {
    const glm::dvec2 edge = hull[(k + 1) % hull.size()] - hull[k];
    const glm::dvec2 to_point = point - hull[k];
    depth = std::min(depth, (edge.x * to_point.y - edge.y * to_point.x) / glm::length(edge));
  }
  return depth;
}

// Fills space.row_begin, row_columns and row_pairs (Freeform Directional). A prepared pair j of
// row i measures 1 - dot(c_j, (speed offset, angle)) up to rounding, with c_j its band vector
// (two of them, mirrored, for an unsigned angle, which measures the larger). When c_j lies at
// least depth d inside the hull of the band vectors and the origin, one of the hull's corners,
// c_k, has dot(c_k, x) at least d |x| above dot(c_j, x) at every point x, which outweighs the
// rounding of both (a few float epsilons of |c| |x|) when d is 1e-4 of the vectors' size: pair
// k (or the 1 a search starts from, for the origin) measures at most pair j's influence as the
// search rounds them too, and pair j can be skipped.
void prune_rows(PreparedBlendSpace2D& space) {
  const std::size_t n = space.positions.size();
  const auto bands = [&](std::size_t i, std::size_t j) {
    const PreparedBlendSpace2D::DirectionalPair& pair = space.pairs[i * n + j];
    const double x = static_cast<double>(pair.inv_mean_speed) * pair.to_other_scaled.x;
    const double y = kDirectionalAngleWeight * static_cast<double>(pair.to_other_scaled.y);
    const double sign = pair.angle_sign;
    return pair.angle_sign != 0.0f ? std::array{glm::dvec2{x, sign * y}, glm::dvec2{x, sign * y}}
                                   : std::array{glm::dvec2{x, y}, glm::dvec2{x, -y}};
  };
  const auto prepared = [&](std::size_t i, std::size_t j) {
    return space.pairs[i * n + j].inv_mean_speed != 0.0f;
  };
  std::vector<glm::dvec2> points;
  for (std::size_t i = 0; i < n; ++i) {
    space.row_begin.push_back(static_cast<std::uint32_t>(space.row_columns.size()));
    points.assign(1, glm::dvec2(0.0));
    double size = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      if (!prepared(i, j)) continue;
      for (const glm::dvec2 band : bands(i, j)) {
        points.push_back(band);
        size = std::max(size, std::abs(band.x) + std::abs(band.y));
      }
    }
    const std::vector<glm::dvec2> hull = convex_hull(points);
    const double margin = 1e-4 * size;
    for (std::size_t j = 0; j < n; ++j) {
      if (!prepared(i, j)) continue;
      const auto [band, mirrored] = bands(i, j);
      if (hull.size() >= 3 && depth_inside(hull, band) >= margin &&
          depth_inside(hull, mirrored) >= margin) {
        continue;
      }
      space.row_columns.push_back(static_cast<float>(j));
      space.row_pairs.push_back(space.pairs[i * n + j]);
    }
    while ((space.row_columns.size() - space.row_begin.back()) % 4 != 0) {
      space.row_columns.push_back(static_cast<float>(n));
      space.row_pairs.push_back({});
    }
  }
  space.row_begin.push_back(static_cast<std::uint32_t>(space.row_columns.size()));
}

// Fills space.supports from its prepared pairs (Freeform Directional).
void measure_supports(PreparedBlendSpace2D& space) {
  constexpr double kPi = std::numbers::pi;
  const std::size_t n = space.positions.size();
  const double reach = kPi + 2.0 * *std::max_element(space.speeds.begin(), space.speeds.end());
  const double far_speed = 1e6 * (1.0 + reach);
  PreparedBlendSpace2D::SupportBoxes& boxes = space.supports;
  std::vector<SupportEdge> edges;
  for (std::size_t i = 0; i < n; ++i) {
    glm::vec4 box{-std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity(),
                  -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity()};
    if (space.speeds[i] > kOriginRadius) {
      // The domain: the point's speed is at least 0, its angle within a half turn either way.
      const double domain_slack = kSupportSlack * (1.0 + reach);
      edges = {{{0.0, 1.0}, kPi + domain_slack},
               {{0.0, -1.0}, kPi + domain_slack},
               {{-1.0, 0.0}, space.speeds[i] + domain_slack},
               {{1.0, 0.0}, far_speed}};
      for (std::size_t j = 0; j < n; ++j) {
        const PreparedBlendSpace2D::DirectionalPair& pair = space.pairs[i * n + j];
        if (pair.inv_mean_speed == 0.0f) continue;  // not prepared: itself, or a centre
        // 1 - influence = dot((speed offset * inv_mean_speed, angle_ip * 2), to_other_scaled).
        const glm::dvec2 band{
            static_cast<double>(pair.inv_mean_speed) * pair.to_other_scaled.x,
            kDirectionalAngleWeight * static_cast<double>(pair.to_other_scaled.y)};
        const double limit =
            1.0 + kSupportSlack * (1.0 + (std::abs(band.x) + std::abs(band.y)) * reach);
        if (pair.angle_sign != 0.0f) {
          edges.push_back({{band.x, pair.angle_sign * band.y}, limit});
        } else {  // the unsigned angle: both sides
          edges.push_back({{band.x, band.y}, limit});
          edges.push_back({{band.x, -band.y}, limit});
        }
      }
      box = support_box(edges, far_speed);
    }
    boxes.min_speed_offset.push_back(box.x);
    boxes.max_speed_offset.push_back(box.y);
    boxes.min_angle.push_back(box.z);
    boxes.max_angle.push_back(box.w);
  }
}

// Which of rows i..i+3 (those below n) have the point outside their support boxes: bit k for
// row i + k (a NaN point is inside). With SSE four rows at a time, the same speed offsets and
// angles as the rows' searches measure; the angles (each sample's signed angle to the point, 0
// where either has no direction) are written to out_angles[0..3] for the searches.
unsigned rows_outside_supports(const PreparedBlendSpace2D& space, std::size_t i, PolarPoint point,
                               float* out_angles) {
  const PreparedBlendSpace2D::SupportBoxes& box = space.supports;
  const std::size_t n = space.positions.size();
#if defined(__SSE2__)
  if (i + 4 <= n) {
    const __m128 offset = _mm_sub_ps(_mm_set1_ps(point.speed), _mm_loadu_ps(&space.speeds[i]));
    const __m128 angle = angles_to_point4(space, i, point);
    _mm_storeu_ps(out_angles, angle);
    const __m128 outside =
        _mm_or_ps(_mm_or_ps(_mm_cmplt_ps(offset, _mm_loadu_ps(&box.min_speed_offset[i])),
                            _mm_cmpgt_ps(offset, _mm_loadu_ps(&box.max_speed_offset[i]))),
                  _mm_or_ps(_mm_cmplt_ps(angle, _mm_loadu_ps(&box.min_angle[i])),
                            _mm_cmpgt_ps(angle, _mm_loadu_ps(&box.max_angle[i]))));
    return static_cast<unsigned>(_mm_movemask_ps(outside));
  }
#endif
  unsigned rows = 0;
  for (std::size_t k = i; k < std::min(i + 4, n); ++k) {
    const float offset = point.speed - space.speeds[k];
    const bool directed = point.has_direction && space.speeds[k] > kOriginRadius;
    const float angle = directed ? heading_difference(point.heading, space.headings[k]) : 0.0f;
    out_angles[k - i] = angle;
    if (offset < box.min_speed_offset[k] || offset > box.max_speed_offset[k] ||
        angle < box.min_angle[k] || angle > box.max_angle[k]) {
      rows |= 1u << (k - i);
    }
  }
  return rows;
}

}  // namespace

std::string_view to_string(BlendMode2D mode) {
  for (const auto& [m, name] : kModeNames) {
    if (m == mode) return name;
  }
  return "unknown";
}

std::optional<BlendMode2D> parse_blend_mode_2d(std::string_view name) {
  for (const auto& [mode, text] : kModeNames) {
    if (text == name) return mode;
  }
  return std::nullopt;
}

std::string validate_positions_2d(BlendMode2D mode, std::span<const glm::vec2> positions,
                                  std::span<const std::string> clip_names) {
  const auto sample_name = [&](std::size_t i) { return sample_label(i, clip_names); };
  if (positions.empty()) return "the blend space has no samples";
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (!std::isfinite(positions[i].x) || !std::isfinite(positions[i].y)) {
      return sample_name(i) + " has a coordinate that is not a finite number";
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (glm::length(positions[i] - positions[j]) <= kOriginRadius) {
        return sample_name(j) + " and " + sample_name(i) + " are at the same position";
      }
      if (mode == BlendMode2D::SimpleDirectional && !at_origin(positions[i]) &&
          !at_origin(positions[j]) && angle_between(positions[i], positions[j]) < kSameDirection) {
        return sample_name(j) + " and " + sample_name(i) +
               " point the same direction, which simple-directional cannot blend (use "
               "freeform-directional for several speeds per direction)";
      }
    }
  }
  return {};
}

std::string validate(const BlendSpace2D& space) {
  if (!(space.x_axis.min < space.x_axis.max)) return "the x axis range needs min < max";
  if (!(space.y_axis.min < space.y_axis.max)) return "the y axis range needs min < max";
  std::vector<glm::vec2> positions;
  std::vector<std::string> clip_names;
  positions.reserve(space.samples.size());
  for (const BlendSample2D& sample : space.samples) {
    positions.push_back(sample.position);
    clip_names.push_back(sample.clip_name);
  }
  return validate_positions_2d(space.mode, positions, clip_names);
}

std::string prepare_blend_space_2d(BlendMode2D mode, std::span<const glm::vec2> positions,
                                   PreparedBlendSpace2D& out) {
  out = PreparedBlendSpace2D{};
  out.mode = mode;
  if (std::string error = validate_positions_2d(mode, positions); !error.empty()) return error;
  out.positions.assign(positions.begin(), positions.end());
  if (mode == BlendMode2D::Delaunay) out.triangulation = triangulate_delaunay(positions);
  if (mode == BlendMode2D::FreeformDirectional) {
    const std::size_t n = positions.size();
    for (const glm::vec2& p : positions) {
      out.speeds.push_back(glm::length(p));
      out.headings.push_back(at_origin(p) ? 0.0f : std::atan2(p.y, p.x));
    }
    out.pairs.assign(n * n, {});
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j || at_origin(positions[i]) || at_origin(positions[j])) continue;
        PreparedBlendSpace2D::DirectionalPair& pair = out.pairs[i * n + j];
        const float angle_ij = angle_between(positions[i], positions[j]);
        pair.inv_mean_speed = 2.0f / (out.speeds[i] + out.speeds[j]);
        pair.to_other_scaled =
            band_vectors({}, {(out.speeds[j] - out.speeds[i]) * pair.inv_mean_speed,
                              angle_ij * kDirectionalAngleWeight})
                .to_other_scaled;
        // Signed toward pj; opposite samples have no side, so the unsigned angle is used there.
        if (angle_ij < 0.99f * std::numbers::pi_v<float>) {
          pair.angle_sign = cross(positions[i], positions[j]) < 0.0f ? -1.0f : 1.0f;
        }
      }
    }
    for (std::size_t c = 0; c < n; ++c) {
      if (!at_origin(positions[c])) continue;
      out.centres.push_back(static_cast<std::uint32_t>(c));
      for (std::size_t j = 0; j < n; ++j) {
        // Distinct positions: only c itself makes the mean speed zero.
        const float inv_mean_speed = j == c ? 0.0f : 2.0f / (out.speeds[c] + out.speeds[j]);
        out.centre_inv_mean_speeds.push_back(inv_mean_speed);
        out.centre_relative_speeds.push_back((out.speeds[j] - out.speeds[c]) * inv_mean_speed);
      }
    }
    measure_supports(out);
    prune_rows(out);
  }
  return {};
}

void blend_weights_2d(const PreparedBlendSpace2D& space, glm::vec2 point, std::span<float> weights,
                      std::span<std::uint32_t> zeroed_by) {
  switch (space.mode) {
    case BlendMode2D::SimpleDirectional:
      simple_directional_weights(space.positions, point, weights);
      return;
    case BlendMode2D::FreeformDirectional:
      freeform_directional_weights(space, point, weights, zeroed_by);
      return;
    case BlendMode2D::FreeformCartesian:
      freeform_cartesian_weights(space.positions, point, weights, zeroed_by);
      return;
    case BlendMode2D::Delaunay:
      delaunay_weights(space.positions, space.triangulation, point, weights);
      return;
  }
}

void simple_directional_weights(std::span<const glm::vec2> positions, glm::vec2 point,
                                std::span<float> weights) {
  assert(weights.size() == positions.size() && !positions.empty());
  const int n = static_cast<int>(positions.size());
  int centre = -1;
  int ahead = -1;   // the first sample direction counter-clockwise from the point (or on it)
  int behind = -1;  // the first one clockwise
  float ahead_angle = 0.0f;
  float behind_angle = 0.0f;
  for (int i = 0; i < n; ++i) {
    weights[i] = 0.0f;
    if (at_origin(positions[i])) {
      centre = i;
      continue;
    }
    if (at_origin(point)) continue;
    const float angle = ccw_angle(point, positions[i]);
    if (ahead < 0 || angle < ahead_angle) {
      ahead = i;
      ahead_angle = angle;
    }
    if (behind < 0 || angle > behind_angle) {
      behind = i;
      behind_angle = angle;
    }
  }

  float t_ahead = 0.0f;
  float t_behind = 0.0f;
  if (ahead >= 0) {
    const glm::vec2 pa = positions[ahead];
    const glm::vec2 pb = positions[behind];
    const float det = cross(pb, pa);
    if (ahead != behind && det > 1e-6f * glm::length(pa) * glm::length(pb)) {
      // Less than 180 degrees from pb to pa: solve point = t_behind * pb + t_ahead * pa.
      t_behind = std::max(cross(point, pa) / det, 0.0f);
      t_ahead = std::max(cross(pb, point) / det, 0.0f);
    } else {
      // A gap of 180 degrees or more (or one direction): project onto each direction while the
      // point is within 90 degrees of it.
      t_ahead = std::max(glm::dot(point, pa) / glm::dot(pa, pa), 0.0f);
      if (ahead != behind) t_behind = std::max(glm::dot(point, pb) / glm::dot(pb, pb), 0.0f);
    }
  }
  const float t_sum = t_ahead + t_behind;
  const float node_influence = std::clamp(t_sum, 0.0f, 1.0f);
  if (t_sum > 0.0f) {
    weights[ahead] += node_influence * t_ahead / t_sum;
    if (ahead != behind) weights[behind] += node_influence * t_behind / t_sum;
  }
  const float rest = 1.0f - node_influence;
  if (centre >= 0) {
    weights[centre] += rest;
  } else {
    for (float& w : weights) w += rest / static_cast<float>(n);
  }
}

void freeform_cartesian_weights(std::span<const glm::vec2> positions, glm::vec2 point,
                                std::span<float> weights, std::span<std::uint32_t> zeroed_by) {
  gradient_band_weights(positions, point, weights, zeroed_by, [&](std::size_t i) {
    return [&, pi = positions[i]](std::size_t j) {
      return band_vectors(point - pi, positions[j] - pi);
    };
  });
}

// Johansen's polar measure between samples i and j: (speed difference relative to the pair's mean
// speed, angle * 2), so direction changes count twice as much as speed.
void freeform_directional_weights(const PreparedBlendSpace2D& space, glm::vec2 point,
                                  std::span<float> weights, std::span<std::uint32_t> zeroed_by) {
  const std::span<const glm::vec2> positions = space.positions;
  const std::size_t n = positions.size();
  assert(weights.size() == n && n > 0);
  assert(zeroed_by.empty() || zeroed_by.size() == n);
  const bool point_at_origin = at_origin(point);
  const PolarPoint polar{glm::length(point), point_at_origin ? 0.0f : std::atan2(point.y, point.x),
                         !point_at_origin};
  const auto at_centre = [&](std::size_t k) { return space.speeds[k] <= kOriginRadius; };
  // The signed angle from a sample's direction to the point's (0 when either has none).
  auto angle_to_point = [&](std::size_t k) {
    if (!polar.has_direction || at_centre(k)) return 0.0f;
    return heading_difference(polar.heading, space.headings[k]);
  };
  // Centre sample c's row in the centre tables.
  const auto centre_row = [&](std::size_t c) {
    return static_cast<std::size_t>(std::find(space.centres.begin(), space.centres.end(), c) -
                                    space.centres.begin());
  };
  // The gradient band's 1 - to_point . to_other_scaled of the pair of sample i, away from the
  // origin, with the centre of row k of the centre tables, from i's speed offset and angle to the
  // point: the centre takes the point's direction, so only i's angle to the point remains, and
  // it counts once, as the polar distance from the origin is speed. The centre's table holds
  // (speed_i - speed_c) / mean: negated, the speed from i to it.
  const auto influence_with_centre = [&](std::size_t i, std::size_t k, float speed_offset,
                                         float angle) {
    const std::size_t at = k * n + i;
    const float unsigned_angle = std::abs(angle);
    return centre_pair_influence(speed_offset * space.centre_inv_mean_speeds[at],
                                 -space.centre_relative_speeds[at], unsigned_angle, unsigned_angle);
  };
  // The same for any pair (i, j), j != i, with a sample at the origin.
  auto centre_influence = [&](std::size_t i, std::size_t j) {
    const float speed_offset = polar.speed - space.speeds[i];
    if (at_centre(i)) {
      const std::size_t at = centre_row(i) * n + j;
      return centre_pair_influence(speed_offset * space.centre_inv_mean_speeds[at],
                                   space.centre_relative_speeds[at], 0.0f,
                                   std::abs(angle_to_point(j)));
    }
    return influence_with_centre(i, centre_row(j), speed_offset, angle_to_point(i));
  };
  // Each sample's influence is the minimum over the other samples (see gradient_band_weights),
  // 0 outright where the point is outside the sample's support box (most samples: their rows
  // are skipped, 32 at a time by a mask built four rows at a time); then first the sample that
  // zeroed it last time, which most often zeroes it again; otherwise the whole row in one
  // branch-free pass: a centre's over its table row, another sample's over its prepared pairs
  // (the pair with itself and those with the origin are zero there, measuring 1, which leaves
  // the minimum alone), then its pairs with the centres. The sum skips the zeros, which add
  // nothing exactly. The block's angles to the point are measured once, with its mask (all of
  // them for a centre's row when one block holds every sample).
  std::fill(weights.begin(), weights.end(), 0.0f);
  float sum = 0.0f;
  for (std::size_t block = 0; block < n; block += 32) {
    const std::size_t rows = std::min<std::size_t>(32, n - block);
    std::uint32_t inside = 0;
    float angles[32];
    for (std::size_t k = 0; k < rows; k += 4) {
      inside |= (~rows_outside_supports(space, block + k, polar, &angles[k]) & 0xFu) << k;
    }
    if (rows < 32) inside &= (1u << rows) - 1u;
    for (; inside != 0; inside &= inside - 1u) {
      const std::size_t i = block + static_cast<std::size_t>(std::countr_zero(inside));
      const bool centre = at_centre(i);
      const float speed_offset = polar.speed - space.speeds[i];
      const float angle = angles[i - block];
      if (!zeroed_by.empty() && zeroed_by[i] < n && zeroed_by[i] != i) {
        const std::size_t j = zeroed_by[i];
        const float hinted = centre || at_centre(j)
                                 ? centre_influence(i, j)
                                 : pair_influence(space.pairs[i * n + j], speed_offset, angle);
        if (hinted <= 0.0f) continue;
      }
      LowestInfluence lowest{1.0f, n};
      if (centre) {
        lowest = lowest_centre_row_influence(space, i, centre_row(i), polar,
                                             rows == n ? angles : nullptr);
      } else {
        lowest = lowest_pair_influence(space, i, speed_offset, angle);
        for (std::size_t k = 0; k < space.centres.size(); ++k) {
          lowest.take(space.centres[k], influence_with_centre(i, k, speed_offset, angle));
        }
      }
      if (lowest.value <= 0.0f && !zeroed_by.empty()) {
        zeroed_by[i] = static_cast<std::uint32_t>(lowest.at);
      }
      weights[i] = std::max(lowest.value, 0.0f);
      sum += weights[i];
    }
  }
  divide_or_nearest(positions, point, weights, sum);
}

void delaunay_weights(std::span<const glm::vec2> positions, const BlendTriangulation& triangulation,
                      glm::vec2 point, std::span<float> weights) {
  assert(weights.size() == positions.size() && !positions.empty());
  std::fill(weights.begin(), weights.end(), 0.0f);

  // The triangle the point is most inside of (the largest smallest barycentric coordinate),
  // which also settles points on shared edges without a tolerance war.
  int best = -1;
  glm::vec3 best_bary{0.0f};
  float best_min = -std::numeric_limits<float>::infinity();
  for (int t = 0; t < static_cast<int>(triangulation.triangles.size()); ++t) {
    const auto& tri = triangulation.triangles[t];
    const glm::vec2 a = positions[tri[0]];
    const glm::vec2 b = positions[tri[1]];
    const glm::vec2 c = positions[tri[2]];
    const float area = cross(b - a, c - a);
    const glm::vec3 bary{cross(b - point, c - point) / area, cross(c - point, a - point) / area,
                         cross(a - point, b - point) / area};
    const float smallest = std::min({bary.x, bary.y, bary.z});
    if (smallest > best_min) {
      best_min = smallest;
      best = t;
      best_bary = bary;
    }
  }
  constexpr float kInsideTolerance = 1e-5f;
  if (best >= 0 && best_min >= -kInsideTolerance) {
    best_bary = glm::max(best_bary, glm::vec3(0.0f));
    best_bary /= best_bary.x + best_bary.y + best_bary.z;
    for (int k = 0; k < 3; ++k) weights[triangulation.triangles[best][k]] = best_bary[k];
    return;
  }

  // Outside: clamp onto the nearest boundary edge.
  if (triangulation.boundary.empty()) {
    weights[0] = 1.0f;  // a single sample
    return;
  }
  float best_distance = std::numeric_limits<float>::infinity();
  std::array<int, 2> best_edge{0, 0};
  float best_t = 0.0f;
  for (const auto& edge : triangulation.boundary) {
    const glm::vec2 a = positions[edge[0]];
    const glm::vec2 ab = positions[edge[1]] - a;
    const float t = std::clamp(glm::dot(point - a, ab) / glm::dot(ab, ab), 0.0f, 1.0f);
    const float distance = glm::length(a + t * ab - point);
    if (distance < best_distance) {
      best_distance = distance;
      best_edge = edge;
      best_t = t;
    }
  }
  weights[best_edge[0]] = 1.0f - best_t;
  weights[best_edge[1]] += best_t;
}

}  // namespace anim
