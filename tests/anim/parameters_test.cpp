#include "anim/parameters.h"

#include <gtest/gtest.h>

namespace anim {
namespace {

TEST(Parameters, AddRejectsEmptyAndDuplicateNames) {
  Parameters p;
  EXPECT_EQ(p.add("speed", ParameterType::Float), 0);
  EXPECT_EQ(p.add("jump", ParameterType::Trigger), 1);
  EXPECT_EQ(p.add("speed", ParameterType::Int), -1);
  EXPECT_EQ(p.add("", ParameterType::Bool), -1);
  EXPECT_EQ(p.count(), 2);
  EXPECT_EQ(p.find("jump"), 1);
  EXPECT_EQ(p.find("missing"), -1);
}

TEST(Parameters, ValuesAreConvertedToTheirType) {
  Parameters p;
  const int f = p.add("f", ParameterType::Float);
  const int i = p.add("i", ParameterType::Int);
  const int b = p.add("b", ParameterType::Bool);
  p.set(f, 0.75f);
  p.set(i, 2.6f);
  p.set(b, 0.2f);
  EXPECT_FLOAT_EQ(p.get(f), 0.75f);
  EXPECT_FLOAT_EQ(p.get(i), 3.0f);
  EXPECT_FLOAT_EQ(p.get(b), 1.0f);
  p.set(b, 0.0f);
  EXPECT_FALSE(p.get_bool(b));
}

TEST(Parameters, InitialValueIsConvertedToo) {
  Parameters p;
  const int i = p.add("i", ParameterType::Int, 1.4f);
  EXPECT_FLOAT_EQ(p.get(i), 1.0f);
}

TEST(Parameters, TriggerStaysSetUntilConsumed) {
  Parameters p;
  const int jump = p.add("jump", ParameterType::Trigger);
  const int crouch = p.add("crouch", ParameterType::Bool);
  p.fire(jump);
  p.fire(crouch);
  EXPECT_TRUE(p.get_bool(jump));
  p.consume_trigger(jump);
  p.consume_trigger(crouch);  // a bool is not a trigger: consuming leaves it alone
  EXPECT_FALSE(p.get_bool(jump));
  EXPECT_TRUE(p.get_bool(crouch));
}

TEST(Parameters, OutOfRangeIndicesReadZeroAndIgnoreWrites) {
  Parameters p;
  p.add("x", ParameterType::Float, 5.0f);
  p.set(7, 1.0f);
  p.set(-1, 1.0f);
  EXPECT_FLOAT_EQ(p.get(7), 0.0f);
  EXPECT_FLOAT_EQ(p.get(-1), 0.0f);
  EXPECT_FLOAT_EQ(p.get(0), 5.0f);
}

TEST(Parameters, RemoveShiftsLaterIndices) {
  Parameters p;
  p.add("a", ParameterType::Float);
  p.add("b", ParameterType::Float);
  p.add("c", ParameterType::Float);
  p.remove(1);
  EXPECT_EQ(p.count(), 2);
  EXPECT_EQ(p.find("c"), 1);
}

TEST(Parameters, TypeNamesRoundTrip) {
  for (ParameterType t :
       {ParameterType::Float, ParameterType::Int, ParameterType::Bool, ParameterType::Trigger}) {
    ParameterType parsed = ParameterType::Float;
    ASSERT_TRUE(parse_parameter_type(to_string(t), parsed));
    EXPECT_EQ(parsed, t);
  }
  ParameterType unused;
  EXPECT_FALSE(parse_parameter_type("double", unused));
}

}  // namespace
}  // namespace anim
