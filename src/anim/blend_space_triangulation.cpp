#include "anim/blend_space_triangulation.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace anim {
namespace {

using Point = glm::dvec2;

double cross(const Point& a, const Point& b) {
  return a.x * b.y - a.y * b.x;
}

// Twice the signed area of (a, b, c): positive when counter-clockwise.
double orientation(const Point& a, const Point& b, const Point& c) {
  return cross(b - a, c - a);
}

// Whether p lies strictly inside the circumcircle of the counter-clockwise triangle (a, b, c).
bool in_circumcircle(const Point& a, const Point& b, const Point& c, const Point& p) {
  const Point da = a - p;
  const Point db = b - p;
  const Point dc = c - p;
  const double det = (glm::dot(da, da)) * cross(db, dc) - (glm::dot(db, db)) * cross(da, dc) +
                     (glm::dot(dc, dc)) * cross(da, db);
  return det > 0.0;
}

// Samples on one line (or fewer than three): the boundary is the chain along that line.
BlendTriangulation chain_along_line(const std::vector<Point>& points) {
  BlendTriangulation result;
  if (points.size() < 2) return result;
  // The line's direction: from the first point to the one farthest from it.
  Point direction{0.0};
  for (const Point& p : points) {
    if (glm::length(p - points[0]) > glm::length(direction)) direction = p - points[0];
  }
  std::vector<int> order(points.size());
  for (int i = 0; i < static_cast<int>(order.size()); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return glm::dot(points[a], direction) < glm::dot(points[b], direction);
  });
  for (std::size_t i = 0; i + 1 < order.size(); ++i)
    result.boundary.push_back({order[i], order[i + 1]});
  return result;
}

}  // namespace

BlendTriangulation triangulate_delaunay(std::span<const glm::vec2> positions) {
  std::vector<Point> points(positions.begin(), positions.end());
  const int n = static_cast<int>(points.size());
  if (n < 3) return chain_along_line(points);

  Point lo = points[0];
  Point hi = points[0];
  for (const Point& p : points) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  const double extent = std::max(hi.x - lo.x, hi.y - lo.y);
  // Collinear samples (relative to the extent) span no area: nothing to triangulate.
  bool collinear = true;
  for (int i = 2; i < n && collinear; ++i) {
    for (int j = 1; j < i && collinear; ++j) {
      if (std::abs(orientation(points[0], points[j], points[i])) > 1e-9 * extent * extent) {
        collinear = false;
      }
    }
  }
  if (collinear) return chain_along_line(points);

  // The enclosing triangle's corners are appended as points n, n+1, n+2. It is made very large
  // so that its corners do not cut off thin triangles along the samples' hull.
  const Point centre = (lo + hi) * 0.5;
  const double r = extent * 1000.0;
  points.push_back(centre + Point(-2.0 * r, -r));
  points.push_back(centre + Point(2.0 * r, -r));
  points.push_back(centre + Point(0.0, 2.0 * r));

  std::vector<std::array<int, 3>> triangles{{n, n + 1, n + 2}};
  for (int s = 0; s < n; ++s) {
    const Point& p = points[s];
    std::vector<std::array<int, 3>> kept;
    std::map<std::pair<int, int>, int> cavity_edges;  // undirected edge -> how many bad triangles
    std::vector<std::array<int, 2>> directed;         // the bad triangles' edges, in order
    for (const auto& t : triangles) {
      if (in_circumcircle(points[t[0]], points[t[1]], points[t[2]], p)) {
        for (int e = 0; e < 3; ++e) {
          const int a = t[e];
          const int b = t[(e + 1) % 3];
          ++cavity_edges[{std::min(a, b), std::max(a, b)}];
          directed.push_back({a, b});
        }
      } else {
        kept.push_back(t);
      }
    }
    // The cavity's outline is the set of edges that only one bad triangle has; joining each to
    // the new sample keeps the counter-clockwise order.
    for (const auto& [a, b] : directed) {
      if (cavity_edges[{std::min(a, b), std::max(a, b)}] == 1) kept.push_back({a, b, s});
    }
    triangles = std::move(kept);
  }

  BlendTriangulation result;
  std::map<std::pair<int, int>, int> edge_use;
  for (const auto& t : triangles) {
    if (t[0] >= n || t[1] >= n || t[2] >= n) continue;
    // Skip slivers of zero area that the large enclosing triangle can leave on straight hulls.
    if (orientation(points[t[0]], points[t[1]], points[t[2]]) <= 1e-12 * extent * extent) continue;
    result.triangles.push_back(t);
    for (int e = 0; e < 3; ++e) {
      const int a = t[e];
      const int b = t[(e + 1) % 3];
      ++edge_use[{std::min(a, b), std::max(a, b)}];
    }
  }
  for (const auto& [edge, count] : edge_use) {
    if (count == 1) result.boundary.push_back({edge.first, edge.second});
  }
  return result;
}

}  // namespace anim
