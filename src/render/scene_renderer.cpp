#include "render/scene_renderer.h"

#include <glad/gl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <span>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/terrain.h"
#include "render/background_cache.h"
#include "render/bone_axes.h"
#include "render/ground_grid.h"
#include "render/motion_trail.h"
#include "render/pixel_rect.h"
#include "render/post_process_debug.h"
#include "render/skeleton_overlay.h"
#include "render/viewport_split.h"

namespace render {
namespace {

constexpr float kTrailSeconds = 6.0f;
constexpr float kTerrainHalfExtent_m = 12.0f;
constexpr int kDividerWidth_px = 2;
// The flat ground reaches this far from the character (at least), fading into the sky.
constexpr float kGroundRadius_m = 12.0f;

// The flat ground's material: a neutral, rough grey that shows shadows and contacts.
render::SurfaceMaterial ground_material() {
  render::SurfaceMaterial m;
  m.base_color = {0.34f, 0.34f, 0.33f, 1.0f};
  m.roughness = 0.95f;
  return m;
}

// Without a GPU (Mesa's llvmpipe and softpipe) every pixel is shaded on the CPU: a smaller
// shadow map and fewer filtered taps keep the frame cheap.
bool software_renderer() {
  const char* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name && (std::strstr(name, "llvmpipe") || std::strstr(name, "softpipe"));
}

// The window pixels (inside viewport, grown by a pixel) around the count points point(i) seen
// by view_projection (none for no points), or nullopt when one of them is not in front of the
// camera.
template <typename PointAt>
std::optional<PixelRect> pixel_bounds(std::size_t count, const PointAt& point,
                                      const glm::mat4& view_projection, const PixelRect& viewport) {
  if (count == 0) return PixelRect{};
  glm::vec2 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec4 clip = view_projection * glm::vec4(point(i), 1.0f);
    if (clip.w <= 1e-6f) return std::nullopt;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    lo = glm::min(lo, ndc);
    hi = glm::max(hi, ndc);
  }
  const auto to_x = [&](float ndc) { return viewport.x + (ndc * 0.5f + 0.5f) * viewport.width; };
  const auto to_y = [&](float ndc) { return viewport.y + (ndc * 0.5f + 0.5f) * viewport.height; };
  const int right = viewport.x + viewport.width, top = viewport.y + viewport.height;
  const auto pixel = [](float p, int lo_px, int hi_px) {
    return static_cast<int>(std::clamp(p, static_cast<float>(lo_px), static_cast<float>(hi_px)));
  };
  const int x0 = pixel(std::floor(to_x(lo.x)) - 1.0f, viewport.x, right);
  const int y0 = pixel(std::floor(to_y(lo.y)) - 1.0f, viewport.y, top);
  const int x1 = pixel(std::ceil(to_x(hi.x)) + 1.0f, x0, right);
  const int y1 = pixel(std::ceil(to_y(hi.y)) + 1.0f, y0, top);
  return PixelRect{x0, y0, x1 - x0, y1 - y0};
}

template <std::size_t N>
std::optional<PixelRect> pixel_bounds(const std::array<glm::vec3, N>& points,
                                      const glm::mat4& view_projection, const PixelRect& viewport) {
  return pixel_bounds(
      N, [&](std::size_t i) { return points[i]; }, view_projection, viewport);
}

// The window pixels (inside viewport) that may see the flat ground at height 0 where the shadow
// map covers it: the box around the map's square cast on the ground, grown by the surface's
// normal offset (shaders/lighting.glsl, 2 cm) and a pixel. Elsewhere a lookup falls outside the
// map and the ground is lit: drawn without the lookups, the same pixels cost less. Empty when
// the box cannot be bounded (the light along the ground, a corner behind the camera): the
// caller then shades the whole ground with the map.
std::optional<PixelRect> shadow_on_ground(const glm::mat4& light_view_projection,
                                          const glm::mat4& view_projection,
                                          const PixelRect& viewport) {
  const glm::mat4 light_to_world = glm::inverse(light_view_projection);
  // The map's square grown by 5 cm: its x row's length is the map's units per metre.
  const glm::vec3 x_row(light_view_projection[0][0], light_view_projection[1][0],
                        light_view_projection[2][0]);
  const float reach = 1.0f + 0.05f * glm::length(x_row);
  std::array<glm::vec3, 4> on_ground;
  int i = 0;
  for (const glm::vec2 corner :
       {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
    const glm::vec4 n = light_to_world * glm::vec4(corner * reach, -1.0f, 1.0f);
    const glm::vec4 f = light_to_world * glm::vec4(corner * reach, 1.0f, 1.0f);
    const glm::vec3 a = glm::vec3(n) / n.w, b = glm::vec3(f) / f.w;
    if (std::abs(b.y - a.y) < 1e-6f) return std::nullopt;
    on_ground[i++] = a + (b - a) * (-a.y / (b.y - a.y));
  }
  return pixel_bounds(on_ground, view_projection, viewport);
}

// The window pixels (inside viewport) where the ground at height 0 may be shadowed by what lies
// in caster (a world box): the box cast along the light onto the ground. A shadow lookup reads
// texels up to 4 from its point (2.5 texels of disc, 1.4 of the 2x2 filter), and starts 2 cm
// above the ground (the normal offset), which the light carries sideways: the box grows by
// both, so outside the rectangle every texel read is the cleared far depth and the ground is
// lit, as without the lookups. nullopt when it cannot be bounded (the light along the ground,
// a corner behind the camera).
std::optional<PixelRect> caster_on_ground(const Box& caster, const glm::vec3& light_direction,
                                          float texel_m, const glm::mat4& view_projection,
                                          const PixelRect& viewport) {
  const glm::vec3 d = glm::normalize(light_direction);
  if (d.y < 1e-3f) return std::nullopt;
  const float sideways_m = 0.02f * glm::length(glm::vec2(d.x, d.z)) / d.y;
  const glm::vec3 grow(5.0f * texel_m + sideways_m + 0.01f);
  const Box grown{caster.min - grow, caster.max + grow};
  std::array<glm::vec3, 8> on_ground = corners(grown);
  for (glm::vec3& p : on_ground) p -= d * (p.y / d.y);
  return pixel_bounds(on_ground, view_projection, viewport);
}

// The window pixels (inside viewport) where the flat ground may be shadowed under lighting's
// shadow map (shadow_on_ground, cut to caster_on_ground where the caster is known); outside
// them the ground is lit, as without the lookups. nullopt when they cannot be bounded: the whole
// ground is then shaded with the map.
std::optional<PixelRect> shadowed_ground(const SceneLighting& lighting,
                                         const std::optional<Box>& caster,
                                         const glm::mat4& view_projection,
                                         const PixelRect& viewport) {
  const ShadowMap& map = *lighting.shadow_map;
  std::optional<PixelRect> shadowed =
      shadow_on_ground(map.light_view_projection(), view_projection, viewport);
  // The map's texel in metres: its x row's length is the map's clip units per metre.
  const glm::mat4& light = map.light_view_projection();
  const float texel_m =
      2.0f * map.texel() / glm::length(glm::vec3(light[0][0], light[1][0], light[2][0]));
  const std::optional<PixelRect> cast =
      caster ? caster_on_ground(*caster, lighting.key_direction, texel_m, view_projection, viewport)
             : std::nullopt;
  if (shadowed && cast) shadowed = intersection(*shadowed, *cast);
  return shadowed;
}

PixelRect current_viewport() {
  GLint v[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_VIEWPORT, v);
  return {v[0], v[1], v[2], v[3]};
}

// Draws the flat ground's quad; with a shadow map, the pixels the shadow cannot reach without
// its lookups (shadowed_ground), the same picture for less. Within the scissor box, when the
// caller set one.
void draw_flat_ground(SkinnedMeshRenderer& meshes, const GpuMesh& quad,
                      const SkinningPaletteBuffer& palette, const glm::mat4& view_projection,
                      const MeshDrawOptions& options, const std::optional<Box>& caster) {
  const SceneLighting lighting = meshes.lighting();
  const PixelRect viewport = current_viewport();
  const std::optional<PixelRect> shadowed =
      lighting.shadow_map && lighting.shadow_map->valid()
          ? shadowed_ground(lighting, caster, view_projection, viewport)
          : std::nullopt;
  if (!shadowed) {
    meshes.draw(quad, palette, view_projection, options);
    return;
  }
  // The same quad in each rectangle (the same pixels as one draw): with the shadow map inside
  // the shadow's box, without it in the bands around.
  const PixelRect& s = *shadowed;
  const GLboolean scissor_was_on = glIsEnabled(GL_SCISSOR_TEST);
  GLint scissor_box[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_SCISSOR_BOX, scissor_box);
  const PixelRect outer =
      scissor_was_on ? PixelRect{scissor_box[0], scissor_box[1], scissor_box[2], scissor_box[3]}
                     : viewport;
  glEnable(GL_SCISSOR_TEST);
  auto draw_in = [&](const PixelRect& rect) {
    if (rect.empty()) return;
    const PixelRect r = intersection(rect, outer);
    if (r.empty()) return;
    glScissor(r.x, r.y, r.width, r.height);
    meshes.draw(quad, palette, view_projection, options);
  };
  draw_in(s);
  SceneLighting unshadowed = lighting;
  unshadowed.shadow_map = nullptr;
  meshes.set_lighting(unshadowed);
  for (const PixelRect& band : outside(viewport, s)) draw_in(band);
  meshes.set_lighting(lighting);
  glScissor(scissor_box[0], scissor_box[1], scissor_box[2], scissor_box[3]);
  if (!scissor_was_on) glDisable(GL_SCISSOR_TEST);
}

}  // namespace

std::string SceneRenderer::init() {
  if (std::string e = meshes_.init(); !e.empty()) return e;
  if (std::string e = lines_.init(); !e.empty()) return e;
  if (std::string e = sky_.init(); !e.empty()) return e;
  if (std::string e = grid_.init(); !e.empty()) return e;
  software_ = software_renderer();
  shadow_map_size_ = software_ ? 1024 : 2048;
  shadow_taps_ = software_ ? 4 : 12;
  anim::SkinnedMesh ground;
  ground.name = "ground";
  ground.positions = {{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}};
  ground.normals.assign(4, glm::vec3(0, 1, 0));
  ground.indices = {0, 2, 1, 0, 3, 2};
  ground.joints0.assign(4, glm::uvec4(0));
  ground.weights0.assign(4, glm::vec4(1, 0, 0, 0));
  if (std::string e = ground_mesh_.upload(ground, 1); !e.empty()) return e;
  const glm::mat4 identity(1.0f);
  return terrain_palette_.upload_matrices({&identity, 1}, 1);
}

const std::vector<std::string>& SceneRenderer::set_character(const CharacterSource& character) {
  character_.upload(character);
  skinned_bounds_.build(character.meshes, character.joint_count);
  palette_box_ = compare_box_ = std::nullopt;
  mesh_materials_.clear();
  for (const anim::SkinnedMesh& mesh : character.meshes) mesh_materials_.push_back(mesh.material);
  const glm::vec3 min = character.rest_min, max = character.rest_max;
  const bool empty = min.x > max.x;
  character_center_ = empty ? glm::vec3(0.0f) : 0.5f * (min + max);
  character_radius_m_ = empty ? 1.0f : std::max(0.5f * glm::length(max - min), 0.05f);
  bone_axis_length_m_ = empty ? kBoneAxisHeightShare : bone_axis_length(min, max);
  trail_.clear();
  plants_.clear();
  return character_.warnings;
}

void SceneRenderer::show_recorded(const anim::StateHistory& history, int frame) {
  if (frame < 0 || frame >= history.size() || !history.has_pose(frame)) return;
  const int joints = static_cast<int>(history.model_pose(frame).size());
  palette_.upload_matrices(history.skinning_matrices(frame), joints);
  palette_box_ = skinned_bounds_.skinned(history.skinning_matrices(frame));
  palette_.upload_dual_quats(history.skinning_dual_quats(frame), history.skinning_stretch(frame),
                             history.skinning_has_stretch(frame), joints);
  recorded_model_pose_ = history.model_pose(frame);
}

void SceneRenderer::upload(const FrameView& frame, float dt_s) {
  recorded_model_pose_ = {};
  if (!frame.instance) return;
  const anim::CharacterInstance& p = *frame.instance;
  const int joints = static_cast<int>(frame.parents.size());
  if (frame.view.compare == visual::CompareMode::Clips && frame.clip_b) {
    const anim::CharacterInstance& b = *frame.clip_b;
    compare_palette_.upload_matrices(b.skinning_matrices(), joints);
    compare_box_ = skinned_bounds_.skinned(b.skinning_matrices());
    compare_palette_.upload_dual_quats(b.skinning_dual_quats(), b.skinning_stretch(),
                                       b.skinning_has_stretch(), joints);
  }
  if (frame.crowd) {
    crowd_error_ = crowd_.upload(*frame.crowd, true, true, palette_);
    palette_box_ = std::nullopt;
    return;
  }
  palette_.upload_matrices(p.skinning_matrices(), joints);
  palette_box_ = skinned_bounds_.skinned(p.skinning_matrices());
  palette_.upload_dual_quats(p.skinning_dual_quats(), p.skinning_stretch(),
                             p.skinning_has_stretch(), joints);
  // The trail follows the root's ground projection; plants mark where feet locked.
  const glm::vec3 root = p.world().translation;
  for (TrailPoint& t : trail_) t.age_s += dt_s;
  for (TrailPoint& t : plants_) t.age_s += dt_s;
  if (trail_.empty() || glm::length(trail_.back().position - root) > 0.02f) {
    trail_.push_back({root, 0.0f});
  }
  const anim::FootIkDebug& debug = p.foot_ik_debug();
  for (int leg = 0; leg < std::min(debug.leg_count, anim::kMaxFootIkLegs); ++leg) {
    const bool down = debug.feet[leg].in_contact;
    if (down && !foot_down_[leg]) plants_.push_back({debug.feet[leg].heel_ground, 0.0f});
    foot_down_[leg] = down;
  }
  while (!trail_.empty() && trail_.front().age_s > kTrailSeconds) trail_.pop_front();
  while (!plants_.empty() && plants_.front().age_s > kTrailSeconds) plants_.pop_front();
}

float SceneRenderer::ground_radius_m() const {
  // Without a GPU the ground is a patch around the character (every pixel of it costs); both
  // fade into the sky's horizon, which continues below it.
  return software_ ? 3.0f * character_radius_m_
                   : std::max(kGroundRadius_m, 6.0f * character_radius_m_);
}

void SceneRenderer::draw_ground(const anim::Terrain& terrain, const glm::vec3& center,
                                const glm::mat4& view_projection, const FrameView& frame) {
  const float radius_m = ground_radius_m();
  render::MeshDrawOptions options;
  options.material = ground_material();
  options.shading = frame.view.shading == render::ShadingMode::Matcap
                        ? render::ShadingMode::Clay
                        : render::ShadingMode::Material;
  options.fade_center = center;
  options.diffuse_only = true;  // a rough ground: specular would cost much and show little
  if (terrain.shape == anim::TerrainShape::Flat) {
    options.fade_radius_m = radius_m;
    options.model = glm::translate(glm::mat4(1.0f), glm::vec3(center.x, 0.0f, center.z)) *
                    glm::scale(glm::mat4(1.0f), glm::vec3(radius_m, 1.0f, radius_m));
    draw_flat_ground(meshes_, ground_mesh_, terrain_palette_, view_projection, options,
                     shadow_caster_);
    return;
  }
  options.fade_radius_m = kTerrainHalfExtent_m;
  const glm::vec2 center_xz(std::round(center.x), std::round(center.z));
  if (terrain != terrain_built_ || center_xz != terrain_center_) {
    const anim::TerrainMesh built =
        anim::build_terrain_mesh(terrain, center_xz, kTerrainHalfExtent_m, 96);
    anim::SkinnedMesh mesh;
    mesh.name = "terrain";
    mesh.positions = built.positions;
    mesh.normals = built.normals;
    mesh.indices = built.indices;
    mesh.joints0.assign(built.positions.size(), glm::uvec4(0));
    mesh.weights0.assign(built.positions.size(), glm::vec4(1, 0, 0, 0));
    terrain_mesh_.upload(mesh, 1);
    terrain_built_ = terrain;
    terrain_center_ = center_xz;
  }
  options.material.base_color = glm::vec4(0.36f, 0.38f, 0.34f, 1.0f);
  meshes_.draw(terrain_mesh_, terrain_palette_, view_projection, options);
}

void SceneRenderer::add_foot_debug(const anim::FootIkDebug& debug) {
  for (int leg = 0; leg < debug.leg_count; ++leg) {
    const anim::FootDebug& f = debug.feet[leg];
    const glm::vec4 probe_color =
        f.in_contact ? glm::vec4(0.2f, 1.0f, 0.3f, 1.0f) : glm::vec4(1.0f, 0.8f, 0.2f, 1.0f);
    lines_.add(f.heel_ground, f.heel_ground + f.ground_normal * 0.15f, probe_color);
    lines_.add(f.toe_ground, f.toe_ground + f.ground_normal * 0.15f, probe_color);
    lines_.add(f.heel_ground, f.toe_ground, probe_color);
    const glm::vec3 t = f.ankle_target;
    const glm::vec4 target_color(0.3f, 0.7f, 1.0f, 1.0f);
    lines_.add(t - glm::vec3(0.04f, 0, 0), t + glm::vec3(0.04f, 0, 0), target_color);
    lines_.add(t - glm::vec3(0, 0.04f, 0), t + glm::vec3(0, 0.04f, 0), target_color);
    lines_.add(t - glm::vec3(0, 0, 0.04f), t + glm::vec3(0, 0, 0.04f), target_color);
    if (f.locked) {
      const glm::vec3 l = f.locked_point;
      const glm::vec4 lock_color(1.0f, 0.3f, 0.3f, 1.0f);
      lines_.add(l + glm::vec3(-0.05f, 0.005f, -0.05f), l + glm::vec3(0.05f, 0.005f, 0.05f),
                 lock_color);
      lines_.add(l + glm::vec3(-0.05f, 0.005f, 0.05f), l + glm::vec3(0.05f, 0.005f, -0.05f),
                 lock_color);
    }
  }
}

void SceneRenderer::add_onion_skin(const FrameView& frame, const glm::mat4& world) {
  for (std::size_t i = 0; i < frame.onion_poses.size(); ++i) {
    // Past ghosts blue, future ghosts green, fading with distance from the playhead.
    const bool past = frame.onion_offsets_s[i] < 0.0f;
    const float distance = std::abs(frame.onion_offsets_s[i]) / frame.onion_reach_s;
    const float alpha = 0.85f - 0.6f * distance;
    const glm::vec4 color =
        past ? glm::vec4(0.35f, 0.6f, 1.0f, alpha) : glm::vec4(0.4f, 1.0f, 0.5f, alpha);
    render::add_skeleton(lines_, frame.onion_poses[i], frame.parents, world,
                         render::BoneStyle::Lines, color);
  }
}

void SceneRenderer::add_joint_inspection(const FrameView& frame, std::span<const glm::mat4> pose,
                                         const glm::mat4& world) {
  // Ticks a twelfth of the axes' length: seen at the character's scale, small beside its limbs.
  for (const MotionTrail& trail : frame.joint_trails) {
    add_motion_trail(lines_, trail, bone_axis_length_m_ / 12.0f);
  }
  if (frame.view.show_bone_axes) add_bone_axes(lines_, pose, world, bone_axis_length_m_);
}

std::string SceneRenderer::draw(const FrameView& frame) {
  background_kept_ = false;
  foreground_ = PixelRect{};
  const glm::mat4& view_projection = frame.view_projection;
  if (frame.view.compare == visual::CompareMode::Off) {
    return draw_view(frame, view_projection, ViewPart::Whole);
  }
  GLint viewport[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_VIEWPORT, viewport);
  const PixelRect whole{viewport[0], viewport[1], viewport[2], viewport[3]};
  const std::array<PixelRect, 2> halves = split_side_by_side(whole);
  std::string result;
  for (int side = 0; side < 2; ++side) {
    const PixelRect& half = halves[side];
    glViewport(half.x, half.y, half.width, half.height);
    const glm::mat4 half_vp = half_view_projection(view_projection, whole.width, half.width);
    std::string e = draw_view(frame, half_vp, side == 0 ? ViewPart::Left : ViewPart::Right);
    if (result.empty()) result = std::move(e);
  }
  glViewport(whole.x, whole.y, whole.width, whole.height);
  // The divider straddles the seam, over both halves, so each half keeps its exact width.
  glEnable(GL_SCISSOR_TEST);
  glScissor(halves[1].x - kDividerWidth_px / 2, whole.y, kDividerWidth_px, whole.height);
  glClearColor(0.62f, 0.64f, 0.68f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  return result;
}

void SceneRenderer::draw_shadow_map(const FrameView& frame,
                                    const render::SkinningPaletteBuffer& palette,
                                    const std::optional<render::Box>& caster, bool crowd) {
  shadow_caster_ = std::nullopt;
  // Crowds spread over the ground: their shadows would need a map of the whole crowd.
  if (crowd || !frame.instance || !frame.view.show_mesh) return;
  const glm::mat4 world = frame.instance->world_matrix();
  // The box holds linear blend skinning's vertices; dual quaternions may bulge out of it.
  if (caster && frame.view.skinning == visual::SkinningChoice::Lbs) {
    shadow_caster_ = transformed(*caster, world);
  }
  const glm::vec3 center = glm::vec3(world * glm::vec4(character_center_, 1.0f));
  // Limbs swing beyond the rest pose's box; the ground under the feet must be inside too.
  const float radius_m = 1.6f * character_radius_m_;
  if (!shadow_map_.begin(center, radius_m, meshes_.lighting().key_direction, shadow_map_size_)
           .empty()) {
    return;
  }
  render::MeshDrawOptions options;
  options.depth_only = true;
  options.method = frame.view.skinning;
  options.model = world;
  draw_character(palette, shadow_map_.light_view_projection(), options,
                 frame.instance->morph_weights());
  shadow_map_.end();
}

std::string SceneRenderer::draw_character(const render::SkinningPaletteBuffer& palette,
                                          const glm::mat4& view_projection,
                                          render::MeshDrawOptions options,
                                          std::span<const float> morph_weights,
                                          const anim::Crowd* crowd) {
  std::string result;
  blend_order_.clear();
  auto draw_mesh = [&](std::size_t i) {
    const int material = mesh_materials_[i];
    if (material >= 0 && material < static_cast<int>(character_.materials.size())) {
      options.material = character_.materials[material];
    } else {
      options.material = render::SurfaceMaterial{};
      options.material.base_color = glm::vec4(0.75f, 0.72f, 0.68f, 1.0f);
    }
    options.morph_weights =
        crowd ? crowd_morph_weights(i, *crowd) : character_.mesh_morph_weights(i, morph_weights);
    if (std::string e = meshes_.draw(character_.meshes[i], palette, view_projection, options);
        !e.empty()) {
      result = e;
    }
  };
  for (std::size_t i = 0; i < character_.meshes.size(); ++i) {
    if (character_.meshes[i].index_count() == 0) continue;
    const int material = mesh_materials_[i];
    const bool blended =
        !options.depth_only && material >= 0 &&
        material < static_cast<int>(character_.materials.size()) &&
        character_.materials[material].alpha_mode == render::SurfaceAlphaMode::Blend;
    if (blended) {
      blend_order_.push_back(i);
    } else {
      draw_mesh(i);
    }
  }
  // Blended meshes over what is behind them: the farthest first (by their centres' depth).
  const glm::mat4 to_clip = view_projection * options.model;
  auto depth = [&](std::size_t i) {
    const glm::vec4 c = to_clip * glm::vec4(character_.mesh_centers[i], 1.0f);
    return c.z / c.w;
  };
  std::stable_sort(blend_order_.begin(), blend_order_.end(),
                   [&](std::size_t a, std::size_t b) { return depth(a) > depth(b); });
  for (const std::size_t i : blend_order_) draw_mesh(i);
  return result;
}

std::span<const float> SceneRenderer::crowd_morph_weights(std::size_t i, const anim::Crowd& crowd) {
  crowd_morph_weights_.clear();
  for (const anim::CharacterInstance& copy : crowd.instances()) {
    const std::span<const float> weights = character_.mesh_morph_weights(i, copy.morph_weights());
    if (weights.empty()) return {};
    crowd_morph_weights_.insert(crowd_morph_weights_.end(), weights.begin(), weights.end());
  }
  return crowd_morph_weights_;
}

void SceneRenderer::draw_surroundings(const FrameView& frame, const anim::Terrain& terrain,
                                      const glm::mat4& view_projection,
                                      const render::SkinningPaletteBuffer& palette, bool crowd,
                                      bool clip_b, ViewPart part) {
  const glm::vec3 root = frame.instance ? frame.instance->world().translation : glm::vec3(0.0f);
  render::SceneLighting lighting;
  lighting.shadow_taps = shadow_taps_;
  meshes_.set_lighting(lighting);
  if (frame.view.show_ground && frame.view.shadows &&
      frame.view.shading != render::ShadingMode::Matcap && !(clip_b && !frame.clip_b)) {
    draw_shadow_map(frame, palette, clip_b ? compare_box_ : palette_box_, crowd);
    if (shadow_map_.valid()) lighting.shadow_map = &shadow_map_;
  }
  background_reused_ = false;
  // Where the character's shadow may fall: drawn every frame over a kept background. Unknown
  // (uneven ground takes the map everywhere): nothing is kept.
  std::optional<PixelRect> shadow_rect = PixelRect{};
  if (lighting.shadow_map) {
    shadow_rect =
        terrain.shape == anim::TerrainShape::Flat
            ? shadowed_ground(lighting, shadow_caster_, view_projection, current_viewport())
            : std::nullopt;
  }
  if (!keep_background_ || part != ViewPart::Whole || !shadow_rect ||
      !BackgroundCache::can_keep_bound_framebuffer()) {
    draw_background(frame, terrain, root, view_projection, lighting);
    return;
  }
  BackgroundKey key = current_background_key();
  key.view_projection = view_projection;
  key.ground_center = root;
  key.ground_radius_m = ground_radius_m();
  key.terrain = terrain;
  key.shading = static_cast<int>(frame.view.shading);
  key.show_ground = frame.view.show_ground;
  key.show_grid = frame.view.show_grid;
  switch (background_.plan(key)) {
    case BackgroundPlan::Draw:
      draw_background(frame, terrain, root, view_projection, lighting);
      return;
    case BackgroundPlan::DrawAndStore: {
      render::SceneLighting unshadowed = lighting;
      unshadowed.shadow_map = nullptr;
      draw_background(frame, terrain, root, view_projection, unshadowed);
      background_kept_ = background_.store(key);
      break;
    }
    case BackgroundPlan::Restore:
      background_.restore(key);
      background_reused_ = background_kept_ = true;
      break;
  }
  note_foreground(*shadow_rect);
  meshes_.set_lighting(lighting);
  if (shadow_rect->empty()) return;
  // The shadow's rectangle as a whole draw makes it: from the cleared viewport.
  glEnable(GL_SCISSOR_TEST);
  glScissor(shadow_rect->x, shadow_rect->y, shadow_rect->width, shadow_rect->height);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  draw_background(frame, terrain, root, view_projection, lighting);
  glDisable(GL_SCISSOR_TEST);
}

void SceneRenderer::draw_background(const FrameView& frame, const anim::Terrain& terrain,
                                    const glm::vec3& root, const glm::mat4& view_projection,
                                    const render::SceneLighting& lighting) {
  meshes_.set_lighting(lighting);
  // Uneven ground is the foot IK's terrain: it is drawn even without the ground and sky.
  if (frame.view.show_ground || terrain.shape != anim::TerrainShape::Flat) {
    draw_ground(terrain, root, view_projection, frame);
  }
  // After the opaque ground, which hides much of it; before the grid, which blends over it.
  if (frame.view.show_ground) sky_.draw(view_projection, lighting);
  // The grid follows the camera and lies on the terrain, whatever its shape.
  if (frame.view.show_grid) grid_.draw(terrain, view_projection);
}

void SceneRenderer::note_foreground(const std::optional<PixelRect>& drawn) {
  if (!background_kept_ || !foreground_) return;
  if (drawn) {
    foreground_ = bounding(*foreground_, *drawn);
  } else {
    foreground_.reset();
  }
}

std::optional<PixelRect> SceneRenderer::lines_pixels(const glm::mat4& view_projection) const {
  return pixel_bounds(
      lines_.point_count(), [&](std::size_t i) { return lines_.point(i); }, view_projection,
      current_viewport());
}

std::optional<PixelRect> SceneRenderer::box_pixels(const Box& box,
                                                   const glm::mat4& view_projection) const {
  return pixel_bounds(corners(box), view_projection, current_viewport());
}

std::optional<KeptFrame> SceneRenderer::kept_frame() const {
  if (!background_kept_ || !foreground_) return std::nullopt;
  return KeptFrame{background_.id(), *foreground_};
}

void SceneRenderer::draw_root_trail(const glm::mat4& view_projection) {
  for (std::size_t i = 1; i < trail_.size(); ++i) {
    const float fade = 1.0f - trail_[i].age_s / kTrailSeconds;
    lines_.add(trail_[i - 1].position + glm::vec3(0, 0.01f, 0),
               trail_[i].position + glm::vec3(0, 0.01f, 0), {1.0f, 0.85f, 0.2f, fade});
  }
  for (const TrailPoint& plant : plants_) {
    const float fade = 1.0f - plant.age_s / kTrailSeconds;
    const glm::vec3 c = plant.position + glm::vec3(0, 0.01f, 0);
    lines_.add(c - glm::vec3(0.06f, 0, 0), c + glm::vec3(0.06f, 0, 0), {0.3f, 0.9f, 1.0f, fade});
    lines_.add(c - glm::vec3(0, 0, 0.06f), c + glm::vec3(0, 0, 0.06f), {0.3f, 0.9f, 1.0f, fade});
  }
  note_foreground(lines_pixels(view_projection));
  lines_.draw(view_projection);
}

void SceneRenderer::add_overlays(const FrameView& frame, const anim::CharacterInstance& p,
                                 const glm::mat4& world, bool clip_b) {
  if (frame.view.show_skeleton) {
    render::add_skeleton(
        lines_, recorded_model_pose_.empty() ? p.model_pose() : recorded_model_pose_, frame.parents,
        world,
        frame.view.skeleton_octahedra ? render::BoneStyle::Octahedra : render::BoneStyle::Lines,
        {1.0f, 0.55f, 0.1f, 1.0f});
  }
  if (clip_b) return;
  if (frame.view.show_foot_ik_debug && frame.foot_ik) add_foot_debug(p.foot_ik_debug());
  if (frame.view.show_foot_ik_debug) {
    add_post_process_debug(lines_, p.post_process(), p.model_pose(), world);
    add_post_process_ghosts(lines_, p, frame.parents, world);
  }
  add_onion_skin(frame, world);
  add_joint_inspection(frame, recorded_model_pose_.empty() ? p.model_pose() : recorded_model_pose_,
                       world);
}

std::string SceneRenderer::draw_view(const FrameView& frame, const glm::mat4& view_projection,
                                     ViewPart part) {
  glEnable(GL_DEPTH_TEST);
  const anim::Terrain flat;
  const anim::Terrain& terrain = frame.terrain ? *frame.terrain : flat;
  // The right half of a clip comparison shows clip B (where the character stands, in place);
  // the trail, foot-IK debug and onion skin belong to the scene's own clip and stay on the left.
  const bool clip_b = part == ViewPart::Right && frame.view.compare == visual::CompareMode::Clips;
  const bool crowd = frame.crowd && !clip_b;
  const render::SkinningPaletteBuffer& palette = clip_b ? compare_palette_ : palette_;
  draw_surroundings(frame, terrain, view_projection, palette, crowd, clip_b, part);
  std::string result;
  if (clip_b && !frame.clip_b) return result;
  if (!frame.instance) return result;
  const anim::CharacterInstance& p = clip_b ? *frame.clip_b : *frame.instance;
  const glm::mat4 world = frame.instance->world_matrix();
  if (frame.view.show_mesh) {
    render::MeshDrawOptions options;
    options.method = frame.view.skinning;
    if (frame.view.compare == visual::CompareMode::Skinning && part != ViewPart::Whole) {
      options.method =
          part == ViewPart::Left ? visual::SkinningChoice::Lbs : visual::SkinningChoice::DualQuat;
    }
    options.color_mode = frame.view.coloring;
    options.shading = frame.view.shading;
    options.wireframe = frame.view.wireframe;
    options.model = crowd ? glm::mat4(1.0f) : world;  // crowds bake placement in the palette
    options.instance_count = crowd ? frame.crowd->count() : 1;
    if (crowd && !crowd_error_.empty()) result = crowd_error_;
    // The box holds linear blend skinning's vertices (not dual quaternions', nor a crowd's).
    note_foreground(!crowd && options.method == visual::SkinningChoice::Lbs && palette_box_
                        ? box_pixels(transformed(*palette_box_, world), view_projection)
                        : std::nullopt);
    if (std::string e = draw_character(palette, view_projection, options, p.morph_weights(),
                                       crowd ? frame.crowd : nullptr);
        !e.empty()) {
      result = e;
    }
  }
  if (frame.view.show_root_trail && !clip_b && frame.root_motion_applied) {
    draw_root_trail(view_projection);
  }
  add_overlays(frame, p, world, clip_b);
  note_foreground(lines_pixels(view_projection));
  lines_.draw(view_projection, false);  // the overlay shows through the mesh
  return result;
}

}  // namespace render
