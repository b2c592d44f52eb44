#version 450 core
// One triangle over the whole viewport at the far plane, for the sky behind the scene.
out vec2 v_ndc;

void main() {
  const vec2 corners[3] = vec2[](vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
  v_ndc = corners[gl_VertexID];
  gl_Position = vec4(v_ndc, 1.0, 1.0);
}
