#include "app/frame_exporter.h"

#include <fstream>
#include <limits>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace app {
namespace {

namespace fs = std::filesystem;

FrameExportRequest request(double start_s, double end_s, double duration_s = 2.0,
                           double fps = 30.0) {
  FrameExportRequest r;
  r.directory = "/out";
  r.timeline = {duration_s, fps};
  r.start_s = start_s;
  r.end_s = end_s;
  return r;
}

std::vector<ExportFrame> plan(const FrameExportRequest& r) {
  std::vector<ExportFrame> frames;
  const std::string error = plan_frame_export(r, frames);
  EXPECT_EQ(error, "");
  return frames;
}

std::string plan_error(const FrameExportRequest& r) {
  std::vector<ExportFrame> frames(3);
  const std::string error = plan_frame_export(r, frames);
  EXPECT_TRUE(frames.empty());
  return error;
}

TEST(FrameFileName, ZeroPaddedFrameNumber) {
  EXPECT_EQ(frame_file_name("walk", 7, 4), "walk_0007.png");
  EXPECT_EQ(frame_file_name("walk", 12345, 4), "walk_12345.png");
  EXPECT_EQ(frame_file_name("a", 3, 1), "a_3.png");
}

TEST(PlanFrameExport, RangeOnFramesIncludesBothEnds) {
  const std::vector<ExportFrame> frames = plan(request(0.5, 1.0));
  ASSERT_EQ(frames.size(), 16u);  // frames 15 to 30 at 30 fps
  EXPECT_EQ(frames.front().frame, 15);
  EXPECT_DOUBLE_EQ(frames.front().time_s, 0.5);
  EXPECT_EQ(frames.front().path, fs::path("/out/frame_0015.png"));
  EXPECT_EQ(frames.back().frame, 30);
  EXPECT_DOUBLE_EQ(frames.back().time_s, 1.0);
  EXPECT_EQ(frames.back().path, fs::path("/out/frame_0030.png"));
}

TEST(PlanFrameExport, RangeBetweenFramesTakesTheWholeFramesInside) {
  const std::vector<ExportFrame> frames = plan(request(0.51, 0.99));  // 15.3 to 29.7 frames
  ASSERT_EQ(frames.size(), 14u);
  EXPECT_EQ(frames.front().frame, 16);
  EXPECT_EQ(frames.back().frame, 29);
}

TEST(PlanFrameExport, WholeFloatDurationClipAt24Fps) {
  const float duration = 40.0f / 24.0f;  // a float duration a hair off frame 40
  const std::vector<ExportFrame> frames = plan(request(0.0, duration, duration, 24.0));
  ASSERT_EQ(frames.size(), 41u);
  EXPECT_EQ(frames.back().frame, 40);
}

TEST(PlanFrameExport, RangeIsClampedToTheClip) {
  const std::vector<ExportFrame> frames = plan(request(-3.0, 10.0, 1.0, 60.0));
  ASSERT_EQ(frames.size(), 61u);
  EXPECT_EQ(frames.front().frame, 0);
  EXPECT_EQ(frames.back().frame, 60);
}

TEST(PlanFrameExport, LongSequencesGetWiderNumbersThatStillSort) {
  const std::vector<ExportFrame> frames = plan(request(0.0, 200.0, 200.0, 120.0));
  ASSERT_EQ(frames.size(), 24001u);
  EXPECT_EQ(frames.front().path.filename(), "frame_00000.png");
  EXPECT_EQ(frames.back().path.filename(), "frame_24000.png");
}

TEST(PlanFrameExport, BadRequestsNameTheirCause) {
  EXPECT_NE(plan_error(request(1.0, 0.5)).find("before it starts"), std::string::npos);
  EXPECT_NE(plan_error(request(std::numeric_limits<double>::quiet_NaN(), 1.0)).find("not finite"),
            std::string::npos);
  EXPECT_NE(plan_error(request(5.0, 6.0)).find("holds no frame"), std::string::npos);
  EXPECT_NE(plan_error(request(0.501, 0.51)).find("holds no frame"), std::string::npos);
  FrameExportRequest r = request(0.0, 1.0);
  r.prefix = "a/b";
  EXPECT_NE(plan_error(r).find("prefix"), std::string::npos);
  r.prefix = "";
  EXPECT_NE(plan_error(r).find("prefix"), std::string::npos);
  r = request(0.0, 1.0);
  r.directory.clear();
  EXPECT_NE(plan_error(r).find("directory"), std::string::npos);
  EXPECT_NE(plan_error(request(0.0, 10000.0, 10000.0, 120.0)).find("more than"), std::string::npos);
}

// Writes a stand-in PNG per frame into a fresh directory, so the test counts real files.
class ExportFramesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("animview_export_" + std::to_string(::getpid()) + "_" + info->name()) / "shots";
    fs::remove_all(dir_.parent_path());
  }
  void TearDown() override { fs::remove_all(dir_.parent_path()); }

  std::vector<ExportFrame> planned(double start_s, double end_s) {
    FrameExportRequest r = request(start_s, end_s);
    r.directory = dir_;
    r.prefix = "walk";
    return plan(r);
  }
  int png_count() const {
    int count = 0;
    if (!fs::exists(dir_)) return 0;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      count += entry.path().extension() == ".png";
    }
    return count;
  }
  static std::string write_png(const ExportFrame& frame) {
    std::ofstream(frame.path) << "\x89PNG frame " << frame.frame;
    return {};
  }

  fs::path dir_;
};

TEST_F(ExportFramesTest, WritesOneFilePerFrameOfTheRange) {
  const std::vector<ExportFrame> frames = planned(0.0, 0.5);  // frames 0 to 15
  std::vector<int> progress;
  const ExportResult result = export_frames(frames, write_png, [&](int done, int total) {
    EXPECT_EQ(total, 16);
    progress.push_back(done);
    return true;
  });
  EXPECT_EQ(result.error, "");
  EXPECT_FALSE(result.cancelled);
  EXPECT_EQ(result.frames_written, 16);
  EXPECT_EQ(png_count(), 16);
  EXPECT_TRUE(fs::exists(dir_ / "walk_0015.png"));
  ASSERT_EQ(progress.size(), 16u);
  EXPECT_EQ(progress.back(), 16);
}

TEST_F(ExportFramesTest, CancelStopsAfterTheCurrentFrame) {
  const ExportResult result =
      export_frames(planned(0.0, 1.0), write_png, [](int done, int) { return done < 3; });
  EXPECT_TRUE(result.cancelled);
  EXPECT_EQ(result.frames_written, 3);
  EXPECT_EQ(png_count(), 3);
}

TEST_F(ExportFramesTest, RenderFailureStopsAndNamesTheFile) {
  const auto fail_on_frame_2 = [](const ExportFrame& frame) {
    return frame.frame == 2 ? std::string("framebuffer incomplete") : write_png(frame);
  };
  const ExportResult result = export_frames(planned(0.0, 1.0), fail_on_frame_2, {});
  EXPECT_EQ(result.frames_written, 2);
  EXPECT_FALSE(result.cancelled);
  EXPECT_NE(result.error.find("walk_0002.png: framebuffer incomplete"), std::string::npos)
      << result.error;
  EXPECT_EQ(png_count(), 2);
}

TEST_F(ExportFramesTest, JobStepsOneFrameAtATimeInPlanOrder) {
  ExportJob job(planned(0.2, 0.3));  // frames 6 to 9
  EXPECT_EQ(job.total(), 4);
  std::vector<int> rendered;
  const auto render = [&](const ExportFrame& frame) {
    rendered.push_back(frame.frame);
    return write_png(frame);
  };
  for (int step = 1; step <= 4; ++step) {
    ASSERT_FALSE(job.finished());
    EXPECT_EQ(job.next().frame, 5 + step);
    job.step(render);
    EXPECT_EQ(job.done(), step);
    EXPECT_EQ(png_count(), step);  // nothing is rendered ahead of its step
  }
  EXPECT_TRUE(job.finished());
  EXPECT_EQ(rendered, (std::vector<int>{6, 7, 8, 9}));
  EXPECT_TRUE(fs::exists(dir_ / "walk_0006.png"));
  EXPECT_TRUE(fs::exists(dir_ / "walk_0009.png"));
  job.step(render);  // a finished job renders nothing more
  EXPECT_EQ(rendered.size(), 4u);
  EXPECT_FALSE(job.result().cancelled);
  EXPECT_EQ(job.result().error, "");
}

TEST_F(ExportFramesTest, JobCancelledMidwayKeepsTheWrittenFilesAndSaysSo) {
  ExportJob job(planned(0.0, 1.0));  // 31 frames
  job.step(write_png);
  job.step(write_png);
  job.cancel();
  EXPECT_TRUE(job.finished());
  EXPECT_TRUE(job.result().cancelled);
  EXPECT_EQ(job.result().frames_written, 2);
  job.step(write_png);  // a cancelled job renders nothing more
  EXPECT_EQ(png_count(), 2);
  EXPECT_TRUE(fs::exists(dir_ / "walk_0001.png"));
}

TEST_F(ExportFramesTest, JobCancelAfterTheLastFrameIsNotACancel) {
  ExportJob job(planned(0.0, 0.0));
  ASSERT_EQ(job.total(), 1);
  job.step(write_png);
  job.cancel();
  EXPECT_FALSE(job.result().cancelled);
  EXPECT_EQ(job.result().frames_written, 1);
}

TEST_F(ExportFramesTest, JobReportsADirectoryItCannotCreate) {
  fs::create_directories(dir_.parent_path());
  std::ofstream(dir_) << "a file where the folder should be";
  ExportJob job(planned(0.0, 0.1));
  job.step(write_png);
  EXPECT_TRUE(job.finished());
  EXPECT_EQ(job.done(), 0);
  EXPECT_NE(job.result().error.find("cannot create " + dir_.string()), std::string::npos)
      << job.result().error;
}

TEST(ExportJob, AnEmptyJobIsFinishedAtOnce) {
  ExportJob job;
  EXPECT_TRUE(job.finished());
  EXPECT_EQ(job.total(), 0);
}

}  // namespace
}  // namespace app
