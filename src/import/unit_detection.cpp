#include "import/unit_detection.h"

#include <cmath>
#include <span>

namespace importer {
namespace {

constexpr float kShortest_m = 0.25f;
constexpr float kTallest_m = 5.0f;  // RobotExpressive, a stylised giant, is 4.5 m
constexpr float kTypical_m = 1.7f;

bool plausible(float height_m) {
  return height_m >= kShortest_m && height_m <= kTallest_m;
}

}  // namespace

UnitGuess guess_unit(float height_m, bool biped) {
  if (!std::isfinite(height_m) || height_m <= 0.0f || plausible(height_m)) return {};
  // In order of preference (the most common first), for characters of unknown height.
  const UnitGuess units[] = {{0.01f, "centimetres"},
                             {0.0254f, "inches"},
                             {0.001f, "millimetres"},
                             {0.0254f / 0.45f, "CMU mocap units"}};
  if (!biped) {
    for (const UnitGuess& u : std::span(units).first(3)) {
      if (plausible(height_m * u.metres_per_unit)) return u;
    }
    return {};
  }
  UnitGuess best;
  float best_error = INFINITY;
  for (const UnitGuess& u : units) {
    const float h = height_m * u.metres_per_unit;
    const float error = std::abs(std::log(h / kTypical_m));  // ratios, not differences
    if (plausible(h) && error < best_error) {
      best = u;
      best_error = error;
    }
  }
  return best;
}

std::string unit_scale_problem(float metres_per_unit) {
  if (!std::isfinite(metres_per_unit)) return "the unit scale must be a finite number";
  if (metres_per_unit == 0.0f) return {};
  if (metres_per_unit < 1e-6f || metres_per_unit > 1e6f) {
    return "the unit scale (metres per file unit) must be between 0.000001 and 1000000, or 0 for "
           "automatic; got " +
           std::to_string(metres_per_unit);
  }
  return {};
}

}  // namespace importer
