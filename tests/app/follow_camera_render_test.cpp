// `animview render --post-process` with a look-at that follows the camera (issue 42): the head
// turns to the picture's camera. The picture equals the one of a look-at whose fixed target is
// the camera's position (the chest, neck and head share the turn), and differs from the one of
// the project's own target (to the character's right, where it would look were the camera
// ignored). A still picture used to show the pose from before the targets followed the camera.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "picture_diff.h"
#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

const glm::vec3 kCamera(1.6f, 1.8f, 2.2f);      // ahead of the character and to its left (+X)
const glm::vec3 kOwnTarget(-2.0f, 1.6f, 1.0f);  // to its right

// The demo project with one look-at at target, following the camera or not, saved in dir.
std::string save_look_at(const fs::path& dir, const std::string& name, const glm::vec3& target,
                         bool follow_camera) {
  project::Project project = project::make_demo_project();
  project::ProjectPostProcess look;
  look.kind = anim::PostProcessKind::LookAt;
  look.target = target;
  look.limit_deg = 90.0f;
  look.follow_camera = follow_camera;
  project.post_process = {look};
  const std::string path = (dir / (name + ".json")).string();
  EXPECT_EQ(project::save_project(project, path), "");
  return path;
}

// The idle clip at 0.5 s from kCamera, looking at the head's height.
pictures::Picture render(const fs::path& dir, const std::string& project) {
  const std::string name = fs::path(project).stem().string() + ".png";
  const fs::path out = dir / name;
  const std::string command = std::string(ANIMVIEW_EXE) + " render '" + project +
                              "' --clip idle --time 0.5 --width 320 --height 240"
                              " --camera-position 1.6,1.8,2.2 --camera-focal-point 0,1.4,0"
                              " --out '" +
                              out.string() + "' > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  if (const char* keep = std::getenv("ANIMVIEW_E2E_SHOTS")) {  // for a person to look at
    fs::create_directories(keep);
    fs::copy_file(out, fs::path(keep) / ("follow_camera_" + name),
                  fs::copy_options::overwrite_existing);
  }
  return pictures::load(out);
}

}  // namespace

TEST(FollowCameraRender, TheHeadTurnsToTheRenderCamera) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  const pictures::Picture follows = render(dir, save_look_at(dir, "follows", kOwnTarget, true));
  const pictures::Picture at_camera = render(dir, save_look_at(dir, "at_camera", kCamera, false));
  const pictures::Picture own = render(dir, save_look_at(dir, "own", kOwnTarget, false));
  ASSERT_EQ(follows.width, 320);
  ASSERT_EQ(at_camera.width, 320);
  ASSERT_EQ(own.width, 320);
  EXPECT_EQ(pictures::compare(follows, at_camera).count, 0) << "the head looks at the camera";
  // Were the camera ignored, this picture would be the first one.
  EXPECT_GT(pictures::compare(follows, own).count, 100) << "the own target turns the head away";
  fs::remove_all(dir);
}
