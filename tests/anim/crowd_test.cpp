// A crowd is N instances of one bound character: each plays the same graph at its own time and
// treads in place at its spot (the old crowd sampled clips on its own, kept the root motion in
// the pose and snapped every character back at each loop).
#include "anim/crowd.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace anim {
namespace {

// hips (1 m up) walking forward (+z) 1.5 m per 1 s loop.
struct Walker {
  Skeleton skeleton;
  Clip walk;
  Walker() {
    skeleton.joint_names = {"hips", "leg"};
    skeleton.parents = {kNoParent, 0};
    Transform hips;
    hips.translation = {0, 1, 0};
    Transform leg;
    leg.translation = {0, -0.5f, 0};
    skeleton.rest_pose = {hips, leg};
    skeleton.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
    walk.name = "walk";
    walk.duration_s = 1.0f;
    JointTrack track;
    track.joint_name = "hips";
    track.translation.times_s = {0.0f, 1.0f};
    track.translation.values = {{0, 1, 0}, {0, 1, 1.5f}};
    walk.tracks = {track};
  }
};

// The walker bound as a character, with a graph of one 1D blend space that plays its walk.
struct BoundWalker {
  Walker walker;
  BoundCharacter character;
  std::string error = bind_character(walker.skeleton, {walker.walk}, {}, character);
  Parameters parameters;
  GraphBinding walk_only;
  BoundWalker() {
    BlendSpaceBinding space;
    space.name = "walk only";
    space.one_dimensional = true;
    space.clips = {0};
    space.positions = {{0, 0}};
    space.x_parameter = parameters.add("speed", ParameterType::Float);
    walk_only.blend_spaces = {space};
    if (error.empty()) error = bind_graph(character, parameters, walk_only);
  }
};

TEST(Crowd, CharactersTreadInPlaceAndNeverJumpBackAtALoop) {
  const BoundWalker w;
  ASSERT_EQ(w.error, "");
  const BoundCharacter& character = w.character;
  const GraphBinding& graph = w.walk_only;
  Parameters parameters = w.parameters;
  CharacterSettings settings;  // root motion in place
  Crowd crowd;
  ASSERT_EQ(crowd.setup(character, graph, parameters, 9, 1.0f, 1.0f, settings), "");
  const Terrain flat;
  std::vector<float> first_z(9);
  for (int frame = 0; frame < 150; ++frame) {  // 2.5 loops at 60 Hz
    ASSERT_TRUE(crowd.update(1.0f / 60.0f, parameters, flat));
    for (int i = 0; i < crowd.count(); ++i) {
      const CharacterInstance& c = crowd.instances()[i];
      // The palette is what is drawn (the crowd keeps no poses): times the bind matrix, the hips.
      const glm::mat4 hips =
          c.skinning_matrices()[0] * glm::inverse(w.walker.skeleton.inverse_bind[0]);
      const float hips_z = hips[3].z;
      if (frame == 0) first_z[i] = hips_z;
      // In place: the hips stay where they were (within float noise), never 1.5 m back.
      ASSERT_NEAR(hips_z, first_z[i], 1e-4f) << "instance " << i << ", frame " << frame;
      ASSERT_EQ(c.world().translation, glm::vec3(0.0f));
    }
  }
  // Staggered: the instances are at different times of the cycle.
  const double p0 = crowd.instances()[0].blend_space_players()[0].phase();
  const double p1 = crowd.instances()[1].blend_space_players()[0].phase();
  EXPECT_NEAR(std::fmod(p1 - p0 + 2.0, 1.0), 0.618034, 1e-3);
}

// A frame composed in the caller's scratch (a crowd's) gives palettes the same, to the bit, as a
// frame composed in the instance's own poses, and those stay as they were, for two instances
// updated in turn through the same scratch.
TEST(Crowd, AFrameInTheCallersScratchGivesTheSamePalettes) {
  const BoundWalker w;
  ASSERT_EQ(w.error, "");
  const BoundCharacter& character = w.character;
  const GraphBinding graph;
  CharacterSettings settings;
  settings.root_motion.extract_z = false;  // the walk stays in the pose, so the times differ in it
  std::array<CharacterInstance, 2> keeping, lending;
  PoseScratch scratch(character.skeleton.parents.size());
  Parameters parameters;
  const Terrain flat;
  for (int i = 0; i < 2; ++i) {
    for (CharacterInstance* c : {&keeping[i], &lending[i]}) {
      ASSERT_EQ(c->bind(character, graph), "");
      ASSERT_EQ(c->set_settings(settings), "");
      c->set_preview(0, 0.3f * static_cast<float>(i + 1));
    }
  }
  const std::vector<glm::mat4> before(lending[1].model_pose().begin(),
                                      lending[1].model_pose().end());
  for (int frame = 0; frame < 3; ++frame) {
    for (int i = 0; i < 2; ++i) {
      ASSERT_TRUE(keeping[i].update(1.0f / 60.0f, parameters, flat));
      ASSERT_TRUE(lending[i].update(1.0f / 60.0f, parameters, flat, scratch));
    }
  }
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(lending[i].skinning_matrices().size(), 2u);
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_EQ(lending[i].skinning_matrices()[j], keeping[i].skinning_matrices()[j])
          << "instance " << i << ", joint " << j;
    }
  }
  // The previewed hips moved 0.45 m between the two instances' times; the kept pose shows it.
  EXPECT_NEAR(keeping[1].model_pose()[0][3].z - keeping[0].model_pose()[0][3].z, 0.45f, 1e-5f);
  ASSERT_EQ(lending[1].model_pose().size(), before.size());
  for (std::size_t j = 0; j < before.size(); ++j) EXPECT_EQ(lending[1].model_pose()[j], before[j]);
}

// Settings whose blend-space players do not build (a root joint outside the two-joint rig) are
// refused by the first copy, so every copy keeps what it played; settings() says what that is
// (the viewer names the refused setting against it).
TEST(Crowd, RefusedSettingsLeaveEveryCopyWithWhatItPlayed) {
  const BoundWalker w;
  ASSERT_EQ(w.error, "");
  const GraphBinding& graph = w.walk_only;
  Parameters parameters = w.parameters;
  Crowd crowd;
  EXPECT_EQ(crowd.settings(), CharacterSettings{}) << "the defaults before setup";
  CharacterSettings played;
  played.foot_ik = true;
  ASSERT_EQ(crowd.setup(w.character, graph, parameters, 4, 1.0f, 1.0f, played), "");
  EXPECT_EQ(crowd.settings(), played);
  CharacterSettings asked = played;
  asked.root_motion.root_joint = 7;
  EXPECT_EQ(crowd.set_settings(asked),
            "character instance: blend space 'walk only': the root motion joint is not a joint "
            "of the skeleton");
  EXPECT_EQ(crowd.settings(), played);
  for (const CharacterInstance& copy : crowd.instances()) EXPECT_EQ(copy.settings(), played);
}

// A scratch sized for another skeleton is refused before anything is written: the palettes keep
// the last frame.
TEST(Crowd, AScratchNotSizedForTheSkeletonIsRefused) {
  const BoundWalker w;
  ASSERT_EQ(w.error, "");
  CharacterInstance instance;
  const GraphBinding graph;
  ASSERT_EQ(instance.bind(w.character, graph), "");
  Parameters parameters;
  const Terrain flat;
  PoseScratch scratch(w.character.skeleton.parents.size() + 1);
  const JobResult r = instance.update(1.0f / 60.0f, parameters, flat, scratch);
  ASSERT_FALSE(r);
  EXPECT_STREQ(r.error, "character instance: the pose scratch is not sized for the skeleton");
  PoseScratch sized(w.character.skeleton.parents.size());
  EXPECT_TRUE(instance.update(1.0f / 60.0f, parameters, flat, sized));
}

TEST(Crowd, RefusesAnEmptyCrowd) {
  const BoundWalker w;
  Crowd crowd;
  EXPECT_NE(crowd.setup(w.character, GraphBinding{}, {}, 0, 1.0f, 1.0f, {}).find("at least 1"),
            std::string::npos);
}

}  // namespace
}  // namespace anim
