#include "render/skinned_mesh_renderer.h"

#include <glad/gl.h>

#include <array>
#include <cmath>
#include <span>
#include <vector>

#include <glm/gtc/matrix_inverse.hpp>

#include "anim/active_morph_targets.h"

namespace render {
namespace {

// Storage buffer binding of the captured reference skinning in the difference view.
constexpr unsigned kReferenceSkinningBinding = 3;
// Texture unit of the key light's shadow map (shaders/lighting.glsl).
constexpr unsigned kShadowMapUnit = 5;
// Storage buffer binding of a mesh's morph target deltas (shaders/skin_common.glsl).
constexpr unsigned kMorphDeltasBinding = 4;
// Floats per captured vertex: position and normal, interleaved as the capture varyings list.
constexpr int kCapturedFloats = 6;

const char* vertex_file(visual::SkinningChoice method) {
  return method == visual::SkinningChoice::Lbs ? "skin_lbs.vert" : "skin_dq.vert";
}

visual::SkinningChoice other(visual::SkinningChoice method) {
  return method == visual::SkinningChoice::Lbs ? visual::SkinningChoice::DualQuat
                                               : visual::SkinningChoice::Lbs;
}

const char* palette_name(visual::SkinningChoice method) {
  return method == visual::SkinningChoice::Lbs ? "matrix palette" : "dual-quaternion palette";
}

// Bit k: the material's texture on unit k is used (shaders/mesh.frag's k*Texture): it is valid
// and the mesh has UVs.
int bound_textures(const GpuMesh& mesh, const SurfaceMaterial& m) {
  const Texture2D* textures[5] = {m.base_color_texture, m.metallic_roughness_texture,
                                  m.normal_texture, m.occlusion_texture, m.emissive_texture};
  int bound = 0;
  for (int unit = 0; unit < 5; ++unit) {
    if (mesh.has_uvs() && textures[unit] && textures[unit]->valid()) bound |= 1 << unit;
  }
  return bound;
}

// Compiles the variant's program for method.
std::string load_surface(ShaderProgram& program, const MeshShaderVariant& variant) {
  return program.load({vertex_file(variant.method), "mesh.frag", {}, mesh_shader_defines(variant)});
}

}  // namespace

SkinnedMeshRenderer::~SkinnedMeshRenderer() {
  if (feedback_buffer_) glDeleteBuffers(1, &feedback_buffer_);
}

std::string SkinnedMeshRenderer::init() {
  ShaderProgram captures[2];
  std::map<MeshShaderVariant, ShaderProgram> surfaces;
  const visual::SkinningChoice methods[2] = {visual::SkinningChoice::Lbs,
                                             visual::SkinningChoice::DualQuat};
  for (int i = 0; i < 2; ++i) {
    std::string error =
        captures[i].load({vertex_file(methods[i]), "", {"v_world_position", "v_normal"}, {}});
    const MeshShaderVariant starts[3] = {
        mesh_shader_variant(methods[i], MeshPass::Color, visual::MeshColoring::Material,
                            ShadingMode::Material, false, 0, 0),
        mesh_shader_variant(methods[i], MeshPass::Color, visual::MeshColoring::SkinningDifference,
                            ShadingMode::Material, false, 0, 0),
        mesh_shader_variant(methods[i], MeshPass::DepthOnly, visual::MeshColoring::Material,
                            ShadingMode::Material, false, 0, 0)};
    for (const MeshShaderVariant& variant : starts) {
      if (error.empty()) error = load_surface(surfaces[variant], variant);
    }
    if (!error.empty()) return error;
  }
  lbs_capture_ = std::move(captures[0]);
  dual_quat_capture_ = std::move(captures[1]);
  surfaces_ = std::move(surfaces);
  return {};
}

const ShaderProgram* SkinnedMeshRenderer::surface_program(const MeshShaderVariant& variant,
                                                          std::string& error) {
  if (const auto found = surfaces_.find(variant); found != surfaces_.end()) return &found->second;
  ShaderProgram program;
  error = load_surface(program, variant);
  if (!error.empty()) return nullptr;
  return &surfaces_.emplace(variant, std::move(program)).first->second;
}

std::string SkinnedMeshRenderer::check(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
                                       visual::SkinningChoice method, int instance_count) {
  if (surfaces_.empty()) return "skinned mesh renderer: shaders not loaded (init)";
  if (mesh.vertex_array() == 0) return "skinned mesh renderer: the mesh was not uploaded";
  if (!palette.has(method)) {
    return std::string("skinned mesh renderer: no ") + palette_name(method) + " uploaded";
  }
  if (palette.joints_per_instance(method) < mesh.joint_count()) {
    return std::string("skinned mesh renderer: the ") + palette_name(method) + " has " +
           std::to_string(palette.joints_per_instance(method)) +
           " joints per instance, the mesh's skeleton " + std::to_string(mesh.joint_count());
  }
  if (instance_count < 1 || instance_count > palette.instance_count(method)) {
    return std::string("skinned mesh renderer: ") + std::to_string(instance_count) +
           " instances asked, the " + palette_name(method) + " holds " +
           std::to_string(palette.instance_count(method));
  }
  return {};
}

void SkinnedMeshRenderer::set_morph_targets(const ShaderProgram& program, const GpuMesh& mesh,
                                            std::span<const float> morph_weights,
                                            int instance_count) {
  const auto targets = static_cast<std::size_t>(mesh.morph_target_count());
  const bool shared = mesh.morph_buffer() != 0 && morph_weights.size() == targets;
  const bool per_instance =
      mesh.morph_buffer() != 0 && targets > 0 && instance_count > 1 &&
      morph_weights.size() == targets * static_cast<std::size_t>(instance_count) &&
      instance_morphs_.upload(morph_weights, mesh.morph_target_count(), instance_count).empty();
  program.set("u_morph_per_instance", per_instance ? 1 : 0);
  if (shared || per_instance) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kMorphDeltasBinding, mesh.morph_buffer());
    program.set("u_morph_vertex_count", mesh.vertex_count());
  }
  if (per_instance) instance_morphs_.bind();
  // Only targets of non-zero weight go to the shader: a face at rest costs nothing. Past the
  // shader's limit, the largest weights (as the CPU reference; the upload warned).
  std::array<int, anim::kMaxActiveMorphTargets> active_targets{};
  std::array<float, anim::kMaxActiveMorphTargets> weights{};
  const int active =
      shared ? anim::select_active_morph_targets(morph_weights, active_targets, weights) : 0;
  program.set("u_morph_count", active);
  if (active > 0) {
    glProgramUniform1iv(program.id(), glGetUniformLocation(program.id(), "u_morph_target"), active,
                        active_targets.data());
    glProgramUniform1fv(program.id(), glGetUniformLocation(program.id(), "u_morph_weight"), active,
                        weights.data());
  }
}

void SkinnedMeshRenderer::prepare(const ShaderProgram& program, const GpuMesh& mesh,
                                  const SkinningPaletteBuffer& palette,
                                  visual::SkinningChoice method,
                                  std::span<const float> morph_weights, int instance_count) {
  program.use();
  set_morph_targets(program, mesh, morph_weights, instance_count);
  program.set("u_joints_per_instance", palette.joints_per_instance(method));
  program.set("u_second_influence_set", mesh.has_second_influence_set() ? 1 : 0);
  if (method == visual::SkinningChoice::DualQuat) {
    program.set("u_apply_stretch", palette.stretched_joint_count() > 0 ? 1 : 0);
  }
  palette.bind(method);
}

void SkinnedMeshRenderer::capture(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
                                  visual::SkinningChoice method, int instance_count,
                                  std::span<const float> morph_weights) {
  const std::size_t bytes = static_cast<std::size_t>(mesh.vertex_count()) * instance_count *
                            kCapturedFloats * sizeof(float);
  if (!feedback_buffer_) glCreateBuffers(1, &feedback_buffer_);
  if (bytes > feedback_capacity_) {
    glNamedBufferData(feedback_buffer_, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
    feedback_capacity_ = bytes;
  }
  const ShaderProgram& program = capture_program(method);
  prepare(program, mesh, palette, method, morph_weights, instance_count);
  // Model space: the same frame as the CPU reference and the other method's draw.
  program.set("u_model", glm::mat4(1.0f));
  program.set("u_normal_matrix", glm::mat4(1.0f));
  program.set("u_view_projection", glm::mat4(1.0f));
  glEnable(GL_RASTERIZER_DISCARD);
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback_buffer_, 0,
                    static_cast<GLsizeiptr>(bytes));
  glBindVertexArray(mesh.vertex_array());
  // Points, without the index buffer: each vertex is captured exactly once, in vertex order.
  glBeginTransformFeedback(GL_POINTS);
  glDrawArraysInstanced(GL_POINTS, 0, mesh.vertex_count(), instance_count);
  glEndTransformFeedback();
  glBindVertexArray(0);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
  glDisable(GL_RASTERIZER_DISCARD);
}

void SkinnedMeshRenderer::set_material(const ShaderProgram& program, const GpuMesh& mesh,
                                       const MeshDrawOptions& options, int textures) {
  const SurfaceMaterial& m = options.material;
  program.set("u_base_color", m.base_color);
  program.set("u_metallic", m.metallic);
  program.set("u_roughness", m.roughness);
  program.set("u_normal_scale", m.normal_scale);
  program.set("u_occlusion_strength", m.occlusion_strength);
  program.set("u_emissive", m.emissive);
  program.set("u_alpha_mode", static_cast<int>(m.alpha_mode));
  program.set("u_alpha_cutoff", m.alpha_cutoff);
  program.set("u_has_vertex_colors", mesh.has_colors() ? 1 : 0);
  program.set("u_has_tangents", mesh.has_uvs() ? 1 : 0);  // GpuMesh makes them with UVs
  program.set("u_fade_radius_m", options.fade_radius_m);
  program.set("u_fade_center", options.fade_center);
  const Texture2D* bound[5] = {m.base_color_texture, m.metallic_roughness_texture, m.normal_texture,
                               m.occlusion_texture, m.emissive_texture};
  for (unsigned unit = 0; unit < 5; ++unit) {
    if ((textures & (1 << unit)) != 0) bound[unit]->bind(unit);
  }
  program.set("u_uv_transforms", std::span<const glm::mat3>(m.uv_transforms));
}

void SkinnedMeshRenderer::set_lighting_uniforms(const ShaderProgram& program,
                                                const glm::mat4& view_projection) const {
  program.set("u_camera_position", eye_position(view_projection));
  program.set("u_light_direction", glm::normalize(lighting_.key_direction));
  program.set("u_light_radiance", lighting_.key_radiance);
  program.set("u_environment_intensity", lighting_.environment_intensity);
  program.set("u_exposure", lighting_.exposure);
  if (casts_shadows()) {
    program.set("u_light_view_projection", lighting_.shadow_map->light_view_projection());
    program.set("u_shadow_texel", lighting_.shadow_map->texel());
    lighting_.shadow_map->bind(kShadowMapUnit);
  }
}

std::string SkinnedMeshRenderer::draw(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
                                      const glm::mat4& view_projection,
                                      const MeshDrawOptions& options) {
  if (std::string error = check(mesh, palette, options.method, options.instance_count);
      !error.empty()) {
    return error;
  }
  const bool difference = options.color_mode == visual::MeshColoring::SkinningDifference;
  if (difference) {
    if (std::string error = check(mesh, palette, other(options.method), options.instance_count);
        !error.empty()) {
      return "difference view: " + error;
    }
    capture(mesh, palette, other(options.method), options.instance_count, options.morph_weights);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kReferenceSkinningBinding, feedback_buffer_);
  }
  const int textures = bound_textures(mesh, options.material);
  std::string error;
  const ShaderProgram* variant = surface_program(
      mesh_shader_variant(
          options.method, options.depth_only ? MeshPass::DepthOnly : MeshPass::Color,
          options.color_mode, options.shading, options.diffuse_only, textures, shadow_taps()),
      error);
  if (!variant) return error;
  const ShaderProgram& program = *variant;
  prepare(program, mesh, palette, options.method, options.morph_weights, options.instance_count);
  program.set("u_model", options.model);
  program.set("u_normal_matrix", glm::inverseTranspose(options.model));
  program.set("u_view_projection", view_projection);
  program.set("u_difference_full_scale_m", options.difference_full_scale_m);
  if (difference) program.set("u_vertex_count", mesh.vertex_count());
  set_material(program, mesh, options, textures);
  if (!options.depth_only) set_lighting_uniforms(program, view_projection);

  glEnable(GL_DEPTH_TEST);
  // Single-sided materials cull back faces (a mirroring placement turns the winding over);
  // double-sided ones are lit on the side the camera sees (mesh.frag).
  if (options.material.double_sided || options.wireframe) {
    glDisable(GL_CULL_FACE);
  } else {
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glFrontFace(glm::determinant(glm::mat3(options.model)) < 0.0f ? GL_CW : GL_CCW);
  }
  const bool blend = options.material.alpha_mode == SurfaceAlphaMode::Blend &&
                     !options.depth_only && options.color_mode == visual::MeshColoring::Material;
  if (blend) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
  }
  glPolygonMode(GL_FRONT_AND_BACK, options.wireframe ? GL_LINE : GL_FILL);
  glBindVertexArray(mesh.vertex_array());
  if (mesh.index_count() > 0) {
    glDrawElementsInstanced(GL_TRIANGLES, mesh.index_count(), GL_UNSIGNED_INT, nullptr,
                            options.instance_count);
  } else {
    glDrawArraysInstanced(GL_TRIANGLES, 0, mesh.vertex_count(), options.instance_count);
  }
  glBindVertexArray(0);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glDisable(GL_CULL_FACE);
  glFrontFace(GL_CCW);
  if (blend) {
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
  }
  return {};
}

std::string SkinnedMeshRenderer::capture_skinned_positions(const GpuMesh& mesh,
                                                           const SkinningPaletteBuffer& palette,
                                                           visual::SkinningChoice method,
                                                           std::span<glm::vec3> out_positions,
                                                           std::span<glm::vec3> out_normals,
                                                           std::span<const float> morph_weights) {
  const std::size_t n = static_cast<std::size_t>(mesh.vertex_count());
  if (n == 0 || out_positions.empty() || out_positions.size() % n != 0) {
    return "capture: " + std::to_string(out_positions.size()) +
           " output positions is not a positive multiple of the mesh's " + std::to_string(n) +
           " vertices";
  }
  if (!out_normals.empty() && out_normals.size() != out_positions.size()) {
    return "capture: output normals are neither empty nor as many as the positions";
  }
  const int instances = static_cast<int>(out_positions.size() / n);
  if (std::string error = check(mesh, palette, method, instances); !error.empty()) return error;
  capture(mesh, palette, method, instances, morph_weights);
  std::vector<float> captured(out_positions.size() * kCapturedFloats);
  glGetNamedBufferSubData(feedback_buffer_, 0,
                          static_cast<GLsizeiptr>(captured.size() * sizeof(float)),
                          captured.data());
  for (std::size_t v = 0; v < out_positions.size(); ++v) {
    const float* f = &captured[v * kCapturedFloats];
    out_positions[v] = {f[0], f[1], f[2]};
    if (!out_normals.empty()) out_normals[v] = {f[3], f[4], f[5]};
  }
  return {};
}

}  // namespace render
