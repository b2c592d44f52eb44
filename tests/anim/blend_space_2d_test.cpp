#include "anim/blend_space_2d.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

namespace anim {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

std::vector<float> weights_at(BlendMode2D mode, const std::vector<glm::vec2>& samples,
                              glm::vec2 point) {
  PreparedBlendSpace2D space;
  EXPECT_EQ(prepare_blend_space_2d(mode, samples, space), "");
  std::vector<float> w(samples.size(), -1.0f);
  blend_weights_2d(space, point, w);
  return w;
}

void expect_weights(const std::vector<float>& actual, const std::vector<float>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(actual[i], expected[i], 1e-5f) << "sample " << i;
  }
}

// Centre, forward (+y), right (+x), back, left: the classic Simple Directional layout.
const std::vector<glm::vec2> kCross{{0, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}};

TEST(SimpleDirectional, SplitsNodeInfluenceBetweenBracketingSamplesAndCentre) {
  // (0.25, 0.5) = 0.25 * right + 0.5 * forward: node influence 0.75, the rest to the centre.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, kCross, {0.25f, 0.5f}),
                 {0.25f, 0.5f, 0.25f, 0.0f, 0.0f});
  // (1, 1): t1 + t2 = 2 is clamped to 1 and shared 1:1.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, kCross, {1.0f, 1.0f}),
                 {0.0f, 0.5f, 0.5f, 0.0f, 0.0f});
  // (-3, -1) = 1 * back + 3 * left: clamped, shared 1:3.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, kCross, {-3.0f, -1.0f}),
                 {0.0f, 0.0f, 0.0f, 0.25f, 0.75f});
}

TEST(SimpleDirectional, WithoutCentreTheRestIsSharedByAllSamples) {
  const std::vector<glm::vec2> ring{{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  // Node influence 0.75 as above; the remaining 0.25 is spread over four samples.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, ring, {0.25f, 0.5f}),
                 {0.5625f, 0.3125f, 0.0625f, 0.0625f});
}

TEST(SimpleDirectional, InputAtTheOriginGoesToTheCentreOrIsSharedEvenly) {
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, kCross, {0.0f, 0.0f}),
                 {1.0f, 0.0f, 0.0f, 0.0f, 0.0f});
  const std::vector<glm::vec2> ring{{0, 2}, {2, 0}, {0, -2}, {-2, 0}};
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, ring, {0.0f, 0.0f}),
                 {0.25f, 0.25f, 0.25f, 0.25f});
}

TEST(SimpleDirectional, SamplesOnOneLineProjectOntoTheNearerDirection) {
  const std::vector<glm::vec2> line{{0, 0}, {0, 2}, {0, -2}};
  // Projection of (0.5, 1) onto (0, 2) is 0.5; back is more than 90 degrees away.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, line, {0.5f, 1.0f}),
                 {0.5f, 0.5f, 0.0f});
  // Perpendicular to the line: no direction applies, all to the centre.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, line, {3.0f, 0.0f}),
                 {1.0f, 0.0f, 0.0f});
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, line, {0.1f, -5.0f}),
                 {0.0f, 0.0f, 1.0f});
}

TEST(SimpleDirectional, SingleDirectionProjectsOntoIt) {
  const std::vector<glm::vec2> single{{0, 0}, {0, 2}};
  // dot((1, 1), (0, 2)) / |(0, 2)|^2 = 0.5.
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, single, {1.0f, 1.0f}), {0.5f, 0.5f});
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, single, {0.0f, -1.0f}), {1.0f, 0.0f});
  const std::vector<glm::vec2> alone{{0, 2}};
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, alone, {-4.0f, 1.0f}), {1.0f});
}

TEST(SimpleDirectional, GapWiderThan180DegreesUsesProjections) {
  // Forward and right only: from (-0.5, 0.5) the gap runs 270 degrees from forward to right.
  // Projection onto forward 0.5, onto right negative (0); the rest 0.5 is shared by both.
  const std::vector<glm::vec2> quarter{{0, 1}, {1, 0}};
  expect_weights(weights_at(BlendMode2D::SimpleDirectional, quarter, {-0.5f, 0.5f}),
                 {0.75f, 0.25f});
}

TEST(SimpleDirectional, RejectsTwoSamplesInOneDirection) {
  const std::vector<glm::vec2> two_speeds{{0, 0}, {0, 1}, {0, 3}};
  EXPECT_EQ(validate_positions_2d(BlendMode2D::SimpleDirectional, two_speeds),
            "sample 2 and sample 3 point the same direction, which simple-directional cannot "
            "blend (use freeform-directional for several speeds per direction)");
  EXPECT_EQ(validate_positions_2d(BlendMode2D::FreeformDirectional, two_speeds), "");
  // A blend space as the editor holds it names the clips, which the user can find.
  BlendSpace2D space;
  space.mode = BlendMode2D::SimpleDirectional;
  space.samples = {{"idle", {0, 0}}, {"walk_forward", {0, 1}}, {"jog_forward", {0, 3}}};
  EXPECT_EQ(validate(space),
            "'walk_forward' and 'jog_forward' point the same direction, which simple-directional "
            "cannot blend (use freeform-directional for several speeds per direction)");
}

TEST(FreeformCartesian, MatchesHandComputedGradientBands) {
  // Two samples: h0 = 1 - 0.25 = 0.75, h1 = 1 - 0.75 = 0.25.
  expect_weights(weights_at(BlendMode2D::FreeformCartesian, {{0, 0}, {1, 0}}, {0.25f, 0.0f}),
                 {0.75f, 0.25f});
  const std::vector<glm::vec2> corner{{0, 0}, {2, 0}, {0, 2}};
  // (1, 1): each h is 0.5, so a third each.
  expect_weights(weights_at(BlendMode2D::FreeformCartesian, corner, {1.0f, 1.0f}),
                 {1.0f / 3.0f, 1.0f / 3.0f, 1.0f / 3.0f});
  // (0.5, 0): h0 = min(0.75, 1), h1 = min(0.25, 0.625), h2 = min(0, ...) = 0.
  expect_weights(weights_at(BlendMode2D::FreeformCartesian, corner, {0.5f, 0.0f}),
                 {0.75f, 0.25f, 0.0f});
}

TEST(FreeformDirectional, MatchesHandComputedPolarGradientBands) {
  const std::vector<glm::vec2> three{{0, 0}, {0, 1}, {1, 0}};
  // Half way to forward: h_centre = h_forward = 0.5 (speed terms), h_right = 0 (its band
  // towards forward ends at forward's direction).
  expect_weights(weights_at(BlendMode2D::FreeformDirectional, three, {0.0f, 0.5f}),
                 {0.5f, 0.5f, 0.0f});

  // On the unit ring, 30 degrees from right towards forward: the angle bands give right 2/3
  // and forward 1/3; the centre keeps 1 - 4 / (4 + (pi/6)^2) from its band towards right.
  const float centre = 1.0f - 4.0f / (4.0f + (kPi / 6) * (kPi / 6));
  const float sum = 1.0f + centre;
  expect_weights(
      weights_at(BlendMode2D::FreeformDirectional, kCross, {std::cos(kPi / 6), std::sin(kPi / 6)}),
      {centre / sum, (1.0f / 3.0f) / sum, (2.0f / 3.0f) / sum, 0.0f, 0.0f});
}

// A point exactly opposite a sample (behind forward, in a space with samples on one side only)
// sits where the weights jump; which side it takes must not hang on the sign of a zero
// coordinate, which a snapped or mirrored point can carry either way.
TEST(FreeformDirectional, APointOppositeASampleWeighsTheSameWhateverTheSignOfZero) {
  const std::vector<glm::vec2> one_side{{0, 0}, {0, 1.4f}, {-1, 1}, {-1.4f, 0}};
  const std::vector<float> plus =
      weights_at(BlendMode2D::FreeformDirectional, one_side, {0.0f, -1.5f});
  const std::vector<float> minus =
      weights_at(BlendMode2D::FreeformDirectional, one_side, {-0.0f, -1.5f});
  expect_weights(minus, plus);
  float sum = 0.0f;
  for (float w : plus) sum += w;
  EXPECT_NEAR(sum, 1.0f, 1e-5f);
}

// Johansen's polar gradient bands written out plainly, in double precision, from the definition
// in blend_space_2d.h: every pair's angles and speeds measured at the point, nothing prepared.
std::vector<float> reference_directional_weights(const std::vector<glm::vec2>& samples,
                                                 glm::vec2 point) {
  using dvec2 = glm::dvec2;
  constexpr double kAngleWeight = 2.0;
  const auto at_origin = [](dvec2 v) { return glm::length(v) <= 1e-6; };
  const auto cross = [](dvec2 a, dvec2 b) { return a.x * b.y - a.y * b.x; };
  const auto signed_angle = [&](dvec2 from, dvec2 to) {
    return std::atan2(cross(from, to), glm::dot(from, to));
  };
  const dvec2 p(point);
  const std::size_t n = samples.size();
  std::vector<double> h(n, 1.0);
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const dvec2 pi(samples[i]);
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const dvec2 pj(samples[j]);
      const double mean = 0.5 * (glm::length(pi) + glm::length(pj));
      const double speed_ij = (glm::length(pj) - glm::length(pi)) / mean;
      const double speed_ip = (glm::length(p) - glm::length(pi)) / mean;
      dvec2 to_point, to_other;
      if (at_origin(pi) || at_origin(pj)) {
        // The sample at the origin takes the point's direction; the angle counts once.
        const dvec2 directed = at_origin(pi) ? pj : pi;
        const double angle = at_origin(p) ? 0.0 : std::abs(signed_angle(directed, p));
        to_other = {speed_ij, angle};
        to_point = {speed_ip, at_origin(pi) ? 0.0 : angle};
      } else {
        const double angle_ij = std::abs(signed_angle(pi, pj));
        double angle_ip = at_origin(p) ? 0.0 : signed_angle(pi, p);
        // Toward pj counts positive; pj opposite pi has no side, so the angle is unsigned.
        if (angle_ij < 0.99 * std::numbers::pi) {
          angle_ip *= cross(pi, pj) < 0.0 ? -1.0 : 1.0;
        } else {
          angle_ip = std::abs(angle_ip);
        }
        to_other = {speed_ij, kAngleWeight * angle_ij};
        to_point = {speed_ip, kAngleWeight * angle_ip};
      }
      h[i] = std::min(h[i], 1.0 - glm::dot(to_point, to_other) / glm::dot(to_other, to_other));
    }
    h[i] = std::max(h[i], 0.0);
    sum += h[i];
  }
  std::vector<float> weights(n);
  for (std::size_t i = 0; i < n; ++i) weights[i] = static_cast<float>(h[i] / sum);
  return weights;
}

// The demo's locomotion space (idle, then walk and jog rings of eight directions), the test
// layout with two rings, and a ring with no sample at the origin.
std::vector<std::vector<glm::vec2>> directional_layouts() {
  std::vector<glm::vec2> demo{{0, 0}};
  for (float speed : {1.4f, 3.2f}) {
    for (int k = 0; k < 8; ++k) {
      const float angle = static_cast<float>(k) * kPi / 4;
      demo.push_back(speed * glm::vec2(std::sin(angle), std::cos(angle)));
    }
  }
  return {demo,
          {{0, 0},
           {0, 1.5f},
           {1.5f, 0},
           {0, -1.5f},
           {-1.5f, 0},
           {0, 4},
           {4, 0},
           {0, -3},
           {-4, 0},
           {2.5f, 2.5f}},
          {{0, 2}, {1.7f, -1}, {-1.7f, -1}, {0, 3.5f}, {-3, -1.8f}}};
}

TEST(FreeformDirectional, MatchesAPlainDoublePrecisionReference) {
  for (const std::vector<glm::vec2>& samples : directional_layouts()) {
    PreparedBlendSpace2D space;
    ASSERT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformDirectional, samples, space), "");
    std::vector<float> w(samples.size());
    std::vector<std::uint32_t> zeroed_by(samples.size(), 0u);
    // A grid with an irrational-ish step, so that no point falls exactly opposite a sample
    // (where the weights jump), plus the origin and the samples themselves.
    std::vector<glm::vec2> points{{0.0f, 0.0f}};
    points.insert(points.end(), samples.begin(), samples.end());
    for (float y = -4.9f; y < 5.0f; y += 0.293f) {
      for (float x = -4.9f; x < 5.0f; x += 0.311f) points.push_back({x, y});
    }
    for (const glm::vec2 p : points) {
      const std::vector<float> expected = reference_directional_weights(samples, p);
      blend_weights_2d(space, p, w, zeroed_by);
      for (std::size_t k = 0; k < samples.size(); ++k) {
        ASSERT_NEAR(w[k], expected[k], 1e-5f)
            << "sample " << k << " at " << p.x << ", " << p.y << " of " << samples.size();
      }
    }
  }
}

// Support boxes and pruned rows only skip work: the weights are those of the same space with
// boxes that hold every point and rows of every pair (the search as it was before either),
// bit for bit (a zero's sign included), at random points inside and far outside the samples' hull,
// on the samples, at the origin and at points exactly in a sample's direction, with and without
// hints, for the layouts above and for random ones, one of more than 32 samples.
TEST(FreeformDirectional, SupportBoxesAndPrunedRowsChangeNoWeight) {
  std::mt19937 random(46);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::vector<std::vector<glm::vec2>> layouts = directional_layouts();
  for (int layout = 0; layout < 6; ++layout) {
    std::vector<glm::vec2> samples;
    if (layout % 2 == 0) samples.push_back({0.0f, 0.0f});
    for (int k = 0; k < 5 + 3 * layout; ++k)
      samples.push_back(3.0f * glm::vec2(unit(random), unit(random)));
    layouts.push_back(samples);
  }
  // More than 32 samples: rows are skipped 32 at a time.
  std::vector<glm::vec2> many{{0.0f, 0.0f}};
  for (int k = 0; k < 36; ++k) many.push_back(3.0f * glm::vec2(unit(random), unit(random)));
  layouts.push_back(many);
  constexpr float kInfinity = std::numeric_limits<float>::infinity();
  for (const std::vector<glm::vec2>& samples : layouts) {
    PreparedBlendSpace2D boxed;
    ASSERT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformDirectional, samples, boxed), "");
    PreparedBlendSpace2D unboxed = boxed;
    for (std::vector<float>* low :
         {&unboxed.supports.min_speed_offset, &unboxed.supports.min_angle}) {
      std::fill(low->begin(), low->end(), -kInfinity);
    }
    for (std::vector<float>* high :
         {&unboxed.supports.max_speed_offset, &unboxed.supports.max_angle}) {
      std::fill(high->begin(), high->end(), kInfinity);
    }
    const std::size_t n = samples.size();
    unboxed.row_begin.clear();
    unboxed.row_columns.clear();
    unboxed.row_pairs.clear();
    for (std::size_t i = 0; i < n; ++i) {
      unboxed.row_begin.push_back(static_cast<std::uint32_t>(unboxed.row_columns.size()));
      for (std::size_t j = 0; j < n + (4 - n % 4) % 4; ++j) {
        unboxed.row_columns.push_back(static_cast<float>(std::min(j, n)));
        unboxed.row_pairs.push_back(j < n ? boxed.pairs[i * n + j]
                                          : PreparedBlendSpace2D::DirectionalPair{});
      }
    }
    unboxed.row_begin.push_back(static_cast<std::uint32_t>(unboxed.row_columns.size()));
    float extent = 0.0f;
    for (const glm::vec2 p : samples) extent = std::max(extent, glm::length(p));
    std::vector<glm::vec2> points{{0.0f, 0.0f}, {-0.0f, 0.0f}};
    for (const glm::vec2 p : samples) {
      points.push_back(p);
      for (const float scale : {0.5f, 0.999f, 1.001f, 2.0f}) points.push_back(scale * p);
    }
    for (int k = 0; k < 5000; ++k) {
      const float reach = k % 5 == 0 ? 4.0f * extent : 1.2f * extent;
      points.push_back(reach * glm::vec2(unit(random), unit(random)));
    }
    std::vector<float> with_boxes(n), without(n), hinted(n);
    std::vector<std::uint32_t> zeroed_by(n, 0u);
    for (const glm::vec2 p : points) {
      blend_weights_2d(boxed, p, with_boxes);
      blend_weights_2d(unboxed, p, without);
      blend_weights_2d(boxed, p, hinted, zeroed_by);
      for (std::size_t k = 0; k < n; ++k) {
        ASSERT_EQ(std::bit_cast<std::uint32_t>(with_boxes[k]),
                  std::bit_cast<std::uint32_t>(without[k]))
            << "sample " << k << " at " << p.x << ", " << p.y;
        ASSERT_EQ(std::bit_cast<std::uint32_t>(hinted[k]), std::bit_cast<std::uint32_t>(without[k]))
            << "sample " << k << " at " << p.x << ", " << p.y;
      }
    }
  }
}

// Most samples' boxes are tight: in the demo's space a walk sample's box spans the angles to its
// neighbours (an eighth of a turn either way) and the speeds from 0 to the jog's.
TEST(FreeformDirectional, SupportBoxesOfTheDemoSpaceReachTheNeighbours) {
  const std::vector<glm::vec2> demo = directional_layouts()[0];
  PreparedBlendSpace2D space;
  ASSERT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformDirectional, demo, space), "");
  EXPECT_EQ(space.supports.min_speed_offset[0], -std::numeric_limits<float>::infinity());
  for (std::size_t walk = 1; walk <= 8; ++walk) {
    EXPECT_NEAR(space.supports.min_angle[walk], -kPi / 4, 2e-3f) << walk;
    EXPECT_NEAR(space.supports.max_angle[walk], kPi / 4, 2e-3f) << walk;
    EXPECT_NEAR(space.supports.min_speed_offset[walk], -1.4f, 2e-3f) << walk;
    EXPECT_NEAR(space.supports.max_speed_offset[walk], 3.2f - 1.4f, 2e-3f) << walk;
  }
  for (std::size_t jog = 9; jog <= 16; ++jog) {
    EXPECT_NEAR(space.supports.min_speed_offset[jog], 1.4f - 3.2f, 2e-3f) << jog;
    EXPECT_EQ(space.supports.max_speed_offset[jog], std::numeric_limits<float>::infinity());
  }
}

TEST(Delaunay, BarycentricInsideAndClampedToTheHullOutside) {
  const std::vector<glm::vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5f, 0.5f}};
  // (0.5, 0.25) in the triangle (0,0), (1,0), centre: half way up to the centre.
  expect_weights(weights_at(BlendMode2D::Delaunay, square, {0.5f, 0.25f}),
                 {0.25f, 0.25f, 0.0f, 0.0f, 0.5f});
  // Below the bottom edge: clamped onto it at a quarter from (0,0).
  expect_weights(weights_at(BlendMode2D::Delaunay, square, {0.25f, -1.0f}),
                 {0.75f, 0.25f, 0.0f, 0.0f, 0.0f});
  // Beyond the corner (1,1).
  expect_weights(weights_at(BlendMode2D::Delaunay, square, {2.0f, 3.0f}),
                 {0.0f, 0.0f, 1.0f, 0.0f, 0.0f});
}

TEST(Delaunay, CollinearSamplesClampOntoTheirSegments) {
  const std::vector<glm::vec2> line{{3, 0}, {0, 0}, {1, 0}};
  expect_weights(weights_at(BlendMode2D::Delaunay, line, {2.0f, 5.0f}), {0.5f, 0.0f, 0.5f});
  expect_weights(weights_at(BlendMode2D::Delaunay, line, {-1.0f, -1.0f}), {0.0f, 1.0f, 0.0f});
}

TEST(BlendSpace2D, ModeNamesRoundTrip) {
  for (BlendMode2D mode : {BlendMode2D::SimpleDirectional, BlendMode2D::FreeformDirectional,
                           BlendMode2D::FreeformCartesian, BlendMode2D::Delaunay}) {
    EXPECT_EQ(parse_blend_mode_2d(to_string(mode)), mode);
  }
  EXPECT_EQ(parse_blend_mode_2d("diagonal"), std::nullopt);
}

TEST(BlendSpace2D, ValidateNamesTheBadSamples) {
  EXPECT_EQ(validate_positions_2d(BlendMode2D::Delaunay, {}), "the blend space has no samples");
  const std::vector<glm::vec2> same{{0, 0}, {1, 1}, {1, 1}};
  EXPECT_EQ(validate_positions_2d(BlendMode2D::FreeformCartesian, same),
            "sample 2 and sample 3 are at the same position");
  const std::vector<glm::vec2> inf{{0, 0}, {INFINITY, 1}};
  EXPECT_EQ(validate_positions_2d(BlendMode2D::Delaunay, inf),
            "sample 2 has a coordinate that is not a finite number");
  BlendSpace2D space;
  space.samples = {{"idle", {0, 0}}};
  EXPECT_EQ(validate(space), "");
  space.y_axis.min = 2.0f;
  EXPECT_EQ(validate(space), "the y axis range needs min < max");
  PreparedBlendSpace2D prepared;
  EXPECT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformCartesian, same, prepared),
            "sample 2 and sample 3 are at the same position");
  EXPECT_TRUE(prepared.positions.empty());
}

// Locomotion-like layouts: one sample per direction for Simple Directional; two speed rings for
// the others.
std::vector<glm::vec2> layout_for(BlendMode2D mode) {
  if (mode == BlendMode2D::SimpleDirectional) {
    return {{0, 0}, {0, 1.5f}, {2, 2}, {1.5f, 0}, {2, -2}, {0, -1}, {-2, -2}, {-1.5f, 0}, {-2, 2}};
  }
  return {{0, 0}, {0, 1.5f}, {1.5f, 0}, {0, -1.5f}, {-1.5f, 0},
          {0, 4}, {4, 0},    {0, -3},   {-4, 0},    {2.5f, 2.5f}};
}

class AllModes : public ::testing::TestWithParam<BlendMode2D> {};

TEST_P(AllModes, ExactlyOneOnEachSample) {
  const auto samples = layout_for(GetParam());
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto w = weights_at(GetParam(), samples, samples[i]);
    for (std::size_t k = 0; k < samples.size(); ++k) {
      EXPECT_NEAR(w[k], k == i ? 1.0f : 0.0f, 1e-6f) << "at sample " << i << ", weight " << k;
    }
  }
}

TEST_P(AllModes, NonNegativeSumToOneAndContinuousOnAFineGrid) {
  const auto samples = layout_for(GetParam());
  PreparedBlendSpace2D space;
  ASSERT_EQ(prepare_blend_space_2d(GetParam(), samples, space), "");
  // A 0.02 grid over [-6, 6]^2 (beyond every hull, to cover clamping too). Every mode's weights
  // are Lipschitz away from the samples' directions' singularities, so neighbouring points
  // 0.02 apart differ by far less than the 0.1 bound; a jump (a wrong bracket, a wrong hull
  // edge, a sign flip) differs by much more.
  constexpr int kSteps = 600;
  constexpr float kStep = 0.02f;
  const std::size_t n = samples.size();
  std::vector<float> row_above((kSteps + 1) * n);
  std::vector<float> row((kSteps + 1) * n);
  float worst = 0.0f;
  for (int iy = 0; iy <= kSteps; ++iy) {
    for (int ix = 0; ix <= kSteps; ++ix) {
      const glm::vec2 p{-6.0f + kStep * static_cast<float>(ix),
                        -6.0f + kStep * static_cast<float>(iy)};
      std::span<float> w(row.data() + ix * n, n);
      blend_weights_2d(space, p, w);
      float sum = 0.0f;
      for (std::size_t k = 0; k < n; ++k) {
        ASSERT_GE(w[k], 0.0f) << "at " << p.x << ", " << p.y;
        sum += w[k];
        if (ix > 0) worst = std::max(worst, std::abs(w[k] - row[(ix - 1) * n + k]));
        if (iy > 0) worst = std::max(worst, std::abs(w[k] - row_above[ix * n + k]));
      }
      ASSERT_NEAR(sum, 1.0f, 1e-5f) << "at " << p.x << ", " << p.y;
    }
    std::swap(row, row_above);
  }
  EXPECT_LT(worst, 0.1f);
}

TEST_P(AllModes, SearchHintsChangeNoWeight) {
  const auto samples = layout_for(GetParam());
  PreparedBlendSpace2D space;
  ASSERT_EQ(prepare_blend_space_2d(GetParam(), samples, space), "");
  const std::size_t n = samples.size();
  // Hints that start as nonsense (out of range, or the sample itself), then follow a point that
  // circles the space in small steps and now and then jumps across it.
  std::vector<std::uint32_t> zeroed_by(n);
  for (std::size_t i = 0; i < n; ++i) zeroed_by[i] = i % 2 == 0 ? 1000u : std::uint32_t(i);
  std::vector<float> plain(n), hinted(n);
  for (int step = 0; step < 2000; ++step) {
    const float angle = 0.01f * static_cast<float>(step);
    const float radius = step % 97 == 0 ? 5.0f : 1.0f + 2.0f * std::sin(0.37f * angle);
    const glm::vec2 p = radius * glm::vec2(std::cos(angle), std::sin(angle));
    blend_weights_2d(space, p, plain);
    blend_weights_2d(space, p, hinted, zeroed_by);
    for (std::size_t k = 0; k < n; ++k) {
      ASSERT_EQ(hinted[k], plain[k]) << "sample " << k << " at " << p.x << ", " << p.y;
    }
  }
}

TEST(FreeformCartesian, AHintNamesASampleThatZeroesTheInfluence) {
  const std::vector<glm::vec2> corner{{0, 0}, {2, 0}, {0, 2}, {2, 2}};
  PreparedBlendSpace2D space;
  ASSERT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformCartesian, corner, space), "");
  std::vector<std::uint32_t> zeroed_by(corner.size(), 0u);
  std::vector<float> w(corner.size());
  // Beyond the (0, 0) corner, (0, 0) alone weighs: 1 - (p - pi).(p0 - pi) / |p0 - pi|^2 is
  // -0.25 for each of the three others, whose search stops there.
  const glm::vec2 p{-0.5f, -0.5f};
  blend_weights_2d(space, p, w, zeroed_by);
  expect_weights(w, {1.0f, 0.0f, 0.0f, 0.0f});
  for (std::size_t i = 1; i < corner.size(); ++i) {
    ASSERT_LT(zeroed_by[i], corner.size());
    ASSERT_NE(zeroed_by[i], i);
    const glm::vec2 pi = corner[i], pj = corner[zeroed_by[i]];
    EXPECT_LE(1.0f - glm::dot(p - pi, pj - pi) / glm::dot(pj - pi, pj - pi), 0.0f) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(BlendSpace2D, AllModes,
                         ::testing::Values(BlendMode2D::SimpleDirectional,
                                           BlendMode2D::FreeformDirectional,
                                           BlendMode2D::FreeformCartesian, BlendMode2D::Delaunay),
                         [](const auto& info) {
                           std::string name(to_string(info.param));
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace anim
