#version 450 core
// Shading shared by both skinning shaders: a key light plus a sky/ground ambient term on the
// base colour (times the base colour texture when there is one), or a false colour instead of
// the base colour for the influence heatmap and the skinning difference view.

in vec3 v_world_position;
in vec3 v_normal;
in vec2 v_uv;
flat in int v_influence_count;
in float v_reference_distance;

// What decides the surface colour (render::ColorMode).
const int kColorBase = 0;
const int kColorInfluenceCount = 1;
const int kColorSkinningDifference = 2;

uniform int u_color_mode;
uniform vec4 u_base_color;
uniform bool u_has_base_color_texture;
layout(binding = 0) uniform sampler2D u_base_color_texture;
uniform vec3 u_light_direction;  // towards the light, world space, unit length
uniform float u_difference_full_scale_m;  // distance shown in full red

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

void main() {
  vec4 albedo = u_base_color;
  if (u_color_mode == kColorInfluenceCount) {
    albedo = vec4(influence_color(v_influence_count), 1.0);
  } else if (u_color_mode == kColorSkinningDifference) {
    albedo = vec4(difference_color(v_reference_distance), 1.0);
  } else if (u_has_base_color_texture) {
    albedo *= texture(u_base_color_texture, v_uv);
  }
  // Two-sided: thin meshes (capes, leaves) are lit on the side the camera sees.
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  const float diffuse = max(dot(n, u_light_direction), 0.0);
  const float sky = 0.5 + 0.5 * n.y;
  const vec3 ambient = mix(vec3(0.18, 0.16, 0.14), vec3(0.35, 0.38, 0.45), sky);
  o_color = vec4(albedo.rgb * (ambient + 0.75 * diffuse), albedo.a);
}
