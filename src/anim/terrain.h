#pragma once
// Terrain: the ground the viewer stands a character on, as a height function over the ground
// plane with analytic normals (Y-up, metres). Foot IK probes it under each foot; the renderer
// draws the grid that build_terrain_mesh makes from it. Probing is pure arithmetic: no
// allocation, safe on the per-frame path.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace anim {

enum class TerrainShape {
  Flat,    // y = base_height_m everywhere
  Slope,   // a plane rising by tan(slope_deg) per metre along uphill_xz
  Stairs,  // treads step_depth_m deep, each step_height_m higher along uphill_xz
  Rough,   // smooth rolling bumps of about rough_amplitude_m (a sum of sines, no seed)
};

// The parameters of every shape; each shape reads the fields named in its comment above plus
// base_height_m (the height at the origin). uphill_xz is the ground-plane direction (x, z) in
// which slopes and stairs rise; it need not be normalized. Stairs have their first riser at the
// origin: the tread of step k (k = floor(distance along uphill / step_depth_m)) is at height
// base_height_m + k * step_height_m, so the ground below the origin's tread is lower.
struct Terrain {
  TerrainShape shape = TerrainShape::Flat;
  float base_height_m = 0.0f;
  glm::vec2 uphill_xz{0.0f, 1.0f};
  float slope_deg = 15.0f;
  float step_height_m = 0.15f;
  float step_depth_m = 0.40f;
  float rough_amplitude_m = 0.05f;
  float rough_wavelength_m = 1.5f;

  // Every field equal (renderers rebuild their meshes when the terrain changes).
  bool operator==(const Terrain&) const = default;
};

// Checks that the fields the shape reads are finite and in range: uphill_xz not zero, slope in
// (-80, 80) degrees, step depth > 0, step height >= 0, wavelength > 0, amplitude >= 0. Returns
// an empty string when valid, otherwise the cause naming the field.
std::string validate(const Terrain& terrain);

// The ground under a point of the ground plane: its height and its unit upward normal. On
// stairs the normal is the tread's (+Y); the vertical risers have no probe of their own.
struct GroundProbe {
  float height_m = 0.0f;
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
};

// Probes the ground at (x, z). For a terrain that fails validate the result is flat ground at
// base_height_m (or 0 when that is not finite), so a bad UI value never produces NaN.
GroundProbe probe(const Terrain& terrain, float x, float z);

// probe for many points of one terrain: what depends on the terrain alone (its validity, the
// uphill direction, a slope's rise and the normal of a plane or a tread) is worked out once, not
// at every point (foot IK probes each heel and toe every frame). probe(terrain, x, z) is
// GroundProber(terrain).at(x, z). Keeps a copy of the terrain, so that a caller probing every
// frame can keep one prober for as long as its terrain is the same (a character instance does).
class GroundProber {
 public:
  explicit GroundProber(const Terrain& terrain);
  GroundProbe at(float x, float z) const;
  // smoothed_height(terrain(), x, z), from what the prober worked out once.
  float smoothed_height(float x, float z) const;
  const Terrain& terrain() const { return terrain_; }

 private:
  Terrain terrain_;
  bool valid_ = false;
  float base_m_ = 0.0f;
  glm::vec2 uphill_{0.0f, 1.0f};        // unit; slopes and stairs
  float rise_ = 0.0f;                   // a slope's tan(slope_deg)
  glm::vec3 normal_{0.0f, 1.0f, 0.0f};  // every shape's but Rough's
};

// The ground height with stairs smoothed into the ramp through the middles of their treads; the
// same as probe's height for the other shapes. For placing a character's root (the y of
// world_from_model in foot IK), which should glide up stairs rather than jump at each riser.
// GroundProber(terrain).smoothed_height(x, z).
float smoothed_height(const Terrain& terrain, float x, float z);

// A triangle grid for drawing: positions with their normals and counter-clockwise (seen from
// above) triangle indices. Plain vectors, so the anim layer needs no GPU types.
struct TerrainMesh {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
  std::vector<std::uint32_t> indices;
};

// A square grid of cells_per_side x cells_per_side cells centred on center_xz, half_extent_m
// from the centre to each edge, with vertices on the height function. Stairs are drawn instead
// as flat treads and upright risers (one quad each) in a square of the same size whose sides
// follow uphill_xz, so risers do not turn into ramps. cells_per_side is clamped to [1, 1024];
// a half_extent_m that is not a positive number gives an empty mesh.
TerrainMesh build_terrain_mesh(const Terrain& terrain, glm::vec2 center_xz, float half_extent_m,
                               int cells_per_side);

}  // namespace anim
