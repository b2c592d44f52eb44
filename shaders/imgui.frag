#version 450 core
// Dear ImGui's fragments (ui/imgui_renderer.h): the vertex colour times the texture. Compiled
// with SOLID for the fills whose UVs all sit on the font atlas' white texel: the product is the
// colour itself, without the filtered read that costs a software renderer most of the pixel.
noperspective in vec2 v_uv;  // w = 1 (imgui.vert)
noperspective in vec4 v_color;

uniform sampler2D u_texture;

layout(location = 0) out vec4 o_color;

void main() {
#ifdef SOLID
  o_color = v_color;
#else
  o_color = v_color * texture(u_texture, v_uv.st);
#endif
}
