#include "render/ground_grid.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

namespace render {
namespace {

// Rough ground is drawn from cells this size (the viewer's terrain mesh uses the same, so at the
// usual spacings both meshes share their vertices and the grid lies exactly on the ground), and
// at most this many cells a side when the camera is far (every vertex costs without a GPU).
constexpr float kRoughCell_m = 0.25f;
constexpr int kMaxRoughCells = 192;

}  // namespace

float grid_spacing(float height_m) {
  const float h = std::isfinite(height_m) ? std::clamp(height_m, 1e-3f, 1e5f) : 2.0f;
  return 0.5f * std::pow(10.0f, std::round(std::log10(h / 2.0f)));
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

GridLayout grid_layout(const anim::Terrain& terrain, const glm::mat4& view_projection) {
  GridLayout layout;
  float height = 2.0f;
  grid_focus(view_projection, anim::probe(terrain, 0.0f, 0.0f).height_m, layout.focus_xz, height);
  layout.spacing_m = grid_spacing(height);
  layout.reach_m = kGridReachSpacings * layout.spacing_m;
  return layout;
}

bool grid_faces_are_gentle(const anim::Terrain& terrain) {
  if (terrain.shape == anim::TerrainShape::Flat) return true;
  if (terrain.shape != anim::TerrainShape::Slope) return false;  // risers, bumps
  const glm::vec3 normal = anim::probe(terrain, 0.0f, 0.0f).normal;
  return std::max(std::abs(normal.x), std::abs(normal.z)) < 0.85f;
}

GroundGrid::~GroundGrid() {
  if (ebo_) glDeleteBuffers(1, &ebo_);
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
}

std::string GroundGrid::init() {
  if (std::string e = program_.load({"grid.vert", "grid.frag", {}, {}}); !e.empty()) return e;
  if (std::string e = gentle_program_.load({"grid.vert", "grid.frag", {}, {"GENTLE_FACES"}});
      !e.empty()) {
    return e;
  }
  if (!vao_) {
    glCreateVertexArrays(1, &vao_);
    glCreateBuffers(1, &vbo_);
    glCreateBuffers(1, &ebo_);
    glVertexArrayVertexBuffer(vao_, 0, vbo_, 0, sizeof(glm::vec3));
    glVertexArrayElementBuffer(vao_, ebo_);
    glEnableVertexArrayAttrib(vao_, 0);
    glVertexArrayAttribFormat(vao_, 0, 3, GL_FLOAT, GL_FALSE, 0);
    glVertexArrayAttribBinding(vao_, 0, 0);
  }
  return {};
}

void GroundGrid::build_surface(const anim::Terrain& terrain, glm::vec2 center_xz,
                               float half_extent_m) {
  if (terrain == built_terrain_ && center_xz == built_center_ &&
      half_extent_m == built_half_extent_m_) {
    return;
  }
  // Flat ground and slopes are planes: one quad. Stairs come as treads and risers whatever the
  // cell count; rough ground follows its bumps.
  const int cells = terrain.shape == anim::TerrainShape::Rough
                        ? std::min(static_cast<int>(std::ceil(2.0f * half_extent_m / kRoughCell_m)),
                                   kMaxRoughCells)
                        : 1;
  const anim::TerrainMesh mesh = anim::build_terrain_mesh(terrain, center_xz, half_extent_m, cells);
  glNamedBufferData(vbo_, static_cast<GLsizeiptr>(mesh.positions.size() * sizeof(glm::vec3)),
                    mesh.positions.data(), GL_STATIC_DRAW);
  glNamedBufferData(ebo_, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
                    mesh.indices.data(), GL_STATIC_DRAW);
  index_count_ = static_cast<int>(mesh.indices.size());
  built_terrain_ = terrain;
  built_center_ = center_xz;
  built_half_extent_m_ = half_extent_m;
}

void GroundGrid::draw(const anim::Terrain& terrain, const glm::mat4& view_projection) {
  const ShaderProgram& program = grid_faces_are_gentle(terrain) ? gentle_program_ : program_;
  if (!program.valid()) return;
  const GridLayout layout = grid_layout(terrain, view_projection);
  // The surface covers the fade's square, snapped to five spacings (major lines) so it is
  // rebuilt only when the focus has moved that far.
  const float snap = 5.0f * layout.spacing_m;
  build_surface(terrain, glm::round(layout.focus_xz / snap) * snap, layout.reach_m + snap);
  if (index_count_ == 0) return;
  program.use();
  program.set("u_view_projection", view_projection);
  program.set("u_focus", glm::vec3(layout.focus_xz.x, 0.0f, layout.focus_xz.y));
  program.set("u_spacing", layout.spacing_m);
  program.set("u_reach", layout.reach_m);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  // Pulled towards the eye a little, so the grid wins against the ground drawn from the same
  // (or a slightly different) triangulation.
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1.0f, -4.0f);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glBindVertexArray(vao_);
  glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  glDisable(GL_BLEND);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDepthFunc(GL_LESS);
}

}  // namespace render
