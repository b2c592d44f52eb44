// No blend-space layout can crash the player: on real characters (the demo, Knight, arnaud with
// its locomotion clips, a CMU BVH), every blend mode with samples placed by every "Compute
// positions" option is either bound and played, or refused with a message naming the space,
// while the instance keeps playing its last good graph. (Issue #17: Simple Directional on the
// demo and Compute positions on Knight's in-place clips used to segfault in the player.)

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/blend_space_positions.h"
#include "anim/character_instance.h"
#include "anim/terrain.h"
#include "asset/demo_character.h"
#include "asset/importer.h"
#include "asset/project_binding.h"
#include "import_test_util.h"

namespace {

// How the samples are placed: each clip's measured velocity (root, or feet for in-place clips),
// the same with a typed speed for in-place clips, or all at the origin (what a new space holds).
enum class Placement { Measured, TypedSpeed, Origin };

constexpr Placement kPlacements[] = {Placement::Measured, Placement::TypedSpeed, Placement::Origin};
constexpr anim::BlendMode2D kModes[] = {
    anim::BlendMode2D::SimpleDirectional, anim::BlendMode2D::FreeformDirectional,
    anim::BlendMode2D::FreeformCartesian, anim::BlendMode2D::Delaunay};

std::vector<anim::ClipVelocity> measure(const anim::BoundCharacter& bound) {
  std::vector<int> feet;
  for (const anim::Leg& leg : bound.foot_ik_rig.legs) feet.push_back(leg.foot);
  std::vector<anim::ClipVelocity> out;
  for (std::size_t i = 0; i < bound.clips.size(); ++i) {
    out.push_back(anim::compute_clip_velocity(bound.clips[i], bound.bindings[i], bound.skeleton,
                                              bound.root_motion_joint, feet));
  }
  return out;
}

glm::vec2 placed(const anim::ClipVelocity& v, Placement placement) {
  switch (placement) {
    case Placement::Measured:
      return v.velocity;
    case Placement::TypedSpeed:
      return anim::with_typed_speed(v, 1.4f).velocity;
    case Placement::Origin:
      return glm::vec2(0.0f);
  }
  return glm::vec2(0.0f);
}

struct Outcome {
  int bound = 0;
  int refused = 0;
};

// Builds the space (2D in mode, or 1D when mode is empty) over the first clips of the project,
// binds it and, when it binds, switches a playing instance to it and plays it over its range.
void try_layout(const asset::Project& base, const anim::BoundCharacter& bound,
                const std::vector<anim::ClipVelocity>& velocities,
                std::optional<anim::BlendMode2D> mode, Placement placement,
                anim::CharacterInstance& instance, const anim::GraphBinding*& playing,
                std::vector<std::unique_ptr<anim::GraphBinding>>& keep, Outcome& outcome) {
  asset::Project project = base;
  project.parameters.add("x", anim::ParameterType::Float);
  project.parameters.add("y", anim::ParameterType::Float);
  asset::ProjectBlendSpace space;
  space.name = "locomotion";
  space.dimensions = mode ? 2 : 1;
  space.x_parameter = "x";
  space.y_parameter = "y";
  space.space_1d.parameter_name = "x";
  const std::size_t count = std::min<std::size_t>(project.clips.size(), 9);
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec2 p = placed(velocities[i], placement);
    space.space_2d.samples.push_back({project.clips[i], p});
    space.space_1d.samples.push_back({project.clips[i], glm::length(p)});
  }
  if (mode) space.space_2d.mode = *mode;
  project.blend_spaces = {space};

  auto graph = std::make_unique<anim::GraphBinding>();
  const std::string e = asset::bind_project_graph(project, bound, *graph, playing);
  anim::Parameters parameters = project.parameters;
  anim::Terrain terrain;
  anim::CharacterSettings settings;
  if (!e.empty()) {
    EXPECT_NE(e.find("locomotion"), std::string::npos) << e;
    ++outcome.refused;
  } else {
    ASSERT_EQ(instance.set_graph(*graph), "");
    playing = graph.get();
    keep.push_back(std::move(graph));
    ++outcome.bound;
  }
  // Whatever happened, the instance plays: the new graph or the last good one, anywhere.
  instance.play_graph();
  for (int k = 0; k < 24; ++k) {
    parameters.set(0, -3.0f + 0.25f * static_cast<float>(k));
    parameters.set(1, 2.0f - 0.2f * static_cast<float>(k));
    const anim::JobResult r = instance.update(1.0f / 30.0f, parameters, settings, terrain);
    ASSERT_TRUE(r) << r.error;
  }
}

void check_every_layout(const asset::Character& character, const std::string& path) {
  const asset::Project project = asset::preview_project(character, path);
  asset::BoundProject bound;
  ASSERT_EQ(asset::bind_project(project, character, {}, bound), "");
  ASSERT_FALSE(bound.character->clips.empty()) << path;
  const std::vector<anim::ClipVelocity> velocities = measure(*bound.character);
  anim::CharacterInstance instance;
  ASSERT_EQ(instance.bind(*bound.character, *bound.graph), "");
  const anim::GraphBinding* playing = bound.graph.get();
  std::vector<std::unique_ptr<anim::GraphBinding>> keep;
  Outcome outcome;
  for (Placement placement : kPlacements) {
    for (anim::BlendMode2D mode : kModes) {
      try_layout(project, *bound.character, velocities, mode, placement, instance, playing, keep,
                 outcome);
    }
    try_layout(project, *bound.character, velocities, std::nullopt, placement, instance, playing,
               keep, outcome);
  }
  // All at the origin is refused in every mode (coincident samples) unless one clip only.
  if (project.clips.size() > 1) {
    EXPECT_GE(outcome.refused, 5) << path;
  }
  EXPECT_EQ(outcome.bound + outcome.refused, 15) << path;
}

TEST(BlendLayoutCoverage, TheDemoNeverCrashesThePlayer) {
  check_every_layout(asset::make_demo_character(), "<demo>");
}

TEST(BlendLayoutCoverage, KnightsInPlaceClipsNeverCrashThePlayer) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  check_every_layout(test::import_ok(path), path.string());
}

TEST(BlendLayoutCoverage, KnightsInPlaceClipsAreMeasuredFromTheFeet) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  const asset::Character knight = test::import_ok(path);
  asset::BoundProject bound;
  ASSERT_EQ(asset::bind_project(asset::preview_project(knight, path.string()), knight, {}, bound),
            "");
  const std::vector<anim::ClipVelocity> v = measure(*bound.character);
  const auto of = [&](const char* name) {
    const int i = bound.character->find_clip(name);
    EXPECT_GE(i, 0) << name;
    return i >= 0 ? v[i] : anim::ClipVelocity{};
  };
  // glTF: the Knight faces +z, its right is -x. In-place clips: every value from the feet.
  const anim::ClipVelocity walk = of("Walking_A"), back = of("Walking_Backwards");
  const anim::ClipVelocity right = of("Running_Strafe_Right"), left = of("Running_Strafe_Left");
  const anim::ClipVelocity idle = of("Idle");
  for (const anim::ClipVelocity& c : {walk, back, right, left}) {
    EXPECT_EQ(c.source, anim::VelocitySource::Feet);
  }
  EXPECT_GT(walk.velocity.y, 0.3f) << walk.velocity.x << ", " << walk.velocity.y;
  EXPECT_LT(back.velocity.y, -0.3f) << back.velocity.x << ", " << back.velocity.y;
  EXPECT_LT(right.velocity.x, -0.5f) << right.velocity.x << ", " << right.velocity.y;
  EXPECT_GT(left.velocity.x, 0.5f) << left.velocity.x << ", " << left.velocity.y;
  EXPECT_LT(glm::length(idle.velocity), 0.2f) << idle.velocity.x << ", " << idle.velocity.y;
}

TEST(BlendLayoutCoverage, ArnaudsLocomotionNeverCrashesThePlayer) {
  const auto path = test::shared_asset("pab/arnaud.fbx");
  SKIP_IF_ABSENT(path);
  asset::Character arnaud = test::import_ok(path);
  for (const char* file : {"pab/walk.fbx", "pab/jog.fbx", "pab/run.fbx"}) {
    const auto clip_path = test::shared_asset(file);
    SKIP_IF_ABSENT(clip_path);
    asset::ClipImportResult clips = asset::import_clips(clip_path.string(), arnaud.skeleton, {});
    ASSERT_TRUE(clips.ok()) << clips.error;
    for (asset::ImportedClip& c : clips.clips) {
      c.clip.name = std::filesystem::path(file).stem().string() + "_" + c.clip.name;
      arnaud.clips.push_back(std::move(c.clip));
    }
  }
  check_every_layout(arnaud, path.string());
}

TEST(BlendLayoutCoverage, ACmuBvhNeverCrashesThePlayer) {
  const auto path = test::shared_asset("cmu/131_01.bvh");
  SKIP_IF_ABSENT(path);
  check_every_layout(test::import_ok(path), path.string());
}

}  // namespace
