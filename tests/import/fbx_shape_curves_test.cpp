// FBX blend-shape weight curves ("DeformPercent" curves of BlendShapeChannel deformers) through
// assimp's morph mesh channels: the FBX twin of the Khronos morph sphere with hand-made curves
// (fbx_twins.h) plays its shapes' weights as computed by hand from the curves' keys, linearly
// (assimp keeps no curve interpolation), in 0..1 (the file says percent); a weight of a channel
// without a shape is a warning naming the file and channel, and the other weights still play.

#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "anim/morph_weights.h"
#include "support/fbx_twins.h"
#include "support/import_test_util.h"

namespace {

struct Expected {
  float time_s;
  float squash, bulge;
};

// From the curves (fbx_twins.h): Squash 0 % at 0 s, 100 % at 1 s, 25 % at 2 s; Bulge 40 % at
// 0.5 s, 80 % at 2 s, held before its first key and after the last.
const Expected kExpected[] = {
    {0.0f, 0.0f, 0.4f},
    {0.25f, 0.25f, 0.4f},
    {0.5f, 0.5f, 0.4f},
    {1.0f, 1.0f, 0.4f + 0.4f * (0.5f / 1.5f)},
    {1.5f, 1.0f + (0.25f - 1.0f) * 0.5f, 0.4f + 0.4f * (1.0f / 1.5f)},
    {2.0f, 0.25f, 0.8f},
    {3.0f, 0.25f, 0.8f},
};

importer::Character import_curves(std::optional<std::int64_t> local_start_ticks) {
  importer::ImportSettings settings;
  settings.unit_scale = 1.0f;
  return test::import_ok(
      test::fbx_twin_with_shape_curves(test::shared_asset("khronos/animated_morph_sphere.gltf"),
                                       local_start_ticks),
      settings);
}

void expect_weights(const importer::Character& character, float time_offset_s) {
  for (const Expected& e : kExpected) {
    if (e.time_s < time_offset_s) continue;
    const std::vector<float> w =
        test::morph_weights_at(character, "Globe", e.time_s - time_offset_s);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_NEAR(w[0], e.squash, 1e-4f) << "Squash at " << e.time_s << " s";
    EXPECT_NEAR(w[1], e.bulge, 1e-4f) << "Bulge at " << e.time_s << " s";
  }
}

TEST(FbxShapeCurves, TheCurvesPlayAsLinearWeightTracksOfTheirShapes) {
  SKIP_IF_ABSENT(test::shared_asset("khronos/animated_morph_sphere.gltf"));
  const importer::Character character = import_curves(0);
  ASSERT_EQ(character.meshes.size(), 1u);
  const std::vector<anim::MorphChannel> channels = anim::morph_channels_of(character.meshes);
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_EQ(channels[0].target_name, "Squash");
  EXPECT_EQ(channels[1].target_name, "Bulge");
  const anim::Clip* clip = test::find_clip(character.clips, "Globe");
  ASSERT_NE(clip, nullptr);
  EXPECT_NEAR(clip->duration_s, 7.0f, 1e-5f) << "the stack's LocalStop";
  ASSERT_EQ(clip->morph_tracks.size(), 2u);
  for (const anim::MorphTrack& track : clip->morph_tracks) {
    EXPECT_EQ(track.node_name, "Sphere");
    EXPECT_EQ(track.weight.interpolation, anim::Interpolation::Linear);
  }
  EXPECT_EQ(clip->morph_tracks[0].target_name, "Squash");
  EXPECT_EQ(clip->morph_tracks[0].weight.times_s, (std::vector<float>{0.0f, 1.0f, 2.0f}));
  EXPECT_EQ(clip->morph_tracks[0].weight.values, (std::vector<float>{0.0f, 1.0f, 0.25f}));
  EXPECT_EQ(clip->morph_tracks[1].target_name, "Bulge");
  EXPECT_EQ(clip->morph_tracks[1].weight.times_s, (std::vector<float>{0.5f, 2.0f}));
  EXPECT_EQ(clip->morph_tracks[1].weight.values, (std::vector<float>{0.4f, 0.8f}));
  expect_weights(character, 0.0f);
  // "Unshaped" is the BlendShape's third channel; the mesh has two shapes.
  EXPECT_TRUE(test::warned(character,
                           "sphere.fbx: clip 'Globe', blend-shape channel 'Sphere*0': the mesh "
                           "has 2 blend shapes, it animates shape 2; that shape is skipped"));
}

// A stack starting at 0.5 s: assimp moves every key 0.5 s earlier and keeps the keys before the
// start at negative times; the clip starts with the weight the curve has there.
TEST(FbxShapeCurves, KeysBeforeTheStacksStartAreCutWithTheWeightThere) {
  SKIP_IF_ABSENT(test::shared_asset("khronos/animated_morph_sphere.gltf"));
  const importer::Character character = import_curves(test::kFbxTicksPerSecond / 2);
  const anim::Clip* clip = test::find_clip(character.clips, "Globe");
  ASSERT_NE(clip, nullptr);
  EXPECT_NEAR(clip->duration_s, 6.5f, 1e-5f);
  ASSERT_EQ(clip->morph_tracks.size(), 2u);
  EXPECT_EQ(clip->morph_tracks[0].weight.times_s, (std::vector<float>{0.0f, 0.5f, 1.5f}));
  EXPECT_EQ(clip->morph_tracks[0].weight.values, (std::vector<float>{0.5f, 1.0f, 0.25f}));
  expect_weights(character, 0.5f);
}

// A stack without LocalStart and LocalStop: assimp 5.2.5 shifts the keys by 1e10 ticks (its
// unset start); the keys keep their file times and the clip ends at the last key.
TEST(FbxShapeCurves, AStackWithoutATimeRangeKeepsTheKeysTimes) {
  SKIP_IF_ABSENT(test::shared_asset("khronos/animated_morph_sphere.gltf"));
  const importer::Character character = import_curves(std::nullopt);
  const anim::Clip* clip = test::find_clip(character.clips, "Globe");
  ASSERT_NE(clip, nullptr);
  EXPECT_NEAR(clip->duration_s, 2.0f, 1e-5f);
  expect_weights(character, 0.0f);
}

}  // namespace
