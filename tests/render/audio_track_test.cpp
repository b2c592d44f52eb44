// A playblast's sound: read with libsndfile, placed on the video's timeline.
#include "render/audio_track.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace {

using render::AudioTrack;

// Four stereo frames (L = 1, 2, 3, 4; R = -L) at 10 Hz: times 0, 0.1, 0.2, 0.3 s.
AudioTrack four_frames() {
  AudioTrack track;
  track.sample_rate = 10;
  track.channels = 2;
  track.samples = {1, -1, 2, -2, 3, -3, 4, -4};
  return track;
}

// A 16-bit PCM mono WAV of samples at rate, written byte by byte.
void write_wav(const std::filesystem::path& path, const std::vector<std::int16_t>& samples,
               int rate) {
  std::ofstream out(path, std::ios::binary);
  auto u32 = [&](std::uint32_t v) { out.write(reinterpret_cast<const char*>(&v), 4); };
  auto u16 = [&](std::uint16_t v) { out.write(reinterpret_cast<const char*>(&v), 2); };
  const std::uint32_t data_size = static_cast<std::uint32_t>(samples.size() * 2);
  out.write("RIFF", 4);
  u32(36 + data_size);
  out.write("WAVEfmt ", 8);
  u32(16);
  u16(1);  // PCM
  u16(1);  // mono
  u32(static_cast<std::uint32_t>(rate));
  u32(static_cast<std::uint32_t>(rate * 2));
  u16(2);
  u16(16);
  out.write("data", 4);
  u32(data_size);
  out.write(reinterpret_cast<const char*>(samples.data()), data_size);
}

}  // namespace

TEST(AudioTrack, APositiveOffsetStartsTheSoundLaterAndSilenceFillsTheRest) {
  const AudioTrack placed = render::place_audio(four_frames(), 0.2, 0.8);
  EXPECT_EQ(placed.sample_rate, 10);
  ASSERT_EQ(placed.frames(), 8);
  EXPECT_EQ(placed.samples,
            (std::vector<float>{0, 0, 0, 0, 1, -1, 2, -2, 3, -3, 4, -4, 0, 0, 0, 0}));
}

TEST(AudioTrack, ANegativeOffsetSkipsTheStartAndTheVideosEndCutsIt) {
  const AudioTrack placed = render::place_audio(four_frames(), -0.1, 0.2);
  ASSERT_EQ(placed.frames(), 2);
  EXPECT_EQ(placed.samples, (std::vector<float>{2, -2, 3, -3}));
  // Sound that starts after the video ends leaves silence.
  const AudioTrack late = render::place_audio(four_frames(), 5.0, 0.3);
  EXPECT_EQ(late.samples, (std::vector<float>(6, 0.0f)));
}

TEST(AudioTrack, ReadsAWavsSamplesAndRate) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("animview_audio_" + std::to_string(::getpid()) + ".wav");
  write_wav(path, {0, 16384, -32768, 8192}, 8000);
  AudioTrack track;
  ASSERT_EQ(render::read_audio_file(path, track), "");
  EXPECT_EQ(track.sample_rate, 8000);
  EXPECT_EQ(track.channels, 1);
  EXPECT_EQ(track.samples, (std::vector<float>{0.0f, 0.5f, -1.0f, 0.25f}));
  std::filesystem::remove(path);
}

TEST(AudioTrack, AMissingOrForeignFileIsAnErrorNamingIt) {
  const auto dir = std::filesystem::temp_directory_path();
  AudioTrack track;
  const auto missing = dir / "animview_no_such_sound.flac";
  std::string error = render::read_audio_file(missing, track);
  EXPECT_NE(error.find(missing.string()), std::string::npos) << error;
  EXPECT_EQ(track.frames(), 0);
  const auto text = dir / ("animview_text_" + std::to_string(::getpid()) + ".wav");
  std::ofstream(text) << "not a sound";
  error = render::read_audio_file(text, track);
  EXPECT_NE(error.find(text.string()), std::string::npos) << error;
  EXPECT_NE(error.find("cannot read audio"), std::string::npos) << error;
  std::filesystem::remove(text);
}
