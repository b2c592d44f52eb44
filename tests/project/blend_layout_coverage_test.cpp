// No blend-space layout can crash the player: on real characters (the demo, Knight, arnaud with
// its locomotion clips, the Fox, RobotExpressive, a CMU BVH), every blend mode with samples placed
// by every "Compute positions" option is either bound and played, or refused with a message naming
// the space, while the instance keeps playing its last good graph. (Issue #17: Simple Directional
// on the demo and Compute positions on Knight's in-place clips used to segfault in the player.)

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/blend_space_positions.h"
#include "anim/character_instance.h"
#include "anim/terrain.h"
#include "demo/demo_character.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "project/project_binding.h"
#include "support/import_test_util.h"

namespace {

// How the samples are placed: each clip's measured velocity (root, or feet for in-place clips),
// the same with a typed speed for in-place clips, or all at the origin (what a new space holds).
enum class Placement { Measured, TypedSpeed, Origin };

constexpr Placement kPlacements[] = {Placement::Measured, Placement::TypedSpeed, Placement::Origin};
constexpr anim::BlendMode2D kModes[] = {
    anim::BlendMode2D::SimpleDirectional, anim::BlendMode2D::FreeformDirectional,
    anim::BlendMode2D::FreeformCartesian, anim::BlendMode2D::Delaunay};

std::vector<anim::ClipVelocity> measure(const anim::BoundCharacter& bound) {
  std::vector<anim::ClipVelocity> out;
  for (std::size_t i = 0; i < bound.clips.size(); ++i) {
    out.push_back(anim::compute_clip_velocity(bound.clips[i], bound.bindings[i], bound.skeleton,
                                              bound.root_motion_joint, bound.foot_ik_rig.legs));
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
void try_layout(const project::Project& base, const anim::BoundCharacter& bound,
                const std::vector<anim::ClipVelocity>& velocities,
                std::optional<anim::BlendMode2D> mode, Placement placement,
                anim::CharacterInstance& instance, const anim::GraphBinding*& playing,
                std::vector<std::unique_ptr<anim::GraphBinding>>& keep, Outcome& outcome) {
  project::Project project = base;
  project.parameters.add("x", anim::ParameterType::Float);
  project.parameters.add("y", anim::ParameterType::Float);
  project::ProjectBlendSpace space;
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
  const std::string e = project::bind_project_graph(project, bound, *graph, playing);
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
  EXPECT_EQ(instance.set_settings(settings), "");
  for (int k = 0; k < 24; ++k) {
    parameters.set(0, -3.0f + 0.25f * static_cast<float>(k));
    parameters.set(1, 2.0f - 0.2f * static_cast<float>(k));
    const anim::JobResult r = instance.update(1.0f / 30.0f, parameters, terrain);
    ASSERT_TRUE(r) << r.error;
  }
}

void check_every_layout(const importer::Character& character, const std::string& path) {
  const project::Project project = project::preview_project(character, path);
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, character, {}, bound), "");
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
  check_every_layout(demo::make_demo_character(), "<demo>");
}

TEST(BlendLayoutCoverage, KnightsInPlaceClipsNeverCrashThePlayer) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  check_every_layout(test::import_ok(path), path.string());
}

TEST(BlendLayoutCoverage, KnightsInPlaceClipsAreMeasuredFromTheFeet) {
  const auto path = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(path);
  const importer::Character knight = test::import_ok(path);
  project::BoundProject bound;
  ASSERT_EQ(
      project::bind_project(project::preview_project(knight, path.string()), knight, {}, bound),
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
  // Its soles shuffle by micrometres a second: standing, on the centre.
  EXPECT_EQ(idle.velocity, glm::vec2(0.0f)) << idle.velocity.x << ", " << idle.velocity.y;
  // The strafes are Running_A with the legs turned: the clip yaws the hips about 58 degrees
  // towards the side it runs to, and the feet stride along the hips. Measured from the soles
  // in contact (the median of their ground velocity, anim/foot_contact.h) the strafes run at
  // Running_A's speed in the hips' direction: mostly sideways, with a forward part of about
  // tan(30 deg) = 0.58 of the sideways one. The direction is bounded by the hips' own (measured
  // here from the pose, independently of the feet), within 5 degrees.
  const anim::ClipVelocity run = of("Running_A");
  const int hips = importer::find_root_motion_joint(knight.skeleton);
  for (const char* name : {"Running_Strafe_Right", "Running_Strafe_Left"}) {
    const anim::ClipVelocity c = of(name);
    const anim::Clip* clip = test::find_clip(knight.clips, name);
    ASSERT_NE(clip, nullptr);
    glm::vec2 hips_forward{0.0f};
    for (int k = 0; k < 16; ++k) {
      const glm::mat4 m = test::model_pose(knight, clip, clip->duration_s * k / 16.0f)[hips];
      hips_forward += glm::vec2(m[2].x, m[2].z);
    }
    const float hips_deg = glm::degrees(std::atan2(hips_forward.x, hips_forward.y));
    const float velocity_deg = glm::degrees(std::atan2(c.velocity.x, c.velocity.y));
    EXPECT_GT(std::abs(hips_deg), 50.0f) << name;
    EXPECT_NEAR(velocity_deg, hips_deg, 5.0f)
        << name << ": " << c.velocity.x << ", " << c.velocity.y;
    EXPECT_GT(std::abs(c.velocity.x), 1.5f * c.velocity.y) << name;
    EXPECT_NEAR(glm::length(c.velocity), glm::length(run.velocity),
                0.05f * glm::length(run.velocity))
        << name;
  }
}

TEST(BlendLayoutCoverage, ArnaudsLocomotionNeverCrashesThePlayer) {
  const auto path = test::shared_asset("pab/arnaud.fbx");
  SKIP_IF_ABSENT(path);
  importer::Character arnaud = test::import_ok(path);
  for (const char* file : {"pab/walk.fbx", "pab/jog.fbx", "pab/run.fbx"}) {
    const auto clip_path = test::shared_asset(file);
    SKIP_IF_ABSENT(clip_path);
    importer::ClipImportResult clips =
        importer::import_clips(clip_path.string(), arnaud.skeleton, {});
    ASSERT_TRUE(clips.ok()) << clips.error;
    for (importer::ImportedClip& c : clips.clips) {
      c.clip.name = std::filesystem::path(file).stem().string() + "_" + c.clip.name;
      arnaud.clips.push_back(std::move(c.clip));
    }
  }
  check_every_layout(arnaud, path.string());
}

// A quadruped in centimetres (its three clips in place) and a robot whose feet hang from the root.
TEST(BlendLayoutCoverage, TheFoxAndRobotExpressiveNeverCrashThePlayer) {
  for (const char* file : {"khronos/Fox.glb", "quaternius/RobotExpressive.glb"}) {
    const auto path = test::shared_asset(file);
    SKIP_IF_ABSENT(path);
    SCOPED_TRACE(file);
    check_every_layout(test::import_ok(path), path.string());
  }
}

TEST(BlendLayoutCoverage, ACmuBvhNeverCrashesThePlayer) {
  const auto path = test::shared_asset("cmu/131_01.bvh");
  SKIP_IF_ABSENT(path);
  check_every_layout(test::import_ok(path), path.string());
}

}  // namespace
