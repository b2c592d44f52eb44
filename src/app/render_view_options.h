#pragma once
// The options of `animview render` that choose what the picture shows and from where, named as
// f3d names them so one camera can be handed to both: --camera-position X,Y,Z,
// --camera-focal-point X,Y,Z, --camera-view-up X,Y,Z, --camera-view-angle DEG (vertical field
// of view), --no-ground (a plain background: no grid, ground, shadow or sky), and a hidden
// --debug-material for the reference tests (untextured: textures dropped; flip-v: every UV's v
// mirrored). --rest-pose (the file's own node pose, as f3d draws it) is a frame option
// (frame_options.h).

#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <glm/glm.hpp>

#include "import/character.h"
#include "render/orbit_camera.h"
#include "visual/view_settings.h"

namespace app {

struct RenderViewOptions {
  std::optional<glm::vec3> camera_position;
  std::optional<glm::vec3> camera_focal_point;
  std::optional<glm::vec3> camera_view_up;
  std::optional<float> camera_view_angle_deg;
  bool no_ground = false;
  std::string debug_material;  // "", "untextured" or "flip-v"
  std::string shading = "material";
};

// Adds the options above to cmd, writing into options (which must outlive cmd's parsing).
void add_render_view_options(CLI::App& cmd, RenderViewOptions& options);

// "X,Y,Z" as a vector; nullopt when the text is not three finite numbers.
std::optional<glm::vec3> parse_vec3(const std::string& text);

// The view-projection of the picture: the camera options where given, the framing camera's
// eye, target, up (+Y) and field of view for the rest. Near and far planes follow the distance
// to the focal point. Returns "" or why the camera is degenerate (position on the focal point,
// view up along the view direction).
std::string render_view_projection(const RenderViewOptions& options,
                                   const render::OrbitCamera& framing, float aspect,
                                   glm::mat4& out);

// What the options change in the view settings (ground, sky, shadows, shading).
void apply_render_view_options(const RenderViewOptions& options, visual::SceneView& view);

// The test-only material variants: "untextured" drops every texture (factors stay),
// "flip-v" mirrors every UV's v (v' = 1 - v), the classic upside-down texture bug.
void apply_debug_material(const std::string& variant, importer::Character& character);

}  // namespace app
