#pragma once
// 1D blend space: clips placed at thresholds along one parameter (e.g. speed in m/s).

#include <span>
#include <string>
#include <vector>

namespace anim {

// One clip of a 1D blend space, placed at a threshold on the parameter axis.
struct BlendSample1D {
  std::string clip_name;
  float threshold = 0.0f;
};

// A 1D blend space as the user edits it and the project file stores it. The parameter's
// range (min, max) is what the editor shows and where the input point is clamped.
struct BlendSpace1D {
  std::string parameter_name = "speed";
  float min = 0.0f;
  float max = 1.0f;
  std::vector<BlendSample1D> samples;
};

// Checks that thresholds are finite and pairwise distinct (two clips at one threshold would
// make the weights there ambiguous), and that min < max. Returns an empty string when valid,
// otherwise the cause, naming the sample.
std::string validate(const BlendSpace1D& space);

// Same check on bare thresholds, for callers that keep them in their own arrays; samples are
// named by their clips when clip_names (one per threshold) are given, else by 1-based index.
std::string validate_thresholds_1d(std::span<const float> thresholds,
                                   std::span<const std::string> clip_names = {});

// Writes one weight per threshold (same order, thresholds need not be sorted): linear between
// the two thresholds that bracket x, all weight on the nearest end threshold outside them.
// Requires weights.size() == thresholds.size() >= 1 and valid thresholds; never allocates.
void blend_weights_1d(std::span<const float> thresholds, float x, std::span<float> weights);

}  // namespace anim
