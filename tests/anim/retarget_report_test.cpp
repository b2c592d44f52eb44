#include "anim/retarget_report.h"

#include <gtest/gtest.h>

#include "retarget_rigs.h"

namespace anim {
namespace {

using testing::feet_free;
using testing::make_humanoid;
using testing::make_walk;
using testing::rig_of;

RetargetReport report_onto(const Skeleton& source, const Skeleton& target,
                           const RetargetOptions& options) {
  const RetargetMap map =
      make_retarget_map(source, rig_of(source), target, rig_of(target), options);
  const Clip walk = make_walk(source);
  std::string error;
  const Clip out = retarget_clip(map, walk, &error);
  EXPECT_FALSE(out.tracks.empty()) << error;
  return report_retarget(map, walk, out);
}

const RetargetChainReport* chain(const RetargetReport& report, const std::string& name) {
  for (const RetargetChainReport& c : report.chains) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

TEST(RetargetReport, OntoItselfAndATwiceAsLargeCopyEveryChainIsExact) {
  const Skeleton skeleton = make_humanoid(3, false);
  for (const float size : {1.0f, 2.0f}) {
    const RetargetReport report = report_onto(skeleton, make_humanoid(3, false, size), feet_free());
    ASSERT_TRUE(report.error.empty()) << report.error;
    ASSERT_EQ(report.chains.size(), 4u);
    for (const char* name : {"left leg", "right leg", "left arm", "right arm"}) {
      const RetargetChainReport* c = chain(report, name);
      ASSERT_NE(c, nullptr) << name;
      EXPECT_LT(c->end_error_m, 1e-4f * size) << name << " x" << size;
      if (c->role != LimbRole::Leg) continue;
      EXPECT_LT(c->planted_height_error_m, 1e-4f * size) << name;
      EXPECT_GT(c->steps, 0) << name;
      // Slide per step is a share of each side's own leg: the same on a scaled copy.
      EXPECT_NEAR(c->slide_per_step_leg, c->source_slide_per_step_leg, 1e-4f) << name;
    }
  }
}

// Legs by rotation alone on a target whose shins are 30 % longer: the feet reach lower than the
// scaled source's, and the report says by how much; keeping contacts brings them back.
TEST(RetargetReport, FkLegsOnLongerShinsShowAPlantedHeightErrorThatContactsRemove) {
  const Skeleton source = make_humanoid(3, false);
  Skeleton longer = source;
  for (std::size_t j = 0; j < longer.joint_names.size(); ++j) {
    if (longer.joint_names[j].rfind("foot", 0) == 0) longer.rest_pose[j].translation *= 1.3f;
  }
  RetargetOptions fk = feet_free();
  fk.leg_mode = ChainMode::Rotation;
  const RetargetReport by_rotation = report_onto(source, longer, fk);
  const RetargetReport with_contacts = report_onto(source, longer, feet_free());
  const RetargetChainReport* loose = chain(by_rotation, "left leg");
  const RetargetChainReport* kept = chain(with_contacts, "left leg");
  ASSERT_NE(loose, nullptr);
  ASSERT_NE(kept, nullptr);
  EXPECT_GT(loose->planted_height_error_leg, 0.01f);
  EXPECT_LT(kept->planted_height_error_leg, 0.001f);
}

TEST(RetargetReport, AnEmptyMapOrAClipWithoutDurationIsRefused) {
  EXPECT_FALSE(report_retarget(RetargetMap{}, Clip{}, Clip{}).error.empty());
}

}  // namespace
}  // namespace anim
