#include "render/ground_grid.h"

#include <algorithm>
#include <cmath>

#include "render/line_renderer.h"

namespace render {
namespace {

constexpr int kHalfLines = 20;  // lines on each side of the focus

}  // namespace

float grid_spacing(float height_m) {
  const float h = std::isfinite(height_m) ? std::clamp(height_m, 1e-3f, 1e5f) : 2.0f;
  return 0.5f * std::pow(10.0f, std::round(std::log10(h / 2.0f)));
}

void build_ground_grid(const anim::Terrain& terrain, glm::vec2 focus_xz, float height_m,
                       std::vector<GridSegment>& out) {
  out.clear();
  const float spacing = grid_spacing(height_m);
  const float extent = kHalfLines * spacing;
  // Snapped to five spacings: major lines stay major as the grid follows the camera.
  const glm::vec2 centre = glm::round(focus_xz / (5.0f * spacing)) * (5.0f * spacing);
  const bool flat = terrain.shape == anim::TerrainShape::Flat;
  const bool stairs = terrain.shape == anim::TerrainShape::Stairs;
  // Flat ground needs segments only for the fade; uneven ground follows the height closely.
  const int pieces = flat ? 2 * kHalfLines : 8 * kHalfLines;
  const float lift = 0.01f * spacing;
  const glm::vec4 minor(0.42f, 0.42f, 0.45f, 1.0f), major(0.55f, 0.55f, 0.6f, 1.0f);
  const auto point = [&](float x, float z) {
    return glm::vec3(x, anim::probe(terrain, x, z).height_m + lift, z);
  };
  const auto fade = [&](const glm::vec3& p) {
    const float r = glm::length(glm::vec2(p.x, p.z) - centre) / extent;
    return std::clamp(1.0f - r * r, 0.0f, 1.0f);
  };
  for (int i = -kHalfLines; i <= kHalfLines; ++i) {
    for (int axis = 0; axis < 2; ++axis) {
      // axis 0: a line along z at x = c; axis 1: a line along x at z = c.
      const float c = (axis == 0 ? centre.x : centre.y) + static_cast<float>(i) * spacing;
      const long world_index = std::lround(c / spacing);
      glm::vec4 color = world_index % 5 == 0 ? major : minor;
      if (world_index == 0) {
        color = axis == 0 ? glm::vec4(0.3f, 0.3f, 0.9f, 1.0f)   // the z axis
                          : glm::vec4(0.9f, 0.3f, 0.3f, 1.0f);  // the x axis
      }
      const float start = (axis == 0 ? centre.y : centre.x) - extent;
      for (int k = 0; k < pieces; ++k) {
        const float t0 = start + 2.0f * extent * static_cast<float>(k) / pieces;
        const float t1 = start + 2.0f * extent * static_cast<float>(k + 1) / pieces;
        const glm::vec3 a = axis == 0 ? point(c, t0) : point(t0, c);
        const glm::vec3 b = axis == 0 ? point(c, t1) : point(t1, c);
        const float alpha = std::min(fade(a), fade(b));
        if (alpha <= 0.0f) continue;
        const glm::vec4 faded(glm::vec3(color), color.w * alpha);
        if (!stairs || std::abs(a.y - b.y) < 1e-4f) {
          out.push_back({a, b, faded});
          continue;
        }
        // A riser between a and b: find its edge (heights are constant on a tread) and go
        // along the lower tread, up the riser, along the upper one, instead of through the step.
        float lo = 0.0f, hi = 1.0f;
        for (int iteration = 0; iteration < 12; ++iteration) {
          const float mid = 0.5f * (lo + hi);
          const glm::vec3 m = glm::mix(a, b, mid);
          (std::abs(point(m.x, m.z).y - a.y) < 1e-4f ? lo : hi) = mid;
        }
        const glm::vec3 edge = glm::mix(a, b, hi);
        out.push_back({a, glm::vec3(edge.x, a.y, edge.z), faded});
        out.push_back({glm::vec3(edge.x, a.y, edge.z), glm::vec3(edge.x, b.y, edge.z), faded});
        out.push_back({glm::vec3(edge.x, b.y, edge.z), b, faded});
      }
    }
  }
}

void grid_focus(const glm::mat4& view_projection, float ground_y_m, glm::vec2& focus_xz,
                float& height_m) {
  const glm::mat4 inverse = glm::inverse(view_projection);
  const glm::vec4 n = inverse * glm::vec4(0.0f, 0.0f, -1.0f, 1.0f);
  const glm::vec4 f = inverse * glm::vec4(0.0f, 0.0f, 1.0f, 1.0f);
  const glm::vec3 near_point = glm::vec3(n) / n.w, far_point = glm::vec3(f) / f.w;
  // An orthographic view (no perspective divide) has no eye: its scale is its half-height.
  const bool orthographic = view_projection[3][3] == 1.0f && view_projection[2][3] == 0.0f;
  const glm::vec3 centre = orthographic ? 0.5f * (near_point + far_point) : near_point;
  height_m = orthographic
                 ? 1.0f / glm::length(glm::vec3(view_projection[0][1], view_projection[1][1],
                                                view_projection[2][1]))
                 : std::abs(near_point.y - ground_y_m);
  height_m = std::max(height_m, 1e-3f);
  focus_xz = {centre.x, centre.z};
  const glm::vec3 dir = far_point - near_point;
  if (dir.y < -1e-6f) {  // looking down: where the view's centre meets the ground
    const float t = (ground_y_m - near_point.y) / dir.y;
    if (t > 0.0f && t < 1.0f)
      focus_xz = glm::vec2(near_point.x + t * dir.x, near_point.z + t * dir.z);
  }
}

void add_ground_grid(LineRenderer& lines, const anim::Terrain& terrain,
                     const glm::mat4& view_projection) {
  glm::vec2 focus;
  float height = 2.0f;
  grid_focus(view_projection, anim::probe(terrain, 0.0f, 0.0f).height_m, focus, height);
  static thread_local std::vector<GridSegment> segments;  // kept: no allocation per frame
  build_ground_grid(terrain, focus, height, segments);
  for (const GridSegment& s : segments) lines.add(s.a, s.b, s.color);
}

}  // namespace render
