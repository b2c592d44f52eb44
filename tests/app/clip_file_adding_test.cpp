// Adding a clip file to the open character: its clips bind by joint name and play, a file for
// another skeleton is refused with its unmatched joints listed and offered for retargeting, and
// the project, the parameters and the playhead stay. A reload of the same files keeps the added
// clips and the demo's project.
#include "app/clip_file_adding.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "project/project_file.h"

namespace app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kForeignBvh = "/usr/share/assimp/models/BVH/01_01.bvh";

// The demo opened as the viewer opens it, and the demo written as a glTF clip file beside.
class ClipFileAddingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("animview_add_clips_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    clip_file_ = (dir_ / "moves.glb").string();
    ASSERT_EQ(demo::export_demo_character(clip_file_), "");
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    ASSERT_EQ(scene_.open(std::move(demo.character), demo.project), "");
    doc_.open({demo::kDemoSourcePath}, "", std::move(demo.project));
    refresh_panels(ui_, doc_.project(), scene_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void add(const std::string& file) {
    accept_added_clips(load_clips_now(add_clips_request(file, scene_, {})), file, doc_, scene_,
                       ui_);
  }

  // The model-space translation of joint for clip at time_s, as the viewer previews it.
  glm::vec3 joint_at(int clip, float time_s, int joint) {
    scene_.mode = PlayMode::ClipPreview;
    scene_.preview(clip);
    scene_.clock.set_playing(false);
    scene_.clock.seek(time_s);
    scene_.update(0.0f, visual::SceneView{});
    return glm::vec3(scene_.instance.model_pose()[joint][3]);
  }

  fs::path dir_;
  std::string clip_file_;
  ViewerScene scene_;
  Document doc_;
  ViewerUi ui_;
};

TEST_F(ClipFileAddingTest, ClipsOfTheSameSkeletonBindAndPlay) {
  const std::size_t before = scene_.clips().size();
  const std::size_t rows_before = ui_.clips.rows.size();
  add(clip_file_);
  ASSERT_TRUE(ui_.errors.empty()) << ui_.errors.entries()[0].file << " "
                                  << ui_.errors.entries()[0].cause;
  // The file holds the demo's 24 clips again; their names are taken, so each names its file.
  ASSERT_EQ(scene_.clips().size(), before + 24);
  EXPECT_EQ(ui_.clips.rows.size(), rows_before + 24);
  const int added = scene_.find_clip("wave (moves.glb)");
  ASSERT_GE(added, static_cast<int>(before));
  const int original = scene_.find_clip("wave");
  ASSERT_GE(original, 0);
  EXPECT_EQ(ui_.clips.rows[added].clip, "wave (moves.glb)");
  EXPECT_EQ(ui_.clips.rows[added].file, "moves.glb");
  EXPECT_EQ(ui_.clips.rows[original].file, "<demo>");
  EXPECT_EQ(doc_.files().back(), clip_file_);
  EXPECT_EQ(ui_.status, "added 24 clips from moves.glb");
  EXPECT_EQ(doc_.project().clip_files.back(), clip_file_);

  // The added wave moves the hand as the demo's own wave does (the file went through glTF).
  const int hand = scene_.character.skeleton.find_joint("hand_r");
  ASSERT_GE(hand, 0);
  for (const float t : {0.25f, 0.8f, 1.5f}) {
    const glm::vec3 expected = joint_at(original, t, hand);
    const glm::vec3 got = joint_at(added, t, hand);
    EXPECT_NEAR(got.x, expected.x, 2e-3f) << "t=" << t;
    EXPECT_NEAR(got.y, expected.y, 2e-3f) << "t=" << t;
    EXPECT_NEAR(got.z, expected.z, 2e-3f) << "t=" << t;
  }
  // And it moves: the hand is centimetres away a fraction of a second later.
  EXPECT_GT(glm::distance(joint_at(added, 0.25f, hand), joint_at(added, 0.8f, hand)), 0.02f);
}

TEST_F(ClipFileAddingTest, TheProjectTheParametersAndThePlayheadStay) {
  const std::size_t blend_spaces = doc_.project().blend_spaces.size();
  const std::size_t states = doc_.project().state_machine.states.size();
  ASSERT_GT(blend_spaces, 0u);
  const auto& all = scene_.parameters.all();
  const auto is_float = [](const anim::Parameter& p) {
    return p.type == anim::ParameterType::Float;
  };
  const auto found = std::find_if(all.begin(), all.end(), is_float);
  ASSERT_NE(found, all.end()) << "the demo project has no float parameter";
  const std::string parameter = found->name;
  ASSERT_EQ(scene_.set_parameter(parameter + "=0.75"), "");
  preview_clip(ui_, scene_, scene_.find_clip("jog_left"));
  scene_.clock.set_playing(false);
  scene_.clock.seek(0.4);
  ui_.graph.blend_space = static_cast<int>(blend_spaces) - 1;

  add(clip_file_);
  ASSERT_TRUE(ui_.errors.empty());
  EXPECT_EQ(doc_.project().blend_spaces.size(), blend_spaces);
  EXPECT_EQ(doc_.project().state_machine.states.size(), states);
  EXPECT_FLOAT_EQ(scene_.parameters.get(scene_.parameters.find(parameter)), 0.75f);
  EXPECT_EQ(scene_.mode, PlayMode::ClipPreview);
  EXPECT_EQ(scene_.clips()[scene_.preview_clip].name, "jog_left");
  EXPECT_DOUBLE_EQ(scene_.clock.time_s(), 0.4);
  EXPECT_FALSE(scene_.clock.playing());
  EXPECT_EQ(ui_.graph.blend_space, static_cast<int>(blend_spaces) - 1);
}

TEST_F(ClipFileAddingTest, AClipForAnotherSkeletonListsItsUnmatchedJoints) {
  if (!fs::exists(kForeignBvh)) GTEST_SKIP() << kForeignBvh << " is absent (assimp-testmodels)";
  const std::size_t before = scene_.clips().size();
  add(kForeignBvh);
  ASSERT_EQ(ui_.errors.entries().size(), 1u);
  const ui::ErrorReport& error = ui_.errors.entries()[0];
  EXPECT_EQ(error.file, kForeignBvh);
  EXPECT_NE(error.cause.find("was made for another skeleton"), std::string::npos) << error.cause;
  EXPECT_NE(error.cause.find("LeftUpLeg"), std::string::npos) << error.cause;
  EXPECT_EQ(scene_.clips().size(), before);
  EXPECT_EQ(doc_.files().size(), 1u);
}

// Refused, it is offered for retargeting; retargeted, its clips join the character and play.
TEST_F(ClipFileAddingTest, AFileForAnotherSkeletonIsOfferedThenRetargetedAndPlays) {
  if (!fs::exists(kForeignBvh)) GTEST_SKIP() << kForeignBvh << " is absent (assimp-testmodels)";
  const std::size_t before = scene_.clips().size();
  add(kForeignBvh);
  EXPECT_EQ(scene_.clips().size(), before);
  EXPECT_EQ(ui_.clip_files.retarget_offer, kForeignBvh);

  ui_.errors = {};
  const LoadOutcome outcome =
      load_clips_now(add_clips_request(kForeignBvh, scene_, {}, true, &ui_));
  ASSERT_TRUE(outcome.ok) << (outcome.errors.empty() ? "" : outcome.errors[0].message);
  accept_added_clips(LoadOutcome(outcome), kForeignBvh, doc_, scene_, ui_);
  EXPECT_TRUE(ui_.errors.entries().empty())
      << (ui_.errors.entries().empty() ? "" : ui_.errors.entries()[0].cause);
  ASSERT_EQ(scene_.clips().size(), before + 1);
  const anim::Clip& clip = scene_.clips().back();
  EXPECT_EQ(clip.tracks.size(), static_cast<std::size_t>(scene_.character.skeleton.joint_count()));
  // It plays like the character's own clips: the demo's feet move and stay finite.
  const int foot = scene_.character.skeleton.find_joint("foot_l");
  ASSERT_GE(foot, 0);
  scene_.mode = PlayMode::ClipPreview;
  scene_.preview(static_cast<int>(before));
  scene_.clock.set_playing(false);
  glm::vec3 first{0.0f};
  float moved = 0.0f;
  for (float t : {0.0f, 0.5f, 1.0f, 1.5f}) {
    scene_.clock.seek(t);
    scene_.update(0.0f, visual::SceneView{});
    const glm::vec3 p = glm::vec3(scene_.instance.model_pose()[static_cast<std::size_t>(foot)][3]);
    ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
    if (t == 0.0f) first = p;
    moved = std::max(moved, glm::length(p - first));
  }
  EXPECT_GT(moved, 0.05f);
}

// A clip file for the same character whose weights channel names a target the character lacks:
// its clip is added, and a notice names the file, the clip and the missing shape.
TEST(ClipFileAddingShapes, AShapeTheCharacterLacksIsANoticeAndTheClipIsAdded) {
  const fs::path sphere = fs::path(ANIMVIEW_SHARED_ASSETS) / "khronos/animated_morph_sphere.gltf";
  if (!fs::exists(sphere)) GTEST_SKIP() << sphere.string() << " is absent (shared assets)";
  const fs::path dir =
      fs::temp_directory_path() / ("animview_add_shapes_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file(sphere.parent_path() / "AnimatedMorphSphere.bin", dir / "AnimatedMorphSphere.bin",
                fs::copy_options::overwrite_existing);
  std::ifstream in(sphere);
  nlohmann::json gltf = nlohmann::json::parse(in);
  gltf["meshes"][0]["extras"]["targetNames"] = {"target 0", "Frown"};
  const std::string clip_file = (dir / "frown.gltf").string();
  std::ofstream(clip_file) << gltf.dump();
  LoadOutcome opened = load_now({{sphere.string()}, {}});
  ASSERT_TRUE(opened.ok);
  ViewerScene scene;
  ViewerUi ui;
  Document doc;
  ASSERT_EQ(scene.open(std::move(opened.character), opened.project), "");
  doc.open({sphere.string()}, "", std::move(opened.project));
  refresh_panels(ui, doc.project(), scene);
  accept_added_clips(load_clips_now(add_clips_request(clip_file, scene, {})), clip_file, doc, scene,
                     ui);
  ASSERT_EQ(scene.bound.character->clips.size(), 2u);
  bool named = false;
  for (const ui::NoticeGroup& group : ui.notices.groups()) {
    for (const std::string& notice : group.texts) {
      named = named || (notice.find(clip_file) != std::string::npos &&
                        notice.find("'Globe (frown.gltf)' animates shapes the character lacks "
                                    "(AnimatedMorphSphere/Frown)") != std::string::npos);
    }
  }
  std::string all;
  for (const ui::NoticeGroup& group : ui.notices.groups()) {
    for (const std::string& notice : group.texts) all += notice + "\n";
  }
  EXPECT_TRUE(named) << all;
  // The shape both have still binds: the added clip plays "target 0".
  EXPECT_EQ(scene.bound.character->morph_bindings[1].track_to_channel[0], 0);
  fs::remove_all(dir);
}

TEST_F(ClipFileAddingTest, ACancelledAddChangesNothing) {
  const std::size_t before = scene_.clips().size();
  const LoadOutcome outcome =
      load_clips_now(add_clips_request(clip_file_, scene_, {}), [](float) { return false; });
  EXPECT_FALSE(outcome.ok);
  EXPECT_TRUE(outcome.cancelled);
  accept_added_clips(outcome, clip_file_, doc_, scene_, ui_);
  EXPECT_EQ(scene_.clips().size(), before);
  ASSERT_FALSE(ui_.errors.empty());
  EXPECT_EQ(ui_.errors.entries().back().cause, "adding the clips was cancelled");
}

TEST_F(ClipFileAddingTest, AReloadOfTheDemoWithTheAddedFileKeepsBoth) {
  add(clip_file_);
  ASSERT_TRUE(ui_.errors.empty());
  LoadOutcome reloaded = load_now({doc_.files(), {}});
  ASSERT_TRUE(reloaded.ok);
  EXPECT_EQ(reloaded.project.blend_spaces.size(), doc_.project().blend_spaces.size());
  EXPECT_EQ(reloaded.project.clips, doc_.project().clips);
  EXPECT_EQ(reloaded.project.clip_files, std::vector<std::string>{clip_file_});
  ViewerScene again;
  ASSERT_EQ(again.open(std::move(reloaded.character), std::move(reloaded.project)), "");
  EXPECT_EQ(again.find_clip("wave (moves.glb)"), scene_.find_clip("wave (moves.glb)"));
}

TEST_F(ClipFileAddingTest, AProjectSavedWithTheAddedFileLoadsItOnce) {
  add(clip_file_);
  const std::string project = (dir_ / "demo.animview.json").string();
  ASSERT_EQ(project::save_project(doc_.project(), project), "");
  // The viewer reloads the project with the added file after it, as the document's files list them.
  LoadOutcome reloaded = load_now({{project, clip_file_}, {}});
  ASSERT_TRUE(reloaded.ok) << (reloaded.errors.empty() ? "" : reloaded.errors[0].message);
  EXPECT_EQ(reloaded.character.clips.size(), scene_.character.clips.size());
  EXPECT_EQ(reloaded.project.clip_files, std::vector<std::string>{clip_file_});
  EXPECT_EQ(reloaded.project.clips, doc_.project().clips);
}

}  // namespace
}  // namespace app
