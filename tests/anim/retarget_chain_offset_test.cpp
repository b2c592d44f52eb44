// Per-chain alignment adjustments (RetargetChainOffset): a limb turned in the common reference
// pose stays turned by the same angle on every frame.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/retarget.h"
#include "anim/rig.h"
#include "joint_adding.h"

namespace anim {
namespace {

constexpr float kPi = 3.14159265f;

// A T-posed biped facing +Z, feet on y = 0: pelvis 1 m up, chest 0.4 m above it, arms of two
// 0.25 m bones straight out along +-X from shoulders 0.2 m beside the chest, legs of two 0.45 m
// bones with the ankle 0.1 m above the toes.
struct Biped {
  Skeleton skeleton;
  Rig rig;
};

Biped make_biped() {
  Biped b;
  Skeleton& s = b.skeleton;
  auto add = [&](const std::string& name, int parent, glm::vec3 t) {
    return testing::add_joint(s, name, parent, t);
  };
  const int pelvis = add("hips", kNoParent, {0, 1.0f, 0});
  const int chest = add("chest", pelvis, {0, 0.4f, 0});
  b.rig.pelvis = pelvis;
  b.rig.spine = {chest};
  b.rig.chest = chest;
  for (const float side : {1.0f, -1.0f}) {
    const char* sfx = side > 0 ? "L" : "R";
    Limb arm;
    arm.role = LimbRole::Arm;
    arm.side = side > 0 ? LimbSide::Left : LimbSide::Right;
    arm.joints.push_back(add(std::string("arm") + sfx, chest, {side * 0.2f, 0, 0}));
    arm.joints.push_back(add(std::string("elbow") + sfx, arm.joints[0], {side * 0.25f, 0, 0}));
    arm.joints.push_back(add(std::string("wrist") + sfx, arm.joints[1], {side * 0.25f, 0, 0}));
    b.rig.limbs.push_back(arm);
    Limb leg;
    leg.side = arm.side;
    leg.joints.push_back(add(std::string("hip") + sfx, pelvis, {side * 0.1f, 0, 0}));
    leg.joints.push_back(add(std::string("knee") + sfx, leg.joints[0], {0, -0.45f, 0.02f}));
    leg.joints.push_back(add(std::string("ankle") + sfx, leg.joints[1], {0, -0.45f, -0.02f}));
    leg.joints.push_back(add(std::string("toe") + sfx, leg.joints[2], {0, -0.1f, 0.12f}));
    b.rig.limbs.push_back(leg);
  }
  return b;
}

// Every joint swinging about its own axis, the hips moving forward: no frame is the rest pose.
Clip make_swing(const Skeleton& skeleton) {
  Clip clip;
  clip.name = "swing";
  clip.duration_s = 1.0f;
  clip.source_fps = 10.0f;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    JointTrack track;
    track.joint_name = skeleton.joint_names[static_cast<std::size_t>(j)];
    for (int k = 0; k <= 10; ++k) {
      const float t = 0.1f * static_cast<float>(k);
      const float a = 2.0f * kPi * t + static_cast<float>(j);
      track.rotation.times_s.push_back(t);
      track.rotation.values.push_back(
          glm::angleAxis(0.4f * std::sin(a), glm::normalize(glm::vec3(0.3f, 1, 0.5f))));
    }
    if (j == 0) {
      track.translation.times_s = {0.0f, 1.0f};
      track.translation.values = {{0, 1.0f, 0}, {0, 1.0f, 1.0f}};
    }
    clip.tracks.push_back(std::move(track));
  }
  return clip;
}

RetargetOptions rotations_only() {
  RetargetOptions options;
  options.leg_mode = ChainMode::Rotation;
  options.arm_mode = ChainMode::Rotation;
  options.map_by_name = false;
  return options;
}

// The model-space matrices of every frame of clip on skeleton.
std::vector<std::vector<glm::mat4>> model_frames(const Clip& clip, const Skeleton& skeleton) {
  const ClipBinding binding = bind_clip(clip, skeleton);
  SamplingCache cache(clip, binding);
  std::vector<std::vector<glm::mat4>> frames;
  std::vector<Transform> local(skeleton.rest_pose.size());
  for (int k = 0; k <= 10; ++k) {
    EXPECT_TRUE(sample_clip(clip, binding, skeleton, 0.1f * static_cast<float>(k), cache, local));
    frames.emplace_back(local.size());
    EXPECT_TRUE(local_to_model(skeleton, local, frames.back()));
  }
  return frames;
}

float angle_between(const glm::quat& a, const glm::quat& b) {
  const float d = std::min(1.0f, std::abs(glm::dot(glm::normalize(a), glm::normalize(b))));
  return 2.0f * std::acos(d);
}

glm::quat rotation_of(const glm::mat4& m) {
  return glm::quat_cast(glm::mat3(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])),
                                  glm::normalize(glm::vec3(m[2]))));
}

TEST(RetargetChainOffset, TurnsTheUpperArmByTheOffsetOnEveryFrame) {
  const Biped biped = make_biped();
  const Clip clip = make_swing(biped.skeleton);
  RetargetOptions plain = rotations_only();
  RetargetOptions raised = rotations_only();
  raised.chain_offsets.push_back({LimbRole::Arm, LimbSide::Left, false, {0.0f, 0.0f, 30.0f}});
  std::string error;
  const RetargetMap a =
      make_retarget_map(biped.skeleton, biped.rig, biped.skeleton, biped.rig, plain, &error);
  ASSERT_FALSE(a.joints.empty()) << error;
  const RetargetMap b =
      make_retarget_map(biped.skeleton, biped.rig, biped.skeleton, biped.rig, raised, &error);
  ASSERT_FALSE(b.joints.empty()) << error;
  const auto without = model_frames(retarget_clip(a, clip), biped.skeleton);
  const auto with = model_frames(retarget_clip(b, clip), biped.skeleton);
  const int arm_l = biped.skeleton.find_joint("armL");
  const int arm_r = biped.skeleton.find_joint("armR");
  const int hip_l = biped.skeleton.find_joint("hipL");
  ASSERT_EQ(without.size(), 11u);
  for (std::size_t f = 0; f < without.size(); ++f) {
    const auto& w = without[f];
    const auto& o = with[f];
    EXPECT_NEAR(angle_between(rotation_of(o[arm_l]), rotation_of(w[arm_l])), kPi / 6.0f, 1e-4f)
        << "frame " << f;
    // The other chains are as they were.
    EXPECT_NEAR(angle_between(rotation_of(o[arm_r]), rotation_of(w[arm_r])), 0.0f, 1e-4f);
    EXPECT_NEAR(angle_between(rotation_of(o[hip_l]), rotation_of(w[hip_l])), 0.0f, 1e-4f);
  }
}

TEST(RetargetChainOffset, RaisesTheRestArmAboutItsShoulder) {
  // The source standing in its rest pose is the reference: the target's left arm, turned 30
  // degrees about +Z, points up and out, its wrist at shoulder + 0.5 m (cos 30, sin 30, 0).
  const Biped biped = make_biped();
  RetargetOptions raised = rotations_only();
  raised.chain_offsets.push_back({LimbRole::Arm, LimbSide::Left, false, {0.0f, 0.0f, 30.0f}});
  std::string error;
  const RetargetMap map =
      make_retarget_map(biped.skeleton, biped.rig, biped.skeleton, biped.rig, raised, &error);
  ASSERT_FALSE(map.joints.empty()) << error;
  const std::size_t n = biped.skeleton.rest_pose.size();
  std::vector<glm::mat4> source_model(n), target_model(n);
  std::vector<Transform> target_local(n);
  ASSERT_TRUE(
      retarget_pose(map, biped.skeleton.rest_pose, {}, source_model, target_local, target_model));
  const glm::vec3 wrist(
      target_model[static_cast<std::size_t>(biped.skeleton.find_joint("wristL"))][3]);
  const glm::vec3 shoulder(0.2f, 1.4f, 0.0f);
  const glm::vec3 expected = shoulder + 0.5f * glm::vec3(std::cos(kPi / 6.0f), 0.5f, 0.0f);
  EXPECT_NEAR(wrist.x, expected.x, 1e-5f);
  EXPECT_NEAR(wrist.y, expected.y, 1e-5f);
  EXPECT_NEAR(wrist.z, expected.z, 1e-5f);
  const glm::vec3 right(
      target_model[static_cast<std::size_t>(biped.skeleton.find_joint("wristR"))][3]);
  EXPECT_NEAR(right.x, -0.7f, 1e-5f);
  EXPECT_NEAR(right.y, 1.4f, 1e-5f);
}

TEST(RetargetChainOffset, AnOffsetForALimbTheTargetLacksChangesNothing) {
  const Biped biped = make_biped();
  RetargetOptions front = rotations_only();
  front.chain_offsets.push_back({LimbRole::Leg, LimbSide::Left, true, {45.0f, 0.0f, 0.0f}});
  const RetargetMap plain =
      make_retarget_map(biped.skeleton, biped.rig, biped.skeleton, biped.rig, rotations_only());
  const RetargetMap map =
      make_retarget_map(biped.skeleton, biped.rig, biped.skeleton, biped.rig, front);
  ASSERT_EQ(map.target_reference.size(), plain.target_reference.size());
  for (std::size_t j = 0; j < map.target_reference.size(); ++j) {
    EXPECT_NEAR(angle_between(map.target_reference[j], plain.target_reference[j]), 0.0f, 1e-6f);
  }
}

}  // namespace
}  // namespace anim
