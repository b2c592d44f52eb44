#version 450 core
// The built-in sky as the background: the environment the surfaces are lit by (lighting.glsl),
// with the horizon continued below it so the ground's faded edge meets it without a seam.
// Shaded per vertex of a coarse grid over the viewport at the far plane: the sky is smooth, and
// without a GPU per-pixel work is what costs.

#include "lighting.glsl"

const int kColumns = 32;
const int kRows = 18;

uniform mat4 u_inverse_view_projection;

noperspective out vec3 v_color;  // w = 1: the same values, without the divide by w per pixel

void main() {
  const ivec2 corners[6] =
      ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(1, 1), ivec2(0, 0), ivec2(1, 1), ivec2(0, 1));
  const int quad = gl_VertexID / 6;
  const ivec2 cell = ivec2(quad % kColumns, quad / kColumns) + corners[gl_VertexID % 6];
  const vec2 ndc = vec2(cell) / vec2(kColumns, kRows) * 2.0 - 1.0;
  const vec4 far_point = u_inverse_view_projection * vec4(ndc, 1.0, 1.0);
  const vec3 direction = normalize(far_point.xyz / far_point.w - u_camera_position);
  const vec3 sky = sky_radiance(vec3(direction.x, max(direction.y, 0.0), direction.z));
  v_color = encode_srgb(tone_map(sky * u_environment_intensity));
  gl_Position = vec4(ndc, 1.0, 1.0);
}
