// Morph target weights as channels: bound by node and target name, sampled into the caller's
// array with unanimated channels at their defaults, blended as the instance blends poses, and
// layered. Values by hand.
#include "anim/morph_weights.h"

#include <gtest/gtest.h>

#include <cmath>

#include "anim/character_instance.h"
#include "anim/crowd.h"
#include "anim/joint_mask.h"

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
  const std::vector<float> animated(3, 1.0f);
  EXPECT_FALSE(
      apply_morph_layer(LayerMode::Override, 1.0f, {}, channels, short_out, animated, out));
  EXPECT_FALSE(apply_morph_layer(LayerMode::Override, 1.0f, short_out, channels, out, animated,
                                 out));  // a mask for two channels
  EXPECT_FALSE(apply_morph_layer(LayerMode::Override, NAN, {}, channels, out, animated, out));
  EXPECT_FALSE(accumulate_layer_morph(binding, out, 1.0f, short_out, out));
}

TEST(MorphWeights, OverrideLayersLerpAndAdditiveLayersAddTheirDifferenceFromTheDefault) {
  const std::vector<MorphChannel> channels = face_channels();
  const Clip layer = shape_clip("layer", {linear_track("Face", "Blink", {0}, {0.9f})});
  const MorphBinding binding = bind_morph_tracks(layer, channels);
  const std::vector<float> layer_weights = {0.0f, 0.9f, 0.0f};  // its sample: Blink 0.9
  std::vector<float> sum(3, 0.0f), animated(3, 0.0f);
  ASSERT_TRUE(accumulate_layer_morph(binding, layer_weights, 1.0f, sum, animated));
  EXPECT_EQ(animated, (std::vector<float>{0.0f, 1.0f, 0.0f}));  // only Blink is animated
  std::vector<float> weights = {0.5f, 0.3f, 0.2f};
  ASSERT_TRUE(apply_morph_layer(LayerMode::Override, 0.5f, {}, channels, sum, animated, weights));
  // Only Blink, which the layer animates: 0.3 + 0.5 * (0.9 - 0.3).
  EXPECT_EQ(weights, (std::vector<float>{0.5f, 0.6f, 0.2f}));
  ASSERT_TRUE(apply_morph_layer(LayerMode::Additive, 0.5f, {}, channels, sum, animated, weights));
  // 0.6 + 0.5 * (0.9 - 0.1), Blink's default being 0.1: a weight delta.
  EXPECT_FLOAT_EQ(weights[1], 1.0f);
  // A shape mask without Blink leaves it alone; a half mask halves the layer's weight.
  const std::vector<float> no_blink = {1.0f, 0.0f, 1.0f}, half = {1.0f, 0.5f, 1.0f};
  ASSERT_TRUE(
      apply_morph_layer(LayerMode::Additive, 0.5f, no_blink, channels, sum, animated, weights));
  EXPECT_FLOAT_EQ(weights[1], 1.0f);
  ASSERT_TRUE(apply_morph_layer(LayerMode::Override, 1.0f, half, channels, sum, animated, weights));
  EXPECT_FLOAT_EQ(weights[1], 1.0f + 0.5f * (0.9f - 1.0f));
}

TEST(MorphWeights, ShapeMasksIncludeAndExcludeByTargetOrNodeAndTarget) {
  const std::vector<MorphChannel> channels = face_channels();
  std::vector<float> mask;
  ASSERT_EQ(make_shape_mask(channels, {}, std::vector<std::string>{"Blink"}, mask), "");
  EXPECT_EQ(mask, (std::vector<float>{1.0f, 0.0f, 1.0f}));
  ASSERT_EQ(make_shape_mask(channels, std::vector<std::string>{"Face/Smile", "Up"}, {}, mask), "");
  EXPECT_EQ(mask, (std::vector<float>{1.0f, 0.0f, 1.0f}));
  ASSERT_EQ(make_shape_mask(channels, std::vector<std::string>{"Smile"}, {}, mask), "");
  EXPECT_EQ(mask, (std::vector<float>{1.0f, 0.0f, 0.0f}));
  EXPECT_EQ(make_shape_mask(channels, std::vector<std::string>{"Frown"}, {}, mask),
            "no shape 'Frown'");
  EXPECT_EQ(make_shape_mask(channels, std::vector<std::string>{"Up"},
                            std::vector<std::string>{"Up"}, mask),
            "shape 'Up' is both included and excluded");
  EXPECT_EQ(mask, (std::vector<float>{1.0f, 0.0f, 0.0f}));  // unchanged by a failure
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
  ASSERT_TRUE(instance.update(0.1f, parameters, flat));
  const std::span<const float> w = instance.morph_weights();
  ASSERT_EQ(w.size(), 3u);
  EXPECT_NEAR(w[0], 0.75f * 0.2f + 0.25f * 1.0f, 1e-6f);
  EXPECT_NEAR(w[1], 0.75f * 0.1f + 0.25f * 0.8f, 1e-6f);  // calm keeps Blink's default 0.1
  EXPECT_NEAR(w[2], 0.0f, 1e-6f);
  // A pinned shape stays pinned while the clips play; unpinned, it follows them again.
  instance.pin_morph_weight(0, 0.9f);
  instance.pin_morph_weight(7, 0.5f);  // no such channel: ignored
  for (int frame = 0; frame < 5; ++frame) {
    ASSERT_TRUE(instance.update(0.1f, parameters, flat));
    EXPECT_EQ(instance.morph_weights()[0], 0.9f);
    EXPECT_NEAR(instance.morph_weights()[1], 0.275f, 1e-6f);
  }
  EXPECT_TRUE(instance.morph_weight_pinned(0));
  instance.unpin_morph_weight(0);
  ASSERT_TRUE(instance.update(0.1f, parameters, flat));
  EXPECT_NEAR(instance.morph_weights()[0], 0.4f, 1e-6f);
  // The rest pose shows the defaults.
  instance.show_rest_pose();
  ASSERT_TRUE(instance.update(0.1f, parameters, flat));
  EXPECT_NEAR(instance.morph_weights()[1], 0.1f, 1e-6f);
}

// A blend-space layer samples its clips' shapes, blended by the space's weights as the base
// blends (a clip that leaves a shape alone gives its default), through the layer's shape mask.
// Base: calm (Smile 0.2). Layer: calm / happy (Smile 1.0, Blink 0.8) at 0.75 / 0.25.
TEST(MorphWeights, ABlendSpaceLayerSamplesItsClipsShapesThroughItsShapeMask) {
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
  parameters.set(mood, 0.25f);
  BlendSpaceBinding base;
  base.name = "base";
  base.one_dimensional = true;
  base.clips = {0};
  base.positions = {{0, 0}};
  base.x_parameter = mood;
  BlendSpaceBinding moods = base;
  moods.name = "moods";
  moods.clips = {0, 1};
  moods.positions = {{0, 0}, {1, 0}};
  struct Case {
    LayerMode mode;
    std::vector<float> shape_mask;
    float smile, blink;
  };
  // Override: Smile 0.75 * 0.2 + 0.25 * 1 = 0.4; Blink 0.75 * 0.1 + 0.25 * 0.8 = 0.275 unless
  // masked out (the base's default 0.1). Additive: Smile 0.2 + (0.4 - 0); Blink 0.1 + 0.175.
  for (const Case& c : {Case{LayerMode::Override, {}, 0.4f, 0.275f},
                        Case{LayerMode::Override, {1.0f, 0.0f, 1.0f}, 0.4f, 0.1f},
                        Case{LayerMode::Additive, {}, 0.6f, 0.275f}}) {
    GraphBinding graph;
    graph.blend_spaces = {base, moods};
    LayerBinding layer;
    layer.layer.name = "mood";
    layer.layer.mode = c.mode;
    layer.layer.shape_mask = c.shape_mask;
    layer.blend_space = 1;
    graph.layers = {layer};
    ASSERT_EQ(bind_graph(character, parameters, graph), "");
    CharacterInstance instance;
    ASSERT_EQ(instance.bind(character, graph), "");
    ASSERT_TRUE(instance.update(0.1f, parameters, Terrain{}));
    EXPECT_NEAR(instance.morph_weights()[0], c.smile, 1e-6f) << to_string(c.mode);
    EXPECT_NEAR(instance.morph_weights()[1], c.blink, 1e-6f) << to_string(c.mode);
  }
  // A shape mask for other shapes is refused by the binding.
  GraphBinding graph;
  graph.blend_spaces = {base, moods};
  LayerBinding layer;
  layer.layer.shape_mask = {1.0f};
  layer.blend_space = 1;
  graph.layers = {layer};
  EXPECT_NE(bind_graph(character, parameters, graph), "");
}

// Each crowd copy owns its weights: staggered in time, copy i's Smile (0 -> 1 over the 1 s
// looping clip) is its own clip time, its offset plus the frame.
TEST(MorphWeights, CrowdCopiesOwnTheirWeights) {
  Skeleton skeleton;
  skeleton.joint_names = {"root"};
  skeleton.parents = {kNoParent};
  skeleton.rest_pose = {Transform::identity()};
  skeleton.inverse_bind = {glm::mat4(1.0f)};
  const std::vector<Clip> clips = {
      shape_clip("smile", {linear_track("Face", "Smile", {0, 1}, {0.0f, 1.0f})})};
  BoundCharacter character;
  ASSERT_EQ(bind_character(skeleton, clips, {}, character, face_channels()), "");
  Parameters parameters;
  GraphBinding graph;
  BlendSpaceBinding space;
  space.x_parameter = parameters.add("x", ParameterType::Float);
  space.name = "one";
  space.one_dimensional = true;
  space.clips = {0};
  space.positions = {{0, 0}};
  graph.blend_spaces = {space};
  ASSERT_EQ(bind_graph(character, parameters, graph), "");
  Crowd crowd;
  ASSERT_EQ(crowd.setup(character, graph, parameters, 3, 1.0f, 0.9f, {}), "");
  crowd.set_preview(0, 0.05f);
  ASSERT_TRUE(crowd.update(0.0f, parameters, Terrain{}));
  for (int i = 0; i < crowd.count(); ++i) {
    const float expected = std::fmod(0.05f + crowd.offset_s(i), 1.0f);
    EXPECT_NEAR(crowd.instances()[i].morph_weights()[0], expected, 1e-5f) << "copy " << i;
  }
  EXPECT_NE(crowd.instances()[0].morph_weights()[0], crowd.instances()[1].morph_weights()[0]);
}

// A root-only character with clips "calm" (Smile 0.2) and "happy" (Smile 1.0), and a machine
// from calm to happy on trigger "go" over 0.5 s, blended as blend says.
struct MoodMachine {
  BoundCharacter character;
  Parameters parameters;
  GraphBinding graph;
  int go = -1;
};

void bind_mood_machine(TransitionBlend blend, MoodMachine& m) {
  Skeleton skeleton;
  skeleton.joint_names = {"root"};
  skeleton.parents = {kNoParent};
  skeleton.rest_pose = {Transform::identity()};
  skeleton.inverse_bind = {glm::mat4(1.0f)};
  const std::vector<Clip> clips = {
      shape_clip("calm", {linear_track("Face", "Smile", {0, 1}, {0.2f, 0.2f})}),
      shape_clip("happy", {linear_track("Face", "Smile", {0, 1}, {1.0f, 1.0f})})};
  ASSERT_EQ(bind_character(skeleton, clips, {}, m.character, face_channels()), "");
  m.go = m.parameters.add("go", ParameterType::Trigger);
  m.graph.has_machine = true;
  m.graph.machine.states = {{"calm", StateKind::Clip, 0}, {"happy", StateKind::Clip, 1}};
  Transition t;
  t.source = 0;
  t.target = 1;
  t.conditions = {{m.go, ConditionOp::Trigger, 0.0f}};
  t.duration = 0.5f;
  t.blend = blend;
  m.graph.machine.transitions = {t};
  ASSERT_EQ(bind_graph(m.character, m.parameters, m.graph), "");
}

// A machine's crossfade from calm to happy: the weights are the sources' weighted sum at each
// frame of the transition, as the pose is.
TEST(MorphWeights, ACrossfadeBlendsTheWeightsByTheTransitionsWeights) {
  MoodMachine m;
  bind_mood_machine(TransitionBlend::CrossfadeSmooth, m);
  CharacterInstance instance;
  ASSERT_EQ(instance.bind(m.character, m.graph), "");
  const Terrain flat;
  ASSERT_TRUE(instance.update(0.1f, m.parameters, flat));
  EXPECT_NEAR(instance.morph_weights()[0], 0.2f, 1e-6f);
  m.parameters.set(m.go, 1.0f);
  int blended_frames = 0;
  for (int frame = 0; frame < 8; ++frame) {
    ASSERT_TRUE(instance.update(0.1f, m.parameters, flat));
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

// An inertialized switch from calm to happy: happy plays alone, and Smile's offset from calm
// (0.2 - 1.0, at rest before the switch) decays as a joint's does: by the quintic
// 1 - 10 s^3 + 15 s^4 - 6 s^5 of s = elapsed / 0.5 s, so at 0, 0.1 .. 0.5 s after the switch
// Smile is 1 - 0.8 * (1, 0.94208, 0.68256, 0.31744, 0.05792, 0).
TEST(MorphWeights, AnInertializedSwitchDecaysTheWeightsLikeTheJoints) {
  MoodMachine m;
  bind_mood_machine(TransitionBlend::Inertialization, m);
  CharacterInstance instance;
  ASSERT_EQ(instance.bind(m.character, m.graph), "");
  const Terrain flat;
  for (int frame = 0; frame < 3; ++frame) ASSERT_TRUE(instance.update(0.1f, m.parameters, flat));
  EXPECT_NEAR(instance.morph_weights()[0], 0.2f, 1e-6f);
  m.parameters.set(m.go, 1.0f);
  const float expected[] = {0.2f, 0.246336f, 0.453952f, 0.746048f, 0.953664f, 1.0f, 1.0f};
  for (const float e : expected) {
    ASSERT_TRUE(instance.update(0.1f, m.parameters, flat));
    ASSERT_EQ(instance.machine().sources().size(), 1u);  // the target alone
    EXPECT_NEAR(instance.morph_weights()[0], e, 1e-4f);
    EXPECT_NEAR(instance.morph_weights()[1], 0.1f, 1e-6f);  // Blink: the default throughout
  }
}

}  // namespace
