// `animview slide` on a real character: KayKit's Knight walking (Walking_A, an in-place clip).
// With root motion applied (the default) the ground motion comes from its feet, so its planted
// feet barely slide; with root motion off the character treads on the spot and its planted feet
// slide back at walking pace; locked by foot IK they do not slide at all.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "viewer_process.h"

namespace {

// path in single quotes, for the shell (built by appending: GCC 12 warns falsely about
// "'" + std::string).
std::string quoted(const std::filesystem::path& path) {
  std::string q = "'";
  q += path.string();
  q += "'";
  return q;
}

// `animview slide ARGS` as a shell command.
std::string slide_command(const std::string& args) {
  return quoted(ANIMVIEW_EXE) + " slide " + args;
}

nlohmann::json slide(const std::string& args) {
  return nlohmann::json::parse(e2e::run_and_read(slide_command(args + " --json 2>/dev/null")),
                               nullptr, false);
}

TEST(SlideCommand, TheKnightsPlantedFeetSlideOnlyWhereTheGroundIsWrong) {
  const std::filesystem::path knight =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "kaykit" / "Knight.glb";
  if (!std::filesystem::exists(knight)) GTEST_SKIP() << knight << " is absent (shared assets)";
  const std::string walk = quoted(knight) + " --clip Walking_A";
  const nlohmann::json applied = slide(walk);
  const nlohmann::json treading = slide(walk + " --root-motion off");
  const nlohmann::json locked = slide(walk + " --foot-ik --lock-feet");
  for (const nlohmann::json* r : {&applied, &treading, &locked}) {
    ASSERT_TRUE(r->is_object()) << "no JSON from slide";
    ASSERT_EQ((*r)["feet"].size(), 2u) << r->dump();
    EXPECT_EQ((*r)["clip"], "Walking_A");
    EXPECT_NEAR((*r)["duration_s"].get<double>(), 1.0667, 1e-3);  // one cycle
    EXPECT_GT((*r)["leg_length_m"].get<double>(), 0.3);           // a small knight
    EXPECT_LT((*r)["leg_length_m"].get<double>(), 0.5);
  }
  for (int foot = 0; foot < 2; ++foot) {
    const auto& a = applied["feet"][foot];
    const auto& t = treading["feet"][foot];
    const auto& l = locked["feet"][foot];
    EXPECT_EQ(a["steps"], 1) << "one step of each foot in a cycle";
    EXPECT_EQ(t["steps"], 1);
    // Treading on the spot, a planted foot goes back by about a step's length: over half a leg.
    EXPECT_GT(t["slide_per_step_leg"].get<double>(), 0.5) << t.dump();
    // Carried by the ground its feet give, a few percent of the leg at most.
    EXPECT_LT(a["slide_per_step_leg"].get<double>(), 0.1) << a.dump();
    EXPECT_GT(t["slide_m"].get<double>(), 10.0 * a["slide_m"].get<double>());
    // Locked, nothing moves while planted.
    EXPECT_LT(l["slide_m"].get<double>(), 1e-3) << l.dump();
  }
}

// Asked 1.3 times its own speed, the Knight is carried at it (as a game moves its capsule): its
// stride unchanged, the planted feet slide back by the difference; stride warping lengthens the
// stride to keep up and pins the planted feet while the character moves at the speed asked
// (the walk's own speed swings from 0.6 to 1.2 m/s within its cycle). Measured: 34.8% and 25.3%
// of the leg per step without, 0.03% and 0.01% with.
TEST(SlideCommand, StrideWarpingKeepsTheKnightsFeetPlantedAtOnePointThreeTimesItsSpeed) {
  const std::filesystem::path knight =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "kaykit" / "Knight.glb";
  if (!std::filesystem::exists(knight)) GTEST_SKIP() << knight << " is absent (shared assets)";
  const std::string walk = quoted(knight) + " --clip Walking_A";
  const nlohmann::json own = slide(walk);
  ASSERT_TRUE(own.is_object()) << "no JSON from slide";
  const double asked = 1.3 * own["speed_mps"].get<double>();
  EXPECT_NEAR(own["speed_mps"].get<double>(), 0.90, 0.05);
  const std::string at_speed = walk + " --duration 4 --requested-speed " + std::to_string(asked);
  const nlohmann::json without = slide(at_speed + " --stride-warping off");
  const nlohmann::json with = slide(at_speed + " --stride-warping on");
  for (const nlohmann::json* r : {&without, &with}) {
    ASSERT_TRUE(r->is_object()) << "no JSON from slide";
    ASSERT_EQ((*r)["feet"].size(), 2u) << r->dump();
    EXPECT_NEAR((*r)["speed_mps"].get<double>(), asked, 0.01) << "carried at the speed asked";
  }
  for (int foot = 0; foot < 2; ++foot) {
    const double off = without["feet"][foot]["slide_per_step_leg"].get<double>();
    const double on = with["feet"][foot]["slide_per_step_leg"].get<double>();
    EXPECT_GT(off, 0.20) << without.dump();
    EXPECT_LT(on, 0.01) << with.dump();
    EXPECT_LT(on, 0.5 * off);
  }
}

// The Fox's run (1.94 m/s) asked 1.3 times its speed: scaled as much, its hind feet's stances
// would leave the legs' reach (the right hind foot slid 7.5% of the leg per step); the stride
// stops where the planted feet stay within 95% of the leg from the hip and the clip plays faster
// for the rest, so every planted foot slides under 1% of the leg per step (0.48% at most when
// measured) and the Fox goes at the speed asked (within 5%).
TEST(SlideCommand, StrideWarpingKeepsTheFoxsFeetPlantedAtOnePointThreeTimesItsRunsSpeed) {
  const std::filesystem::path fox =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos" / "Fox.glb";
  if (!std::filesystem::exists(fox)) GTEST_SKIP() << fox << " is absent (shared assets)";
  const std::string run = quoted(fox) + " --clip Run";
  const nlohmann::json own = slide(run);
  ASSERT_TRUE(own.is_object()) << "no JSON from slide";
  const double asked = 1.3 * own["speed_mps"].get<double>();
  const nlohmann::json with =
      slide(run + " --stride-warping on --requested-speed " + std::to_string(asked));
  ASSERT_TRUE(with.is_object()) << "no JSON from slide";
  ASSERT_EQ(with["feet"].size(), 4u) << with.dump();
  EXPECT_NEAR(with["speed_mps"].get<double>(), asked, 0.05 * asked);
  for (const auto& foot : with["feet"]) {
    EXPECT_GE(foot["steps"].get<int>(), 1) << foot.dump();
    EXPECT_LT(foot["slide_per_step_leg"].get<double>(), 0.01) << foot.dump();
  }
}

TEST(SlideCommand, ASkeletonWithoutLegsOrABadDurationIsRefused) {
  const std::filesystem::path box =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos" / "box_animated.gltf";
  if (!std::filesystem::exists(box)) GTEST_SKIP() << box << " is absent (shared assets)";
  const std::string file = quoted(box) + " --clip 0";
  const std::string no_legs = e2e::run_and_read(slide_command(file + " 2>&1; echo \"exit $?\""));
  EXPECT_NE(no_legs.find("no legs found"), std::string::npos) << no_legs;
  EXPECT_NE(no_legs.find("exit 1"), std::string::npos) << no_legs;
  const std::string negative =
      e2e::run_and_read(slide_command(file + " --duration -1 2>&1; echo \"exit $?\""));
  EXPECT_NE(negative.find("--duration"), std::string::npos) << negative;
  EXPECT_NE(negative.find("exit 2"), std::string::npos) << negative;
}

}  // namespace
