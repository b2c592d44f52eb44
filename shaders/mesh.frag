#version 450 core
// Surface shading shared by both skinning shaders. ColorMode Base shades the material as
// glTF's metallic-roughness model (the Khronos glTF Sample Viewer's BRDF: Lambert diffuse, GGX
// with height-correlated Smith visibility, Schlick Fresnel) under a key light with a shadow map
// and the built-in sky (lighting.glsl), then tone maps (ACES filmic) and encodes sRGB: the
// framebuffer is not an sRGB one. The other colour modes put a false colour in place of the
// base colour. Compiled with DEPTH_ONLY for the shadow pass (alpha cut-outs still cut).
//
// The choices a draw makes once for all its pixels are defines, not uniforms: COLOR_MODE,
// SHADING, DIFFUSE_ONLY, TEXTURES and SHADOW_TAPS (lighting.glsl), one program per set
// (render/mesh_shader_variant.h). A software renderer (Mesa's llvmpipe) runs both sides of every
// branch, each pixel paying for the paths not taken; constants let the compiler drop them.

in vec3 v_world_position;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_tangent;
in vec4 v_color;
flat in int v_influence_count;
in float v_reference_distance;

#include "lighting.glsl"

// What decides the surface colour (render::ColorMode).
const int kColorBase = 0;
const int kColorInfluenceCount = 1;
const int kColorSkinningDifference = 2;
// How a base-coloured surface is lit (render::ShadingMode).
const int kShadingMaterial = 0;
const int kShadingMatcap = 1;
const int kShadingClay = 2;
// render::SurfaceAlphaMode.
const int kAlphaOpaque = 0;
const int kAlphaMask = 1;
const int kAlphaBlend = 2;
// Bits of kTextures: which of the material's textures are bound.
const int kBaseColorTexture = 1;
const int kMetallicRoughnessTexture = 2;
const int kNormalTexture = 4;
const int kOcclusionTexture = 8;
const int kEmissiveTexture = 16;

const int kColorMode = COLOR_MODE;
const int kShading = SHADING;
const bool kDiffuseOnly = DIFFUSE_ONLY != 0;  // Lambert only (lighting.glsl's shade_diffuse)
const int kTextures = TEXTURES;
uniform vec4 u_base_color;
uniform float u_metallic;
uniform float u_roughness;
uniform float u_normal_scale;
uniform float u_occlusion_strength;
uniform vec3 u_emissive;
uniform int u_alpha_mode;
uniform float u_alpha_cutoff;
uniform bool u_has_vertex_colors;
uniform bool u_has_tangents;
// Blends the surface into the sky's horizon colour beyond this distance from u_fade_center
// (the ground's edge); 0: no fade.
uniform float u_fade_radius_m;
uniform vec3 u_fade_center;
layout(binding = 0) uniform sampler2D u_base_color_texture;
layout(binding = 1) uniform sampler2D u_metallic_roughness_texture;
layout(binding = 2) uniform sampler2D u_normal_texture;
layout(binding = 3) uniform sampler2D u_occlusion_texture;
layout(binding = 4) uniform sampler2D u_emissive_texture;
uniform float u_difference_full_scale_m;  // distance shown in full red
// Per texture unit, its coordinates' transform (KHR_texture_transform): uv' = M (u, v, 1).
uniform mat3 u_uv_transforms[5];

out vec4 o_color;

// 1 influence blue, then cyan, green, yellow, and orange to red for 5 to 8 influences.
vec3 influence_color(int count) {
  const vec3 colors[9] = vec3[](vec3(0.25), vec3(0.15, 0.3, 1.0), vec3(0.0, 0.8, 0.9),
                                vec3(0.1, 0.85, 0.2), vec3(0.95, 0.9, 0.1), vec3(1.0, 0.6, 0.1),
                                vec3(1.0, 0.4, 0.1), vec3(1.0, 0.2, 0.1), vec3(0.9, 0.0, 0.0));
  return colors[clamp(count, 0, 8)];
}

// Grey-blue where both skinnings agree, red at u_difference_full_scale_m apart or more.
vec3 difference_color(float distance_m) {
  const float t = clamp(distance_m / max(u_difference_full_scale_m, 1e-6), 0.0, 1.0);
  return mix(vec3(0.35, 0.4, 0.55), vec3(1.0, 0.05, 0.05), t);
}

bool has(int texture_bit) { return (kTextures & texture_bit) != 0; }

// The texture coordinates unit samples at.
vec2 uv(int unit) { return (u_uv_transforms[unit] * vec3(v_uv, 1.0)).xy; }

float base_alpha() {
  float alpha = u_base_color.a;
  if (has(kBaseColorTexture)) alpha *= texture(u_base_color_texture, uv(0)).a;
  if (u_has_vertex_colors) alpha *= v_color.a;
  return alpha;
}

// The shading normal: the interpolated normal facing the viewer on double-sided back faces,
// bent by the normal map through the tangent frame (bitangent = cross(n, t) * w, as glTF).
vec3 shading_normal(bool use_normal_map) {
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  if (use_normal_map && has(kNormalTexture) && u_has_tangents) {
    vec3 t = v_tangent.xyz - n * dot(n, v_tangent.xyz);
    if (dot(t, t) > 1e-12) {
      t = normalize(t);
      const vec3 b = cross(n, t) * (v_tangent.w < 0.0 ? -1.0 : 1.0) * (gl_FrontFacing ? 1.0 : -1.0);
      vec3 m = texture(u_normal_texture, uv(2)).xyz * 2.0 - 1.0;
      m.xy *= u_normal_scale;
      n = normalize(t * m.x + b * m.y + n * m.z);
    }
  }
  return n;
}

// A studio matcap without an image: a warm key from the upper left, a cool fill from below and
// a rim, all in view space, so the silhouette and its folds read the same from every side.
// Display colours (sRGB), not lit radiance.
vec3 matcap(vec3 n_world) {
  const vec3 to_eye = normalize(u_camera_position - v_world_position);
  const vec3 right = normalize(cross(vec3(0.0, 1.0, 0.0), to_eye) + vec3(1e-6, 0.0, 0.0));
  const vec3 up = cross(to_eye, right);
  const vec3 n = vec3(dot(n_world, -right), dot(n_world, up), dot(n_world, to_eye));
  const float key = max(dot(n, normalize(vec3(-0.5, 0.6, 0.7))), 0.0);
  const float fill = max(dot(n, normalize(vec3(0.4, -0.6, 0.5))), 0.0);
  const float rim = pow(1.0 - max(n.z, 0.0), 3.0);
  const float highlight = pow(key, 40.0);
  return vec3(0.12, 0.11, 0.10) + vec3(0.58, 0.50, 0.42) * key + vec3(0.10, 0.13, 0.18) * fill +
         vec3(0.22, 0.24, 0.27) * rim + vec3(0.3) * highlight;
}

void main() {
  const bool base_mode = kColorMode == kColorBase;
  const bool textured = base_mode && kShading == kShadingMaterial;
  float alpha = textured ? base_alpha() : u_base_color.a;
  if (u_alpha_mode == kAlphaMask) {
    if ((base_mode ? base_alpha() : 1.0) < u_alpha_cutoff) discard;
    alpha = 1.0;
  } else if (u_alpha_mode == kAlphaOpaque) {
    alpha = 1.0;
  }
#ifdef DEPTH_ONLY
  o_color = vec4(1.0);
#else
  vec3 color;
  if (!base_mode) {
    const vec3 false_color = kColorMode == kColorInfluenceCount
                                 ? influence_color(v_influence_count)
                                 : difference_color(v_reference_distance);
    // Plain lighting without tone mapping: false colours keep their exact hues.
    const vec3 n = shading_normal(false);
    const float diffuse = max(dot(n, u_light_direction), 0.0);
    const vec3 ambient = mix(vec3(0.18, 0.16, 0.14), vec3(0.35, 0.38, 0.45), 0.5 + 0.5 * n.y);
    o_color = vec4(false_color * (ambient + 0.75 * diffuse), 1.0);
    return;
  }
  if (kShading == kShadingMatcap) {
    o_color = vec4(clamp(matcap(shading_normal(false)), 0.0, 1.0), 1.0);
    return;
  }
  // Beyond the fade radius only the sky's horizon remains. A software renderer runs both sides
  // of a branch for every pixel, so both sides share one tone mapping and encoding at the end.
  const bool fades = u_fade_radius_m > 0.0;
  const float fade_distance = fades ? length(v_world_position.xz - u_fade_center.xz) : 0.0;
  const vec3 horizon = sky_radiance(vec3(0.0, 0.0, 1.0)) * u_environment_intensity;
  Surface s;
  if (kShading == kShadingClay) {
    s.base_color = vec3(0.36, 0.35, 0.34);
    s.metallic = 0.0;
    s.roughness = 0.7;
    s.occlusion = 1.0;
    s.emissive = vec3(0.0);
    s.normal = shading_normal(false);
  } else {
    vec4 base = u_base_color;
    if (has(kBaseColorTexture)) base *= texture(u_base_color_texture, uv(0));
    if (u_has_vertex_colors) base *= v_color;
    s.base_color = base.rgb;
    s.metallic = u_metallic;
    s.roughness = u_roughness;
    if (has(kMetallicRoughnessTexture)) {
      const vec4 mr = texture(u_metallic_roughness_texture, uv(1));
      s.roughness *= mr.g;
      s.metallic *= mr.b;
    }
    s.occlusion = 1.0;
    if (has(kOcclusionTexture)) {
      s.occlusion = 1.0 + u_occlusion_strength * (texture(u_occlusion_texture, uv(3)).r - 1.0);
    }
    s.emissive = u_emissive;
    if (has(kEmissiveTexture)) s.emissive *= texture(u_emissive_texture, uv(4)).rgb;
    s.normal = shading_normal(true);
  }
  const vec3 geometric_normal = normalize(v_normal) * (gl_FrontFacing ? 1.0 : -1.0);
  color = kDiffuseOnly ? shade_diffuse(s, v_world_position, geometric_normal)
                         : shade(s, v_world_position, geometric_normal);
  if (fades) {
    color = fade_distance >= u_fade_radius_m
                ? horizon
                : mix(color, horizon,
                      smoothstep(0.55 * u_fade_radius_m, u_fade_radius_m, fade_distance));
  }
  o_color = vec4(encode_srgb(tone_map(color)), alpha);
#endif
}
