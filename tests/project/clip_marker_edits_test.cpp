// Sync markers edited on the timeline: stored in the project, put on the bound clips, and used
// by phase sync.
#include "project/clip_marker_edits.h"

#include <gtest/gtest.h>

#include "anim/sync.h"
#include "project/project_binding.h"

namespace {

anim::Clip clip(const std::string& name, float duration_s, float right_down_s) {
  anim::Clip c;
  c.name = name;
  c.duration_s = duration_s;
  anim::JointTrack track;
  track.joint_name = "root";
  track.translation.times_s = {0.0f, duration_s};
  track.translation.values = {glm::vec3(0.0f), glm::vec3(0.0f)};
  c.tracks.push_back(track);
  c.markers = {{"foot_l_down", 0.0f}, {"foot_r_down", right_down_s}};
  return c;
}

// A one-joint character with a 1 s clip "lead" (right foot down at 0.5 s) and a 2 s clip
// "follow" (right foot down at 1 s), and a project that plays both.
importer::Character character() {
  importer::Character c;
  c.source_path = "two_clips";
  c.skeleton.joint_names = {"root"};
  c.skeleton.parents = {-1};
  c.skeleton.rest_pose = {anim::Transform::identity()};
  c.skeleton.inverse_bind = {glm::mat4(1.0f)};
  c.clips = {clip("lead", 1.0f, 0.5f), clip("follow", 2.0f, 1.0f)};
  return c;
}

// Where "follow" is when "lead" is at lead_s, as a blend space's phase sync puts it.
float follower_time(const project::Project& project, float lead_s) {
  project::BoundProject bound;
  EXPECT_EQ(project::bind_project(project, character(), {}, bound), "");
  const std::vector<anim::Clip>& clips = bound.character->clips;
  const anim::Clip* group_clips[] = {&clips[0], &clips[1]};
  const anim::SyncGroup group = anim::build_sync_group(group_clips);
  EXPECT_TRUE(group.by_markers) << group.fallback_reason;
  return anim::clip_time_at_phase(group, 1, anim::phase_at_clip_time(group, 0, lead_s));
}

}  // namespace

TEST(ClipMarkerEdits, AMovedMarkerChangesWhereTheFollowerIs) {
  const importer::Character c = character();
  project::Project project = project::preview_project(c, "two_clips");
  // Lead at 0.25 s is half way to its right foot: phase 0.5; follow is half way to its own.
  EXPECT_NEAR(follower_time(project, 0.25f), 0.5f, 1e-5f);
  EXPECT_NEAR(follower_time(project, 0.75f), 1.5f, 1e-5f);
  int index = -1;
  ASSERT_EQ(project::move_clip_marker(project, c.clips[1], 1, 1.5f, index), "");
  EXPECT_EQ(index, 1);
  // Follow's first step now lasts 1.5 s and its second 0.5 s.
  EXPECT_NEAR(follower_time(project, 0.25f), 0.75f, 1e-5f);
  EXPECT_NEAR(follower_time(project, 0.75f), 1.5f + 0.5f * 0.5f, 1e-5f);
  // The lead clip keeps its own markers: only the edited clip is in the project.
  ASSERT_EQ(project.clip_markers.size(), 1u);
  EXPECT_EQ(project.clip_markers[0].clip, "follow");
}

TEST(ClipMarkerEdits, AddMoveRemoveKeepTimeOrderAndTheClip) {
  const importer::Character c = character();
  project::Project project = project::preview_project(c, "two_clips");
  int index = -1;
  ASSERT_EQ(project::add_clip_marker(project, c.clips[0], "hit", 0.25f, index), "");
  EXPECT_EQ(index, 1);
  ASSERT_EQ(project::add_clip_marker(project, c.clips[0], "late", 9.0f, index), "");
  EXPECT_EQ(index, 3);
  const project::ProjectClipMarkers* edited = project::find_clip_markers(project, "lead");
  ASSERT_NE(edited, nullptr);
  ASSERT_EQ(edited->markers.size(), 4u);
  EXPECT_EQ(edited->markers[3].time_s, 1.0f);  // clamped to the clip
  // Moving the first marker past the others puts it last.
  anim::Clip shown = c.clips[0];
  shown.markers = edited->markers;
  ASSERT_EQ(project::move_clip_marker(project, shown, 0, 0.9f, index), "");
  EXPECT_EQ(index, 2);
  shown.markers = project::find_clip_markers(project, "lead")->markers;
  ASSERT_EQ(project::remove_clip_marker(project, shown, 1), "");
  const std::vector<anim::Marker>& m = project::find_clip_markers(project, "lead")->markers;
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0].name, "hit");
  EXPECT_EQ(m[1].name, "foot_l_down");
  EXPECT_EQ(m[2].name, "late");
  EXPECT_NE(project::add_clip_marker(project, shown, "", 0.1f, index), "");
  EXPECT_NE(project::remove_clip_marker(project, shown, 7), "");
  anim::Clip stranger = shown;
  stranger.name = "not_in_project";
  EXPECT_NE(project::add_clip_marker(project, stranger, "x", 0.1f, index), "");
}

TEST(ClipMarkerEdits, EditedMarkersSurviveSaveAndLoadAndBadOnesAreNamed) {
  const importer::Character c = character();
  project::Project project = project::preview_project(c, "two_clips");
  int index = -1;
  ASSERT_EQ(project::move_clip_marker(project, c.clips[1], 1, 1.5f, index), "");
  project::Project loaded;
  const std::string json = project::project_to_json(project);
  ASSERT_EQ(project::parse_project(json, "p.json", loaded), "");
  EXPECT_TRUE(project::same_clip_markers(loaded.clip_markers, project.clip_markers));
  std::string bad = json;
  bad.replace(bad.find("\"follow\",\n      \"markers\""), 8, "\"nope\"");
  const std::string error = project::parse_project(bad, "p.json", loaded);
  EXPECT_NE(error.find("p.json"), std::string::npos) << error;
  EXPECT_NE(error.find("clip_markers[0].clip"), std::string::npos) << error;
}
