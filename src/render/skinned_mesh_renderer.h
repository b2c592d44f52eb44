#pragma once
// Draws skinned meshes on the GPU with linear blend or dual-quaternion skinning, chosen per
// draw (the shaders are all loaded once, so switching reloads nothing), and captures the
// skinned vertices with transform feedback so tests can compare the GPU with the CPU reference.
//
// One frame of one character, as the viewer, the headless tools and the tests run it:
//   anim::skinning_matrices(model_pose, skeleton.inverse_bind, matrices);
//   palette.upload_matrices(matrices, joint_count);
//   (dual-quaternion method or difference view: anim::skinning_dual_quats(...) and
//    palette.upload_dual_quats(...) as well)
//   for each GpuMesh: renderer.draw(mesh, palette, projection * view, options);
// A crowd fills the palette with render::Crowd and draws with options.instance_count.

#include <algorithm>
#include <map>
#include <span>
#include <string>

#include <glm/glm.hpp>

#include "render/gpu_mesh.h"
#include "render/instance_morph_buffer.h"
#include "render/mesh_shader_variant.h"
#include "render/scene_lighting.h"
#include "render/shader_program.h"
#include "render/skinning_palette_buffer.h"
#include "render/surface_material.h"
#include "render/texture.h"

namespace render {

struct MeshDrawOptions {
  visual::SkinningChoice method = visual::SkinningChoice::Lbs;
  visual::MeshColoring color_mode = visual::MeshColoring::Material;
  bool wireframe = false;
  // Placement of the skinned mesh in the world, applied after skinning (normals take its
  // inverse transpose). Crowds bake each instance's placement into the palette instead.
  glm::mat4 model{1.0f};
  // Textures are used where the mesh has UVs (the normal map where it has tangents too).
  SurfaceMaterial material;
  ShadingMode shading = ShadingMode::Material;
  // Only depth, into the bound target (a shadow map's): alpha cut-outs still cut.
  bool depth_only = false;
  // Blends the surface into the sky's horizon beyond this distance (metres, in the ground
  // plane) from fade_center: the ground's far edge. 0: no fade.
  float fade_radius_m = 0.0f;
  // Lambert shading only: cheaper for rough surfaces that cover much of the picture.
  bool diffuse_only = false;
  glm::vec3 fade_center{0.0f};
  // Instances drawn, each with its own joints_per_instance block of the palette.
  int instance_count = 1;
  // The mesh's morph target weights, one per target (its slice of the instance's weights),
  // shared by every instance, or instance_count times that, instance-major (a crowd whose copies
  // play their own shapes); targets of non-zero weight (at most 64 per instance) morph the mesh
  // before skinning. Empty: none.
  std::span<const float> morph_weights;
  // For SkinningDifference: a vertex this far (metres) between its two skinnings is full red.
  float difference_full_scale_m = 0.02f;
};

class SkinnedMeshRenderer {
 public:
  SkinnedMeshRenderer() = default;
  SkinnedMeshRenderer(const SkinnedMeshRenderer&) = delete;
  SkinnedMeshRenderer& operator=(const SkinnedMeshRenderer&) = delete;
  ~SkinnedMeshRenderer();

  // Compiles the programs every draw starts from (both methods: the capture, the material, the
  // difference view and the depth-only variants; others compile on their first draw) from
  // shader_directory(). Returns "" or the first error, naming the shader file and line. Call it
  // again to reload edited shaders; on failure the programs loaded before are kept.
  std::string init();

  // Towards the key light, world space (normalized when drawn).
  void set_light_direction(const glm::vec3& direction) { lighting_.key_direction = direction; }
  // The key light, shadows, sky and exposure of the draws that follow.
  void set_lighting(const SceneLighting& lighting) { lighting_ = lighting; }
  const SceneLighting& lighting() const { return lighting_; }

  // Draws mesh skinned by the palette of options.method. The difference view needs both
  // palettes: it captures the other method's skinning first, then colours by the distance.
  // Returns "" or why nothing was drawn: programs not loaded (or the draw's variant failed to
  // compile), the method's palette not uploaded or with fewer joints per instance than the
  // mesh's skeleton, or fewer instances than asked.
  std::string draw(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
                   const glm::mat4& view_projection, const MeshDrawOptions& options);

  // Skins every vertex with method on the GPU and reads the model-space results back, through
  // transform feedback: out_positions gets vertex_count positions per instance (instance-major;
  // its size sets how many instances), out_normals the unit normals (or is empty to skip them).
  // morph_weights as MeshDrawOptions::morph_weights (one set, or one per instance). Returns "" or
  // the cause, as draw, plus sizes that do not fit the mesh.
  std::string capture_skinned_positions(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
                                        visual::SkinningChoice method,
                                        std::span<glm::vec3> out_positions,
                                        std::span<glm::vec3> out_normals = {},
                                        std::span<const float> morph_weights = {});

 private:
  // The vertex stage only, transform feedback of position and normal.
  ShaderProgram& capture_program(visual::SkinningChoice method) {
    return method == visual::SkinningChoice::Lbs ? lbs_capture_ : dual_quat_capture_;
  }
  // The variant's program, compiled on its first use; null (and error set) when it fails.
  const ShaderProgram* surface_program(const MeshShaderVariant& variant, std::string& error);
  std::string check(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
                    visual::SkinningChoice method, int instance_count);
  // Sets the skinning and morph uniforms of program and binds the palette for method and the
  // mesh's morph deltas.
  void prepare(const ShaderProgram& program, const GpuMesh& mesh,
               const SkinningPaletteBuffer& palette, visual::SkinningChoice method,
               std::span<const float> morph_weights, int instance_count);
  // The morph part of prepare: the active targets of the weights shared by all instances as
  // uniforms, or each instance's through instance_morphs_ (MeshDrawOptions::morph_weights).
  void set_morph_targets(const ShaderProgram& program, const GpuMesh& mesh,
                         std::span<const float> morph_weights, int instance_count);
  // Sets the material's uniforms and binds its textures (units 0-4), textures as
  // bound_textures says.
  static void set_material(const ShaderProgram& program, const GpuMesh& mesh,
                           const MeshDrawOptions& options, int textures);
  // Whether the lighting's shadow map is sampled.
  bool casts_shadows() const { return lighting_.shadow_map && lighting_.shadow_map->valid(); }
  // Comparisons per shadow lookup in the shader (MeshShaderVariant::shadow_taps): the lighting's,
  // at least one; 0 without a shadow map.
  int shadow_taps() const { return casts_shadows() ? std::max(lighting_.shadow_taps, 1) : 0; }
  // Sets the lighting uniforms for a picture seen through view_projection.
  void set_lighting_uniforms(const ShaderProgram& program, const glm::mat4& view_projection) const;
  // Captures instance_count instances into feedback_buffer_ (6 floats per vertex).
  void capture(const GpuMesh& mesh, const SkinningPaletteBuffer& palette,
               visual::SkinningChoice method, int instance_count,
               std::span<const float> morph_weights);

  ShaderProgram lbs_capture_;
  ShaderProgram dual_quat_capture_;
  std::map<MeshShaderVariant, ShaderProgram> surfaces_;  // with mesh.frag
  SceneLighting lighting_;
  InstanceMorphBuffer instance_morphs_;
  unsigned feedback_buffer_ = 0;
  std::size_t feedback_capacity_ = 0;  // bytes
};

}  // namespace render
