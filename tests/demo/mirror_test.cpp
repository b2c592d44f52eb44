// Mirroring clips across the sagittal plane, on the demo character and on imported rigs whose
// joints use other axis conventions: twice gives the clip back, and a mirrored walk's left foot
// walks the original right foot's path, reflected.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "anim/mirror.h"
#include "anim/pose.h"
#include "anim/rig.h"
#include "demo/demo_character.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "support/import_test_util.h"

namespace {

const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

anim::MirrorTable table_of(const importer::Character& c) {
  const anim::Rig rig = importer::find_character_rig(c);
  anim::MirrorTable table = importer::mirror_table(c, rig);
  EXPECT_EQ(anim::validate(c.skeleton, table), "");
  return table;
}

// The largest difference between the two clips' local poses over 97 evenly spaced times.
struct PoseGap {
  float translation_m = 0.0f;
  float rotation = 0.0f;  // 1 - |dot| of the quaternions
};

PoseGap pose_gap(const anim::Skeleton& s, const anim::Clip& a, const anim::Clip& b) {
  const anim::ClipBinding ba = anim::bind_clip(a, s);
  const anim::ClipBinding bb = anim::bind_clip(b, s);
  anim::SamplingCache ca(a);
  anim::SamplingCache cb(b);
  std::vector<anim::Transform> la(s.rest_pose.size());
  std::vector<anim::Transform> lb(s.rest_pose.size());
  PoseGap gap;
  for (int i = 0; i <= 96; ++i) {
    const float t = a.duration_s * static_cast<float>(i) / 96.0f * 0.999f;
    EXPECT_TRUE(anim::sample_clip(a, ba, s, t, ca, la));
    EXPECT_TRUE(anim::sample_clip(b, bb, s, t, cb, lb));
    for (std::size_t j = 0; j < la.size(); ++j) {
      gap.translation_m =
          std::max(gap.translation_m, glm::length(la[j].translation - lb[j].translation));
      gap.rotation =
          std::max(gap.rotation, 1.0f - std::fabs(glm::dot(la[j].rotation, lb[j].rotation)));
    }
  }
  return gap;
}

TEST(Mirror, TableSwapsTheDemosSidesAndKeepsTheMiddle) {
  const anim::MirrorTable table = table_of(demo());
  const anim::Skeleton& s = demo().skeleton;
  for (const char* side : {"thigh", "calf", "foot", "toes", "clavicle", "upperarm", "forearm",
                           "forearm_twist", "hand", "fingers", "thumb"}) {
    const int l = s.find_joint(std::string(side) + "_l");
    const int r = s.find_joint(std::string(side) + "_r");
    ASSERT_GE(l, 0) << side;
    EXPECT_EQ(table.partner[l], r) << side;
  }
  for (const char* middle : {"hips", "spine_01", "chest", "neck", "head"}) {
    const int j = s.find_joint(middle);
    EXPECT_EQ(table.partner[j], j) << middle;
  }
  EXPECT_NEAR(table.plane_normal.x, 1.0f, 1e-5f);  // the demo faces +Z: its left is +X
}

TEST(Mirror, UnnamedJointsPairByTheRig) {
  const auto path = test::shared_asset("khronos/cesium_man.gltf");
  SKIP_IF_ABSENT(path);
  const importer::ImportResult r = importer::import_file(path.string(), importer::ImportSettings{});
  ASSERT_TRUE(r.ok()) << r.error;
  const anim::MirrorTable table = table_of(r.character);
  const anim::Skeleton& s = r.character.skeleton;
  // Legs 7-10 (left) and 3-6 (right), arms 16-18 and 13-15 (see rig_test.cpp).
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(table.partner[s.find_joint("nodes[" + std::to_string(7 + k) + "]")],
              s.find_joint("nodes[" + std::to_string(3 + k) + "]"));
  }
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(table.partner[s.find_joint("nodes[" + std::to_string(16 + k) + "]")],
              s.find_joint("nodes[" + std::to_string(13 + k) + "]"));
  }
}

TEST(Mirror, TwiceGivesTheDemoClipsBack) {
  const anim::MirrorTable table = table_of(demo());
  for (const anim::Clip& clip : demo().clips) {
    std::string error;
    const anim::Clip once = anim::mirror_clip(clip, demo().skeleton, table, &error);
    ASSERT_FALSE(once.tracks.empty()) << error;
    const anim::Clip twice = anim::mirror_clip(once, demo().skeleton, table, &error);
    const PoseGap gap = pose_gap(demo().skeleton, clip, twice);
    EXPECT_LT(gap.translation_m, 1e-5f) << clip.name;
    EXPECT_LT(gap.rotation, 1e-5f) << clip.name;
  }
}

TEST(Mirror, TwiceGivesImportedClipsBack) {
  for (const char* file : {"khronos/Fox.glb", "cmu/131_01.bvh", "kaykit/Knight.glb"}) {
    const auto path = test::shared_asset(file);
    if (!std::filesystem::exists(path)) continue;
    const importer::ImportResult r =
        importer::import_file(path.string(), importer::ImportSettings{});
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_FALSE(r.character.clips.empty()) << file;
    const anim::MirrorTable table = table_of(r.character);
    const anim::Clip& clip = r.character.clips.front();
    const anim::Clip twice = anim::mirror_clip(anim::mirror_clip(clip, r.character.skeleton, table),
                                               r.character.skeleton, table);
    const PoseGap gap = pose_gap(r.character.skeleton, clip, twice);
    // Metres scaled to the character (the Fox is in centimetres).
    EXPECT_LT(gap.translation_m,
              1e-5f * std::max(1.0f, importer::bind_pose_bounds(r.character).max.y))
        << file;
    EXPECT_LT(gap.rotation, 1e-5f) << file;
  }
}

TEST(Mirror, MirroredWalksLeftFootTracesTheRightFootsPathReflected) {
  const anim::Skeleton& s = demo().skeleton;
  const anim::MirrorTable table = table_of(demo());
  const anim::Clip* walk = test::find_clip(demo().clips, "walk_forward");
  ASSERT_NE(walk, nullptr);
  const anim::Clip mirrored = anim::mirror_clip(*walk, s, table);
  const int foot_l = s.find_joint("foot_l");
  const int foot_r = s.find_joint("foot_r");
  float worst = 0.0f;
  float travel = 0.0f;
  glm::vec3 first{0.0f};
  for (int i = 0; i <= 40; ++i) {
    const float t = walk->duration_s * static_cast<float>(i) / 40.0f;
    const glm::vec3 right = test::model_pose(demo(), walk, t)[foot_r][3];
    const glm::vec3 left = test::model_pose(demo(), &mirrored, t)[foot_l][3];
    const glm::vec3 reflected{-right.x, right.y, right.z};
    worst = std::max(worst, glm::length(left - reflected));
    if (i == 0) first = right;
    travel = std::max(travel, glm::length(right - first));
  }
  EXPECT_GT(travel, 0.2f);  // the foot does move
  EXPECT_LT(worst, 1e-4f);
  // Contact markers swap sides.
  for (const anim::Marker& m : walk->markers) {
    const bool found =
        std::any_of(mirrored.markers.begin(), mirrored.markers.end(), [&](const anim::Marker& x) {
          return x.name == anim::mirrored_name(m.name) && x.time_s == m.time_s;
        });
    EXPECT_TRUE(found) << m.name;
  }
  EXPECT_EQ(anim::mirrored_name("foot_l_down"), "foot_r_down");
  EXPECT_EQ(anim::mirrored_name("foot_hr_up"), "foot_hl_up");
  EXPECT_EQ(anim::mirrored_name("mixamorig:LeftUpLeg"), "mixamorig:RightUpLeg");
  EXPECT_EQ(anim::mirrored_name("UpperLegL"), "UpperLegR");
  EXPECT_EQ(anim::mirrored_name("Bip01 R Thigh"), "Bip01 L Thigh");
  EXPECT_EQ(anim::mirrored_name("spine"), "spine");
}

// A character modelled half a metre to the side of its file's origin is mirrored in place: the
// plane passes through its pelvis, not through the origin.
TEST(Mirror, PlanePassesThroughThePelvisOfACharacterAwayFromTheOrigin) {
  constexpr float kOffset = 0.5f;
  importer::Character shifted = demo();
  shifted.skeleton.rest_pose[0].translation.x += kOffset;
  const std::string& root = shifted.skeleton.joint_names[0];
  for (anim::Clip& clip : shifted.clips) {
    for (anim::JointTrack& track : clip.tracks) {
      if (track.joint_name != root) continue;
      for (glm::vec3& v : track.translation.values) v.x += kOffset;
    }
  }
  const anim::MirrorTable table = table_of(shifted);
  EXPECT_NEAR(table.plane_distance, kOffset, 1e-4f);
  const anim::Clip* walk = test::find_clip(shifted.clips, "walk_forward");
  ASSERT_NE(walk, nullptr);
  const anim::Clip mirrored = anim::mirror_clip(*walk, shifted.skeleton, table);
  const int foot_l = shifted.skeleton.find_joint("foot_l");
  const int foot_r = shifted.skeleton.find_joint("foot_r");
  float worst = 0.0f;
  for (int i = 0; i <= 40; ++i) {
    const float t = walk->duration_s * static_cast<float>(i) / 40.0f;
    const glm::vec3 right = test::model_pose(shifted, walk, t)[foot_r][3];
    const glm::vec3 left = test::model_pose(shifted, &mirrored, t)[foot_l][3];
    const glm::vec3 reflected{2.0f * kOffset - right.x, right.y, right.z};
    worst = std::max(worst, glm::length(left - reflected));
  }
  EXPECT_LT(worst, 1e-4f);
  EXPECT_LT(pose_gap(shifted.skeleton, *walk, anim::mirror_clip(mirrored, shifted.skeleton, table))
                .translation_m,
            1e-4f);
}

TEST(Mirror, RejectsATableThatDoesNotFit) {
  anim::MirrorTable table = table_of(demo());
  table.partner[0] = 1;  // 1 does not mirror back to 0
  std::string error;
  EXPECT_TRUE(
      anim::mirror_clip(demo().clips.front(), demo().skeleton, table, &error).tracks.empty());
  EXPECT_NE(error.find("does not mirror back"), std::string::npos) << error;
  table.partner.pop_back();
  EXPECT_NE(anim::validate(demo().skeleton, table).find("entries"), std::string::npos);
}

// Shapes swap sides by name as joints do: eyeBlink_L's curve plays on eyeBlink_R and back;
// BrowLeft has no BrowRight on the face, so it stays; jawOpen has no side.
TEST(Mirror, PairedShapeTracksSwapSides) {
  const std::vector<anim::MorphChannel> face = {{"Face", "eyeBlink_L", 0.0f},
                                                {"Face", "eyeBlink_R", 0.0f},
                                                {"Face", "BrowLeft", 0.0f},
                                                {"Face", "jawOpen", 0.0f}};
  anim::Clip clip = demo().clips.at(0);
  auto shape = [](const std::string& target, float a, float b) {
    anim::MorphTrack track{"Face", target, {}};
    track.weight.times_s = {0.0f, 0.5f};
    track.weight.values = {a, b};
    return track;
  };
  clip.morph_tracks = {shape("eyeBlink_L", 0.1f, 0.9f), shape("eyeBlink_R", 0.3f, 0.4f),
                       shape("BrowLeft", 0.5f, 0.6f), shape("jawOpen", 0.7f, 0.8f)};
  const anim::Clip mirrored =
      anim::mirror_clip(clip, demo().skeleton, table_of(demo()), nullptr, face);
  ASSERT_EQ(mirrored.morph_tracks.size(), 4u);
  EXPECT_EQ(mirrored.morph_tracks[0].target_name, "eyeBlink_R");
  EXPECT_EQ(mirrored.morph_tracks[0].weight.values, (std::vector<float>{0.1f, 0.9f}));
  EXPECT_EQ(mirrored.morph_tracks[1].target_name, "eyeBlink_L");
  EXPECT_EQ(mirrored.morph_tracks[1].weight.values, (std::vector<float>{0.3f, 0.4f}));
  EXPECT_EQ(mirrored.morph_tracks[2].target_name, "BrowLeft");
  EXPECT_EQ(mirrored.morph_tracks[3].target_name, "jawOpen");
  // Bound and sampled at 0.25 s: eyeBlink_L plays eyeBlink_R's 0.35, eyeBlink_R plays 0.5.
  const anim::MorphBinding binding = anim::bind_morph_tracks(mirrored, face);
  std::vector<std::uint32_t> cursors(4, 0u);
  std::vector<float> w(4);
  ASSERT_TRUE(anim::sample_morph_weights(mirrored, binding, face, 0.25f, cursors, w));
  EXPECT_NEAR(w[0], 0.35f, 1e-6f);
  EXPECT_NEAR(w[1], 0.5f, 1e-6f);
  EXPECT_NEAR(w[2], 0.55f, 1e-6f);
  // Without the character's shapes, every name with a side swaps (BrowLeft -> BrowRight).
  const anim::Clip by_name = anim::mirror_clip(clip, demo().skeleton, table_of(demo()));
  EXPECT_EQ(by_name.morph_tracks[2].target_name, "BrowRight");
}

}  // namespace
