// Morph target weights as channels: bound by node and target name, sampled into the caller's
// array with unanimated channels at their defaults, blended as the instance blends poses, and
// layered. Values by hand.
#include "anim/morph_weights.h"

#include <gtest/gtest.h>

#include <cmath>

#include "anim/character_instance.h"

namespace {

using namespace anim;

// Face/Smile (default 0), Face/Blink (default 0.1), Brow/Up (default 0).
std::vector<MorphChannel> face_channels() {
  return {{"Face", "Smile", 0.0f}, {"Face", "Blink", 0.1f}, {"Brow", "Up", 0.0f}};
}

MorphTrack linear_track(const std::string& node, const std::string& target,
                        std::vector<float> times, std::vector<float> values) {
  MorphTrack track{node, target, {}};
  track.weight.times_s = std::move(times);
  track.weight.values = std::move(values);
  return track;
}

// A 1 s clip animating only shapes.
Clip shape_clip(const std::string& name, std::vector<MorphTrack> tracks) {
  Clip clip;
  clip.name = name;
  clip.duration_s = 1.0f;
  clip.morph_tracks = std::move(tracks);
  return clip;
}

TEST(MorphWeights, TracksBindByNodeAndTargetNameInAnyOrder) {
  const Clip clip = shape_clip(
      "c", {linear_track("Brow", "Up", {0}, {1}), linear_track("Face", "Blink", {0}, {1}),
            linear_track("Face", "Frown", {0}, {1}), linear_track("Face", "Blink", {0}, {0.5f})});
  const MorphBinding binding = bind_morph_tracks(clip, face_channels());
  EXPECT_EQ(binding.track_to_channel, (std::vector<int>{2, 1, -1, -1}));
  EXPECT_EQ(binding.missing_targets, (std::vector<std::string>{"Face/Frown", "Face/Blink"}));
}

TEST(MorphWeights, SamplingLerpsLinearKeysAndKeepsDefaultsElsewhere) {
  const std::vector<MorphChannel> channels = face_channels();
  const Clip clip = shape_clip("c", {linear_track("Face", "Smile", {0, 1}, {0.2f, 0.6f})});
  const MorphBinding binding = bind_morph_tracks(clip, channels);
  std::vector<std::uint32_t> cursors(1, 0u);
  std::vector<float> out(3, -1.0f);
  ASSERT_TRUE(sample_morph_weights(clip, binding, channels, 0.25f, cursors, out));
  EXPECT_FLOAT_EQ(out[0], 0.3f);  // 0.2 + 0.25 * (0.6 - 0.2)
  EXPECT_FLOAT_EQ(out[1], 0.1f);  // Blink's default
  EXPECT_FLOAT_EQ(out[2], 0.0f);
  // Backwards after forwards: the cursor is only a hint.
  ASSERT_TRUE(sample_morph_weights(clip, binding, channels, 0.75f, cursors, out));
  EXPECT_FLOAT_EQ(out[0], 0.5f);
  ASSERT_TRUE(sample_morph_weights(clip, binding, channels, 0.0f, cursors, out));
  EXPECT_FLOAT_EQ(out[0], 0.2f);
}

// A clip with a key on every frame (30 fps, 1 s) is baked into rows of weights; sampling them
// equals sampling the keys track by track, at and between frames, and unanimated channels keep
// their defaults. A key off the grid leaves the clip unbaked.
TEST(MorphWeights, AClipKeyedOnEveryFrameIsBakedAndSamplesAsItsKeys) {
  const std::vector<MorphChannel> channels = face_channels();
  std::vector<float> times, smile, up;
  for (int k = 0; k <= 30; ++k) {
    times.push_back(static_cast<float>(k) / 30.0f);
    smile.push_back(0.5f + 0.5f * std::sin(0.4f * static_cast<float>(k)));
    up.push_back(static_cast<float>(k % 7) / 7.0f);
  }
  Clip clip = shape_clip(
      "c", {linear_track("Face", "Smile", times, smile), linear_track("Brow", "Up", times, up)});
  clip.source_fps = 30.0f;
  const MorphBinding binding = bind_morph_tracks(clip, channels);
  ASSERT_TRUE(binding.baked());
  EXPECT_EQ(binding.baked_frame_count, 31);
  std::vector<std::uint32_t> cursors(2, 0u);
  std::vector<float> out(3);
  for (const float t : {0.0f, 0.01f, 1.0f / 30.0f, 0.37f, 0.5f, 0.999f, 1.0f}) {
    ASSERT_TRUE(sample_morph_weights(clip, binding, channels, t, cursors, out));
    std::uint32_t cursor = 0;
    EXPECT_NEAR(out[0], sample_track(clip.morph_tracks[0].weight, t, cursor, 0.0f), 1e-6f) << t;
    cursor = 0;
    EXPECT_NEAR(out[2], sample_track(clip.morph_tracks[1].weight, t, cursor, 0.0f), 1e-6f) << t;
    EXPECT_EQ(out[1], 0.1f);
  }
  clip.morph_tracks[0].weight.times_s[5] += 0.001f;
  EXPECT_FALSE(bind_morph_tracks(clip, channels).baked());
}

TEST(MorphWeights, SamplingRejectsEachMismatchedArgumentAndWritesNothing) {
  const std::vector<MorphChannel> channels = face_channels();
  const Clip clip = shape_clip("c", {linear_track("Face", "Smile", {0, 1}, {0.2f, 0.6f})});
  const MorphBinding binding = bind_morph_tracks(clip, channels);
  std::vector<std::uint32_t> cursors(1, 0u), no_cursors;
  std::vector<float> out(3, -1.0f), short_out(2, -1.0f);
  EXPECT_FALSE(sample_morph_weights(clip, MorphBinding{}, channels, 0.5f, cursors, out));
  EXPECT_FALSE(sample_morph_weights(clip, binding, channels, 0.5f, no_cursors, out));
  EXPECT_FALSE(sample_morph_weights(clip, binding, channels, 0.5f, cursors, short_out));
  EXPECT_EQ(out, std::vector<float>(3, -1.0f));
  EXPECT_EQ(short_out, std::vector<float>(2, -1.0f));
  EXPECT_FALSE(accumulate_morph_weights(out, 1.0f, short_out));
  EXPECT_FALSE(accumulate_morph_weights(out, NAN, out));
  EXPECT_FALSE(normalize_morph_weights(channels, 1.0f, short_out));
  EXPECT_FALSE(apply_morph_layer(binding, LayerMode::Override, 1.0f, channels, short_out, out));
}

TEST(MorphWeights, OverrideLayersLerpAndAdditiveLayersAddTheirDifferenceFromTheDefault) {
  const std::vector<MorphChannel> channels = face_channels();
  const Clip layer = shape_clip("layer", {linear_track("Face", "Blink", {0}, {0.9f})});
  const MorphBinding binding = bind_morph_tracks(layer, channels);
  const std::vector<float> layer_weights = {0.0f, 0.9f, 0.0f};  // its sample: Blink 0.9
  std::vector<float> weights = {0.5f, 0.3f, 0.2f};
  ASSERT_TRUE(
      apply_morph_layer(binding, LayerMode::Override, 0.5f, channels, layer_weights, weights));
  // Only Blink, which the layer animates: 0.3 + 0.5 * (0.9 - 0.3).
  EXPECT_EQ(weights, (std::vector<float>{0.5f, 0.6f, 0.2f}));
  ASSERT_TRUE(
      apply_morph_layer(binding, LayerMode::Additive, 0.5f, channels, layer_weights, weights));
  // 0.6 + 0.5 * (0.9 - 0.1), Blink's default being 0.1.
  EXPECT_FLOAT_EQ(weights[1], 1.0f);
}

// A mesh-less one-joint character whose clips animate only shapes, played through a 1D blend
// space, as the viewer plays a graph.
TEST(MorphWeights, ATwoClipBlendSpaceGivesTheWeightedSumOfItsClipsWeights) {
  Skeleton skeleton;
  skeleton.joint_names = {"root"};
  skeleton.parents = {kNoParent};
  skeleton.rest_pose = {Transform::identity()};
  skeleton.inverse_bind = {glm::mat4(1.0f)};
  const std::vector<Clip> clips = {
      shape_clip("calm", {linear_track("Face", "Smile", {0, 1}, {0.2f, 0.2f})}),
      shape_clip("happy", {linear_track("Face", "Smile", {0, 1}, {1.0f, 1.0f}),
                           linear_track("Face", "Blink", {0, 1}, {0.8f, 0.8f})})};
  BoundCharacter character;
  ASSERT_EQ(bind_character(skeleton, clips, {}, character, face_channels()), "");
  Parameters parameters;
  const int mood = parameters.add("mood", ParameterType::Float);
  GraphBinding graph;
  BlendSpaceBinding space;
  space.name = "mood";
  space.one_dimensional = true;
  space.clips = {0, 1};
  space.positions = {{0, 0}, {1, 0}};
  space.x_parameter = mood;
  graph.blend_spaces = {space};
  ASSERT_EQ(bind_graph(character, parameters, graph), "");
  CharacterInstance instance;
  ASSERT_EQ(instance.bind(character, graph), "");
  parameters.set(mood, 0.25f);  // 0.75 calm, 0.25 happy
  const Terrain flat;
  ASSERT_TRUE(instance.update(0.1f, parameters, {}, flat));
  const std::span<const float> w = instance.morph_weights();
  ASSERT_EQ(w.size(), 3u);
  EXPECT_NEAR(w[0], 0.75f * 0.2f + 0.25f * 1.0f, 1e-6f);
  EXPECT_NEAR(w[1], 0.75f * 0.1f + 0.25f * 0.8f, 1e-6f);  // calm keeps Blink's default 0.1
  EXPECT_NEAR(w[2], 0.0f, 1e-6f);
  // A pinned shape stays pinned while the clips play; unpinned, it follows them again.
  instance.pin_morph_weight(0, 0.9f);
  instance.pin_morph_weight(7, 0.5f);  // no such channel: ignored
  for (int frame = 0; frame < 5; ++frame) {
    ASSERT_TRUE(instance.update(0.1f, parameters, {}, flat));
    EXPECT_EQ(instance.morph_weights()[0], 0.9f);
    EXPECT_NEAR(instance.morph_weights()[1], 0.275f, 1e-6f);
  }
  EXPECT_TRUE(instance.morph_weight_pinned(0));
  instance.unpin_morph_weight(0);
  ASSERT_TRUE(instance.update(0.1f, parameters, {}, flat));
  EXPECT_NEAR(instance.morph_weights()[0], 0.4f, 1e-6f);
  // The rest pose shows the defaults.
  instance.show_rest_pose();
  ASSERT_TRUE(instance.update(0.1f, parameters, {}, flat));
  EXPECT_NEAR(instance.morph_weights()[1], 0.1f, 1e-6f);
}

// A machine's crossfade from calm to happy: the weights are the sources' weighted sum at each
// frame of the transition, as the pose is.
TEST(MorphWeights, ACrossfadeBlendsTheWeightsByTheTransitionsWeights) {
  Skeleton skeleton;
  skeleton.joint_names = {"root"};
  skeleton.parents = {kNoParent};
  skeleton.rest_pose = {Transform::identity()};
  skeleton.inverse_bind = {glm::mat4(1.0f)};
  const std::vector<Clip> clips = {
      shape_clip("calm", {linear_track("Face", "Smile", {0, 1}, {0.2f, 0.2f})}),
      shape_clip("happy", {linear_track("Face", "Smile", {0, 1}, {1.0f, 1.0f})})};
  BoundCharacter character;
  ASSERT_EQ(bind_character(skeleton, clips, {}, character, face_channels()), "");
  Parameters parameters;
  const int go = parameters.add("go", ParameterType::Trigger);
  GraphBinding graph;
  graph.has_machine = true;
  graph.machine.states = {{"calm", StateKind::Clip, 0}, {"happy", StateKind::Clip, 1}};
  Transition t;
  t.source = 0;
  t.target = 1;
  t.conditions = {{go, ConditionOp::Trigger, 0.0f}};
  t.duration = 0.5f;
  graph.machine.transitions = {t};
  ASSERT_EQ(bind_graph(character, parameters, graph), "");
  CharacterInstance instance;
  ASSERT_EQ(instance.bind(character, graph), "");
  const Terrain flat;
  ASSERT_TRUE(instance.update(0.1f, parameters, {}, flat));
  EXPECT_NEAR(instance.morph_weights()[0], 0.2f, 1e-6f);
  parameters.set(go, 1.0f);
  int blended_frames = 0;
  for (int frame = 0; frame < 8; ++frame) {
    ASSERT_TRUE(instance.update(0.1f, parameters, {}, flat));
    float total = 0.0f, expected = 0.0f;
    for (const WeightedSource& source : instance.machine().sources()) {
      total += source.weight;
      expected += source.weight * (source.index == 0 ? 0.2f : 1.0f);
    }
    blended_frames += instance.machine().sources().size() == 2 ? 1 : 0;
    EXPECT_NEAR(instance.morph_weights()[0], expected / total, 1e-5f) << "frame " << frame;
  }
  EXPECT_GE(blended_frames, 3);
  EXPECT_NEAR(instance.morph_weights()[0], 1.0f, 1e-6f);  // the crossfade is over
}

}  // namespace
