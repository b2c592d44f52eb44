#include "anim/blend_space_triangulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace anim {
namespace {

double signed_area(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
  return 0.5 * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

TEST(BlendSpaceTriangulation, SquareWithCentreGivesFourTrianglesAroundTheCentre) {
  const std::vector<glm::vec2> points{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5f, 0.5f}};
  const BlendTriangulation t = triangulate_delaunay(points);
  ASSERT_EQ(t.triangles.size(), 4u);
  for (const auto& tri : t.triangles) {
    EXPECT_TRUE(tri[0] == 4 || tri[1] == 4 || tri[2] == 4) << "every triangle uses the centre";
    EXPECT_GT(signed_area(points[tri[0]], points[tri[1]], points[tri[2]]), 0.0);
  }
  std::set<std::pair<int, int>> boundary;
  for (const auto& e : t.boundary) boundary.insert({e[0], e[1]});
  EXPECT_EQ(boundary, (std::set<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}, {0, 3}}));
}

TEST(BlendSpaceTriangulation, ScatteredPointsCoverTheHullAndKeepCircumcirclesEmpty) {
  // The corners of a 4 x 3 rectangle and interior points from a fixed linear congruential
  // sequence: the triangles must tile the rectangle (area 12) and be Delaunay.
  std::vector<glm::vec2> points{{0, 0}, {4, 0}, {4, 3}, {0, 3}};
  unsigned state = 12345u;
  auto next = [&state] {
    state = state * 1103515245u + 12345u;
    return static_cast<float>((state >> 8) % 1000u) / 1000.0f;
  };
  for (int i = 0; i < 30; ++i) points.push_back({0.1f + 3.8f * next(), 0.1f + 2.8f * next()});

  const BlendTriangulation t = triangulate_delaunay(points);
  double area = 0.0;
  for (const auto& tri : t.triangles) {
    const glm::dvec2 a = points[tri[0]], b = points[tri[1]], c = points[tri[2]];
    area += signed_area(a, b, c);
    for (std::size_t p = 0; p < points.size(); ++p) {
      if (static_cast<int>(p) == tri[0] || static_cast<int>(p) == tri[1] ||
          static_cast<int>(p) == tri[2]) {
        continue;
      }
      const glm::dvec2 d = points[p];
      const glm::dvec2 da = a - d, db = b - d, dc = c - d;
      const double det = glm::dot(da, da) * (db.x * dc.y - db.y * dc.x) -
                         glm::dot(db, db) * (da.x * dc.y - da.y * dc.x) +
                         glm::dot(dc, dc) * (da.x * db.y - da.y * db.x);
      EXPECT_LE(det, 1e-9) << "point " << p << " inside a circumcircle";
    }
  }
  EXPECT_NEAR(area, 12.0, 1e-6);
  // Euler: a triangulation of n points with h on the hull has 2n - 2 - h triangles. The hull
  // holds the 4 corners only (interior points stay 0.1 away from the sides).
  EXPECT_EQ(t.triangles.size(), 2 * points.size() - 2 - 4);
}

TEST(BlendSpaceTriangulation, RegularGridWithCocircularAndCollinearPointsIsComplete) {
  // A 5 x 5 grid: every cell's corners share a circle and the hull has collinear points.
  // Two triangles per cell and 16 boundary edges, none dropped as slivers.
  std::vector<glm::vec2> points;
  for (int y = 0; y < 5; ++y) {
    for (int x = 0; x < 5; ++x) points.push_back({static_cast<float>(x), static_cast<float>(y)});
  }
  const BlendTriangulation t = triangulate_delaunay(points);
  EXPECT_EQ(t.triangles.size(), 32u);
  EXPECT_EQ(t.boundary.size(), 16u);
  double area = 0.0;
  for (const auto& tri : t.triangles)
    area += signed_area(points[tri[0]], points[tri[1]], points[tri[2]]);
  EXPECT_NEAR(area, 16.0, 1e-9);
}

TEST(BlendSpaceTriangulation, CollinearSamplesGiveAChainInLineOrder) {
  const std::vector<glm::vec2> points{{2, 2}, {0, 0}, {3, 3}, {1, 1}};
  const BlendTriangulation t = triangulate_delaunay(points);
  EXPECT_TRUE(t.triangles.empty());
  // Neighbours along the line, whichever way the chain runs.
  std::set<std::pair<int, int>> edges;
  for (const auto& e : t.boundary) edges.insert({std::min(e[0], e[1]), std::max(e[0], e[1])});
  EXPECT_EQ(t.boundary.size(), 3u);
  EXPECT_EQ(edges, (std::set<std::pair<int, int>>{{1, 3}, {0, 3}, {0, 2}}));
}

TEST(BlendSpaceTriangulation, OneSampleHasNoTrianglesAndNoBoundary) {
  const std::vector<glm::vec2> points{{1, 2}};
  const BlendTriangulation t = triangulate_delaunay(points);
  EXPECT_TRUE(t.triangles.empty());
  EXPECT_TRUE(t.boundary.empty());
}

}  // namespace
}  // namespace anim
