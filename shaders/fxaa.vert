#version 450 core
// One triangle that covers the viewport, for the FXAA passes (render/fxaa.h), at the far plane:
// the edge pass's depth test passes where the edge test wrote a nearer depth, and puts back the
// far depth there.
noperspective out vec2 v_uv;  // w = 1: the same values, without the divide by w per pixel

void main() {
  const vec2 corner = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);  // (0,0), (2,0), (0,2)
  v_uv = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 1.0, 1.0);
}
