// Lighting shared by the surface shaders (included by mesh.frag): glTF's metallic-roughness BRDF
// under a key light with a shadow map and a small procedural sky used as the image-based
// environment (hemisphere irradiance for diffuse; the sky blurred towards that irradiance by
// roughness for specular, with Karis' analytic split-sum term instead of a lookup table), then
// ACES filmic tone mapping and sRGB encoding. All colours are linear until encode_srgb.

uniform vec3 u_camera_position;
uniform vec3 u_light_direction;  // towards the key light, world space, unit length
uniform vec3 u_light_radiance;   // the key light's colour times intensity; 0 turns it off
uniform float u_environment_intensity;  // scales the sky's contribution
uniform float u_exposure;
// Comparisons per lookup of the key light's shadow map (1, 4 or 12, each a hardware 2x2 filtered
// one), 0 for none: a define of the including program (render/mesh_shader_variant.h); none
// without it. A constant, so the taps' loop unrolls.
#ifndef SHADOW_TAPS
#define SHADOW_TAPS 0
#endif
const bool kShadows = SHADOW_TAPS > 0;
uniform float u_shadow_texel;  // one shadow-map texel in its UV units
uniform mat4 u_light_view_projection;
layout(binding = 5) uniform sampler2DShadow u_shadow_map;

const float kPi = 3.14159265;

struct Surface {
  vec3 base_color;
  float metallic;
  float roughness;
  float occlusion;
  vec3 emissive;
  vec3 normal;  // unit, facing the viewer's side
};

// The sky: a soft blue zenith, a bright neutral horizon and a warm grey ground below, neutral
// enough on average not to tint the materials.
vec3 sky_radiance(vec3 d) {
  const vec3 zenith = vec3(0.42, 0.55, 0.78);
  const vec3 horizon = vec3(0.86, 0.87, 0.88);
  const vec3 ground = vec3(0.32, 0.30, 0.28);
  if (d.y >= 0.0) return mix(horizon, zenith, pow(d.y, 0.6));
  return mix(horizon, ground, pow(min(-d.y * 4.0, 1.0), 0.5));
}

// Cosine-weighted integral of sky_radiance over the hemisphere around n, divided by pi: a
// hemisphere light between the sky's and the ground's averages (close to the exact integral).
vec3 sky_irradiance(vec3 n) {
  const vec3 sky = vec3(0.62, 0.7, 0.83);
  const vec3 ground = vec3(0.42, 0.41, 0.40);
  return mix(ground, sky, 0.5 + 0.5 * n.y);
}

// Radiance of the sky pre-blurred for a lobe of this roughness.
vec3 sky_specular(vec3 r, float roughness) {
  return mix(sky_radiance(r), sky_irradiance(r), smoothstep(0.0, 0.8, roughness));
}

// Karis' fit of the split-sum environment BRDF: f0 scale and bias.
vec2 environment_brdf(float n_dot_v, float roughness) {
  const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
  const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
  const vec4 r = roughness * c0 + c1;
  const float a004 = min(r.x * r.x, exp2(-9.28 * n_dot_v)) * r.x + r.y;
  return vec2(-1.04, 1.04) * a004 + r.zw;
}

// 1 in light, 0 in shadow, soft at the edges: percentage-closer filtering of hardware-filtered
// comparisons on a disc. geometric_normal offsets the lookup against acne.
float key_light_visibility(vec3 position, vec3 geometric_normal) {
  if (!kShadows) return 1.0;
  const float n_dot_l = dot(geometric_normal, u_light_direction);
  const vec3 offset = geometric_normal * (0.02 * (1.0 - 0.7 * max(n_dot_l, 0.0)));
  const vec4 p = u_light_view_projection * vec4(position + offset, 1.0);
  vec3 c = p.xyz / p.w * 0.5 + 0.5;
  if (any(lessThan(c, vec3(0.0))) || any(greaterThan(c, vec3(1.0)))) return 1.0;
  c.z -= 0.0015;
  const vec2 disc[12] = vec2[](vec2(-0.326, -0.406), vec2(-0.840, -0.074), vec2(-0.696, 0.457),
                               vec2(-0.203, 0.621), vec2(0.962, -0.195), vec2(0.473, -0.480),
                               vec2(0.519, 0.767), vec2(0.185, -0.893), vec2(0.507, 0.064),
                               vec2(0.896, 0.412), vec2(-0.322, -0.933), vec2(-0.792, -0.598));
  if (SHADOW_TAPS <= 1) return texture(u_shadow_map, c);
  const float radius = 2.5 * u_shadow_texel;
  float lit = 0.0;
  for (int i = 0; i < SHADOW_TAPS; ++i) {
    lit += texture(u_shadow_map, vec3(c.xy + disc[i] * radius, c.z));
  }
  return lit / float(max(SHADOW_TAPS, 1));
}

// Outgoing radiance (linear) of surface s at position, lit by the key light and the sky.
vec3 shade(Surface s, vec3 position, vec3 geometric_normal) {
  const vec3 n = s.normal;
  const vec3 v = normalize(u_camera_position - position);
  const float n_dot_v = clamp(abs(dot(n, v)), 1e-4, 1.0);
  const float roughness = clamp(s.roughness, 0.03, 1.0);
  const float alpha = roughness * roughness;
  const vec3 f0 = mix(vec3(0.04), s.base_color, s.metallic);
  const vec3 diffuse_color = s.base_color * (1.0 - s.metallic);

  vec3 color = vec3(0.0);
  const vec3 l = u_light_direction;
  const float n_dot_l = dot(n, l);
  if (n_dot_l > 0.0 && dot(u_light_radiance, u_light_radiance) > 0.0) {
    const vec3 h = normalize(l + v);
    const float n_dot_h = max(dot(n, h), 0.0);
    const float v_dot_h = max(dot(v, h), 0.0);
    const vec3 fresnel = f0 + (1.0 - f0) * pow(1.0 - v_dot_h, 5.0);
    const float a2 = alpha * alpha;
    const float d_denominator = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
    const float distribution = a2 / (kPi * d_denominator * d_denominator);
    const float ggx_v = n_dot_l * sqrt(n_dot_v * n_dot_v * (1.0 - a2) + a2);
    const float ggx_l = n_dot_v * sqrt(n_dot_l * n_dot_l * (1.0 - a2) + a2);
    const float visibility = 0.5 / max(ggx_v + ggx_l, 1e-5);
    const vec3 diffuse = (1.0 - fresnel) * diffuse_color / kPi;
    const vec3 specular = fresnel * distribution * visibility;
    color += (diffuse + specular) * u_light_radiance * n_dot_l *
             key_light_visibility(position, geometric_normal);
  }
  const vec2 brdf = environment_brdf(n_dot_v, roughness);
  const vec3 r = reflect(-v, n);
  const vec3 ambient = diffuse_color * sky_irradiance(n) +
                       sky_specular(r, roughness) * (f0 * brdf.x + brdf.y);
  color += ambient * u_environment_intensity * s.occlusion;
  return color + s.emissive;
}

// Lambert only, for rough surfaces that fill the screen (the ground): the key light with its
// shadow and the sky's irradiance, without the specular terms' cost.
vec3 shade_diffuse(Surface s, vec3 position, vec3 geometric_normal) {
  const float n_dot_l = max(dot(s.normal, u_light_direction), 0.0);
  vec3 color = s.base_color * sky_irradiance(s.normal) * u_environment_intensity * s.occlusion;
  if (n_dot_l > 0.0) {
    color += s.base_color / kPi * u_light_radiance * n_dot_l *
             key_light_visibility(position, geometric_normal);
  }
  return color + s.emissive;
}

// Narkowicz's fit of the ACES filmic curve, after the exposure.
vec3 tone_map(vec3 color) {
  const vec3 x = color * u_exposure;
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

vec3 encode_srgb(vec3 linear) {
  return mix(linear * 12.92, 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055,
             step(vec3(0.0031308), linear));
}
