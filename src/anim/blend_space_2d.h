#pragma once
// 2D blend spaces: clips placed at points of a plane (e.g. velocity x, z in m/s) and the
// weights each of the four modes gives them at an input point.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_triangulation.h"

namespace anim {

enum class BlendMode2D {
  // Unity's 2D Simple Directional: one sample per direction, optionally one at the origin.
  SimpleDirectional,
  // Gradient band interpolation in polar space: direction and speed are treated separately.
  FreeformDirectional,
  // Gradient band interpolation in the plane.
  FreeformCartesian,
  // Unreal's: barycentric weights on a Delaunay triangulation, clamped to its hull outside.
  Delaunay,
};

// The command-line and project-file names: "simple-directional", "freeform-directional",
// "freeform-cartesian", "delaunay".
std::string_view to_string(BlendMode2D mode);
std::optional<BlendMode2D> parse_blend_mode_2d(std::string_view name);

// A named axis and the range the editor shows (the input point is clamped to it).
struct BlendAxis {
  std::string name;
  float min = -1.0f;
  float max = 1.0f;
};

struct BlendSample2D {
  std::string clip_name;
  glm::vec2 position{0.0f};
};

// A 2D blend space as the user edits it and the project file stores it.
struct BlendSpace2D {
  BlendMode2D mode = BlendMode2D::FreeformDirectional;
  BlendAxis x_axis{"velocity x", -1.0f, 1.0f};
  BlendAxis y_axis{"velocity z", -1.0f, 1.0f};
  std::vector<BlendSample2D> samples;
};

// Checks that positions are finite and pairwise distinct, and for SimpleDirectional that no two
// samples point the same direction (their weights would be ambiguous: use a freeform mode for
// several speeds per direction). Returns an empty string when valid, otherwise the cause,
// naming the samples by their clips when clip_names (one per position) are given, else by their
// 1-based index.
std::string validate_positions_2d(BlendMode2D mode, std::span<const glm::vec2> positions,
                                  std::span<const std::string> clip_names = {});

// The same check plus the axes' ranges (min < max).
std::string validate(const BlendSpace2D& space);

// Everything weights need, computed once per edit of the samples: the positions and, in
// Delaunay mode, the triangulation. Weights at a point then need no allocation.
struct PreparedBlendSpace2D {
  BlendMode2D mode = BlendMode2D::FreeformDirectional;
  std::vector<glm::vec2> positions;
  BlendTriangulation triangulation;  // empty unless mode is Delaunay
  // Freeform Directional's terms that depend on the samples alone: each sample's speed (its
  // distance from the origin) and heading, and, per ordered pair (row i, column j) of samples
  // away from the origin, the pair's polar measure. Measured here, the weights at a point need
  // one arctangent (the point's heading) and a dot product per pair.
  struct DirectionalPair {
    // (speed_j - speed_i) / mean speed and twice the angle from i to j, divided by its own
    // squared length: the gradient band's influence is 1 - dot(to_point, this).
    glm::vec2 to_other_scaled{0.0f};
    float inv_mean_speed = 0.0f;
    // How the angle from i to the point counts: toward j (+1 or -1 by j's side of i), or
    // unsigned (0) when j is opposite i and has no side.
    float angle_sign = 0.0f;
  };
  std::vector<float> speeds;
  std::vector<float> headings;  // atan2(y, x) of each sample; 0 at the origin
  std::vector<DirectionalPair> pairs;
  // The samples at the origin (usually one, the idle), whose pairs take their angle from the
  // point, and per such sample c (a row of one entry per sample j): the pair's relative speed
  // difference (speed_j - speed_c) / mean speed and 1 / mean speed, 0 for c with itself.
  std::vector<std::uint32_t> centres;
  std::vector<float> centre_relative_speeds;
  std::vector<float> centre_inv_mean_speeds;
  // Per sample, a box in (the point's speed minus the sample's, the signed angle from the
  // sample's heading to the point's) outside which a prepared pair brings the sample's influence
  // below zero, by a margin far above rounding: there its weight is 0 without a search (most
  // samples, most of the time). Measured on the pairs with a slack; infinite for a centre.
  struct SupportBoxes {
    std::vector<float> min_speed_offset;
    std::vector<float> max_speed_offset;
    std::vector<float> min_angle;
    std::vector<float> max_angle;
  };
  SupportBoxes supports;
  // Per sample away from the origin, the columns of its row of pairs that can hold the lowest
  // influence: every other prepared pair measures above one of these at every point (its band
  // vector lies inside the hull of theirs and the origin's, by a margin far above rounding), so
  // a search skips it. Row i's columns are row_columns[row_begin[i] .. row_begin[i + 1]), as
  // floats for SSE lanes, padded to a multiple of four with column n (a zero pair, measuring 1);
  // row_pairs holds their pairs in the same order.
  std::vector<std::uint32_t> row_begin;
  std::vector<float> row_columns;
  std::vector<DirectionalPair> row_pairs;
};

// Validates the positions (as validate_positions_2d) and fills out. Returns an empty string on
// success, otherwise the cause (out is then left empty).
std::string prepare_blend_space_2d(BlendMode2D mode, std::span<const glm::vec2> positions,
                                   PreparedBlendSpace2D& out);

// Writes one weight per sample (in the samples' order) at point: each weight is in [0, 1], they
// sum to 1, a sample at point gets exactly 1, and they vary continuously with point. Requires
// weights.size() == space.positions.size() >= 1. Never allocates.
//
// zeroed_by, when given (one entry per sample, any values at first), speeds up the two gradient
// band modes for a point that moves a little at a time: entry i names the other sample that last
// brought sample i's influence to zero, which is tested first, as it most likely does so again.
// The weights are the same with or without it (an influence is a minimum, whatever the order).
void blend_weights_2d(const PreparedBlendSpace2D& space, glm::vec2 point, std::span<float> weights,
                      std::span<std::uint32_t> zeroed_by = {});

// The modes one by one, on bare positions that passed validate_positions_2d for that mode.

// Simple Directional as Unity defines it. The two samples whose directions bracket the point's
// direction share the node influence clamp(t1 + t2, 0, 1), where point = t1*p1 + t2*p2, in the
// ratio t1 : t2; the rest goes to the sample at the origin, or is shared evenly by all samples
// when there is none. Edge cases, defined so that the weights stay continuous:
// - point at the origin: node influence 0 (all to the centre, or shared evenly);
// - the bracketing directions 180 degrees or more apart (samples on one line through the
//   origin, or all on one side): Unity's "half each when a t is negative" would jump at the edges
//   of that gap, so instead each of the two gets the projection dot(point, p) / |p|^2 while the
//   point is within 90 degrees of its direction (at most one of them is), and 0 beyond;
// - a single direction: the same projection onto it.
void simple_directional_weights(std::span<const glm::vec2> positions, glm::vec2 point,
                                std::span<float> weights);

// Gradient band interpolation (Johansen 2009): h_i = min over j != i of
// 1 - (p - p_i).(p_j - p_i) / |p_j - p_i|^2, clamped at 0, then normalized. The nearest sample
// always has h >= 1/2, so the sum never vanishes.
void freeform_cartesian_weights(std::span<const glm::vec2> positions, glm::vec2 point,
                                std::span<float> weights, std::span<std::uint32_t> zeroed_by = {});

// Gradient band interpolation in polar space (Johansen 2009): the vectors between samples and
// to the point are measured as (relative speed difference (|b| - |a|) / mean(|a|, |b|),
// angle * 2), so a direction change weighs more than a speed change. A sample at the origin has
// no direction: its pairs use the point's direction instead, with the angle weighed once. Weights
// are continuous everywhere except at the origin when no sample sits there (direction is
// undefined there), so a directional space wants a sample at the origin, as in Unity.
void freeform_directional_weights(const PreparedBlendSpace2D& space, glm::vec2 point,
                                  std::span<float> weights,
                                  std::span<std::uint32_t> zeroed_by = {});

// Barycentric weights in the triangle containing point; outside the triangulation, the weights
// of the nearest point on its boundary (linear along that edge). Samples on one line use the
// chain of segments as boundary; a single sample gets weight 1.
void delaunay_weights(std::span<const glm::vec2> positions, const BlendTriangulation& triangulation,
                      glm::vec2 point, std::span<float> weights);

}  // namespace anim
