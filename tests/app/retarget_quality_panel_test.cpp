// The Retarget panel's Quality table in the viewer: pab's walk retargeted onto arnaud (its own
// skeleton) shows, per chain, the figures `animview retarget --report` prints for the same pair;
// the report is made once per retargeting, not per frame, and again when the settings change;
// a click on a chain's worst moment previews the clip there.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "anim/retarget_report_text.h"
#include "app/clip_file_adding.h"
#include "app/retarget_authoring.h"
#include "import/clip_retargeting.h"
#include "import/importer.h"
#include "ui/headless_imgui.h"

namespace app {
namespace {

namespace fs = std::filesystem;

fs::path shared_asset(const char* relative) {
  return fs::path(ANIMVIEW_SHARED_ASSETS) / relative;
}

// The report as the command makes it: both files imported, every clip retargeted.
anim::RetargetReport command_report(const fs::path& clip_file, const fs::path& model) {
  const importer::ImportResult source = importer::import_file(clip_file.string(), {});
  const importer::ImportResult target = importer::import_file(model.string(), {});
  EXPECT_TRUE(source.ok() && target.ok()) << source.error << target.error;
  const importer::ClipRetargeting result =
      importer::retarget_clips(source.character, target.character);
  EXPECT_TRUE(result.ok()) << result.error;
  if (!result.ok() || result.clips.empty()) return {};
  return anim::report_retarget(result.map, source.character.clips[0], result.clips[0]);
}

TEST(RetargetQualityPanel, ShowsTheCommandsFiguresMadeOncePerRetargeting) {
  const fs::path walk = shared_asset("pab/walk.fbx");
  const fs::path arnaud = shared_asset("pab/arnaud.fbx");
  if (!fs::exists(walk) || !fs::exists(arnaud)) {
    GTEST_SKIP() << walk << " or " << arnaud << " is absent (../shared/assets)";
  }
  ViewerScene scene;
  ViewerUi ui;
  LoadOutcome opened = load_now({{arnaud.string()}, {}});
  ASSERT_TRUE(opened.ok);
  ASSERT_EQ(scene.open(std::move(opened.character), opened.project), "");
  Document doc;
  doc.open({arnaud.string()}, "", std::move(opened.project));
  refresh_panels(ui, doc.project(), scene);
  accept_retargeted_clips(load_clips_now(add_clips_request(walk.string(), scene, {}, true, &ui)),
                          walk.string(), doc, scene, ui);
  ASSERT_EQ(doc.project().retargets.size(), 1u);

  RetargetAuthoring authoring;
  ui.retarget_panel.open = true;
  ui::testing::HeadlessImGui imgui;
  const auto frame = [&] { imgui.frame([&] { run_retarget_panel(authoring, doc, scene, ui); }); };
  for (int f = 0; f < 3; ++f) frame();
  EXPECT_EQ(authoring.reports_made, 1);

  const anim::RetargetReport expected = command_report(walk, arnaud);
  ASSERT_TRUE(expected.error.empty()) << expected.error;
  ASSERT_EQ(ui.retarget_panel.quality_rows.size(), expected.chains.size());
  ASSERT_EQ(expected.chains.size(), 4u);
  const anim::RetargetReport& shown = authoring.sources[0].quality.report;
  std::size_t legs = 0;
  for (std::size_t c = 0; c < expected.chains.size(); ++c) {
    const anim::RetargetChainReport& e = expected.chains[c];
    const anim::RetargetChainFigures f = anim::retarget_chain_figures(e);
    EXPECT_EQ(ui.retarget_panel.quality_rows[c],
              (std::vector<std::string>{e.name, f.end_cm, f.end_leg_percent, f.worst_s}));
    if (e.role == anim::LimbRole::Leg) {
      ASSERT_LT(legs, ui.retarget_panel.feet_rows.size());
      EXPECT_EQ(
          ui.retarget_panel.feet_rows[legs++],
          (std::vector<std::string>{e.name, f.sole_cm, f.sole_leg_percent, f.slide_leg_percent,
                                    f.source_slide_leg_percent, f.steps}));
      EXPECT_GT(e.steps, 0) << e.name;
    }
    EXPECT_NEAR(shown.chains[c].end_error_m, e.end_error_m, 1e-6f) << e.name;
    EXPECT_NEAR(shown.chains[c].planted_height_error_m, e.planted_height_error_m, 1e-6f);
    EXPECT_NEAR(shown.chains[c].slide_per_step_leg, e.slide_per_step_leg, 1e-6f);
  }
  EXPECT_EQ(legs, 2u);
  EXPECT_EQ(ui.retarget_panel.feet_rows.size(), 2u);

  // The left leg's worst moment, clicked: the clip previewed there, paused; no new report.
  const glm::vec2 at = ui.retarget_panel.worst_time_at[0];
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(at.x, at.y);
  frame();
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  frame();
  ASSERT_GE(scene.preview_clip, 0);
  EXPECT_EQ(scene.clips()[static_cast<std::size_t>(scene.preview_clip)].name,
            authoring.sources[0].clip_names[0]);
  EXPECT_NEAR(scene.clock.time_s(), expected.chains[0].end_error_time_s, 1e-5);
  EXPECT_FALSE(scene.clock.playing());
  for (int f = 0; f < 3; ++f) frame();
  EXPECT_EQ(authoring.reports_made, 1);

  // Another leg mode retargets the clip again: one new report, with its figures.
  doc.project().retargets[0].leg_mode = anim::ChainMode::Rotation;
  for (int f = 0; f < 3; ++f) frame();
  EXPECT_EQ(authoring.reports_made, 2);
  EXPECT_EQ(authoring.sources[0].retargetings, 2);
}

}  // namespace
}  // namespace app
