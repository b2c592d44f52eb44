#pragma once

#include <cmath>
#include <limits>

namespace importer {

// Whether a number read from a file (JSON numbers are doubles) becomes a finite float. A finite
// double beyond a float's range would become infinity, which JSON writes back as null.
inline bool fits_float(double d) {
  return std::isfinite(d) && std::abs(d) <= static_cast<double>(std::numeric_limits<float>::max());
}

}  // namespace importer
