// The viewer's frame export in a real GL context: the dialog's form exported one frame per
// step into an offscreen framebuffer at the chosen size, the playhead given back afterwards,
// Cancel keeping what was written, and a change of the timeline's clip stopping the export.
#include "app/viewer_frame_export.h"
#include "app/character_source.h"

#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "demo/demo_character.h"
#include "render/gl_fixture.h"

namespace app {
namespace {

namespace fs = std::filesystem;

constexpr ExportSizes kSizes{96, 64, 160, 120};

class ViewerFrameExportTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    dir_ = fs::temp_directory_path() / ("animview_viewer_export_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    ASSERT_EQ(renderer_.init(), "");
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    ASSERT_EQ(scene_.open(std::move(demo.character), demo.project), "");
    renderer_.set_character(app::character_source(scene_.character));
    doc_.open({demo::kDemoSourcePath}, "", demo.project);
    refresh_panels(ui_, doc_.project(), scene_);
    preview_clip(ui_, scene_, scene_.find_clip("wave"));
    scene_.clock.set_playing(false);
    scene_.clock.seek(0.37);
    camera_.frame(glm::vec3(-1.0f, 0.0f, -1.0f), glm::vec3(1.0f, 2.0f, 1.0f), 4.0f / 3.0f);
    exporter_.open(ui_.frame_export, scene_);
    ui_.frame_export.form.directory = (dir_ / "wave").string();
    ui_.frame_export.form.to_s = 0.05;  // frames 0 to 6 at 120 fps
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Steps until the export ends; returns the number of steps.
  int run_to_end() {
    int steps = 0;
    while (exporter_.running() && steps < 100) {
      exporter_.step(doc_, ui_, scene_, renderer_, camera_);
      ++steps;
    }
    return steps;
  }
  int png_count() const {
    int count = 0;
    for (const auto& entry : fs::directory_iterator(dir_ / "wave")) {
      count += entry.path().extension() == ".png";
    }
    return count;
  }
  static glm::ivec2 png_size(const fs::path& path) {
    int width = 0, height = 0, channels = 0;
    EXPECT_TRUE(stbi_info(path.c_str(), &width, &height, &channels)) << path;
    return {width, height};
  }

  fs::path dir_;
  render::SceneRenderer renderer_;
  ViewerScene scene_;
  Document doc_;
  ViewerUi ui_;
  render::OrbitCamera camera_;
  ViewerFrameExport exporter_;
};

TEST_F(ViewerFrameExportTest, OpeningTheDialogProposesTheWholeClip) {
  exporter_.open(ui_.frame_export, scene_);
  EXPECT_TRUE(ui_.frame_export.open);
  EXPECT_EQ(ui_.frame_export.form.directory, "export/wave");
  EXPECT_EQ(ui_.frame_export.form.prefix, "wave");
  EXPECT_DOUBLE_EQ(ui_.frame_export.form.from_s, 0.0);
  EXPECT_FLOAT_EQ(static_cast<float>(ui_.frame_export.form.to_s),
                  scene_.clips()[scene_.preview_clip].duration_s);
}

TEST_F(ViewerFrameExportTest, WritesAFramePerStepAndGivesThePlayheadBack) {
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, kSizes), "");
  EXPECT_TRUE(ui_.frame_export.progress.running);
  EXPECT_EQ(ui_.frame_export.progress.total, 7);
  exporter_.step(doc_, ui_, scene_, renderer_, camera_);
  EXPECT_EQ(ui_.frame_export.progress.done, 1);
  EXPECT_EQ(png_count(), 1);
  EXPECT_EQ(run_to_end(), 6);
  EXPECT_FALSE(ui_.frame_export.progress.running);
  EXPECT_EQ(png_count(), 7);
  EXPECT_EQ(png_size(dir_ / "wave" / "wave_0006.png"), glm::ivec2(96, 64));  // the viewport's
  EXPECT_DOUBLE_EQ(scene_.clock.time_s(), 0.37);
  EXPECT_FALSE(scene_.clock.playing());
  EXPECT_TRUE(ui_.errors.empty());
  EXPECT_EQ(ui_.status, "exported 7 frames to " + (dir_ / "wave").string());
  EXPECT_FALSE(ui_.frame_export.open);
}

TEST_F(ViewerFrameExportTest, TheWindowResolutionAndAPlayingClip) {
  scene_.clock.set_playing(true);
  ui_.frame_export.form.resolution = ui::ExportResolution::Window;
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, kSizes), "");
  EXPECT_FALSE(scene_.clock.playing());  // paused while exporting
  run_to_end();
  EXPECT_EQ(png_size(dir_ / "wave" / "wave_0000.png"), glm::ivec2(160, 120));
  EXPECT_TRUE(scene_.clock.playing());
}

TEST_F(ViewerFrameExportTest, CancelKeepsTheFramesWrittenAndSaysSo) {
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, kSizes), "");
  for (int i = 0; i < 3; ++i) exporter_.step(doc_, ui_, scene_, renderer_, camera_);
  exporter_.cancel();
  exporter_.step(doc_, ui_, scene_, renderer_, camera_);
  EXPECT_FALSE(exporter_.running());
  EXPECT_EQ(png_count(), 3);
  EXPECT_EQ(ui_.status,
            "export cancelled after 3 of 7 frames (kept in " + (dir_ / "wave").string() + ")");
  EXPECT_DOUBLE_EQ(scene_.clock.time_s(), 0.37);
}

TEST_F(ViewerFrameExportTest, AnotherClipOnTheTimelineStopsTheExport) {
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, kSizes), "");
  exporter_.step(doc_, ui_, scene_, renderer_, camera_);
  preview_clip(ui_, scene_, scene_.find_clip("idle"));
  exporter_.step(doc_, ui_, scene_, renderer_, camera_);
  EXPECT_FALSE(exporter_.running());
  EXPECT_EQ(png_count(), 1);
  ASSERT_EQ(ui_.errors.entries().size(), 1u);
  EXPECT_EQ(ui_.errors.entries()[0].cause, "export stopped: the clip on the timeline changed");
}

TEST_F(ViewerFrameExportTest, ABadFormIsReportedAndNothingRuns) {
  ui_.frame_export.form.prefix = "a/b";
  EXPECT_NE(exporter_.start(doc_, ui_, scene_, kSizes).find("prefix"), std::string::npos);
  EXPECT_FALSE(exporter_.running());
  ASSERT_EQ(ui_.errors.entries().size(), 1u);
  EXPECT_EQ(ui_.errors.entries()[0].file, (dir_ / "wave").string());
  EXPECT_FALSE(fs::exists(dir_));
}

TEST_F(ViewerFrameExportTest, AFolderThatCannotBeMadeIsReportedWithItsCause) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "wave") << "a file, not a folder";
  ASSERT_EQ(exporter_.start(doc_, ui_, scene_, kSizes), "");
  run_to_end();
  ASSERT_EQ(ui_.errors.entries().size(), 1u);
  EXPECT_NE(ui_.errors.entries()[0].cause.find("cannot create " + (dir_ / "wave").string()),
            std::string::npos)
      << ui_.errors.entries()[0].cause;
  EXPECT_DOUBLE_EQ(scene_.clock.time_s(), 0.37);
}

}  // namespace
}  // namespace app
