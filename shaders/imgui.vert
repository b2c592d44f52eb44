#version 450 core
// Dear ImGui's vertices (ui/imgui_renderer.h): pixel positions through the orthographic
// projection, UV and colour passed on. The same computation as ImGui's OpenGL 3 backend.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;

uniform mat4 u_projection;

// Without perspective: the projection is orthographic (w = 1), where both interpolations give
// the same values, and a software renderer skips the divide by w for every pixel.
noperspective out vec2 v_uv;
noperspective out vec4 v_color;

void main() {
  v_uv = a_uv;
  v_color = a_color;
  gl_Position = u_projection * vec4(a_position.xy, 0.0, 1.0);
}
