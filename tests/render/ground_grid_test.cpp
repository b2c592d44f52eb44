#include "render/ground_grid.h"

#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "render/orbit_camera.h"

namespace render {
namespace {

TEST(GroundGrid, SpacingSuitsTheCameraHeight) {
  EXPECT_FLOAT_EQ(grid_spacing(2.0f), 0.5f);   // a person seen from eye height
  EXPECT_FLOAT_EQ(grid_spacing(25.0f), 5.0f);  // a giant (or a fox in centimetres)
  EXPECT_FLOAT_EQ(grid_spacing(0.2f), 0.05f);  // a mouse
  EXPECT_FLOAT_EQ(grid_spacing(NAN), 0.5f);
}

// The grid follows the focus (a character that walked 100 m away still stands on it), its lines
// on the world grid, fading to nothing at the edge.
TEST(GroundGrid, FollowsTheFocusOnTheWorldGridAndFades) {
  std::vector<GridSegment> grid;
  build_ground_grid(anim::Terrain{}, {100.3f, -50.2f}, 2.0f, grid);
  ASSERT_FALSE(grid.empty());
  float min_x = 1e9f, max_x = -1e9f, strongest = 0.0f;
  for (const GridSegment& s : grid) {
    min_x = std::min(min_x, s.a.x), max_x = std::max(max_x, s.b.x);
    strongest = std::max(strongest, s.color.w);
    EXPECT_NEAR(s.a.y, 0.005f, 1e-6f);  // flat ground at 0, lifted by a hundredth of 0.5 m
    EXPECT_GT(s.color.w, 0.0f);
    // Lines along z sit on multiples of the spacing.
    if (s.a.x == s.b.x) {
      EXPECT_NEAR(std::remainder(s.a.x, 0.5f), 0.0f, 1e-3f);
    }
  }
  // Centred on 100 (snapped to 2.5 m), 20 lines out; the outermost lines, faded to nothing,
  // are left out.
  EXPECT_NEAR(min_x, 100.0f - 9.5f, 1e-3f);
  EXPECT_NEAR(max_x, 100.0f + 9.5f, 1e-3f);
  EXPECT_GT(strongest, 0.95f);
}

TEST(GroundGrid, LiesOnASlope) {
  anim::Terrain slope;
  slope.shape = anim::TerrainShape::Slope;
  slope.slope_deg = 15.0f;
  std::vector<GridSegment> grid;
  build_ground_grid(slope, {0.0f, 0.0f}, 2.0f, grid);
  ASSERT_FALSE(grid.empty());
  float lowest = 1e9f, highest = -1e9f;
  for (const GridSegment& s : grid) {
    EXPECT_NEAR(s.a.y, anim::probe(slope, s.a.x, s.a.z).height_m + 0.005f, 1e-4f);
    lowest = std::min(lowest, s.a.y), highest = std::max(highest, s.a.y);
  }
  EXPECT_GT(highest - lowest, 2.0f);  // tan(15 deg) * 20 m = 5.4 m from edge to edge
}

// On stairs every segment runs along a tread or up a riser, never through a step.
TEST(GroundGrid, ClimbsStairsAlongTreadsAndRisers) {
  anim::Terrain stairs;
  stairs.shape = anim::TerrainShape::Stairs;
  std::vector<GridSegment> grid;
  build_ground_grid(stairs, {0.0f, 0.0f}, 2.0f, grid);
  int risers = 0;
  for (const GridSegment& s : grid) {
    const bool vertical = s.a.x == s.b.x && s.a.z == s.b.z;
    if (vertical) {
      ++risers;
      continue;
    }
    EXPECT_NEAR(s.a.y, s.b.y, 1e-4f) << "a segment through a step";
  }
  EXPECT_GT(risers, 20);
}

TEST(GroundGrid, FocusIsWhereTheViewLooksAtTheGround) {
  OrbitCamera camera;
  camera.target = {3.0f, 0.0f, -2.0f};
  camera.distance_m = 4.0f;
  camera.pitch = 0.5f;
  glm::vec2 focus;
  float height = 0.0f;
  grid_focus(camera.projection(1.5f) * camera.view(), 0.0f, focus, height);
  EXPECT_NEAR(focus.x, 3.0f, 1e-2f);
  EXPECT_NEAR(focus.y, -2.0f, 1e-2f);
  EXPECT_NEAR(height, 4.0f * std::sin(0.5f), 0.05f);
  camera.orthographic = true;
  camera.yaw = 0.0f;  // the front view: no ground at the centre, the grid stays under it
  camera.pitch = 0.0f;
  grid_focus(camera.projection(1.5f) * camera.view(), 0.0f, focus, height);
  EXPECT_NEAR(focus.x, 3.0f, 0.05f);
  EXPECT_NEAR(height, 4.0f * std::tan(0.5f * camera.fov_y), 1e-3f);
}

}  // namespace
}  // namespace render
