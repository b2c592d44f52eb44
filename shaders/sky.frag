#version 450 core
// The built-in sky as the background: the environment the surfaces are lit by (lighting.glsl),
// with the horizon continued below it so the ground's faded edge meets it without a seam.
in vec2 v_ndc;

#include "lighting.glsl"

uniform mat4 u_inverse_view_projection;

out vec4 o_color;

void main() {
  const vec4 far_point = u_inverse_view_projection * vec4(v_ndc, 1.0, 1.0);
  const vec3 direction = normalize(far_point.xyz / far_point.w - u_camera_position);
  const vec3 sky = sky_radiance(vec3(direction.x, max(direction.y, 0.0), direction.z));
  o_color = vec4(encode_srgb(tone_map(sky * u_environment_intensity)), 1.0);
}
