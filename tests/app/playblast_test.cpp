// `animview render --out x.mp4|.webm|.gif` (a playblast), run as users run it and read back
// with ffprobe and ffmpeg: the container, codec, size, frame count and duration asked for; a
// decoded frame that matches the PNG `render` makes for the same time; a GIF's delays; the
// sound's duration; and failures that name their cause and leave no file behind.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "picture_diff.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
#include "video_probe.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

// A small, fast video of the demo's walk: [0, 1 s) at 30 fps, 160 x 120.
const std::string kWalkRange = "render --clip walk_forward --from 0 --to 1 ";
const std::string kWalk = kWalkRange + "--size 160x120 --fps 30 ";
// The pictures compared with `render`'s PNG are 320 x 240: at 160 x 120, 4:2:0 chroma alone
// (losslessly encoded) keeps the figure's coloured edges at about 35 dB.
const std::string kComparedWalk = kWalkRange + "--size 320x240 --fps 30 ";

class Playblast : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
    dir_ = test::make_temp_dir();
    out_ = dir_ / "out";
    fs::create_directory(out_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  // The files in out_ (where the videos go; the runner's stderr file lives beside it).
  int files_in_out() const {
    int n = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(out_)) ++n;
    return n;
  }
  // A stereo 48 kHz WAV of seconds of a 440 Hz tone, made by ffmpeg.
  fs::path tone(double seconds) const {
    const fs::path wav = dir_ / "tone.wav";
    const std::string command =
        "ffmpeg -v error -y -f lavfi -i sine=frequency=440:sample_rate=48000:"
        "duration=" +
        std::to_string(seconds) + " -ac 2 '" + wav.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0);
    return wav;
  }

  fs::path dir_, out_;
};

}  // namespace

TEST_F(Playblast, Mp4HoldsTheAskedFramesSizeAndDurationAndMatchesTheRenderedPicture) {
  const fs::path mp4 = out_ / "walk.mp4";
  const test::ProcessResult run =
      test::run_animview(kComparedWalk + "--quality 18 --out '" + mp4.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const probe::Video video = probe::read(mp4);
  EXPECT_NE(video.format.find("mp4"), std::string::npos) << video.format;
  ASSERT_EQ(video.streams.size(), 1u);
  const probe::Stream& v = video.streams[0];
  EXPECT_EQ(v.codec, "h264");
  EXPECT_EQ(v.pix_fmt, "yuv420p");
  EXPECT_EQ(v.width, 320);
  EXPECT_EQ(v.height, 240);
  EXPECT_EQ(v.frames, 30);
  EXPECT_NEAR(v.duration_s, 1.0, 1e-6);
  EXPECT_NEAR(video.duration_s, 1.0, 1e-6);
  EXPECT_FALSE(fs::exists(out_ / "walk.mp4.partial"));

  // Frame 12 shows 12/30 s = 0.4 s of the walk: the picture `render --time 0.4` makes.
  const pictures::Picture decoded = probe::decode_frame(mp4, 12, dir_ / "decoded.png");
  const test::ProcessResult still =
      test::run_animview("render --clip walk_forward --width 320 --height 240 --time 0.4 --out '" +
                             (dir_ / "still.png").string() + "'",
                         dir_);
  ASSERT_EQ(still.exit_code, 0) << still.err;
  const pictures::Picture reference = pictures::load(dir_ / "still.png");
  ASSERT_EQ(decoded.width, 320);
  const double same = probe::psnr(reference, decoded);
  EXPECT_GE(same, 35.0);
  // And not any frame of the walk: the first one is further away.
  const pictures::Picture first = probe::decode_frame(mp4, 0, dir_ / "first.png");
  EXPECT_LT(probe::psnr(reference, first), same - 3.0);
}

TEST_F(Playblast, WebMWithSoundIsVp9AndVorbisOfTheVideosDuration) {
  const fs::path webm = out_ / "walk.webm";
  // Two seconds of sound starting 0.25 s in: it is cut at the video's end (1 s).
  const test::ProcessResult run =
      test::run_animview(kWalk + "--audio '" + tone(2.0).string() +
                             "' --audio-offset 0.25 --out '" + webm.string() + "'",
                         dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const probe::Video video = probe::read(webm);
  EXPECT_NE(video.format.find("webm"), std::string::npos) << video.format;
  const probe::Stream* v = video.find("video");
  const probe::Stream* a = video.find("audio");
  ASSERT_TRUE(v && a);
  EXPECT_EQ(v->codec, "vp9");
  EXPECT_EQ(v->width, 160);
  EXPECT_EQ(v->frames, 30);
  EXPECT_EQ(a->codec, "vorbis");
  EXPECT_EQ(a->sample_rate, 48000);
  // Matroska keeps whole milliseconds.
  EXPECT_NEAR(v->duration_s, 1.0, 0.005);
  EXPECT_NEAR(a->duration_s, 1.0, 0.005);
}

TEST_F(Playblast, Mp4SoundIsAacPaddedToTheVideosDuration) {
  const fs::path mp4 = out_ / "walk.mp4";
  // Half a second of sound starting 0.2 s in: silence fills the rest up to 1 s.
  const test::ProcessResult run =
      test::run_animview(kWalk + "--audio '" + tone(0.5).string() + "' --audio-offset 0.2 --out '" +
                             mp4.string() + "'",
                         dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const probe::Video video = probe::read(mp4);
  const probe::Stream* a = video.find("audio");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->codec, "aac");
  EXPECT_NEAR(a->duration_s, 1.0, 1e-6);
  EXPECT_NEAR(video.find("video")->duration_s, 1.0, 1e-6);
}

TEST_F(Playblast, GifHasOneFramePerStepWithDelaysSummingToTheDuration) {
  const fs::path gif = out_ / "walk.gif";
  const test::ProcessResult run = test::run_animview(kWalk + "--out '" + gif.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const probe::Video video = probe::read(gif);
  EXPECT_EQ(video.format, "gif");
  ASSERT_EQ(video.streams.size(), 1u);
  EXPECT_EQ(video.streams[0].codec, "gif");
  EXPECT_EQ(video.streams[0].frames, 30);
  // 30 fps in whole hundredths: 3 or 4 each, 100 in all, so it plays at its speed.
  const std::vector<double> delays = probe::frame_durations(gif);
  ASSERT_EQ(delays.size(), 30u);
  double total = 0.0;
  for (double d : delays) {
    EXPECT_TRUE(std::abs(d - 0.03) < 1e-6 || std::abs(d - 0.04) < 1e-6) << d;
    total += d;
  }
  EXPECT_NEAR(total, 1.0, 1e-6);
  // A GIF faster than browsers play is refused, as is sound in a GIF.
  const test::ProcessResult fast = test::run_animview(
      kWalkRange + "--size 160x120 --fps 60 --out '" + (out_ / "fast.gif").string() + "'", dir_);
  EXPECT_NE(fast.exit_code, 0);
  EXPECT_NE(fast.err.find("50 fps"), std::string::npos) << fast.err;
  EXPECT_FALSE(fs::exists(out_ / "fast.gif"));
}

TEST_F(Playblast, TheClipsOwnRangeAndRateAreTheDefaults) {
  // The demo's wave lasts 2 s, keyed at 120 fps: the video plays all of it at 60 fps.
  const fs::path mp4 = out_ / "wave.mp4";
  const test::ProcessResult run =
      test::run_animview("render --clip wave --size 64x48 --out '" + mp4.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const probe::Video video = probe::read(mp4);
  ASSERT_EQ(video.streams.size(), 1u);
  EXPECT_NE(run.out.find("at 60 fps"), std::string::npos) << run.out;
  EXPECT_EQ(video.streams[0].frames, 120);
  EXPECT_NEAR(video.streams[0].duration_s, 2.0, 1e-6);
}

TEST_F(Playblast, OverlayBurnsTextIntoTheBottomOfEachFrame) {
  const std::string range =
      "render --clip walk_forward --width 320 --height 240 --from 0.5 --to 0.5 ";
  ASSERT_EQ(
      test::run_animview(range + "--out-dir '" + (dir_ / "plain").string() + "'", dir_).exit_code,
      0);
  ASSERT_EQ(
      test::run_animview(range + "--overlay --out-dir '" + (dir_ / "text").string() + "'", dir_)
          .exit_code,
      0);
  const pictures::Picture plain = pictures::load(dir_ / "plain" / "walk_forward_0060.png");
  const pictures::Picture text = pictures::load(dir_ / "text" / "walk_forward_0060.png");
  ASSERT_EQ(plain.width, 320);
  ASSERT_EQ(text.width, 320);
  // Above the band the pictures are the same; in it, bright text on a darkened scene.
  EXPECT_EQ(pictures::compare_region(plain, 0, 0, text, 0, 0, 320, 200).count, 0);
  int white = 0;
  for (int y = 200; y < 240; ++y)
    for (int x = 0; x < 320; ++x) white += text.at(x, y)[0] > 200 && text.at(x, y)[2] > 200;
  EXPECT_GT(white, 100);
}

TEST_F(Playblast, AComparisonPlaysBothClipsSideBySideAsTheStillShowsThem) {
  const fs::path mp4 = out_ / "compare.mp4";
  const test::ProcessResult run = test::run_animview(
      kComparedWalk + "--compare clip:wave --quality 18 --out '" + mp4.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const test::ProcessResult still = test::run_animview(
      "render --clip walk_forward --compare clip:wave --width 320 --height 240 --time 0.4 --out '" +
          (dir_ / "still.png").string() + "'",
      dir_);
  ASSERT_EQ(still.exit_code, 0) << still.err;
  const pictures::Picture reference = pictures::load(dir_ / "still.png");
  EXPECT_GE(probe::psnr(reference, probe::decode_frame(mp4, 12, dir_ / "f12.png")), 35.0);
  // Not the walk alone: the right half holds the wave.
  const test::ProcessResult alone =
      test::run_animview("render --clip walk_forward --width 320 --height 240 --time 0.4 --out '" +
                             (dir_ / "alone.png").string() + "'",
                         dir_);
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_LT(probe::psnr(pictures::load(dir_ / "alone.png"), reference), 25.0);
}

TEST_F(Playblast, TurntableStartsAtTheFramedViewAndTurnsAway) {
  const fs::path mp4 = out_ / "turn.mp4";
  const test::ProcessResult run = test::run_animview(
      kComparedWalk + "--quality 18 --turntable 180 --out '" + mp4.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // The stills of the same times without a turntable.
  auto still = [&](const std::string& time, const std::string& name) {
    const test::ProcessResult r =
        test::run_animview("render --clip walk_forward --width 320 --height 240 --time " + time +
                               " --out '" + (dir_ / name).string() + "'",
                           dir_);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return pictures::load(dir_ / name);
  };
  EXPECT_GE(probe::psnr(still("0", "s0.png"), probe::decode_frame(mp4, 0, dir_ / "f0.png")), 35.0);
  // A quarter turn later (90 degrees at frame 15, 0.5 s) the grid and the figure are seen from
  // the side: far from the still of that time.
  EXPECT_LT(probe::psnr(still("0.5", "s15.png"), probe::decode_frame(mp4, 15, dir_ / "f15.png")),
            25.0);
}

TEST_F(Playblast, AnUnwritablePathNamesTheFileAndLeavesNothing) {
  // A folder that is a file: no one can write under it, root included.
  test::write_file(out_ / "file", "not a folder");
  const std::string target = (out_ / "file" / "walk.mp4").string();
  const test::ProcessResult run = test::run_animview(kWalk + "--out '" + target + "'", dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(target), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("Not a directory"), std::string::npos) << run.err;
  EXPECT_EQ(files_in_out(), 1);
}

TEST_F(Playblast, AFullDiskNamesTheCauseAndLeavesNothing) {
  // A 16 KiB tmpfs, mounted in a user and mount namespace of the test's own (no root needed).
  if (std::system("unshare -rm true > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "unshare -rm (user namespaces) is not allowed here: no small tmpfs to fill";
  const fs::path small = dir_ / "small";
  fs::create_directory(small);
  const fs::path mp4 = small / "walk.mp4";
  const fs::path log = dir_ / "full.txt";
  const fs::path script = dir_ / "full.sh";
  test::write_file(
      script, "mount -t tmpfs -o size=16k tmpfs '" + small.string() + "' || exit 1\n'" +
                  ANIMVIEW_EXE + "' " + kWalkRange + "--size 320x240 --fps 30 --quality 0 --out '" +
                  mp4.string() + "' > /dev/null 2> '" + log.string() + "'\necho \"exit $?\" >> '" +
                  log.string() + "'\nls -A '" + small.string() + "' >> '" + log.string() + "'\n");
  ASSERT_EQ(std::system(("unshare -rm sh '" + script.string() + "'").c_str()), 0);
  std::string text;
  ASSERT_TRUE(test::read_file(log, text)) << log;
  EXPECT_NE(text.find(mp4.string() + ": cannot write: No space left on device"), std::string::npos)
      << text;
  // Exit code 1, and nothing listed in the folder after it.
  EXPECT_EQ(text.substr(text.find("exit ")), "exit 1\n") << text;
}

TEST_F(Playblast, AnUnreadableSoundNamesTheFileAndWritesNoVideo) {
  const fs::path fake = dir_ / "notes.wav";
  test::write_file(fake, "these are not samples");
  const fs::path mp4 = out_ / "walk.mp4";
  const test::ProcessResult run = test::run_animview(
      kWalk + "--audio '" + fake.string() + "' --out '" + mp4.string() + "'", dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(fake.string()), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("cannot read audio"), std::string::npos) << run.err;
  const test::ProcessResult missing = test::run_animview(
      kWalk + "--audio '" + (dir_ / "none.flac").string() + "' --out '" + mp4.string() + "'", dir_);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("none.flac"), std::string::npos) << missing.err;
  EXPECT_EQ(files_in_out(), 0);
}

TEST_F(Playblast, AnUnknownExtensionIsAUsageError) {
  const test::ProcessResult run =
      test::run_animview(kWalk + "--out '" + (out_ / "walk.avi").string() + "'", dir_);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("unknown extension '.avi'"), std::string::npos) << run.err;
  // Video options on a picture are refused too.
  for (const char* option : {"--fps 30", "--quality 20", "--turntable 90", "--overlay"}) {
    EXPECT_EQ(
        test::run_animview(
            std::string("render ") + option + " --out '" + (out_ / "x.png").string() + "'", dir_)
            .exit_code,
        2)
        << option;
  }
  EXPECT_EQ(files_in_out(), 0);
}
