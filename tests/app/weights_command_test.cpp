#include "app/weights_command.h"

#include <gtest/gtest.h>

#include <string>

namespace app {
namespace {

TEST(ParsePoints, ReadsPointsAndNamesTheBadItem) {
  std::string error;
  const auto points = parse_points(" 1.5,-2 ; 3,4e1", 2, "sample", error);
  ASSERT_TRUE(points);
  ASSERT_EQ(points->size(), 2u);
  EXPECT_EQ((*points)[0], glm::vec2(1.5f, -2.0f));
  EXPECT_EQ((*points)[1], glm::vec2(3.0f, 40.0f));
  EXPECT_FALSE(parse_points("1,2;;3,4", 2, "sample", error));
  EXPECT_EQ(error, "sample 2 '' should be two numbers x,y");
  EXPECT_FALSE(parse_points("1;nan", 1, "sample", error));
  EXPECT_EQ(error, "sample 2 'nan': 'nan' is not a number");
}

}  // namespace
}  // namespace app
