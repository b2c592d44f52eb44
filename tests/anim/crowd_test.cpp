// A crowd is N instances of one bound character: each plays the same graph at its own time and
// treads in place at its spot (the old crowd sampled clips on its own, kept the root motion in
// the pose and snapped every character back at each loop).
#include "anim/crowd.h"

#include <gtest/gtest.h>

#include <cmath>

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

TEST(Crowd, CharactersTreadInPlaceAndNeverJumpBackAtALoop) {
  const Walker w;
  BoundCharacter character;
  ASSERT_EQ(bind_character(w.skeleton, {w.walk}, {}, character), "");
  GraphBinding graph;
  BlendSpaceBinding space;
  Parameters parameters;
  space.name = "walk only";
  space.one_dimensional = true;
  space.clips = {0};
  space.positions = {{0, 0}};
  space.x_parameter = parameters.add("speed", ParameterType::Float);
  graph.blend_spaces = {space};
  ASSERT_EQ(bind_graph(character, parameters, graph), "");
  CharacterSettings settings;  // root motion in place
  Crowd crowd;
  ASSERT_EQ(crowd.setup(character, graph, parameters, 9, 1.0f, 1.0f, settings), "");
  const Terrain flat;
  std::vector<float> first_z(9);
  for (int frame = 0; frame < 150; ++frame) {  // 2.5 loops at 60 Hz
    ASSERT_TRUE(crowd.update(1.0f / 60.0f, parameters, settings, flat));
    for (int i = 0; i < crowd.count(); ++i) {
      const CharacterInstance& c = crowd.instances()[i];
      const float hips_z = c.model_pose()[0][3].z;
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

TEST(Crowd, RefusesAnEmptyCrowd) {
  const Walker w;
  BoundCharacter character;
  ASSERT_EQ(bind_character(w.skeleton, {w.walk}, {}, character), "");
  const GraphBinding graph;
  Crowd crowd;
  EXPECT_NE(crowd.setup(character, graph, {}, 0, 1.0f, 1.0f, {}).find("at least 1"),
            std::string::npos);
}

}  // namespace
}  // namespace anim
