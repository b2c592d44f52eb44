#include "anim/terrain.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "anim/index.h"
#include "anim/math.h"

namespace anim {

namespace {

constexpr float kTwoPi = 2.0f * std::numbers::pi_v<float>;

// Height and gradient (dh/dx, dh/dz) of one shape, for a terrain that passed validate.
struct HeightGradient {
  float height_m;
  glm::vec2 gradient;
};

glm::vec2 uphill_unit(const Terrain& t) {
  return glm::normalize(t.uphill_xz);
}

// Two products of sines at incommensurate frequencies: smooth, bounded by the amplitude, with
// an exact gradient, and the same for every run (no random seed to carry around).
HeightGradient rough_height(const Terrain& t, float x, float z) {
  const float k = kTwoPi / t.rough_wavelength_m;
  const float a = k * x;
  const float b = 0.8f * k * z + 0.5f;
  const float c = 1.7f * k * (0.6f * x + 0.8f * z) + 1.0f;
  const float amp = t.rough_amplitude_m;
  const float height = amp * (0.6f * std::sin(a) * std::cos(b) + 0.4f * std::sin(c));
  const float dx =
      amp * (0.6f * k * std::cos(a) * std::cos(b) + 0.4f * 1.7f * k * 0.6f * std::cos(c));
  const float dz =
      amp * (-0.6f * 0.8f * k * std::sin(a) * std::sin(b) + 0.4f * 1.7f * k * 0.8f * std::cos(c));
  return {height, {dx, dz}};
}

// A slope's rise per metre uphill, and its height over its base at (x, z) with uphill unit: the
// same arithmetic for probes and for the smoothed height of a character's root.
float slope_rise(const Terrain& t) {
  return std::tan(glm::radians(t.slope_deg));
}

float slope_height(float base_m, float rise, glm::vec2 uphill, float x, float z) {
  return base_m + rise * (x * uphill.x + z * uphill.y);
}

// The upward normal of the surface y = h(x, z) with gradient (dh/dx, dh/dz): (-dh/dx, 1, -dh/dz),
// normalized.
glm::vec3 normal_of(glm::vec2 gradient) {
  return glm::normalize(glm::vec3(-gradient.x, 1.0f, -gradient.y));
}

// The probe of rough ground at (x, z) over its base. Not inlined: its sines' calls would have
// every probe set up a stack frame, the planes' and stairs' too.
[[gnu::noinline]] GroundProbe rough_probe(const Terrain& t, float base_m, float x, float z) {
  const HeightGradient hg = rough_height(t, x, z);
  return {base_m + hg.height_m, normal_of(hg.gradient)};
}

// validate's cause as a literal, nullptr for a valid terrain: probes check every call without
// building a string.
const char* invalid_reason(const Terrain& t) {
  if (!std::isfinite(t.base_height_m)) return "terrain base_height_m is not finite";
  const bool directional = t.shape == TerrainShape::Slope || t.shape == TerrainShape::Stairs;
  if (directional && (!finite(t.uphill_xz) || glm::length(t.uphill_xz) < 1e-6f)) {
    return "terrain uphill_xz is zero or not finite";
  }
  switch (t.shape) {
    case TerrainShape::Flat:
      break;
    case TerrainShape::Slope:
      if (!(std::fabs(t.slope_deg) < 80.0f)) return "terrain slope_deg is not within (-80, 80)";
      break;
    case TerrainShape::Stairs:
      if (!(t.step_depth_m > 0.0f) || !std::isfinite(t.step_depth_m)) {
        return "terrain step_depth_m is not a positive number";
      }
      if (!(t.step_height_m >= 0.0f) || !std::isfinite(t.step_height_m)) {
        return "terrain step_height_m is negative or not finite";
      }
      break;
    case TerrainShape::Rough:
      if (!(t.rough_wavelength_m > 0.0f) || !std::isfinite(t.rough_wavelength_m)) {
        return "terrain rough_wavelength_m is not a positive number";
      }
      if (!(t.rough_amplitude_m >= 0.0f) || !std::isfinite(t.rough_amplitude_m)) {
        return "terrain rough_amplitude_m is negative or not finite";
      }
      break;
    default:
      return "terrain shape is not one of Flat, Slope, Stairs, Rough";
  }
  return nullptr;
}

}  // namespace

std::string validate(const Terrain& t) {
  const char* reason = invalid_reason(t);
  return reason ? reason : "";
}

GroundProber::GroundProber(const Terrain& terrain) : terrain_(terrain) {
  base_m_ = std::isfinite(terrain.base_height_m) ? terrain.base_height_m : 0.0f;
  valid_ = invalid_reason(terrain) == nullptr;
  if (!valid_) return;
  if (terrain.shape == TerrainShape::Slope || terrain.shape == TerrainShape::Stairs) {
    uphill_ = uphill_unit(terrain);
  }
  // A slope's gradient is rise * uphill everywhere; flat ground and treads have none.
  if (terrain.shape == TerrainShape::Slope) {
    rise_ = slope_rise(terrain);
    normal_ = normal_of(rise_ * uphill_);
  } else {
    normal_ = normal_of(glm::vec2(0.0f));
  }
}

GroundProbe GroundProber::at(float x, float z) const {
  // One probe filled field by field and returned whole: returning a new one from each case had
  // the compiler build it on the stack from three separate stores and read it back as two
  // registers that each spanned two of them, a read that waits for the stores to reach the cache
  // (foot IK's feet wait on these probes every frame).
  GroundProbe out{base_m_, {0.0f, 1.0f, 0.0f}};
  if (!valid_ || !std::isfinite(x) || !std::isfinite(z)) return out;
  switch (terrain_.shape) {
    case TerrainShape::Flat:
      out.height_m = base_m_ + 0.0f;
      out.normal = normal_;
      break;
    case TerrainShape::Slope:
      out.height_m = slope_height(base_m_, rise_, uphill_, x, z);
      out.normal = normal_;
      break;
    case TerrainShape::Stairs: {
      const float step = std::floor((x * uphill_.x + z * uphill_.y) / terrain_.step_depth_m);
      out.height_m = base_m_ + step * terrain_.step_height_m;
      out.normal = normal_;
      break;
    }
    case TerrainShape::Rough:
      return rough_probe(terrain_, base_m_, x, z);
  }
  return out;
}

GroundProbe probe(const Terrain& terrain, float x, float z) {
  return GroundProber(terrain).at(x, z);
}

float GroundProber::smoothed_height(float x, float z) const {
  // Flat ground is its base everywhere (what probe gives), asked by every instance every frame.
  if (valid_ && terrain_.shape == TerrainShape::Flat) return base_m_ + 0.0f;
  if (!valid_ || !std::isfinite(x) || !std::isfinite(z)) return at(x, z).height_m;
  switch (terrain_.shape) {
    case TerrainShape::Slope:
      return slope_height(base_m_, rise_, uphill_, x, z);
    case TerrainShape::Stairs: {
      const float along = glm::dot(glm::vec2(x, z), uphill_);
      return base_m_ + terrain_.step_height_m * (along / terrain_.step_depth_m - 0.5f);
    }
    case TerrainShape::Flat:  // above
    case TerrainShape::Rough:
      break;
  }
  return at(x, z).height_m;
}

float smoothed_height(const Terrain& terrain, float x, float z) {
  return GroundProber(terrain).smoothed_height(x, z);
}

namespace {

void add_quad(TerrainMesh& mesh, const glm::vec3 (&corners)[4], const glm::vec3& normal) {
  // corners go around the quad; the triangles are wound so that their face normal agrees with
  // normal (counter-clockwise seen from the side the normal points to).
  const auto first = static_cast<std::uint32_t>(mesh.positions.size());
  for (const glm::vec3& c : corners) {
    mesh.positions.push_back(c);
    mesh.normals.push_back(normal);
  }
  const glm::vec3 face = glm::cross(corners[1] - corners[0], corners[2] - corners[0]);
  const bool flip = glm::dot(face, normal) < 0.0f;
  const std::uint32_t order[6] = {0, 1, 2, 0, 2, 3};
  for (int i = 0; i < 6; ++i) {
    const std::uint32_t k = flip ? order[5 - i] : order[i];
    mesh.indices.push_back(first + k);
  }
}

// Stairs as flat treads and upright risers, in a square whose sides follow the uphill
// direction, so every riser is one quad across the square.
TerrainMesh build_stairs_mesh(const Terrain& t, glm::vec2 center, float half) {
  TerrainMesh mesh;
  const glm::vec2 u = uphill_unit(t);
  const glm::vec2 v{-u.y, u.x};
  const float center_u = glm::dot(center, u);
  const float center_v = glm::dot(center, v);
  auto point = [&](float pu, float pv, float y) {
    const glm::vec2 xz = pu * u + pv * v;
    return glm::vec3(xz.x, y, xz.y);
  };
  const float u_begin = center_u - half;
  const float u_end = center_u + half;
  const float v0 = center_v - half;
  const float v1 = center_v + half;
  const float first_step = std::floor(u_begin / t.step_depth_m);
  const float last_step = std::floor(u_end / t.step_depth_m);
  for (float step = first_step; step <= last_step; step += 1.0f) {
    const float a = std::max(u_begin, step * t.step_depth_m);
    const float b = std::min(u_end, (step + 1.0f) * t.step_depth_m);
    const float y = t.base_height_m + step * t.step_height_m;
    if (b > a) {
      add_quad(mesh, {point(a, v0, y), point(b, v0, y), point(b, v1, y), point(a, v1, y)},
               {0.0f, 1.0f, 0.0f});
    }
    if (step > first_step && t.step_height_m > 0.0f) {
      const float below = y - t.step_height_m;
      const glm::vec3 facing_down = -glm::vec3(u.x, 0.0f, u.y);
      add_quad(mesh, {point(a, v0, below), point(a, v1, below), point(a, v1, y), point(a, v0, y)},
               facing_down);
    }
  }
  return mesh;
}

}  // namespace

TerrainMesh build_terrain_mesh(const Terrain& terrain, glm::vec2 center_xz, float half_extent_m,
                               int cells_per_side) {
  if (!(half_extent_m > 0.0f) || !std::isfinite(half_extent_m) || !finite(center_xz)) return {};
  if (terrain.shape == TerrainShape::Stairs && validate(terrain).empty()) {
    return build_stairs_mesh(terrain, center_xz, half_extent_m);
  }
  const int cells = std::clamp(cells_per_side, 1, 1024);
  const int side = cells + 1;
  TerrainMesh mesh;
  mesh.positions.reserve(as_size(side) * side);
  mesh.normals.reserve(mesh.positions.capacity());
  mesh.indices.reserve(as_size(cells) * cells * 6);
  const float cell = 2.0f * half_extent_m / static_cast<float>(cells);
  const GroundProber prober(terrain);
  for (int row = 0; row < side; ++row) {
    for (int col = 0; col < side; ++col) {
      const float x = center_xz.x - half_extent_m + cell * static_cast<float>(col);
      const float z = center_xz.y - half_extent_m + cell * static_cast<float>(row);
      const GroundProbe g = prober.at(x, z);
      mesh.positions.emplace_back(x, g.height_m, z);
      mesh.normals.push_back(g.normal);
    }
  }
  // Rows run along +z, columns along +x: (col, row) -> (col, row + 1) -> (col + 1, row) turns
  // counter-clockwise seen from above (+z then +x gives a +y face normal).
  for (int row = 0; row < cells; ++row) {
    for (int col = 0; col < cells; ++col) {
      const auto i00 = static_cast<std::uint32_t>(row * side + col);
      const std::uint32_t i10 = i00 + 1;
      const auto i01 = static_cast<std::uint32_t>(i00 + side);
      const std::uint32_t i11 = i01 + 1;
      for (std::uint32_t i : {i00, i01, i10, i10, i01, i11}) mesh.indices.push_back(i);
    }
  }
  return mesh;
}

}  // namespace anim
