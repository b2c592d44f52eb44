// The selected shape's weight curve on the timeline: its points are the shape's weights at their
// times (hand-computed, and the Khronos sphere's keys interpolated here by hand), its dots sit on
// the track's keys, and the Shapes panel's selection (by name) survives a clip change.
#include "ui/shape_curve.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <vector>

#include "headless_imgui.h"
#include "import/importer.h"
#include "ui/shape_panel.h"

namespace ui {
namespace {

const std::vector<anim::MorphChannel> kChannels = {{"Face", "Smile", 0.0f},
                                                   {"Face", "Blink", 0.3f}};

// A track of weights: Linear by default, keys at times with values.
anim::MorphTrack weight_track(const char* target, std::vector<float> times,
                              std::vector<float> values,
                              anim::Interpolation interpolation = anim::Interpolation::Linear) {
  anim::MorphTrack track{"Face", target, {}};
  track.weight.times_s = std::move(times);
  track.weight.values = std::move(values);
  track.weight.interpolation = interpolation;
  return track;
}

// Blink rises to 1 at 0.5 s and falls to 0.25 at 2 s; Smile steps up at 1.2 s. Keys off the
// frame grid, so the binding samples the keys (not a baked form).
anim::Clip blink_clip() {
  anim::Clip clip;
  clip.name = "blink";
  clip.duration_s = 2.0f;
  clip.morph_tracks = {weight_track("Smile", {0.0f, 1.2f}, {0.0f, 1.0f}, anim::Interpolation::Step),
                       weight_track("Blink", {0.0f, 0.5f, 2.0f}, {0.0f, 1.0f, 0.25f})};
  return clip;
}

TEST(ShapeCurve, PointsAreTheShapesWeightsAtEvenTimesAndAtItsKeys) {
  const anim::Clip clip = blink_clip();
  const anim::MorphBinding binding = anim::bind_morph_tracks(clip, kChannels);
  ShapeCurve curve;
  ASSERT_TRUE(sample_shape_curve(clip, binding, kChannels, 1, 5, curve));
  // Times 0, 0.5, 1, 1.5, 2 (the keys 0, 0.5 and 2 among them).
  const std::vector<float> times = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f};
  ASSERT_EQ(curve.times_s, times);
  // From 1 at 0.5 s to 0.25 at 2 s: 1 - 0.75 * (t - 0.5) / 1.5.
  const std::vector<float> expected = {0.0f, 1.0f, 0.75f, 0.5f, 0.25f};
  ASSERT_EQ(curve.weights.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(curve.weights[i], expected[i], 1e-6f) << "at " << times[i] << " s";
  }
  EXPECT_EQ(curve.keys, (std::vector<int>{0, 1, 4}));
  EXPECT_TRUE(curve.animated);
  EXPECT_EQ(curve.label, "Blink (Face)");
}

TEST(ShapeCurve, AStepShapesKeysJoinTheEvenTimes) {
  const anim::Clip clip = blink_clip();
  const anim::MorphBinding binding = anim::bind_morph_tracks(clip, kChannels);
  ShapeCurve curve;
  ASSERT_TRUE(sample_shape_curve(clip, binding, kChannels, 0, 3, curve));
  // 0, 1, 2 and the key at 1.2 s, where the step lands.
  ASSERT_EQ(curve.times_s, (std::vector<float>{0.0f, 1.0f, 1.2f, 2.0f}));
  EXPECT_EQ(curve.weights, (std::vector<float>{0.0f, 0.0f, 1.0f, 1.0f}));
  EXPECT_EQ(curve.keys, (std::vector<int>{0, 2}));
}

TEST(ShapeCurve, AShapeTheClipDoesNotAnimateIsItsDefaultWithoutKeys) {
  anim::Clip clip = blink_clip();
  clip.morph_tracks.pop_back();  // Smile only
  const anim::MorphBinding binding = anim::bind_morph_tracks(clip, kChannels);
  ShapeCurve curve;
  ASSERT_TRUE(sample_shape_curve(clip, binding, kChannels, 1, 4, curve));
  EXPECT_FALSE(curve.animated);
  EXPECT_EQ(curve.weights, std::vector<float>(4, 0.3f));
  EXPECT_TRUE(curve.keys.empty());
}

TEST(ShapeCurve, RefusesABadChannelOrSampleCountOrBinding) {
  const anim::Clip clip = blink_clip();
  const anim::MorphBinding binding = anim::bind_morph_tracks(clip, kChannels);
  ShapeCurve curve;
  EXPECT_FALSE(sample_shape_curve(clip, binding, kChannels, 2, 5, curve));
  EXPECT_FALSE(sample_shape_curve(clip, binding, kChannels, -1, 5, curve));
  EXPECT_FALSE(sample_shape_curve(clip, binding, kChannels, 1, 1, curve));
  EXPECT_FALSE(sample_shape_curve(clip, anim::MorphBinding{}, kChannels, 1, 5, curve));
  EXPECT_TRUE(curve.times_s.empty());
  EXPECT_TRUE(curve.weights.empty());
}

// The Khronos sphere's LINEAR weight clip, interpolated here between its imported keys.
TEST(ShapeCurve, TheKhronosSpheresCurveIsItsKeysInterpolated) {
  const auto path =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos/animated_morph_sphere.gltf";
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path.string() << " is absent: the third-party assets are not installed";
  }
  const importer::ImportResult imported = importer::import_file(path.string(), {});
  ASSERT_TRUE(imported.ok()) << imported.error;
  const importer::Character& c = imported.character;
  ASSERT_EQ(c.clips.size(), 1u);
  const anim::Clip& clip = c.clips[0];
  const std::vector<anim::MorphChannel> channels = anim::morph_channels_of(c.meshes);
  ASSERT_EQ(channels.size(), 2u);
  const anim::MorphBinding binding = anim::bind_morph_tracks(clip, channels);
  for (int channel = 0; channel < 2; ++channel) {
    ShapeCurve curve;
    ASSERT_TRUE(sample_shape_curve(clip, binding, channels, channel, kShapeCurveSamples, curve));
    const anim::FloatTrack& track = clip.morph_tracks[channel].weight;
    ASSERT_EQ(clip.morph_tracks[channel].target_name, channels[channel].target_name);
    ASSERT_EQ(track.interpolation, anim::Interpolation::Linear);
    EXPECT_EQ(curve.keys.size(), track.times_s.size());
    for (std::size_t i = 0; i < curve.times_s.size(); ++i) {
      const float t = curve.times_s[i];
      const auto next = std::upper_bound(track.times_s.begin(), track.times_s.end(), t);
      float expected = track.values.back();
      if (next == track.times_s.begin()) {
        expected = track.values.front();
      } else if (next != track.times_s.end()) {
        const std::size_t k = static_cast<std::size_t>(next - track.times_s.begin()) - 1;
        const float s = (t - track.times_s[k]) / (track.times_s[k + 1] - track.times_s[k]);
        expected = track.values[k] + (track.values[k + 1] - track.values[k]) * s;
      }
      ASSERT_NEAR(curve.weights[i], expected, 1e-5f) << "channel " << channel << " at " << t;
    }
  }
  // Key 100 of target 0, read with python3's struct from AnimatedMorphSphere.bin.
  ShapeCurve curve;
  ASSERT_TRUE(sample_shape_curve(clip, binding, channels, 0, kShapeCurveSamples, curve));
  ASSERT_GT(curve.keys.size(), 100u);
  EXPECT_NEAR(curve.weights[curve.keys[100]], 0.6339441538f, 1e-6f);
}

TEST(ShapeSelection, ResolvesByNameWhereverTheShapeIs) {
  ShapePanelState state;
  EXPECT_EQ(selected_shape_channel(state, kChannels), -1);
  state.selected_node = "Face";
  state.selected_target = "Blink";
  EXPECT_EQ(selected_shape_channel(state, kChannels), 1);
  const std::vector<anim::MorphChannel> reordered = {
      {"Brow", "Up", 0.0f}, {"Face", "Blink", 0.0f}, {"Face", "Smile", 0.0f}};
  EXPECT_EQ(selected_shape_channel(state, reordered), 1);
  const std::vector<anim::MorphChannel> other_node = {{"Eyes", "Blink", 0.0f}};
  EXPECT_EQ(selected_shape_channel(state, other_node), -1);
}

// A click on a shape's bar selects it; the selection, kept by name, then draws that shape's
// curve for another clip too, and a second click unselects it.
TEST(ShapeSelection, AClickedShapeStaysSelectedAcrossAClipChange) {
  testing::HeadlessImGui imgui;
  ShapePanelState state;
  std::strcpy(state.filter, "blink");  // Blink's row is the only one drawn
  const std::vector<float> weights = {0.2f, 0.4f};
  ImVec2 slider_min, slider_max;
  const auto frame = [&] {
    imgui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(400, 400));
      ImGui::Begin("shapes");
      (void)draw_shape_panel(kChannels, weights, state);
      slider_min = ImGui::GetItemRectMin();
      slider_max = ImGui::GetItemRectMax();
      ImGui::End();
    });
  };
  const auto click_bar = [&] {
    ImGuiIO& io = ImGui::GetIO();
    // The bar ends an item spacing left of the slider, on the same row.
    io.MousePos = ImVec2(slider_min.x - 40.0f, 0.5f * (slider_min.y + slider_max.y));
    frame();
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
  };
  frame();
  frame();  // a new window takes two frames before the mouse hovers it
  click_bar();
  ASSERT_EQ(selected_shape_channel(state, kChannels), 1);

  const anim::Clip first = blink_clip();
  anim::Clip second = blink_clip();
  second.name = "wink";
  second.morph_tracks[1] = weight_track("Blink", {0.0f, 1.0f}, {1.0f, 0.0f});
  ShapeCurve curve;
  for (const anim::Clip* clip : std::initializer_list<const anim::Clip*>{&first, &second}) {
    const anim::MorphBinding binding = anim::bind_morph_tracks(*clip, kChannels);
    const int channel = selected_shape_channel(state, kChannels);
    ASSERT_TRUE(sample_shape_curve(*clip, binding, kChannels, channel, 3, curve)) << clip->name;
    EXPECT_EQ(curve.label, "Blink (Face)");
    EXPECT_EQ(curve.keys.size(), clip->morph_tracks[1].weight.times_s.size()) << clip->name;
  }
  // The wink's Blink: 1 at 0 s, 0 from 1 s on (times 0, 1, 2).
  EXPECT_EQ(curve.weights, (std::vector<float>{1.0f, 0.0f, 0.0f}));

  click_bar();
  EXPECT_EQ(selected_shape_channel(state, kChannels), -1);
}

}  // namespace
}  // namespace ui
