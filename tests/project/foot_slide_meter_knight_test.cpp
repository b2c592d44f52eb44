// The live foot-slide meter on a real walk: KayKit's Knight playing Walking_A for 4 s with its
// root motion applied, fed frame by frame as the viewer feeds it, against foot_slide's batch
// measure over the same frames.
#include <vector>

#include <gtest/gtest.h>

#include "anim/character_instance.h"
#include "anim/foot_contact.h"
#include "anim/foot_slide_meter.h"
#include "project/project_binding.h"
#include "project/project_opening.h"
#include "support/foot_contact_loading.h"
#include "support/import_test_util.h"

namespace {

constexpr float kFrame_s = 1.0f / 60.0f;
constexpr int kFrames = 240;
constexpr int kPlotFrames = 100;

TEST(FootSlideMeterKnight, TheMeterMeasuresTheKnightsWalkAsTheBatchMeasureDoes) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  const project::LoadOutcome loaded = test::load_with_foot_contacts(path);
  ASSERT_TRUE(loaded.ok);
  const project::Project project = project::preview_project(loaded.character, path.string());
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, loaded.character, {}, bound), "");
  anim::CharacterInstance player;
  ASSERT_EQ(player.bind(*bound.character, *bound.graph), "");
  const int clip = bound.character->find_clip("Walking_A");
  ASSERT_GE(clip, 0);
  anim::CharacterSettings settings;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.root_motion.root_joint = bound.character->root_motion_joint;
  const anim::FootIkRig& rig = player.foot_rig();
  ASSERT_EQ(rig.legs.size(), 2u);

  anim::FootSlideMeter meter;
  meter.reset(2, kPlotFrames);
  std::vector<anim::FootSlide> batch(2);
  std::vector<std::vector<float>> speeds(2);  // the batch's slide per frame, m/s
  anim::Parameters parameters;
  const anim::Terrain flat;
  EXPECT_EQ(player.set_settings(settings), "");
  for (int f = 0; f <= kFrames; ++f) {
    const float dt_s = f == 0 ? 0.0f : kFrame_s;
    player.set_preview(clip, static_cast<float>(f) * kFrame_s);
    ASSERT_TRUE(player.update(dt_s, parameters, flat));
    if (f == 0) continue;  // the meter skips a frame that takes no time: the batch does too
    const anim::SoleFrame sole =
        anim::sole_frame(rig, player.model_pose(), player.world_matrix(),
                         &bound.character->clips[clip], player.dominant_clip_time());
    meter.add_frame(sole, {.clip = clip}, dt_s);
    for (int leg = 0; leg < 2; ++leg) {
      const anim::SlideFrame added =
          anim::add_slide_frame(batch[leg], sole.heel[leg], sole.toe[leg], sole.planted[leg]);
      speeds[leg].push_back(added.slide_m / kFrame_s);
    }
  }
  const float leg = anim::rest_leg_length(bound.character->skeleton, rig.legs);
  const anim::SlideTally& tally = meter.tally(anim::SlideSpan::Clip);
  EXPECT_NEAR(tally.duration_s, kFrames * kFrame_s, 1e-3f);
  for (int foot = 0; foot < 2; ++foot) {
    EXPECT_EQ(tally.steps[foot], batch[foot].steps) << foot;
    EXPECT_NEAR(tally.slide_m[foot], batch[foot].slide_m, 1e-6f) << foot;
    // Carried by the ground its feet give, the Knight's walk slides a few percent of its leg a
    // step (5.1% and 3.8% measured by `animview slide`), over 4 steps in 4 s.
    EXPECT_EQ(tally.steps[foot], 4) << foot;
    const float share = anim::slide_per_step_share(tally.slide_m[foot], tally.steps[foot], leg);
    EXPECT_GT(share, 0.02f) << foot;
    EXPECT_LT(share, 0.08f) << foot;
    // The plot holds the last kPlotFrames frames, oldest at the offset.
    for (int i = 0; i < kPlotFrames; ++i) {
      const float expected = speeds[foot][speeds[foot].size() - kPlotFrames + i];
      EXPECT_NEAR(meter.plot_speeds(foot)[(meter.plot_offset() + i) % kPlotFrames], expected, 1e-4f)
          << foot << " " << i;
    }
  }
}

}  // namespace
