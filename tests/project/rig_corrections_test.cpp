// The user's rig corrections: saved in the project's optional "rig" section, applied over the
// rig found on the character, and bad corrections reported instead of applied.

#include <string>

#include <gtest/gtest.h>

#include "anim/mirror.h"
#include "demo/demo_character.h"
#include "import/rig_finder.h"
#include "project/demo_project.h"
#include "project/project_binding.h"
#include "project/project_file.h"
#include "project/rig_corrections.h"

namespace {

const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

project::ProjectRig swapped_legs() {
  project::ProjectRig rig;
  rig.pelvis = "hips";
  rig.limbs.push_back({"leg", "right", false, {"thigh_l", "calf_l", "foot_l", "toes_l"}});
  rig.limbs.push_back({"leg", "left", false, {"thigh_r", "calf_r", "foot_r"}});
  rig.mirror_pairs.push_back({"hand_l", "hand_l"});
  return rig;
}

TEST(RigCorrections, RoundTripThroughTheProjectFile) {
  project::Project project;
  project.character = "<demo>";
  project.clips = {"idle"};
  project.state_machine.states.push_back({});
  project.state_machine.states[0].name = "idle";
  project.state_machine.states[0].index = 0;
  project.rig = swapped_legs();
  const std::string text = project::project_to_json(project);
  EXPECT_NE(text.find("\"rig\""), std::string::npos);
  project::Project back;
  ASSERT_EQ(project::parse_project(text, "test.json", back), "");
  ASSERT_EQ(back.rig.limbs.size(), 2u);
  EXPECT_EQ(back.rig.pelvis, "hips");
  EXPECT_EQ(back.rig.limbs[0].side, "right");
  EXPECT_EQ(back.rig.limbs[1].joints, (std::vector<std::string>{"thigh_r", "calf_r", "foot_r"}));
  EXPECT_EQ(back.rig.mirror_pairs, swapped_legs().mirror_pairs);
  // Without corrections the section is left out, so older readers load the file unchanged.
  project.rig = {};
  EXPECT_EQ(project::project_to_json(project).find("\"rig\""), std::string::npos);
  // A limb of two joints is named as the cause.
  std::string bad = text;
  bad.replace(bad.find("\"calf_r\","), 9, "");
  EXPECT_NE(project::parse_project(bad, "test.json", back).find("rig.limbs[1].joints"),
            std::string::npos);
}

TEST(RigCorrections, ReplaceTheFoundLimbsAndMirrorPairs) {
  std::string error;
  const anim::Rig rig = project::project_rig(demo(), swapped_legs(), &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(rig.found_by, "corrections");
  ASSERT_EQ(rig.limbs.size(), 2u);
  EXPECT_EQ(rig.limbs[0].side, anim::LimbSide::Right);
  EXPECT_EQ(rig.limbs[1].joints.size(), 3u);
  const anim::FootIkRig legs = importer::foot_ik_rig(demo(), rig);
  ASSERT_EQ(legs.legs.size(), 2u);
  EXPECT_EQ(legs.legs[0].contact_name, "foot_r");
  EXPECT_EQ(legs.legs[1].toes, legs.legs[1].foot);  // no toes named: the foot's sole only

  const anim::MirrorTable table = project::project_mirror_table(demo(), rig, swapped_legs());
  const anim::Skeleton& s = demo().skeleton;
  EXPECT_EQ(table.partner[s.find_joint("hand_l")], s.find_joint("hand_l"));
  EXPECT_EQ(table.partner[s.find_joint("hand_r")], s.find_joint("hand_r"));
  EXPECT_EQ(table.partner[s.find_joint("thigh_l")], s.find_joint("thigh_r"));
  EXPECT_EQ(anim::validate(s, table), "");
}

TEST(RigCorrections, BadCorrectionsKeepTheFoundRigAndSayWhy) {
  project::ProjectRig unknown = swapped_legs();
  unknown.limbs[0].joints[1] = "knee_l";
  std::string error;
  const anim::Rig rig = project::project_rig(demo(), unknown, &error);
  EXPECT_NE(rig.found_by, "corrections");
  EXPECT_EQ(rig.limbs.size(), 4u);
  EXPECT_NE(error.find("no joint named 'knee_l'"), std::string::npos) << error;

  project::ProjectRig upside_down = swapped_legs();
  upside_down.limbs[0].joints = {"toes_l", "foot_l", "calf_l"};
  error.clear();
  EXPECT_NE(project::project_rig(demo(), upside_down, &error).found_by, "corrections");
  EXPECT_NE(error.find("is not below"), std::string::npos) << error;

  // Saving what was found and applying it gives the same limbs back.
  project::ProjectRig stored;
  const anim::Rig found = importer::find_character_rig(demo());
  project::store_rig(demo().skeleton, found, stored);
  const anim::Rig again = project::project_rig(demo(), stored);
  ASSERT_EQ(again.limbs.size(), found.limbs.size());
  for (std::size_t i = 0; i < found.limbs.size(); ++i) {
    EXPECT_EQ(again.limbs[i].joints, found.limbs[i].joints);
    EXPECT_EQ(again.limbs[i].side, found.limbs[i].side);
  }
}

// A clip ticked "mirrored" plays mirrored wherever the project uses it, under its own name, and
// the choice survives saving.
TEST(RigCorrections, MirroredClipsBindMirrored) {
  project::Project project = project::make_demo_project();
  project.rig.mirrored_clips = {"walk_left"};
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo(), {}, bound), "");
  const auto at = [&](const std::string& name) {
    for (std::size_t i = 0; i < project.clips.size(); ++i) {
      if (project.clips[i] == name) return i;
    }
    ADD_FAILURE() << name;
    return std::size_t{0};
  };
  const anim::Clip& bound_walk = bound.character->clips[at("walk_left")];
  EXPECT_EQ(bound_walk.name, "walk_left");
  const anim::Rig rig = importer::find_character_rig(demo());
  const anim::Clip* original = nullptr;
  for (const anim::Clip& c : demo().clips) {
    if (c.name == "walk_left") original = &c;
  }
  ASSERT_NE(original, nullptr);
  const anim::Clip expected =
      anim::mirror_clip(*original, demo().skeleton, importer::mirror_table(demo(), rig));
  ASSERT_EQ(bound_walk.tracks.size(), expected.tracks.size());
  EXPECT_EQ(bound_walk.tracks[0].rotation.values, expected.tracks[0].rotation.values);
  EXPECT_EQ(bound.character->clips[at("walk_right")].tracks.size(),
            demo().clips[at("walk_right")].tracks.size());

  project::Project back;
  ASSERT_EQ(project::parse_project(project::project_to_json(project), "p.json", back), "");
  EXPECT_EQ(back.rig.mirrored_clips, project.rig.mirrored_clips);
}

}  // namespace
