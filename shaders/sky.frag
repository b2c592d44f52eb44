#version 450 core
// The sky's colour, shaded per vertex by sky.vert.
noperspective in vec3 v_color;  // w = 1 (sky.vert)
out vec4 o_color;

void main() { o_color = vec4(v_color, 1.0); }
