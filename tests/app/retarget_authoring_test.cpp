// Retargeting in the viewer: the accepted offer is saved as a "retarget" entry, a reload
// retargets the file again without offering to, a missing source is named and the project still
// opens, and an edit of the mapping retargets the clips again with the correction kept, binding
// the file's clips alone while the character plays on.
#include "app/retarget_authoring.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "app/clip_file_adding.h"
#include "demo/demo_character.h"
#include "project/project_file.h"

namespace app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kForeignBvh = "/usr/share/assimp/models/BVH/01_01.bvh";

class RetargetAuthoringTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kForeignBvh)) GTEST_SKIP() << kForeignBvh << " is absent (assimp-testmodels)";
    dir_ = fs::temp_directory_path() / ("animview_retarget_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    bvh_ = (dir_ / "walk.bvh").string();
    fs::copy_file(kForeignBvh, bvh_);
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    ASSERT_EQ(scene_.open(std::move(demo.character), demo.project), "");
    doc_.open({demo::kDemoSourcePath}, "", std::move(demo.project));
    refresh_panels(ui_, doc_.project(), scene_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // The offer, accepted: as the viewer does after "Add clip file" refused the file.
  void retarget(const std::string& file) {
    accept_retargeted_clips(load_clips_now(add_clips_request(file, scene_, {}, true, &ui_)), file,
                            doc_, scene_, ui_);
  }

  std::string save() {
    const std::string project = (dir_ / "demo.animview.json").string();
    EXPECT_EQ(project::save_project(doc_.project(), project), "");
    return project;
  }

  fs::path dir_;
  std::string bvh_;
  Document doc_;
  ViewerScene scene_;
  ViewerUi ui_;
};

TEST_F(RetargetAuthoringTest, TheAcceptedOfferIsARetargetEntryAndAReloadRetargetsItAgain) {
  const std::size_t before = scene_.clips().size();
  // Refused first (made for another skeleton), then retargeted: the refusal is answered.
  accept_added_clips(load_clips_now(add_clips_request(bvh_, scene_, {})), bvh_, doc_, scene_, ui_);
  ASSERT_EQ(ui_.errors.entries().size(), 1u);
  EXPECT_EQ(ui_.clip_files.retarget_offer, bvh_);
  retarget(bvh_);
  ASSERT_TRUE(ui_.errors.entries().empty()) << ui_.errors.entries()[0].cause;
  ASSERT_EQ(scene_.clips().size(), before + 1);
  ASSERT_EQ(doc_.project().retargets.size(), 1u);
  EXPECT_EQ(doc_.project().retargets[0].file, bvh_);
  EXPECT_TRUE(doc_.project().clip_files.empty());
  EXPECT_EQ(doc_.files(), std::vector<std::string>{demo::kDemoSourcePath});

  const std::string name = scene_.clips().back().name;
  LoadOutcome reloaded = load_now({{save()}, {}});
  ASSERT_TRUE(reloaded.ok);
  EXPECT_TRUE(reloaded.errors.empty()) << reloaded.errors[0].message;
  EXPECT_EQ(reloaded.project.retargets.size(), 1u);
  EXPECT_TRUE(reloaded.project.clip_files.empty());
  ASSERT_EQ(reloaded.character.clips.size(), scene_.character.clips.size());
  EXPECT_EQ(reloaded.character.clips.back().name, name);
  EXPECT_EQ(reloaded.clip_sources.back(), bvh_);
  // The same keys as when it was added: the same path through retarget_clips.
  const anim::Clip& a = scene_.character.clips.back();
  const anim::Clip& b = reloaded.character.clips.back();
  ASSERT_EQ(a.tracks.size(), b.tracks.size());
  for (std::size_t j = 0; j < a.tracks.size(); ++j) {
    ASSERT_EQ(a.tracks[j].rotation.values.size(), b.tracks[j].rotation.values.size());
    for (std::size_t k = 0; k < a.tracks[j].rotation.values.size(); ++k) {
      EXPECT_NEAR(glm::dot(a.tracks[j].rotation.values[k], b.tracks[j].rotation.values[k]), 1.0f,
                  1e-5f);
    }
  }
  // The reloaded project opens in the viewer: nothing is offered again.
  ViewerScene again;
  ASSERT_EQ(again.open(std::move(reloaded.character), std::move(reloaded.project)), "");
}

TEST_F(RetargetAuthoringTest, AMissingSourceIsNamedAndTheProjectStillOpens) {
  retarget(bvh_);
  const std::string name = scene_.clips().back().name;
  const std::string project = save();
  fs::remove(bvh_);
  LoadOutcome reloaded = load_now({{project}, {}});
  ASSERT_TRUE(reloaded.ok);
  ASSERT_EQ(reloaded.errors.size(), 1u);
  EXPECT_NE(reloaded.errors[0].message.find(bvh_), std::string::npos) << reloaded.errors[0].message;
  EXPECT_NE(reloaded.errors[0].message.find("missing"), std::string::npos)
      << reloaded.errors[0].message;
  EXPECT_NE(reloaded.errors[0].message.find("'" + name + "' hold the rest pose"), std::string::npos)
      << reloaded.errors[0].message;
  // The entry stays (a Save keeps it for when the file is back).
  EXPECT_EQ(reloaded.project.retargets.size(), 1u);
  ViewerScene again;
  EXPECT_EQ(again.open(std::move(reloaded.character), std::move(reloaded.project)), "");
  EXPECT_TRUE(again.loaded);
  EXPECT_GE(again.find_clip(name), 0);
}

// The panel finds an entry's file as a project load does (in the project's folder when
// relative), imports it once, and names a missing one with the cause.
TEST_F(RetargetAuthoringTest, ThePanelFindsARelativeEntryInTheProjectFolderAndNamesAMissingOne) {
  retarget(bvh_);
  ASSERT_EQ(doc_.project().retargets.size(), 1u);
  doc_.project().retargets[0].file = "walk.bvh";
  doc_.open({demo::kDemoSourcePath}, (dir_ / "demo.animview.json").string(), doc_.project());
  RetargetAuthoring authoring;
  ASSERT_EQ(retarget_again(authoring, 0, doc_, scene_, ui_), "");
  EXPECT_EQ(fs::path(authoring.sources[0].path), dir_ / "walk.bvh");
  EXPECT_GT(authoring.sources[0].source.skeleton.joint_count(), 0);

  fs::remove(bvh_);
  // The imported source is kept: a later edit retargets it without the file.
  EXPECT_EQ(retarget_again(authoring, 0, doc_, scene_, ui_), "");
  // A panel that has not imported it yet (after a new load) names the file and the cause.
  RetargetAuthoring fresh;
  const std::string error = retarget_again(fresh, 0, doc_, scene_, ui_);
  EXPECT_NE(error.find((dir_ / "walk.bvh").string()), std::string::npos) << error;
  EXPECT_NE(error.find("missing"), std::string::npos) << error;
  EXPECT_EQ(fresh.sources[0].error, error);
}

TEST_F(RetargetAuthoringTest, ACorrectionRetargetsTheClipsAgainIsUndoableAndIsSaved) {
  retarget(bvh_);
  ASSERT_EQ(doc_.project().retargets.size(), 1u);
  // Accepting the offer is no undo step: an undo never removes the entry.
  EXPECT_FALSE(doc_.can_undo());
  RetargetAuthoring authoring;
  ASSERT_EQ(retarget_again(authoring, 0, doc_, scene_, ui_), "");
  ASSERT_EQ(authoring.sources.size(), 1u);
  const anim::RetargetMap& map = authoring.sources[0].map;
  const int arm = scene_.character.skeleton.find_joint("upperarm_l");
  ASSERT_GE(arm, 0);
  const int arm_source = map.joints[static_cast<std::size_t>(arm)].source_a;
  ASSERT_GE(arm_source, 0);
  const std::size_t clip = scene_.character.clips.size() - 1;
  const std::string name = scene_.character.clips[clip].name;
  scene_.preview(static_cast<int>(clip));
  scene_.clock.seek(0.5);
  const anim::Clip before = scene_.character.clips[clip];

  // The left upper arm unmapped: it keeps its rest pose on every key.
  project::set_retarget_correction(doc_.project().retargets[0], "upperarm_l", "");
  ASSERT_EQ(retarget_again(authoring, 0, doc_, scene_, ui_), "");
  EXPECT_EQ(authoring.sources[0].map.joints[static_cast<std::size_t>(arm)].source_a, -1);
  const anim::Clip& after = scene_.character.clips[clip];
  EXPECT_EQ(after.name, name);
  const glm::quat rest =
      scene_.character.skeleton.rest_pose[static_cast<std::size_t>(arm)].rotation;
  float changed = 0.0f;
  for (std::size_t k = 0; k < after.tracks[static_cast<std::size_t>(arm)].rotation.values.size();
       ++k) {
    const glm::quat q = after.tracks[static_cast<std::size_t>(arm)].rotation.values[k];
    EXPECT_NEAR(std::abs(glm::dot(q, rest)), 1.0f, 1e-5f);
    changed = std::max(
        changed, 1.0f - std::abs(glm::dot(
                            q, before.tracks[static_cast<std::size_t>(arm)].rotation.values[k])));
  }
  EXPECT_GT(changed, 1e-3f);
  // The character keeps playing where it was.
  EXPECT_EQ(scene_.preview_clip, static_cast<int>(clip));
  EXPECT_NEAR(scene_.clock.time_s(), 0.5, 1e-6);

  // Undone like a graph edit: the arm follows the source again, retargeted anew.
  doc_.record_edit();
  ASSERT_TRUE(doc_.undo());
  EXPECT_TRUE(doc_.project().retargets[0].corrections.empty());
  EXPECT_FALSE(doc_.can_undo());  // the correction was the only step
  retarget_changed_entries(authoring, doc_, scene_, ui_);
  EXPECT_EQ(authoring.sources[0].map.joints[static_cast<std::size_t>(arm)].source_a, arm_source);
  EXPECT_NEAR(
      std::abs(glm::dot(
          scene_.character.clips[clip].tracks[static_cast<std::size_t>(arm)].rotation.values[3],
          before.tracks[static_cast<std::size_t>(arm)].rotation.values[3])),
      1.0f, 1e-6f);
  ASSERT_TRUE(doc_.redo());
  retarget_changed_entries(authoring, doc_, scene_, ui_);
  EXPECT_EQ(authoring.sources[0].map.joints[static_cast<std::size_t>(arm)].source_a, -1);

  LoadOutcome reloaded = load_now({{save()}, {}});
  ASSERT_TRUE(reloaded.ok);
  ASSERT_EQ(reloaded.project.retargets.size(), 1u);
  ASSERT_EQ(reloaded.project.retargets[0].corrections.size(), 1u);
  EXPECT_EQ(reloaded.project.retargets[0].corrections[0].target_joint, "upperarm_l");
  const glm::quat reloaded_key =
      reloaded.character.clips.back().tracks[static_cast<std::size_t>(arm)].rotation.values[3];
  EXPECT_NEAR(std::abs(glm::dot(reloaded_key, rest)), 1.0f, 1e-5f);
}

// Retargeting again binds the file's clips alone: the demo's own clip 0, whose markers were
// changed in the character after the load (seen only by a binding of it), is not bound again,
// the retargeted clip plays its new keys, and the character walking its graph carries on in its
// state, at its phase, where it walked to.
TEST_F(RetargetAuthoringTest, RetargetingAgainBindsOnlyTheFilesClipsAndTheCharacterPlaysOn) {
  retarget(bvh_);
  RetargetAuthoring authoring;
  ASSERT_EQ(retarget_again(authoring, 0, doc_, scene_, ui_), "");
  scene_.mode = PlayMode::Graph;
  ASSERT_EQ(scene_.set_parameter("turn=1"), "");  // the demo's crossfade to turn_left (1)
  for (int i = 0; i < 30; ++i) ASSERT_EQ(scene_.update(1.0f / 60.0f, visual::SceneView{}), "");
  ASSERT_EQ(scene_.instance.machine().active_state(), 1);
  const float phase = scene_.instance.machine().active_normalized_time();
  const glm::mat4 place = anim::to_matrix(scene_.instance.world());
  ASSERT_EQ(scene_.character.clips[0].name, scene_.clips()[0].name);
  scene_.character.clips[0].markers = {{"not_bound_again", 0.1f}};
  const std::size_t clip = scene_.character.clips.size() - 1;
  const int bound = scene_.find_clip(scene_.character.clips[clip].name);
  ASSERT_GE(bound, 0);
  const int arm = scene_.character.skeleton.find_joint("upperarm_l");
  ASSERT_GE(arm, 0);
  const auto arm_keys = [&](const anim::Clip& c) {
    return c.tracks[static_cast<std::size_t>(arm)].rotation.values;
  };
  const std::vector<glm::quat> keys_before = arm_keys(scene_.clips()[bound]);

  project::set_retarget_correction(doc_.project().retargets[0], "upperarm_l", "");
  ASSERT_EQ(retarget_again(authoring, 0, doc_, scene_, ui_), "");

  for (const anim::Marker& m : scene_.clips()[0].markers) {
    EXPECT_NE(m.name, "not_bound_again") << "clip 0 was bound again";
  }
  EXPECT_EQ(arm_keys(scene_.clips()[bound]), arm_keys(scene_.character.clips[clip]))
      << "the retargeted clip plays its new keys";
  EXPECT_NE(arm_keys(scene_.clips()[bound]), keys_before);
  EXPECT_EQ(scene_.instance.machine().active_state(), 1);
  EXPECT_FLOAT_EQ(scene_.instance.machine().active_normalized_time(), phase);
  EXPECT_EQ(anim::to_matrix(scene_.instance.world()), place);
}

}  // namespace
}  // namespace app
