// The aim offset: the angles of a look-at target relative to the character (hand-computed), and
// an additive layer playing a 2D blend space of aim poses (the spine yawed +-45 degrees and
// pitched +-30) at those angles: at a corner the result is that corner's delta, in between the
// blend of the deltas by the blend space's own weights.
#include "anim/aim_offset.h"

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include "anim/blend_space_2d.h"
#include "anim/bound_character.h"
#include "anim/character_instance.h"
#include "anim/graph_binding.h"
#include "anim_expect.h"
#include "procedural_skeletons.h"

namespace anim {
namespace {

constexpr float kDegree = glm::pi<float>() / 180.0f;
const glm::vec3 kUp(0, 1, 0), kForward(0, 0, 1);

TEST(AimOffset, TheAnglesOfATargetAreItsYawLeftAndPitchUp) {
  const glm::vec3 eye(0, 1.7f, 0);
  AimAngles a = aim_angles(eye, eye + glm::vec3(1, 0, 1), kForward, kUp);
  EXPECT_NEAR(a.yaw_deg, 45.0f, 1e-4f);  // the character's left is +X (up x forward)
  EXPECT_NEAR(a.pitch_deg, 0.0f, 1e-4f);
  a = aim_angles(eye, eye + glm::vec3(0, 1, std::sqrt(3.0f)), kForward, kUp);
  EXPECT_NEAR(a.yaw_deg, 0.0f, 1e-4f);
  EXPECT_NEAR(a.pitch_deg, 30.0f, 1e-4f);
  a = aim_angles(eye, eye + glm::vec3(-2, -2, 0), kForward, kUp);
  EXPECT_NEAR(a.yaw_deg, -90.0f, 1e-4f);
  EXPECT_NEAR(a.pitch_deg, -std::atan2(2.0f, 2.0f) / kDegree, 1e-4f);
  // A forward tilted down is levelled first: the yaw is about up.
  a = aim_angles(eye, eye + glm::vec3(1, 0, 1), glm::normalize(glm::vec3(0, -1, 1)), kUp);
  EXPECT_NEAR(a.yaw_deg, 45.0f, 1e-4f);
}

TEST(AimOffset, TheLookAtsAnglesAreSeenFromTheHeadAtRestAlongItsAimAxis) {
  Skeleton s = testing::make_torso();  // the head 1.7 m up
  // The head's rest turned a quarter about +Y: its aim axis in its own frame is then -X.
  s.rest_pose[3].rotation = glm::angleAxis(90.0f * kDegree, kUp);
  LookAtRig rig;
  rig.joints.push(1);
  rig.joints.push(3);
  rig.weights[0] = 0.5f;
  rig.weights[1] = 0.5f;
  rig.aim_axis = glm::inverse(s.rest_pose[3].rotation) * kForward;
  const AimAngles a = look_at_aim_angles(s, rig, glm::vec3(-1, 1.7f + 1.0f, 1));
  EXPECT_NEAR(a.yaw_deg, -45.0f, 1e-4f);
  EXPECT_NEAR(a.pitch_deg, std::atan2(1.0f, std::sqrt(2.0f)) / kDegree, 1e-4f);
}

// A clip of two keys holding the spine at rotation (every other joint at rest).
Clip holding_spine(const Skeleton& s, const std::string& name, const glm::quat& rotation) {
  Clip clip;
  clip.name = name;
  clip.duration_s = 1.0f;
  JointTrack track;
  track.joint_name = "spine";
  for (float t : {0.0f, 1.0f}) {
    track.translation.times_s.push_back(t);
    track.translation.values.push_back(s.rest_pose[1].translation);
    track.rotation.times_s.push_back(t);
    track.rotation.values.push_back(rotation);
    track.scale.times_s.push_back(t);
    track.scale.values.push_back(glm::vec3(1.0f));
  }
  clip.tracks.push_back(track);
  return clip;
}

glm::quat aim_pose(float yaw_deg, float pitch_deg) {
  // Yaw about up, then pitch up (forward +Z toward +Y is a turn about -X).
  return glm::angleAxis(yaw_deg * kDegree, kUp) *
         glm::angleAxis(-pitch_deg * kDegree, glm::vec3(1, 0, 0));
}

class AimOffsetLayer : public ::testing::Test {
 protected:
  void SetUp() override {
    const Skeleton s = testing::make_torso();
    std::vector<Clip> clips = {holding_spine(s, "idle", glm::quat(1, 0, 0, 0))};
    for (float pitch : {-30.0f, 0.0f, 30.0f}) {
      for (float yaw : {-45.0f, 0.0f, 45.0f}) {
        clips.push_back(
            holding_spine(s, "aim_" + std::to_string(clips.size()), aim_pose(yaw, pitch)));
        positions_.push_back({yaw, pitch});
        deltas_.push_back(aim_pose(yaw, pitch));  // the spine's rest is the identity
      }
    }
    ASSERT_EQ(bind_character(s, clips, BindOptions{}, character_), "");
    yaw_ = parameters_.add("aim_yaw", ParameterType::Float);
    pitch_ = parameters_.add("aim_pitch", ParameterType::Float);
    BlendSpaceBinding space;
    space.name = "aim offset";
    space.mode = BlendMode2D::FreeformCartesian;
    for (int k = 1; k <= 9; ++k) space.clips.push_back(k);
    space.positions = positions_;
    space.x_parameter = yaw_;
    space.y_parameter = pitch_;
    graph_.blend_spaces = {space};
    LayerBinding aim;
    aim.layer.name = "aim offset";
    aim.layer.mode = LayerMode::Additive;
    aim.blend_space = 0;
    graph_.layers = {aim};
    graph_.machine.states = {{"idle", StateKind::Clip, 0}};
    graph_.has_machine = true;
    ASSERT_EQ(bind_graph(character_, parameters_, graph_), "");
    ASSERT_EQ(instance_.bind(character_, graph_), "");
    settings_.foot_ik = false;
    ASSERT_EQ(instance_.set_settings(settings_), "");
  }

  // The spine's local rotation with the point at (yaw, pitch).
  glm::quat spine_at(float yaw_deg, float pitch_deg) {
    parameters_.set(yaw_, yaw_deg);
    parameters_.set(pitch_, pitch_deg);
    EXPECT_TRUE(instance_.update(1.0f / 60.0f, parameters_, terrain_));
    return instance_.local_pose()[1].rotation;
  }

  BoundCharacter character_;
  Parameters parameters_;
  GraphBinding graph_;
  CharacterInstance instance_;
  CharacterSettings settings_;
  Terrain terrain_;
  int yaw_ = -1, pitch_ = -1;
  std::vector<glm::vec2> positions_;
  std::vector<glm::quat> deltas_;
};

TEST_F(AimOffsetLayer, AtACornerTheSpineTakesThatCornersDelta) {
  for (std::size_t k : {0u, 2u, 6u, 8u}) {  // the four corners of the 3 x 3 grid
    EXPECT_TRUE(
        testing::same_rotation(spine_at(positions_[k].x, positions_[k].y), deltas_[k], 1e-7f))
        << "corner " << positions_[k].x << ", " << positions_[k].y;
  }
}

TEST_F(AimOffsetLayer, InBetweenTheDeltasBlendByTheBlendSpacesWeights) {
  PreparedBlendSpace2D prepared;
  ASSERT_EQ(prepare_blend_space_2d(BlendMode2D::FreeformCartesian, positions_, prepared), "");
  for (const glm::vec2 point : {glm::vec2(20.0f, -10.0f), glm::vec2(-30.0f, 25.0f)}) {
    std::array<float, 9> weights{};
    blend_weights_2d(prepared, point, weights);
    // The weighted sum of the deltas (one hemisphere), normalized.
    glm::quat sum(0, 0, 0, 0);
    for (std::size_t k = 0; k < 9; ++k) {
      const float sign = glm::dot(deltas_[k], deltas_[0]) < 0.0f ? -1.0f : 1.0f;
      sum = sum + (sign * weights[k]) * deltas_[k];
    }
    const glm::quat expected = glm::normalize(sum);
    EXPECT_TRUE(testing::same_rotation(spine_at(point.x, point.y), expected, 1e-7f))
        << point.x << ", " << point.y;
    // Not a corner's: the point is strictly inside.
    EXPECT_FALSE(testing::same_rotation(expected, deltas_[8]));
  }
}

}  // namespace
}  // namespace anim
