#include "anim/terrain.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "anim_expect.h"

namespace anim {
namespace {

using testing::vec3_near;

constexpr float kTan15 = 0.26794919f;  // tan(15 degrees)

TEST(Terrain, FlatIsBaseHeightWithUpNormal) {
  Terrain t;
  t.base_height_m = 0.25f;
  const GroundProbe g = probe(t, 3.0f, -7.0f);
  EXPECT_FLOAT_EQ(g.height_m, 0.25f);
  EXPECT_TRUE(vec3_near(g.normal, {0, 1, 0}));
}

TEST(Terrain, SlopeRisesByTangentAlongUphill) {
  Terrain t;
  t.shape = TerrainShape::Slope;
  t.slope_deg = 15.0f;
  t.base_height_m = 0.1f;
  const GroundProbe g = probe(t, 2.0f, 3.0f);
  EXPECT_NEAR(g.height_m, 0.1f + 3.0f * kTan15, 1e-5f);
  // The plane's normal leans back against the uphill (+Z) direction by the slope angle.
  EXPECT_TRUE(vec3_near(g.normal, {0.0f, 0.96592583f, -0.25881905f}));
}

TEST(Terrain, SlopeFollowsADiagonalUphillDirection) {
  Terrain t;
  t.shape = TerrainShape::Slope;
  t.uphill_xz = {2.0f, 2.0f};  // not normalized on purpose
  const GroundProbe g = probe(t, 1.0f, 0.0f);
  EXPECT_NEAR(g.height_m, kTan15 * 0.70710678f, 1e-5f);
  const float s = 0.25881905f * 0.70710678f;
  EXPECT_TRUE(vec3_near(g.normal, {-s, 0.96592583f, -s}));
}

TEST(Terrain, OneProberAnswersForEveryPointOfItsTerrain) {
  Terrain t;
  t.shape = TerrainShape::Slope;
  t.base_height_m = 0.1f;
  const GroundProber slope(t);
  t.slope_deg = 30.0f;  // the prober keeps the terrain it was made from
  for (const float z : {-2.0f, 0.0f, 3.0f}) {
    const GroundProbe g = slope.at(5.0f, z);
    EXPECT_NEAR(g.height_m, 0.1f + z * kTan15, 1e-5f) << z;
    EXPECT_TRUE(vec3_near(g.normal, {0.0f, 0.96592583f, -0.25881905f}));
  }
  // A point that is not finite gets the base height and an upward normal.
  const GroundProbe nowhere = slope.at(NAN, 1.0f);
  EXPECT_FLOAT_EQ(nowhere.height_m, 0.1f);
  EXPECT_TRUE(vec3_near(nowhere.normal, {0, 1, 0}));
  Terrain stairs;
  stairs.shape = TerrainShape::Stairs;
  stairs.uphill_xz = {-1.0f, 0.0f};  // rising toward -x
  stairs.step_height_m = 0.2f;
  stairs.step_depth_m = 0.5f;
  const GroundProber steps(stairs);
  EXPECT_FLOAT_EQ(steps.at(-1.2f, 4.0f).height_m, 0.4f);
  EXPECT_FLOAT_EQ(steps.at(0.3f, 4.0f).height_m, -0.2f);
  EXPECT_TRUE(vec3_near(steps.at(-1.2f, 4.0f).normal, {0, 1, 0}));
}

TEST(Terrain, StairsStepUpAtEachRiser) {
  Terrain t;
  t.shape = TerrainShape::Stairs;
  t.step_height_m = 0.15f;
  t.step_depth_m = 0.4f;
  EXPECT_FLOAT_EQ(probe(t, 0.0f, 0.39f).height_m, 0.0f);
  EXPECT_FLOAT_EQ(probe(t, 0.0f, 0.41f).height_m, 0.15f);
  EXPECT_FLOAT_EQ(probe(t, 5.0f, 1.25f).height_m, 0.45f);
  EXPECT_FLOAT_EQ(probe(t, 0.0f, -0.01f).height_m, -0.15f);
  EXPECT_TRUE(vec3_near(probe(t, 0.3f, 0.9f).normal, {0, 1, 0}));
}

TEST(Terrain, SmoothedStairsRampThroughTheMiddlesOfTheTreads) {
  Terrain t;
  t.shape = TerrainShape::Stairs;
  t.step_height_m = 0.15f;
  t.step_depth_m = 0.4f;
  t.base_height_m = 1.0f;
  EXPECT_NEAR(smoothed_height(t, 0.0f, 0.2f), 1.0f, 1e-6f);    // middle of tread 0
  EXPECT_NEAR(smoothed_height(t, 3.0f, 0.6f), 1.15f, 1e-6f);   // middle of tread 1
  EXPECT_NEAR(smoothed_height(t, 0.0f, 0.4f), 1.075f, 1e-6f);  // halfway up the first riser
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  EXPECT_FLOAT_EQ(smoothed_height(slope, 0.5f, 2.0f), probe(slope, 0.5f, 2.0f).height_m);
}

// A character instance keeps one prober for as long as its terrain stays the same and asks it for
// the root's height: the prober's answer is the function's, down to a root that is not finite.
TEST(Terrain, AProbersSmoothedHeightIsTheFunctions) {
  Terrain flat;
  flat.base_height_m = 0.25f;
  const GroundProber flat_ground(flat);
  EXPECT_EQ(flat_ground.smoothed_height(1.0f, 2.0f), 0.25f);
  EXPECT_EQ(flat_ground.smoothed_height(NAN, 2.0f), 0.25f);  // flat ground is its base anywhere
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  slope.slope_deg = 45.0f;
  slope.uphill_xz = {0.0f, 2.0f};  // not unit: the prober normalizes it
  EXPECT_NEAR(GroundProber(slope).smoothed_height(3.0f, 0.5f), 0.5f, 1e-6f);
  EXPECT_EQ(GroundProber(slope).smoothed_height(INFINITY, 0.5f), 0.0f);  // the base, as probe
  Terrain stairs;
  stairs.shape = TerrainShape::Stairs;
  stairs.step_height_m = 0.2f;
  stairs.step_depth_m = 0.5f;
  EXPECT_NEAR(GroundProber(stairs).smoothed_height(0.0f, 1.25f), 0.4f, 1e-6f);  // tread 2's middle
  for (const Terrain& t : {flat, slope, stairs}) {
    EXPECT_EQ(GroundProber(t).terrain(), t);
  }
}

// The probe as each plane's formula writes it (the reference for GroundProber::at): the base
// height plus the shape's height at (x, z), and the normal of its gradient, (-dh/dx, 1, -dh/dz)
// normalized (zero for flat ground and treads, so their normal keeps the signs of -0).
GroundProbe probe_by_formula(const Terrain& t, float x, float z) {
  const glm::vec2 u = glm::normalize(t.uphill_xz);
  const auto normal_of = [](glm::vec2 g) { return glm::normalize(glm::vec3(-g.x, 1.0f, -g.y)); };
  switch (t.shape) {
    case TerrainShape::Flat:
      return {t.base_height_m + 0.0f, normal_of(glm::vec2(0.0f))};
    case TerrainShape::Slope: {
      const float rise = std::tan(glm::radians(t.slope_deg));
      return {t.base_height_m + rise * (x * u.x + z * u.y), normal_of(rise * u)};
    }
    case TerrainShape::Stairs: {
      const float step = std::floor((x * u.x + z * u.y) / t.step_depth_m);
      return {t.base_height_m + step * t.step_height_m, normal_of(glm::vec2(0.0f))};
    }
    case TerrainShape::Rough:  // its formula, the sines' sum, is tested on its own below
      break;
  }
  return {};
}

using testing::same_bits;

// A prober's probes of planes and stairs equal their shape's formula bit for bit (signs of zero
// included), over random terrains and points; points that are not finite, and a terrain that fails
// validate, get the base height and +Y.
TEST(Terrain, ProbesMatchTheirFormulasBitForBit) {
  std::mt19937 rng(46);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int c = 0; c < 400; ++c) {
    Terrain t;
    t.shape = static_cast<TerrainShape>(c % 3);
    t.base_height_m = unit(rng);
    t.uphill_xz = {unit(rng), unit(rng) + 1.5f};
    t.slope_deg = 40.0f * unit(rng);
    t.step_height_m = 0.2f * (unit(rng) + 1.0f);
    t.step_depth_m = 0.3f + 0.2f * (unit(rng) + 1.0f);
    ASSERT_EQ(validate(t), "");
    const GroundProber prober(t);
    for (int k = 0; k < 20; ++k) {
      const float x = 5.0f * unit(rng), z = k == 0 ? 0.0f : 5.0f * unit(rng);
      const GroundProbe got = prober.at(x, z);
      const GroundProbe want = probe_by_formula(t, x, z);
      EXPECT_TRUE(same_bits(got.height_m, want.height_m) &&
                  same_bits(got.normal.x, want.normal.x) &&
                  same_bits(got.normal.y, want.normal.y) && same_bits(got.normal.z, want.normal.z))
          << "shape " << c % 3 << " at " << x << ", " << z;
    }
    const GroundProbe nowhere = prober.at(INFINITY, 1.0f);
    EXPECT_TRUE(same_bits(nowhere.height_m, t.base_height_m) && same_bits(nowhere.normal.x, 0.0f) &&
                same_bits(nowhere.normal.y, 1.0f) && same_bits(nowhere.normal.z, 0.0f));
  }
  Terrain bad;
  bad.shape = TerrainShape::Rough;
  bad.base_height_m = 0.3f;
  bad.rough_wavelength_m = 0.0f;
  const GroundProbe flat = GroundProber(bad).at(1.0f, 2.0f);
  EXPECT_TRUE(same_bits(flat.height_m, 0.3f) && same_bits(flat.normal.x, 0.0f) &&
              same_bits(flat.normal.y, 1.0f) && same_bits(flat.normal.z, 0.0f));
}

TEST(Terrain, RoughMatchesItsFormulaAtTheOrigin) {
  Terrain t;
  t.shape = TerrainShape::Rough;
  t.rough_amplitude_m = 0.05f;
  // At the origin only the second term is non-zero: 0.4 * sin(1.0) of the amplitude.
  EXPECT_NEAR(probe(t, 0.0f, 0.0f).height_m, 0.05f * 0.4f * 0.84147098f, 1e-6f);
}

TEST(Terrain, RoughNormalsAgreeWithFiniteDifferencesAndHeightsStayWithinAmplitude) {
  Terrain t;
  t.shape = TerrainShape::Rough;
  t.rough_amplitude_m = 0.08f;
  t.rough_wavelength_m = 1.2f;
  const float h = 1e-3f;
  for (float x = -2.0f; x <= 2.0f; x += 0.37f) {
    for (float z = -2.0f; z <= 2.0f; z += 0.41f) {
      const GroundProbe g = probe(t, x, z);
      EXPECT_LE(std::fabs(g.height_m), 0.08f);
      const float dx = (probe(t, x + h, z).height_m - probe(t, x - h, z).height_m) / (2 * h);
      const float dz = (probe(t, x, z + h).height_m - probe(t, x, z - h).height_m) / (2 * h);
      EXPECT_TRUE(vec3_near(g.normal, glm::normalize(glm::vec3(-dx, 1.0f, -dz)), 2e-3f))
          << "at " << x << ", " << z;
    }
  }
}

TEST(Terrain, ValidateNamesEachBadField) {
  auto expect_error = [](Terrain t, const char* field) {
    const std::string error = validate(t);
    EXPECT_NE(error.find(field), std::string::npos) << error;
    const GroundProbe g = probe(t, 1.0f, 2.0f);  // a bad terrain probes as flat, never NaN
    EXPECT_TRUE(std::isfinite(g.height_m));
    EXPECT_TRUE(vec3_near(g.normal, {0, 1, 0}));
  };
  Terrain slope;
  slope.shape = TerrainShape::Slope;
  EXPECT_EQ(validate(slope), "");
  Terrain bad = slope;
  bad.slope_deg = 85.0f;
  expect_error(bad, "slope_deg");
  bad = slope;
  bad.uphill_xz = {0.0f, 0.0f};
  expect_error(bad, "uphill_xz");
  bad = slope;
  bad.base_height_m = NAN;
  expect_error(bad, "base_height_m");
  Terrain stairs;
  stairs.shape = TerrainShape::Stairs;
  bad = stairs;
  bad.step_depth_m = 0.0f;
  expect_error(bad, "step_depth_m");
  bad = stairs;
  bad.step_height_m = -0.1f;
  expect_error(bad, "step_height_m");
  Terrain rough;
  rough.shape = TerrainShape::Rough;
  bad = rough;
  bad.rough_wavelength_m = -1.0f;
  expect_error(bad, "rough_wavelength_m");
  bad = rough;
  bad.rough_amplitude_m = INFINITY;
  expect_error(bad, "rough_amplitude_m");
}

// Every triangle's face normal points the way its vertex normals do.
void expect_consistent_winding(const TerrainMesh& mesh) {
  ASSERT_EQ(mesh.indices.size() % 3, 0u);
  for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
    const glm::vec3 a = mesh.positions[mesh.indices[i]];
    const glm::vec3 b = mesh.positions[mesh.indices[i + 1]];
    const glm::vec3 c = mesh.positions[mesh.indices[i + 2]];
    const glm::vec3 face = glm::normalize(glm::cross(b - a, c - a));
    EXPECT_GT(glm::dot(face, mesh.normals[mesh.indices[i]]), 0.9f) << "triangle " << i / 3;
  }
}

TEST(Terrain, SlopeMeshLiesOnTheHeightFunctionAndFacesUp) {
  Terrain t;
  t.shape = TerrainShape::Slope;
  const TerrainMesh mesh = build_terrain_mesh(t, {1.0f, 2.0f}, 3.0f, 4);
  ASSERT_EQ(mesh.positions.size(), 25u);
  ASSERT_EQ(mesh.normals.size(), 25u);
  EXPECT_EQ(mesh.indices.size(), 4u * 4u * 6u);
  EXPECT_TRUE(vec3_near(mesh.positions.front(), {-2.0f, -1.0f * kTan15, -1.0f}));
  EXPECT_TRUE(vec3_near(mesh.positions.back(), {4.0f, 5.0f * kTan15, 5.0f}));
  for (const glm::vec3& p : mesh.positions) EXPECT_NEAR(p.y, probe(t, p.x, p.z).height_m, 1e-5f);
  expect_consistent_winding(mesh);
}

TEST(Terrain, StairsMeshHasFlatTreadsAndUprightRisers) {
  Terrain t;
  t.shape = TerrainShape::Stairs;
  t.step_depth_m = 0.4f;
  t.step_height_m = 0.15f;
  const TerrainMesh mesh = build_terrain_mesh(t, {0.0f, 0.0f}, 1.0f, 8);
  // z from -1 to 1 crosses treads -3..2 (six) and the five risers between them.
  ASSERT_EQ(mesh.positions.size(), 11u * 4u);
  EXPECT_EQ(mesh.indices.size(), 11u * 6u);
  int risers = 0;
  for (std::size_t i = 0; i < mesh.positions.size(); i += 4) {
    if (mesh.normals[i].y > 0.5f) {
      // A tread: all four corners at the height the probe gives in its middle.
      const glm::vec3 middle = 0.25f * (mesh.positions[i] + mesh.positions[i + 1] +
                                        mesh.positions[i + 2] + mesh.positions[i + 3]);
      for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(mesh.positions[i + k].y, probe(t, middle.x, middle.z).height_m, 1e-5f);
      }
    } else {
      ++risers;
      EXPECT_TRUE(vec3_near(mesh.normals[i], {0, 0, -1}));
      for (int k = 0; k < 4; ++k) {
        const float z = mesh.positions[i + k].z;
        EXPECT_NEAR(z / 0.4f, std::round(z / 0.4f), 1e-4f) << "riser not on a step edge";
      }
    }
  }
  EXPECT_EQ(risers, 5);
  expect_consistent_winding(mesh);
}

TEST(Terrain, MeshOfBadExtentIsEmpty) {
  EXPECT_TRUE(build_terrain_mesh(Terrain{}, {0, 0}, 0.0f, 4).positions.empty());
  EXPECT_TRUE(build_terrain_mesh(Terrain{}, {0, 0}, NAN, 4).indices.empty());
}

}  // namespace
}  // namespace anim
