#include "app/render_view_options.h"

#include <cmath>
#include <cstdlib>

#include <glm/gtc/matrix_transform.hpp>

namespace app {
namespace {

// A CLI option that parses "X,Y,Z" into target.
void add_vec3_option(CLI::App& cmd, const std::string& name, std::optional<glm::vec3>& target,
                     const std::string& description) {
  cmd.add_option_function<std::string>(
         name,
         [&target, name](const std::string& text) {
           target = parse_vec3(text);
           if (!target) throw CLI::ValidationError(name, "expected X,Y,Z, got '" + text + "'");
         },
         description)
      ->type_name("X,Y,Z");
}

}  // namespace

std::optional<glm::vec3> parse_vec3(const std::string& text) {
  glm::vec3 v;
  const char* p = text.c_str();
  for (int i = 0; i < 3; ++i) {
    char* end = nullptr;
    v[i] = std::strtof(p, &end);
    if (end == p || !std::isfinite(v[i])) return std::nullopt;
    p = end;
    if (i < 2) {
      if (*p != ',') return std::nullopt;
      ++p;
    }
  }
  if (*p != '\0') return std::nullopt;
  return v;
}

void add_render_view_options(CLI::App& cmd, RenderViewOptions& options) {
  add_vec3_option(cmd, "--camera-position", options.camera_position,
                  "Camera position (the frame `animview pose --json` prints)");
  add_vec3_option(cmd, "--camera-focal-point", options.camera_focal_point,
                  "The point the camera looks at");
  add_vec3_option(cmd, "--camera-view-up", options.camera_view_up, "The camera's up direction");
  cmd.add_option_function<float>(
         "--camera-view-angle",
         [&options](float degrees) { options.camera_view_angle_deg = degrees; },
         "Vertical field of view in degrees")
      ->check(CLI::Range(1.0f, 170.0f));
  cmd.add_flag("--no-ground", options.no_ground,
               "No grid, ground, shadow or sky: a plain background");
  cmd.add_option("--shading", options.shading, "How the mesh is lit")
      ->check(CLI::IsMember({"material", "matcap", "clay"}));
  // For the reference tests: the pictures that must fail the colour comparison.
  cmd.add_option("--debug-material", options.debug_material)
      ->check(CLI::IsMember({"", "untextured", "flip-v"}))
      ->group("");
}

std::string render_view_projection(const RenderViewOptions& options,
                                   const render::OrbitCamera& framing, float aspect,
                                   glm::mat4& out) {
  const glm::vec3 eye = options.camera_position.value_or(framing.eye());
  const glm::vec3 focal = options.camera_focal_point.value_or(framing.target);
  const glm::vec3 up = options.camera_view_up.value_or(glm::vec3(0.0f, 1.0f, 0.0f));
  const float fov_y =
      options.camera_view_angle_deg ? glm::radians(*options.camera_view_angle_deg) : framing.fov_y;
  const float distance = glm::length(focal - eye);
  if (!(distance > 1e-6f)) return "the camera position is on its focal point";
  if (glm::length(glm::cross(up, focal - eye)) < 1e-6f * distance * glm::length(up)) {
    return "the camera's view up is along its view direction";
  }
  const float near_m = distance * 0.01f;
  const float far_m = distance * 100.0f;
  out = glm::perspective(fov_y, aspect, near_m, far_m) * glm::lookAt(eye, focal, up);
  return {};
}

void apply_render_view_options(const RenderViewOptions& options, visual::SceneView& view) {
  // The render command shows the ground, shadows and sky unless told not to.
  view.show_ground = !options.no_ground;
  if (options.no_ground) view.show_grid = false;
  view.shading = visual::parse_shading_mode(options.shading);
}

void apply_debug_material(const std::string& variant, importer::Character& character) {
  if (variant == "untextured") {
    for (visual::Material& m : character.materials) {
      m.base_color_texture = {};
      m.metallic_roughness_texture = {};
      m.normal_texture = {};
      m.occlusion_texture = {};
      m.emissive_texture = {};
    }
  } else if (variant == "flip-v") {
    for (anim::SkinnedMesh& mesh : character.meshes) {
      for (glm::vec2& uv : mesh.uvs) uv.y = 1.0f - uv.y;
    }
  }
}

}  // namespace app
