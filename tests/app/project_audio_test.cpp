// The sound a project remembers for its videos (#40): kept relative to the project's folder,
// saved only when set (a project without one writes what it wrote before), loaded back, and
// used by `animview render PROJECT --out x.mp4` when --audio is not given.
#include "app/project_audio.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
#include "video_probe.h"
#include "viewer_process.h"

namespace app {
namespace {

namespace fs = std::filesystem;

TEST(ProjectAudio, IsKeptRelativeToTheProjectAndRoundTripsThroughTheFile) {
  const fs::path dir = test::make_temp_dir();
  project::Project project = project::make_demo_project();
  const std::string without = project::project_to_json(project);
  EXPECT_EQ(without.find("\"audio\""), std::string::npos) << "written only when set";

  remember_project_audio(project, (dir / "shots").string(), (dir / "sound" / "take.wav").string(),
                         0.25f);
  EXPECT_EQ(project.audio_file, "../sound/take.wav");
  EXPECT_EQ(project_audio_path(project, (dir / "shots").string()),
            (dir / "shots" / "../sound/take.wav").string());
  const fs::path path = dir / "shots" / "demo.json";
  fs::create_directories(path.parent_path());
  ASSERT_EQ(project::save_project(project, path.string()), "");
  project::Project loaded;
  ASSERT_EQ(project::load_project(path.string(), loaded), "");
  EXPECT_EQ(loaded.audio_file, "../sound/take.wav");
  EXPECT_FLOAT_EQ(loaded.audio_offset_s, 0.25f);
  EXPECT_TRUE(loaded.unknown_fields.empty());

  remember_project_audio(loaded, (dir / "shots").string(), "", 0.0f);
  EXPECT_EQ(project::project_to_json(loaded), without) << "forgotten, the file is as before";
  fs::remove_all(dir);
}

TEST(ProjectAudio, RenderOfAProjectTakesItsSoundWithoutAudio) {
  std::string why;
  if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  const fs::path wav = dir / "tone.wav";
  const std::string tone =
      "ffmpeg -v error -y -f lavfi -i sine=frequency=440:sample_rate=48000:"
      "duration=3 -ac 2 '" +
      wav.string() + "'";
  ASSERT_EQ(std::system(tone.c_str()), 0);
  project::Project project = project::make_demo_project();
  project.audio_file = "tone.wav";  // relative to the project's folder
  project.audio_offset_s = 0.5f;
  const fs::path path = dir / "demo.json";
  ASSERT_EQ(project::save_project(project, path.string()), "");
  const std::string render = "render '" + path.string() + "' --clip walk_forward --to 1 " +
                             "--size 160x120 --fps 10 --out '";
  test::ProcessResult run = test::run_animview(render + (dir / "a.mp4").string() + "'", dir);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const probe::Video with_sound = probe::read(dir / "a.mp4");
  const probe::Stream* audio = with_sound.find("audio");
  ASSERT_NE(audio, nullptr) << "the project's sound";
  EXPECT_EQ(audio->sample_rate, 48000);
  // A GIF carries no sound: the project's is left out, not an error.
  run = test::run_animview(render + (dir / "a.gif").string() + "'", dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  fs::remove(wav);
  run = test::run_animview(render + (dir / "b.mp4").string() + "'", dir);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(path.string() + ": the project's sound: "), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir / "b.mp4"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace app
