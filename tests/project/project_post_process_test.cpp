// The project's "post_process" section: written only when there are entries, read back the same,
// bad fields named by their path, old files open without it; bound to the built-in character by
// joint name (the look-at from its rig, twist expanded per twist joint found).
#include "project/project_post_process.h"

#include <algorithm>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "demo/demo_character.h"
#include "project/demo_project.h"
#include "project/project_file.h"

namespace project {
namespace {

using nlohmann::json;

std::vector<ProjectPostProcess> every_kind() {
  std::vector<ProjectPostProcess> entries(4);
  entries[0].kind = anim::PostProcessKind::LookAt;
  entries[0].target = {0.5f, 1.6f, 2.0f};
  entries[0].limit_deg = 45.0f;
  entries[0].weight = 0.75f;
  entries[1].kind = anim::PostProcessKind::Twist;
  entries[1].mute = true;
  entries[2].kind = anim::PostProcessKind::Spring;
  entries[2].joints = {"clavicle_r",      "upperarm_r", "forearm_r",
                       "forearm_twist_r", "hand_r",     "fingers_r"};
  entries[2].frequency_hz = 2.5f;
  entries[2].damping_ratio = 1.2f;
  entries[2].sphere_radius_m = 0.1f;
  entries[2].solo = true;
  entries[3].kind = anim::PostProcessKind::MultiBoneIk;
  entries[3].joints = {"upperarm_l", "forearm_l", "forearm_twist_l", "hand_l"};
  entries[3].target = {0.4f, 1.1f, 0.3f};
  entries[3].cone_deg = 60.0f;
  return entries;
}

TEST(ProjectPostProcess, RoundTripKeepsEveryField) {
  Project p = make_demo_project();
  p.post_process = every_kind();
  const std::string text = project_to_json(p);
  const json j = json::parse(text);
  ASSERT_TRUE(j.contains("post_process"));
  EXPECT_EQ(j["post_process"][0]["kind"], "look_at");
  EXPECT_EQ(j["post_process"][3]["kind"], "multi_bone_ik");
  Project back;
  ASSERT_EQ(parse_project(text, "p.json", back), "");
  EXPECT_TRUE(back.unknown_fields.empty());
  ASSERT_EQ(back.post_process.size(), 4u);
  EXPECT_EQ(back.post_process[0].kind, anim::PostProcessKind::LookAt);
  EXPECT_FLOAT_EQ(back.post_process[0].target.z, 2.0f);
  EXPECT_FLOAT_EQ(back.post_process[0].limit_deg, 45.0f);
  EXPECT_FLOAT_EQ(back.post_process[0].weight, 0.75f);
  EXPECT_TRUE(back.post_process[1].mute);
  EXPECT_EQ(back.post_process[2].joints, every_kind()[2].joints);
  EXPECT_FLOAT_EQ(back.post_process[2].damping_ratio, 1.2f);
  EXPECT_FLOAT_EQ(back.post_process[2].sphere_radius_m, 0.1f);
  EXPECT_TRUE(back.post_process[2].solo);
  EXPECT_FLOAT_EQ(back.post_process[3].cone_deg, 60.0f);
}

TEST(ProjectPostProcess, AProjectWithoutTheSectionLoadsAndWritesNone) {
  const Project p = make_demo_project();
  const std::string text = project_to_json(p);
  EXPECT_FALSE(json::parse(text).contains("post_process"));
  Project back;
  ASSERT_EQ(parse_project(text, "old.json", back), "");
  EXPECT_TRUE(back.post_process.empty());
}

TEST(ProjectPostProcess, MalformedEntriesAreNamedByTheirPath) {
  const auto error_of = [](const json& section) {
    json j = json::parse(project_to_json(make_demo_project()));
    j["post_process"] = section;
    Project out;
    return parse_project(j.dump(), "p.json", out);
  };
  EXPECT_NE(error_of(json::array({{{"kind", "wiggle"}}})).find("post_process[0].kind"),
            std::string::npos);
  EXPECT_NE(error_of(json::array({{{"kind", "twist"}}, {{"kind", "spring"}, {"weight", 2}}}))
                .find("post_process[1].weight"),
            std::string::npos);
  EXPECT_NE(error_of(json::array({{{"kind", "look_at"}, {"target", {1, 2}}}}))
                .find("post_process[0].target"),
            std::string::npos);
  EXPECT_NE(error_of(json::object()).find("post_process"), std::string::npos);
}

TEST(ProjectPostProcess, BindsToTheBuiltInCharacterByName) {
  const importer::Character demo = demo::make_demo_character();
  std::vector<anim::PostProcessEntry> bound;
  ASSERT_EQ(bind_post_process(every_kind(), demo, bound), "");
  // look-at, twist on each forearm, spring, FABRIK.
  ASSERT_EQ(bound.size(), 5u);
  const anim::Skeleton& s = demo.skeleton;
  ASSERT_EQ(bound[0].look_at.joints.count, 3);
  EXPECT_EQ(bound[0].look_at.joints.joints[0], s.find_joint("chest"));
  EXPECT_EQ(bound[0].look_at.joints.joints[2], s.find_joint("head"));
  EXPECT_NEAR(bound[0].look_at_goal.limit_rad, 45.0f * 3.14159265f / 180.0f, 1e-6f);
  EXPECT_EQ(bound[1].kind, anim::PostProcessKind::Twist);
  EXPECT_EQ(bound[2].kind, anim::PostProcessKind::Twist);
  EXPECT_TRUE(bound[1].mute && bound[2].mute);
  EXPECT_EQ(bound[1].twist.joints[0], s.find_joint("forearm_twist_l"));
  EXPECT_EQ(bound[3].spring_chain.count, 6);
  EXPECT_FLOAT_EQ(bound[3].spring.frequency_hz, 2.5f);
  EXPECT_EQ(bound[4].ik_chain.joints.joints[3], s.find_joint("hand_l"));
  EXPECT_NEAR(bound[4].ik_chain.cone_rad[2], 60.0f * 3.14159265f / 180.0f, 1e-6f);
}

TEST(ProjectPostProcess, BindingNamesAMissingJointOrABrokenChain) {
  const importer::Character demo = demo::make_demo_character();
  std::vector<anim::PostProcessEntry> bound;
  std::vector<ProjectPostProcess> entries = every_kind();
  entries[2].joints.back() = "tail_9";
  EXPECT_EQ(bind_post_process(entries, demo, bound), "post_process[2].joints: no joint 'tail_9'");
  entries = every_kind();
  entries[3].joints = {"upperarm_l", "hand_l"};
  EXPECT_NE(bind_post_process(entries, demo, bound).find("post_process[3].joints: a chain"),
            std::string::npos);
  entries = every_kind();
  entries[1].joints = {"head"};
  EXPECT_EQ(bind_post_process(entries, demo, bound),
            "post_process[1]: no twist joints found for that joint");
  EXPECT_TRUE(bound.empty());  // never written on failure
}

// Saved before foot IK was an entry, a project with foot IK on ran it before its stack: it loads
// with a foot-IK entry first, and keeps the order it saves.
TEST(ProjectPostProcess, AnOldProjectWithFootIkOnLoadsItFirstInTheStack) {
  Project p = make_demo_project();
  p.view.foot_ik = true;
  p.post_process = every_kind();
  Project back;
  ASSERT_EQ(parse_project(project_to_json(p), "old.json", back), "");
  ASSERT_EQ(back.post_process.size(), 5u);
  EXPECT_EQ(back.post_process[0].kind, anim::PostProcessKind::FootIk);
  EXPECT_EQ(back.post_process[1].kind, anim::PostProcessKind::LookAt);
  EXPECT_EQ(back.post_process[4].kind, anim::PostProcessKind::MultiBoneIk);
  // Moved last and saved, it stays last.
  std::rotate(back.post_process.begin(), back.post_process.begin() + 1, back.post_process.end());
  Project again;
  ASSERT_EQ(parse_project(project_to_json(back), "new.json", again), "");
  ASSERT_EQ(again.post_process.size(), 5u);
  EXPECT_EQ(again.post_process[4].kind, anim::PostProcessKind::FootIk);
  EXPECT_EQ(again.post_process[0].kind, anim::PostProcessKind::LookAt);
  // Without the section, foot IK alone makes the stack.
  p.post_process.clear();
  ASSERT_EQ(parse_project(project_to_json(p), "old.json", back), "");
  ASSERT_EQ(back.post_process.size(), 1u);
  EXPECT_EQ(back.post_process[0].kind, anim::PostProcessKind::FootIk);
}

TEST(ProjectPostProcess, GhostAndTheFootIkKindRoundTripAndBindOnce) {
  Project p = make_demo_project();
  p.post_process = every_kind();
  p.post_process.insert(p.post_process.begin() + 1, ProjectPostProcess{});
  p.post_process[1].kind = anim::PostProcessKind::FootIk;
  p.post_process[1].ghost = true;
  p.post_process[2].ghost = true;  // the twist
  const std::string text = project_to_json(p);
  EXPECT_EQ(json::parse(text)["post_process"][1]["kind"], "foot_ik");
  Project back;
  ASSERT_EQ(parse_project(text, "p.json", back), "");
  ASSERT_EQ(back.post_process.size(), 5u);
  EXPECT_EQ(back.post_process[1].kind, anim::PostProcessKind::FootIk);
  EXPECT_TRUE(back.post_process[1].ghost);
  EXPECT_FALSE(back.post_process[0].ghost);
  EXPECT_TRUE(back.post_process[2].ghost);
  const importer::Character demo = demo::make_demo_character();
  std::vector<anim::PostProcessEntry> bound;
  ASSERT_EQ(bind_post_process(back.post_process, demo, bound), "");
  ASSERT_EQ(bound.size(), 6u);  // look-at, foot IK, two twists, spring, FABRIK
  EXPECT_EQ(bound[1].kind, anim::PostProcessKind::FootIk);
  EXPECT_TRUE(bound[1].ghost);
  EXPECT_TRUE(bound[2].ghost && bound[3].ghost);  // the twist entry's, both expanded
  back.post_process.push_back(back.post_process[1]);
  EXPECT_EQ(bind_post_process(back.post_process, demo, bound),
            "post_process[5]: a second foot_ik entry (foot IK runs once a frame)");
}

TEST(ProjectPostProcess, FollowCameraAimParametersAndTwistSharesRoundTripAndBind) {
  Project p = make_demo_project();
  p.post_process.resize(3);
  p.post_process[0].kind = anim::PostProcessKind::LookAt;
  p.post_process[0].follow_camera = true;
  p.post_process[0].aim_yaw_parameter = "aim_yaw";
  p.post_process[0].aim_pitch_parameter = "aim_pitch";
  p.post_process[1].kind = anim::PostProcessKind::MultiBoneIk;
  p.post_process[1].joints = {"upperarm_l", "forearm_l", "forearm_twist_l", "hand_l"};
  p.post_process[2].kind = anim::PostProcessKind::Twist;
  p.post_process[2].joints = {"hand_l"};
  p.post_process[2].joint_weights = {0.25f};
  const std::string text = project_to_json(p);
  const json j = json::parse(text);
  EXPECT_EQ(j["post_process"][0]["follow_camera"], true);
  EXPECT_FALSE(j["post_process"][1].contains("follow_camera"));  // false is not written
  Project back;
  ASSERT_EQ(parse_project(text, "p.json", back), "");
  ASSERT_EQ(back.post_process.size(), 3u);
  EXPECT_TRUE(back.post_process[0].follow_camera);
  EXPECT_EQ(back.post_process[0].aim_yaw_parameter, "aim_yaw");
  EXPECT_EQ(back.post_process[0].aim_pitch_parameter, "aim_pitch");
  EXPECT_FALSE(j["post_process"][1].contains("aim_yaw_parameter"));
  EXPECT_FALSE(back.post_process[1].follow_camera);
  EXPECT_EQ(back.post_process[2].joint_weights, std::vector<float>{0.25f});

  // The user's share replaces the one by distance (the demo's forearm twist joint is halfway).
  const importer::Character demo = demo::make_demo_character();
  std::vector<anim::PostProcessEntry> bound;
  ASSERT_EQ(bind_post_process(back.post_process, demo, bound), "");
  ASSERT_EQ(bound.size(), 3u);
  ASSERT_EQ(bound[2].twist.count, 1);
  EXPECT_FLOAT_EQ(bound[2].twist.shares[0], 0.25f);
  back.post_process[2].joint_weights = {0.5f, 0.5f};
  EXPECT_EQ(bind_post_process(back.post_process, demo, bound),
            "post_process[2].joint_weights: one share in [0, 1] per twist joint (1)");
}

}  // namespace
}  // namespace project
