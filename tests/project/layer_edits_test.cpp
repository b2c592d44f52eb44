// Layers authored in the graph panel: a mask picked by clicking a joint of the demo's skeleton
// tree, and the pose it composes.
#include "project/layer_edits.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "anim/character_instance.h"
#include "anim/clip_sampling.h"
#include "demo/demo_character.h"
#include "project/demo_project.h"
#include "project/graph_edits.h"
#include "project/project_binding.h"

namespace {

const importer::Character& demo_character() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

// The demo's upper body: spine_01 and everything above it, by hand from demo_skeleton.cpp.
const std::vector<std::string> kUpperBody = {
    "spine_01",  "spine_02",        "chest",  "neck",      "head",    "clavicle_l", "upperarm_l",
    "forearm_l", "forearm_twist_l", "hand_l", "fingers_l", "thumb_l", "clavicle_r", "upperarm_r",
    "forearm_r", "forearm_twist_r", "hand_r", "fingers_r", "thumb_r"};

int index_of(const std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

// The demo's project with one layer playing "wave" whose mask is what a click on the upper
// body's root picks.
project::Project project_with_upper_body_wave() {
  project::Project project = project::make_demo_project();
  project.layers.clear();
  const anim::Skeleton& skeleton = demo_character().skeleton;
  int layer = -1;
  EXPECT_EQ(project::add_layer(project, skeleton, "wave", index_of(project.clips, "wave"), layer),
            "");
  EXPECT_EQ(layer, 0);
  EXPECT_EQ(
      project::toggle_layer_mask_joint(project, skeleton, layer, skeleton.find_joint("spine_01")),
      "");
  return project;
}

}  // namespace

TEST(LayerEdits, ANewLayerHasNoJointAndIsNamedUniquely) {
  project::Project project = project::make_demo_project();
  const anim::Skeleton& skeleton = demo_character().skeleton;
  int a = -1, b = -1;
  ASSERT_EQ(project::add_layer(project, skeleton, "arms", 0, a), "");
  ASSERT_EQ(project::add_layer(project, skeleton, "arms", 0, b), "");
  EXPECT_EQ(project.layers[a].name, "arms");
  EXPECT_EQ(project.layers[b].name, "arms 2");
  std::vector<float> mask;
  ASSERT_EQ(project::layer_mask(project.layers[a], skeleton, mask), "");
  EXPECT_EQ(std::count(mask.begin(), mask.end(), 1.0f), 0);
  int c = -1;
  EXPECT_NE(project::add_layer(project, skeleton, "x", 999, c), "");
  EXPECT_EQ(project::remove_layer(project, a), "");
  EXPECT_EQ(project.layers[a].name, "arms 2");
  EXPECT_NE(project::remove_layer(project, 99), "");
}

TEST(LayerEdits, ClickingTheUpperBodyRootPicksExactlyItsSubtree) {
  const project::Project project = project_with_upper_body_wave();
  const anim::Skeleton& skeleton = demo_character().skeleton;
  std::vector<float> mask;
  ASSERT_EQ(project::layer_mask(project.layers[0], skeleton, mask), "");
  std::vector<std::string> picked;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (mask[j] == 1.0f) picked.push_back(skeleton.joint_names[j]);
    EXPECT_TRUE(mask[j] == 0.0f || mask[j] == 1.0f);
  }
  std::vector<std::string> expected = kUpperBody;
  std::sort(picked.begin(), picked.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(picked, expected);
  // Stored as the one root the user clicked; a second click on an arm cuts that arm out.
  EXPECT_EQ(project.layers[0].mask_joints, std::vector<std::string>{"spine_01"});
  EXPECT_TRUE(project.layers[0].mask_excluded.empty());
  project::Project cut = project;
  ASSERT_EQ(project::toggle_layer_mask_joint(cut, skeleton, 0, skeleton.find_joint("clavicle_l")),
            "");
  EXPECT_EQ(cut.layers[0].mask_excluded, std::vector<std::string>{"clavicle_l"});
  ASSERT_EQ(project::layer_mask(cut.layers[0], skeleton, mask), "");
  EXPECT_EQ(mask[skeleton.find_joint("hand_l")], 0.0f);
  EXPECT_EQ(mask[skeleton.find_joint("hand_r")], 1.0f);
}

TEST(LayerEdits, TheMaskSurvivesSaveAndLoad) {
  project::Project project = project_with_upper_body_wave();
  const anim::Skeleton& skeleton = demo_character().skeleton;
  ASSERT_EQ(project::toggle_layer_mask_joint(project, skeleton, 0, skeleton.find_joint("neck")),
            "");
  project::Project loaded;
  ASSERT_EQ(project::parse_project(project::project_to_json(project), "test", loaded), "");
  ASSERT_EQ(loaded.layers.size(), 1u);
  EXPECT_EQ(loaded.layers[0].mask_joints, std::vector<std::string>{"spine_01"});
  EXPECT_EQ(loaded.layers[0].mask_excluded, std::vector<std::string>{"neck"});
  EXPECT_TRUE(loaded.layers[0].mask_shapes.empty());
  // A shape mask too, written only when set.
  EXPECT_EQ(project::project_to_json(project).find("mask_shapes"), std::string::npos);
  project.layers[0].mask_shapes = {"Face/Smile"};
  project.layers[0].mask_shapes_excluded = {"Blink"};
  ASSERT_EQ(project::parse_project(project::project_to_json(project), "test", loaded), "");
  EXPECT_EQ(loaded.layers[0].mask_shapes, std::vector<std::string>{"Face/Smile"});
  EXPECT_EQ(loaded.layers[0].mask_shapes_excluded, std::vector<std::string>{"Blink"});
}

// The upper body of layered, after one update of dt_s, against the wave clip sampled at dt_s and
// the rest against base; returns how many upper-body joints the base has elsewhere than the wave.
int expect_upper_body_wave(const project::BoundProject& bound,
                           const anim::CharacterInstance& layered,
                           const anim::CharacterInstance& base, float dt_s) {
  const anim::BoundCharacter& character = *bound.character;
  const int wave = character.find_clip("wave");
  std::vector<anim::Transform> wave_pose(character.skeleton.joint_count());
  anim::SamplingCache cache(character.clips[wave], character.bindings[wave]);
  EXPECT_TRUE(anim::sample_clip(character.clips[wave], character.bindings[wave], character.skeleton,
                                dt_s, cache, wave_pose));
  const auto near = [](const anim::Transform& a, const anim::Transform& b) {
    return glm::all(glm::epsilonEqual(a.translation, b.translation, 1e-5f)) &&
           std::abs(std::abs(glm::dot(a.rotation, b.rotation)) - 1.0f) < 1e-5f &&
           glm::all(glm::epsilonEqual(a.scale, b.scale, 1e-5f));
  };
  int upper = 0, differs = 0;
  for (int j = 0; j < character.skeleton.joint_count(); ++j) {
    const std::string& name = character.skeleton.joint_names[j];
    const anim::Transform& got = layered.local_pose()[j];
    if (index_of(kUpperBody, name) >= 0) {
      ++upper;
      EXPECT_TRUE(near(got, wave_pose[j])) << name << " is not the wave's";
      differs += near(base.local_pose()[j], wave_pose[j]) ? 0 : 1;
    } else {
      EXPECT_TRUE(near(got, base.local_pose()[j])) << name << " is not the base's";
    }
  }
  EXPECT_EQ(upper, 19);
  return differs;
}

TEST(LayerEdits, ALayerPlaysABlendSpaceThroughItsOwnPlayer) {
  project::Project project = project_with_upper_body_wave();
  // A 1D space whose one sample is the wave: the layer's pose is the wave on its own clock.
  int space = -1;
  ASSERT_EQ(project::add_blend_space(project, 1, "waves", space), "");
  project.blend_spaces[space].space_1d.samples.push_back({"wave", 0.0f});
  project.layers[0].blend_space = "waves";
  project::Project loaded;
  ASSERT_EQ(project::parse_project(project::project_to_json(project), "test", loaded), "");
  EXPECT_EQ(loaded.layers[0].blend_space, "waves");
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(loaded, demo_character(), {}, bound), "");
  ASSERT_EQ(bound.graph->layers[0].blend_space, space);
  anim::CharacterInstance layered, base;
  ASSERT_EQ(layered.bind(*bound.character, *bound.graph), "");
  ASSERT_EQ(base.bind(*bound.character, *bound.graph), "");
  base.set_layer_weight(0, 0.0f);
  const anim::Terrain flat;
  const float dt_s = 0.2f;
  for (anim::CharacterInstance* instance : {&layered, &base}) {
    anim::Parameters p = loaded.parameters;
    ASSERT_TRUE(instance->update(dt_s, p, flat));
  }
  EXPECT_GT(expect_upper_body_wave(bound, layered, base, dt_s), 5);
  // The space cannot be deleted while the layer plays it; a rename follows into the layer.
  EXPECT_NE(project::delete_blend_space(loaded, space).find("layer 'wave'"), std::string::npos);
  ASSERT_EQ(project::rename_blend_space(loaded, space, "hello"), "");
  EXPECT_EQ(loaded.layers[0].blend_space, "hello");
}

TEST(LayerEdits, TheComposedPoseTakesTheUpperBodyFromTheLayerAndTheRestFromTheBase) {
  const project::Project project = project_with_upper_body_wave();
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo_character(), {}, bound), "");
  ASSERT_EQ(bound.graph->layers.size(), 1u);
  // Two instances of the same graph: one plays the layer at full weight, the other with its
  // weight set to 0 live (no new binding): the base alone.
  anim::CharacterInstance layered, base;
  ASSERT_EQ(layered.bind(*bound.character, *bound.graph), "");
  ASSERT_EQ(base.bind(*bound.character, *bound.graph), "");
  base.set_layer_weight(0, 0.0f);
  anim::Parameters parameters = project.parameters;
  parameters.set(parameters.find("velocity_z"), 1.2f);
  anim::CharacterSettings settings;
  const anim::Terrain flat;
  const float dt_s = 0.2f;  // under update's 0.25 s cap
  for (anim::CharacterInstance* instance : {&layered, &base}) {
    anim::Parameters p = parameters;
    ASSERT_EQ(instance->set_settings(settings), "");
    ASSERT_TRUE(instance->update(dt_s, p, flat));
  }
  // The layer clip on its own clock, which the first update advanced by dt_s; the wave and the
  // walk differ on the upper body, so the comparison can fail.
  EXPECT_GT(expect_upper_body_wave(bound, layered, base, dt_s), 5);
}
