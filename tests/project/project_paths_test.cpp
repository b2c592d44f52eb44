// A project's file paths rebased from one folder to another, and the optional session section
// read, written back and refused with the field named.
#include "project/project_paths.h"

#include <gtest/gtest.h>

#include "demo/demo_character.h"
#include "project/demo_project.h"

namespace project {
namespace {

TEST(ProjectPaths, RelativePathsAreRewrittenForTheNewFolder) {
  Project p;
  p.character = "models/walk.fbx";
  p.clip_files = {"/data/clips/run.bvh", "../moves/jump.glb"};
  rebase_project_paths(p, "/home/a/projects", "/home/a/projects/sub");
  EXPECT_EQ(p.character, "../models/walk.fbx");
  EXPECT_EQ(p.clip_files[0], "../../../../data/clips/run.bvh");
  EXPECT_EQ(p.clip_files[1], "../../moves/jump.glb");
  rebase_project_paths(p, "/home/a/projects/sub", "/home/a");
  EXPECT_EQ(p.character, "projects/models/walk.fbx");
  EXPECT_EQ(p.clip_files[1], "moves/jump.glb");
}

TEST(ProjectPaths, TheDemoStaysTheDemo) {
  Project p;
  p.character = demo::kDemoSourcePath;
  rebase_project_paths(p, "/a", "/b/c");
  EXPECT_EQ(p.character, demo::kDemoSourcePath);
}

// The rule the project's loads and the Retarget panel share for a file the project names.
TEST(ProjectPaths, ARelativePathIsInTheProjectFolderAndAnAbsoluteOneStays) {
  EXPECT_EQ(resolve_project_path("mocap/walk.bvh", "/home/a/projects"),
            "/home/a/projects/mocap/walk.bvh");
  EXPECT_EQ(resolve_project_path("../walk.bvh", "/home/a/projects"),
            "/home/a/projects/../walk.bvh");
  EXPECT_EQ(resolve_project_path("/data/clips/run.bvh", "/home/a/projects"), "/data/clips/run.bvh");
  // A project opened from the working folder ("p.json": its folder is "").
  EXPECT_EQ(resolve_project_path("walk.bvh", ""), "walk.bvh");
  EXPECT_EQ(resolve_project_path(demo::kDemoSourcePath, "/home/a/projects"), demo::kDemoSourcePath);
}

TEST(ProjectSession, IsWrittenAndReadBack) {
  Project p = make_demo_project();
  p.character = demo::kDemoSourcePath;
  p.session = ProjectSession{
      "clip", "walk_forward", 0.75f, false, 0.25f, anim::PlaybackMode::PingPong, 0.1f};
  Project back;
  ASSERT_EQ(parse_project(project_to_json(p), "p.json", back), "");
  ASSERT_TRUE(back.session.has_value());
  EXPECT_EQ(back.session->clip, "walk_forward");
  EXPECT_FLOAT_EQ(back.session->time_s, 0.75f);
  EXPECT_FALSE(back.session->playing);
  EXPECT_FLOAT_EQ(back.session->speed, 0.25f);
  EXPECT_EQ(back.session->loop, anim::PlaybackMode::PingPong);
  EXPECT_NE(project_to_json(p).find("\"loop\": \"ping_pong\""), std::string::npos);
  EXPECT_FLOAT_EQ(back.session->time_scale, 0.1f);
  EXPECT_TRUE(back.unknown_fields.empty());
  p.session.reset();
  ASSERT_EQ(parse_project(project_to_json(p), "p.json", back), "");
  EXPECT_FALSE(back.session.has_value()) << "projects without a session stay without one";
}

TEST(ProjectSession, BadValuesNameTheField) {
  Project p = make_demo_project();
  p.session = ProjectSession{};
  std::string text = project_to_json(p);
  const std::string loop = "\"loop\": \"loop\"";
  ASSERT_NE(text.find(loop), std::string::npos);
  text.replace(text.find(loop), loop.size(), "\"loop\": \"sideways\"");
  Project out;
  const std::string error = parse_project(text, "p.json", out);
  EXPECT_NE(error.find("session.loop"), std::string::npos) << error;
  EXPECT_NE(error.find("p.json"), std::string::npos) << error;
}

// A model opened directly previews its clips with no state machine; saved, it must load again.
TEST(ProjectSession, AProjectWithoutAMachineLoadsAgain) {
  Project p;
  p.character = "walk.fbx";
  p.clips = {"walk"};
  Project back;
  ASSERT_EQ(parse_project(project_to_json(p), "p.json", back), "");
  EXPECT_TRUE(back.state_machine.states.empty());
  EXPECT_EQ(back.clips, p.clips);
}

}  // namespace
}  // namespace project
