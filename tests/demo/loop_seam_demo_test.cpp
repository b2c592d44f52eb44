// The loop-seam measure on the demo character's clips, whose gaits are built as seamless loops
// with known root motion, and on a clip known not to loop (half a walk cycle).

#include <cmath>
#include <numbers>
#include <string>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include "anim/loop_seam.h"
#include "demo/demo_character.h"
#include "demo/demo_gait.h"
#include "demo/demo_skeleton.h"

namespace {

class DemoLoopSeam : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { demo_ = new importer::Character(demo::make_demo_character()); }
  static void TearDownTestSuite() {
    delete demo_;
    demo_ = nullptr;
  }

  static const anim::Clip& clip(const std::string& name) {
    for (const anim::Clip& c : demo_->clips) {
      if (c.name == name) return c;
    }
    ADD_FAILURE() << "the demo has no clip " << name;
    return demo_->clips.front();
  }

  static anim::ClipLoopReport measure(const anim::Clip& clip) {
    anim::LoopSeamSettings settings;
    settings.root_motion.root_joint = demo_->skeleton.find_joint(demo::kDemoRootJoint);
    anim::ClipLoopReport report;
    const anim::JobResult result = anim::measure_clip_loop(
        clip, anim::bind_clip(clip, demo_->skeleton), demo_->skeleton, settings, report);
    EXPECT_TRUE(result) << clip.name << ": " << result.error;
    return report;
  }

  static importer::Character* demo_;
};

importer::Character* DemoLoopSeam::demo_ = nullptr;

TEST_F(DemoLoopSeam, EveryDemoClipLoopsCleanly) {
  ASSERT_FALSE(demo_->clips.empty());
  for (const anim::Clip& c : demo_->clips) {
    const anim::ClipLoopReport report = measure(c);
    EXPECT_TRUE(report.loops_cleanly)
        << c.name << ": seam " << report.seam_position_m * 100.0f << " cm at joint "
        << report.seam_position_joint << ", " << glm::degrees(report.seam_rotation_rad)
        << " deg at joint " << report.seam_rotation_joint;
  }
}

TEST_F(DemoLoopSeam, WalksAndJogsTravelOneCycleOfTheirVelocity) {
  for (const demo::DemoDirection& direction : demo::demo_directions()) {
    for (const demo::GaitSpec& spec : {demo::demo_walk_spec(direction.name, direction.unit),
                                       demo::demo_jog_spec(direction.name, direction.unit)}) {
      const anim::ClipLoopReport report = measure(clip(spec.name));
      const float expected_m = glm::length(spec.velocity_mps) * spec.cycle_s;
      EXPECT_NEAR(report.root_displacement_m, expected_m, 0.01f * expected_m) << spec.name;
      EXPECT_NEAR(report.root_yaw_rad, 0.0f, 1e-3f) << spec.name;
      EXPECT_TRUE(report.has_root_motion) << spec.name;
    }
  }
}

TEST_F(DemoLoopSeam, TurnsCarryTheirQuarterTurn) {
  const anim::ClipLoopReport left = measure(clip("turn_left"));
  const anim::ClipLoopReport right = measure(clip("turn_right"));
  EXPECT_NEAR(left.root_yaw_rad, std::numbers::pi_v<float> / 2.0f, 1e-3f);
  EXPECT_NEAR(right.root_yaw_rad, -std::numbers::pi_v<float> / 2.0f, 1e-3f);
  EXPECT_TRUE(left.has_root_motion);
  EXPECT_TRUE(right.has_root_motion);
  EXPECT_LT(left.root_displacement_m, 0.01f);
}

TEST_F(DemoLoopSeam, InPlaceClipsCarryNoRootMotion) {
  for (const char* name : {"idle", "wave", "lean_left", "lean_right"}) {
    const anim::ClipLoopReport report = measure(clip(name));
    EXPECT_FALSE(report.has_root_motion) << name;
    EXPECT_LT(report.root_displacement_m, 0.01f) << name;
  }
}

TEST_F(DemoLoopSeam, HalfAWalkCycleDoesNotLoop) {
  // Cut at mid-cycle the legs have swapped: the end pose is the mirror of the first.
  anim::Clip half = clip("walk_forward");
  half.duration_s *= 0.5f;
  const anim::ClipLoopReport report = measure(half);
  EXPECT_FALSE(report.loops_cleanly);
  EXPECT_GT(report.seam_position_m, 0.1f);
  // Root motion is half the stride and still counts.
  const demo::GaitSpec walk = demo::demo_walk_spec("forward", {0.0f, 1.0f});
  EXPECT_NEAR(report.root_displacement_m, 0.5f * walk.velocity_mps.y * walk.cycle_s, 0.02f);
}

}  // namespace
