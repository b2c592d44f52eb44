// Which numbers read from a file become floats (importer::fits_float): the rule every reader of
// JSON numbers shares.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "import/fits_float.h"

namespace importer {
namespace {

// The float's largest value is in; the next double above it is out.
TEST(FitsFloat, DrawsTheLineAtTheLargestFloat) {
  const double largest = std::numeric_limits<float>::max();
  EXPECT_TRUE(fits_float(largest));
  EXPECT_TRUE(fits_float(-largest));
  EXPECT_FALSE(fits_float(std::nextafter(largest, 1e39)));
  EXPECT_FALSE(fits_float(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_TRUE(fits_float(0.0));
}

}  // namespace
}  // namespace importer
