#include "demo/demo_character.h"

#include <gtest/gtest.h>

#include <set>

#include "anim/clip_sampling.h"
#include "support/demo_test_support.h"

namespace demo {
namespace {

using demo_test::clip_named;
using demo_test::demo;

TEST(DemoCharacter, HasTheSkeletonMeshMaterialAndEveryClip) {
  const importer::Character& c = demo();
  EXPECT_EQ(c.source_path, kDemoSourcePath);
  EXPECT_EQ(c.skeleton.joint_count(), 28);
  ASSERT_EQ(c.meshes.size(), 1u);
  ASSERT_EQ(c.materials.size(), 1u);
  EXPECT_EQ(c.meshes[0].material, 0);
  std::vector<std::string> names;
  for (const anim::Clip& clip : c.clips) {
    names.push_back(clip.name);
    EXPECT_EQ(anim::validate(clip), "") << clip.name;
    EXPECT_TRUE(clip.loop) << clip.name;
    EXPECT_TRUE(anim::bind_clip(clip, c.skeleton).missing_joints.empty()) << clip.name;
  }
  const std::vector<std::string> expected = {"idle",
                                             "walk_forward",
                                             "walk_forward_left",
                                             "walk_left",
                                             "walk_backward_left",
                                             "walk_backward",
                                             "walk_backward_right",
                                             "walk_right",
                                             "walk_forward_right",
                                             "jog_forward",
                                             "jog_forward_left",
                                             "jog_left",
                                             "jog_backward_left",
                                             "jog_backward",
                                             "jog_backward_right",
                                             "jog_right",
                                             "jog_forward_right",
                                             "run_forward",
                                             "turn_left",
                                             "turn_right",
                                             "wave",
                                             "lean_left",
                                             "lean_right",
                                             "wrist_turn"};
  EXPECT_EQ(names, expected);
}

TEST(DemoCharacter, IsGeneratedIdenticallyEveryTime) {
  const importer::Character again = make_demo_character();
  ASSERT_EQ(again.clips.size(), demo().clips.size());
  for (std::size_t c = 0; c < again.clips.size(); ++c) {
    const anim::Clip& a = again.clips[c];
    const anim::Clip& b = demo().clips[c];
    ASSERT_EQ(a.tracks.size(), b.tracks.size());
    for (std::size_t t = 0; t < a.tracks.size(); ++t) {
      EXPECT_EQ(a.tracks[t].rotation.values, b.tracks[t].rotation.values) << a.name;
      EXPECT_EQ(a.tracks[t].translation.values, b.tracks[t].translation.values) << a.name;
    }
  }
  EXPECT_EQ(again.meshes[0].positions, demo().meshes[0].positions);
  EXPECT_EQ(again.meshes[0].weights0, demo().meshes[0].weights0);
}

// The wave is an upper-body clip for masks: it never touches the hips, spine base or legs.
TEST(DemoCharacter, WaveAnimatesOnlyTheUpperBody) {
  const anim::Clip& wave = clip_named("wave");
  std::set<std::string> animated;
  for (const anim::JointTrack& track : wave.tracks) animated.insert(track.joint_name);
  EXPECT_TRUE(animated.count("upperarm_r"));
  EXPECT_TRUE(animated.count("forearm_twist_r"));
  for (const std::string lower : {"hips", "spine_01", "thigh_l", "calf_r", "foot_l", "toes_r"}) {
    EXPECT_FALSE(animated.count(lower)) << lower;
  }
  // The raised right hand is above the head for the whole clip.
  demo_test::ClipPlayer player(demo(), wave);
  for (float t = 0.0f; t < wave.duration_s; t += 0.1f) {
    EXPECT_GT(player.joint_position("hand_r", t).y, player.joint_position("head", t).y);
  }
}

// The leans are still poses bending the spine sideways: left moves the head towards +X. Each of
// spine_01, spine_02, chest and neck turns 0.09 rad about Z, so the bones above them (0.12, 0.12,
// 0.20, 0.10 m long) lean by 0.09, 0.18, 0.27, 0.36 rad: the head moves sideways by
// 0.12 sin 0.09 + 0.12 sin 0.18 + 0.20 sin 0.27 + 0.10 sin 0.36 = 0.1208 m.
TEST(DemoCharacter, LeansBendTheSpineSidewaysAndHoldStill) {
  for (const auto& [name, sign] : {std::pair{"lean_left", 1.0f}, std::pair{"lean_right", -1.0f}}) {
    const anim::Clip& lean = clip_named(name);
    demo_test::ClipPlayer player(demo(), lean);
    const glm::vec3 head = player.joint_position("head", 0.0f);
    EXPECT_NEAR(sign * head.x, 0.1208f, 2e-4f) << name;
    EXPECT_LT(glm::length(player.joint_position("head", 0.7f * lean.duration_s) - head), 1e-6f);
    EXPECT_LT(glm::length(player.joint_position("foot_l", 0.0f) - glm::vec3(0.09f, 0.08f, 0.0f)),
              1e-6f)
        << "the legs rest";
  }
}

}  // namespace
}  // namespace demo
