#include "anim/retarget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "anim/foot_contact.h"
#include "anim/index.h"
#include "anim/pose.h"
#include "anim/rig.h"
#include "anim/two_bone_ik.h"
#include "anim_expect.h"
#include "retarget_rigs.h"

namespace anim {
namespace {

using testing::feet_free;
using testing::make_humanoid;
using testing::make_walk;
using testing::rig_of;
using testing::same_rotation;
using testing::vec3_near;

glm::vec3 position(const glm::mat4& m) {
  return glm::vec3(m[3]);
}

// The same skeleton with every joint's local frame turned by its own rotation (another rig's
// axis conventions) and names prefixed: the rest pose's joint positions are unchanged.
Skeleton with_turned_frames(const Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  EXPECT_TRUE(local_to_model(skeleton, skeleton.rest_pose, model));
  Skeleton out = skeleton;
  std::vector<glm::quat> rotation(model.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    rotation[j] = model_rotation(model[j]) * glm::angleAxis(0.7f * static_cast<float>(j) + 0.3f,
                                                            glm::normalize(glm::vec3(1, 2, 3)));
    out.joint_names[j] = "other:" + skeleton.joint_names[j];
    const int p = skeleton.parents[j];
    const glm::quat parent = p < 0 ? glm::quat(1, 0, 0, 0) : rotation[static_cast<std::size_t>(p)];
    const glm::vec3 parent_pos =
        p < 0 ? glm::vec3(0) : position(model[static_cast<std::size_t>(p)]);
    out.rest_pose[j].rotation = glm::inverse(parent) * rotation[j];
    out.rest_pose[j].translation = glm::inverse(parent) * (position(model[j]) - parent_pos);
  }
  return out;
}

std::vector<Transform> sample(const Clip& clip, const Skeleton& skeleton, float t) {
  const ClipBinding binding = bind_clip(clip, skeleton);
  SamplingCache cache(clip, binding);
  std::vector<Transform> local(skeleton.rest_pose.size());
  EXPECT_TRUE(sample_clip(clip, binding, skeleton, t, cache, local));
  return local;
}

std::vector<glm::mat4> model_at(const Clip& clip, const Skeleton& skeleton, float t) {
  const std::vector<Transform> local = sample(clip, skeleton, t);
  std::vector<glm::mat4> model(local.size());
  EXPECT_TRUE(local_to_model(skeleton, local, model));
  return model;
}

RetargetOptions fk_only() {
  RetargetOptions options;
  options.leg_mode = ChainMode::Rotation;
  return options;
}

TEST(Retarget, MapsRolesAndSpinesOfDifferentLengthsByProportion) {
  const Skeleton source = make_humanoid(3, false);
  const Skeleton target = with_turned_frames(make_humanoid(2, true));
  std::string error;
  const RetargetMap map =
      make_retarget_map(source, rig_of(source), target, rig_of(target), {}, &error);
  ASSERT_TRUE(error.empty()) << error;
  // Target spine0 (half way up its chain) sits at 1.5 of the source's three: between the
  // source's spine0 and spine1, half each; the chest (spine1) takes the source's chest (spine2).
  const RetargetJoint& mid =
      map.joints[static_cast<std::size_t>(target.find_joint("other:spine0"))];
  EXPECT_EQ(mid.source_a, source.find_joint("spine0"));
  EXPECT_EQ(mid.source_b, source.find_joint("spine1"));
  EXPECT_FLOAT_EQ(mid.weight_b, 0.5f);
  const RetargetJoint& chest =
      map.joints[static_cast<std::size_t>(target.find_joint("other:spine1"))];
  EXPECT_EQ(chest.source_a, source.find_joint("spine2"));
  for (const char* name : {"pelvis", "neck", "head", "thigh_l", "calf_r", "foot_l", "toes_r",
                           "upperarm_l", "hand_r"}) {
    EXPECT_EQ(map.joints[static_cast<std::size_t>(target.find_joint(std::string("other:") + name))]
                  .source_a,
              source.find_joint(name))
        << name;
  }
  // The root above the pelvis has no role and no namesake: it keeps its rest pose.
  ASSERT_EQ(map.unmapped.size(), 1u);
  EXPECT_EQ(map.unmapped[0], target.find_joint("other:root"));
  EXPECT_FLOAT_EQ(map.scale, 1.0f);
}

TEST(Retarget, OntoItsOwnSkeletonGivesTheClipBack) {
  const Skeleton skeleton = make_humanoid(3, false);
  const Clip clip = make_walk(skeleton);
  const RetargetMap map =
      make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton), feet_free());
  std::string error;
  const Clip out = retarget_clip(map, clip, &error);
  ASSERT_FALSE(out.tracks.empty()) << error;
  for (float t : {0.0f, 0.2f, 0.5f, 0.8f, 1.0f}) {
    const std::vector<Transform> a = sample(clip, skeleton, t);
    const std::vector<Transform> b = sample(out, skeleton, t);
    for (std::size_t j = 0; j < a.size(); ++j) {
      EXPECT_TRUE(same_rotation(b[j].rotation, a[j].rotation, 1e-5f))
          << skeleton.joint_names[j] << " at " << t;
      EXPECT_TRUE(vec3_near(b[j].translation, a[j].translation, 1e-5f))
          << skeleton.joint_names[j] << " at " << t;
    }
  }
}

TEST(Retarget, OntoATwiceAsLargeCopyKeepsRotationsAndDoublesThePath) {
  const Skeleton source = make_humanoid(3, false);
  const Skeleton target = make_humanoid(3, false, 2.0f);
  const Clip clip = make_walk(source);
  const RetargetMap map =
      make_retarget_map(source, rig_of(source), target, rig_of(target), feet_free());
  EXPECT_FLOAT_EQ(map.scale, 2.0f);
  const Clip out = retarget_clip(map, clip);
  ASSERT_FALSE(out.tracks.empty());
  const int pelvis = source.find_joint("pelvis");
  for (float t : {0.0f, 0.3f, 0.7f, 1.0f}) {
    const std::vector<Transform> a = sample(clip, source, t);
    const std::vector<Transform> b = sample(out, target, t);
    for (std::size_t j = 0; j < a.size(); ++j) {
      EXPECT_TRUE(same_rotation(b[j].rotation, a[j].rotation, 1e-5f)) << source.joint_names[j];
    }
    EXPECT_TRUE(vec3_near(b[static_cast<std::size_t>(pelvis)].translation,
                          2.0f * a[static_cast<std::size_t>(pelvis)].translation, 1e-5f));
  }
}

// An A-pose target whose joints use other axes: every mapped bone points the way the source's
// does, on every frame (FK), whatever the joints' frames.
TEST(Retarget, APoseTargetWithOtherAxesPointsEveryBoneLikeTheSource) {
  const Skeleton source = make_humanoid(3, false);
  const Skeleton target = with_turned_frames(make_humanoid(3, true));
  const Clip clip = make_walk(source);
  const RetargetMap map =
      make_retarget_map(source, rig_of(source), target, rig_of(target), fk_only());
  const Clip out = retarget_clip(map, clip);
  ASSERT_FALSE(out.tracks.empty());
  for (float t : {0.0f, 0.4f, 0.9f}) {
    const std::vector<glm::mat4> a = model_at(clip, source, t);
    const std::vector<glm::mat4> b = model_at(out, target, t);
    for (int j = 2; j < source.joint_count(); ++j) {
      const int p = source.parents[static_cast<std::size_t>(j)];
      if (p < 1) continue;
      const glm::vec3 da = glm::normalize(position(a[static_cast<std::size_t>(j)]) -
                                          position(a[static_cast<std::size_t>(p)]));
      const glm::vec3 db = glm::normalize(position(b[static_cast<std::size_t>(j)]) -
                                          position(b[static_cast<std::size_t>(p)]));
      EXPECT_TRUE(vec3_near(db, da, 1e-4f))
          << source.joint_names[static_cast<std::size_t>(j)] << " at " << t;
    }
  }
}

TEST(Retarget, KeepContactsPutsAPlantedFootWhereTheScaledSourceSoleIs) {
  // Legs 1.5 times as long, an A-pose and other joint axes: with contacts given, the target's
  // lower sole point goes where the source's is, scaled by 1.5 about the origin.
  const Skeleton source = make_humanoid(3, false);
  Skeleton target = with_turned_frames(make_humanoid(2, true, 1.5f));
  const Clip clip = make_walk(source);
  const RetargetMap map = make_retarget_map(source, rig_of(source), target, rig_of(target));
  ASSERT_EQ(map.target_legs.legs.size(), 2u);
  std::vector<Transform> target_local(target.rest_pose.size());
  std::vector<glm::mat4> target_model(target_local.size());
  std::vector<glm::mat4> source_model(source.rest_pose.size());
  const RetargetContact planted[] = {{1.0f, glm::vec3(0)}, {1.0f, glm::vec3(0)}};
  const std::vector<Transform> local = sample(clip, source, 0.25f);
  ASSERT_TRUE(retarget_pose(map, local, planted, source_model, target_local, target_model));
  for (const RetargetChain& chain : map.chains) {
    if (chain.target_leg < 0) continue;
    const Leg& sl = map.source_legs.legs[static_cast<std::size_t>(chain.source_leg)];
    const Leg& tl = map.target_legs.legs[static_cast<std::size_t>(chain.target_leg)];
    const glm::vec3 sh = heel_point(sl, source_model);
    const glm::vec3 st = toe_point(sl, source_model);
    const bool toe = st.y < sh.y;
    const glm::vec3 expected = 1.5f * (toe ? st : sh);
    EXPECT_TRUE(vec3_near(toe ? toe_point(tl, target_model) : heel_point(tl, target_model),
                          expected, 1e-4f));
  }
}

TEST(Retarget, ASwingingFootOnALoweredPelvisIsLiftedOntoTheGround) {
  // Standing in the rest pose, the left foot planted 0.5 m ahead of where it stands: the pelvis
  // drops so that leg reaches (0.9 m up to the hip, 0.5 m across, a reach of 0.995 * 0.902 m:
  // about 0.15 m), which would sink the swinging right sole (2 cm up at rest) 13 cm into the
  // ground. It is lifted straight up onto the ground instead.
  const Skeleton skeleton = make_humanoid(3, false);
  const RetargetMap map = make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton));
  ASSERT_EQ(map.target_legs.legs.size(), 2u);
  std::vector<Transform> target_local(skeleton.rest_pose.size());
  std::vector<glm::mat4> target_model(target_local.size());
  std::vector<glm::mat4> source_model(skeleton.rest_pose.size());
  std::vector<glm::mat4> rest_model(skeleton.rest_pose.size());
  ASSERT_TRUE(local_to_model(skeleton, skeleton.rest_pose, rest_model));
  const glm::vec3 ahead(0.0f, 0.0f, 0.5f);
  const RetargetContact contacts[] = {{1.0f, ahead, ahead}, {0.0f, glm::vec3(0), glm::vec3(0)}};
  ASSERT_TRUE(
      retarget_pose(map, skeleton.rest_pose, contacts, source_model, target_local, target_model));
  const auto pelvis = static_cast<std::size_t>(skeleton.find_joint("pelvis"));
  EXPECT_LT(position(target_model[pelvis]).y, 1.0f - 0.12f);  // it dropped
  const Leg& left = map.target_legs.legs[0];
  const Leg& right = map.target_legs.legs[1];
  EXPECT_TRUE(
      vec3_near(heel_point(left, target_model), heel_point(left, rest_model) + ahead, 1e-3f));
  const glm::vec3 heel = heel_point(right, target_model);
  const glm::vec3 toe = toe_point(right, target_model);
  EXPECT_NEAR(std::min(heel.y, toe.y), 0.0f, 1e-4f);
  const glm::vec3 rest_heel = heel_point(right, rest_model);
  EXPECT_NEAR(heel.x, rest_heel.x, 2e-3f);
  EXPECT_NEAR(heel.z, rest_heel.z, 2e-3f);
}

TEST(Retarget, TheFloorRuleLeavesRaisedFeetAndASourceSunkBelowTheGroundAlone) {
  // The same skeleton on both sides, no foot planted: the source's body is 5 cm lower than its
  // rest (its left sole 3 cm under the ground) and its right thigh kicks 40 degrees forward. The
  // floor is the scaled source's lowest sole, not the ground, and only feet below it are lifted:
  // the retargeted pose is the source's, the sunk left foot and the raised right foot included.
  const Skeleton skeleton = make_humanoid(3, false);
  const RetargetMap map = make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton));
  ASSERT_EQ(map.target_legs.legs.size(), 2u);
  std::vector<Transform> local = skeleton.rest_pose;
  local[static_cast<std::size_t>(skeleton.find_joint("pelvis"))].translation.y -= 0.05f;
  Transform& thigh = local[static_cast<std::size_t>(skeleton.find_joint("thigh_r"))];
  thigh.rotation = glm::angleAxis(glm::radians(-40.0f), glm::vec3(1, 0, 0)) * thigh.rotation;
  std::vector<Transform> target_local(local.size());
  std::vector<glm::mat4> target_model(local.size());
  std::vector<glm::mat4> source_model(local.size());
  const RetargetContact free[] = {{0.0f, glm::vec3(0), glm::vec3(0)},
                                  {0.0f, glm::vec3(0), glm::vec3(0)}};
  ASSERT_TRUE(retarget_pose(map, local, free, source_model, target_local, target_model));
  const Leg& left = map.target_legs.legs[0];
  const Leg& right = map.target_legs.legs[1];
  const float left_sole =
      std::min(heel_point(left, source_model).y, toe_point(left, source_model).y);
  ASSERT_LT(left_sole, -0.025f);                       // the source's foot is in the ground
  ASSERT_GT(toe_point(right, source_model).y, 0.15f);  // and its other foot well above it
  for (const Leg* leg : {&left, &right}) {
    EXPECT_TRUE(vec3_near(heel_point(*leg, target_model), heel_point(*leg, source_model), 1e-4f));
    EXPECT_TRUE(vec3_near(toe_point(*leg, target_model), toe_point(*leg, source_model), 1e-4f));
  }
}

TEST(Retarget, PinsAPlantedFootThatSlidesInTheSource) {
  // Standing still, both feet planted from 0.1 s to 0.9 s while the whole body slides 10 cm
  // sideways (a capture's skate), retargeted onto shins 30 % longer: the feet follow for
  // planted_slide_share of the target's leg (0.5 %) and then stay; with the share unbounded they
  // slide as the source's do, scaled. Onto the source's own skeleton (legs in proportion) they
  // follow the source too: there pinning would only edit the source's motion.
  const Skeleton skeleton = make_humanoid(3, false);
  Skeleton longer = skeleton;
  for (std::size_t j = 0; j < longer.joint_names.size(); ++j) {
    if (longer.joint_names[j].rfind("foot", 0) == 0) longer.rest_pose[j].translation *= 1.3f;
  }
  Clip clip;
  clip.name = "skate";
  clip.duration_s = 1.0f;
  clip.source_fps = 30.0f;
  clip.loop = false;
  JointTrack pelvis;
  pelvis.joint_name = "pelvis";
  for (int k = 0; k <= 30; ++k) {
    const float t = static_cast<float>(k) / 30.0f;
    pelvis.translation.times_s.push_back(t);
    pelvis.translation.values.push_back(glm::vec3(0.1f * t, 1.0f, 0.0f));
  }
  clip.tracks.push_back(pelvis);
  const RetargetMap pinned = make_retarget_map(skeleton, rig_of(skeleton), longer, rig_of(longer));
  const RetargetMap free =
      make_retarget_map(skeleton, rig_of(skeleton), longer, rig_of(longer), feet_free());
  const RetargetMap self =
      make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton));
  ASSERT_EQ(pinned.target_legs.legs.size(), 2u);
  for (std::size_t leg = 0; leg < 2; ++leg) {
    const std::string name(leg_contact_name(pinned.source_legs.legs, leg));
    clip.markers.push_back({name + "_down", 0.1f});
    clip.markers.push_back({name + "_up", 0.9f});
  }
  const Clip held = retarget_clip(pinned, clip);
  const Clip followed = retarget_clip(free, clip);
  const Clip back = retarget_clip(self, clip);
  ASSERT_FALSE(held.tracks.empty());
  ASSERT_FALSE(followed.tracks.empty());
  ASSERT_FALSE(back.tracks.empty());
  const float leg_length = 0.450999f + 0.586298f;  // hip to ankle, the shin 1.3 x 0.451 m
  const float scale = leg_length / (2.0f * 0.450999f);
  EXPECT_NEAR(pinned.scale, scale, 1e-4f);
  for (std::size_t leg = 0; leg < 2; ++leg) {
    const Leg& l = pinned.target_legs.legs[leg];
    const glm::vec3 held_start = heel_point(l, model_at(held, longer, 0.1f));
    const glm::vec3 held_end = heel_point(l, model_at(held, longer, 0.85f));
    const glm::vec3 free_start = heel_point(l, model_at(followed, longer, 0.1f));
    const glm::vec3 free_end = heel_point(l, model_at(followed, longer, 0.85f));
    EXPECT_NEAR(held_end.x - held_start.x, 0.005f * leg_length, 1e-4f) << leg;
    EXPECT_NEAR(free_end.x - free_start.x, 0.075f * scale, 1e-4f) << leg;
    // On the ground all along (the rest's heel height: its lowest leg joint, the toes, is the
    // ground), and the body still slides above the held feet.
    EXPECT_NEAR(held_end.y, held_start.y, 1e-4f) << leg;
    const Leg& own = self.target_legs.legs[leg];
    EXPECT_NEAR(heel_point(own, model_at(back, skeleton, 0.85f)).x -
                    heel_point(own, model_at(back, skeleton, 0.1f)).x,
                0.075f, 1e-4f)
        << leg;
  }
  const int p = longer.find_joint("pelvis");
  EXPECT_NEAR(position(model_at(held, longer, 0.85f)[static_cast<std::size_t>(p)]).x,
              0.085f * scale, 1e-4f);
}

TEST(Retarget, AnArmIkThatCannotSolveFailsThePoseWithItsCause) {
  const Skeleton skeleton = make_humanoid(3, false);
  RetargetOptions options;
  options.arm_mode = ChainMode::SourcePosition;  // the arms reach with two-bone IK every frame
  RetargetMap map =
      make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton), options);
  const auto arm = std::find_if(map.chains.begin(), map.chains.end(), [&](const auto& chain) {
    return nth(map.target_rig.limbs, chain.target_limb).role == LimbRole::Arm;
  });
  ASSERT_NE(arm, map.chains.end());
  std::vector<int>& joints = nth(map.target_rig.limbs, arm->target_limb).joints;
  ASSERT_EQ(joints.size(), 3u);
  std::swap(joints[0], joints[2]);  // the hand as the root: the forearm is not below it
  std::vector<Transform> local(skeleton.rest_pose);
  std::vector<glm::mat4> model(local.size());
  std::vector<Transform> out(local.size());
  std::vector<glm::mat4> out_model(local.size());
  const JobResult r = retarget_pose(map, local, {}, model, out, out_model);
  EXPECT_FALSE(r);
  EXPECT_STREQ(r.error, "two-bone IK mid joint is not below the root");
}

TEST(Retarget, RefusesRigsWithoutLegsAndBadPoses) {
  const Skeleton skeleton = make_humanoid(3, false);
  std::string error;
  const RetargetMap empty =
      make_retarget_map(skeleton, Rig{}, skeleton, rig_of(skeleton), {}, &error);
  EXPECT_TRUE(empty.joints.empty());
  EXPECT_NE(error.find("source rig has no legs"), std::string::npos) << error;
  RetargetOptions bad;
  bad.corrections.push_back({"nope", "pelvis"});
  EXPECT_TRUE(make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton), bad, &error)
                  .joints.empty());
  EXPECT_NE(error.find("'nope'"), std::string::npos) << error;

  const RetargetMap map = make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton));
  std::vector<Transform> local(skeleton.rest_pose);
  std::vector<glm::mat4> model(local.size());
  std::vector<Transform> out(local.size());
  std::vector<glm::mat4> out_model(local.size());
  EXPECT_FALSE(retarget_pose(map, std::span(local).first(3), {}, model, out, out_model));
  EXPECT_FALSE(retarget_pose(map, local, {}, model, std::span(out).first(3), out_model));
  const RetargetContact one[] = {{1.0f, glm::vec3(0)}};
  EXPECT_FALSE(retarget_pose(map, local, one, model, out, out_model));
  EXPECT_FALSE(retarget_pose(empty, local, {}, model, out, out_model));
  EXPECT_TRUE(retarget_pose(map, local, {}, model, out, out_model));
  Clip still = make_walk(skeleton);
  still.duration_s = 0.0f;
  EXPECT_TRUE(retarget_clip(map, still, &error).tracks.empty());
  EXPECT_NE(error.find("no duration"), std::string::npos);
}

TEST(Retarget, CorrectionsRemapAndUnmapJoints) {
  const Skeleton skeleton = make_humanoid(3, false);
  RetargetOptions options;
  options.corrections = {{"head", ""}, {"neck", "spine1"}};
  const RetargetMap map =
      make_retarget_map(skeleton, rig_of(skeleton), skeleton, rig_of(skeleton), options);
  EXPECT_EQ(map.joints[static_cast<std::size_t>(skeleton.find_joint("head"))].source_a, -1);
  EXPECT_EQ(map.joints[static_cast<std::size_t>(skeleton.find_joint("neck"))].source_a,
            skeleton.find_joint("spine1"));
  EXPECT_EQ(map.joints[static_cast<std::size_t>(skeleton.find_joint("neck"))].via,
            RetargetVia::Correction);
  EXPECT_EQ(map.unmapped.size(), 1u);
}

}  // namespace
}  // namespace anim
