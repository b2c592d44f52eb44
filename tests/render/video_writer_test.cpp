// The video writer and its background encoder, fed made-up pictures (no GL): what they refuse,
// and that a video appears under its name only when it is complete. The e2e tests in
// tests/app/playblast_test.cpp read real playblasts back with ffprobe.
#include "render/video_writer.h"

#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

#include "render/background_encoder.h"

namespace {

namespace fs = std::filesystem;

class VideoWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("animview_video_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  int files() const {
    int n = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir_)) ++n;
    return n;
  }

  fs::path dir_;
};

render::VideoSettings small(double fps = 30.0) {
  render::VideoSettings settings;
  settings.width = 32;
  settings.height = 24;
  settings.fps = fps;
  return settings;
}

// A picture whose colour changes with n.
render::Image picture(int n, int width = 32, int height = 24) {
  render::Image image;
  image.width = width;
  image.height = height;
  image.rgba.assign(static_cast<std::size_t>(width) * height * 4, 255);
  for (std::size_t i = 0; i < image.rgba.size(); i += 4)
    image.rgba[i] = static_cast<std::uint8_t>(n * 20);
  return image;
}

}  // namespace

TEST(VideoContainer, IsChosenByTheExtensionInAnyCase) {
  EXPECT_EQ(render::video_container_of("a/b.mp4"), render::VideoContainer::Mp4);
  EXPECT_EQ(render::video_container_of("B.WebM"), render::VideoContainer::WebM);
  EXPECT_EQ(render::video_container_of("c.gif"), render::VideoContainer::Gif);
  EXPECT_FALSE(render::video_container_of("c.png"));
  EXPECT_FALSE(render::video_container_of("mp4"));
}

TEST_F(VideoWriterTest, RefusesWhatItCannotWriteNamingTheFile) {
  struct Case {
    std::string name;
    render::VideoSettings settings;
    std::string cause;
  };
  render::VideoSettings odd = small();
  odd.width = 33;
  render::VideoSettings crf = small();
  crf.quality = 52;
  render::VideoSettings sound = small();
  sound.audio.sample_rate = 48000;
  sound.audio.channels = 1;
  sound.audio.samples.assign(100, 0.0f);
  const std::vector<Case> cases{
      {"a.avi", small(), "unknown video extension '.avi'"},
      {"a.mp4", odd, "even width and height"},
      {"a.webm", small(0.0), "frame rate"},
      {"a.gif", small(60.0), "at most 50 fps"},
      {"a.mp4", crf, "0 to 51"},
      {"a.gif", sound, "cannot carry sound"},
  };
  for (const Case& c : cases) {
    render::VideoWriter writer;
    const fs::path path = dir_ / c.name;
    const std::string error = writer.open(path, c.settings);
    EXPECT_NE(error.find(path.string()), std::string::npos) << error;
    EXPECT_NE(error.find(c.cause), std::string::npos) << error;
  }
  EXPECT_EQ(files(), 0);
}

TEST_F(VideoWriterTest, AFrameOfAnotherSizeIsRefused) {
  render::VideoWriter writer;
  ASSERT_EQ(writer.open(dir_ / "a.mp4", small()), "");
  EXPECT_NE(writer.write_frame(picture(0, 64, 24)).find("not the video's size"), std::string::npos);
}

TEST_F(VideoWriterTest, TheVideoAppearsUnderItsNameOnlyWhenFinished) {
  for (const char* name : {"a.mp4", "a.webm", "a.gif"}) {
    render::VideoWriter writer;
    ASSERT_EQ(writer.open(dir_ / name, small()), "") << name;
    for (int n = 0; n < 5; ++n) ASSERT_EQ(writer.write_frame(picture(n)), "") << name;
    EXPECT_FALSE(fs::exists(dir_ / name)) << name;
    ASSERT_EQ(writer.finish(), "") << name;
    EXPECT_EQ(writer.frames_written(), 5);
    EXPECT_GT(fs::file_size(dir_ / name), 0u) << name;
  }
  EXPECT_EQ(files(), 3);  // no temporary file left beside them
}

TEST_F(VideoWriterTest, AnUnfinishedVideoLeavesNoFile) {
  {
    render::VideoWriter writer;
    ASSERT_EQ(writer.open(dir_ / "cancelled.mp4", small()), "");
    for (int n = 0; n < 5; ++n) ASSERT_EQ(writer.write_frame(picture(n)), "");
    EXPECT_EQ(files(), 1);  // the temporary file
  }
  EXPECT_EQ(files(), 0);
}

TEST_F(VideoWriterTest, TheBackgroundEncoderWritesEveryFrameInOrder) {
  render::VideoWriter writer;
  ASSERT_EQ(writer.open(dir_ / "a.webm", small()), "");
  render::BackgroundEncoder encoder(writer);
  for (int n = 0; n < 12; ++n) ASSERT_EQ(encoder.submit(picture(n)), "");
  ASSERT_EQ(encoder.finish(), "");
  EXPECT_EQ(writer.frames_written(), 12);
  EXPECT_TRUE(fs::exists(dir_ / "a.webm"));
}

TEST_F(VideoWriterTest, ABackgroundEncoderStoppedMidwayLeavesNoFile) {
  {
    render::VideoWriter writer;
    ASSERT_EQ(writer.open(dir_ / "a.mp4", small()), "");
    render::BackgroundEncoder encoder(writer);
    for (int n = 0; n < 8; ++n) ASSERT_EQ(encoder.submit(picture(n)), "");
  }
  EXPECT_EQ(files(), 0);
}

TEST_F(VideoWriterTest, TheBackgroundEncoderPassesOnTheWritersError) {
  render::VideoWriter writer;
  ASSERT_EQ(writer.open(dir_ / "a.mp4", small()), "");
  render::BackgroundEncoder encoder(writer);
  ASSERT_EQ(encoder.submit(picture(0, 16, 16)), "");  // queued; refused by the writer
  std::string error = encoder.finish();
  EXPECT_NE(error.find("not the video's size"), std::string::npos) << error;
  // Every later frame gets the same answer.
  EXPECT_EQ(encoder.submit(picture(1)), error);
}
