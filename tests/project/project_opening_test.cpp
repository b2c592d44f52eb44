// Opening a project: its paths are read relative to its own folder, and clips get the foot
// contacts their legs make before they are bound.
#include "project/project_opening.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "anim/foot_contact.h"
#include "demo/demo_character.h"
#include "import/rig_finder.h"
#include "project/demo_project.h"
#include "project/rig_corrections.h"
#include "support/temp_files.h"

namespace project {
namespace {

namespace fs = std::filesystem;

TEST(ProjectOpening, AProjectsClipFilesAreFoundBesideItNotInTheWorkingFolder) {
  const fs::path dir =
      fs::temp_directory_path() / ("animview_project_opening_" + std::to_string(::getpid()));
  fs::create_directories(dir / "nested");
  Project project = make_demo_project();
  project.character = demo::kDemoSourcePath;
  project.clip_files = {"clips/missing_walk.glb"};
  const fs::path path = dir / "nested" / "p.animview.json";
  ASSERT_EQ(save_project(project, path.string()), "");

  // A clip file that cannot be read is an error; the character opens without its clips.
  const LoadOutcome outcome = load_now({{path.string()}, {}});
  EXPECT_TRUE(outcome.ok);
  EXPECT_EQ(outcome.project_path, path.string());
  ASSERT_FALSE(outcome.errors.empty());
  const std::string resolved = (dir / "nested" / "clips" / "missing_walk.glb").string();
  EXPECT_NE(outcome.errors[0].message.find(resolved), std::string::npos)
      << outcome.errors[0].message;
  EXPECT_EQ(outcome.errors[0].file, resolved);
  fs::remove_all(dir);
}

// The viewer files each error under the file it is about: a project's character, resolved
// against the project's folder, not the project.
TEST(ProjectOpening, EachErrorSaysWhichFileItIsAbout) {
  const fs::path dir = test::make_temp_dir();
  Project project = make_demo_project();
  project.character = "gone.glb";
  const fs::path path = dir / "p.animview.json";
  ASSERT_EQ(save_project(project, path.string()), "");
  const LoadOutcome outcome = load_now({{path.string()}, {}});
  EXPECT_FALSE(outcome.ok);
  ASSERT_EQ(outcome.errors.size(), 1u);
  EXPECT_EQ(outcome.errors[0].file, (dir / "gone.glb").string());
  EXPECT_EQ(outcome.errors[0].message.rfind((dir / "gone.glb").string() + ": ", 0), 0u)
      << outcome.errors[0].message;

  // A project that cannot be read is the project's error.
  test::write_file(path, "{ not json");
  const LoadOutcome unreadable = load_now({{path.string()}, {}});
  ASSERT_EQ(unreadable.errors.size(), 1u);
  EXPECT_EQ(unreadable.errors[0].file, path.string());
  fs::remove_all(dir);
}

TEST(ProjectOpening, AClipWithoutContactsGetsOneMarkerSetPerLeg) {
  importer::Character character = demo::make_demo_character();
  const auto walk = std::find_if(character.clips.begin(), character.clips.end(),
                                 [](const anim::Clip& c) { return c.name.rfind("walk_", 0) == 0; });
  ASSERT_NE(walk, character.clips.end());
  anim::Clip& clip = *walk;
  clip.markers.clear();
  const anim::FootIkRig legs = importer::foot_ik_rig(character, project_rig(character, {}));
  ASSERT_EQ(legs.legs.size(), 2u);
  add_foot_contact_markers(character, {}, {&clip, 1});
  for (std::size_t leg = 0; leg < legs.legs.size(); ++leg) {
    EXPECT_TRUE(anim::has_contact_markers(clip, anim::leg_contact_name(legs.legs, leg)))
        << anim::leg_contact_name(legs.legs, leg);
  }
  // A clip that has its own contacts keeps them as they are.
  const std::size_t marked = clip.markers.size();
  add_foot_contact_markers(character, {}, {&clip, 1});
  EXPECT_EQ(clip.markers.size(), marked);
}

}  // namespace
}  // namespace project
